"""The sheet's scrolls: a redraw waits for the browser's answer, never
without end."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from scorekeeper.ui import scrolling
from scorekeeper.ui.scrolling import Scroller


class _App:
    """What the scroller asks of the app here: a redraw."""

    def __init__(self) -> None:
        self.redraws = 0

    def render(self) -> None:
        self.redraws += 1


def test_a_scroll_never_answered_holds_the_redraws_for_a_while_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer lost some other way than by a new connection (see the
    next test) holds the session's redraws ANSWER_SECONDS at most: waited
    for without end, taps did nothing."""
    monkeypatch.setattr(scrolling, "ANSWER_SECONDS", 0.05)
    app = _App()
    scroller = Scroller(app)  # type: ignore[arg-type]
    never: asyncio.Future[Any]

    async def scroll_lost() -> None:
        nonlocal never
        never = asyncio.get_running_loop().create_future()  # no answer comes
        async with scroller._asking(keep=True):
            await never

    async def run() -> tuple[bool, bool, int]:
        task = asyncio.create_task(scroll_lost())
        await asyncio.sleep(0)
        held = scroller.waits()  # a redraw now waits for the answer...
        await asyncio.wait_for(task, 5)
        return held, scroller.waits(), app.redraws

    held, still, redraws = asyncio.run(run())
    assert held
    assert not still  # ... and no longer once the answer is given up
    assert redraws == 1  # the redraw that waited is made


def test_a_new_connection_gives_up_the_answers_of_the_old_page_at_once() -> None:
    """A page reloaded while its sheet scrolled reconnects to the same
    session; what was asked of the old page is never answered, and the
    redraw that waited for it is made as the page comes back."""
    app = _App()
    scroller = Scroller(app)  # type: ignore[arg-type]

    async def scroll_lost() -> None:
        async with scroller._asking(keep=True):
            await asyncio.get_running_loop().create_future()  # no answer comes

    async def run() -> tuple[bool, bool, int]:
        task = asyncio.create_task(scroll_lost())
        await asyncio.sleep(0)
        held = scroller.waits()  # a redraw now waits for the answer...
        scroller.reconnected()  # ... until the page comes back
        await asyncio.wait_for(task, 1)  # far less than ANSWER_SECONDS
        return held, scroller.waits(), app.redraws

    held, still, redraws = asyncio.run(run())
    assert held
    assert not still
    assert redraws == 1
