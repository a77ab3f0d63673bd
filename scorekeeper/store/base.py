"""What every room of the store stands on: the handle on an open folder
(:class:`StoreBase`: its state, its lock, who is told of writes) and the
decorators that say of each public method whether it reads or writes.

The store's methods are grouped by concept in rooms (roster.py, games.py,
listing.py, bin.py, transfer.py, maintenance.py), each a class over this
one; store.py puts them together behind the one :class:`~.store.Store`.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Self, TypeVar

from .errors import StoreError
from .shared import Listener, _Shared

P = ParamSpec("P")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])
S = TypeVar("S", bound="StoreBase")

#: Seconds a write in :meth:`Store.locked` waits for an import being put in
#: place before it is refused (with a message to save again).
IMPORT_WAIT = 0.1


class StoreBase:
    """The handle's state and lifecycle, shared by every room of :class:`~.store.Store`."""

    def __init__(self, shared: _Shared, *, read_only: bool) -> None:
        self._s = shared
        self.read_only = read_only
        self._closed = False

    # lifecycle ---------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        return self._s.data_dir

    @property
    def notices(self) -> list[str]:
        """What happened at open (repairs, upgrades), for the player."""
        return self._s.notices

    def __repr__(self) -> str:
        mode = "read-only" if self.read_only else "read-write"
        return f"<Store {self.data_dir} {mode}{' closed' if self._closed else ''}>"

    def _check_open(self) -> None:
        if self._closed or self._s.closed:
            raise StoreError("this store has been closed")

    def on_change(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(game_id)`` after every write that succeeded, made
        through any handle on this folder in this process: the id of the one
        game a write changed (a hand recorded, undone, put back, edited or
        reverted, a game deleted or restored), or None for any other write
        (players, a new game, a merge, an import, a purge, a backup, a
        repair: the lists changed, and any game may have).  It runs in the
        writer's thread, once the write let go of the store's lock (inside
        :meth:`locked`, the caller still holds it); a listener that raises
        is logged and the write stands.  Returns a function that stops
        the calls.  Proved by tests/store/test_store_announce.py."""
        with self._s.lock:
            self._s.listeners.append(listener)

        def stop() -> None:
            with self._s.lock, contextlib.suppress(ValueError):
                self._s.listeners.remove(listener)

        return stop

    @contextlib.contextmanager
    def locked(self) -> Iterator[Self]:
        """Hold the store's lock across several calls (other sessions of this
        process wait), e.g. to read the revision a write just made::

            with store.locked():
                game = store.record_hand(gid, hand, expect_revision=rev)
                rev = store.revision(gid)

        While an import is put in place (it holds the lock for up to a second
        or two, see importer.py) this waits at most :data:`IMPORT_WAIT`, then
        refuses with a message to save again: the caller runs on the event
        loop every device shares, which must not wait that long.  Proved by
        tests/store/test_store_import_async.py."""
        lock = self._s.lock
        if self._s.importing:
            if not lock.acquire(timeout=IMPORT_WAIT):
                raise StoreError(
                    "a file is being imported: save again in a moment (what you entered is kept)"
                )
        else:
            lock.acquire()
        try:
            self._check_open()
            yield self
        finally:
            lock.release()

    def _check_writable(self) -> None:
        """Refuse, as a change would be refused (see _writing), without changing anything."""
        with self._s.lock:
            self._check_open()
            self._s.check_folder()
            if self.read_only:
                if self._s.why_read_only is not None:
                    raise StoreError(self._s.why_read_only.msg)
                raise StoreError("the data is open read-only: nothing can be changed")


def _reading(fn: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    @functools.wraps(fn)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._s.lock:
            self._check_open()
            try:
                return fn(self, *args, **kwargs)
            except StoreError:
                self._s.check_folder()  # "the folder is gone" says more than "no game"
                raise

    wrapper.__dict__["announces"] = None  # a read: nothing to tell
    return wrapper


def _write_path(
    fn: Callable[Concatenate[S, P], R], *, one_game: bool
) -> Callable[Concatenate[S, P], R]:
    @functools.wraps(fn)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._s.lock:
            self._check_writable()
            result = fn(self, *args, **kwargs)
        # Told once the write is on the disk and the lock is let go (a
        # listener never holds up the next write); a write that raised
        # changed nothing and is not told.
        changed = kwargs.get("game_id", args[0] if args else None) if one_game else None
        self._s.announce(changed if isinstance(changed, str) else None)
        return result

    wrapper.__dict__["announces"] = "game" if one_game else "lists"
    return wrapper


def _told_inside(fn: F) -> F:
    """A write that is told by the @_writing method it ends with (an import
    off the event loop: :meth:`Store._commit_import`), not by a wrapper of its own."""
    fn.__dict__["announces"] = "lists"
    return fn


def _writing(fn: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A write that may change the lists (and any game): told as None."""
    return _write_path(fn, one_game=False)


def _writing_game(fn: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A write to the one game its first argument names: told as that id."""
    return _write_path(fn, one_game=True)
