"""The score sheet: each hand's points over the running totals, who deals
next with the score and Undo (pinned above it), Enter hand / Table view,
and the game-over card, drawn from :class:`~scorekeeper.ui.sheet_model.Sheet`.

A long sheet stays cheap to redraw after a tap: the browser builds only the
part in view (a list), hands are built once and kept in blocks
(:class:`SheetBlock`), and the containers around them are patched in place
(:class:`SheetFrame`) rather than rebuilt.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.engine import Format, format_spec

from .keying import descendants, sealed
from .model import SORRY
from .review.model import Download
from .share_view import share_buttons, tell_copied
from .sheet_model import QuickResult, Sheet, oklahoma_reminder, quick_results
from .widgets import TAP, Handler, Screen
from .widgets import card_box as _card_box
from .widgets import slot as _slot
from .widgets import text as _text

if TYPE_CHECKING:
    from .app import GinApp

log = logging.getLogger(__name__)

#: Hands per block of the sheet: the page diff compares blocks, not hands.
BLOCK = 10
#: From this width (ResponsiveRow's "md") the results fit one row.
WIDE = 768
_frames = itertools.count()


class SheetLine(ft.Container):
    """One hand on the sheet.  Built once per content and never changed, so the
    page diff need not walk into it (a 200-hand sheet stays cheap to update)."""

    def is_isolated(self) -> bool:
        return True


class SheetBlock(ft.Container):
    """Up to :data:`BLOCK` consecutive hands of the sheet (hands 1-10, 11-20,
    ...; the last block may hold fewer).  The page diff stops at an isolated
    control's children, so it compares 20 blocks of a 200-hand sheet instead
    of 200 lines.  A block whose hands changed (one saved, taken back, edited,
    marked) is changed in place and sent by itself (:meth:`SheetView.send`):
    only the lines that changed go to the browser, never the block's others
    (a rebuilt block re-sent all ten, some 17 KB).  The lines sit in a column
    inside, not in the block itself."""

    #: the content of each of its lines, as drawn
    sigs: tuple[Any, ...] = ()

    def is_isolated(self) -> bool:
        return True

    @property
    def lines(self) -> list[ft.Control]:
        column = self.content
        assert isinstance(column, ft.Column)
        return column.controls


def _node(control: ft.Control) -> ft.Control:
    """``control`` read as a node of its own in the accessibility tree.  In
    a list, each item is one node, the texts in it merged into one label;
    the sheet's texts are read (and found) one by one, as in a column."""
    return ft.Semantics(content=control, container=True)


def _extras_card(n: int) -> tuple[ft.Control, list[ft.Text]]:
    """The Oklahoma reminder, the series tally and what is owed so far (a
    game played for money), at the top of the sheet."""
    texts = [ft.Text(size=15) for _ in range(n)]
    return _card_box(*map(_node, texts), color=ft.Colors.SECONDARY_CONTAINER), texts


def _status_texts(n: int) -> tuple[ft.Control, list[ft.Text]]:
    """Who deals next and the score, on one line where they fit."""
    texts = [ft.Text(size=17, weight=ft.FontWeight.BOLD), ft.Text(size=16)]
    row = ft.Row(list(map(_node, texts)), wrap=True, spacing=10, run_spacing=0, expand=True)
    return row, texts


def _nodes_of(control: ft.Control) -> dict[int, ft.Control]:
    """The nodes made by :func:`_node` in ``control``, by their text's id."""
    return {
        id(c.content): c
        for c in descendants(control)
        if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Text)
    }


def _said(text: str | None, kind: str = "error") -> ft.Control:
    """An error or a note on the sheet (widgets.slot), a node of its own."""
    return _node(_slot(text, kind)) if text else _slot(text, kind)


def _cell_texts(cells: list[ft.Control]) -> list[ft.Text]:
    """The texts of a row's cells (each a container round a node round a text)."""
    out: list[ft.Text] = []
    for cell in cells:
        node = cell.content if isinstance(cell, ft.Container) else None
        text = node.content if isinstance(node, ft.Semantics) else None
        if isinstance(text, ft.Text):
            out.append(text)
    return out


def _margin(width: float) -> float:
    """The sheet's margin each side: its column as wide as other screens'
    (:func:`~scorekeeper.ui.widgets.screen_body`: the whole width on a
    phone, 11 of 12 columns from 992 px, 9 of 12 from 1200)."""
    columns = 9 if width >= 1200 else 11 if width >= 992 else 12
    return max(width - 24, 0) * (12 - columns) / 24


@dataclasses.dataclass
class SheetFrame:
    """The containers around one game's sheet, kept while that sheet stays up.

    The sheet is a list the browser builds lazily (a ``ListView``): only the
    items in view, and a little beyond, are built and laid out.  Closing
    the hand form (and so each save) makes the browser build the sheet's
    layer again, and a column of every hand rebuilt all of them, some
    2,200 controls on a 200-hand sheet.  Its items: the head (messages,
    buttons, rules), the table card's top (names), the blocks of hands, and
    the card's foot (totals, hands won, the hint), where the sheet ends and
    a player following the game looks.  Who deals next, the score and Undo
    are pinned above the list, in reach however far it is scrolled.

    Flet's diff compares a rebuilt control with the old one and then walks the
    whole old subtree to find what was removed: with a fresh screen per tap
    that walk covered every hand of a long sheet.  Kept containers whose lists
    are reassigned are diffed in place instead, so only what changed is
    visited.  A kept container must only ever sit inside kept containers (a
    rebuilt parent would take it for unchanged), so the frame is dropped as a
    whole whenever the view shows anything else.  Each frame's key is new, so
    Flet adds it rather than matching it with an earlier sheet: a matched
    control is marked frozen, and a frozen kept container would never again
    send its changes.
    """

    game_id: Any
    #: the sheet: its items, built in the browser as they come into view
    sheet: ft.ListView
    head: ft.Column
    #: who deals next, the score and Undo, pinned above the sheet
    pinned: ft.Container
    #: the two, one above the other
    body: ft.Column
    #: the table card's top (the names) and foot (totals, hands won, hint)
    top: ft.Column
    foot: ft.Column
    top_card: ft.Container
    foot_card: ft.Container
    #: each side, for the window's width it was made for (_margin)
    margin: float
    #: the Undo drawn last (one per revision: _undo_button)
    undo: ft.Control | None = None
    #: built hands by content (pruned to the current sheet's), blocks by first hand
    rows: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    blocks: dict[int, SheetBlock] = dataclasses.field(default_factory=dict)
    #: the line marked as the one another device just changed (see _light)
    lit: SheetLine | None = None
    #: other parts of the sheet by name and content (see keep)
    kept: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    #: parts whose texts change with every hand, changed in place (see live_texts)
    live: dict[str, tuple[ft.Control, list[ft.Text]]] = dataclasses.field(default_factory=dict)
    #: their texts' own nodes (see _node), by the text's id
    nodes: dict[int, ft.Control] = dataclasses.field(default_factory=dict)

    def live_texts(
        self, name: str, values: list[str], build: Callable[[int], tuple[ft.Control, list[ft.Text]]]
    ) -> ft.Control:
        """The part ``name``, built once per frame with ``len(values)`` texts and
        then changed in place: setting a text's value costs the diff one field,
        where a rebuilt part is compared field by field (some 70 per control).
        The part is hidden while every text is empty."""
        part = self.live.get(name)
        if part is None or len(part[1]) != len(values):
            control, texts = build(len(values))
            part = self.live[name] = (sealed(control, f"live:{name}"), texts)
            self.nodes.update(_nodes_of(control))
        for text, value in zip(part[1], values, strict=True):
            if text.value != value:
                text.value = value
            # the text's own node (see _node) is what hides: a node round
            # nothing drawn is an error in the browser
            shown = self.nodes.get(id(text), text)
            if shown.visible != bool(value):
                shown.visible = bool(value)
        if part[0].visible != any(values):
            part[0].visible = any(values)
        return part[0]

    def keep(
        self, name: str, content: tuple[Any, ...], build: Callable[[], ft.Control]
    ) -> ft.Control:
        """The part ``name`` as built for ``content``, reused while that is unchanged:
        the diff then skips it, where a rebuilt copy would be compared and re-sent."""
        control = self.kept.get((name, content))
        if control is None:
            control = self.kept[(name, content)] = sealed(build(), f"kept:{name}")
        return control

    def items(self, blocks: list[ft.Control]) -> list[ft.Control]:
        """The sheet's items in order: head, the table's top, ``blocks``, its foot."""
        return [self.head, self.top_card, *blocks, self.foot_card]

    @property
    def placed(self) -> list[SheetBlock]:
        """The blocks on the sheet, in order."""
        return [c for c in self.sheet.controls if isinstance(c, SheetBlock)]

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
        body = ft.Column(
            [pinned, sheet],
            spacing=8,
            expand=True,
            key=f"screen:sheet:{k}",
        )
        head = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key="head")
        top = ft.Column(spacing=8, tight=True, key="top")
        foot = ft.Column(spacing=8, tight=True, key="foot")
        return cls(
            game_id,
            sheet,
            head,
            pinned,
            body,
            top,
            foot,
            _card_part(top, True),
            _card_part(foot, False),
            margin,
        )


#: The table card's colour and inner margin (widgets.card_box): its parts,
#: the top, each block of hands and the foot, drawn as one card.
CARD = ft.Colors.SURFACE_CONTAINER
#: The colour of the line another device just changed (SheetView._light).
_LIT = ft.Colors.TERTIARY_CONTAINER
_CARD_PAD = 14


def _card_part(column: ft.Column, top: bool) -> ft.Container:
    """The top or the foot of the table card, round ``column``."""
    return ft.Container(
        column,
        key="card-top" if top else "card-foot",
        bgcolor=CARD,
        margin=ft.Margin.only(top=14) if top else None,
        padding=ft.Padding.only(
            left=_CARD_PAD,
            right=_CARD_PAD,
            top=_CARD_PAD if top else 8,
            bottom=8 if top else _CARD_PAD,
        ),
        border_radius=ft.BorderRadius.only(top_left=12, top_right=12)
        if top
        else ft.BorderRadius.only(bottom_left=12, bottom_right=12),
    )


def _sheet_button(label: str, xs: int, **kw: Any) -> ft.Control:
    """One of the sheet's row of three buttons, ``xs`` of 12 wide on a phone."""
    return ft.OutlinedButton(
        content=_label(label),
        height=TAP,
        col={"xs": xs, "md": 3},
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
        **kw,
    )


def _label(text: str) -> ft.Text:
    """A sheet button's words: centred, on two lines where one is too short."""
    return ft.Text(text, size=14, max_lines=2, text_align=ft.TextAlign.CENTER)


class SheetView:
    """The score sheet of the game on screen: its kept frame (see
    :class:`SheetFrame`) lives here as long as the sheet stays up."""

    def __init__(self, app: GinApp) -> None:
        self.app = app
        #: The sheet's kept containers and built hands (see SheetFrame).
        self.frame: SheetFrame | None = None
        #: The sheet's part of the bottom bar (the results in one tap) and
        #: the bar's height, as last drawn (layers.BottomBar).
        self.bottom: tuple[ft.Control, float] | None = None
        #: blocks changed in place since the last :meth:`send`
        self._changed: list[SheetBlock] = []
        #: lines marked or unmarked in place since the last :meth:`send`
        self._relit: list[SheetLine] = []
        #: the marks made (see drawn), those not yet laid out by the browser,
        #: and the place beside the newest Undo that waits for its mark
        self._marks = 0
        self._unseen: dict[int, asyncio.Event] = {}
        self._slot: ft.Container | None = None

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
            # a fresh frame; hands already built for this game are still good.
            # A new margin (a window resized past 992 or 1200 px) makes a new
            # list too: a list rebuilt at a new width by a change above it
            # leaves its accessibility nodes where the old layout put them
            # (a tap by a screen reader, or a test, goes nowhere)
            fresh = SheetFrame.new(m.game_id, margin)
            if frame is not None and frame.game_id == m.game_id:
                fresh.rows, fresh.blocks, fresh.lit = frame.rows, frame.blocks, frame.lit
            self.frame = frame = fresh
        head: list[ft.Control] = [_said(m.error), _said(m.note, "info")]
        self.bottom = None
        pinned = frame.pinned
        if s.finished:
            head.extend(self._game_over(s, game.format))
        else:
            reminder = oklahoma_reminder(m.t, game.rules) if game.rules.oklahoma else ""
            head.append(frame.live_texts("extras", [reminder, s.tally, s.owed], _extras_card))
            quick = quick_results(game, m.t)
            wide = (self.app.page.width or 0) >= WIDE  # one row of results, else two
            # in the bottom bar: always in reach, however far the sheet is scrolled
            bar = frame.keep(
                "quick",
                (tuple((q.label, q.result, q.by) for q in quick), wide),
                lambda: self._quick_results(quick, wide),
            )
            self.bottom = (bar, TAP + 12 if wide else 2 * TAP + 18)
            head.append(frame.keep("buttons", (m.t.code,), self._sheet_buttons))
            if frame.undo is None or frame.undo.key != self._undo_slot_key(bool(s.rows)):
                frame.undo = self._undo_button(bool(s.rows))  # one Undo per revision
            # above the sheet, whatever its scroll
            row = pinned.content
            assert isinstance(row, ft.Row)
            row.controls = [
                frame.live_texts("status", [s.status, s.score], _status_texts),
                frame.undo,
            ]
        if pinned.visible == s.finished:
            pinned.visible = not s.finished
        head.append(
            frame.keep(
                "rules",
                (s.rules,),
                lambda: _node(_text(s.rules, size=13, color=ft.Colors.ON_SURFACE_VARIANT)),
            )
        )
        frame.head.controls = head
        blocks = self._table(s)
        return s.title, frame.items(blocks)

    def _quick_results(self, quick: list[QuickResult], wide: bool) -> ft.Control:
        """The next hand's result in one tap ("Bob knocked", "Bob gin", "Draw"):
        the hand form opens with it chosen and the keypad on the first count.
        One row on a wide window; on a phone the knocks, then gin and draw."""
        m = self.app.model
        # tonal, as an outlined button with a fill: a FilledTonalButton with a
        # style makes its style anew on every update, and Flet sends it again
        # (five buttons, after each save and undo)
        tonal = ft.ButtonStyle(
            padding=ft.Padding.symmetric(horizontal=6),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            color=ft.Colors.ON_SECONDARY_CONTAINER,
            side=ft.BorderSide(0, ft.Colors.TRANSPARENT),
            elevation=1,
        )
        buttons: list[ft.Control] = []
        for q in quick:
            knock = q.result == "knock"
            buttons.append(
                ft.OutlinedButton(
                    content=_label(q.label),
                    key=f"quick:{q.result}:{q.by}",
                    height=TAP,
                    col={"xs": 6, "md": 3} if knock else {"xs": 4, "md": 2},
                    style=tonal,
                    on_click=self.app.on(m.open_hand, None, q.result, q.by),
                )
            )
        return ft.ResponsiveRow(buttons, spacing=8, run_spacing=6)

    def _sheet_buttons(self) -> ft.Control:
        """Enter hand (any result, any way of entry) and Table view; Undo
        is under the totals (:meth:`_undo_button`)."""
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

    def _undo_key(self, any_rows: bool) -> str:
        m = self.app.model
        return f"undo@{m.revision}:{any_rows}:{m.t.code}"  # its label is in the language

    def _undo_slot_key(self, any_rows: bool) -> str:
        """The key of Undo with its mark beside it (see _undo_button)."""
        return f"at:{self._undo_key(any_rows)}"

    def _undo_button(self, any_rows: bool) -> ft.Control:
        """Undo, carrying the revision of the sheet it was drawn with, a new
        control per revision: a tap on a screen not yet showing another
        device's hand reaches a button the server no longer has, and can
        never take that hand back.  Beside who deals next, pinned above
        the sheet: in reach however far it is scrolled.  As wide as its
        longest word: "Undo last hand" is the
        longest label in every language, uk "Скасувати останню роздачу".
        With the revision's mark (see _mark)."""
        m = self.app.model
        button = ft.OutlinedButton(
            content=_label(m.t.gettext("Undo last hand")),
            width=132,
            height=44,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
            disabled=not any_rows,
            on_click=self._undo(m.revision),
        )
        # keyed itself: it goes into a row keyed before
        self._slot = ft.Container(width=0, height=0)  # its mark: see send
        return sealed(
            ft.Stack([sealed(button, self._undo_key(any_rows)), self._slot]),
            self._undo_slot_key(any_rows),
        )

    def _mark(self) -> ft.Control:
        """A control of no size, new with each revision (beside Undo, in a
        stack: not a gap in the row), that tells the server once the
        browser has laid it out, and so the change sent before it (see
        drawn and send)."""
        self._marks += 1
        made = self._marks
        self._unseen[made] = asyncio.Event()
        for old in [k for k in self._unseen if k <= made - 16]:  # the sheet was left: none waits
            self._unseen.pop(old).set()

        async def laid_out(_: Any) -> None:  # on the event loop, as the waiters
            ft.context.disable_auto_update()  # type: ignore[no-untyped-call]  # no diff: nothing changed
            for k in [k for k in self._unseen if k <= made]:  # and what came before it
                self._unseen.pop(k).set()

        return ft.Container(width=0, height=0, on_size_change=laid_out, key=f"mark:{made}")

    def _game_over(self, s: Sheet, fmt: Format) -> list[ft.Control]:
        m = self.app.model
        t = m.t
        lines: list[ft.Control] = [
            ft.Row(
                [
                    ft.Icon(ft.Icons.EMOJI_EVENTS, size=36),
                    ft.Text(
                        s.headline,
                        size=26,
                        weight=ft.FontWeight.BOLD,
                    ),
                ]
            )
        ]
        if s.tally:
            lines.append(_text(s.tally))
        lines.extend(_text(line) for line in s.final)
        # played for money: who pays whom, a payment a line
        lines.extend(
            _text(line, size=18, weight=ft.FontWeight.BOLD)
            for line in s.payments or [s.owed]
            if line
        )
        out: list[ft.Control] = [_card_box(*map(_node, lines), color=ft.Colors.TERTIARY_CONTAINER)]
        out.extend(
            share_buttons(
                t,
                m.shared(),
                copied=lambda _: tell_copied(self.app.page, m.t),
                picture=self._save_picture,
                each_game=self.app.on(m.toggle_share_each_game),
            )
        )
        buttons: list[ft.Control] = []
        series = format_spec(fmt).series  # a new series: another set of games at once
        if series:
            buttons.append(
                ft.FilledButton(
                    t.gettext("New series"),
                    icon=ft.Icons.REFRESH,
                    height=TAP,
                    on_click=self.app.on(m.new_series),
                )
            )
        buttons.append(
            (ft.OutlinedButton if series else ft.FilledButton)(
                t.gettext("Play again, same players"),
                icon=ft.Icons.REFRESH,
                height=TAP,
                on_click=self.app.on(m.play_again),
            )
        )
        buttons.append(
            ft.OutlinedButton(
                t.gettext("Home"), icon=ft.Icons.HOME, height=TAP, on_click=self.app.on(m.go_home)
            )
        )
        buttons.append(
            ft.FilledTonalButton(
                t.gettext("Table view"),
                icon=ft.Icons.FULLSCREEN,
                height=TAP,
                on_click=self.app.on(m.open_table),
            )
        )
        buttons.append(  # the last hand was wrong? take it back and the game goes on
            ft.OutlinedButton(
                t.gettext("Undo last hand"),
                icon=ft.Icons.UNDO,
                height=TAP,
                key=f"undo@{m.revision}",  # one per revision (see _undo_button)
                on_click=self._undo(m.revision),
            )
        )
        out.append(ft.Row(buttons, wrap=True))
        return out

    def _save_picture(self, _: Any = None) -> None:
        """Save picture: a download in a browser (as the review's exports),
        a file in the exports folder in the desktop window."""
        app, m = self.app, self.app.model
        review, ctx = app.review, app.review_ctx
        got: list[Download] = []
        gid = str(m.game_id)

        def make() -> None:
            if ctx.web:
                got.append(review.download_picture(gid))
            else:
                review.export_picture(gid)
                m.note = review.note

        m.act(make)
        if got and ctx.file_picker is not None:
            app.page.run_task(self._download, got[0])
        app.render()

    async def _download(self, d: Download) -> None:
        app, m = self.app, self.app.model
        picker = app.review_ctx.file_picker
        assert picker is not None
        try:
            await picker.save_file(file_name=d.name, src_bytes=d.data)
        except Exception:
            log.exception("the download of %s failed", d.name)
            m.error = SORRY
        else:
            m.note = d.note
        app.render()

    def _table(self, s: Sheet) -> list[ft.Control]:
        """The table card's top and foot, filled in; its blocks of hands."""
        t = self.app.model.t
        n = len(s.header)
        hollywood = len(s.games) > 1 or any(g for g in s.header_game)
        rows: list[ft.Control] = []
        num_w = 34

        def cells(
            values: list[str],
            bold: bool = False,
            marks: list[bool] | None = None,
            size: int = 17,
            below: list[str] | None = None,
            nodes: bool = False,
        ) -> list[ft.Control]:
            """One cell per column; ``below``: a smaller value with each (a
            hand's running totals beside the points it scored, or under them
            in Hollywood's narrow columns); ``nodes``: each value read by
            itself (outside a hand's line, which is read whole)."""
            out: list[ft.Control] = []
            for i, v in enumerate(values):
                game_idx = s.header_game[i] if i < len(s.header_game) else 0
                closed = hollywood and s.games[game_idx].closed
                scored = bool(marks and marks[i])
                value: ft.Control = ft.Text(
                    v,
                    size=size,
                    weight=ft.FontWeight.BOLD if bold or scored else None,
                    color=ft.Colors.PRIMARY if scored else None,
                    text_align=ft.TextAlign.CENTER,
                    no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS,
                )
                if below is not None:
                    small = ft.Text(
                        below[i],
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                        text_align=ft.TextAlign.CENTER,
                        no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    )
                    if hollywood:  # at 390 px a Hollywood column is some 55 px wide
                        value = ft.Column(
                            [value, small],
                            spacing=0,
                            tight=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        )
                    else:
                        # the totals a column of their own, right of the points,
                        # the two meeting at the middle of the column (under Σ's);
                        # each text as wide as its column (no container round it:
                        # a new line is sent whole, after each save)
                        assert isinstance(value, ft.Text)
                        value.width = small.width = 48
                        value.text_align = ft.TextAlign.RIGHT
                        small.text_align = ft.TextAlign.LEFT
                        # and no container round the two: the row fills the
                        # column (the browser builds every control of the
                        # sheet again each time the hand form over it closes)
                        out.append(
                            ft.Row(
                                [value, small],
                                spacing=6,
                                alignment=ft.MainAxisAlignment.CENTER,
                                vertical_alignment=ft.CrossAxisAlignment.END,
                                expand=True,
                            )
                        )
                        continue
                out.append(
                    ft.Container(
                        _node(value) if nodes else value,
                        expand=True,
                        alignment=ft.Alignment.CENTER,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
                        # a hand's cells close together: more hands on a phone's screen
                        padding=ft.Padding.symmetric(vertical=0 if below is not None else 2),
                    )
                )
            return out

        frame = self.frame
        assert frame is not None  # _sheet made it
        games = tuple((g.title, g.closed, g.winner) for g in s.games)

        def hollywood_heads() -> ft.Control:
            heads: list[ft.Control] = [ft.Container(width=num_w)]
            for g in s.games:
                # a closed game's winner on a line of its own: at 390 px a
                # column is some 100 px wide ("1. spēle ✓ Ģirts" is not)
                mark = f"\n✓ {g.winner}" if g.closed else ""
                heads.append(
                    ft.Container(
                        _node(
                            ft.Text(
                                g.title + mark,
                                size=14,
                                weight=ft.FontWeight.BOLD,
                                text_align=ft.TextAlign.CENTER,
                                max_lines=2,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            )
                        ),
                        expand=len(s.players),
                        alignment=ft.Alignment.CENTER,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if g.closed else None,
                        border_radius=6,
                    )
                )
            return ft.Row(heads, spacing=2)

        if hollywood:
            rows.append(frame.keep("heads", games, hollywood_heads))
            names = [h.split(" ", 1)[1] for h in s.header]
        else:
            names = list(s.header)
        rows.append(
            frame.keep(
                "names",
                (tuple(names), games),
                lambda: ft.Row(
                    [
                        ft.Container(_node(ft.Text("#", size=14)), width=num_w),
                        *cells(names, bold=True, size=15, nodes=True),
                    ],
                    spacing=2,
                ),
            )
        )
        rows.append(frame.keep("top", (), lambda: ft.Divider(height=1)))
        closed = tuple(g.closed for g in s.games)
        blocks: list[ft.Control] = []
        built_rows: dict[tuple[Any, ...], ft.Control] = {}
        built_blocks: dict[int, SheetBlock] = {}
        shared = (closed, t.code)
        lit = self.app.model.highlight
        lit_line: SheetLine | None = None
        for first in range(0, len(s.rows), BLOCK):
            chunk = s.rows[first : first + BLOCK]
            # the language too: a line's words (and tooltip) are in it.
            # Not whether it is marked (see _light): that is its colour alone
            sigs = tuple(
                (r.number, r.detail, tuple(r.cells), tuple(r.points), tuple(r.scored), *shared)
                for r in chunk
            )
            block = frame.blocks.get(first)
            if block is None or block.sigs != sigs:
                lines = [
                    frame.rows.get(sig) or self._sheet_line(r, sig, cells, num_w)
                    for r, sig in zip(chunk, sigs, strict=True)
                ]
                if block is None:
                    # a new key for a new block: a block matched by key with
                    # an earlier one would be marked frozen (see SheetFrame)
                    block = sealed(
                        SheetBlock(
                            ft.Column(lines, spacing=0),
                            bgcolor=CARD,  # a part of the table card
                            padding=ft.Padding.symmetric(horizontal=_CARD_PAD),
                            key=f"block:{next(_frames)}",
                        )
                    )
                else:
                    self._changed.append(block)  # sent by itself (send)
                    column = block.content
                    assert isinstance(column, ft.Column)
                    column.controls = lines  # a new list: the diff compares it with the old
                block.sigs = sigs
            built_blocks[first] = block
            built_rows.update(zip(sigs, block.lines, strict=True))
            blocks.append(block)
            if lit is not None and lit_line is None:
                for r, line in zip(chunk, block.lines, strict=True):
                    if r.number == lit and isinstance(line, SheetLine):
                        lit_line = line
        frame.rows, frame.blocks = built_rows, built_blocks
        self._light(frame, lit_line)
        frame.top.controls = rows
        rows = [frame.keep("bottom", (), lambda: ft.Divider(height=1))]

        def totals_row(n: int) -> tuple[ft.Control, list[ft.Text]]:
            # Hollywood's six columns are some 49 px wide at 390 px: three
            # figures take 50 at 26 px (146 was drawn "1…"), 38 at 20
            row_cells = cells([""] * n, bold=True, size=20 if hollywood else 26, nodes=True)
            sigma = ft.Container(
                _node(ft.Text("Σ", size=15, weight=ft.FontWeight.BOLD)), width=num_w
            )
            return ft.Row([sigma, *row_cells], spacing=2), _cell_texts(row_cells)

        # the totals change with every hand; closing a Hollywood column recolours it
        rows.append(frame.live_texts(f"totals:{games}", list(s.totals), totals_row))

        def boxes_row(n: int) -> tuple[ft.Control, list[ft.Text]]:
            row_cells = cells([""] * n, size=14, nodes=True)
            return ft.Row([ft.Container(width=num_w), *row_cells], spacing=2), _cell_texts(
                row_cells
            )

        # hands won, beside the totals, while the line bonus (per hand won) is on
        if s.boxes:
            rows.append(frame.live_texts(f"boxes:{games}", list(s.boxes), boxes_row))
        if not s.rows:
            rows.append(
                _node(
                    _text(
                        t.gettext("No hands yet: after each deal, tap how it ended below."),
                        size=14,
                    )
                )
            )
        else:
            rows.append(
                frame.keep(
                    "hint",
                    (t.code,),
                    lambda: _node(
                        _text(
                            t.gettext("Tap a hand to open, correct or revert it."),
                            size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        )
                    ),
                )
            )
        del n
        frame.foot.controls = rows
        return blocks

    def _light(self, frame: SheetFrame, line: SheetLine | None) -> None:
        """Mark ``line`` as the one another device just changed, and no
        other: its colour, changed in place and sent by itself (send), one
        value, where a line drawn anew for its mark went whole (1.3 KB)
        when it was marked and again when the mark came off."""
        if frame.lit is line:
            return
        for each, colour in ((frame.lit, None), (line, _LIT)):
            if each is not None and each.bgcolor != colour:
                each.bgcolor = colour
                self._relit.append(each)
        frame.lit = line

    def _sheet_line(
        self,
        r: Any,
        sig: tuple[Any, ...],
        cells: Callable[..., list[ft.Control]],
        num_w: int,
    ) -> ft.Control:
        """One hand of the sheet; tap it to open, correct or revert the hand."""
        t = self.app.model.t
        line = SheetLine(
            key=f"line{r.number}:{hash(sig)}",  # new content, new line
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(str(r.number), size=14, width=num_w),
                            # the points the hand scored, the running totals under them
                            *cells(r.points, marks=r.scored, size=18, below=r.cells),
                        ],
                        spacing=2,
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    ft.Text(r.detail, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=0,
                tight=True,
            ),
            padding=ft.Padding.symmetric(vertical=1, horizontal=2),  # 10 hands in a phone's view
            border_radius=8,
            bgcolor=_LIT if r.number == self.app.model.highlight else None,
            ink=True,
            on_click=self.app.on(self.app.model.open_hand, r.number - 1),
            tooltip=t.gettext("Edit hand {number}").format(number=r.number),
        )
        return sealed(line)

    async def drawn(self, timeout: float = 5.0) -> bool:
        """Wait until the browser has laid out the sheet as last sent, at most
        ``timeout`` seconds.  The mark beside Undo (see _mark), sent after
        the change, reports its size once a frame that lays it out is made;
        a call to a control the browser has already built (a scroll, say) is
        answered before the change sent with it is laid out.  False when the
        sheet has no mark (a finished game) or no report came."""
        if self.bottom is None:
            return False
        unseen = self._unseen.get(self._marks)
        if unseen is None:
            return True
        try:
            await asyncio.wait_for(unseen.wait(), timeout)
        except TimeoutError:  # another screen came first, or the browser went away
            return False
        return True

    def send(self) -> None:
        """Send the blocks changed in place, once the page's own update is
        sent: the page's diff does not look inside them (they are isolated).
        Then a new Undo's mark (see drawn), last: the browser may lay out
        each message by itself, and a mark sent with the page's update was
        laid out before the hand its block brought (a sheet a line short)."""
        changed, self._changed = self._changed, []
        relit, self._relit = self._relit, []
        for part in (*changed, *relit):
            # no longer on the page (another screen is shown): nothing to send
            with contextlib.suppress(RuntimeError):
                part.update()
        slot = self._slot
        if slot is not None and slot.content is None and self.bottom is not None:
            slot.content = self._mark()
            with contextlib.suppress(RuntimeError):
                slot.update()

    def undo_handler(self, revision: int | None) -> Handler:
        """The sheet's Undo, for the table view's Undo button too."""
        return self._undo(revision)

    def _undo(self, revision: int | None) -> Handler:
        """Undo the last hand (based on ``revision``, the one drawn with the
        button), then offer it back: "Hand 7 taken back — Redo"."""
        undo = self.app.on(self.app.model.undo, revision)

        def handler(_: Any = None) -> None:
            m = self.app.model
            undo(None)
            if m.undone is not None:
                self.app.after_drawn(self._offer_redo)

        return handler

    def tell(self, text: str) -> None:
        """A short notice over the sheet (another device's change)."""
        self.app.page.show_dialog(
            ft.SnackBar(
                ft.Text(text, size=16),
                duration=ft.Duration(seconds=4),
                behavior=ft.SnackBarBehavior.FLOATING,
            )
        )

    def _offer_redo(self) -> None:
        m = self.app.model
        if m.undone is None:  # put back, or another change came first
            return
        self.app.page.show_dialog(
            ft.SnackBar(
                ft.Text(m.undone_text(), size=16),
                action=ft.SnackBarAction(
                    m.t.gettext("Redo"), on_click=self.app.on(m.redo, m.revision)
                ),
                duration=ft.Duration(seconds=10),
                show_close_icon=True,
                behavior=ft.SnackBarBehavior.FLOATING,
            )
        )
