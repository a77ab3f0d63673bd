"""What the web tests share: raw HTTP to the server, and sessions through the
Flet protocol (tests/support/flet_client.py) for the LAN tests.  All traffic
goes to the loopback range."""

from __future__ import annotations

import contextlib
import re
import resource
import socket
import struct
import threading
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
import uvicorn

from scorekeeper.ui.server import allowed_authorities, build_app, names_for, server_config
from scorekeeper.ui.uploads import UploadInbox
from tests.support.browser import LanServer
from tests.support.flet_client import Control, FletClient, connect, open_host_link

HOST = "127.0.0.1"


def raw_request(
    port: int,
    request: bytes,
    timeout: float = 10.0,
    *,
    whole: bool = False,
    source: str | None = None,
) -> bytes:
    """Send ``request`` as is; the server's answer up to the end of its headers
    (and whatever of the body came with them), or with ``whole`` its whole
    body as its Content-Length gives it (the body may come in a later packet).
    ``source``: the loopback address to send from (a device of its own)."""
    address = None if source is None else (source, 0)
    with socket.create_connection((HOST, port), timeout=timeout, source_address=address) as s:
        if source is not None:
            reset_on_close(s)
        s.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data or (whole and len(data) < answer_length(data)):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


def answer_length(answer: bytes) -> int:
    """How long ``answer`` is once its whole body is in (its Content-Length)."""
    head, _, _ = answer.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(head) + 4 + int(value)
    return len(answer)


def status_of(answer: bytes) -> int:
    line = answer.split(b"\r\n", 1)[0]
    assert line.startswith(b"HTTP/1.1 "), answer[:200]
    return int(line.split()[1])


def request_bytes(
    method: str, path: str, host: str | None, origin: str | None, extra: list[str] | None = None
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    if origin is not None:
        lines.append(f"Origin: {origin}")
    lines += extra or []
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


WS_UPGRADE = [
    "Upgrade: websocket",
    "Connection: Upgrade",
    "Sec-WebSocket-Version: 13",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
]


def ws_request(path: str, host: str | None, origin: str | None) -> bytes:
    lines = [f"GET {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    if origin is not None:
        lines.append(f"Origin: {origin}")
    lines += WS_UPGRADE
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


# --- sessions through the Flet protocol (flet_client), for the LAN tests --------------

CODE_SCREEN = "Enter the code shown on the host"
WRONG_CODE = "That is not the code shown on the host. Check it and try again."
SIX_DIGITS = re.compile(r"^\d{6}$")
THEME_BUTTON = re.compile(r"^(Dark|Light) theme$")


def open_client(clients: list[FletClient], port: int, **kw: Any) -> FletClient:
    """A new connection (see :func:`flet_client.connect`), closed after the test."""
    c = connect(port, **kw)
    clients.append(c)
    return c


def route_of(url: str) -> str:
    """The route a browser registers for an address: its path and query.

    >>> route_of("http://127.0.0.1:8550/?host=abc")
    '/?host=abc'
    """
    parts = urllib.parse.urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def join_as_host(
    lan: LanServer, clients: list[FletClient], link: str | None = None, **kw: Any
) -> FletClient:
    """Open the host link as a browser does and register the page it leads to.

    The one place that knows how the host link admits: when its answer sets
    a cookie (a ``303`` to ``/``), the page's WebSocket carries the cookie
    and registers ``/``; else (today) the page registers the link's route
    and the app reads the token from it."""
    link = link or lan.host_link
    cookie = open_host_link(link)
    if cookie is not None:
        c = open_client(clients, lan.port, cookie=cookie, **kw)
        return c.register("/")
    c = open_client(clients, lan.port, **kw)
    return c.register(route_of(link))


def read_join_code(host: FletClient) -> str:
    """Open the host's "Invite a device" (if it is not open) and read the code."""
    if not host.shows("Then enter the join code:"):
        host.click("Invite a device")
    host.wait_text("Then enter the join code:")
    return host.wait_text(SIX_DIGITS)


def wrong_code(code: str) -> str:
    """A code that is not ``code``.

    >>> wrong_code("999999"), wrong_code("000123")
    ('000000', '000124')
    """
    return f"{(int(code) + 1) % 1_000_000:06d}"


def type_code(c: FletClient, code: str, field: Control | None = None) -> None:
    """Type a join code into the code screen (or into ``field``, the code
    screen's field as it was), press Enter, and wait for the server's answer:
    the field emptied (or gone: another screen)."""
    field = field or c.wait_control(label="Join code")
    c.submit(field, code)

    def answered() -> bool:
        now = c.find(label="Join code")
        return now is None or now.id != field.id or not now.value

    c.wait_for(answered, what=f"the answer to the code {code}")


def quiesce(c: FletClient) -> None:
    """Make sure the server has handled everything this session sent so far,
    answers to its calls included (e.g. the ``scroll_to`` a new screen asks
    for): the theme button twice, each tap waited for.  The first one's redraw comes
    after any call the server made before it, which this client answered on
    arrival; the second one is sent after those answers, and the server
    handles a connection's messages in order.  The theme ends as it was.

    Needed before the host shuts a phone out: Flet's server ends a
    connection, with a traceback, when an answer names a control it has
    dropped meanwhile (the phone's old screen) -- a browser meets the same race."""
    for _ in range(2):
        before = c.model.page.get("theme_mode")
        c.click(THEME_BUTTON)

        def toggled(b: Any = before) -> object:
            return c.model.page.get("theme_mode") != b

        c.wait_for(toggled, what="the theme toggled")


def new_game(c: FletClient, names: list[str], dealer: str) -> None:
    """From the home screen: a Standard game of ``names``, ``dealer`` dealing first."""
    c.click("New game")
    c.click(c.wait_clickable("Standard"))
    for n in names:
        c.submit(c.wait_control(label="New player name"), n)
        c.wait_text(re.compile(r"^Playing: .*" + re.escape(n)))
    c.click(f"{dealer} deals")
    c.wait_for(lambda: c.find("Start game", type="FilledButton") is not None)
    c.click("Start game")
    c.wait_text(re.compile("deals next"))


def box_texts(c: FletClient, label: str) -> list[str]:
    """The texts of the control showing ``label`` (e.g. a deadwood box)."""
    box = c.clickable(label)
    return box.texts() if box is not None else []


def quick_hand(c: FletClient, knocker: str, defender: str, k: int, d: int) -> float:
    """On the sheet: enter a knock (``knocker``'s deadwood ``k``, ``defender``'s
    ``d``); the seconds from the tap on Save to the form gone (the save shown)."""
    c.click("Enter hand")
    c.wait_text("Who knocked?")
    c.click(f"{knocker} knocked")
    c.wait_text(f"{knocker}'s deadwood")
    for box, n in ((f"{knocker}'s deadwood", k), (f"{defender}'s deadwood", d)):
        c.click(box)
        for key in ("C", *str(n)):  # the keypad's keys are Buttons
            c.click(c.wait_control(key, type="Button", exact=True))

        def shown(b: str = box, n: int = n) -> bool:
            return str(n) in box_texts(c, b)

        c.wait_for(shown, what=f"{box} {n}")
    start = time.monotonic()
    c.click("Save hand")
    c.wait_gone("Save hand")
    return time.monotonic() - start


SECRET = "test-secret"


class Running:
    def __init__(self, inbox: UploadInbox) -> None:
        with socket.socket() as s:
            s.bind((HOST, 0))
            self.port: int = s.getsockname()[1]
        self.inbox = inbox
        app = build_app(
            lambda page: None,
            allowed_hosts=allowed_authorities(names_for(HOST), self.port),
            assets_dir=None,
            inbox=inbox,
            secret_key=SECRET,
        )
        self.server = uvicorn.Server(server_config(app, HOST, self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Running:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)

    def signed_url(self, slot: str) -> str:
        from flet_web.uploads import build_upload_url  # type: ignore[import-untyped]

        url: str = build_upload_url("/upload", slot, 300, SECRET)  # (flet_web is untyped)
        return url

    @property
    def host(self) -> str:
        return f"{HOST}:{self.port}"


@contextlib.contextmanager
def open_files(wanted: int) -> Iterator[None]:
    """This process may hold ``wanted`` files (sockets) at once, for the
    test's while (the server raises its own limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.fail(f"the open-files hard limit ({hard}) is under {wanted}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def reset_on_close(s: socket.socket) -> None:
    """Close ``s`` with a reset later, not the usual close: a closed socket's
    port waits in TIME_WAIT on its address, and a server started next on
    that port number (0.0.0.0) could not bind."""
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


#: What strangers hold: connections, from so many loopback addresses.
STRANGERS, STRANGER_ADDRESSES = 1000, 32
#: The start of a request's headers, and no more (a slow-header client).
HALF_HEADERS = b"GET / HTTP/1.1\r\nHo"


@contextlib.contextmanager
def strangers(port: int, sends: Sequence[bytes] = (b"",)) -> Iterator[list[socket.socket]]:
    """:data:`STRANGERS` connections to ``port`` held open, from
    127.0.1.1 to 127.0.1.32 in turn, the ``i``-th sending
    ``sends[i % len(sends)]`` (nothing, or :data:`HALF_HEADERS`); reset
    when done."""
    held: list[socket.socket] = []
    with open_files(STRANGERS + 256):
        try:
            for i in range(STRANGERS):
                s = socket.socket()
                s.settimeout(10)
                s.bind((f"127.0.1.{i % STRANGER_ADDRESSES + 1}", 0))
                s.connect((HOST, port))
                held.append(s)
                if data := sends[i % len(sends)]:
                    with contextlib.suppress(OSError):  # closed by the server already
                        s.sendall(data)
            yield held
        finally:
            for s in held:
                reset_on_close(s)
                s.close()
