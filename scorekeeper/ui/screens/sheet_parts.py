"""The parts of the score sheet as components: each hand's line, the table
card's top and foot, who deals next and the score, and the reminders above.

Each part is a function of plain values (``@ft.component``); the lines are
memoised (``ft.memo``): a line whose hand, columns and language are as they
were is not built again, and the page's diff stops at it (Flet retains its
last body).  So a save, an undo, an edit or another device's change sends
the one line that changed and the totals, whatever the sheet's length, with
no bookkeeping of what was drawn: the sheet is drawn anew from the model
and Flet finds the difference.

The parts are placed in the sheet's list (sheet_view), which the browser
builds lazily: only the lines in view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from ..components import memo
from ..state.sheet_labels import heads as short_heads
from ..state.sheet_model import QuickResult, Row
from ..widgets import TAP, score_text
from ..widgets import card_box as _card_box
from ..widgets import text as _text

#: The table card's colour and inner margin (widgets.card_box): its top,
#: each line and its foot, drawn as one card.
CARD = ft.Colors.SURFACE_CONTAINER
CARD_PAD = 14
#: The colour of the line another device just changed.
LIT = ft.Colors.TERTIARY_CONTAINER
#: The width of the hand numbers' column.
NUM_W = 34


@dataclass(frozen=True)
class Columns:
    """The sheet's columns as each part draws them: Hollywood's narrow
    columns (three games side by side), and which columns are closed (a
    Hollywood game already won, shaded)."""

    hollywood: bool
    closed: tuple[bool, ...]


def node(control: ft.Control) -> ft.Control:
    """``control`` read as a node of its own in the accessibility tree.  In
    a list, each item is one node, the texts in it merged into one label;
    the sheet's texts are read (and found) one by one, as in a column."""
    return ft.Semantics(content=control, container=True)


def label(value: str) -> ft.Text:
    """A sheet button's words: centred, on two lines where one is too short."""
    return ft.Text(value, size=14, max_lines=2, text_align=ft.TextAlign.CENTER)


def cells(
    values: Sequence[str],
    cols: Columns,
    *,
    bold: bool = False,
    marks: Sequence[bool] | None = None,
    size: int = 17,
    below: Sequence[str] | None = None,
    nodes: bool = False,
    said: Sequence[str] | None = None,
) -> list[ft.Control]:
    """One cell per column; ``below``: a smaller value with each (a hand's
    running totals beside the points it scored, or under them in
    Hollywood's narrow columns); ``nodes``: each value read by itself
    (outside a hand's line, which is read whole); ``said``: each value as
    read aloud, where that differs (a name shortened)."""
    out: list[ft.Control] = []
    for i, v in enumerate(values):
        closed = cols.hollywood and i < len(cols.closed) and cols.closed[i]
        scored = bool(marks and marks[i])
        figure = score_text(v, size, bold=bold, scored=scored)
        if said is not None and said[i] != v:
            figure.semantics_label = said[i]
        value: ft.Control = figure
        if below is not None:
            small = ft.Text(
                below[i],
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
                text_align=ft.TextAlign.CENTER,
                no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS,
            )
            if cols.hollywood:  # at 390 px a Hollywood column is some 55 px wide
                value = ft.Column(
                    [value, small],
                    spacing=0,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                )
            else:
                # the totals a column of their own, right of the points, the
                # two meeting at the middle of the column (under Σ's); each
                # text as wide as its column, and no container round the two:
                # the row fills the column (fewer controls for the browser to
                # build each time the hand form over the sheet closes)
                assert isinstance(value, ft.Text)
                value.width = small.width = 48
                value.text_align = ft.TextAlign.RIGHT
                small.text_align = ft.TextAlign.LEFT
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
                node(value) if nodes else value,
                expand=True,
                alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
                # a hand's cells close together: more hands on a phone's screen
                padding=ft.Padding.symmetric(vertical=0 if below is not None else 2),
            )
        )
    return out


def _line(
    row: Row,
    cols: Columns,
    tooltip: str,
    lit: bool,
    on_open: Callable[[int], None],
    *,
    key: str | None = None,
) -> ft.Control:
    """One hand of the sheet, a strip of the table card; tap it to open,
    correct or revert the hand.  ``lit``: the hand another device just
    changed."""
    return ft.Container(
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(str(row.number), size=14, width=NUM_W),
                            # the points the hand scored, the running totals with them
                            *cells(row.points, cols, marks=row.scored, size=18, below=row.cells),
                        ],
                        spacing=2,
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    ft.Text(row.detail, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=0,
                tight=True,
            ),
            padding=ft.Padding.symmetric(vertical=1, horizontal=2),  # 10 hands in a phone's view
            border_radius=8,
            bgcolor=LIT if lit else None,
            ink=True,
            on_click=lambda _: on_open(row.number - 1),
            tooltip=tooltip,
        ),
        bgcolor=CARD,  # a part of the table card
        padding=ft.Padding.symmetric(horizontal=CARD_PAD),
    )


#: A hand's line, built again only when its hand, columns, words or mark change.
SheetLine = memo(ft.component(_line))


def _card_part(column: list[ft.Control], top: bool) -> ft.Container:
    """The top or the foot of the table card, round ``column``."""
    return ft.Container(
        ft.Column(column, spacing=8, tight=True),
        bgcolor=CARD,
        margin=ft.Margin.only(top=14) if top else None,
        padding=ft.Padding.only(
            left=CARD_PAD,
            right=CARD_PAD,
            top=CARD_PAD if top else 8,
            bottom=8 if top else CARD_PAD,
        ),
        border_radius=ft.BorderRadius.only(top_left=12, top_right=12)
        if top
        else ft.BorderRadius.only(bottom_left=12, bottom_right=12),
    )


@dataclass(frozen=True)
class Head:
    """A Hollywood game's column head: its title, and its winner once closed."""

    title: str
    closed: bool
    winner: str | None
    players: int


def _table_top(
    names: tuple[str, ...],
    heads: tuple[Head, ...],
    cols: Columns,
    room: int,
    *,
    key: str | None = None,
) -> ft.Control:
    """The table card's top: Hollywood's game heads, then the names, told
    apart where ``room`` characters fit (sheet_labels.heads), each read
    whole."""
    rows: list[ft.Control] = []
    if heads:
        row: list[ft.Control] = [ft.Container(width=NUM_W)]
        for g in heads:
            # a closed game's winner on a line of its own: at 390 px a
            # column is some 100 px wide ("1. spēle ✓ Ģirts" is not)
            mark = f"\n✓ {g.winner}" if g.closed else ""
            row.append(
                ft.Container(
                    node(
                        ft.Text(
                            g.title + mark,
                            size=14,
                            weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER,
                            max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        )
                    ),
                    expand=g.players,
                    alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if g.closed else None,
                    border_radius=6,
                )
            )
        rows.append(ft.Row(row, spacing=2))
    rows.append(
        ft.Row(
            [
                ft.Container(node(ft.Text("#", size=14)), width=NUM_W),
                *cells(short_heads(names, room), cols, bold=True, size=15, nodes=True, said=names),
            ],
            spacing=2,
        )
    )
    rows.append(ft.Divider(height=1))
    return _card_part(rows, top=True)


TableTop = memo(ft.component(_table_top))


def _table_foot(
    totals: tuple[str, ...],
    boxes: tuple[str, ...],
    hint: str,
    empty: bool,
    cols: Columns,
    *,
    key: str | None = None,
) -> ft.Control:
    """The table card's foot: the totals (Σ), the hands won while the line
    bonus is on, and a hint (``empty``: how to begin, said plainly); where
    the sheet ends and a player looks."""
    sigma = ft.Container(node(ft.Text("Σ", size=15, weight=ft.FontWeight.BOLD)), width=NUM_W)
    # Hollywood's six columns are some 49 px wide at 390 px: three figures
    # take 50 at 26 px (146 was drawn "1…"), 38 at 20
    size = 20 if cols.hollywood else 26
    rows: list[ft.Control] = [
        ft.Divider(height=1),
        ft.Row([sigma, *cells(totals, cols, bold=True, size=size, nodes=True)], spacing=2),
    ]
    if boxes:
        rows.append(
            ft.Row([ft.Container(width=NUM_W), *cells(boxes, cols, size=14, nodes=True)], spacing=2)
        )
    if empty:
        rows.append(node(_text(hint, size=14)))
    else:
        rows.append(node(_text(hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT)))
    return _card_part(rows, top=False)


TableFoot = memo(ft.component(_table_foot))


def _texts(values: tuple[str, ...], styles: tuple[dict[str, Any], ...]) -> list[ft.Control]:
    """The values that are not empty, each a node of its own (a node round
    nothing drawn is an error in the browser)."""
    return [node(ft.Text(v, **s)) for v, s in zip(values, styles, strict=True) if v]


_STATUS = ({"size": 17, "weight": ft.FontWeight.BOLD}, {"size": 16})


def _status(status: str, score: str, *, key: str | None = None) -> ft.Control:
    """Who deals next and the score, on one line where they fit."""
    return ft.Row(
        _texts((status, score), _STATUS), wrap=True, spacing=10, run_spacing=0, expand=True
    )


Status = memo(ft.component(_status))


def _extras(reminder: str, tally: str, owed: str, *, key: str | None = None) -> ft.Control:
    """The Oklahoma reminder, the series tally and what is owed so far (a
    game played for money), at the top of the sheet; nothing if none."""
    texts = _texts((reminder, tally, owed), ({"size": 15},) * 3)
    if not texts:
        return ft.Container(visible=False)
    return _card_box(*texts, color=ft.Colors.SECONDARY_CONTAINER)


Extras = memo(ft.component(_extras))


def _quick_bar(
    quick: tuple[QuickResult, ...],
    wide: bool,
    on_pick: Callable[[str, str | None], None],
    *,
    key: str | None = None,
) -> ft.Control:
    """The next hand's result in one tap ("Bob knocked", "Bob gin", "Draw"):
    the hand form opens with it chosen and the keypad on the first count.
    One row on a wide window; on a phone the knocks, then gin and draw."""
    # tonal, as an outlined button with a fill: a FilledTonalButton with a
    # style makes its style anew on every update, and Flet sends it again
    tonal = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=6),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        color=ft.Colors.ON_SECONDARY_CONTAINER,
        side=ft.BorderSide(0, ft.Colors.TRANSPARENT),
        elevation=1,
    )

    def pick(q: QuickResult) -> Callable[[Any], None]:
        return lambda _: on_pick(q.result, q.by)

    buttons: list[ft.Control] = []
    for q in quick:
        knock = q.result == "knock"
        buttons.append(
            ft.OutlinedButton(
                content=label(q.label),
                key=f"quick:{q.result}:{q.by}",
                height=TAP,
                col={"xs": 6, "md": 3} if knock else {"xs": 4, "md": 2},
                style=tonal,
                on_click=pick(q),
            )
        )
    return ft.ResponsiveRow(buttons, spacing=8, run_spacing=6)


QuickBar = memo(ft.component(_quick_bar))
