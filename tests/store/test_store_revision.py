"""Stale writes are refused (issue #8, section 1): every game has a revision,
every change bumps it, and a change based on another revision changes nothing."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.i18n import Translator
from scorekeeper.store import Player, StaleGameError, Store, StoreError, open_store
from scorekeeper.store.changes import KINDS, device_label, stale_message


def _files(data_dir: Path) -> dict[str, str]:
    """Every file of the folder that holds data (not the lock, not the index:
    a cache, written with its own time stamp), by its content's hash."""
    out = {}
    for p in sorted(data_dir.rglob("*")):
        if p.is_file() and p.name != ".lock" and p.relative_to(data_dir).parts[0] != "index":
            out[str(p.relative_to(data_dir))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


@pytest.fixture
def game(store: Store, ann_bob: tuple[Player, Player]) -> str:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    store.record_hand(gid, Hand.knock(ann.id, 3, 25))
    store.record_hand(gid, Hand.knock(bob.id, 2, 10))
    return gid


def test_every_change_moves_the_revision_and_never_back(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    seen = [store.revision(gid)]

    def step(change: Callable[[], object]) -> None:
        change()
        seen.append(store.revision(gid))

    step(lambda: store.record_hand(gid, Hand.knock(ann.id, 3, 25)))
    step(lambda: store.record_hand(gid, Hand.knock(bob.id, 2, 10)))
    step(lambda: store.undo(gid))
    step(lambda: store.record_hand(gid, Hand.knock(bob.id, 2, 10)))  # same ledger as before undo
    step(lambda: store.edit_hand(gid, 0, Hand.knock(ann.id, 4, 25)))
    step(lambda: store.revert_edit(gid, 0))
    step(lambda: store.delete_game(gid))
    step(lambda: store.restore_game(gid))
    carl = store.add_player("Carl")
    step(lambda: store.merge_players(carl.id, bob.id))
    assert seen == sorted(set(seen)), seen  # strictly increasing: never reused
    assert len(seen) == 10
    # A change that changes nothing keeps it.
    store.restore_game(gid)
    assert store.revision(gid) == seen[-1]
    store.rename_player(ann.id, "Anna")  # names are not stored in the game
    assert store.revision(gid) == seen[-1]


def test_the_revision_survives_a_reopen(data_dir: Path, game: str, store: Store) -> None:
    rev = store.revision(game)
    store.close()
    with open_store(data_dir, read_only=True) as again:
        assert again.revision(game) == rev
        assert again.game_with_revision(game)[1] == rev


def test_importing_hands_into_a_game_moves_its_revision(
    tmp_path: Path, store: Store, game: str
) -> None:
    ann, _ = store.players()
    exported = store.export_json()
    with open_store(tmp_path / "other") as other:
        other.import_json(exported)
        other.record_hand(game, Hand.knock(ann.id, 5, 30), device="the laptop")
        newer = other.export_json()
    rev = store.revision(game)
    store.import_json(newer)
    assert store.revision(game) == rev + 1
    with pytest.raises(StaleGameError) as info:
        store.undo(game, expect_revision=rev)
    assert str(info.value) == "Hands were imported into this game in the meantime."
    assert len(store.game(game).hands) == 3


def test_an_unknown_game_has_no_revision(store: Store) -> None:
    with pytest.raises(StoreError, match="there is no game"):
        store.revision("nosuchgame")
    with pytest.raises(StoreError, match="there is no game"):
        store.revision("../x")


STALE_CALLS: dict[str, Callable[[Store, str, str, int], object]] = {
    "record_hand": lambda s, g, p, r: s.record_hand(g, Hand.knock(p, 1, 5), expect_revision=r),
    "undo": lambda s, g, p, r: s.undo(g, expect_revision=r),
    "edit_hand": lambda s, g, p, r: s.edit_hand(g, 0, Hand.knock(p, 1, 5), expect_revision=r),
    "revert_edit": lambda s, g, p, r: s.revert_edit(g, 1, expect_revision=r),
    "delete_game": lambda s, g, p, r: s.delete_game(g, expect_revision=r),
    "restore_game": lambda s, g, p, r: s.restore_game(g, expect_revision=r),
}


@pytest.mark.parametrize("call", sorted(STALE_CALLS))
@pytest.mark.parametrize("offset", [-1, 1])
def test_a_stale_change_is_refused_and_changes_no_byte(
    call: str, offset: int, store: Store, game: str, data_dir: Path
) -> None:
    ann, bob = store.players()
    store.edit_hand(game, 1, Hand.knock(bob.id, 1, 12), device="Bob's phone")
    if call == "restore_game":
        store.delete_game(game, device="Bob's phone")
    before = _files(data_dir)
    summary = store.summary(game)
    rev = store.revision(game)
    with pytest.raises(StaleGameError) as info:
        STALE_CALLS[call](store, game, ann.id, rev + offset)
    err = info.value
    assert isinstance(err, StoreError)
    assert err.revision == rev
    assert err.game.hands == store.game(game).hands
    assert len(err.game.hands) == 2
    if call == "restore_game":
        assert str(err) == "Bob's phone deleted this game in the meantime."
    else:
        assert str(err) == "Bob's phone changed hand 2 in the meantime."
    assert _files(data_dir) == before
    assert store.summary(game) == summary
    assert store.revision(game) == rev
    # The same call based on the current revision goes through.
    STALE_CALLS[call](store, game, ann.id, rev)
    assert store.revision(game) == rev + 1


def test_the_refusal_says_what_happened(store: Store, game: str) -> None:
    ann, bob = store.players()
    rev = store.revision(game) - 1  # the sheet from before hand 2: stale from now on

    def refusal() -> str:
        with pytest.raises(StaleGameError) as info:
            store.record_hand(game, Hand.knock(ann.id, 1, 5), expect_revision=rev)
        return str(info.value)

    assert refusal() == "Another device saved hand 2 in the meantime."
    store.record_hand(game, Hand.knock(bob.id, 1, 5), device="Bob's phone")
    assert refusal() == "Bob's phone saved hand 3 in the meantime."
    store.undo(game, device="the host")
    assert refusal() == "the host took back hand 3 in the meantime."
    store.undo(game)
    assert refusal() == "Another device took back hand 2 in the meantime."
    store.record_hand(game, Hand.knock(bob.id, 1, 5))
    store.edit_hand(game, 1, Hand.knock(ann.id, 1, 5))
    assert refusal() == "Another device changed hand 2 in the meantime."
    store.revert_edit(game, 1, device="Ann's tablet")
    assert refusal() == ("Ann's tablet put back the earlier version of hand 2 in the meantime.")
    store.delete_game(game)
    assert refusal() == "Another device deleted this game in the meantime."
    store.restore_game(game, device="Bob's\nphone\u202e")
    assert refusal() == "Bob's phone restored this game in the meantime."
    carl = store.add_player("Carl")
    store.merge_players(carl.id, bob.id)
    assert refusal() == "A player of this game was merged with another in the meantime."


def test_a_deleted_game_refuses_a_stale_change_before_anything_else(
    store: Store, game: str
) -> None:
    rev = store.revision(game)
    store.delete_game(game, device="the host")
    with pytest.raises(StaleGameError, match="the host deleted this game"):
        store.undo(game, expect_revision=rev)
    with pytest.raises(StoreError, match="restore it first"):
        store.undo(game, expect_revision=rev + 1)


def test_the_message_is_translated(store: Store, game: str) -> None:
    _, bob = store.players()
    rev = store.revision(game)
    store.record_hand(game, Hand.knock(bob.id, 1, 5), device="Bob")
    with pytest.raises(StaleGameError) as info:
        store.undo(game, expect_revision=rev)
    english = str(info.value)
    for lang in ("lv", "fi", "uk"):
        text = Translator(lang).render(info.value.msg)
        assert text != english and "Bob" in text and "3" in text, (lang, text)


def test_every_kind_of_change_has_both_messages() -> None:
    for kind, (named, unnamed) in KINDS.items():
        assert "{device}" in named and "{device}" not in unnamed, kind
        hand = 4 if "{number}" in named else None
        assert "4" in str(stale_message({"kind": kind, "hand": hand, "device": None})) or (
            hand is None
        )
    assert str(stale_message({"kind": "record", "hand": "x"})) == (
        "This game was changed in the meantime."
    )
    assert str(stale_message({"kind": "nonsense"})) == "This game was changed in the meantime."
    assert device_label("x" * 100) == "x" * 40
    assert device_label("\u200b\u200b") is None


def test_the_revision_and_game_can_be_read_together_with_a_write(store: Store, game: str) -> None:
    ann, _ = store.players()
    game_before, rev = store.game_with_revision(game)
    assert len(game_before.hands) == 2
    with store.locked():
        after = store.record_hand(game, Hand.knock(ann.id, 1, 5), expect_revision=rev)
        assert store.revision(game) == rev + 1
    assert len(after.hands) == 3


RACES = 200
RACERS = 4
UPCARDS = ("2C", "3D", "4H", "5S")


def test_racing_sessions_one_wins_none_lost(
    data_dir: Path, ann_bob: tuple[Player, Player], store: Store
) -> None:
    """Sessions on several threads (each its own open_store of the folder, as
    the web mode has) save a hand based on the same revision: exactly one is
    stored, the others are refused and told so; nothing acknowledged is lost."""
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    sessions = [open_store(data_dir) for _ in range(RACERS)]
    barrier = threading.Barrier(RACERS)
    acknowledged: list[tuple[int, int]] = []  # (race, racer)
    refused: list[tuple[int, int, int]] = []  # (race, racer, revision told)
    errors: list[BaseException] = []
    guard = threading.Lock()

    def racer(n: int, race: int, expected: int, hand: Hand) -> None:
        try:
            barrier.wait(timeout=30)
            sessions[n].record_hand(gid, hand, expect_revision=expected, device=f"racer {n}")
            with guard:
                acknowledged.append((race, n))
        except StaleGameError as exc:
            with guard:
                refused.append((race, n, exc.revision))
        except BaseException as exc:  # pragma: no cover - reported below
            with guard:
                errors.append(exc)

    try:
        for race in range(RACES):
            expected = store.revision(gid)
            # Draws never end the game; the upcard tells whose hand it is.
            hands = [Hand.draw(UPCARDS[n]) for n in range(RACERS)]
            threads = [
                threading.Thread(target=racer, args=(n, race, expected, hands[n]))
                for n in range(RACERS)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=60)
            assert not errors, errors
            winners = [n for r, n in acknowledged if r == race]
            assert len(winners) == 1, (race, winners)
            losers = [(n, told) for r, n, told in refused if r == race]
            assert sorted([*winners, *(n for n, _ in losers)]) == list(range(RACERS))
            assert all(told == expected + 1 for _, told in losers)
            assert store.revision(gid) == expected + 1
        stored = store.game(gid).hands
        assert len(stored) == RACES == len(acknowledged)
        # Every acknowledged hand is the one stored at its place.
        for race, n in acknowledged:
            assert stored[race] == Hand.draw(UPCARDS[n])
    finally:
        for s in sessions:
            s.close()
    assert store.check() == []
    store.close()
    with open_store(data_dir) as again:
        assert len(again.game(gid).hands) == RACES
        assert again.check() == []
