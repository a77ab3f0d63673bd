"""Who may use a server opened to the local network (``scorekeeper --lan``).

Plain Python (no flet), shared by every session of the server process:

- the **host token** is in the link the host opens (as Jupyter does); whoever
  holds it is the host.  A machine's address is no proof of who sits at it.
- the **join code** (6 digits) is shown on the host; another device types it
  once and is given a random **device token**, which its browser keeps and
  shows again on a reload or reconnect.  Only a digest of each token is kept.
- after :data:`MAX_FAILURES` wrong codes from one address, that address waits
  :data:`LOCKOUT_SECONDS`; every failure is logged (never the code typed).
- :meth:`JoinGate.new_code` draws a new code and revokes every joined device
  (not the host's own tokens).

>>> gate = JoinGate(code="123456")
>>> gate.role(gate.admit_host(gate.host_token) or "")
'host'
>>> gate.admit_host("nope") is None
True
>>> r = gate.try_code("10.0.0.9", "123456")
>>> r.ok, gate.role(r.token or "")
(True, 'guest')
>>> _ = gate.new_code()
>>> gate.role(r.token or "") is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

log = logging.getLogger("scorekeeper.join")

MAX_FAILURES = 5
LOCKOUT_SECONDS = 60.0
CODE_DIGITS = 6
Role = Literal["host", "guest"]


def new_join_code() -> str:
    """Six random digits (leading zeros kept).

    >>> c = new_join_code(); len(c) == CODE_DIGITS and c.isdigit()
    True
    """
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def normalize_code(text: str) -> str:
    """What a player typed, as digits: spaces and dashes are dropped.

    >>> normalize_code(" 123 456 "), normalize_code("12-34-56")
    ('123456', '123456')
    """
    return "".join(ch for ch in text if not ch.isspace() and ch != "-")


@dataclass(frozen=True)
class Attempt:
    """The answer to a typed code: a device token, or how long to wait."""

    ok: bool
    token: str | None = None
    #: seconds this address must wait before it may try again (0: may retry now)
    wait: float = 0.0


class JoinGate:
    """The host token, the join code, and the devices let in (thread-safe)."""

    def __init__(
        self,
        *,
        code: str | None = None,
        host_token: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        max_failures: int = MAX_FAILURES,
        lockout: float = LOCKOUT_SECONDS,
    ) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self.max_failures = max_failures
        self.lockout = lockout
        self.host_token = host_token or secrets.token_urlsafe(32)
        self._code = code or new_join_code()
        self._hosts: set[str] = set()  # digests of the host's device tokens
        self._guests: set[str] = set()  # digests of joined devices' tokens
        self._failures: dict[str, int] = {}  # address -> wrong codes in a row
        self._blocked_until: dict[str, float] = {}
        #: bumped by every new code (sessions compare it to notice a revocation)
        self.generation = 0

    @property
    def code(self) -> str:
        return self._code

    def new_code(self) -> str:
        """Draw a new join code and revoke every joined device."""
        with self._lock:
            self._code = new_join_code()
            revoked = len(self._guests)
            self._guests.clear()
            self._failures.clear()
            self._blocked_until.clear()
            self.generation += 1
        log.info("new join code drawn; %d joined device(s) must join again", revoked)
        return self._code

    def admit_host(self, token: str) -> str | None:
        """A new host device token for the host link's token, else ``None``."""
        if not token or not hmac.compare_digest(token.encode(), self.host_token.encode()):
            if token:
                log.warning("a host link with a wrong token was opened")
            return None
        device = secrets.token_urlsafe(32)
        with self._lock:
            self._hosts.add(_digest(device))
        return device

    def wait_for(self, address: str) -> float:
        """Seconds ``address`` must still wait before it may try a code."""
        with self._lock:
            return self._wait(address)

    def _wait(self, address: str) -> float:
        until = self._blocked_until.get(address)
        if until is None:
            return 0.0
        left = until - self._clock()
        if left <= 0:
            del self._blocked_until[address]
            self._failures.pop(address, None)
            return 0.0
        return left

    def try_code(self, address: str, typed: str) -> Attempt:
        """Check a typed join code from ``address``."""
        with self._lock:
            wait = self._wait(address)
            if wait > 0:
                log.warning("join code attempt from %s refused: wait %.0f s", address, wait)
                return Attempt(False, wait=wait)
            text = normalize_code(typed)
            if hmac.compare_digest(text.encode(), self._code.encode()):
                self._failures.pop(address, None)
                device = secrets.token_urlsafe(32)
                self._guests.add(_digest(device))
                log.info("a device at %s joined with the code", address)
                return Attempt(True, token=device)
            n = self._failures.get(address, 0) + 1
            self._failures[address] = n
            wait = 0.0
            if n >= self.max_failures:
                self._blocked_until[address] = self._clock() + self.lockout
                wait = self.lockout
            log.warning(
                "wrong join code from %s (%d in a row)%s",
                address,
                n,
                f"; it waits {self.lockout:.0f} s" if wait else "",
            )
            return Attempt(False, wait=wait)

    def role(self, token: str) -> Role | None:
        """Whose device token this is: the host's, a joined device's, or nobody's."""
        if not token:
            return None
        d = _digest(token)
        with self._lock:
            if d in self._hosts:
                return "host"
            if d in self._guests:
                return "guest"
        return None
