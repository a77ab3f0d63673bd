"""Connections are bounded: one that sends nothing, or its headers a byte at
a time, is closed after the header timeout; a request body still trickling
in after the answer is not waited for; a WebSocket message over the bound
closes that WebSocket; and 1,050 idle connections do not stop the server
answering an honest request.

The real app as a subprocess (``python -m scorekeeper --web``); all traffic
goes to 127.0.0.1, every loop is bounded and every socket is closed.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from scorekeeper.ui.server_limits import TEST_DEADLINE_ENV, WS_MAX_SIZE
from tests.support.browser import Server, app_tracebacks

from .helpers import HOST, open_files, raw_request, request_bytes, status_of

#: The server's header deadline and keep-alive idle time here: 1 s each
#: rather than 10 s and 5 s (the test setting of scorekeeper/ui/server_limits.py),
#: so that the tests do not wait out the real ones; what they check is the same.
HEADER_TIMEOUT = KEEP_ALIVE_TIMEOUT = 1
#: Longer than any deadline of the server's: a socket still open after this
#: was not closed by it.
PATIENCE = HEADER_TIMEOUT + 20


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app's server (as tests/web/conftest.py starts it) with both deadlines 1 s."""
    srv = Server(tmp_path_factory.mktemp("web") / "data")
    srv.env[TEST_DEADLINE_ENV] = str(HEADER_TIMEOUT)
    srv.start()
    yield srv
    out = srv.stop()
    errors = app_tracebacks(out)
    assert not errors, f"{errors}\n{out[-4000:]}"
    said = f"{TEST_DEADLINE_ENV} (a test setting): header deadline 1 s, keep-alive 1 s"
    assert said in out, out[-4000:]  # the server ran with them


def closed_by_server(s: socket.socket) -> bool:
    """Whether the server closes ``s`` (reading and discarding what it sends)
    before :data:`PATIENCE` runs out."""
    s.settimeout(PATIENCE)
    try:
        while s.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def honest_get(port: int) -> int:
    return status_of(raw_request(port, request_bytes("GET", "/", f"{HOST}:{port}", None)))


def test_a_connection_that_sends_nothing_is_closed(app_server: Server) -> None:
    with socket.create_connection((HOST, app_server.port), timeout=10) as s:
        started = time.monotonic()
        assert closed_by_server(s)
        print(f"silent connection closed after {time.monotonic() - started:.1f} s")


def test_headers_sent_a_byte_at_a_time_are_cut_off(app_server: Server) -> None:
    port = app_server.port
    request = request_bytes("GET", "/", f"{HOST}:{port}", None, ["X-Pad: " + "x" * 500])
    sent = 0
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.setblocking(False)
        started = time.monotonic()
        for byte in request[:-1]:  # never the last byte: the headers never end
            try:
                if s.recv(65536) == b"":
                    break  # closed by the server
            except BlockingIOError:
                pass
            except ConnectionResetError:
                break
            try:
                s.send(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += 1
            time.sleep(0.05)  # the slow client's pace, not a wait for the server
        else:
            pytest.fail("the server read the whole slow header block")
        took = time.monotonic() - started
    print(f"slow headers: closed after {sent} of {len(request)} bytes, {took:.1f} s")
    assert sent < len(request) - 1


def test_a_body_trickling_after_the_answer_is_not_waited_for(app_server: Server) -> None:
    """A GET announcing a large body gets its page at once; the rest of the
    body may drain for a moment, then the connection is closed even though
    bytes keep coming."""
    port = app_server.port
    head = request_bytes("GET", "/", f"{HOST}:{port}", None, ["Content-Length: 100000000"])
    head = head.replace(b"Connection: close\r\n", b"")
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(head + b"x")
        answer = b""
        while b"\r\n\r\n" not in answer:
            got = s.recv(65536)
            assert got, answer
            answer += got
        assert status_of(answer) == 200
        s.setblocking(False)
        closed = False
        for _ in range(int((KEEP_ALIVE_TIMEOUT + 20) / 0.1)):  # a byte every 0.1 s
            try:
                if s.recv(65536) == b"":
                    closed = True
                    break
            except BlockingIOError:
                pass
            except ConnectionResetError:
                closed = True
                break
            try:
                s.send(b"x")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.1)
        assert closed, "the server kept a trickling connection open"


@pytest.mark.slow
def test_a_websocket_message_over_the_bound_closes_it(app_server: Server) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = f"ws://{HOST}:{app_server.port}/ws"
    with connect(url, max_size=None, open_timeout=10, close_timeout=5) as ws:
        ws.send(b"x" * (WS_MAX_SIZE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big


IDLE = 1050


def test_idle_connections_do_not_stop_an_honest_request(app_server: Server) -> None:
    """1,050 connections that send nothing: an honest request is still
    answered at once (503 while the idle ones fill the server, never a
    hang), and served in full once the header timeout has closed them."""
    port = app_server.port
    idle: list[socket.socket] = []
    with open_files(IDLE + 256):
        try:
            for _ in range(IDLE):
                idle.append(socket.create_connection((HOST, port), timeout=10))
            started = time.monotonic()
            statuses = []
            while True:  # bounded by the deadline below; each try by its socket timeout
                statuses.append(honest_get(port))
                if statuses[-1] == 200:
                    break
                assert statuses[-1] == 503, statuses
                assert time.monotonic() - started < PATIENCE, statuses
                time.sleep(0.2)  # the client's retry pace
            took = time.monotonic() - started
            still_open = [s for s in idle[:20] if not closed_by_server(s)]
            assert still_open == []  # the server closed the idle ones itself
        finally:
            for s in idle:
                s.close()
    print(
        f"{IDLE} idle connections: first answer {statuses[0]}, "
        f"200 after {len(statuses)} tries, {took:.1f} s"
    )
