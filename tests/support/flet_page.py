"""A Flet page in this process, with no browser: the app's screens are built,
diffed and encoded exactly as the web server does it, and every message that
would go to the browser is kept, decoded, for the tests to read.

Encoding matters: Flet takes the snapshots its next diff compares against
while it encodes a message, so a harness that skipped it would diff wrongly.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import flet as ft
import msgpack
from flet.components.component import Component
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

# flet leaves this function unannotated (as Connection() and get_page_patch)
_encode = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]


class RecordingConnection(Connection):
    """Packs each message as the web server would and keeps it decoded."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # flet: unannotated
        self.messages: list[Any] = []
        self.log: list[Any] = []  # every message, never taken
        self.sent_bytes = 0
        self.session: Session | None = None  # the page holds its session weakly

    def send_message(self, message: Any) -> None:
        body = msgpack.packb([message.action, message.body], default=_encode)
        self.sent_bytes += len(body)
        self.messages.append(msgpack.unpackb(body, strict_map_key=False, raw=False))
        self.log.append(self.messages[-1])
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            # answered as a browser would, after the messages before it
            # (a scroll: nothing to return)
            call = message.body
            self.loop.call_soon(
                self.session.handle_invoke_method_results,
                call.control_id,
                call.call_id,
                None,
                None,
            )
        elif self.session is not None:
            # a control that asks for its size is told it, as a browser tells
            # it once the frame that lays it out is made
            for d in _dicts(self.messages[-1]):
                if d.get("on_size_change") is True and isinstance(d.get("_i"), int):
                    self.loop.call_soon(self._tell_size, d["_i"])

    def _tell_size(self, control_id: int) -> None:
        if self.session is not None:
            self.loop.create_task(
                self.session.dispatch_event(control_id, "size_change", {"w": 0.0, "h": 0.0})
            )

    def take(self) -> list[Any]:
        """The messages sent since the last call."""
        out, self.messages = self.messages, []
        return out


#: The loops :func:`new_page` made, never run: closed by :func:`close_loops`.
_LOOPS: list[asyncio.AbstractEventLoop] = []


def close_loops() -> None:
    """Close the loops the pages of a test made.  What a session handed its
    loop (``page.run_task``: an address pushed, a draft written) is cancelled
    unstarted rather than dropped: a dropped coroutine was reported, at some
    later test, as "never awaited"."""

    async def cancel_all() -> None:
        await asyncio.sleep(0)  # callbacks handed over "from another thread" become tasks
        tasks = asyncio.all_tasks() - {asyncio.current_task()}
        for task in tasks:  # which are cancelled before they start
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    while _LOOPS:
        loop = _LOOPS.pop()
        loop.run_until_complete(cancel_all())
        loop.close()


def new_page(
    loop: asyncio.AbstractEventLoop | None = None, hub: PubSubHub | None = None
) -> tuple[ft.Page, RecordingConnection]:
    """A page; pages given one ``loop`` and ``hub`` are sessions of one server
    (the caller's loop is the caller's to close; one made here is closed
    after the test)."""
    if loop is None:
        loop = asyncio.new_event_loop()
        _LOOPS.append(loop)
    conn = RecordingConnection()
    conn.loop = loop
    conn.pubsubhub = hub or PubSubHub(loop)
    session = conn.session = Session(conn)
    # what the web server sends when a browser connects, before the app's main
    patch = session.get_page_patch()  # type: ignore[no-untyped-call]  # flet: unannotated
    conn.send_message(
        Message(
            MessageAction.REGISTER_CLIENT,
            RegisterClientResponseBody(session_id=session.id, page_patch=patch, error=""),
        )
    )
    conn.take()
    # the server runs each session's code with its page as the current one
    # (flet_web's register); a page left current by an earlier session
    # (``page.run_task`` sets it) would take this one's services
    _context_page.set(session.page)
    return session.page, conn


def _dicts(value: Any) -> Iterator[dict[Any, Any]]:
    """Every mapping inside a decoded message (the controls it sends)."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _dicts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _dicts(v)


def strings(value: Any) -> Iterator[str]:
    """Every string inside a decoded message."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v)


def controls(root: ft.BaseControl) -> Iterator[ft.BaseControl]:
    """Every control under ``root`` (on the server), by reading every field."""
    import dataclasses

    yield root
    if isinstance(root, Component):  # what a component drew (its body)
        body = root._b
        for item in body if isinstance(body, list) else [body]:
            if isinstance(item, ft.BaseControl):
                yield from controls(item)
        return
    for f in dataclasses.fields(root):
        if f.name.startswith("_") or f.name in ("parent", "page"):
            continue
        value = getattr(root, f.name, None)
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, ft.BaseControl):
                yield from controls(item)


def texts(page: ft.Page) -> list[str]:
    """The values of every Text on the page's views, top view last."""
    return [
        c.value
        for view in page.views
        for c in controls(view)
        if isinstance(c, ft.Text) and isinstance(c.value, str)
    ]
