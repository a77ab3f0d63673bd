"""A save shows as saved only once it is in the browser's storage.

In the phone build the store's files live in Emscripten's in-memory file
system, mounted over IndexedDB (IDBFS, see :mod:`scorekeeper.ui.browser`); a
file written there is lost with the tab until a sync has copied it to
IndexedDB (``browser.syncfs``), which is asynchronous.  The store itself
stays synchronous (the same code as on a desktop), so the rule is kept at
the one place every acknowledgement passes: the frames the app sends to the
page.  After a write (the store's ``on_change``, or
:func:`scorekeeper.runtime.wrote`), every frame waits until a sync that
began after that write has finished; the screen that shows the hand as saved
is such a frame.  Frames keep their order; a write made while a sync is
running asks for one more.  A sync begins at the write itself, not once the
handler that wrote is done: the browser's storage works on it while the
handler goes on drawing the screen.

Pure asyncio, no browser: the tests drive it with a fake sync
(tests/web/test_phone_storage.py).

>>> import asyncio
>>> async def demo():
...     synced, out = [], []
...     async def sync():
...         synced.append(len(out))
...     d = Durable(sync, send=out.append)
...     d.changed()            # a hand was saved
...     d.send(b"sheet")       # ...the sheet that shows it waits
...     held = list(out)
...     await d.flushed()
...     return held, out, synced
>>> asyncio.run(demo())
([], [b'sheet'], [0])
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

#: Tries of one sync before the frames are let go with a warning.
TRIES = 2


class Durable:
    """Frames to the page wait for the writes before them to be synced."""

    def __init__(
        self,
        sync: Callable[[], Awaitable[None]],  # begins a sync; awaited: it has ended
        *,
        send: Callable[[bytes], Any] | None = None,
        on_failure: Callable[[BaseException], None] | None = None,
    ) -> None:
        self._sync = sync
        #: Where frames go (the page); set when the transport connects.
        self.out = send
        self._on_failure = on_failure
        self._wanted = 0  # writes seen
        self._done = 0  # writes whose sync has finished (or failed for good)
        self._held: list[bytes] = []
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        #: Stopped: this tab no longer writes (another tab took over), so it
        #: must never sync its copy over the other tab's files again.
        self.stopped = False
        #: How many syncs ran, and how many failed for good (for Settings and tests).
        self.syncs = 0
        self.failures = 0

    def connect(self, send: Callable[[bytes], Any]) -> None:
        """Frames go to ``send`` from now on (the ones kept meanwhile first)."""
        self.out = send
        if not self.pending:
            self._release()

    @property
    def pending(self) -> bool:
        return self._done < self._wanted

    def changed(self, *_: object) -> None:
        """A file was written: the frames from now on wait for a sync."""
        if self.stopped:
            log.error("a write after this tab stopped writing: not synced")
            return
        self._wanted += 1
        self._idle.clear()
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._run(*self._begin()))

    def send(self, frame: bytes) -> None:
        if self.pending or self._held:
            self._held.append(frame)
        else:
            self._deliver(frame)

    async def flushed(self) -> None:
        """Return once every write so far is synced (or failed for good)."""
        await self._idle.wait()

    def stop(self) -> None:
        """Sync nothing more (call after :meth:`flushed`)."""
        self.stopped = True

    def _begin(self) -> tuple[int, Awaitable[None]]:
        """Begin a sync: the writes it covers (those so far), and its end."""
        self.syncs += 1
        try:
            return self._wanted, self._sync()
        except Exception as exc:  # refused at once: fails where a late refusal does
            return self._wanted, _raise(exc)

    async def _run(self, target: int, sync: Awaitable[None]) -> None:
        while True:
            for attempt in range(1, TRIES + 1):
                try:
                    await sync
                    break
                except Exception as exc:  # quota, a storage the browser took away
                    if attempt < TRIES:
                        target, sync = self._begin()
                        continue
                    self.failures += 1
                    log.error("the browser's storage refused a sync: %s", exc)
                    if self._on_failure is not None:
                        self._on_failure(exc)
            self._done = target
            if self._done >= self._wanted:
                break
            target, sync = self._begin()  # writes made while it ran: one more
        self._release()

    def _release(self) -> None:
        held, self._held = self._held, []
        for frame in held:
            self._deliver(frame)
        if not self.pending:
            self._idle.set()

    def _deliver(self, frame: bytes) -> None:
        if self.out is None:
            self._held.append(frame)  # not connected yet: kept in order
            return
        self.out(frame)


async def _raise(exc: BaseException) -> None:
    raise exc
