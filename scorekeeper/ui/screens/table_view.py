"""The table view: a game's totals in numbers big enough to read from two
metres, filling the window (a phone turned sideways, a desktop), drawn from
:class:`~scorekeeper.ui.state.table_model.Board` and nothing else; with Enter hand
and Undo, so a game can be kept from the table view alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from ..state.table_model import Board, build_board
from ..widgets import TAP, Handler, message

if TYPE_CHECKING:
    from ..shell import Shell

#: The window assumed before the browser told its size (a desktop).
DEFAULT_SIZE = (1280.0, 800.0)
#: Height taken by the top bar, the view's padding and the status lines
#: (Enter hand and Undo beside them, in a window wider than tall).
CHROME = 56 + 24 + 88
#: Upright (a phone), Enter hand and Undo get a row of their own under the
#: totals, where a thumb reaches them; who deals next may take two lines.
CHROME_UPRIGHT = CHROME + 2 * 14 + TAP + 8
#: A digit's width in the bold font, as a share of the font size (DejaVu Sans
#: Bold: 0.696, and some room).
DIGIT = 0.75
#: Between panels.
GAP = 12
#: A line's height, as a share of its font size (DejaVu's lines in Flutter
#: measure some 1.49 times the size).
LINE = 1.5
#: The widest a name's letters run, as a share of the font size (DejaVu
#: Sans: "m" 0.97, "W" 0.99, most letters 0.55-0.7; and some room).
LETTER = 0.72
#: A note's height above the status (one line of text, its padding and gap).
NOTE = 64
#: The Hollywood column heads: "Game 1" over "✓ Ann" once it is closed.
HEAD = 34
HEAD_CLOSED = 52


def _fit(
    width_limit: float, panel_h: float, smalls: int, name_limit: float = 56.0
) -> dict[str, float]:
    """The biggest total (with its name above and ``smalls`` small lines) that
    fits ``width_limit`` across and ``panel_h`` down; the name no bigger than
    ``name_limit``, the size at which the longest name fits across."""
    total = width_limit
    name = small = 0.0
    for _ in range(60):
        name = min(total * 0.42, 56.0, name_limit)
        small = max(14.0, min(name * 0.62, 34.0))
        if LINE * (name + total + smalls * small) <= panel_h or total < 24:
            break
        total *= 0.94
    return {"total": total, "name": name, "small": small}


def _name_limit(board: Board, panel_w: float) -> float:
    """The size at which every name fits ``panel_w`` across (at least 16)."""
    longest = max((len(e.name) for e in board.entries), default=1)
    return max(16.0, panel_w / (LETTER * max(1, longest)))


def sizes(board: Board, width: float | None, height: float | None) -> dict[str, float]:
    """Font sizes for the window, so the totals fill it without being cut off.

    >>> from scorekeeper.engine import Format, Game, Hand
    >>> from ..state.table_model import build_board
    >>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
    >>> _ = g.record(Hand.knock("b", 4, 30))
    >>> s = sizes(build_board(g), 844, 390)  # a phone held sideways
    >>> 80 <= s["total"] <= 160, s["landscape"]
    (True, 1.0)
    >>> sizes(build_board(g), 1280, 800)["total"] > s["total"]
    True
    """
    w, h = (width or DEFAULT_SIZE[0]), (height or DEFAULT_SIZE[1])
    n = max(1, len(board.entries))
    digits = max(2, *(len(v) for e in board.entries for v in e.totals))
    avail_w = max(200.0, w - 24)
    landscape = w >= h
    avail_h = _avail_h(w, h)
    ncols = len(board.columns)
    won = any(e.won for e in board.entries)
    if ncols > 1:  # Hollywood: a panel per player, a number per game
        head = float(HEAD_CLOSED if any(board.closed) else HEAD)
        cell_w = (avail_w - 24 - GAP * (ncols - 1)) / ncols
        panel_h = (avail_h - head - GAP * n) / n - 24
        games = any(e.games for e in board.entries)  # "2 games won", a line of its own
        limit = _name_limit(board, avail_w - 24)
        fit = _fit(cell_w / (DIGIT * digits), panel_h, int(won) + int(games), limit)
        return {**fit, "landscape": float(landscape)}
    roles = any(e.role for e in board.entries)
    if landscape:  # the players side by side
        panel_w = (avail_w - GAP * (n - 1)) / n - 24
        panel_h = avail_h - 24
    else:  # one above the other
        panel_w = avail_w - 24
        panel_h = (avail_h - GAP * (n - 1)) / n - 24
    limit = _name_limit(board, panel_w)
    fit = _fit(panel_w / (DIGIT * digits), panel_h, int(won) + int(roles), limit)
    return {**fit, "landscape": float(landscape)}


def _avail_h(width: float | None, height: float | None) -> float:
    """The height left for the totals."""
    w, h = (width or DEFAULT_SIZE[0]), (height or DEFAULT_SIZE[1])
    return max(200.0, h - (CHROME if w >= h else CHROME_UPRIGHT))


def _big(value: str, size: float, **kw: Any) -> ft.Text:
    return ft.Text(
        value,
        size=round(size),
        no_wrap=True,
        overflow=ft.TextOverflow.ELLIPSIS,
        text_align=ft.TextAlign.CENTER,
        **kw,
    )


@dataclass(frozen=True)
class Actions:
    """The table view's buttons: their labels and what they do (``on_enter``
    None once the game is over: no hand to enter; ``on_undo`` None while
    there is no hand to take back)."""

    back_label: str
    on_back: Handler
    enter_label: str = "Enter hand"
    on_enter: Handler | None = None
    undo_label: str = "Undo last hand"
    on_undo: Handler | None = None
    #: Keys the Undo button by the revision it was drawn with (as the sheet's).
    revision: int | None = None


def table_screen(
    board: Board,
    *,
    width: float | None,
    height: float | None,
    actions: Actions | None,
    notes: tuple[tuple[str, str], ...] = (),
) -> list[ft.Control]:
    """The table view's controls: any ``notes`` ((text, "error" or "info"):
    an Undo refused, "Hand 3 is back"), the status lines, the totals, then
    Enter hand and Undo (where a thumb reaches them).  No ``actions``: a
    screen that only watches (nothing on it writes)."""
    shown = [message(text, kind) for text, kind in notes if text]
    # the totals give up the notes' room: the buttons stay in the window
    s = sizes(board, width, None if height is None else height - NOTE * len(shown))
    avail_h = _avail_h(width, None if height is None else height - NOTE * len(shown))
    buttons = [] if actions is None else _buttons(actions, width, beside=bool(s["landscape"]))
    back: list[ft.Control] = (
        []
        if actions is None
        else [
            ft.FilledTonalButton(
                actions.back_label,
                icon=ft.Icons.TABLE_ROWS,
                height=TAP,
                on_click=actions.on_back,
                key="to-sheet",
            )
        ]
    )
    top = ft.Row(
        [
            ft.Column(
                [
                    # who deals next: two lines rather than cut ("Seuraavaksi jaka…"),
                    # and "…" where even two are not enough (a name cut unseen)
                    ft.Text(
                        board.status,
                        size=22,
                        weight=ft.FontWeight.BOLD,
                        max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    _big(board.hands, 15, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=2,
                expand=True,
                horizontal_alignment=ft.CrossAxisAlignment.START,
            ),
            *(buttons if s["landscape"] else []),
            *back,
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    grid = len(board.columns) > 1  # Hollywood
    body = _grid(board, s, avail_h) if grid else _panels(board, s, avail_h)
    if s["landscape"] or not buttons:
        return [*shown, top, body]
    return [*shown, top, body, ft.Row(buttons, spacing=GAP)]


def _buttons(actions: Actions, width: float | None, *, beside: bool) -> list[ft.Control]:
    """Enter hand and Undo, ``beside`` the status lines or in a row of their
    own (Enter hand the wide one): on a phone Undo is its icon (its name is
    read out), on a wide window its words."""
    row: list[ft.Control] = []
    narrow = (width or DEFAULT_SIZE[0]) < 600
    if actions.on_enter is not None:
        row.append(
            ft.FilledButton(
                actions.enter_label,
                icon=ft.Icons.ADD,
                height=TAP,
                expand=not beside,
                on_click=actions.on_enter,
                key="table-enter",
            )
        )
    key = f"table-undo@{actions.revision}"  # one per revision, as on the sheet
    disabled = actions.on_undo is None
    if narrow and actions.on_enter is not None:
        row.append(
            ft.Semantics(  # named whether or not it can be tapped (a tooltip is not)
                label=actions.undo_label,
                button=True,
                key=key,
                content=ft.IconButton(
                    ft.Icons.UNDO,
                    icon_size=28,
                    width=TAP + 8,
                    height=TAP,
                    style=ft.ButtonStyle(
                        shape=ft.RoundedRectangleBorder(radius=TAP // 2),
                        side=ft.BorderSide(1, ft.Colors.OUTLINE),
                    ),
                    disabled=disabled,
                    on_click=actions.on_undo,
                ),
            )
        )
    else:
        row.append(
            ft.OutlinedButton(
                actions.undo_label,
                icon=ft.Icons.UNDO,
                height=TAP,
                disabled=disabled,
                on_click=actions.on_undo,
                key=key,
            )
        )
    return row


def _panel_color(leader: bool) -> str:
    return ft.Colors.PRIMARY_CONTAINER if leader else ft.Colors.SURFACE_CONTAINER_HIGH


def _panels(board: Board, s: dict[str, float], avail_h: float) -> ft.Control:
    panels: list[ft.Control] = []
    for e in board.entries:
        lines: list[ft.Control] = [
            _big(e.name, s["name"], weight=ft.FontWeight.BOLD),
        ]
        if e.role:
            lines.append(_big(e.role, s["small"], color=ft.Colors.TERTIARY))
        lines.append(_big(e.totals[0], s["total"], weight=ft.FontWeight.BOLD))
        if e.won:
            lines.append(_big(e.won, s["small"]))
        panels.append(
            ft.Container(
                ft.Column(
                    lines,
                    spacing=0,
                    alignment=ft.MainAxisAlignment.CENTER,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                expand=True,
                padding=12,
                border_radius=16,
                bgcolor=_panel_color(e.leader),
                alignment=ft.Alignment.CENTER,
            )
        )
    if s["landscape"]:
        return ft.Row(panels, spacing=GAP, height=avail_h, key="table-panels")
    return ft.Column(panels, spacing=GAP, height=avail_h, key="table-panels")


def _grid(board: Board, s: dict[str, float], avail_h: float) -> ft.Control:
    """Hollywood: the games as columns, a panel per player with a number per
    game, the player's name and games won above."""
    # a closed game's winner under its title: beside it, "Гра 1 ✓ Ann" is cut
    # at 390 px (a third of the window, less the gaps)
    head_h = HEAD_CLOSED if any(board.closed) else HEAD
    head: list[ft.Control] = [
        ft.Container(
            ft.Text(
                title.replace(" ✓ ", "\n✓ "),
                size=18 if head_h == HEAD else 15,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
                max_lines=2,
            ),
            expand=True,
            alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
            border_radius=8,
            height=head_h,
        )
        for title, closed in zip(board.columns, board.closed, strict=True)
    ]
    rows: list[ft.Control] = [
        ft.Container(ft.Row(head, spacing=GAP), padding=ft.Padding.symmetric(horizontal=12))
    ]
    for e in board.entries:
        # the games won under the name: beside it, a long language cut it off
        lines: list[ft.Control] = [_big(e.name, s["name"], weight=ft.FontWeight.BOLD)]
        if e.games:
            lines.append(_big(e.games, s["small"]))
        cells: list[ft.Control] = [
            ft.Container(
                _big(value, s["total"], weight=ft.FontWeight.BOLD),
                expand=True,
                alignment=ft.Alignment.CENTER,
            )
            for value in e.totals
        ]
        lines.append(ft.Row(cells, spacing=GAP))
        if e.won:
            lines.append(_big(e.won, s["small"]))
        rows.append(
            ft.Container(
                ft.Column(
                    lines,
                    spacing=0,
                    alignment=ft.MainAxisAlignment.CENTER,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                expand=True,
                padding=12,
                border_radius=16,
                bgcolor=_panel_color(e.leader),
            )
        )
    return ft.Column(rows, spacing=GAP, height=avail_h, key="table-grid")


def table_view_screen(app: Shell) -> tuple[str, list[ft.Control]]:
    """The table view of the game on screen, sized to the window."""
    m = app.model
    t = m.t
    board = build_board(m.game(), t)
    revision = m.revision
    actions = Actions(
        back_label=t.gettext("Sheet"),
        on_back=app.on(m.close_table),
        enter_label=t.gettext("Enter hand"),
        # the same form as from the sheet; saved or cancelled, back here
        on_enter=None if board.finished else app.on(m.open_hand),
        undo_label=t.gettext("Undo last hand"),
        # the sheet's Undo: based on the revision drawn, then "Redo" offered
        on_undo=app.undo_handler(revision) if m.game().hands else None,
        revision=revision,
    )
    notes = ((m.error or "", "error"), (m.note or "", "info"))
    controls = table_screen(
        board, width=app.page.width, height=app.page.height, actions=actions, notes=notes
    )
    return f"{board.title} · {m.sheet().title}", controls
