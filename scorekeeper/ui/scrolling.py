"""Where a screen is scrolled to: a newly shown screen at its top, the hand
form with the keyboard's focus on its first button, and the sheet following
the game to its newest line.  The browser is asked (a scroll, a focus) and
answers a frame or two later; a redraw waits for the answer when it would
take the asked control away (:meth:`Scroller._asking`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from .review.stats_view import detail_key
from .routes import on_statistics

if TYPE_CHECKING:
    from .shell import Host

log = logging.getLogger(__name__)

#: The longest a redraw waits for the browser's answer to a scroll of the
#: sheet (see Scroller._asking), in case an answer is lost some other way
#: than by a new connection (Scroller.reconnected).  The answer takes a
#: frame or two; a slow phone or a busy host may take a second or more, and
#: a redraw made before it came takes the list away: the late answer is then
#: an error that ends the connection.
ANSWER_SECONDS = 20.0


class Scroller:
    """One session's scrolls and focus (see the module's docstring)."""

    def __init__(self, app: Host) -> None:
        self.app = app
        #: The game whose sheet was drawn last and its revision (see place).
        self._sheet_seen: tuple[Any, int | None] = (None, None)
        #: Scrolls of the sheet's list the browser has not answered yet, and
        #: whether a redraw waits for their answers (see :meth:`_asking`).
        self._asked = 0
        self._redraw_waits = False
        #: The waits for those answers (see reconnected).
        self._waiting: set[asyncio.Timeout] = set()

    def waits(self) -> bool:
        """Whether a redraw must wait for the browser's answer (see
        :meth:`_asking`); if so, it is made once the answer is in."""
        if self._asked:
            self._redraw_waits = True
        return bool(self._asked)

    def place(self, route_before: str, follow: bool) -> None:
        """Where the screen is scrolled to.  A newly shown screen opens at its
        top (the view keeps its scroll position from screen to screen).  The
        sheet follows the game: once a hand is saved, undone, edited or
        changed by another device, its end (the newest line, the totals) is
        in view; otherwise it stays where the player left it."""
        if not self.app.on_loop():
            return
        route = self.app.view.route
        new = route != route_before
        if self.app.view.scroll is not None:
            if not new or (on_statistics(route_before) and on_statistics(route)):
                # a detail opened or closed on the statistics (its address
                # names it): the page stays where the tap was (it went back
                # to its top, the details out of sight below)
                return
            detail = self._detail()
            if detail is not None:  # a link, Back or Forward to a player's details: them
                self._ask(lambda: self.app.view.scroll_to(scroll_key=detail))
            else:
                self._ask(lambda: self.app.view.scroll_to(offset=0))
        elif self.app.model.screen == "hand":  # the form's layer is kept from hand to hand
            if new:
                form = self.app.layers.form
                self._ask(lambda: form.scroll_to(offset=0))
                first = self.app.layers.first_button()
                if first is not None:  # the keyboard's focus in the form (Layers.first_button)
                    self._ask(first.focus)
        elif follow:
            scroll = self.app.layers.sheet_scroll
            if self.app.sheet.bottom is None:
                # a game just ended: its result, at the top (sheet_view's game-over card)
                self._ask(lambda: scroll.scroll_to(offset=0), keep=True)
            else:
                self.app.page.run_task(self._to_end, scroll)

    def _detail(self) -> str | None:
        """The statistics' details the address names (a player's, a pair's):
        their toggle's scroll key (stats_view.detail_key), else None."""
        review = self.app.review
        if self.app.model.screen != "review" or review.screen != "stats":
            return None
        focus = review.stats.focused
        return None if focus is None else detail_key(focus)

    def _ask(self, call: Callable[[], Awaitable[Any]], *, keep: bool = False) -> None:
        """Have the browser scroll or focus a control on screen; ``keep``: one
        a redraw may take away (the sheet's list), kept till the answer (_asking)."""

        async def asked() -> None:
            async with self._asking(keep):
                await call()

        self.app.page.run_task(asked)

    @contextlib.asynccontextmanager
    async def _asking(self, keep: bool) -> AsyncIterator[None]:
        """While the browser is asked to scroll the sheet's list (``keep``),
        no redraw takes the list off the page: one waits for the answer
        (:meth:`render`).  Flet drops a control from the session when a
        redraw takes it away, and an answer that then arrives for it is an
        error that ends the connection: the device lost its session, and
        reconnected, when the sheet was redrawn (a turned phone, another
        screen) while it was still scrolling to its end.  The answer takes
        a frame or two; an answer lost is not waited for (reconnected).
        The other controls asked (the view, the form's layer and first
        button) stay from screen to screen: nothing waits."""
        self._asked += keep
        waiting: asyncio.Timeout | None = None
        try:
            async with asyncio.timeout(ANSWER_SECONDS) as waiting:
                self._waiting.add(waiting)
                yield
        except Exception:  # the browser went away or moved on, or no answer will come
            log.debug("no answer from the browser", exc_info=True)
        finally:
            if waiting is not None:
                self._waiting.discard(waiting)
            self._asked -= keep
            if keep and not self._asked and self._redraw_waits:
                self._redraw_waits = False
                self.app.render()

    def reconnected(self) -> None:
        """The browser came back on a new connection: a page reloaded, a
        network dropped.  Flet keeps the session, but what was asked of the
        old page is never answered, and a redraw waiting for it waited
        without end (taps did nothing: CI, a reload right after a save).
        Nothing waits for those answers any more; a redraw that waited is
        made now."""
        now = asyncio.get_running_loop().time()
        for waiting in list(self._waiting):
            waiting.reschedule(now)

    def follows(self) -> bool:
        """Whether the sheet on screen follows a change to its end (see place):
        the same game's sheet as drawn last, at another revision.  The same
        game, not the same list: a window resized while a hand is entered
        makes the sheet a new list (sheet_view.SheetFrame), and the save
        then opened it at its top.  A sheet opened at the revision it last
        showed (from home, or another game) opens at its top."""
        if self.app.model.screen != "sheet" or self.app.view.scroll is not None:
            return False
        seen = (self.app.model.game_id, self.app.model.revision)
        follow = self._sheet_seen[0] == seen[0] and self._sheet_seen[1] != seen[1]
        self._sheet_seen = seen
        return follow

    async def _to_end(self, scroll: ft.ListView | ft.Column) -> None:
        """The sheet's end in view, once the browser has laid out the change.
        The browser makes a jump asked for with a change before it lays the
        change out: to the end as it was, a line short after a save.  The
        layout is then made there, so the new end is among what it laid out,
        and a second jump, once that is drawn (SheetView.drawn), reaches it.
        (Not the list's auto_scroll, which follows its end by itself: Flet
        wraps a list with auto_scroll in a widget of its own, and turning it
        on rebuilt the list at its top, so a sheet that opens at its top
        went back there, or to hand 126 of 200, at its first change.)"""
        async with self._asking(keep=True):
            await scroll.scroll_to(offset=-1)
        try:
            drawn = await self.app.sheet.drawn()
        except Exception:  # the browser went away
            log.debug("no report of the sheet drawn", exc_info=True)
            return
        if drawn and self._sheet_shown(scroll):  # not taken away meanwhile (see _asking)
            async with self._asking(keep=True):
                await scroll.scroll_to(offset=-1)

    def _sheet_shown(self, scroll: ft.ListView | ft.Column) -> bool:
        """Whether ``scroll`` is the list of the sheet on the page now: the
        sheet's screen or the hand form over it, and no list drawn since."""
        return scroll is self.app.layers.sheet_scroll and self.app.model.screen in ("sheet", "hand")
