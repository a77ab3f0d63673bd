"""The store announces its own writes (issue #15): every public method that
writes tells ``on_change`` listeners, so no list of method names elsewhere
can drift from the store.  The writers are found by introspection."""

from __future__ import annotations

import asyncio
import inspect
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import Store, StoreError, open_store

#: Public attributes that are neither a read nor a write (the handle itself).
LIFECYCLE = {"close", "locked", "on_change", "data_dir", "notices", "importing"}


def kinds() -> dict[str, str | None]:
    """Each public method of Store: "game" (a write to one game), "lists" (any
    other write) or None (a read), as its decorator marked it."""
    out: dict[str, str | None] = {}
    for name in dir(Store):  # the facade's whole public API, from whichever room
        if name.startswith("_") or name in LIFECYCLE:
            continue
        attr = inspect.getattr_static(Store, name)
        assert inspect.isfunction(attr) and "announces" in vars(attr), (
            f"Store.{name} is neither @_reading nor @_writing: say which it is"
        )
        out[name] = vars(attr)["announces"]
    return out


def writers() -> list[str]:
    return sorted(n for n, k in kinds().items() if k is not None)


class World:
    """A folder with what each writer needs: a game with two hands (the last
    one undone, hand 1 edited), a game in the bin, two players who never met."""

    def __init__(self, store: Store) -> None:
        self.store = store
        s = store
        self.ann, self.bob = s.add_player("Ann").id, s.add_player("Bob").id
        self.cat, self.dan = s.add_player("Cat").id, s.add_player("Dan").id
        self.gid = s.create_game("standard", [self.ann, self.bob], first_dealer=self.ann)
        s.record_hand(self.gid, Hand.knock(self.bob, 4, 30))
        s.edit_hand(self.gid, 0, Hand.knock(self.ann, 4, 30))
        s.record_hand(self.gid, Hand.gin(self.ann, 10))
        s.undo(self.gid)
        other = s.create_game("standard", [self.cat, self.bob], first_dealer=self.cat)
        self.export = s.export_json([other])
        s.delete_game(other)
        s.purge_deleted()  # the export holds a game this folder no longer has
        self.binned = s.create_game("standard", [self.cat, self.ann], first_dealer=self.cat)
        s.delete_game(self.binned)
        fay, gus = s.add_player("Fay").id, s.add_player("Gus").id
        self.partners = s.create_game("partnership", [self.ann, fay, self.cat, gus])
        self.paid = s.settle_up(self.bob, self.ann, 120, "EUR").id


#: How each writer is called on a World, and the game it must be told as
#: (None: the lists).  A writer missing here fails the test: add it.
CALLS: dict[str, Callable[[World], tuple[Any, str | None]]] = {
    "add_player": lambda w: (w.store.add_player("Eve"), None),
    "rename_player": lambda w: (w.store.rename_player(w.ann, "Anna"), None),
    "hide_player": lambda w: (w.store.hide_player(w.dan), None),
    "merge_players": lambda w: (w.store.merge_players(w.bob, w.dan), None),
    "create_game": lambda w: (w.store.create_game("standard", [w.ann, w.cat]), None),
    "record_hand": lambda w: (w.store.record_hand(w.gid, Hand.gin(w.bob, 5)), w.gid),
    "record_deal": lambda w: (
        w.store.record_deal(w.partners, Hand.gin(w.ann, 5), Hand.draw()),
        w.partners,
    ),
    "undo": lambda w: (w.store.undo(w.gid), w.gid),
    "redo": lambda w: (w.store.redo(w.gid), w.gid),
    "edit_hand": lambda w: (w.store.edit_hand(w.gid, 0, Hand.gin(w.bob, 0)), w.gid),
    "revert_edit": lambda w: (w.store.revert_edit(w.gid, 0), w.gid),
    "delete_game": lambda w: (w.store.delete_game(w.gid), w.gid),
    "restore_game": lambda w: (w.store.restore_game(w.binned), w.binned),
    "purge_deleted": lambda w: (w.store.purge_deleted(), None),
    "import_json": lambda w: (w.store.import_json(w.export), None),
    "import_json_async": lambda w: (
        asyncio.run(w.store.import_json_async(json.dumps(w.export))),
        None,
    ),
    "backup": lambda w: (w.store.backup(), None),
    "settle_up": lambda w: (w.store.settle_up(w.cat, w.ann, 50, "EUR"), None),
    "undo_settle_up": lambda w: (w.store.undo_settle_up(w.paid), None),
    "repair": lambda w: (w.store.repair(), None),
}


def test_the_writers_are_found_and_each_has_a_call_here() -> None:
    found = writers()
    # the missed ones are among them: the introspection is not empty
    assert {"redo", "backup", "repair", "import_json", "merge_players"} <= set(found)
    assert set(found) == set(CALLS), "a writer with no call in CALLS (or a call for none)"
    assert kinds()["game"] is None and kinds()["check"] is None  # reads are not told


@pytest.mark.parametrize("name", writers())
def test_each_write_is_told_once_with_what_it_changed(tmp_path: Path, name: str) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        world = World(store)
        told: list[str | None] = []
        stop = store.on_change(told.append)
        _, changed = CALLS[name](world)
        assert told == [changed]
        assert kinds()[name] == ("lists" if changed is None else "game")
        stop()
        store.add_player("Zed")
        assert told == [changed]  # stopped: told no more


def test_a_refused_write_is_not_told(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        world = World(store)
        told: list[str | None] = []
        store.on_change(told.append)
        with pytest.raises(StoreError, match="there is already a player called"):
            store.add_player("Bob")
        with pytest.raises(StoreError, match="there is no game"):
            store.undo("nosuchgame")
        store.record_hand(world.gid, Hand.gin(world.bob, 5))
        told.clear()
        with pytest.raises(StoreError, match="no undone hand to put back"):
            store.redo(world.gid)  # a hand was recorded since the undo
        assert told == []


def test_every_handle_on_the_folder_hears_a_write_made_through_another(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with open_store(folder, durable=False) as one, open_store(folder, durable=False) as two:
        told: list[str | None] = []
        one.on_change(told.append)
        ann = two.add_player("Ann").id
        bob = two.add_player("Bob").id
        gid = two.create_game("standard", [ann, bob], first_dealer=ann)
        two.record_hand(gid, Hand.gin(ann, 3))
        assert told == [None, None, None, gid]


def test_a_failing_listener_does_not_undo_the_write_or_stop_the_others(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        told: list[str | None] = []

        def broken(_: str | None) -> None:
            raise RuntimeError("a listener's bug")

        store.on_change(broken)
        store.on_change(told.append)
        ann = store.add_player("Ann")
        assert told == [None]
        assert store.player(ann.id).name == "Ann"


def lock_is_free(store: Store) -> bool:
    lock = store._s.lock
    if lock.acquire(blocking=False):
        lock.release()
        return True
    return False


def test_a_write_in_another_thread_is_told_in_that_thread_after_the_lock(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        seen: list[tuple[str | None, str, bool]] = []

        def listener(game_id: str | None) -> None:
            # the lock is let go: a session the listener wakes can read at once
            free: list[bool] = []
            probe = threading.Thread(target=lambda: free.append(lock_is_free(store)))
            probe.start()
            probe.join()
            seen.append((game_id, threading.current_thread().name, free == [True]))

        store.on_change(listener)
        worker = threading.Thread(target=lambda: store.add_player("Ann"), name="importer")
        worker.start()
        worker.join()
        assert seen == [(None, "importer", True)]
