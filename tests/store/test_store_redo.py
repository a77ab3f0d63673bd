"""Redo puts back the hand the last undo took back: the same stored entry."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import Player, StaleGameError, Store, StoreError


def test_redo_restores_the_undone_entry_itself(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    first, second = Hand.knock(ann.id, 3, 20), Hand.gin(bob.id, 10)
    store.record_hand(gid, first)
    before = store.record_hand(gid, second)
    trail = store.hand_versions(gid, 1)
    store.undo(gid)
    game = store.redo(gid)
    assert game.hands == (first, second)
    assert game.standings.totals == before.standings.totals
    # one entry for hand 2, active again, with its first time of entry
    assert store.hand_versions(gid, 1) == trail
    assert store.game(gid).hands == (first, second)
    with pytest.raises(StoreError, match="no undone hand"):
        store.redo(gid)


def test_redo_is_refused_once_the_game_changed(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    for h in (Hand.knock(ann.id, 3, 20), Hand.knock(bob.id, 2, 9), Hand.gin(ann.id, 5)):
        store.record_hand(gid, h)
    store.undo(gid)
    store.undo(gid)  # hands 3 and 2 taken back
    assert store.redo(gid).hands[-1] == Hand.knock(bob.id, 2, 9)  # the last undo first
    store.undo(gid)
    other = Hand.gin(bob.id, 30)
    store.record_hand(gid, other)  # a new hand 2: the old hand 3 no longer follows
    with pytest.raises(StoreError, match="changed after the undo"):
        store.redo(gid)
    assert store.game(gid).hands[-1] == other
    store.undo(gid)
    assert store.redo(gid).hands[-1] == other  # the newest undo at that place


def test_redo_with_a_stale_revision_changes_nothing(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    store.record_hand(gid, Hand.knock(ann.id, 3, 20))
    store.undo(gid)
    with pytest.raises(StaleGameError, match=r"took back hand 1 in the meantime\."):
        store.redo(gid, expect_revision=1)
    assert store.game(gid).hands == ()
    assert store.redo(gid, device="test").hands == (Hand.knock(ann.id, 3, 20),)
