"""Imports in web mode are uploads: into a one-time slot the server signed,
20 MB at most, held in memory; over the limit is refused without the body
being read whole (announced: before a byte of it is read; streamed: as soon
as it passes the limit).

The server runs in this process (uvicorn in a thread) so the tests can
open inbox slots; traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn

from scorekeeper.ui.server import allowed_authorities, build_app, names_for
from scorekeeper.ui.uploads import MAX_UPLOAD, UploadInbox

from .conftest import HOST, raw_request, request_bytes, status_of

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
        config = uvicorn.Config(app, host=HOST, port=self.port, access_log=False,
                                log_level="warning", ws="websockets-sansio")  # fmt: skip
        self.server = uvicorn.Server(config)
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
        from flet_web.uploads import build_upload_url

        return build_upload_url("/upload", slot, 300, SECRET)

    @property
    def host(self) -> str:
        return f"{HOST}:{self.port}"


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    with Running(UploadInbox()) as running:
        yield running


def put(srv: Running, url: str, body: bytes, origin: str | None = None) -> int:
    origin = origin if origin is not None else f"http://{srv.host}"
    head = request_bytes("PUT", url, srv.host, origin, [f"Content-Length: {len(body)}"])
    return status_of(raw_request(srv.port, head + body))


def test_an_upload_lands_in_its_slot_once(server: Running) -> None:
    slot = server.inbox.expect()
    assert put(server, server.signed_url(slot), b'{"games": []}') == 204
    assert server.inbox.take(slot) == b'{"games": []}'
    assert server.inbox.take(slot) is None
    # the same signed URL again: the slot is gone
    assert put(server, server.signed_url(slot), b"{}") == 404


def test_unsigned_forged_or_unknown_uploads_are_refused(server: Running) -> None:
    slot = server.inbox.expect()
    url = server.signed_url(slot)
    assert put(server, url.replace("s=", "s=0"), b"{}") == 403  # forged signature
    assert put(server, url.split("&s=")[0], b"{}") == 400  # no signature
    other = server.signed_url("not-a-slot")  # signed, but no session waits for it
    assert put(server, other, b"{}") == 404
    assert put(server, url, b"{}", origin="http://evil.example") == 403
    assert server.inbox.take(slot) is None  # nothing got in


def test_announced_too_large_is_refused_before_reading(server: Running) -> None:
    slot = server.inbox.expect()
    head = request_bytes(
        "PUT", server.signed_url(slot), server.host, f"http://{server.host}",
        [f"Content-Length: {MAX_UPLOAD + 1}"],
    )  # fmt: skip
    started = time.monotonic()
    with socket.create_connection((HOST, server.port), timeout=10) as s:
        s.sendall(head)  # headers only: not one byte of the body
        answer = b""
        while b"too large" not in answer:
            got = s.recv(65536)
            if not got:
                break
            answer += got
    assert status_of(answer) == 413, answer[:300]
    assert b"too large" in answer
    assert time.monotonic() - started < 8  # it did not wait for the 20 MB
    assert server.inbox.take(slot) is None


def test_streamed_too_large_is_cut_off_at_the_limit(server: Running) -> None:
    """A chunked body (no length given) of 200 MB: the server stops reading a
    little past 20 MB and answers 413; most of the body is never sent."""
    slot = server.inbox.expect()
    head = request_bytes(
        "PUT", server.signed_url(slot), server.host, f"http://{server.host}",
        ["Transfer-Encoding: chunked"],
    )  # fmt: skip
    chunk = b"x" * 65536
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    total = 200 * 1024 * 1024
    sent = 0  # body bytes handed to the socket
    answer = b""
    pending = memoryview(b"")
    with socket.create_connection((HOST, server.port), timeout=20) as s:
        s.sendall(head)
        s.setblocking(False)
        while sent < total:
            try:
                got = s.recv(65536)
                if got:
                    answer += got
                    break
            except BlockingIOError:
                pass
            if not pending:
                pending = memoryview(frame)
            try:
                n = s.send(pending)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            except (BrokenPipeError, ConnectionResetError):
                break
            pending = pending[n:]
            sent += n
        s.setblocking(True)
        s.settimeout(10)
        try:
            while b"\r\n\r\n" not in answer:
                got = s.recv(65536)
                if not got:
                    break
                answer += got
        except (ConnectionResetError, TimeoutError):
            pass
    assert status_of(answer) == 413, answer[:300]
    print(f"streamed upload: refused after {sent:,} of {total:,} bytes were sent")
    # read no further than the limit, plus what the socket buffers held
    assert sent < MAX_UPLOAD + 16 * 1024 * 1024, sent
    assert sent < total / 4
    assert server.inbox.take(slot) is None


def test_inbox_holds_at_most_its_slots() -> None:
    inbox = UploadInbox(limit=4, ttl=60, max_slots=3)
    slots = [inbox.expect() for _ in range(5)]
    assert [inbox.is_expected(s) for s in slots] == [False, False, True, True, True]
    with pytest.raises(Exception, match="5"):
        inbox.put(slots[-1], b"12345")  # over the limit
    inbox.put(slots[-1], b"1234")
    with pytest.raises(KeyError):
        inbox.put(slots[-1], b"1234")  # filled once only
    with pytest.raises(KeyError):
        inbox.put("unknown", b"1")


def test_slots_expire() -> None:
    inbox = UploadInbox(ttl=0.0)
    slot = inbox.expect()
    time.sleep(0.01)  # let the monotonic clock pass the deadline
    assert not inbox.is_expected(slot)
    with pytest.raises(KeyError):
        inbox.put(slot, b"{}")
