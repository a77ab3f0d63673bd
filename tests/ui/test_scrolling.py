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
    """A page reloaded while its sheet scrolled reconnects to the same
    session, and the call sent to the old page is never answered: the
    session's redraws waited for it without end, and taps did nothing."""
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
