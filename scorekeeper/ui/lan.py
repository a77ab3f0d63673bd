"""``scorekeeper --lan``: the phones at the table join the host's server.

The rules of who may come in are in :mod:`scorekeeper.ui.join` (no flet);
each browser session is let in, or shown only the code screen, by
:mod:`scorekeeper.ui.lan_session` (its ``lan_main`` is the server's session
entry point: this module does not import it, as it imports this one).
Here: the server's addresses, the QR code, and the host link.

The host link (``/?host=TOKEN``, printed by ``scorekeeper --lan``) is
answered before any page loads (:class:`HostLink`): the token is exchanged,
once, for a host device token, kept in an ``HttpOnly`` cookie of this
server, and the browser is sent on to ``/`` by a redirect, so the link is
replaced in the address bar and its history, never shown again, and dead
from then on.  A session is the host only with that cookie: nothing the
client says of itself (``page.web``, its route, platform or address) makes
it one.
"""

from __future__ import annotations

import io
import ipaddress
import logging
import socket
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import segno

from .join import JoinGate

log = logging.getLogger(__name__)

#: The host link's query parameter.
HOST_PARAM = "host"
#: The query parameter of the watch link (a screen that watches the table).
WATCH_PARAM = "watch"
#: How long the host's cookie lasts (a year: the host is this computer's browser).
HOST_COOKIE_AGE = 365 * 24 * 3600
#: The longest WebSocket message a session may send before it is let in:
#: registering (the page's size, route, platform...) and typing a code need
#: a few hundred bytes.
PRE_JOIN_LIMIT = 8 * 1024


@dataclass
class Lan:
    """One ``--lan`` server: its gate and the address other devices open."""

    url: str
    gate: JoinGate = field(default_factory=JoinGate)
    #: the address on the host itself (loopback when the server listens there)
    local_url: str | None = None
    #: seconds a session may stay on the code screen, idle, before it is dropped
    idle_seconds: float = 300.0

    @property
    def host_link(self) -> str:
        """The host's own link, with the current one-time token (keep it private)."""
        return f"{self.local_url or self.url}?{HOST_PARAM}={self.gate.host_token}"

    def new_host_link(self) -> str:
        """A fresh host link (the one printed before, used or not, is dead)."""
        self.gate.new_host_token()
        return self.host_link

    @property
    def host_cookie(self) -> str:
        """The name of the host's cookie: a browser's cookies are per name, not
        per port, so each server's port is in it."""
        port = urllib.parse.urlsplit(self.url).port or 80
        return f"scorekeeper_host_{port}"

    @property
    def watch_link(self) -> str:
        """The link a screen opens to watch the table (shown on the host)."""
        return f"{self.url}?{WATCH_PARAM}={self.gate.watch_token}"

    @property
    def watch_cookie(self) -> str:
        """The name of a watching screen's cookie (see :attr:`host_cookie`)."""
        port = urllib.parse.urlsplit(self.url).port or 80
        return f"scorekeeper_watch_{port}"


Scope = dict[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Any]


class HostLink:
    """ASGI middleware: a request with ``?host=TOKEN`` is the host link, one
    with ``?watch=TOKEN`` the watch link.

    Whatever the token, the answer is a redirect to ``/`` (so the token
    leaves the address bar and is not kept in the browser's history); a
    right host token, the first time it is opened with GET, also sets the
    host's cookie, and a right watch token (each time: every screen that
    opens it) a watching screen's cookie."""

    def __init__(self, app: ASGIApp, lan: Lan) -> None:
        self.app = app
        self.lan = lan

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        token = watch = None
        if scope["type"] == "http" and scope.get("method") in ("GET", "HEAD"):
            query = urllib.parse.parse_qs(scope.get("query_string", b"")[:4096].decode("latin-1"))
            token = (query.get(HOST_PARAM) or [None])[0]
            watch = (query.get(WATCH_PARAM) or [None])[0] if token is None else None
        if token is None and watch is None:
            await self.app(scope, receive, send)
            return
        headers = [
            (b"location", b"/"),
            (b"cache-control", b"no-store"),
            (b"content-length", b"0"),
        ]
        # HEAD (a link preview, a prefetch) is answered but never uses the link up
        get = scope.get("method") == "GET"
        if watch is not None:
            device = self.lan.gate.admit_viewer(watch) if get else None
            name = self.lan.watch_cookie
        else:
            device = self.lan.gate.admit_host(token or "") if get else None
            name = self.lan.host_cookie
        if device is not None:
            cookie = (
                f"{name}={device}; Path=/; Max-Age={HOST_COOKIE_AGE}; HttpOnly; SameSite=Strict"
            )
            headers.append((b"set-cookie", cookie.encode("latin-1")))
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), best first.

    Found without sending anything: a UDP socket "connected" to a documentation
    address only asks the kernel which address it would use.
    """
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet is sent
            found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    out: list[str] = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and a not in out:
            out.append(a)
    return out


def server_names(host: str) -> list[str]:
    """The names and addresses a ``--lan`` server bound to ``host`` answers to."""
    if host in ("0.0.0.0", "", "::"):
        names = ["127.0.0.1", "localhost", *local_addresses()]
        hostname = socket.gethostname()
        if hostname:
            names += [hostname, f"{hostname}.local"]
        return list(dict.fromkeys(n.lower() for n in names))
    return [host]


def lan_url(host: str, port: int, names: Iterable[str] = ()) -> str:
    """The address the other devices open.

    >>> lan_url("0.0.0.0", 8550, ["127.0.0.1", "192.168.1.5"])
    'http://192.168.1.5:8550/'
    >>> lan_url("10.0.0.2", 8600)
    'http://10.0.0.2:8600/'
    """
    if host not in ("0.0.0.0", "", "::"):
        return f"http://{host}:{port}/"
    for n in names:
        try:
            ip = ipaddress.ip_address(n)
        except ValueError:
            continue
        if not ip.is_loopback:
            return f"http://{n}:{port}/"
    return f"http://127.0.0.1:{port}/"


def qr_png(text: str, scale: int = 6) -> bytes:
    """A QR code of ``text`` as PNG bytes (drawn by segno)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


def qr_text(text: str) -> str:
    """A QR code of ``text`` for a terminal (two rows per line of text)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()
