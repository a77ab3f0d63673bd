"""The browser's address and history for one session (issue #17).

Every screen has an address (:attr:`AppModel.route`, the review's own): the
session pushes it to the browser when the screen changes, so Back goes to
the previous screen, a reload or a link opens the same one.  Flet 1.0's
``page.route`` is read-only: setting it never reached the address bar; the
way is ``page.push_route``, whose route change comes back as an event.

Two rules make the browser's history a player's, not the code's:

* an echo (the route change of an address this session pushed) is not a
  Back, even when it comes after the player moved on;
* the new-hand form's address stays when that form closes on its sheet
  (saved, cancelled): Flet can neither go back nor replace an entry, so an
  entry per closed form would leave one stale form per hand for Back to walk
  through.  The next hand's form has the same address (no new entry); Back
  from the sheet costs one press more, once; Back or Forward to that
  address, or a reload there, shows the sheet: the device keeps a mark of it
  (:data:`~scorekeeper.ui.state.drafts.DRAFT_KEY`, where an open form keeps what
  was typed, state/drafts.py).  Anywhere else (a link, another device) the
  address opens the form.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import flet as ft

from .routes import match
from .state.drafts import DRAFT_KEY, draft_of, restore, sheet_mark
from .state.model import AppModel

__all__ = ["Addresses"]

log = logging.getLogger(__name__)


class Addresses:
    """One session's address in the browser and the device's hand draft.

    ``current``: the address of the screen shown; ``follow``: show the
    screen of an address the browser went to (and draw it).
    """

    def __init__(
        self,
        page: ft.Page,
        model: AppModel,
        current: Callable[[], str],
        follow: Callable[[str], None],
    ) -> None:
        self.page = page
        self.model = model
        self.current = current
        self.follow = follow
        #: The address the browser shows, as far as this session knows.
        self.url = "/"
        #: Addresses pushed whose echo has not come back yet.
        self._pushed: list[str] = []
        #: A new-hand form's address left in the browser when the form
        #: closed on its sheet: going there shows the sheet.
        self._sheet_at: str | None = None
        #: The device's storage, made at :meth:`start` (a service joins the
        #: page that is current when it is made: the session's, by then).
        self.prefs: ft.SharedPreferences | None = None
        self._draft: str | None = None  # the draft this session last kept
        self._stored: str | None = None  # ... and the one the device has
        self._writing = asyncio.Lock()

    def start(self, route: str) -> str:
        """The address the session starts on; the one to show first.  A new
        hand's address shows its sheet first: the device's storage, read
        next, says whether the form opens (see :meth:`reopen`)."""
        if self.prefs is None:
            self.prefs = ft.SharedPreferences()
            self.page.services.append(self.prefs)
        self.url = route or "/"
        game = _new_hand_of(self.url)
        if game is None:
            return self.url
        self._sheet_at = self.url
        self.page.run_task(self.reopen, game)
        return game

    async def reopen(self, sheet: str) -> None:
        """A session started on a new hand's address: the sheet stays when
        this device left its form closed there; else the form, with what was
        typed when the device keeps that."""
        try:
            text = await self.prefs.get(DRAFT_KEY) if self.prefs is not None else None
        except Exception:  # no answer from the device: as if it kept nothing
            log.warning("could not read the hand draft", exc_info=True)
            text = None
        m = self.model
        if m.screen != "sheet" or m.game_id is None or f"/game/{m.game_id}" != sheet:
            return  # the player has moved on meanwhile
        if text == sheet_mark(self.url):
            self._draft = self._stored = text
            return
        self._sheet_at = None
        if not m.act(m.open_hand) or m.hand is None:
            self.follow(self.url)  # a finished game: the sheet says so
            return
        if restore(m.hand, text, str(m.game_id), None):
            self._draft = self._stored = text if isinstance(text, str) else None
        self.follow(self.url)

    def heard(self, route: str) -> None:
        """The browser's address changed: Back, Forward, or an echo."""
        if route in self._pushed:
            del self._pushed[: self._pushed.index(route) + 1]
            return
        if route == self.url:  # the address shown already (a reload, reconnected)
            return
        self.url = route
        if route == self._sheet_at and self.model.hand is None:
            route = route.removesuffix("/hand")
        if route != self.current():
            self.follow(route)

    def shown(self) -> None:
        """After each redraw: the screen's address in the browser, and the
        device's draft of an open hand form (or mark of a closed one) kept
        up to date."""
        self._show_address()
        self._keep_draft()

    def _show_address(self) -> None:
        route = self.current()
        if route == self.url:
            return
        if self.model.screen == "sheet" and self.url == f"{route}/hand":
            self._sheet_at = self.url  # the form closed on its sheet: see above
            return
        self.url = route
        self._pushed.append(route)
        del self._pushed[:-16]  # echoes lost with a dropped connection never come
        self.page.run_task(self.page.push_route, route)

    def _keep_draft(self) -> None:
        m = self.model
        text: str | None = None
        if m.screen == "hand" and m.game_id is not None and m.hand is not None:
            text = draft_of(str(m.game_id), m.hand)
        elif m.hand is None and self.url == self._sheet_at:
            text = sheet_mark(self.url)
        if text != self._draft:
            self._draft = text
            self.page.run_task(self._write_draft)

    async def _write_draft(self) -> None:
        # one write at a time, each of the latest draft: never an older one last
        async with self._writing:
            text = self._draft
            if text == self._stored or self.prefs is None:
                return
            try:
                if text is None:
                    await self.prefs.remove(DRAFT_KEY)
                else:
                    await self.prefs.set(DRAFT_KEY, text)
            except Exception:  # the draft is a convenience: the form is intact
                log.warning("could not keep the hand draft", exc_info=True)
                return
            self._stored = text


def _new_hand_of(route: str) -> str | None:
    """The sheet's address of a new hand's form address, else None.

    >>> _new_hand_of("/game/ab12/hand"), _new_hand_of("/game/ab12/hand/3"), _new_hand_of("/")
    ('/game/ab12', None, None)
    """
    found = match(route)
    return f"/game/{found.params['game']}" if found is not None and found.name == "hand" else None
