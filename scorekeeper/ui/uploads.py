"""Files the browser sends to the server: the import upload's mailbox.

In web mode the app never opens a path the client names.  An import is an
upload instead: the session asks :data:`INBOX` for a one-time slot (a random
name), gives the browser a signed URL for it, and the web server's upload
endpoint (:mod:`scorekeeper.ui.upload_route`) drops the body into the slot, at most
:data:`MAX_UPLOAD` bytes, held in memory and never written to disk.  The
session then takes the bytes out.  No flet and no web server here.

>>> inbox = UploadInbox(limit=10)
>>> name = inbox.expect(owner="session 1")
>>> inbox.is_expected(name), inbox.is_expected("other")
(True, False)
>>> inbox.put(name, b"{}")
>>> inbox.take(name)
b'{}'
>>> inbox.take(name) is None  # once only
True

What a hostile client can hold is bounded, and no session can spoil
another's import.  A slot takes one upload: the endpoint *claims* it before
it reads a byte of the body, so a second upload to it, during the first or
after, is refused at once.  Each slot has an owner (the session), who holds
one slot at a time: asking again replaces the owner's own slot, never
someone else's; a full inbox refuses a new owner instead.

>>> inbox = UploadInbox(limit=10, max_slots=2, max_held=1)
>>> a = inbox.expect(owner="a")
>>> inbox.claim(a)
>>> inbox.claim(a)  # one upload per slot  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: '...'
>>> b = inbox.expect(owner="b")
>>> inbox.claim(b)  # one upload held at a time (max_held): the server is busy
Traceback (most recent call last):
...
scorekeeper.ui.uploads.UploadsBusy: 1 upload(s) under way
>>> inbox.expect(owner="c")  # two owners wait already: c is refused, not a nor b dropped
Traceback (most recent call last):
...
scorekeeper.ui.uploads.UploadsBusy: 2 slots wait
>>> inbox.fill(a, b"{}")
>>> inbox.take(a), inbox.is_expected(b)
(b'{}', True)
>>> b2 = inbox.expect(owner="b")  # b's new slot replaces b's old one
>>> inbox.is_expected(b), inbox.is_expected(b2)
(False, True)
"""

from __future__ import annotations

import enum
import secrets
import threading
import time
from collections.abc import Hashable
from dataclasses import dataclass

__all__ = ["INBOX", "MAX_UPLOAD", "UploadInbox", "UploadTooLarge", "UploadsBusy"]

#: The largest import file the server takes (20 MB).
MAX_UPLOAD = 20 * 1024 * 1024


class UploadTooLarge(Exception):
    """The body is over the limit: refused, and not read further."""


class UploadsBusy(Exception):
    """Too many uploads at once, or too many sessions waiting for one: try
    again in a moment (nothing of anyone's was dropped to make room)."""


class _State(enum.Enum):
    WAITING = "waiting for its upload"
    RECEIVING = "receiving it"
    FILLED = "filled: its bytes wait to be taken"


@dataclass
class _Slot:
    owner: Hashable
    deadline: float
    state: _State = _State.WAITING
    data: bytes | None = None


class UploadInbox:
    """One-time slots for uploads, by random name; thread-safe.

    A slot lives ``ttl`` seconds; at most ``max_slots`` exist at once, one per
    owner.  At most ``max_held`` uploads are being received or wait to be
    taken (a filled slot waits ``keep`` seconds at most), so the memory held
    is bounded by ``max_held * limit``.  The upload endpoint reads a body
    with at most ``read_timeout`` seconds between two pieces of it and
    ``upload_timeout`` seconds in all.
    """

    def __init__(
        self,
        limit: int = MAX_UPLOAD,
        ttl: float = 600.0,
        max_slots: int = 16,
        *,
        max_held: int = 2,
        keep: float = 30.0,
        read_timeout: float = 10.0,
        upload_timeout: float = 120.0,
    ) -> None:
        self.limit = limit
        self.ttl = ttl
        self.max_slots = max_slots
        self.max_held = max_held
        self.keep = keep
        self.read_timeout = read_timeout
        self.upload_timeout = upload_timeout
        self._lock = threading.Lock()
        self._slots: dict[str, _Slot] = {}
        #: The slots whose upload is being read; counted apart from the slots
        #: themselves, so an owner who drops a slot mid-upload frees no room.
        self._receiving: set[str] = set()

    def _prune(self, now: float) -> None:
        for name in [n for n, s in self._slots.items() if s.deadline < now]:
            del self._slots[name]

    def _live(self, name: str) -> _Slot | None:
        slot = self._slots.get(name)
        if slot is not None and slot.deadline < time.monotonic():
            del self._slots[name]
            return None
        return slot

    def expect(self, owner: Hashable) -> str:
        """A new slot's name for ``owner`` (random, so no one can guess
        another's); the owner's previous slot, if any, is dropped.

        :class:`UploadsBusy` if ``max_slots`` other owners hold one already.
        """
        name = secrets.token_hex(16)
        now = time.monotonic()
        with self._lock:
            self._prune(now)
            for old in [n for n, s in self._slots.items() if s.owner == owner]:
                del self._slots[old]
            if len(self._slots) >= self.max_slots:
                raise UploadsBusy(f"{len(self._slots)} slots wait")
            self._slots[name] = _Slot(owner, now + self.ttl)
        return name

    def is_expected(self, name: str) -> bool:
        """Whether the slot waits for its upload (none has started)."""
        with self._lock:
            slot = self._live(name)
            return slot is not None and slot.state == _State.WAITING

    def claim(self, name: str) -> None:
        """Start the slot's one upload, before its body is read.

        :class:`KeyError` if no such slot waits (unknown, expired, or its
        upload has started already); :class:`UploadsBusy` if ``max_held``
        uploads are under way or wait to be taken.  A claim ends with
        :meth:`fill` or :meth:`release` (either may come twice).
        """
        with self._lock:
            self._prune(time.monotonic())
            slot = self._slots.get(name)
            if slot is None or slot.state != _State.WAITING:
                raise KeyError(name)
            filled = sum(1 for s in self._slots.values() if s.state == _State.FILLED)
            held = len(self._receiving) + filled
            if held >= self.max_held:
                raise UploadsBusy(f"{held} upload(s) under way")
            slot.state = _State.RECEIVING
            self._receiving.add(name)

    def fill(self, name: str, data: bytes) -> None:
        """The claimed slot's bytes have all arrived: they wait for
        :meth:`take`.  :class:`KeyError` if the slot is gone meanwhile (its
        owner asked for a new one, or it expired)."""
        with self._lock:
            self._receiving.discard(name)
            slot = self._live(name)
            if slot is None or slot.state != _State.RECEIVING:
                raise KeyError(name)
            if len(data) > self.limit:
                del self._slots[name]
                raise UploadTooLarge(len(data))
            slot.state, slot.data = _State.FILLED, bytes(data)
            slot.deadline = min(slot.deadline, time.monotonic() + self.keep)

    def release(self, name: str) -> None:
        """The claimed upload failed: the slot is spent (its owner asks again)."""
        with self._lock:
            self._receiving.discard(name)
            slot = self._slots.get(name)
            if slot is not None and slot.state == _State.RECEIVING:
                del self._slots[name]

    def put(self, name: str, data: bytes) -> None:
        """Fill a slot that waits for its upload in one step (:meth:`claim`,
        then :meth:`fill`)."""
        if len(data) > self.limit:
            raise UploadTooLarge(len(data))
        self.claim(name)
        self.fill(name, data)

    def take(self, name: str) -> bytes | None:
        """The uploaded bytes, once; ``None`` if nothing (or no slot) is there."""
        with self._lock:
            slot = self._live(name)
            if slot is None or slot.data is None:
                return None
            del self._slots[name]
            return slot.data

    def drop(self, name: str) -> None:
        """Forget the slot, whatever its state (a failed upload spends it)."""
        with self._lock:
            self._slots.pop(name, None)


#: The process's inbox: the server fills it, the sessions empty it.
INBOX = UploadInbox()
