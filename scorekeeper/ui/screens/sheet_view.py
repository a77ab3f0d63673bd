"""The score sheet: each hand's points over the running totals, who deals
next with the score and Undo (pinned above it), Enter hand / Table view,
and the game-over card, drawn from :class:`~scorekeeper.ui.state.sheet_model.Sheet`.

The sheet is drawn anew from the model after every change; its parts are
components (:mod:`~scorekeeper.ui.screens.sheet_parts`), the lines memoised, so
Flet sends what changed and nothing else.  The list around them and the
bar pinned above it are kept while the sheet stays up (:class:`SheetFrame`):
the browser keeps its place in a list it is not given anew.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.engine import Format

from ..components import Part, called_with, rendered
from ..state.sheet_model import Row, Sheet, oklahoma_reminder, quick_results
from ..widgets import TAP, Handler, Screen, column_width
from ..widgets import slot as _slot
from ..widgets import text as _text
from .game_over_view import game_over
from .sheet_parts import (
    CARD_PAD,
    NUM_W,
    Columns,
    Extras,
    Head,
    QuickBar,
    SheetLine,
    Status,
    TableFoot,
    TableTop,
    label,
    node,
)
from .sheet_undo import SheetUndo

if TYPE_CHECKING:
    from ..shell import Shell

log = logging.getLogger(__name__)

#: From this width (ResponsiveRow's "md") the results fit one row.
WIDE = 768
#: Hands sent at a time when a long sheet opens (SheetView._in_parts).
PART = 40
_frames = itertools.count()


def _room(page: ft.Page, columns: int) -> int:
    """The characters a name head has room for in one of ``columns``
    (some 10 px each, bold at 15 px)."""
    return int(((column_width(page) - 2 * CARD_PAD - NUM_W) / max(columns, 1) - 2) // 10)


def _said(text: str | None, kind: str = "error") -> ft.Control:
    """An error or a note on the sheet (widgets.slot), a node of its own."""
    return node(_slot(text, kind)) if text else _slot(text, kind)


def _margin(width: float) -> float:
    """The sheet's margin each side: its column as wide as other screens'
    (:func:`~scorekeeper.ui.widgets.screen_body`: the whole width on a
    phone, 11 of 12 columns from 992 px, 9 of 12 from 1200)."""
    columns = 9 if width >= 1200 else 11 if width >= 992 else 12
    return max(width - 24, 0) * (12 - columns) / 24


@dataclasses.dataclass
class SheetFrame:
    """The list of one game's sheet and the bar pinned above it, kept while
    that sheet stays up.

    The sheet is a list the browser builds lazily (a ``ListView``): only the
    items in view, and a little beyond, are built and laid out.  Closing the
    hand form (and so each save) makes the browser build the sheet's layer
    again (layers.py), and a column of every hand rebuilt all of them, some
    2,200 controls on a 200-hand sheet.  Its items: the
    head (messages, buttons, rules), the table card's top (names), a line
    per hand, and the card's foot (totals, hands won, the hint), where the
    sheet ends and a player following the game looks.  Who deals next, the
    score and Undo are pinned above the list, in reach however far it is
    scrolled.

    A list given anew would be built anew, back at its top: so the list is
    kept and only its items are drawn again.  Each frame's key is new, so
    Flet adds it rather than matching it with an earlier sheet's.
    """

    game_id: Any
    #: the sheet: its items, built in the browser as they come into view
    sheet: ft.ListView
    #: who deals next, the score and Undo, pinned above the sheet
    pinned: ft.Container
    #: the two, one above the other
    body: ft.Column
    #: each side, for the window's width it was made for (_margin)
    margin: float
    #: the Undo drawn last (one per revision: SheetUndo.button)
    undo: ft.Control | None = None
    undo_key: str = ""
    #: the hands drawn so far while a long sheet is first sent in parts
    #: (SheetView._in_parts); None: every hand
    shown: int | None = None
    #: each hand's line as last drawn, by its number
    lines: dict[int, ft.Control] = dataclasses.field(default_factory=dict)

    @classmethod
    def new(cls, game_id: Any, margin: float) -> SheetFrame:
        k = next(_frames)
        sheet = ft.ListView(
            key=f"sheet:{k}",
            expand=True,
            padding=ft.Padding.only(left=margin, right=margin, bottom=12),
        )
        pinned = ft.Container(
            ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=8),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12,
            padding=ft.Padding.only(left=14, right=4, top=4, bottom=4),
            margin=ft.Margin.symmetric(horizontal=margin),
            key="pinned",
        )
        body = ft.Column([pinned, sheet], spacing=8, expand=True, key=f"screen:sheet:{k}")
        return cls(game_id, sheet, pinned, body, margin)


def _sheet_button(text: str, xs: int, **kw: Any) -> ft.Control:
    """One of the sheet's row of buttons, ``xs`` of 12 wide on a phone."""
    return ft.OutlinedButton(
        content=label(text),
        height=TAP,
        col={"xs": xs, "md": 3},
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
        **kw,
    )


class SheetView:
    """The score sheet of the game on screen: its kept frame (see
    :class:`SheetFrame`) lives here as long as the sheet stays up."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        #: The sheet's list and pinned bar (see SheetFrame).
        self.frame: SheetFrame | None = None
        #: The sheet's part of the bottom bar (the results in one tap) and
        #: the bar's height, as last drawn (layers.BottomBar).
        self.bottom: tuple[ft.Control, float] | None = None
        #: Undo, its mark and the notices over the sheet (sheet_undo)
        self.undo = SheetUndo(app)

    def draw(self) -> Screen:
        m = self.app.model
        s = m.sheet()
        game = m.game()
        frame = self.frame
        margin = _margin(self.app.page.width or 0)
        if (
            frame is None
            or frame.game_id != m.game_id
            or self.app.base != ("sheet", m.game_id)
            or frame.margin != margin
        ):
            # a fresh frame.  A new margin (a window resized past 992 or
            # 1200 px) makes a new list too: a list rebuilt at a new width by
            # a change above it leaves its accessibility nodes where the old
            # layout put them (a tap by a screen reader, or a test, goes nowhere)
            self.frame = frame = SheetFrame.new(m.game_id, margin)
            if len(s.rows) > PART and self.app.on_loop():
                frame.shown = PART
                self.app.page.run_task(self._in_parts, frame)
        self.bottom = None
        pinned = frame.pinned
        if not s.finished:
            quick = tuple(quick_results(game, m.t))
            wide = (self.app.page.width or 0) >= WIDE  # one row of results, else two
            # in the bottom bar: always in reach, however far the sheet is scrolled
            bar = rendered(lambda: QuickBar(quick, wide, self.pick, key="quick"))
            self.bottom = (bar, TAP + 12 if wide else 2 * TAP + 18)
            key = self.undo.slot_key(bool(s.rows))
            if frame.undo is None or frame.undo_key != key:
                frame.undo, frame.undo_key = self.undo.button(bool(s.rows)), key
            # above the sheet, whatever its scroll
            row = pinned.content
            assert isinstance(row, ft.Row)
            status = rendered(lambda: Status(s.status, s.score, key="status"))
            row.controls = [status, frame.undo]
        if pinned.visible == s.finished:
            pinned.visible = not s.finished
        return s.title, self._items(s, game.format)

    def _items(self, s: Sheet, fmt: Format) -> list[ft.Control]:
        """The sheet's items: the head, the table card's top, a line per
        hand, the card's foot."""
        t = self.app.model.t
        hollywood = len(s.games) > 1 or any(g for g in s.header_game)
        closed = tuple(s.games[g].closed if g < len(s.games) else False for g in s.header_game)
        cols = Columns(hollywood, closed if hollywood else ())
        room = 0  # the names as they are (a resize redraws no table top)
        if hollywood:
            names = tuple(h.split(" ", 1)[1] for h in s.header)
            room = _room(self.app.page, len(names))
            heads = tuple(Head(g.title, g.closed, g.winner, len(s.players)) for g in s.games)
        else:
            names, heads = tuple(s.header), ()
        lit = self.app.model.highlight
        edit = t.gettext("Edit hand {number}")
        frame = self.frame
        rows = s.rows
        if frame is not None and frame.shown is not None:
            if frame.shown < len(rows):
                rows = rows[: frame.shown]
            else:
                frame.shown = None
        if s.rows:
            hint = t.gettext("Tap a hand to open, correct or revert it.")
        else:
            hint = t.gettext("No hands yet: after each deal, tap how it ended below.")

        kept = frame.lines if frame is not None else {}
        drawn: dict[int, ft.Control] = {}

        def line(r: Row) -> ft.Control:
            # A hand whose line would be drawn from the same things keeps
            # the very component drawn last.  Flet's diff passes over a
            # component it has already sent at once; a new one, memoised or
            # not, it compares with the last field by field and hands the
            # old one's state over: a third of a save's time on the server
            # at 200 hands (15 ms -> 10 ms in-process, p50 of 40).
            args = (r, cols, edit.format(number=r.number), r.number == lit, self.open_line)
            c = kept.get(r.number)
            if c is None or not called_with(c, *args):
                c = SheetLine(*args, key=f"hand:{r.number}")
            drawn[r.number] = c
            return c

        def build() -> list[ft.Control]:
            return [
                Part(lambda: self._head(s, fmt), key="head"),
                TableTop(names, heads, cols, room, key="top"),
                *(line(r) for r in rows),
                TableFoot(tuple(s.totals), tuple(s.boxes), hint, not s.rows, cols, key="foot"),
            ]

        items = rendered(build)
        if frame is not None:
            frame.lines = drawn
        return items

    async def _in_parts(self, frame: SheetFrame) -> None:
        """The rest of a long sheet opened with its first :data:`PART`
        hands, a part at a time, each once the one before is sent.

        In server mode Flet writes every message it sends into a debug
        string, log level or not (``flet_web``'s ``FletApp.send_message``):
        the generated ``repr`` of every control in it, a component's body
        twice.  A 100-hand sheet sent whole made a 2.8 MB string, 126-175 ms
        of the server's time and 16 MB of its peak memory; a part of 40
        hands makes about a tenth.  The sheet opens at its top, so the
        player sees its first hands at once, the rest as they come."""
        while True:
            await asyncio.sleep(0)  # what was drawn goes out first
            if self.frame is not frame or frame.shown is None:
                return  # another sheet, or every hand drawn
            if self.app.model.screen != "sheet":
                frame.shown = None  # the next drawing of the sheet has every hand
                return
            frame.shown += PART
            self.app.render()

    def _head(self, s: Sheet, fmt: Format) -> ft.Control:
        """Above the table: the messages, the game-over card or the
        reminders and buttons, and the rules."""
        m = self.app.model
        head: list[ft.Control] = [_said(m.error), _said(m.note, "info")]
        if s.finished:
            head.extend(game_over(self.app, s, fmt, self.undo.handler(m.revision)))
        else:
            reminder = oklahoma_reminder(m.t, m.game().rules) if m.game().rules.oklahoma else ""
            head.append(Extras(reminder, s.tally, s.owed))
            head.append(self._sheet_buttons())
        head.append(node(_text(s.rules, size=13, color=ft.Colors.ON_SURFACE_VARIANT)))
        return ft.Column(head, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def open_line(self, index: int) -> None:
        """A tap on a hand's line: its form, to correct or revert it."""
        self.app.on(self.app.model.open_hand, index)(None)

    def pick(self, result: str, by: str | None) -> None:
        """A tap on a result in the bottom bar: the hand form with it chosen."""
        self.app.on(self.app.model.open_hand, None, result, by)(None)

    def _sheet_buttons(self) -> ft.Control:
        """Enter hand (any result, any way of entry) and Table view; Undo
        is pinned above the sheet, beside who deals next
        (:meth:`SheetUndo.button`)."""
        m = self.app.model
        t = m.t
        # the results in the bottom bar are the usual way in: these two share one line
        return ft.ResponsiveRow(
            [
                _sheet_button(t.gettext("Enter hand"), 6, on_click=self.app.on(m.open_hand)),
                _sheet_button(t.gettext("Table view"), 6, on_click=self.app.on(m.open_table)),
            ],
            spacing=8,
            run_spacing=8,
        )

    async def drawn(self, timeout: float = 5.0) -> bool:
        """Wait until the browser has laid out the sheet as last sent (see
        :meth:`SheetUndo.drawn`)."""
        return await self.undo.drawn(self.bottom is not None, timeout)

    def send(self) -> None:
        """Send the new Undo's mark, once the page's own update is sent."""
        self.undo.send(self.bottom is not None)

    def undo_handler(self, revision: int | None) -> Handler:
        """The sheet's Undo, for the table view's Undo button too."""
        return self.undo.handler(revision)

    def tell(self, text: str) -> None:
        """A short notice over the sheet (another device's change)."""
        self.undo.tell(text)
