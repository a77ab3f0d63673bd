"""The web server's bounds: what one client can hold.

What one client can hold is bounded (:func:`server_config`): connections
in all, the time to send a request's headers, a keep-alive connection's
idle time, the size of a WebSocket message.  The server that runs with this
configuration is :func:`scorekeeper.ui.server.serve_web`.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from .gate import OWN_ADDRESSES, ASGIApp
from .throttle import LogThrottle

__all__ = [
    "CONNECTIONS_PER_ADDRESS",
    "HEADER_TIMEOUT",
    "KEEP_ALIVE_TIMEOUT",
    "MAX_CONNECTIONS",
    "SPARE_FILES",
    "TEST_DEADLINE_ENV",
    "WS_MAX_SIZE",
    "deadlines",
    "server_config",
]

# (The name it logged under before server.py was split: a log set up for it still hears it.)
log = logging.getLogger("scorekeeper.ui.server")

#: How many connections (WebSockets included) and requests the server
#: serves at once; past that uvicorn answers a request 503.  A table of
#: devices needs a few dozen.
MAX_CONNECTIONS = 1000
#: On a server open to the network: HTTP connections one peer address may
#: hold at once (a browser opens at most six to a server, a few browsers on
#: one device a few times that).  Past it a new connection is closed at
#: once, so strangers holding connections from 32 addresses fill at most
#: three quarters of :data:`MAX_CONNECTIONS`, and a new device's page load
#: is still served.  The host's own machine (``gate.OWN_ADDRESSES``: its
#: loopback, which no packet from the network can claim) is not held to it.
#: (WebSockets are bounded per address by the gate: ``gate.SOCKETS_PER_ADDRESS``.)
CONNECTIONS_PER_ADDRESS = 24
#: Files the process needs besides its connections (store, logs, the
#: listening socket, Flet's own): kept free under the open-files limit.
SPARE_FILES = 256
#: Seconds a connection has to send a request's headers (from its opening, or
#: from the first byte of its next request), and the idle time a keep-alive
#: connection gets after a response.
HEADER_TIMEOUT = 10.0
KEEP_ALIVE_TIMEOUT = 5
#: For the tests only: whole seconds that shorten both deadlines above (each
#: becomes the smaller of its own and this), so that a test of a deadline
#: does not wait out 10 s (tests/web/test_connections.py).  Read from the
#: server process's own environment as it sets its bounds up: nothing a
#: client sends reaches it, and it can only shorten a deadline, never
#: lengthen one.  Unset (anywhere but in those tests), the deadlines are the
#: ones above.
TEST_DEADLINE_ENV = "SCOREKEEPER_TEST_DEADLINE_SECONDS"
#: The largest WebSocket message a client may send.  Flet's web client sends
#: small events (a tap, a typed name, the page's size, a method's result:
#: well under a kilobyte); 256 KiB is hundreds of times that, yet a
#: connection can no longer make the server buffer uvicorn's default 16 MiB.
WS_MAX_SIZE = 256 * 1024


def server_config(app: ASGIApp, host: str, port: int, *, per_address: int | None = None) -> Any:
    """uvicorn's configuration for ``app`` on ``host:port``, with every bound:
    connections (:data:`MAX_CONNECTIONS`, fitted to the open-files limit;
    ``per_address`` at most from one peer address, on a server open to the
    network), header and keep-alive timeouts, WebSocket message size."""
    import uvicorn

    files = _raise_open_files(MAX_CONNECTIONS + SPARE_FILES)
    limit = MAX_CONNECTIONS if files is None else max(16, min(MAX_CONNECTIONS, files - SPARE_FILES))
    header_timeout, keep_alive = deadlines()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=_http_protocol(header_timeout, per_address),
        access_log=False,  # request lines could carry a secret: never logged
        proxy_headers=False,  # the client's address is the socket's, not a header's
        server_header=False,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,
        limit_concurrency=limit,
        timeout_keep_alive=keep_alive,
        timeout_graceful_shutdown=3,
        log_config=None,
    )


def deadlines() -> tuple[float, int]:
    """The header deadline and the keep-alive idle time the server runs with:
    :data:`HEADER_TIMEOUT` and :data:`KEEP_ALIVE_TIMEOUT`, each shortened to
    the seconds of :data:`TEST_DEADLINE_ENV` where the tests set it."""
    raw = os.environ.get(TEST_DEADLINE_ENV)
    if raw is None:
        return HEADER_TIMEOUT, KEEP_ALIVE_TIMEOUT
    try:
        seconds = int(raw)
    except ValueError:
        seconds = 0
    if seconds < 1:
        log.warning("%s=%r ignored: whole seconds, 1 or more", TEST_DEADLINE_ENV, raw)
        return HEADER_TIMEOUT, KEEP_ALIVE_TIMEOUT
    header, keep_alive = min(HEADER_TIMEOUT, float(seconds)), min(KEEP_ALIVE_TIMEOUT, seconds)
    log.warning(
        "%s (a test setting): header deadline %g s, keep-alive %d s",
        TEST_DEADLINE_ENV,
        header,
        keep_alive,
    )
    return header, keep_alive


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


def _http_protocol(header_timeout: float, per_address: int | None = None) -> Any:
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
      request, the headers must be complete in ``header_timeout`` seconds
      (:data:`HEADER_TIMEOUT`, see :func:`deadlines`);
    - a response sent before the request's body was all read (a refusal)
      leaves the client :data:`KEEP_ALIVE_TIMEOUT` to read it while the rest
      of its body drains, then the connection is closed (closing at once
      could reset the connection before the browser reads the answer);
    - with ``per_address``, a peer address that holds that many connections
      already has its next one closed as it opens (counted from the opening
      to the close, or to the upgrade to a WebSocket, which the gate counts).

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

    held: dict[str, int] = {}  # peer address -> HTTP connections open
    refused = LogThrottle()  # one line a minute an address

    class Deadlines(HttpToolsProtocol):
        _closer: asyncio.TimerHandle | None = None
        _counted: str | None = None  # the peer address this connection counts for

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
            if per_address is not None and not self._counted_in(transport, per_address):
                transport.close()
                return
            self._close_in(header_timeout)

        def _counted_in(self, transport: asyncio.Transport, per_address: int) -> bool:
            """Count this connection for its peer address; False (logged at
            most a line a minute) if that address holds ``per_address`` already."""
            address = str((transport.get_extra_info("peername") or ("",))[0])
            if address in OWN_ADDRESSES:
                return True
            if held.get(address, 0) >= per_address:
                if n := refused.due(address):
                    log.warning("refused %d connection(s) from %s: too many open", n, address)
                return False
            held[address] = held.get(address, 0) + 1
            self._counted = address
            return True

        def _uncount(self) -> None:
            address, self._counted = self._counted, None
            if address is not None:
                left = held.pop(address, 1) - 1
                if left > 0:
                    held[address] = left

        def handle_websocket_upgrade(self) -> None:
            self._uncount()  # a WebSocket now: the gate counts it
            self._close_in(None)
            super().handle_websocket_upgrade()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._close_in(header_timeout)

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
            self._uncount()
            super().connection_lost(exc)

    return Deadlines
