"""Who may use a server opened to the local network (``scorekeeper --lan``).

Plain Python (no flet), shared by every session of the server process.  It
decides only from what the server itself knows: tokens it issued and the
peer address of the socket (never from what a client says about itself).

- the **host link** holds a one-time token (as Jupyter's does, but used
  once): opening it gives that browser a host **device token** and the link
  is dead from then on; :meth:`JoinGate.new_host_token` draws another.
- the **join code** (6 digits) is shown on the host; another device types it
  once, with a name for itself ("Ann's phone"), and is given a random device
  token, which its browser keeps and shows again on a reload or reconnect.
  Only a digest of each token is kept.
- after :data:`MAX_FAILURES` wrong codes from one address, that address waits
  :data:`LOCKOUT_SECONDS`.  After :data:`MAX_TOTAL_FAILURES` wrong codes from
  anywhere since the code was drawn, the gate is **guarded**: the right code
  no longer lets a device in by itself but asks the host ("Ann's phone wants
  to join, from 10.0.0.9": :meth:`JoinGate.allow` / :meth:`JoinGate.refuse`).
  Why not replace the code, as this gate once did: strangers guessing from
  many addresses then replaced it every few seconds, and an honest phone that
  took 4 s to type it never got in.  Guarded, a guess is worth nothing (a
  right one only asks the host), the code stays, and the honest phone is in
  as soon as the host says yes.  The host sees the addresses the wrong codes
  came from and may block one (:meth:`JoinGate.block`).  Wrong codes are
  logged as one line per address per minute, with the count, never the code.
- :meth:`JoinGate.new_code` draws a new code and revokes every joined device
  (not the host's own tokens); :meth:`JoinGate.remove` revokes one.

>>> gate = JoinGate(code="123456")
>>> link = gate.host_token
>>> host = gate.admit_host(link)
>>> gate.role(host or "")
'host'
>>> gate.admit_host(link) is None  # the link works once
True
>>> r = gate.try_code("10.0.0.9", "123456", name="Ann's phone")
>>> r.ok, gate.role(r.token or ""), gate.name(r.token or "")
(True, 'guest', "Ann's phone")
>>> _ = gate.new_code()
>>> gate.role(r.token or "") is None
True

Guarded, the right code asks the host:

>>> gate = JoinGate(code="123456", max_total_failures=1)
>>> gate.try_code("10.0.0.5", "000000").guarded
True
>>> asked = gate.try_code("10.0.0.9", "123456", name="Ann's phone")
>>> asked.ok, [(r.name, r.address) for r in gate.requests()]
(False, [("Ann's phone", '10.0.0.9')])
>>> gate.collect(asked.asked or "") is None  # not answered yet
True
>>> gate.allow(gate.requests()[0].id)
True
>>> let_in = gate.collect(asked.asked or "")
>>> let_in is not None and gate.role(let_in.token or "")
'guest'
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from .roles import Role
from .throttle import LogThrottle

log = logging.getLogger("scorekeeper.join")

MAX_FAILURES = 5
LOCKOUT_SECONDS = 60.0
#: Wrong codes from anywhere, since the code was drawn, before it is replaced.
MAX_TOTAL_FAILURES = 20
CODE_DIGITS = 6
#: Longer typed codes are refused before any work is done on them.
MAX_TYPED = 32
#: The longest device name kept (a name is the player's words, not a document).
MAX_NAME = 40
#: Addresses remembered for lockouts and logging (oldest forgotten first), so
#: a flood of addresses cannot grow the server's memory without bound.
MAX_ADDRESSES = 4096
#: Wrong codes from one address are logged at most once in this many seconds.
LOG_EVERY = 60.0
#: Devices waiting for the host's yes at once (the oldest is dropped past it).
MAX_REQUESTS = 8
#: Addresses the host may block (until the server stops).
MAX_BLOCKED = 256
#: Watching screens let in at once (the oldest is let go past it).
MAX_VIEWERS = 16


@functools.cache
def host_names() -> frozenset[str]:
    """What the host's device is called, in every language of the app
    (case folded): no other device may take it as its name.

    >>> "the host" in host_names(), "isäntä" in host_names()
    (True, True)
    """
    from scorekeeper.i18n import LANGUAGES, Translator

    return frozenset(Translator(code).gettext("The host").casefold() for code in LANGUAGES)


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


def clean_device_name(text: str) -> str:
    """A device name as kept: one line, spaces folded, at most :data:`MAX_NAME`.

    >>> clean_device_name("  Ann's\\n phone "), clean_device_name("x" * 99) == "x" * MAX_NAME
    ("Ann's phone", True)
    """
    printable = "".join(ch if ch.isprintable() else " " for ch in text[: MAX_NAME * 4])
    return " ".join(printable.split())[:MAX_NAME].strip()


@dataclass(frozen=True)
class Attempt:
    """The answer to a typed code: a device token, or how long to wait."""

    ok: bool
    token: str | None = None
    #: seconds this address must wait before it may try again (0: may retry now)
    wait: float = 0.0
    #: this attempt was the wrong code that made the gate guarded
    guarded: bool = False
    #: the right code while the gate is guarded: the host is asked (the id of
    #: the request, for :meth:`JoinGate.collect`)
    asked: str | None = None
    #: the host said no to this request
    refused: bool = False


@dataclass
class Request:
    """A device that typed the right code while the gate is guarded, waiting
    for the host's yes or no."""

    #: a public handle (not a token): the host's answer names it
    id: str
    address: str
    name: str
    #: once the host said yes: the device token, until the device collects it
    token: str | None = None
    refused: bool = False


@dataclass(frozen=True)
class Device:
    """A device let in, as the host's list shows it (no token)."""

    #: a public handle for the host's "Remove" (not the token, not its digest)
    id: str
    name: str
    role: Role


class _Bounded(dict[str, float]):
    """A dict of addresses that forgets its oldest keys past MAX_ADDRESSES."""

    def put(self, key: str, value: float) -> None:
        self.pop(key, None)
        self[key] = value
        while len(self) > MAX_ADDRESSES:
            del self[next(iter(self))]


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
        max_total_failures: int = MAX_TOTAL_FAILURES,
    ) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self.max_failures = max_failures
        self.lockout = lockout
        self.max_total_failures = max_total_failures
        self.host_token = host_token or secrets.token_urlsafe(32)
        #: the watch link's token: each screen that opens the link is let in
        #: to watch (see :meth:`admit_viewer`); New code draws another
        self.watch_token = secrets.token_urlsafe(32)
        self._code = code or new_join_code()
        #: digest of a device token -> the device
        self._devices: dict[str, Device] = {}
        self._failures = _Bounded()  # address -> wrong codes in a row
        self._blocked_until = _Bounded()
        self._wrong_log = LogThrottle(LOG_EVERY, MAX_ADDRESSES, clock)  # wrong codes, by address
        #: wrong codes from anywhere since the code was drawn
        self.wrong_total = 0
        #: address -> wrong codes since the code was drawn (the host sees them)
        self._guesses = _Bounded()
        self._requests: dict[str, Request] = {}
        self._blocked: dict[str, None] = {}  # addresses the host blocked, oldest first
        #: bumped by every change of code or of who is let in (sessions
        #: compare it to notice a revocation)
        self.generation = 0
        self._joined = 0  # devices let in so far, for default names
        self._wrong_links = LogThrottle(LOG_EVERY, 1, clock)  # wrong or used links

    @property
    def code(self) -> str:
        return self._code

    # --- the host ---------------------------------------------------------------------

    def admit_host(self, token: str) -> str | None:
        """A new host device token for the host link's token, else ``None``.

        The link works once: its token is replaced at once, so the printed
        link (in a terminal's scroll-back, a browser's history) is dead."""
        with self._lock:
            if not self._link_matches(token, self.host_token):
                return None
            self.host_token = secrets.token_urlsafe(32)
            device = self._issue("", "host")
        log.info("the host link was opened: it is used up")
        return device

    def admit_viewer(self, token: str) -> str | None:
        """A new watching screen's device token for the watch link's token,
        else ``None``.  The link works for every screen that opens it (a TV,
        a tablet on the sideboard) until New code; a watching screen may
        read the games and nothing more (``roles.MAY``)."""
        with self._lock:
            if not self._link_matches(token, self.watch_token):
                return None
            device = self._issue("", "viewer")
            viewers = [d for d, dev in self._devices.items() if dev.role == "viewer"]
            for d in viewers[:-MAX_VIEWERS]:
                del self._devices[d]
        log.info("a screen opened the watch link")
        return device

    def _link_matches(self, token: str, link: str) -> bool:
        """Whether ``token`` is ``link``'s (compared in constant time); a
        wrong one is counted for the log.  Under the lock."""
        if token and hmac.compare_digest(token.encode(), link.encode()):
            return True
        if token:
            self._note_wrong_link()
        return False

    def _issue(self, name: str, role: Role) -> str:
        """A new device token for a device called ``name`` in ``role`` (only
        its digest is kept).  Under the lock."""
        device = secrets.token_urlsafe(32)
        self._devices[_digest(device)] = Device(secrets.token_hex(8), name, role)
        return device

    def _note_wrong_link(self) -> None:
        """Count a wrong or used link; log at most a line a minute.  Under the lock."""
        if n := self._wrong_links.due("link"):
            log.warning("%d host link(s) with a wrong or used token were opened", n)

    def sign_out_other_hosts(self, keep: str) -> int:
        """Revoke every host device token but ``keep`` (the host's own
        browser); how many were revoked.  Their sessions are out at once."""
        kept = _digest(keep)
        with self._lock:
            others = [d for d, dev in self._devices.items() if dev.role == "host" and d != kept]
            for d in others:
                del self._devices[d]
            if others:
                self.generation += 1
        log.info("the host signed out %d other host browser(s)", len(others))
        return len(others)

    def new_host_token(self) -> str:
        """Draw a fresh host link token (the old one, used or not, is dead)."""
        with self._lock:
            self.host_token = secrets.token_urlsafe(32)
            return self.host_token

    # --- the join code ------------------------------------------------------------------

    def new_code(self) -> str:
        """Draw a new join code and revoke every joined device (and every
        watching screen: the watch link is drawn afresh too)."""
        with self._lock:
            revoked = self._replace_code(revoke=True)
        log.info("new join code drawn; %d joined device(s) must join again", revoked)
        return self._code

    def _replace_code(self, *, revoke: bool) -> int:
        self._code = new_join_code()
        self.wrong_total = 0
        self._guesses.clear()
        self.generation += 1
        revoked = 0
        if revoke:
            self.watch_token = secrets.token_urlsafe(32)
            guests = [d for d, dev in self._devices.items() if dev.role in ("guest", "viewer")]
            for d in guests:
                del self._devices[d]
            revoked = len(guests)
            self._requests.clear()  # asked with the old code: out with it
            self._failures.clear()
            self._blocked_until.clear()
        return revoked

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

    def try_code(self, address: str, typed: str, name: str = "") -> Attempt:
        """Check a join code typed at ``address`` (the peer address the server
        saw), by a device that calls itself ``name``."""
        with self._lock:
            if address in self._blocked:
                self._note_wrong(address, refused=True)
                return Attempt(False, wait=self.lockout)
            wait = self._wait(address)
            if wait > 0:
                self._note_wrong(address, refused=True)
                return Attempt(False, wait=wait)
            if not typed.strip():  # Enter in the name field before the code: no guess
                return Attempt(False)
            text = normalize_code(typed) if len(typed) <= MAX_TYPED else ""
            if text and hmac.compare_digest(text.encode(), self._code.encode()):
                self._failures.pop(address, None)
                if self.guarded:
                    return Attempt(False, asked=self._ask(address, name))
                return Attempt(True, token=self._let_in(name))
            n = int(self._failures.get(address, 0)) + 1
            self._failures.put(address, n)
            self._guesses.put(address, int(self._guesses.get(address, 0)) + 1)
            was_guarded = self.guarded
            self.wrong_total += 1
            wait = 0.0
            if n >= self.max_failures:
                self._blocked_until.put(address, self._clock() + self.lockout)
                wait = self.lockout
            self._note_wrong(address)
            guarded = self.guarded and not was_guarded
            if guarded:
                log.warning(
                    "%d wrong join codes were tried since the code was drawn:"
                    " the host now lets each new device in",
                    self.max_total_failures,
                )
            return Attempt(False, wait=wait, guarded=guarded)

    @property
    def guarded(self) -> bool:
        """Whether the right code only asks the host (see the module's notes)."""
        return self.wrong_total >= self.max_total_failures

    def _let_in(self, name: str) -> str:
        """A new joined device called ``name``; its token.  Under the lock."""
        self._joined += 1
        chosen = clean_device_name(name)
        if chosen.casefold() in host_names():  # names are labels, never identities
            chosen = ""
        device = self._issue(self._unique(chosen or f"Device {self._joined}"), "guest")
        log.info("a device joined with the code")
        return device

    def _ask(self, address: str, name: str) -> str:
        """A request for the host's yes; its id.  Under the lock."""
        request = Request(secrets.token_hex(8), address, clean_device_name(name))
        self._requests[request.id] = request
        while len(self._requests) > MAX_REQUESTS:
            del self._requests[next(iter(self._requests))]
        log.info("a device at %s typed the right code: the host is asked", address)
        return request.id

    # --- the host's answers, once guarded ----------------------------------------------

    def requests(self) -> list[Request]:
        """The devices waiting for the host's answer, oldest first (copies)."""
        with self._lock:
            return [
                Request(r.id, r.address, r.name)
                for r in self._requests.values()
                if r.token is None and not r.refused
            ]

    def allow(self, request_id: str) -> bool:
        """The host's yes: the device is let in when it next looks."""
        with self._lock:
            request = self._requests.get(request_id)
            if request is None or request.token is not None or request.refused:
                return False
            request.token = self._let_in(request.name)
            return True

    def refuse(self, request_id: str) -> bool:
        """The host's no."""
        with self._lock:
            request = self._requests.get(request_id)
            if request is None or request.token is not None:
                return False
            request.refused = True
            return True

    def collect(self, request_id: str) -> Attempt | None:
        """The host's answer to a request, for the device that made it (once):
        its token, a refusal, or None while the host has not answered (or
        the request was dropped: :data:`MAX_REQUESTS`, a new code)."""
        with self._lock:
            request = self._requests.get(request_id)
            if request is None or (request.token is None and not request.refused):
                return None
            del self._requests[request_id]
            if request.refused:
                return Attempt(False, refused=True)
            return Attempt(True, token=request.token)

    def guesses(self, top: int = 5) -> list[tuple[str, int]]:
        """The addresses most wrong codes came from since the code was drawn,
        with their counts (the host's "Block")."""
        with self._lock:
            found = sorted(self._guesses.items(), key=lambda kv: -kv[1])
            return [(a, int(n)) for a, n in found[:top] if a not in self._blocked]

    def block(self, address: str) -> None:
        """Refuse every code from ``address`` until the server stops."""
        with self._lock:
            self._blocked.pop(address, None)
            self._blocked[address] = None
            while len(self._blocked) > MAX_BLOCKED:
                del self._blocked[next(iter(self._blocked))]
        log.warning("the host blocked %s", address)

    def _note_wrong(self, address: str, *, refused: bool = False) -> None:
        """Count a wrong (or locked-out) attempt; log at most a line a minute per address."""
        if n := self._wrong_log.due(address):
            log.warning(
                "%d wrong join code(s) from %s%s", n, address, " (it waits)" if refused else ""
            )

    # --- the devices let in ---------------------------------------------------------------

    def role(self, token: str) -> Role | None:
        """Whose device token this is: the host's, a joined device's, or nobody's."""
        device = self.device(token)
        return None if device is None else device.role

    def device(self, token: str) -> Device | None:
        if not token:
            return None
        d = _digest(token)
        with self._lock:
            return self._devices.get(d)

    def _unique(self, label: str) -> str:
        """``label``, or with " 2", " 3"... when a device let in has it already
        (in any case): the stale-write message names the writer, so two
        devices that chose one name ("Phone") must still be told apart.
        Under the lock."""
        taken = {dev.name.casefold() for dev in self._devices.values()}
        n = 1
        unique = label
        while unique.casefold() in taken:
            n += 1
            suffix = f" {n}"
            unique = label[: MAX_NAME - len(suffix)].rstrip() + suffix
        return unique

    def name(self, token: str) -> str:
        """The name a device chose when it joined ("" for the host's)."""
        device = self.device(token)
        return "" if device is None else device.name

    def devices(self) -> list[Device]:
        """The joined devices (not the host's), in the order they joined."""
        with self._lock:
            return [d for d in self._devices.values() if d.role == "guest"]

    def remove(self, device_id: str) -> bool:
        """Revoke one joined device (by its :attr:`Device.id`)."""
        with self._lock:
            for d, dev in list(self._devices.items()):
                if dev.id == device_id and dev.role == "guest":
                    del self._devices[d]
                    self.generation += 1
                    log.info("the host removed a device")
                    return True
        return False
