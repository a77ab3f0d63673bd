"""``scorekeeper --lan`` at the HTTP and WebSocket level: the host link is a
one-time redirect that sets the host's cookie, a session that has not
joined may send only small messages, and one address holds only so many
connections.  All traffic to the loopback range (127.0.0.1 to 127.0.2.1)."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator

import pytest
import websockets

from scorekeeper.ui.lan import PRE_JOIN_LIMIT
from scorekeeper.ui.peer import Peer, guarded
from scorekeeper.ui.server import CONNECTIONS_PER_ADDRESS, SOCKETS_PER_ADDRESS
from tests.support.browser import LanServer

from .helpers import (
    HALF_HEADERS,
    STRANGER_ADDRESSES,
    STRANGERS,
    raw_request,
    request_bytes,
    status_of,
    strangers,
)


@pytest.fixture(scope="module")
def lan(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanServer]:
    with LanServer(tmp_path_factory.mktemp("lan") / "data").running() as srv:
        yield srv


def headers_of(answer: bytes) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n")[1:]:
        name, _, value = line.decode("latin-1").partition(":")
        out.setdefault(name.strip().lower(), []).append(value.strip())
    return out


def get(lan: LanServer, path: str) -> bytes:
    return raw_request(lan.port, request_bytes("GET", path, f"127.0.0.1:{lan.port}", None))


def test_the_host_link_sets_the_hosts_cookie_once_and_redirects(lan: LanServer) -> None:
    link = lan.press_enter()  # a fresh link of its own
    path = link.split(f":{lan.port}", 1)[1]
    first = get(lan, path)
    assert status_of(first) == 303
    h = headers_of(first)
    assert h["location"] == ["/"]
    (cookie,) = h["set-cookie"]
    name, _, rest = cookie.partition("=")
    assert name == f"scorekeeper_host_{lan.port}"
    token, *attributes = [part.strip() for part in rest.split(";")]
    assert len(token) >= 40 and token not in link
    assert {"HttpOnly", "SameSite=Strict", "Path=/"} <= set(attributes)
    # the same link again: only a redirect, no cookie; a made-up token likewise
    for again in (path, "/?host=made-up"):
        answer = get(lan, again)
        assert status_of(answer) == 303
        assert "set-cookie" not in headers_of(answer)
    # the page itself is served as ever
    assert status_of(get(lan, "/")) == 200


def test_a_head_request_does_not_use_the_host_link_up(lan: LanServer) -> None:
    """A link preview or a prefetch asks with HEAD: answered, the link kept."""
    link = lan.press_enter()
    path = link.split(f":{lan.port}", 1)[1]
    head = raw_request(lan.port, request_bytes("HEAD", path, f"127.0.0.1:{lan.port}", None))
    assert status_of(head) == 303 and "set-cookie" not in headers_of(head)
    assert "set-cookie" in headers_of(get(lan, path))  # the link still works, once


@pytest.mark.parametrize("sends", [b"", HALF_HEADERS], ids=["silent", "slow-headers"])
def test_strangers_sockets_from_32_addresses_leave_room_for_a_new_device(
    lan: LanServer, sends: bytes
) -> None:
    """1,000 connections that send nothing, or the start of their headers
    and no more, from 32 addresses: past 24 an address each is closed as it
    opens, so a new device's page loads are answered at once (here: every
    one of 10) while the strangers hold theirs."""
    with strangers(lan.port, (sends,)) as silent:
        loads = [
            status_of(raw_request(lan.port, home_request(lan.port), source="127.0.2.1"))
            for _ in range(10)
        ]
        assert loads == [200] * 10
        # the server closed all but 24 an address at once (well before
        # the 10 s header deadline)
        held = STRANGER_ADDRESSES * CONNECTIONS_PER_ADDRESS
        deadline = time.monotonic() + 5
        while (cut := sum(map(closed, silent))) < STRANGERS - held:
            assert time.monotonic() < deadline, cut
            time.sleep(0.05)  # polling a condition, with a deadline
        assert cut == STRANGERS - held


def home_request(port: int) -> bytes:
    return request_bytes("GET", "/", f"127.0.0.1:{port}", None)


def closed(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (its end read, without waiting)."""
    s.setblocking(False)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_a_large_message_before_joining_closes_the_connection(lan: LanServer) -> None:
    async def attempt() -> int | None:
        async with websockets.connect(
            f"ws://127.0.0.1:{lan.port}/ws",
            origin=websockets.Origin(f"http://127.0.0.1:{lan.port}"),
            open_timeout=10,
        ) as ws:
            await ws.send(b"\x00" + b"\x90" * (PRE_JOIN_LIMIT + 1))
            try:
                await asyncio.wait_for(ws.recv(), timeout=10)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
            return None

    assert asyncio.run(attempt()) == 1009  # "message too big", nothing parsed


def test_one_address_holds_at_most_so_many_websockets(lan: LanServer) -> None:
    async def attempt() -> tuple[int, int | None]:
        opened: list[websockets.ClientConnection] = []
        try:
            for _ in range(SOCKETS_PER_ADDRESS):
                opened.append(
                    await websockets.connect(
                        f"ws://127.0.0.1:{lan.port}/ws",
                        origin=websockets.Origin(f"http://127.0.0.1:{lan.port}"),
                        open_timeout=10,
                    )
                )
            try:
                await websockets.connect(
                    f"ws://127.0.0.1:{lan.port}/ws",
                    origin=websockets.Origin(f"http://127.0.0.1:{lan.port}"),
                    open_timeout=10,
                )
            except websockets.InvalidStatus as refused:
                status: int | None = refused.response.status_code
            else:
                status = None
        finally:
            for ws in opened:
                await ws.close()
        return len(opened), status

    assert asyncio.run(attempt()) == (SOCKETS_PER_ADDRESS, 403)


@pytest.mark.slow
def test_a_websocket_that_sends_nothing_is_closed() -> None:
    """In this process: the guard's deadline for the first message."""
    sent: list[dict[str, object]] = []

    async def attempt() -> dict[str, object]:
        arrived: list[dict[str, object]] = [{"type": "websocket.connect"}]

        async def receive() -> dict[str, object]:
            if arrived:
                return arrived.pop()
            await asyncio.Event().wait()  # the client never sends a thing
            raise AssertionError("unreachable")

        async def send(message: dict[str, object]) -> None:
            sent.append(message)

        peer = Peer("10.0.0.9", {}, limit=100, first_message_within=0.05)
        guarded_receive, _ = guarded(peer, receive, send)
        assert (await guarded_receive())["type"] == "websocket.connect"
        return await asyncio.wait_for(guarded_receive(), timeout=10)

    assert asyncio.run(attempt())["type"] == "websocket.disconnect"
    assert sent == [{"type": "websocket.close", "code": 1008}]
