"""What the server itself knows of a browser's WebSocket: its peer address,
the cookies of its upgrade request, and a way to close it.

The Flet client sends the page's properties (``web``, ``client_ip``,
platform, route) and may change them at any time: they are claims.  The
ASGI scope of the WebSocket upgrade is not: :class:`~scorekeeper.ui.gate.Gate`
makes a :class:`Peer` from it for each WebSocket and keeps it in
:data:`PEER` while the connection's tasks run.  Flet starts a session's
``main`` and its event handlers in tasks created inside that connection, so
they see their own connection's peer (:func:`current_peer`).

The peer also bounds what the client may send: while :attr:`Peer.limit` is
set (a LAN session that has not joined), a message longer than it closes
the connection, and so does a second registration on one socket (Flet
makes a session for each, and only the socket's last one is ever let go);
:meth:`Peer.close` ends it from the server's side (a device that was
removed, a session idle too long).  No flet here.

>>> p = Peer("10.0.0.4", {"a": "1"}, limit=10)
>>> p.address, p.cookie("a"), p.cookie("b"), p.too_long(11), p.too_long(10)
('10.0.0.4', '1', None, True, False)
>>> p.admit(); p.too_long(10**6)
False
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Awaitable, Callable, Mapping
from http import cookies as http_cookies
from typing import Any

import msgpack

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

#: The close code for a message over the limit (RFC 6455: "message too big").
TOO_BIG = 1009
#: The close code for a connection the server ended (policy).
POLICY = 1008
#: Seconds the app has to finish once its connection is gone, before its
#: handler is cancelled (Flet's waits for ever on a client that never
#: registered).
GRACE = 5.0
#: Flet's message action that registers a client (``flet.messaging.protocol``).
REGISTER_CLIENT = 1
#: Bytes that hold a msgpack array's header (at most 5) and a small integer
#: (at most 9): all :func:`is_registration` reads of a message.
HEAD = 14


def is_registration(frame: bytes) -> bool:
    r"""Whether ``frame`` is a Flet client's registration: a message frame
    (type byte 0) whose msgpack array starts with :data:`REGISTER_CLIENT`,
    however the array is encoded.  Only the head is read, never the body.

    >>> import msgpack
    >>> is_registration(b"\x00" + msgpack.packb([1, {"page_name": ""}]))
    True
    >>> is_registration(b"\x00" + b"\xdc\x00\x02\x01\x80")  # the same, as array 16
    True
    >>> is_registration(b"\x00" + msgpack.packb([2, {}])), is_registration(b"\x01abcd")
    (False, False)
    """
    if not frame or frame[0] != 0:
        return False
    head = msgpack.Unpacker(max_buffer_size=HEAD)
    head.feed(frame[1 : 1 + HEAD])  # not the body: a message may be 256 KB
    try:
        return bool(head.read_array_header() >= 1 and head.unpack() == REGISTER_CLIENT)
    except Exception:  # not msgpack, or not an array: Flet refuses it itself
        return False


class Peer:
    """One WebSocket connection, as the server saw it open."""

    def __init__(
        self,
        address: str,
        cookies: Mapping[str, str],
        *,
        limit: int | None = None,
        first_message_within: float | None = None,
    ) -> None:
        self.address = address
        self._cookies = dict(cookies)
        #: the longest message the client may send now (``None``: no limit here)
        self.limit = limit
        self._pre_join_limit = limit
        #: seconds the client has, once connected, to send its first message
        #: (Flet's client registers at once; ``None``: no deadline)
        self.first_message_within = first_message_within
        self._closed = asyncio.Event()
        #: set once the app was told the connection is gone
        self.gone = asyncio.Event()
        self.close_code = POLICY

    def cookie(self, name: str) -> str | None:
        return self._cookies.get(name)

    def admit(self) -> None:
        """The session was let in: lift the small message limit."""
        self.limit = None

    def put_out(self) -> None:
        """The session is out again (removed, a new code): back under the
        small message limit of a session not let in."""
        self.limit = self._pre_join_limit

    def too_long(self, size: int) -> bool:
        return self.limit is not None and size > self.limit

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def close(self, code: int = POLICY) -> None:
        """End the connection from the server's side (idempotent)."""
        if not self._closed.is_set():
            self.close_code = code
            self._closed.set()

    async def wait_closed(self) -> None:
        await self._closed.wait()


#: The peer of the connection whose task is running (``None`` outside one).
PEER: contextvars.ContextVar[Peer | None] = contextvars.ContextVar("scorekeeper_peer", default=None)


def current_peer() -> Peer | None:
    """The peer of the WebSocket this code runs for (a session's main or handler)."""
    return PEER.get()


def parse_cookies(scope: Scope) -> dict[str, str]:
    """The cookies of a request's ``Cookie`` headers (malformed ones ignored).

    >>> parse_cookies({"headers": [(b"cookie", b"a=1; b=two")]})
    {'a': '1', 'b': 'two'}
    >>> parse_cookies({"headers": [(b"cookie", b'bad"cookie')]})
    {}
    """
    out: dict[str, str] = {}
    for key, value in scope.get("headers", ()):
        if key != b"cookie" or len(value) > 8192:
            continue
        jar: http_cookies.SimpleCookie = http_cookies.SimpleCookie()
        try:
            jar.load(value.decode("latin-1"))
        except http_cookies.CookieError:
            continue
        out.update({name: morsel.value for name, morsel in jar.items()})
    return out


def peer_of(scope: Scope, *, limit: int | None, first_message_within: float | None = None) -> Peer:
    """The peer of a WebSocket scope: the socket's address, never a header's."""
    client = scope.get("client")
    address = str(client[0]) if client else ""
    return Peer(
        address, parse_cookies(scope), limit=limit, first_message_within=first_message_within
    )


def guarded(peer: Peer, receive: Receive, send: Send) -> tuple[Receive, Send]:
    """``receive`` and ``send`` for the app: a message over the peer's limit,
    or :meth:`Peer.close`, ends the connection (the app then receives a
    disconnect, and what it sends afterwards is dropped)."""
    closing_sent = False
    received = 0  # messages so far: the first is the connect, then the client's
    registered = False  # a socket registers one session, once

    async def close() -> dict[str, Any]:
        nonlocal closing_sent
        peer.gone.set()
        if not closing_sent:
            closing_sent = True
            try:
                await send({"type": "websocket.close", "code": peer.close_code})
            except Exception:  # the socket is gone already
                log.debug("could not close a WebSocket", exc_info=True)
        return {"type": "websocket.disconnect", "code": peer.close_code}

    async def guarded_receive() -> dict[str, Any]:
        nonlocal received, registered
        if peer.closed:
            return await close()
        incoming = asyncio.ensure_future(receive())
        stop = asyncio.ensure_future(peer.wait_closed())
        deadline = peer.first_message_within if received == 1 else None
        try:
            await asyncio.wait(
                {incoming, stop}, timeout=deadline, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            stop.cancel()
        if not incoming.done():
            incoming.cancel()
            if not peer.closed:
                log.info("closed a WebSocket from %s: it sent nothing", peer.address)
                peer.close()
            return await close()
        received += 1
        message = incoming.result()
        if message.get("type") == "websocket.disconnect":
            peer.gone.set()
        elif message.get("type") == "websocket.receive":
            size = len(message.get("bytes") or b"") + len(message.get("text") or "")
            if peer.too_long(size):
                log.warning("closed a WebSocket from %s: a %d-byte message", peer.address, size)
                peer.close(TOO_BIG)
                return await close()
            if is_registration(message.get("bytes") or b""):
                if registered:  # each would make a session Flet keeps: one a socket
                    log.warning("closed a WebSocket from %s: it registered again", peer.address)
                    peer.close()
                    return await close()
                registered = True
        return message

    async def guarded_send(message: dict[str, Any]) -> None:
        if closing_sent:
            return  # the server closed it: nothing more goes out
        await send(message)

    return guarded_receive, guarded_send


async def run_until_gone(
    app: Callable[[], Awaitable[None]], peer: Peer, on_gone: Callable[[], None]
) -> None:
    """Run ``app()`` (the connection's handler) until it returns; once the
    connection is gone (``on_gone()`` is called then, or when the handler
    returns) it has :data:`GRACE` seconds left, then it is cancelled, so no
    handler outlives its socket."""
    task = asyncio.ensure_future(app())
    gone = asyncio.ensure_future(peer.gone.wait())
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        on_gone()
        if not task.done():
            await asyncio.wait({task}, timeout=GRACE)
        if not task.done():
            log.debug("cancelled the handler of a WebSocket from %s, gone", peer.address)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            return
        task.result()
    finally:
        gone.cancel()
        on_gone()
        if not task.done():  # this handler itself was cancelled (the server stops)
            task.cancel()
