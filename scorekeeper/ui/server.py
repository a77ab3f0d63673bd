"""The web server: Flet's FastAPI app behind a gate, served by uvicorn.

Any web page the player visits could try to reach the app on
``127.0.0.1`` (a rebound DNS name, a browser without local-network
protection).  So every HTTP request and the WebSocket upgrade pass
:class:`Gate` first: the ``Host`` must be one of the server's own names
(with its port) and an ``Origin``, when the browser sends one, must be that
same host; ``Origin: null`` is refused.  Anything else gets 403 before a
session starts.  FastAPI's ``/docs``, ``/redoc`` and ``/openapi.json`` are
not served.

Imports are uploads to ``PUT /upload`` (a URL the server signed for one
one-time slot of :data:`~scorekeeper.ui.uploads.INBOX`), at most
:data:`~scorekeeper.ui.uploads.MAX_UPLOAD` bytes, held in memory: a body
announced as larger is refused before it is read, one that grows larger
is refused as soon as it does, one that trickles in is cut off.  A slot
takes one upload, and the server two at a time (others: 503, "try again in
a moment").

What one client can hold is bounded (:func:`server_config`): connections
in all, the time to send a request's headers, a keep-alive connection's
idle time, the size of a WebSocket message.

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

import asyncio
import contextlib
import hmac
import ipaddress
import logging
import secrets
import urllib.parse
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from .peer import PEER, guarded, peer_of, run_until_gone
from .uploads import INBOX, UploadInbox, UploadsBusy

__all__ = [
    "DOCS_PATHS",
    "HEADER_TIMEOUT",
    "KEEP_ALIVE_TIMEOUT",
    "LOOPBACK_NAMES",
    "MAX_CONNECTIONS",
    "UPLOAD_PATH",
    "WS_MAX_SIZE",
    "Gate",
    "allowed_authorities",
    "build_app",
    "is_allowed",
    "names_for",
    "serve_web",
    "server_config",
    "split_authority",
]

log = logging.getLogger(__name__)

#: The names a loopback server answers to.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: FastAPI's own pages: never served.
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
#: Where the browser sends an import file (Flet's default upload path).
UPLOAD_PATH = "/upload"

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


# --- uploads ----------------------------------------------------------------------------


def upload_endpoint(inbox: UploadInbox, secret_key: str) -> Callable[[Any], Any]:
    """The ``PUT /upload`` handler (a Starlette endpoint) for ``inbox``.

    The slot is claimed before a byte of the body is read (a second upload to
    it is refused at once); when ``inbox.max_held`` uploads are under way the
    answer is 503, which the session shows as "try again in a moment".  The
    body must keep coming (``inbox.read_timeout`` between two pieces) and be
    done in ``inbox.upload_timeout``, else 408.
    """
    from flet_web.uploads import (  # type: ignore[import-untyped]
        build_upload_query_string,
        get_upload_signature,
    )
    from starlette.requests import ClientDisconnect
    from starlette.responses import PlainTextResponse

    def answer(status: int, text: str, **headers: str) -> Any:
        return PlainTextResponse(text, status_code=status, headers=headers)

    async def read_body(request: Any) -> bytes | Any:
        """The whole body, or the response that refuses it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + inbox.upload_timeout
        body = bytearray()
        try:
            async with (
                asyncio.timeout(None) as deadline,
                contextlib.aclosing(request.stream()) as chunks,
            ):
                while True:
                    deadline.reschedule(min(end, loop.time() + inbox.read_timeout))
                    try:
                        chunk = await anext(chunks)
                    except StopAsyncIteration:
                        return bytes(body)
                    body += chunk
                    if len(body) > inbox.limit:
                        return answer(413, "The file is too large.")
        except TimeoutError:  # a client that trickles a few bytes a minute
            return answer(408, "The upload was too slow.")
        except ClientDisconnect:  # the browser went away mid-upload
            return answer(400, "")

    async def handler(request: Any) -> Any:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > inbox.limit):
            return answer(413, "The file is too large.")
        q = request.query_params
        name, expires, signature = q.get("f"), q.get("e"), q.get("s")
        if not name or not expires or not signature:
            return answer(400, "Missing upload parameters.")
        try:
            expire_date = datetime.fromisoformat(expires)
        except ValueError:
            return answer(400, "Bad upload parameters.")
        wanted = get_upload_signature(
            request.url.path, build_upload_query_string(name, expire_date), expire_date, secret_key
        )
        if not hmac.compare_digest(wanted, signature):
            return answer(403, "Bad upload signature.")
        if expire_date.tzinfo is None or datetime.now(UTC) >= expire_date:
            return answer(410, "The upload link has expired.")
        try:
            inbox.claim(name)
        except KeyError:
            return answer(404, "No such upload.")
        except UploadsBusy:
            return answer(503, "Busy: try again in a moment.", **{"retry-after": "5"})
        try:
            got = await read_body(request)
            if not isinstance(got, bytes):
                return got
            try:
                inbox.fill(name, got)
            except KeyError:  # the session dropped the slot meanwhile
                return answer(404, "No such upload.")
            return answer(204, "")
        finally:
            inbox.release(name)  # a no-op once filled; else the slot is spent

    return handler


# --- the app and the server ------------------------------------------------------------


def build_app(
    session_main: Callable[[Any], Any],
    *,
    allowed_hosts: Collection[str],
    assets_dir: str | None,
    app_name: str = "Gin Scorekeeper",
    app_description: str = "The score sheet for Gin Rummy played with a real deck.",
    inbox: UploadInbox = INBOX,
    secret_key: str | None = None,
    pre_join_limit: int | None = None,
    wrap: Callable[[ASGIApp], ASGIApp] | None = None,
) -> ASGIApp:
    """Flet's FastAPI app for ``session_main`` (offline: ``no_cdn``), with the
    upload endpoint, without the docs pages, behind :class:`Gate`.

    ``allowed_hosts`` are ``name:port`` authorities (:func:`allowed_authorities`);
    ``wrap`` puts more middleware between the gate and the app (LAN mode's
    host link); ``pre_join_limit``: see :class:`Gate`.
    """
    import flet_web.fastapi as flet_fastapi  # type: ignore[import-untyped]
    from starlette.routing import Route

    key = secret_key or secrets.token_urlsafe(32)
    app = flet_fastapi.app(
        session_main,
        assets_dir=assets_dir,
        app_name=app_name,
        app_short_name="Gin Score",
        app_description=app_description,
        no_cdn=True,
        upload_endpoint_path=UPLOAD_PATH,
        secret_key=key,
    )
    # no docs pages; the upload route goes before the static files mounted at "/"
    routes = [r for r in app.router.routes if getattr(r, "path", None) not in DOCS_PATHS]
    routes.insert(0, Route(UPLOAD_PATH, upload_endpoint(inbox, key), methods=["PUT"]))
    app.router.routes[:] = routes
    app.openapi_url = app.docs_url = app.redoc_url = None
    inner: ASGIApp = app if wrap is None else wrap(app)
    return Gate(inner, allowed_hosts, pre_join_limit=pre_join_limit)


class _NoQueries(logging.Filter):
    """Drop query strings from the server's own log lines (they could hold a secret)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                a.split("?", 1)[0] + "?…" if isinstance(a, str) and "?" in a else a
                for a in record.args
            )
        return True


class _ShutdownCancels(logging.Filter):
    """A session still open when the server stops is cancelled once uvicorn's
    grace period is over; uvicorn logs that as an error with a traceback.  It
    is the stop the player asked for: say so in one line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, asyncio.CancelledError) and "graceful shutdown" in str(exc):
            record.msg, record.args = "a session still open at shutdown was closed", ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


#: How many connections (WebSockets included) and requests the server
#: serves at once; past that uvicorn answers a request 503.  A table of
#: devices needs a few dozen.
MAX_CONNECTIONS = 1000
#: Files the process needs besides its connections (store, logs, the
#: listening socket, Flet's own): kept free under the open-files limit.
SPARE_FILES = 256
#: Seconds a connection has to send a request's headers (from its opening, or
#: from the first byte of its next request), and the idle time a keep-alive
#: connection gets after a response.
HEADER_TIMEOUT = 10.0
KEEP_ALIVE_TIMEOUT = 5
#: The largest WebSocket message a client may send.  Flet's web client sends
#: small events (a tap, a typed name, the page's size, a method's result:
#: well under a kilobyte); 256 KiB is hundreds of times that, yet a
#: connection can no longer make the server buffer uvicorn's default 16 MiB.
WS_MAX_SIZE = 256 * 1024


def server_config(app: ASGIApp, host: str, port: int) -> Any:
    """uvicorn's configuration for ``app`` on ``host:port``, with every bound:
    connections (:data:`MAX_CONNECTIONS`, fitted to the open-files limit),
    header and keep-alive timeouts, WebSocket message size."""
    import uvicorn

    files = _raise_open_files(MAX_CONNECTIONS + SPARE_FILES)
    limit = MAX_CONNECTIONS if files is None else max(16, min(MAX_CONNECTIONS, files - SPARE_FILES))
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=_http_protocol(),
        access_log=False,  # request lines could carry a secret: never logged
        proxy_headers=False,  # the client's address is the socket's, not a header's
        server_header=False,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,
        limit_concurrency=limit,
        timeout_keep_alive=KEEP_ALIVE_TIMEOUT,
        timeout_graceful_shutdown=3,
        log_config=None,
    )


def _raise_open_files(wanted: int) -> int | None:
    """Raise this process's soft open-files limit to ``wanted`` (at most the
    hard limit); the soft limit then, ``None`` where there is no such limit.
    A server out of file descriptors stops accepting anyone."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return None if soft == resource.RLIM_INFINITY else soft
    new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    except (ValueError, OSError):
        return soft
    return new


def _http_protocol() -> Any:
    """uvicorn's httptools protocol, with the deadlines it lacks.

    uvicorn (0.54, both its h11 and httptools protocols) arms no timer on a
    fresh connection: one that never sends a request, or sends its headers a
    byte at a time, stays open for ever, and enough of them exhaust the open
    files and ``limit_concurrency``.  Its keep-alive timer is armed only after
    a response and cancelled by any byte that arrives, so a request body that
    trickles in after the answer also keeps a connection for ever.  So this
    subclass of its public protocol class (passed through uvicorn's public
    ``http=`` option; no uvicorn code is changed) adds one timer per
    connection, using only the parser callbacks httptools defines:

    - from the connection's opening, and from the first byte of each next
      request, the headers must be complete in :data:`HEADER_TIMEOUT`;
    - a response sent before the request's body was all read (a refusal)
      leaves the client :data:`KEEP_ALIVE_TIMEOUT` to read it while the rest
      of its body drains, then the connection is closed (closing at once
      could reset the connection before the browser reads the answer).

    A socket-level timeout would not see where a request's headers end, and
    an ASGI middleware is only called once they have all arrived.  uvicorn's
    h11 protocol is used only where httptools cannot be installed (Windows on
    ARM); it then runs without these deadlines, and says so.
    """
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools comes with uvicorn[standard]
        log.warning("httptools is missing: no header timeout on web connections")
        return "h11"

    class Deadlines(HttpToolsProtocol):
        _closer: asyncio.TimerHandle | None = None

        def _close_in(self, seconds: float | None) -> None:
            if self._closer is not None:
                self._closer.cancel()
            self._closer = None if seconds is None else self.loop.call_later(seconds, self._close)

        def _close(self) -> None:
            self._closer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._close_in(HEADER_TIMEOUT)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._close_in(HEADER_TIMEOUT)

        def on_headers_complete(self) -> None:
            self._close_in(None)
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            body_unread = not self.pipeline and self.cycle is not None and self.cycle.more_body
            super().on_response_complete()
            if body_unread and not self.transport.is_closing():
                self._close_in(self.timeout_keep_alive)

        def connection_lost(self, exc: Exception | None) -> None:
            self._close_in(None)
            super().connection_lost(exc)

    return Deadlines


def serve_web(
    session_main: Callable[[Any], Any],
    *,
    host: str,
    port: int,
    allowed_hosts: Sequence[str] = (),
    assets_dir: str | None,
    open_browser: bool = False,
    on_started: Callable[[str], None] | None = None,
    **app_options: Any,
) -> None:
    """Serve ``session_main`` (called with each new ``ft.Page``) until stopped.

    The server answers to the names of ``host`` (:func:`names_for`: every
    loopback name for a loopback address) and to ``allowed_hosts`` (names or
    addresses, each with or without a port): LAN mode passes the machine's
    addresses here.  No access log; connections and messages bounded
    (:func:`server_config`).  ``on_started(url)`` is called once the port is
    open.
    """
    import uvicorn

    allowed = allowed_authorities([*names_for(host), *allowed_hosts], port)
    app = build_app(session_main, allowed_hosts=allowed, assets_dir=assets_dir, **app_options)
    url_host = host if host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    if ":" in url_host and not url_host.startswith("["):
        url_host = f"[{url_host}]"
    url = f"http://{url_host}:{port}/"

    async def started() -> None:
        if on_started is not None:
            on_started(url)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    config = server_config(app, host, port)
    logging.getLogger("uvicorn.error").addFilter(_NoQueries())
    logging.getLogger("uvicorn.error").addFilter(_ShutdownCancels())
    server = uvicorn.Server(config)
    _after_startup(server, started)
    server.run()


def _after_startup(server: Any, callback: Callable[[], Any]) -> None:
    """Run ``callback`` once uvicorn listens (its startup has no hook of its own)."""
    original = server.startup

    async def startup(*args: Any, **kwargs: Any) -> None:
        await original(*args, **kwargs)
        if server.started:
            await callback()

    server.startup = startup
