"""Every screen live: a change made in one session shows in every other.

The store announces its own writes (``Store.on_change``: the game a write
changed, or None for "the lists, and any game"), so no list of method names
here can miss one: save, undo, redo, edit, a rename, a merge, an import, a
backup, a repair, whatever writes.  Each session's store is wrapped in a
:class:`LiveStore`, which marks every call made through it as that
session's own; the session's :class:`Live` hears every write but its own
(the session redraws after its own action) and hands it to the event loop
through Flet's pubsub, on a topic only that session listens to.  On a
message the session asks the store whether what it shows is still current
(a game's revision) and redraws only then.

A write may be made off the event loop (an import in a worker thread): the
store tells its listeners in the writer's thread, and the pubsub hub, which
is thread-safe, schedules the coroutine subscriber on the server's one event
loop (``run_coroutine_threadsafe``).  So a redraw never runs at the same
time as a tap's handler of the same session (no locks; nothing touches a
page from another thread).
"""

from __future__ import annotations

import contextvars
import inspect
import logging
import time
import uuid
import weakref
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: The LAN join code changed: joined devices must check their token again.
ACCESS = "scorekeeper/access"
#: Where one session hears of the changes (the topic's tail is its own).
CHANGES = "scorekeeper/changes"

#: The session whose call into the store is running (in this thread or task).
_caller: contextvars.ContextVar[LiveStore | None] = contextvars.ContextVar(
    "scorekeeper_live_caller", default=None
)


#: What a change message carries: (game id or None for "any", when it was told).
Change = tuple[str | None, float]


class LiveStore:
    """One session's store: every call made through it is marked as this
    session's, so :meth:`on_change` tells this session of the others' writes
    only (a write made in a worker thread through it is this session's too)."""

    def __init__(self, store: Any) -> None:
        self._store = store

    @property
    def inner(self) -> Any:
        return self._store

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if name.startswith("_") or not callable(attr):
            return attr

        def mine(*args: Any, **kwargs: Any) -> Any:
            token = _caller.set(self)
            try:
                return attr(*args, **kwargs)
            finally:
                _caller.reset(token)

        return mine

    def on_change(self, listener: Callable[[str | None], None]) -> Callable[[], None]:
        """``listener(game_id)`` after each write not made through this
        wrapper, in the writer's thread; returns the function that stops it.
        A bound method is held weakly: a session that ends without
        :meth:`Live.close` (a tab closed) is not kept alive by the store, and
        its listener goes at the next write.  A store that announces nothing
        (no ``on_change``) tells nothing."""
        subscribe = getattr(self._store, "on_change", None)
        if subscribe is None:
            return lambda: None
        forward = _Forward(self, listener)
        forward.stop = subscribe(forward)
        return forward.stop


class _Forward:
    """What the store calls for one session's listener (see LiveStore.on_change)."""

    def __init__(self, mine: LiveStore, listener: Callable[[str | None], None]) -> None:
        self.mine = mine
        self.listener: Callable[[], Callable[[str | None], None] | None] = (
            weakref.WeakMethod(listener) if inspect.ismethod(listener) else lambda: listener
        )
        self.stop: Callable[[], None] = lambda: None

    def __call__(self, game_id: str | None) -> None:
        listener = self.listener()
        if listener is None:  # its session is gone
            self.stop()
        elif _caller.get() is not self.mine:
            listener(game_id)


class Live:
    """One session's ear: the writes of every other session (and of any code
    writing to the store directly), told on the event loop as
    ``on_change(change)``.  While a game is on screen (:meth:`follow`), the
    changes of other games are not told (they can't make it stale)."""

    def __init__(self, pubsub: Any, on_change: Callable[[Change], None], store: Any = None) -> None:
        self.pubsub = pubsub
        self.on_change = on_change
        self.game_id: str | None = None
        self.closed = False
        self.topic = f"{CHANGES}/{uuid.uuid4().hex}"
        # a coroutine function: the hub runs it on the event loop, not a thread
        pubsub.subscribe_topic(self.topic, self._receive)
        self._stop = store.on_change(self._heard) if store is not None else lambda: None

    def _heard(self, game_id: str | None) -> None:
        """In the writer's thread: hand the change to this session's loop."""
        following = self.game_id
        if self.closed or (game_id is not None and following not in (None, game_id)):
            return
        change: Change = (game_id, time.perf_counter())
        try:
            self.pubsub.send_all_on_topic(self.topic, change)
        except Exception:  # telling must never undo a saved write
            log.exception("could not tell a session of a change")

    async def _receive(self, topic: str, message: Any) -> None:
        if self.closed:
            return
        try:
            self.on_change(message)
        except Exception:
            log.exception("could not show a change made in another session")

    def follow(self, game_id: Any) -> None:
        """The game on screen (``None``: none, every change is told)."""
        if not self.closed:
            self.game_id = None if game_id is None else str(game_id)

    def close(self) -> None:
        self.closed = True
        self._stop()
        self.pubsub.unsubscribe_topic(self.topic)
