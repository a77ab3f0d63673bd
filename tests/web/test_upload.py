"""Imports in web mode are uploads: into a one-time slot the server signed,
20 MB at most, held in memory; over the limit is refused without the body
being read whole (announced: before a byte of it is read; streamed: as soon
as it passes the limit).

The server runs in this process (uvicorn in a thread) so the tests can
open inbox slots; traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.ui.uploads import MAX_UPLOAD, UploadInbox, UploadsBusy, UploadTooLarge

from .helpers import HOST, Running, answer_length, raw_request, request_bytes, status_of


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    with Running(UploadInbox()) as running:
        yield running


def put(srv: Running, url: str, body: bytes, origin: str | None = None) -> int:
    origin = origin if origin is not None else f"http://{srv.host}"
    head = request_bytes("PUT", url, srv.host, origin, [f"Content-Length: {len(body)}"])
    return status_of(raw_request(srv.port, head + body))


def test_an_upload_lands_in_its_slot_once(server: Running) -> None:
    slot = server.inbox.expect(owner=object())
    assert put(server, server.signed_url(slot), b'{"games": []}') == 204
    assert server.inbox.take(slot) == b'{"games": []}'
    assert server.inbox.take(slot) is None
    # the same signed URL again: the slot is gone
    assert put(server, server.signed_url(slot), b"{}") == 404


def test_unsigned_forged_or_unknown_uploads_are_refused(server: Running) -> None:
    slot = server.inbox.expect(owner=object())
    url = server.signed_url(slot)
    assert put(server, url.replace("s=", "s=0"), b"{}") == 403  # forged signature
    assert put(server, url.split("&s=")[0], b"{}") == 400  # no signature
    other = server.signed_url("not-a-slot")  # signed, but no session waits for it
    assert put(server, other, b"{}") == 404
    assert put(server, url, b"{}", origin="http://evil.example") == 403
    assert server.inbox.take(slot) is None  # nothing got in


def test_announced_too_large_is_refused_before_reading(server: Running) -> None:
    slot = server.inbox.expect(owner=object())
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
    slot = server.inbox.expect(owner=object())
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


def open_upload(srv: Running, slot: str, length: int, first: bytes = b"") -> socket.socket:
    """A PUT to ``slot`` announcing ``length`` bytes, of which only ``first`` is sent."""
    head = request_bytes(
        "PUT", srv.signed_url(slot), srv.host, f"http://{srv.host}", [f"Content-Length: {length}"]
    )
    s = socket.create_connection((HOST, srv.port), timeout=10)
    s.sendall(head + first)
    return s


def answer_of(s: socket.socket) -> bytes:
    """The server's answer on ``s``, with its whole body (bounded by the timeout:
    the body may come in a packet of its own)."""
    data = b""
    try:
        while b"\r\n\r\n" not in data or len(data) < answer_length(data):
            got = s.recv(65536)
            if not got:
                break
            data += got
    except ConnectionResetError:
        pass
    return data


def wait_for(condition: Any, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_a_slot_takes_one_upload_even_from_parallel_requests(server: Running) -> None:
    """24 uploads to one slot at once: the first claims it before its body is
    read; the 23 others are refused at once, their bodies never read."""
    slot = server.inbox.expect(owner=object())
    body = b'{"games": []}'
    first = open_upload(server, slot, len(body), body[:3])
    try:
        wait_for(lambda: not server.inbox.is_expected(slot), "the first upload did not claim")
        others = [open_upload(server, slot, MAX_UPLOAD) for _ in range(23)]  # no body at all
        try:
            assert [status_of(answer_of(s)) for s in others] == [404] * 23
        finally:
            for s in others:
                s.close()
        first.sendall(body[3:])
        assert status_of(answer_of(first)) == 204
    finally:
        first.close()
    assert put(server, server.signed_url(slot), b"{}") == 404  # and none after it
    assert server.inbox.take(slot) == body


def test_two_uploads_at_a_time_then_try_again() -> None:
    """Two uploads under way (or waiting to be taken) fill the server; a third
    gets 503 "try again in a moment", its slot kept for the retry."""
    with Running(UploadInbox()) as srv:
        a, b, c = (srv.inbox.expect(owner=object()) for _ in range(3))
        slow = [open_upload(srv, slot, 4, b"{") for slot in (a, b)]
        try:
            wait_for(
                lambda: not srv.inbox.is_expected(a) and not srv.inbox.is_expected(b),
                "the two uploads did not start",
            )
            head = request_bytes(
                "PUT", srv.signed_url(c), srv.host, f"http://{srv.host}",
                [f"Content-Length: {MAX_UPLOAD}"],
            )  # fmt: skip
            with socket.create_connection((HOST, srv.port), timeout=10) as s:
                s.sendall(head)  # headers only: refused before any body
                busy = b"".join(iter(lambda: s.recv(65536), b""))  # "Connection: close"
            assert status_of(busy) == 503, busy[:300]
            assert b"try again in a moment" in busy
            assert b"retry-after: 5" in busy.lower()
            assert srv.inbox.is_expected(c)  # the refusal did not spend the slot
            for s in slow:
                s.sendall(b"}  ")
            assert [status_of(answer_of(s)) for s in slow] == [204, 204]
        finally:
            for s in slow:
                s.close()
        # filled but not yet taken still counts: the memory is held
        assert put(srv, srv.signed_url(c), b"{}") == 503
        assert srv.inbox.take(a) == srv.inbox.take(b) == b"{}  "
        assert put(srv, srv.signed_url(c), b"{}") == 204
        assert srv.inbox.take(c) == b"{}"


@pytest.mark.slow
def test_a_trickling_upload_is_cut_off() -> None:
    """A body that stops, or comes a few bytes at a time, is refused with 408
    once ``read_timeout`` passes without a byte, or ``upload_timeout`` in all;
    the slot is spent and its room given back."""
    inbox = UploadInbox(read_timeout=0.3, upload_timeout=1.5)
    with Running(inbox) as srv:
        stalled_slot, trickled_slot = (inbox.expect(owner=object()) for _ in range(2))
        stalled = open_upload(srv, stalled_slot, 1000, b"{")
        with stalled:
            answer = answer_of(stalled)
        assert status_of(answer) == 408, answer[:300]
        assert b"too slow" in answer

        trickled = open_upload(srv, trickled_slot, 1000)
        answer, sent = b"", 0
        with trickled:
            trickled.setblocking(False)
            for _ in range(200):  # a byte every 0.1 s: never idle, never done
                try:
                    answer += trickled.recv(65536)
                    break
                except BlockingIOError:
                    pass
                trickled.send(b" ")
                sent += 1
                time.sleep(0.1)
            trickled.settimeout(10)
            answer += answer_of(trickled)
        assert status_of(answer) == 408, answer[:300]
        print(f"trickled upload: cut off after {sent} bytes")
        assert sent < 200
        assert not inbox.is_expected(stalled_slot) and not inbox.is_expected(trickled_slot)
        assert inbox.take(stalled_slot) is None and inbox.take(trickled_slot) is None
        again = [inbox.expect(owner=object()) for _ in range(2)]  # the room is free again
        assert [put(srv, srv.signed_url(s), b"{}") for s in again] == [204, 204]


def test_one_slot_per_owner_and_a_full_inbox_drops_no_one() -> None:
    inbox = UploadInbox(limit=4, ttl=60, max_slots=3)
    ann, bob, cy, dee = object(), object(), object(), object()
    first = inbox.expect(ann)
    again = inbox.expect(ann)  # Ann's new slot replaces her own
    assert not inbox.is_expected(first) and inbox.is_expected(again)
    others = [inbox.expect(bob), inbox.expect(cy)]
    with pytest.raises(UploadsBusy):
        inbox.expect(dee)  # full: Dee waits, no one else's slot is dropped
    assert [inbox.is_expected(s) for s in (again, *others)] == [True, True, True]
    with pytest.raises(UploadTooLarge):
        inbox.put(again, b"12345")  # over the limit
    inbox.put(again, b"1234")
    with pytest.raises(KeyError):
        inbox.put(again, b"1234")  # filled once only
    with pytest.raises(KeyError):
        inbox.put("unknown", b"1")
    assert inbox.take(again) == b"1234"
    assert inbox.is_expected(inbox.expect(dee))  # Ann's slot is spent: room for Dee


def test_dropping_a_slot_mid_upload_frees_no_room() -> None:
    """An owner who asks for a new slot while an upload to the old one is
    being read gets no second upload in: the body being read still counts."""
    inbox = UploadInbox(max_held=1)
    owner = object()
    old = inbox.expect(owner)
    inbox.claim(old)
    new = inbox.expect(owner)  # drops ``old``, whose body is still coming
    with pytest.raises(UploadsBusy):
        inbox.claim(new)
    with pytest.raises(KeyError):
        inbox.fill(old, b"{}")  # the old slot is gone: its bytes are not kept
    inbox.claim(new)  # the old upload has ended: room again


def test_a_filled_slot_waits_only_a_little() -> None:
    inbox = UploadInbox(max_held=1, keep=0.0)
    slot = inbox.expect(object())
    inbox.put(slot, b"{}")
    time.sleep(0.01)  # let the monotonic clock pass the deadline
    assert inbox.take(slot) is None  # never taken: dropped, its room given back
    inbox.put(inbox.expect(object()), b"{}")


def test_slots_expire() -> None:
    inbox = UploadInbox(ttl=0.0)
    slot = inbox.expect(object())
    time.sleep(0.01)  # let the monotonic clock pass the deadline
    assert not inbox.is_expected(slot)
    with pytest.raises(KeyError):
        inbox.put(slot, b"{}")
