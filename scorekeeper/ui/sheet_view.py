"""The score sheet: each hand's points over the running totals, the status
card, Enter hand / Table view / Undo, and the game-over card, drawn from
:class:`~scorekeeper.ui.sheet_model.Sheet`.

A long sheet stays cheap to redraw after a tap: hands are built once and
kept in blocks (:class:`SheetBlock`), and the containers around them are
patched in place (:class:`SheetFrame`) rather than rebuilt.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from .keying import sealed
from .sheet_model import QuickResult, Sheet, oklahoma_reminder, quick_results
from .widgets import TAP, Handler, Screen, screen_body
from .widgets import card_box as _card_box
from .widgets import slot as _slot
from .widgets import text as _text

if TYPE_CHECKING:
    from .app import GinApp

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


def _status_card(n: int) -> tuple[ft.Control, list[ft.Text]]:
    """Who deals next, the score, the Oklahoma reminder, the series tally and
    what is owed so far (a game played for money)."""
    texts = [
        ft.Text(size=20, weight=ft.FontWeight.BOLD),
        ft.Text(size=17),
        *(ft.Text(size=15) for _ in range(n - 2)),
    ]
    return _card_box(*texts, color=ft.Colors.SECONDARY_CONTAINER), texts


@dataclasses.dataclass
class SheetFrame:
    """The containers around one game's sheet, kept while that sheet stays up.

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
    body: ft.ResponsiveRow
    column: ft.Column
    table: ft.Container
    table_column: ft.Column
    #: the blocks, in two columns (see place_blocks)
    lines: ft.Column
    settled: ft.Column
    tail: ft.Column
    #: built hands by content (pruned to the current sheet's), blocks by first hand
    rows: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    blocks: dict[int, SheetBlock] = dataclasses.field(default_factory=dict)
    #: other parts of the sheet by name and content (see keep)
    kept: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    #: parts whose texts change with every hand, changed in place (see live_texts)
    live: dict[str, tuple[ft.Control, list[ft.Text]]] = dataclasses.field(default_factory=dict)
    #: how many blocks the settled column holds (None: not drawn yet; see place_blocks)
    settled_count: int | None = None

    def live_texts(
        self, name: str, values: list[str], build: Callable[[int], tuple[ft.Control, list[ft.Text]]]
    ) -> ft.Control:
        """The part ``name``, built once per frame with ``len(values)`` texts and
        then changed in place: setting a text's value costs the diff one field,
        where a rebuilt part is compared field by field (some 70 per control)."""
        part = self.live.get(name)
        if part is None or len(part[1]) != len(values):
            control, texts = build(len(values))
            part = self.live[name] = (sealed(control, f"live:{name}"), texts)
        for text, value in zip(part[1], values, strict=True):
            if text.value != value:
                text.value = value
            if text.visible != bool(value):
                text.visible = bool(value)
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

    def place_blocks(self, blocks: list[ft.Control]) -> None:
        """The blocks in two columns: those the sheet had when first drawn
        (settled), then those added since (the tail).  In the browser, a
        column whose list of children changes rebuilds every child, down to
        each line's last text: with one column, the block a save starts
        (hand 201) rebuilt all 200 lines before it.  The settled column's
        list changes only when a hand taken back empties one of its blocks
        (a list of the same blocks is no change to Flet's diff)."""
        if self.settled_count is None:
            self.settled_count = len(blocks)
        self.settled_count = min(self.settled_count, len(blocks))
        self.settled.controls = blocks[: self.settled_count]
        self.tail.controls = blocks[self.settled_count :]

    @property
    def placed(self) -> list[ft.Control]:
        """The blocks, settled then tail: the sheet's hands in order."""
        return [*self.settled.controls, *self.tail.controls]

    @classmethod
    def new(cls, game_id: Any) -> SheetFrame:
        body = screen_body([], key=f"screen:sheet:{next(_frames)}")
        column = body.controls[0]
        assert isinstance(column, ft.Column)
        column.key = "screen-column"
        table = _card_box(key="table")
        table_column = table.content
        assert isinstance(table_column, ft.Column)
        settled = ft.Column(spacing=0, key="settled")
        tail = ft.Column(spacing=0, key="tail")
        lines = ft.Column([settled, tail], spacing=0, key="lines")
        return cls(game_id, body, column, table, table_column, lines, settled, tail)


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

    def draw(self) -> Screen:
        m = self.app.model
        s = m.sheet()
        game = m.game()
        frame = self.frame
        if frame is None or frame.game_id != m.game_id or self.app.base != ("sheet", m.game_id):
            # a fresh frame; hands already built for this game are still good
            fresh = SheetFrame.new(m.game_id)
            if frame is not None and frame.game_id == m.game_id:
                fresh.rows, fresh.blocks = frame.rows, frame.blocks
            self.frame = frame = fresh
        out: list[ft.Control] = []
        out.append(_slot(m.error))
        out.append(_slot(m.note, "info"))
        self.bottom = None
        if s.finished:
            out.extend(self._game_over(s, game.format.value))
        else:
            reminder = oklahoma_reminder(m.t, game.rules) if game.rules.oklahoma else ""
            out.append(
                frame.live_texts(
                    "status", [s.status, s.score, reminder, s.tally, s.owed], _status_card
                )
            )
            quick = quick_results(game, m.t)
            wide = (self.app.page.width or 0) >= WIDE  # one row of results, else two
            # in the bottom bar: always in reach, however far the sheet is scrolled
            bar = frame.keep(
                "quick",
                (tuple((q.label, q.result, q.by) for q in quick), wide),
                lambda: self._quick_results(quick, wide),
            )
            self.bottom = (bar, TAP + 12 if wide else 2 * TAP + 18)
            row = frame.keep("buttons", (m.t.code,), self._sheet_buttons)
            assert isinstance(row, ft.ResponsiveRow)
            if row.controls[-1].key != self._undo_key(bool(s.rows)):  # one Undo per revision
                row.controls = [*row.controls[:-1], self._undo_button(bool(s.rows))]
            out.append(row)
        out.append(self._table(s))
        out.append(
            frame.keep(
                "rules",
                (s.rules,),
                lambda: _text(s.rules, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
        return s.title, out

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
        """Enter hand (any result, any way of entry), Table view and Undo
        (replaced at each revision: _undo_button)."""
        m = self.app.model
        t = m.t
        # the results above are the usual way in: these three share one line,
        # a long word on two lines of its button rather than a row of its own
        # (the widths by the longest words: "Undo last hand" is the longest
        # in every language, uk "Скасувати останню роздачу")
        return ft.ResponsiveRow(
            [
                _sheet_button(t.gettext("Enter hand"), 3, on_click=self.app.on(m.open_hand)),
                _sheet_button(t.gettext("Table view"), 4, on_click=self.app.on(m.open_table)),
                self._undo_button(False),
            ],
            spacing=8,
            run_spacing=8,
        )

    def _undo_key(self, any_rows: bool) -> str:
        return f"undo@{self.app.model.revision}:{any_rows}"

    def _undo_button(self, any_rows: bool) -> ft.Control:
        """Undo, carrying the revision of the sheet it was drawn with, a new
        control per revision: a tap on a screen not yet showing another
        device's hand reaches a button the server no longer has, and can
        never take that hand back."""
        m = self.app.model
        return sealed(  # keyed itself: it goes into a row keyed before
            _sheet_button(
                m.t.gettext("Undo last hand"),
                5,
                key=self._undo_key(any_rows),
                disabled=not any_rows,
                on_click=self._undo(m.revision),
            )
        )

    def _game_over(self, s: Sheet, fmt: str) -> list[ft.Control]:
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
        out: list[ft.Control] = [_card_box(*lines, color=ft.Colors.TERTIARY_CONTAINER)]
        buttons: list[ft.Control] = []
        if fmt == "hollywood":
            buttons.append(
                ft.FilledButton(
                    t.gettext("New series"),
                    icon=ft.Icons.REFRESH,
                    height=TAP,
                    on_click=self.app.on(m.new_series),
                )
            )
        buttons.append(
            (ft.OutlinedButton if fmt == "hollywood" else ft.FilledButton)(
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

    def _table(self, s: Sheet) -> ft.Control:
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
        ) -> list[ft.Control]:
            """One cell per column; ``below``: a smaller value with each (a
            hand's running totals beside the points it scored, or under them
            in Hollywood's narrow columns)."""
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
                        value,
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
                        ft.Text(
                            g.title + mark,
                            size=14,
                            weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER,
                            max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS,
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
                        ft.Container(ft.Text("#", size=14), width=num_w),
                        *cells(names, bold=True, size=15),
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
        for first in range(0, len(s.rows), BLOCK):
            chunk = s.rows[first : first + BLOCK]
            # the language too: a line's words (and tooltip) are in it
            # and whether it is the line another device just changed (marked)
            sigs = tuple(
                (
                    r.number,
                    r.detail,
                    tuple(r.cells),
                    tuple(r.points),
                    tuple(r.scored),
                    r.number == lit,
                    *shared,
                )
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
                        SheetBlock(ft.Column(lines, spacing=0), key=f"block:{next(_frames)}")
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
        frame.rows, frame.blocks = built_rows, built_blocks
        frame.place_blocks(blocks)
        rows.append(frame.lines)
        rows.append(frame.keep("bottom", (), lambda: ft.Divider(height=1)))

        def totals_row(n: int) -> tuple[ft.Control, list[ft.Text]]:
            # Hollywood's six columns are some 49 px wide at 390 px: three
            # figures take 50 at 26 px (146 was drawn "1…"), 38 at 20
            row_cells = cells([""] * n, bold=True, size=20 if hollywood else 26)
            texts = [c.content for c in row_cells if isinstance(c, ft.Container)]
            sigma = ft.Container(ft.Text("Σ", size=15, weight=ft.FontWeight.BOLD), width=num_w)
            return ft.Row([sigma, *row_cells], spacing=2), [
                t for t in texts if isinstance(t, ft.Text)
            ]

        # the totals change with every hand; closing a Hollywood column recolours it
        rows.append(frame.live_texts(f"totals:{games}", list(s.totals), totals_row))

        def boxes_row(n: int) -> tuple[ft.Control, list[ft.Text]]:
            row_cells = cells([""] * n, size=14)
            texts = [c.content for c in row_cells if isinstance(c, ft.Container)]
            return ft.Row([ft.Container(width=num_w), *row_cells], spacing=2), [
                t for t in texts if isinstance(t, ft.Text)
            ]

        # hands won, beside the totals, while the line bonus (per hand won) is on
        if s.boxes:
            rows.append(frame.live_texts(f"boxes:{games}", list(s.boxes), boxes_row))
        if not s.rows:
            rows.append(
                _text(
                    t.gettext("No hands yet: after each deal, tap how it ended below."),
                    size=14,
                )
            )
        else:
            rows.append(
                frame.keep(
                    "hint",
                    (t.code,),
                    lambda: _text(
                        t.gettext("Tap a hand to open, correct or revert it."),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
        del n
        frame.table_column.controls = rows
        return frame.table

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
            padding=ft.Padding.symmetric(vertical=3, horizontal=2),
            border_radius=8,
            bgcolor=ft.Colors.TERTIARY_CONTAINER if r.number == self.app.model.highlight else None,
            ink=True,
            on_click=self.app.on(self.app.model.open_hand, r.number - 1),
            tooltip=t.gettext("Edit hand {number}").format(number=r.number),
        )
        return sealed(line)

    def send(self) -> None:
        """Send the blocks changed in place, once the page's own update is
        sent: the page's diff does not look inside them (they are isolated)."""
        changed, self._changed = self._changed, []
        for block in changed:
            # no longer on the page (another screen is shown): nothing to send
            with contextlib.suppress(RuntimeError):
                block.update()

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
