"""The phone build's storage rules, without a browser.

* Sync before acknowledge (scorekeeper/web/durable.py): after a write, no
  frame reaches the page until a sync that began after the write finished.
* One writer (scorekeeper/web/tabs.py): a tab writes only while it holds the
  lock; it stands down (last sync awaited, store closed) before letting go.

The browser's parts are fakes with the same behaviour: an asyncio lock for
``navigator.locks`` (granted in request order, ``ifAvailable`` never waits),
a channel that delivers to every other tab, and a sync that copies a tab's
in-memory folder to a shared "IndexedDB" dict *as a whole* (IDBFS's
``syncfs`` deletes what the copy lacks): exactly what loses hands when two
tabs write.
"""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.web.durable import Durable
from scorekeeper.web.tabs import RELEASE, Role, Tab

# --- sync before acknowledge ----------------------------------------------------


class Gate:
    """A sync that waits until the test lets it finish."""

    def __init__(self) -> None:
        self.started = 0
        self.release = asyncio.Event()
        self.fail = 0

    async def __call__(self) -> None:
        self.started += 1
        await self.release.wait()
        if self.fail:
            self.fail -= 1
            raise OSError("QuotaExceededError")


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_frames_wait_for_the_sync_after_a_write() -> None:
    async def go() -> None:
        gate, out = Gate(), list[bytes]()
        d = Durable(gate, send=out.append)
        d.send(b"before")  # nothing written yet: at once
        assert out == [b"before"]
        d.changed()
        d.send(b"saved")
        d.send(b"more")
        await settle()
        assert gate.started == 1 and out == [b"before"]  # held while the sync runs
        gate.release.set()
        await d.flushed()
        assert out == [b"before", b"saved", b"more"]  # in order, once synced

    asyncio.run(go())


def test_a_write_during_a_sync_asks_for_another() -> None:
    async def go() -> None:
        gate, out = Gate(), list[bytes]()
        d = Durable(gate, send=out.append)
        d.changed()
        await settle()  # the first sync has begun
        d.changed()  # ...a second write: that sync may not hold it
        d.send(b"second")
        gate.release.set()
        await d.flushed()
        assert gate.started == 2
        assert out == [b"second"]

    asyncio.run(go())


def test_a_sync_begins_at_the_write_and_covers_only_the_writes_before_it() -> None:
    """The sync begins at the write (IDBFS takes its list of files then), not
    once the handler that wrote is done; a second write in the same handler
    gets a sync of its own before the frame after it goes."""

    async def go() -> None:
        loop = asyncio.get_running_loop()
        written = 0
        began: list[int] = []  # the writes each sync's copy holds
        ends: list[asyncio.Future[None]] = []

        def sync() -> asyncio.Future[None]:
            began.append(written)
            ends.append(loop.create_future())
            return ends[-1]

        out: list[bytes] = []
        d = Durable(sync, send=out.append)
        written = 1
        d.changed()
        assert began == [1]  # begun at once: no turn of the loop needed
        written = 2
        d.changed()  # the same handler writes again
        d.send(b"sheet")
        ends[0].set_result(None)
        await settle()
        assert out == []  # the first copy lacked the second write
        assert began == [1, 2]
        ends[1].set_result(None)
        await d.flushed()
        assert out == [b"sheet"]

    asyncio.run(go())


def test_a_sync_that_fails_is_tried_again_then_told() -> None:
    async def go() -> None:
        told: list[BaseException] = []
        gate, out = Gate(), list[bytes]()
        gate.release.set()
        gate.fail = 3  # both tries of the first write fail, then one more
        d = Durable(gate, send=out.append, on_failure=told.append)
        d.changed()
        d.send(b"a")
        await d.flushed()
        assert d.failures == 1 and len(told) == 1 and out == [b"a"]  # the page is not frozen
        d.changed()  # the next write syncs again: its first try fails, the second holds
        d.send(b"b")
        await d.flushed()
        assert d.failures == 1 and out == [b"a", b"b"]

    asyncio.run(go())


def test_frames_before_the_page_connects_are_kept() -> None:
    async def go() -> None:
        gate = Gate()
        gate.release.set()
        d = Durable(gate)
        d.send(b"1")
        d.changed()
        d.send(b"2")
        out: list[bytes] = []
        await d.flushed()
        d.connect(out.append)
        assert out == [b"1", b"2"]

    asyncio.run(go())


def test_a_stopped_tab_never_syncs_again() -> None:
    async def go() -> None:
        gate = Gate()
        gate.release.set()
        d = Durable(gate, send=lambda _: None)
        d.stop()
        d.changed()
        await settle()
        assert gate.started == 0 and not d.pending

    asyncio.run(go())


# --- one writer ------------------------------------------------------------------


class Locks:
    """navigator.locks for one name: granted in request order."""

    def __init__(self) -> None:
        self.holder: object | None = None
        self.queue: list[tuple[object, asyncio.Future[None]]] = []

    def handle(self, owner: object) -> LockHandle:
        return LockHandle(self, owner)

    def _grant_next(self) -> None:
        while self.holder is None and self.queue:
            owner, fut = self.queue.pop(0)
            if not fut.done():
                self.holder = owner
                fut.set_result(None)


class LockHandle:
    def __init__(self, locks: Locks, owner: object) -> None:
        self.locks, self.owner = locks, owner

    async def try_acquire(self) -> bool:
        if self.locks.holder is None and not self.locks.queue:
            self.locks.holder = self.owner
            return True
        return False

    async def acquire(self) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.locks.queue.append((self.owner, fut))
        self.locks._grant_next()
        await fut

    def release(self) -> None:
        if self.locks.holder is self.owner:
            self.locks.holder = None
            self.locks._grant_next()


class Bus:
    def __init__(self) -> None:
        self.tabs: list[FakeTab] = []


class BusChannel:
    def __init__(self, bus: Bus, me: FakeTab) -> None:
        self.bus, self.me = bus, me
        self.tasks: set[asyncio.Future[None]] = set()

    def post(self, message: str) -> None:
        for tab in self.bus.tabs:
            if tab is not self.me:
                task = asyncio.ensure_future(tab.tab.heard(message))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)


class FakeTab:
    """A tab: its in-memory folder, synced to the shared IndexedDB as a whole."""

    def __init__(self, name: str, locks: Locks, bus: Bus, idb: dict[str, str]) -> None:
        self.name, self.idb = name, idb
        self.files: dict[str, str] = {}
        self.open = False
        self.shown: list[Role] = []
        self.acked: list[str] = []  # hands this tab showed as saved
        self.durable = Durable(self._sync, send=self._frame)
        self.tab = Tab(
            locks.handle(self),
            BusChannel(bus, self),
            open_app=self._open,
            close_app=self._close,
            show=self.shown.append,
        )
        bus.tabs.append(self)

    async def _sync(self) -> None:
        for _ in range(3):  # IndexedDB is asynchronous, and slower than a lock
            await asyncio.sleep(0)
        self.idb.clear()
        self.idb.update(self.files)  # whole-folder copy: what the tab lacks is deleted

    def _frame(self, frame: bytes) -> None:
        self.acked.append(frame.decode())

    async def _open(self) -> None:
        self.files = dict(self.idb)  # syncfs(populate)
        self.durable.stopped = False
        self.open = True

    async def _close(self) -> None:
        await self.durable.flushed()
        self.durable.stop()
        self.open = False

    def save(self, hand: str) -> None:
        assert self.open, f"{self.name} wrote without the lock"
        self.files[hand] = "hand"
        self.durable.changed()
        self.durable.send(hand.encode())  # the sheet that shows it


def test_the_second_tab_waits_then_takes_over_without_losing_a_hand() -> None:
    async def go() -> None:
        locks, bus, idb = Locks(), Bus(), dict[str, str]()
        a = FakeTab("a", locks, bus, idb)
        await a.tab.start()
        b = FakeTab("b", locks, bus, idb)
        await b.tab.start()
        assert (a.tab.role, b.tab.role) == (Role.WRITER, Role.ELSEWHERE)
        assert not b.open  # a second tab opens no store
        a.save("h1")
        await b.tab.use_here()  # right after the save: a's sync may still run
        assert b.tab.role is Role.WRITER and a.tab.role is Role.ELSEWHERE
        assert not a.open and b.open
        b.save("h2")
        await b.durable.flushed()
        await a.tab.use_here()  # and back again
        a.save("h3")
        await a.durable.flushed()
        shown = set(a.acked) | set(b.acked)
        assert shown == {"h1", "h2", "h3"}
        assert shown <= set(idb)  # every hand either tab showed as saved is kept

    asyncio.run(go())


@pytest.mark.parametrize("order", [["a", "b", "a", "b", "b", "a"], ["b", "b", "a", "a", "b"]])
def test_taking_turns_keeps_every_acknowledged_hand(order: list[str]) -> None:
    async def go() -> None:
        locks, bus, idb = Locks(), Bus(), dict[str, str]()
        tabs = {n: FakeTab(n, locks, bus, idb) for n in "ab"}
        for t in tabs.values():
            await t.tab.start()
        for i, name in enumerate(order):
            tab = tabs[name]
            if tab.tab.role is not Role.WRITER:
                await tab.tab.use_here()
            tab.save(f"h{i}")
        for t in tabs.values():
            await t.durable.flushed()
        assert sum(t.open for t in tabs.values()) == 1
        shown = {h for t in tabs.values() for h in t.acked}
        assert shown == {f"h{i}" for i in range(len(order))} and shown <= set(idb)

    asyncio.run(go())


def test_a_release_to_a_tab_that_does_not_write_changes_nothing() -> None:
    async def go() -> None:
        locks, bus, idb = Locks(), Bus(), dict[str, str]()
        a = FakeTab("a", locks, bus, idb)
        b = FakeTab("b", locks, bus, idb)
        await a.tab.start()
        await b.tab.start()
        await b.tab.heard(RELEASE)
        assert b.tab.role is Role.ELSEWHERE and a.tab.role is Role.WRITER and a.open

    asyncio.run(go())


def test_a_tab_whose_store_fails_to_open_lets_go_of_the_lock() -> None:
    async def go() -> None:
        locks, bus, idb = Locks(), Bus(), dict[str, str]()
        a = FakeTab("a", locks, bus, idb)

        async def broken() -> None:
            raise OSError("IndexedDB refused")

        a.tab._open_app = broken
        with pytest.raises(OSError):
            await a.tab.start()
        assert locks.holder is None and a.tab.role is Role.ELSEWHERE

    asyncio.run(go())
