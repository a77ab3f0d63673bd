"""One tab writes at a time: the phone build's single-writer rule.

Each tab of the phone build holds its own in-memory copy of the data folder
and syncs it to IndexedDB as a whole: two tabs writing would each delete the
other's new files at their next sync (a trial showed it).  So the store is
opened by one tab only, the holder of a Web Lock (``navigator.locks``, which
the browser lets go when the tab closes or crashes).  A tab that finds the
lock held shows "Open in another tab" with **Use here**; Use here asks the
holder over a BroadcastChannel to stand down.  The holder first waits for
its last sync (so every hand it showed as saved is in IndexedDB), closes
its store, never syncs again, and only then lets go of the lock; the new tab
gets the lock, loads the folder from IndexedDB, and opens the store.  Tabs
take turns; none ever writes over another's files.

The browser's parts come in as small interfaces, so the rule is tested
without a browser (tests/web/test_phone_storage.py) and in chromium
(tests/e2e/test_phone.py).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

log = logging.getLogger(__name__)

#: The lock's and the channel's name (one data folder per site).
NAME = "scorekeeper-writer"
#: What a tab that wants to write posts to the others.
RELEASE = "release"


class WriterLock(Protocol):
    async def try_acquire(self) -> bool:
        """Take the lock if nobody holds it; never waits."""

    async def acquire(self) -> None:
        """Wait for the lock."""

    def release(self) -> None: ...


class Channel(Protocol):
    def post(self, message: str) -> None:
        """To every other tab of the site."""


class Role(enum.Enum):
    STARTING = "starting"
    WRITER = "writer"  # this tab has the store open
    ELSEWHERE = "elsewhere"  # another tab has it: "Use here"
    WAITING = "waiting"  # asked the other tab to stand down


class Tab:
    """This tab's part in the single-writer rule.

    ``open_app()`` loads the folder from the browser's storage and opens the
    store and the app; ``close_app()`` waits for the last sync and closes
    them (after it, this tab must never sync again); ``show(role)`` draws
    what the tab is now."""

    def __init__(
        self,
        lock: WriterLock,
        channel: Channel,
        *,
        open_app: Callable[[], Awaitable[None]],
        close_app: Callable[[], Awaitable[None]],
        show: Callable[[Role], None],
    ) -> None:
        self.lock = lock
        self.channel = channel
        self._open_app = open_app
        self._close_app = close_app
        self._show = show
        self.role = Role.STARTING

    async def start(self) -> None:
        if await self.lock.try_acquire():
            await self._become_writer()
        else:
            self._set(Role.ELSEWHERE)

    async def use_here(self) -> None:
        """Take over from the tab that writes (it stands down first)."""
        if self.role is not Role.ELSEWHERE:
            return
        self._set(Role.WAITING)
        self.channel.post(RELEASE)
        await self.lock.acquire()
        await self._become_writer()

    async def heard(self, message: str) -> None:
        """A message from another tab."""
        if message == RELEASE and self.role is Role.WRITER:
            self._set(Role.ELSEWHERE)
            try:
                await self._close_app()
            finally:
                self.lock.release()

    async def _become_writer(self) -> None:
        self.role = Role.WRITER
        try:
            await self._open_app()
        except BaseException:
            self.role = Role.ELSEWHERE
            self.lock.release()
            raise
        self._show(Role.WRITER)

    def _set(self, role: Role) -> None:
        self.role = role
        self._show(role)
