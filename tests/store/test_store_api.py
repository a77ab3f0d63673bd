"""The public API: players, games, the ledger with its audit trail, listing, the bin."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.engine import PRESETS, Hand, RuleError
from scorekeeper.store import (
    GameSummary,
    Player,
    Store,
    StoreError,
    default_data_dir,
    open_store,
)

# --- where data lives --------------------------------------------------------------


def test_default_data_dir_prefers_flet_then_scorekeeper_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "sk"))
    assert default_data_dir() == tmp_path / "sk"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert default_data_dir() == tmp_path / "flet"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    monkeypatch.delenv("SCOREKEEPER_DATA")
    assert default_data_dir().name == "gin-scorekeeper"


def test_open_store_without_a_folder_uses_the_default(tmp_path: Path) -> None:
    with open_store() as store:  # SCOREKEEPER_DATA points into tmp_path (conftest)
        assert store.data_dir == (tmp_path / "default-data").resolve()
        assert (tmp_path / "default-data" / "players.json").exists()


# --- players ---------------------------------------------------------------------


def test_players_are_sorted_unique_and_keep_their_id(store: Store) -> None:
    bob = store.add_player("  Bob  ")
    ann = store.add_player("Ann")
    assert bob.name == "Bob"
    assert [p.name for p in store.players()] == ["Ann", "Bob"]
    with pytest.raises(StoreError, match="already a player called Ann"):
        store.add_player("ann")
    with pytest.raises(StoreError, match="needs a name"):
        store.add_player("   ")
    with pytest.raises(StoreError, match="too long"):
        store.add_player("x" * 41)
    renamed = store.rename_player(ann.id, "Annie")
    assert renamed == Player(ann.id, "Annie", False)
    assert store.player(ann.id).name == "Annie"
    with pytest.raises(StoreError, match="already a player called Bob"):
        store.rename_player(ann.id, "BOB")
    with pytest.raises(StoreError, match="no player"):
        store.player("nobody")


def test_hidden_players_leave_the_list_and_free_their_name(store: Store) -> None:
    ann = store.add_player("Ann")
    store.hide_player(ann.id)
    assert store.players() == []
    assert store.players(include_hidden=True) == [Player(ann.id, "Ann", True)]
    ann2 = store.add_player("Ann")  # a new, different Ann
    with pytest.raises(StoreError, match="already a player called Ann"):
        store.hide_player(ann.id, hidden=False)
    store.rename_player(ann.id, "Ann (old)")
    assert store.hide_player(ann.id, hidden=False).hidden is False
    assert {p.id for p in store.players()} == {ann.id, ann2.id}


def test_merge_players_moves_every_game(store: Store, ann_bob: tuple[Player, Player]) -> None:
    ann, bob = ann_bob
    annie = store.add_player("Annie")
    g1 = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    g2 = store.create_game("standard", [annie.id, bob.id], first_dealer=bob.id)
    store.record_hand(g2, Hand.knock(annie.id, 2, 30))
    with pytest.raises(StoreError, match="played against each other"):
        store.merge_players(ann.id, bob.id)
    kept = store.merge_players(ann.id, annie.id)
    assert kept == store.player(ann.id)
    assert store.player(annie.id) == kept  # the old id still finds the person
    assert [p.name for p in store.players(include_hidden=True)] == ["Ann", "Bob"]
    game = store.game(g2)
    assert game.players == (ann.id, bob.id)
    assert game.standings.totals == {ann.id: 28, bob.id: 0}
    assert {s.id for s in store.list_games(player_id=ann.id)} == {g1, g2}
    assert {s.id for s in store.list_games(player_id=annie.id)} == {g1, g2}
    # a hand naming the merged id still lands on the kept player
    store.record_hand(g2, Hand.knock(annie.id, 2, 30))
    assert store.game(g2).standings.totals[ann.id] == 56
    assert store.check() == []


# --- games and the ledger --------------------------------------------------------------


def test_create_game_is_checked_by_the_engine(store: Store, ann_bob: tuple[Player, Player]) -> None:
    ann, bob = ann_bob
    with pytest.raises(RuleError, match="needs 2 different players"):
        store.create_game("standard", [ann.id, ann.id])
    with pytest.raises(RuleError, match="unknown format"):
        store.create_game("poker", [ann.id, bob.id])
    with pytest.raises(RuleError, match="unknown preset"):
        store.create_game("standard", [ann.id, bob.id], "nonsense")
    with pytest.raises(StoreError, match="no player"):
        store.create_game("standard", [ann.id, "ghost"])
    cy = store.add_player("Cy")
    with pytest.raises(RuleError, match="both drew a 7"):
        store.create_game("three-hand", [ann.id, bob.id, cy.id], draw=["7S", "7H", "2C"])
    assert store.list_games() == []


def test_game_replays_with_ids_and_current_names(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], "classic", first_dealer=bob.id)
    game = store.record_hand(gid, Hand.knock(bob.id, 4, 30))
    assert game.standings.totals == {ann.id: 0, bob.id: 26}
    store.rename_player(bob.id, "Robert")
    again = store.game(gid)
    assert again.players == (ann.id, bob.id)
    assert again.names[bob.id] == "Robert"
    assert again.rules == PRESETS["classic"]
    assert again.standings.next_dealer == bob.id
    assert store.list_games()[0].player_names == ("Ann", "Robert")


def test_a_refused_hand_stores_nothing(
    store: Store, ann_bob: tuple[Player, Player], data_dir: Path
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id])
    store.record_hand(gid, Hand.knock(ann.id, 3, 20))
    before = (data_dir / "games" / f"{gid}.json").read_bytes()
    with pytest.raises(RuleError, match="can't knock with 12"):
        store.record_hand(gid, Hand.knock(ann.id, 12, 20))
    with pytest.raises(RuleError, match="not a hand"):
        store.record_hand(gid, "gin")  # type: ignore[arg-type]
    assert (data_dir / "games" / f"{gid}.json").read_bytes() == before
    assert len(store.game(gid).hands) == 1


def test_a_finished_game_refuses_more_hands(store: Store, ann_bob: tuple[Player, Player]) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id])
    store.record_hand(gid, Hand.gin(ann.id, 30))
    assert store.list_games(finished=True) == []
    store.record_hand(gid, Hand.gin(ann.id, 30))
    [summary] = store.list_games(finished=True)
    assert summary.winner_id == ann.id and summary.finished_at is not None
    with pytest.raises(RuleError, match="this game is over"):
        store.record_hand(gid, Hand.gin(bob.id, 30))
    store.undo(gid)  # reopens it
    [summary] = store.list_games(finished=False)
    assert summary.finished_at is None and summary.winner_id is None


def test_undo_and_edit_keep_an_audit_trail(store: Store, ann_bob: tuple[Player, Player]) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    first, second = Hand.knock(ann.id, 3, 20), Hand.gin(bob.id, 10)
    store.record_hand(gid, first)
    store.record_hand(gid, second)
    assert store.undo(gid).hands == (first,)
    assert store.hand_versions(gid, 1)[0][0] == second
    assert store.hand_versions(gid, 1)[0][2] is True  # kept, superseded

    fixed = Hand.knock(ann.id, 2, 20)
    game = store.edit_hand(gid, 0, fixed)
    assert game.hands == (fixed,) and game.standings.totals[ann.id] == 18
    versions = store.hand_versions(gid, 0)
    assert [(h, sup) for h, _, sup in versions] == [(first, True), (fixed, False)]
    assert versions[0][1] <= versions[1][1]
    assert all(t.tzinfo is not None for _, t, _ in versions)

    better = Hand.knock(ann.id, 1, 20)
    store.edit_hand(gid, 0, better)
    assert store.revert_edit(gid, 0).hands == (fixed,)
    assert store.revert_edit(gid, 0).hands == (first,)
    with pytest.raises(StoreError, match="never edited"):
        store.revert_edit(gid, 0)
    assert len(store.hand_versions(gid, 0)) == 3
    assert store.game(gid).hands == (first,)
    with pytest.raises(RuleError, match="no hand 5"):
        store.edit_hand(gid, 4, fixed)
    with pytest.raises(RuleError, match="no hand to undo"):
        store.undo(gid)
        store.undo(gid)
    assert store.check() == []


def test_an_edit_that_breaks_a_later_hand_is_refused(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], PRESETS["seed"].replace(target=60))
    store.record_hand(gid, Hand.knock(ann.id, 2, 30))
    store.record_hand(gid, Hand.knock(bob.id, 2, 30))
    with pytest.raises(RuleError, match=r"hand 2 .*this game is over"):
        store.edit_hand(gid, 0, Hand.gin(ann.id, 40))
    assert len(store.hand_versions(gid, 0)) == 1


def test_three_hand_and_hollywood_summaries(store: Store, ann_bob: tuple[Player, Player]) -> None:
    ann, bob = ann_bob
    cy = store.add_player("Cy")
    t = store.create_game("three-hand", [ann.id, bob.id, cy.id], draw=["KS", "7H", "2C"])
    store.record_hand(t, Hand.knock(bob.id, 2, 12))
    game = store.game(t)
    assert game.standings.roles is not None and game.standings.roles.box == bob.id
    h = store.create_game("hollywood", [ann.id, bob.id])
    for hand in [
        Hand.knock(bob.id, 5, 15),
        Hand.knock(ann.id, 2, 20),
        Hand.knock(bob.id, 1, 31),
        Hand.knock(bob.id, 3, 7),
    ]:
        store.record_hand(h, hand)
    summary = store.summary(h)
    assert summary.column_totals == {ann.id: (18, 0, 0), bob.id: (44, 34, 4)}
    assert summary.totals == {ann.id: 18, bob.id: 82}
    assert summary.rules_name == "seed" and summary.hand_count == 4


def test_persists_across_reopen(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], PRESETS["oklahoma"])
        store.record_hand(gid, Hand.knock(ann.id, 3, 25, upcard="7S"))
    with open_store(data_dir) as store:
        assert store.game(gid).standings.totals[ann.id] == 44
        [s] = store.list_games()
        assert s.totals[ann.id] == 44 and s.rules_name == "oklahoma"
        assert store.notices == []


# --- listing ----------------------------------------------------------------------


def test_list_games_filters(store: Store, ann_bob: tuple[Player, Player]) -> None:
    ann, bob = ann_bob
    cy = store.add_player("Cy")
    g1 = store.create_game("standard", [ann.id, bob.id])
    g2 = store.create_game("hollywood", [ann.id, cy.id])
    g3 = store.create_game("standard", [bob.id, cy.id], PRESETS["seed"].replace(target=1))
    store.record_hand(g3, Hand.knock(bob.id, 1, 2))

    def ids(summaries: list[GameSummary]) -> list[str]:
        return [s.id for s in summaries]

    assert ids(store.list_games()) == [g3, g2, g1]  # newest first
    assert ids(store.list_games(finished=True)) == [g3]
    assert ids(store.list_games(finished=False)) == [g2, g1]
    assert ids(store.list_games(player_id=cy.id)) == [g3, g2]
    assert ids(store.list_games(format="hollywood")) == [g2]
    created = store.summary(g2).created_at
    assert ids(store.list_games(since=created)) == [g3, g2]
    assert ids(store.list_games(until=created)) == [g1]
    later = datetime.now(UTC) + timedelta(days=1)
    assert store.list_games(since=later) == []
    assert store.summary(g3).rules_name is None  # not a preset


def test_the_bin(store: Store, ann_bob: tuple[Player, Player], data_dir: Path) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id])
    keep = store.create_game("standard", [ann.id, bob.id])
    store.delete_game(gid)
    assert [s.id for s in store.list_games()] == [keep]
    assert [s.deleted for s in store.list_games(include_deleted=True)] == [False, True]
    with pytest.raises(StoreError, match="was deleted"):
        store.record_hand(gid, Hand.knock(ann.id, 1, 2))
    store.restore_game(gid)
    store.record_hand(gid, Hand.knock(ann.id, 1, 2))
    store.delete_game(gid)
    assert store.purge_deleted() == 1
    assert store.purge_deleted() == 0
    assert not [p for p in (data_dir / "games").iterdir() if p.name.startswith(gid)]
    with pytest.raises(StoreError, match="no game"):
        store.game(gid)
    assert [s.id for s in store.list_games(include_deleted=True)] == [keep]


def test_unknown_and_unsafe_game_ids(store: Store) -> None:
    for bad in ("nope", "../players", "", "a/b"):
        with pytest.raises(StoreError, match="no game"):
            store.game(bad)


def test_read_only_on_a_missing_folder_creates_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path / "nothing", read_only=True) as store:
        assert store.players() == [] and store.list_games() == []
    assert not (tmp_path / "nothing").exists()


def test_check_finds_a_stored_summary_that_disagrees(
    store: Store, ann_bob: tuple[Player, Player], data_dir: Path
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id])
    store.record_hand(gid, Hand.knock(ann.id, 1, 9))
    path = data_dir / "games" / f"{gid}.json"
    data = json.loads(path.read_bytes())
    data["game"]["1"]["summary"]["totals"][ann.id] = 99
    path.write_text(json.dumps(data))
    [problem] = [p for p in store.check() if "stored totals" in p]
    assert "but the hands replay to" in problem and "Ann v Bob" in problem
    assert any("index is out of date" in p for p in store.check())


# --- one process, many sessions -------------------------------------------------------


def test_one_folder_is_one_store_per_process(data_dir: Path) -> None:
    with open_store(data_dir) as one, open_store(data_dir) as two:
        ann = one.add_player("Ann")
        assert two.player(ann.id) == ann
        with open_store(data_dir, read_only=True) as viewer:
            assert viewer.read_only and viewer.players() == [ann]
            with pytest.raises(StoreError, match="read-only"):
                viewer.add_player("Bob")
        one.close()
        assert two.players() == [ann]  # the other session is still open
        with pytest.raises(StoreError, match="closed"):
            one.players()


def test_sessions_writing_at_once_are_serialized(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        games = [store.create_game("standard", [ann.id, bob.id]) for _ in range(4)]
        shared_game = games[0]
        errors: list[BaseException] = []

        def session(n: int) -> None:
            try:
                with open_store(data_dir) as mine:
                    for _ in range(15):
                        mine.record_hand(shared_game, Hand.draw())
                        mine.record_hand(games[n], Hand.knock(ann.id, 1, 2))
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=session, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert len(store.game(shared_game).hands) == 4 * 15 + 15
        assert [len(store.game(g).hands) for g in games[1:]] == [15, 15, 15]
        assert store.check() == []


# --- damage at open ----------------------------------------------------------------


def test_a_damaged_game_file_is_restored_from_its_backup(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id])
        store.record_hand(gid, Hand.knock(ann.id, 1, 5))
        store.record_hand(gid, Hand.knock(ann.id, 1, 6))
    path = data_dir / "games" / f"{gid}.json"
    path.write_bytes(path.read_bytes()[:40])  # truncated
    (data_dir / "index" / "b0.json").unlink()  # make the open read the game file
    with open_store(data_dir) as store:
        assert len(store.game(gid).hands) == 1  # the backup: one hand ago
        [notice] = store.notices
        assert f"games/{gid}.json was damaged" in notice
        assert "restored the backup" in notice
        [aside] = (data_dir / "damaged").iterdir()
        assert aside.name.startswith(f"{gid}.json.")
        assert store.check() == []


def test_a_lost_players_file_is_rebuilt_from_the_games(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id])
    for p in data_dir.glob("players.json*"):
        p.unlink()
    with open_store(data_dir) as store:
        assert {p.id: p.name for p in store.players()} == {ann.id: "Ann", bob.id: "Bob"}
        assert "restored from the games" in store.notices[0]
        assert store.game(gid).names[ann.id] == "Ann"


def test_a_damaged_players_file_with_no_backup(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        store.create_game("standard", [ann.id, bob.id])
    for p in data_dir.glob("players.json.bak*"):
        p.unlink()
    (data_dir / "players.json").write_text("{}")  # parses, but has no version
    with open_store(data_dir) as store:
        assert "players.json was damaged (it has no data version)" in store.notices[0]
        assert {p.name for p in store.players()} == {"Ann", "Bob"}
        assert list((data_dir / "damaged").iterdir())


# --- the index is a cache ----------------------------------------------------------


def test_the_index_is_rebuilt_when_lost_damaged_or_stale(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gids = [store.create_game("standard", [ann.id, bob.id]) for _ in range(3)]
        store.record_hand(gids[0], Hand.knock(ann.id, 1, 5))
        expected = store.list_games()
    (data_dir / "index" / "b0.json").unlink()
    with open_store(data_dir) as store:
        assert store.list_games() == expected
        assert store.notices == []
    (data_dir / "index" / "b0.json").write_text("garbage")
    with open_store(data_dir) as store:
        assert store.list_games() == expected
    # A stale index (an older copy) is corrected from the game files.
    stale = (data_dir / "index" / "b0.json").read_bytes()
    with open_store(data_dir) as store:
        store.record_hand(gids[1], Hand.knock(bob.id, 1, 5))
        store.record_hand(gids[1], Hand.knock(bob.id, 1, 5))
        expected = store.list_games()
    (data_dir / "index" / "b0.json").write_bytes(stale)
    with open_store(data_dir) as store:
        assert store.list_games() == expected
        assert store.summary(gids[1]).hand_count == 2


def test_the_index_is_not_rewritten_for_every_hand(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id])
        store.flush()
        before = (data_dir / "index" / "b0.json").stat().st_mtime_ns
        for _ in range(5):
            store.record_hand(gid, Hand.draw())
        assert (data_dir / "index" / "b0.json").stat().st_mtime_ns == before
    index = json.loads((data_dir / "index" / "b0.json").read_bytes())
    [entry] = index["games"].values()
    assert entry["hand_count"] == 5  # written at close


def test_a_game_file_from_a_newer_version_is_refused_not_repaired(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id])
    path = data_dir / "games" / f"{gid}.json"
    data = json.loads(path.read_bytes())
    data["game"]["1"] = {"schema": 7, "id": gid, "something": "new"}
    path.write_text(json.dumps(data))
    with open_store(data_dir) as store:
        with pytest.raises(StoreError, match="newer version"):
            store.game(gid)
        assert json.loads(path.read_bytes())["game"]["1"]["schema"] == 7
        assert not (data_dir / "damaged").exists()
