"""The statistics digest the index keeps per game: always what a fresh replay
of the ledger gives, whatever changed the game, and made again when stale."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import PRESETS, Hand, Rules
from scorekeeper.statistics import DIGEST_VERSION, GameDigest, GameRecord, digest, statistics
from scorekeeper.store import Store, open_store
from scorekeeper.store import store as store_module

from .helpers import assert_digests_match, reseal_index


def _digest(record: GameRecord) -> GameDigest:
    """A record the store made: its game is the digest kept in the index."""
    assert isinstance(record.game, GameDigest)
    return record.game


def test_a_digest_holds_the_facts_of_the_replay(store: Store) -> None:
    ann, bob = store.add_player("Ann"), store.add_player("Bob")
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=bob.id)
    store.record_hand(gid, Hand.gin(ann.id, 30))  # 25 + 30
    store.record_hand(gid, Hand.draw())
    store.record_hand(gid, Hand.knock(bob.id, 9, 5))  # undercut: ann 4 + 10
    (record,) = store.review_records()
    d = record.game
    assert isinstance(d, GameDigest)
    assert d.players == (ann.id, bob.id)
    assert dict(d.names) == {ann.id: "Ann", bob.id: "Bob"}
    assert list(d.lines) == [0, 1, 55, -1, 4, 0, 0, 3, 14]
    assert list(d.columns) == [0, -1] and d.series == -1 and d.oklahoma is False
    stats = statistics(store.review_records())
    assert stats.player(ann.id).points_won == 69
    assert stats.player(bob.id).undercuts_suffered == 1


def test_digests_follow_every_kind_of_change(store: Store) -> None:
    ann, bob, cy = (store.add_player(n) for n in ("Ann", "Bob", "Cy"))
    std = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    holly = store.create_game("hollywood", [bob.id, ann.id], first_dealer=bob.id)
    three = store.create_game("three-hand", [ann.id, bob.id, cy.id], draw=["KS", "7H", "2C"])
    okla = store.create_game("standard", [cy.id, ann.id], "oklahoma", first_dealer=cy.id)
    rolling = store.create_game(
        "hollywood", [ann.id, cy.id], Rules(hollywood_rolling=True, target=60)
    )
    assert_digests_match(store)  # games with no hands yet

    store.record_hand(std, Hand.knock(ann.id, 5, 20))
    store.record_hand(std, Hand.gin(bob.id, 30))
    store.record_hand(std, Hand.draw())
    for hand in (Hand.knock(ann.id, 2, 12), Hand.gin(bob.id, 75), Hand.gin(bob.id, 75)):
        store.record_hand(holly, hand)
    store.record_hand(three, Hand.knock(ann.id, 4, 14))  # ann box, bob captain
    store.record_hand(three, Hand.knock(cy.id, 3, 23))
    store.record_hand(okla, Hand.knock(cy.id, 2, 10, upcard="5S"))  # spades double
    store.record_hand(okla, Hand.gin(ann.id, 10, upcard="AH"))
    for _ in range(3):
        store.record_hand(rolling, Hand.gin(cy.id, 40))  # closes columns, opens more
    assert_digests_match(store)
    assert len(store.review_records()) == 5

    store.undo(std)
    store.edit_hand(std, 0, Hand.knock(bob.id, 1, 40))  # now bob's hand
    store.edit_hand(three, 1, Hand.draw())
    store.revert_edit(three, 1)
    store.undo(holly)
    assert_digests_match(store)
    (std_record,) = [r for r in store.review_records() if r.id == std]
    assert list(_digest(std_record).lines) == [1, 0, 39, 1, 1, 55]


def test_renaming_changes_names_not_digests_and_merging_moves_seats(
    store: Store, data_dir: Path
) -> None:
    ann, bob, cy = (store.add_player(n) for n in ("Ann", "Bob", "Cy"))
    g1 = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    g2 = store.create_game("standard", [cy.id, bob.id], first_dealer=bob.id)
    store.record_hand(g1, Hand.gin(ann.id, 10))
    store.record_hand(g2, Hand.knock(cy.id, 3, 13))
    store.record_hand(g2, Hand.knock(bob.id, 3, 13))
    before = {r.id: _digest(r).to_doc() for r in store.review_records()}

    store.rename_player(ann.id, "Annie")
    assert statistics(store.review_records()).player(ann.id).name == "Annie"
    assert {r.id: _digest(r).to_doc() for r in store.review_records()} == before  # ids, not names
    assert_digests_match(store)

    store.merge_players(ann.id, cy.id)  # cy never played ann: cy's games become ann's
    records = {r.id: r.game for r in store.review_records()}
    assert records[g2].players == (ann.id, bob.id)
    assert dict(records[g2].names) == {ann.id: "Annie", bob.id: "Bob"}
    stats = statistics(store.review_records())
    assert cy.id not in stats.players
    assert stats.player(ann.id).hands_won == 2 and stats.player(ann.id).hands_played == 3
    assert_digests_match(store)
    store.close()
    with open_store(data_dir) as again:
        assert_digests_match(again)
        assert not again.check()


def test_imported_games_have_digests_and_deleted_ones_are_left_out(
    store: Store, tmp_path: Path
) -> None:
    ann, bob = store.add_player("Ann"), store.add_player("Bob")
    gid = store.create_game("hollywood", [ann.id, bob.id], first_dealer=ann.id)
    for hand in (Hand.knock(ann.id, 2, 12), Hand.gin(bob.id, 75), Hand.knock(ann.id, 1, 5)):
        store.record_hand(gid, hand)
    exported = store.export_json()
    store.undo(gid)
    with open_store(tmp_path / "other") as other:
        other.import_json(exported)
        assert_digests_match(other)
        (record,) = other.review_records()
        assert _digest(record).hand_count == 3
    store.import_json(exported)  # the hands undone here are not brought back ...
    assert_digests_match(store)
    other_gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    store.delete_game(other_gid)
    assert [r.id for r in store.review_records()] == [gid]
    store.restore_game(other_gid)
    assert sorted(r.id for r in store.review_records()) == sorted([gid, other_gid])
    assert_digests_match(store)


# --- on disk: versioned, made again when stale, checked -----------------------------------


def _index(data_dir: Path) -> dict[str, dict[str, Any]]:
    data = json.loads((data_dir / "index" / "b0.json").read_text(encoding="utf-8"))
    return {e["id"]: e for e in data["games"].values()}


def _rewrite_index(data_dir: Path, change: Any) -> None:
    path = data_dir / "index" / "b0.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["games"].values():
        change(entry)
    path.write_text(json.dumps(data), encoding="utf-8")
    reseal_index(data_dir)


def _age_game_files(data_dir: Path) -> None:
    """Make the game files old and the index newer, so the next opens trust
    the index (as on any later day; see index.py's racy margin)."""
    past = time.time() - 3600
    for path in (data_dir / "games").glob("*.json"):
        os.utime(path, (past, past))
    with open_store(data_dir):  # re-reads them (their fingerprints changed), writes the index
        pass
    with open_store(data_dir):  # and now trusts them
        pass


def _history(data_dir: Path) -> list[str]:
    with open_store(data_dir) as store:
        ann, bob, cy = (store.add_player(n) for n in ("Ann", "Bob", "Cy"))
        std = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        three = store.create_game("three-hand", [ann.id, bob.id, cy.id], draw=["2S", "7H", "KC"])
        store.record_hand(std, Hand.knock(ann.id, 5, 20))
        store.record_hand(std, Hand.gin(bob.id, 30))
        store.record_hand(three, Hand.knock(cy.id, 4, 14))
        store.record_hand(three, Hand.gin(ann.id, 20))  # cy box, ann captain now
    _age_game_files(data_dir)
    return [std, three]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda e: e.pop("digest"), id="missing"),
        pytest.param(lambda e: e["digest"].update(v=DIGEST_VERSION - 1), id="older version"),
        pytest.param(lambda e: e["digest"].update(v=DIGEST_VERSION + 1), id="other version"),
        pytest.param(lambda e: e["digest"].update(hands=99), id="not of its hands"),
    ],
)
def test_a_stale_digest_is_made_again_at_open_and_written(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, damage: Any
) -> None:
    ids = _history(data_dir)
    good = {gid: e["digest"] for gid, e in _index(data_dir).items()}
    assert {d["v"] for d in good.values()} == {DIGEST_VERSION}
    _rewrite_index(data_dir, damage)
    replays: list[str] = []
    real = store_module._Shared.replay_digest

    def counting(self: Any, game_id: str) -> dict[str, Any] | None:
        replays.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(store_module._Shared, "replay_digest", counting)
    with open_store(data_dir) as store:
        assert replays == []  # opening reads no block of the index
        assert_digests_match(store)
        assert sorted(replays) == sorted(ids)  # when read, by replaying the ledgers
    assert {gid: e["digest"] for gid, e in _index(data_dir).items()} == good  # and written
    replays.clear()
    with open_store(data_dir) as store:
        store.review_records()
    assert replays == []  # so the next open replays nothing


def test_read_only_makes_stale_digests_in_memory(data_dir: Path) -> None:
    _history(data_dir)
    _rewrite_index(data_dir, lambda e: e.pop("digest"))
    with open_store(data_dir, read_only=True) as store:
        assert_digests_match(store)
    assert all("digest" not in e for e in _index(data_dir).values())  # nothing written


def test_a_damaged_digest_is_made_again_when_read(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    std, _ = _history(data_dir)

    def damage(entry: dict[str, Any]) -> None:
        if entry["id"] == std:
            entry["digest"]["lines"][0] = 7  # no such seat (the version and count look right)

    _rewrite_index(data_dir, damage)
    with open_store(data_dir) as store:
        replays: list[str] = []
        real = store._s.replay_digest

        def counted(gid: str) -> dict[str, Any] | None:
            replays.append(gid)
            return real(gid)

        monkeypatch.setattr(store._s, "replay_digest", counted)
        assert_digests_match(store)
        assert replays == [std]


def test_check_finds_a_digest_that_disagrees_with_the_hands(data_dir: Path) -> None:
    std, three = _history(data_dir)

    def lie(entry: dict[str, Any]) -> None:
        if entry["id"] == std:
            entry["digest"]["lines"][2] += 100  # well formed, current, but not the replay

    _rewrite_index(data_dir, lie)
    with open_store(data_dir) as store:
        problems = store.check()
        assert len(problems) == 1 and "statistics digest" in problems[0], problems
        assert store._s.index.entries[three]["digest"] == digest(store.game(three)).to_doc()


def test_recording_a_hand_keeps_the_digest_current_without_replaying_others(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    std, _ = _history(data_dir)
    with open_store(data_dir) as store:
        monkeypatch.setattr(store._s, "replay_digest", lambda gid: pytest.fail(f"replayed {gid}"))
        ann = store.summary(std).player_ids[0]
        store.record_hand(std, Hand.knock(ann, 2, 9))
        (record,) = [r for r in store.review_records() if r.id == std]
        assert list(_digest(record).lines)[-3:] == [0, 0, 7]
        assert _digest(record).hand_count == 3
    with open_store(data_dir) as store:
        assert_digests_match(store)


def test_the_oklahoma_filter_reads_the_digest(store: Store) -> None:
    from scorekeeper.statistics import Filter

    ann, bob = store.add_player("Ann"), store.add_player("Bob")
    okla = store.create_game("standard", [ann.id, bob.id], PRESETS["oklahoma"], first_dealer=ann.id)
    plain = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    store.record_hand(okla, Hand.gin(ann.id, 10, upcard="AS"))  # spade: doubled
    store.record_hand(plain, Hand.gin(bob.id, 10))
    records = store.review_records()
    only = statistics(records, Filter(oklahoma=True))
    assert only.games == 1 and only.player(ann.id).points_won == 70
    assert statistics(records, Filter(oklahoma=False)).player(bob.id).points_won == 35


def test_the_check_command_fails_on_a_digest_that_disagrees(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scorekeeper.store.cli import main

    std, _ = _history(data_dir)
    assert main(["check", "--data-dir", str(data_dir)]) == 0
    assert "all good" in capsys.readouterr().out

    def lie(entry: dict[str, Any]) -> None:
        if entry["id"] == std:
            entry["digest"]["columns"] = [1, 0]  # says ann won the game

    _rewrite_index(data_dir, lie)
    assert main(["check", "--data-dir", str(data_dir)]) == 1
    out = capsys.readouterr().out
    assert "the statistics digest does not match a replay of the hands" in out
    assert "1 problem found" in out
