"""Every screen live: a change made in one session shows in every other.

Each session's store is wrapped in a :class:`LiveStore`: after every write it
tells the other sessions through Flet's pubsub, on the changed game's topic
(:func:`game_topic`) and on :data:`LISTS` (home, history, players).  A
session subscribes to :data:`LISTS` always and to the topic of the game it
shows; on a message it asks the store whether what it shows is still current
(a game's revision) and redraws only then.

Flet runs every session's event handlers on the server's one event loop.
The subscribers here are coroutines, which the pubsub hub schedules on that
same loop, so a redraw never runs at the same time as a tap's handler of the
same session (no locks; nothing touches a page from another thread).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: Home, history and players: any change to the list of games or players.
LISTS = "scorekeeper/lists"
#: The LAN join code changed: joined devices must check their token again.
ACCESS = "scorekeeper/access"

#: Writes to one game (its id is the first argument).
GAME_WRITES = frozenset(
    {"record_hand", "undo", "edit_hand", "revert_edit", "delete_game", "restore_game"}
)
#: Writes that change the lists (and may rewrite any game).
LIST_WRITES = frozenset(
    {
        "create_game",
        "add_player",
        "rename_player",
        "hide_player",
        "merge_players",
        "purge_deleted",
        "import_json",
        "import_file",
    }
)


def game_topic(game_id: Any) -> str:
    """
    >>> game_topic("g1")
    'scorekeeper/game/g1'
    """
    return f"scorekeeper/game/{game_id}"


#: What a change message carries: (game id or None for "any", when it was sent).
Change = tuple[str | None, float]


class LiveStore:
    """The store, telling ``publish(game_id)`` after each write that succeeded
    (``None``: the lists changed, any game may have)."""

    def __init__(self, store: Any, publish: Callable[[Any], None]) -> None:
        self._store = store
        self._publish = publish

    @property
    def inner(self) -> Any:
        return self._store

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if name in GAME_WRITES:

            def game_write(game_id: Any, *args: Any, **kwargs: Any) -> Any:
                result = attr(game_id, *args, **kwargs)
                self._tell(game_id)
                return result

            return game_write
        if name in LIST_WRITES:

            def list_write(*args: Any, **kwargs: Any) -> Any:
                result = attr(*args, **kwargs)
                self._tell(None)
                return result

            return list_write
        return attr

    def _tell(self, game_id: Any) -> None:
        try:
            self._publish(game_id)
        except Exception:  # telling the others must never undo a saved write
            log.exception("could not tell the other sessions of a change")


class Live:
    """One session's subscriptions: :data:`LISTS` always, one game's topic while
    it is on screen.  ``on_change(change)`` runs on the event loop."""

    def __init__(self, pubsub: Any, on_change: Callable[[Change], None]) -> None:
        self.pubsub = pubsub
        self.on_change = on_change
        self.game_id: Any = None
        self.closed = False
        # a coroutine function: the hub runs it on the event loop, not a thread
        pubsub.subscribe_topic(LISTS, self._receive)

    async def _receive(self, topic: str, message: Any) -> None:
        if self.closed:
            return
        try:
            self.on_change(message)
        except Exception:
            log.exception("could not show a change made in another session")

    def follow(self, game_id: Any) -> None:
        """Listen to ``game_id``'s topic (``None``: to no game's)."""
        if game_id == self.game_id or self.closed:
            return
        if self.game_id is not None:
            self.pubsub.unsubscribe_topic(game_topic(self.game_id))
        self.game_id = game_id
        if game_id is not None:
            self.pubsub.subscribe_topic(game_topic(game_id), self._receive)

    def publish(self, game_id: Any) -> None:
        """Tell the other sessions: ``game_id`` changed (``None``: the lists)."""
        change: Change = (None if game_id is None else str(game_id), time.perf_counter())
        if game_id is not None:
            self.pubsub.send_others_on_topic(game_topic(game_id), change)
        self.pubsub.send_others_on_topic(LISTS, change)

    def close(self) -> None:
        self.closed = True
        self.follow(None)
        self.pubsub.unsubscribe_topic(LISTS)
