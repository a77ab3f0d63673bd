"""Other devices' changes to the game on screen, as this session hears
them (:mod:`~scorekeeper.ui.live`): the screen drawn again, a short notice
of who did what ("Bob's phone took back hand 7"), and the changed line
marked for a moment."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from .live import Change
from .timing import TIMING, timing_log

if TYPE_CHECKING:
    from .shell import Host

#: How long the line another device changed stays marked on the sheet.
MARK_SECONDS = 3.0


class Heard:
    """What one session does with the changes it hears."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def follow(self) -> None:
        """Listen to the game on screen (its topic), and to no other."""
        m = self.app.model
        if self.app.live is not None:
            self.app.live.follow(m.game_id if m.screen in ("sheet", "hand", "table") else None)

    def on_live(self, change: Change) -> None:
        """Another session changed a game or the lists: redraw what is stale.
        An open hand form stays open (its preview follows the fresh game); a
        screen with a field being typed in is left alone."""
        start = time.perf_counter()
        m = self.app.model
        if m.screen in ("sheet", "hand", "table"):  # the table view follows too
            if not m.sync():
                return
        elif m.screen == "review":
            if self.app.review.screen in ("settings", "data") or self.app.review.editing_player:
                return
        elif m.screen != "home":
            return  # the new-game form: its fields are being typed in
        self.app.render()
        self._tell()
        if TIMING:
            ms = (time.perf_counter() - start) * 1000
            lag = (time.perf_counter() - change[1]) * 1000
            timing_log.info("live %.1f ms (%.1f ms after the save)", ms, lag)

    def _tell(self) -> None:
        """Say what another device just did to the game on screen, and take
        the mark off its line after a moment (unless the game changed again)."""
        m = self.app.model
        heard, m.heard = m.heard, None
        if heard is None or m.screen not in ("sheet", "table"):
            return  # on the hand form a notice would cover Save; the form follows the game
        text = m.render(heard)
        self.app.after_drawn(lambda: self.app.sheet.tell(text))
        if m.highlight is not None and self.app.on_loop():
            self.app.page.run_task(self._unmark, m.revision)

    async def _unmark(self, revision: int | None) -> None:
        await asyncio.sleep(MARK_SECONDS)
        m = self.app.model
        if not self.app.closed and m.highlight is not None and m.revision == revision:
            m.highlight = None
            self.app.render()
