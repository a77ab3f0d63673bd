"""Files the browser sends to the server: the import upload's mailbox.

In web mode the app never opens a path the client names.  An import is an
upload instead: the session asks :data:`INBOX` for a one-time slot (a random
name), gives the browser a signed URL for it, and the web server's upload
endpoint (:mod:`scorekeeper.ui.server`) drops the body into the slot, at most
:data:`MAX_UPLOAD` bytes, held in memory and never written to disk.  The
session then takes the bytes out.  No flet and no web server here.

>>> inbox = UploadInbox(limit=10)
>>> name = inbox.expect()
>>> inbox.is_expected(name), inbox.is_expected("other")
(True, False)
>>> inbox.put(name, b"{}")
>>> inbox.take(name)
b'{}'
>>> inbox.take(name) is None  # once only
True
"""

from __future__ import annotations

import secrets
import threading
import time

__all__ = ["INBOX", "MAX_UPLOAD", "UploadInbox", "UploadTooLarge"]

#: The largest import file the server takes (20 MB).
MAX_UPLOAD = 20 * 1024 * 1024


class UploadTooLarge(Exception):
    """The body is over the limit: refused, and not read further."""


class UploadInbox:
    """One-time slots for uploads, by random name; thread-safe.

    A slot lives ``ttl`` seconds; at most ``max_slots`` wait at once (the
    oldest is dropped), so the memory held is bounded by
    ``max_slots * limit``.
    """

    def __init__(self, limit: int = MAX_UPLOAD, ttl: float = 600.0, max_slots: int = 16) -> None:
        self.limit = limit
        self.ttl = ttl
        self.max_slots = max_slots
        self._lock = threading.Lock()
        #: name -> (deadline, bytes or None while the upload has not arrived)
        self._slots: dict[str, tuple[float, bytes | None]] = {}

    def _prune(self, now: float) -> None:
        for name in [n for n, (deadline, _) in self._slots.items() if deadline < now]:
            del self._slots[name]
        while len(self._slots) >= self.max_slots:
            del self._slots[next(iter(self._slots))]

    def expect(self) -> str:
        """A new slot's name: random, so no one can guess another's."""
        name = secrets.token_hex(16)
        now = time.monotonic()
        with self._lock:
            self._prune(now)
            self._slots[name] = (now + self.ttl, None)
        return name

    def is_expected(self, name: str) -> bool:
        with self._lock:
            slot = self._slots.get(name)
            return slot is not None and slot[1] is None and slot[0] >= time.monotonic()

    def put(self, name: str, data: bytes) -> None:
        """Fill a slot that waits for its upload (else :class:`KeyError`)."""
        if len(data) > self.limit:
            raise UploadTooLarge(len(data))
        with self._lock:
            slot = self._slots.get(name)
            if slot is None or slot[1] is not None or slot[0] < time.monotonic():
                raise KeyError(name)
            self._slots[name] = (slot[0], bytes(data))

    def take(self, name: str) -> bytes | None:
        """The uploaded bytes, once; ``None`` if nothing (or no slot) is there."""
        with self._lock:
            slot = self._slots.get(name)
            if slot is None or slot[1] is None:
                return None
            del self._slots[name]
            return slot[1]

    def drop(self, name: str) -> None:
        with self._lock:
            self._slots.pop(name, None)


#: The process's inbox: the server fills it, the sessions empty it.
INBOX = UploadInbox()
