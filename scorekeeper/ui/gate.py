"""The web server's gate: who may come in, before any session starts.

Any web page the player visits could try to reach the app on
``127.0.0.1`` (a rebound DNS name, a browser without local-network
protection).  So every HTTP request and the WebSocket upgrade pass
:class:`Gate` first: the ``Host`` must be one of the server's own names
(with its port) and an ``Origin``, when the browser sends one, must be that
same host; ``Origin: null`` is refused.  Anything else gets 403 before a
session starts.  FastAPI's ``/docs``, ``/redoc`` and ``/openapi.json`` are
not served.

The server itself (Flet's app behind this gate, uvicorn) is
:mod:`scorekeeper.ui.server`.

>>> ok = allowed_authorities(LOOPBACK_NAMES, 8550)
>>> sorted(ok)
['127.0.0.1:8550', '[::1]:8550', 'localhost:8550']
>>> is_allowed("127.0.0.1:8550", "http://127.0.0.1:8550", ok)
True
>>> is_allowed("127.0.0.1:8550", None, ok)  # no Origin: not a cross-site browser request
True
>>> is_allowed("127.0.0.1:8550", "http://evil.example", ok)
False
>>> is_allowed("127.0.0.1:8550", "https://127.0.0.1:8550", ok)  # the server speaks http
False
>>> is_allowed("127.0.0.1:8550", "null", ok)
False
>>> is_allowed("evil.example:8550", "http://evil.example:8550", ok)  # DNS rebinding
False
"""

from __future__ import annotations

import ipaddress
import logging
import time
import urllib.parse
from collections.abc import Callable, Collection, Iterable
from typing import Any

from .peer import PEER, guarded, peer_of, run_until_gone
from .throttle import LogThrottle

__all__ = [
    "DOCS_PATHS",
    "FIRST_MESSAGE_SECONDS",
    "FORBIDDEN",
    "LOOPBACK_NAMES",
    "SECURITY_HEADERS",
    "SOCKETS_PER_ADDRESS",
    "ASGIApp",
    "Gate",
    "Receive",
    "Scope",
    "Send",
    "allowed_authorities",
    "is_allowed",
    "names_for",
    "split_authority",
]

# (The name it logged under before server.py was split: a log set up for it still hears it.)
log = logging.getLogger("scorekeeper.ui.server")

#: The names a loopback server answers to.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: FastAPI's own pages: never served.
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})

Scope = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[dict[str, Any]], Any]
ASGIApp = Callable[[Scope, Receive, Send], Any]


# --- who may come in ---------------------------------------------------------------


def split_authority(value: str) -> tuple[str, int | None] | None:
    """``host[:port]`` as (lower-case host, port or None); ``None`` if malformed.

    >>> split_authority("LocalHost:8550"), split_authority("[::1]"), split_authority("[::1]:80")
    (('localhost', 8550), ('[::1]', None), ('[::1]', 80))
    >>> split_authority("a@b:1"), split_authority("x:99999"), split_authority("")
    (None, None, None)
    """
    value = value.strip().lower()
    if not value or any(c in value for c in "@/\\?# \t"):
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[: end + 1], value[end + 1 :]
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return None
    elif value.count(":") > 1:  # a bare IPv6 address
        try:
            return f"[{ipaddress.IPv6Address(value).compressed}]", None
        except ValueError:
            return None
    else:
        host, _, port_text = value.partition(":")
        rest = ":" + port_text if ":" in value else ""
    if not host:
        return None
    if not rest:
        return host, None
    if not rest.startswith(":") or not rest[1:].isdigit():
        return None
    port = int(rest[1:])
    return (host, port) if 0 < port < 65536 else None


def allowed_authorities(names: Iterable[str], port: int) -> frozenset[str]:
    """``name:port`` for each of the server's names (a name may bring its own port).

    >>> sorted(allowed_authorities(["192.168.1.5", "::1", "box.local:9000"], 8550))
    ['192.168.1.5:8550', '[::1]:8550', 'box.local:9000']
    """
    out = set()
    for name in names:
        parts = split_authority(name)
        if parts is None:
            raise ValueError(f"not a host name or address: {name!r}")
        host, own_port = parts
        out.add(f"{host}:{own_port or port}")
    return frozenset(out)


def _origin_authority(origin: str) -> tuple[str, str, int] | None:
    """An ``Origin`` header as (scheme, host, port); ``None`` if it is no web origin.

    >>> _origin_authority("HTTPS://LocalHost"), _origin_authority("http://[::1]:8550")
    (('https', 'localhost', 443), ('http', '[::1]', 8550))
    >>> _origin_authority("null"), _origin_authority("file:///etc"), _origin_authority("ws://a")
    (None, None, None)
    """
    try:
        url = urllib.parse.urlsplit(origin.strip())
    except ValueError:
        return None
    scheme = url.scheme.lower()
    default = {"http": 80, "https": 443}.get(scheme)
    if default is None or url.path not in ("", "/") or url.query or url.fragment:
        return None
    parts = split_authority(url.netloc)
    if parts is None:
        return None
    return scheme, parts[0], parts[1] or default


def is_allowed(
    host: str | None, origin: str | None, allowed: Collection[str], scheme: str = "http"
) -> bool:
    """Whether a request with these ``Host`` and ``Origin`` headers may come in.

    ``allowed`` holds ``name:port`` authorities (:func:`allowed_authorities`).
    The ``Host`` must be one of them (no port means 80); an ``Origin``, when
    there is one, must name that same host and port with the server's own
    ``scheme`` (plain ``http``: the server has no TLS); ``null`` never does.

    >>> ok = allowed_authorities(["127.0.0.1", "localhost"], 80)
    >>> is_allowed("localhost", "http://localhost", ok)
    True
    >>> is_allowed("localhost", "http://127.0.0.1", ok)  # another origin, even if ours
    False
    >>> is_allowed("localhost:80", "https://localhost:80", ok)  # another scheme: another origin
    False
    >>> is_allowed(None, None, ok), is_allowed("127.0.0.1:8080", None, ok)
    (False, False)
    """
    if host is None:
        return False
    parts = split_authority(host)
    if parts is None:
        return False
    name, port = parts[0], parts[1] or 80
    if f"{name}:{port}" not in allowed:
        return False
    if origin is None:
        return True
    return _origin_authority(origin) == (scheme, name, port)


def names_for(host: str) -> tuple[str, ...]:
    """The names a server bound to ``host`` answers to, with no extra ones:
    a loopback address answers to all of :data:`LOOPBACK_NAMES`; so does a
    server on every interface (``0.0.0.0``), whose network addresses the
    caller adds (``serve_web(allowed_hosts=...)``).

    >>> names_for("127.0.0.1"), names_for("192.168.1.5")
    (('127.0.0.1', 'localhost', '[::1]'), ('192.168.1.5',))
    >>> names_for("0.0.0.0") == names_for("::") == LOOPBACK_NAMES
    True
    """
    h = host.strip().strip("[]").lower()
    if h in ("localhost", "", "0.0.0.0", "::"):
        return LOOPBACK_NAMES
    try:
        if ipaddress.ip_address(h).is_loopback:
            return LOOPBACK_NAMES
    except ValueError:
        pass
    return (host,)


#: The answer to a request for another name or from another site: what to do
#: when the name is this server's own (a name the machine has that it did not
#: find, or a name on the local network).
FORBIDDEN = (
    b"Forbidden: this server does not answer to that name (or to pages of other sites). "
    b"If it is this computer's name, start Gin Scorekeeper with --allow-host NAME."
)
#: On a server open to the network: WebSockets one peer address may hold at
#: once (a device has one a tab; a host may have a few tabs open).
SOCKETS_PER_ADDRESS = 32
#: Seconds a WebSocket has to send its first message (Flet's client
#: registers as soon as it is connected).
FIRST_MESSAGE_SECONDS = 30.0
#: On a server open to the network: new WebSockets one peer address may open
#: in a minute (a burst of as many, then that many a minute).  Each makes a
#: Flet session that outlives its socket (a reconnect finds it again), so a
#: client opening and closing the code screen in a loop (85 sessions a
#: second were seen, ~49 KB each) is held to this; a phone's page loads and
#: reconnects are a few a minute.  This machine's own loopback, where the
#: host's browsers are, is not held to it.
NEW_SOCKETS_PER_MINUTE = 20
#: Addresses whose new WebSockets are counted (the oldest forgotten first).
COUNTED_ADDRESSES = 4096
#: Not held to :data:`NEW_SOCKETS_PER_MINUTE`: no packet from the network
#: can claim these (the kernel drops it).
OWN_ADDRESSES = frozenset({"127.0.0.1", "::1"})


class SocketBudget:
    """How many new WebSockets each address may open now: a token bucket
    of :data:`NEW_SOCKETS_PER_MINUTE`, refilled over a minute.

    >>> b = SocketBudget(per_minute=2, clock=lambda: 0.0)
    >>> [b.take("10.0.0.5") for _ in range(3)], b.take("10.0.0.6"), b.take("127.0.0.1")
    ([True, True, False], True, True)
    """

    def __init__(
        self,
        per_minute: int = NEW_SOCKETS_PER_MINUTE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._left: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def take(self, address: str) -> bool:
        """Whether ``address`` may open one more now (and count it)."""
        if address in OWN_ADDRESSES:
            return True
        now = self._clock()
        tokens, when = self._left.pop(address, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - when) * self.per_minute / 60.0)
        ok = tokens >= 1.0
        self._left[address] = (tokens - 1.0 if ok else tokens, now)
        while len(self._left) > COUNTED_ADDRESSES:
            del self._left[next(iter(self._left))]
        return ok


class Gate:
    """ASGI middleware: 403 for a foreign ``Host`` or ``Origin`` (on every HTTP
    request and WebSocket upgrade), 404 for FastAPI's docs pages.

    Each WebSocket let through runs with its :class:`~scorekeeper.ui.peer.Peer`
    (the socket's address and cookies) in :data:`~scorekeeper.ui.peer.PEER`.
    On a server open to the network (``pre_join_limit`` given): it may send
    messages of at most ``pre_join_limit`` bytes until the session lets it
    in, must send its first within :data:`FIRST_MESSAGE_SECONDS`, and one
    address may hold at most :data:`SOCKETS_PER_ADDRESS` at once (uvicorn's
    ``limit_concurrency`` does not count WebSockets).
    """

    def __init__(
        self, app: ASGIApp, allowed: Collection[str], *, pre_join_limit: int | None = None
    ) -> None:
        self.app = app
        self.allowed = frozenset(allowed)
        self.pre_join_limit = pre_join_limit
        self._sockets: dict[str, int] = {}  # peer address -> WebSockets open
        self._budget = SocketBudget()
        self._over_budget = LogThrottle(keep=COUNTED_ADDRESSES)  # one line a minute an address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        hosts, origins = [], []
        for key, value in scope.get("headers", ()):
            if key == b"host":
                hosts.append(value.decode("latin-1"))
            elif key == b"origin":
                origins.append(value.decode("latin-1"))
        if (
            len(hosts) != 1
            or len(origins) > 1
            or not is_allowed(hosts[0], origins[0] if origins else None, self.allowed)
        ):
            log.warning(
                "refused a %s request: Host %r, Origin %r",
                "WebSocket" if kind == "websocket" else "HTTP",
                hosts[0] if len(hosts) == 1 else hosts,
                origins[0] if len(origins) == 1 else origins or None,
            )
            await _deny(kind, scope, receive, send, 403, FORBIDDEN)
            return
        if kind == "http" and scope.get("path") in DOCS_PATHS:
            await _deny(kind, scope, receive, send, 404, b"Not Found")
            return
        if kind == "http":
            await self.app(scope, receive, _with_headers(send, SECURITY_HEADERS))
            return
        lan = self.pre_join_limit is not None
        peer = peer_of(
            scope,
            limit=self.pre_join_limit,
            first_message_within=FIRST_MESSAGE_SECONDS if lan else None,
        )
        held = self._sockets.get(peer.address, 0)
        if lan and held >= SOCKETS_PER_ADDRESS:
            log.warning("refused a WebSocket from %s: %d open already", peer.address, held)
            await _deny(kind, scope, receive, send, 403, b"Forbidden")
            return
        if lan and not self._budget.take(peer.address):
            if n := self._over_budget.due(peer.address):
                log.warning(
                    "refused %d WebSocket(s) from %s: over %d new a minute",
                    *(n, peer.address, NEW_SOCKETS_PER_MINUTE),
                )
            await _deny(kind, scope, receive, send, 403, b"Forbidden")
            return
        self._sockets[peer.address] = held + 1
        counted = True

        def closed() -> None:  # the socket is gone: it no longer counts
            nonlocal counted
            if counted:
                counted = False
                left = self._sockets.pop(peer.address, 1) - 1
                if left > 0:
                    self._sockets[peer.address] = left

        receive, send = guarded(peer, receive, send)
        token = PEER.set(peer)  # the connection's tasks, created inside, keep it
        try:
            await run_until_gone(lambda: self.app(scope, receive, send), peer, closed)
        finally:
            PEER.reset(token)


#: Sent with every page and file: the page may load and connect only to this
#: server (Flet's web client would fetch a script from a CDN otherwise), and
#: no other site may frame it.
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
        b"connect-src 'self' data: blob:; frame-ancestors 'none'; base-uri 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def _with_headers(send: Send, extra: tuple[tuple[bytes, bytes], ...]) -> Send:
    async def sender(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *extra]}
        await send(message)

    return sender


async def _deny(
    kind: str, scope: Scope, receive: Receive, send: Send, status: int, body: bytes
) -> None:
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
    ]
    if kind == "http":
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    # Closing before accepting: the server answers the upgrade with 403
    # (uvicorn's denial-response path logs a spurious handshake error).
    await receive()  # websocket.connect
    await send({"type": "websocket.close", "code": 1008})
