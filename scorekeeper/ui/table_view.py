"""The table view: a game's totals in numbers big enough to read from two
metres, filling the window (a phone turned sideways, a desktop), drawn from
:class:`~scorekeeper.ui.table_model.Board` and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from .table_model import Board, build_board
from .widgets import Handler

if TYPE_CHECKING:
    from .app import GinApp

#: The window assumed before the browser told its size (a desktop).
DEFAULT_SIZE = (1280.0, 800.0)
#: Height taken by the top bar, the view's padding and the status line.
CHROME = 56 + 24 + 88
#: A digit's width in the bold font, as a share of the font size (DejaVu Sans
#: Bold: 0.696, and some room).
DIGIT = 0.75
#: Between panels.
GAP = 12
#: A line's height, as a share of its font size (DejaVu's lines in Flutter
#: measure some 1.49 times the size).
LINE = 1.5


def _fit(width_limit: float, panel_h: float, smalls: int) -> dict[str, float]:
    """The biggest total (with its name above and ``smalls`` small lines) that
    fits ``width_limit`` across and ``panel_h`` down."""
    total = width_limit
    name = small = 0.0
    for _ in range(60):
        name = min(total * 0.42, 56.0)
        small = max(14.0, min(name * 0.62, 34.0))
        if LINE * (name + total + smalls * small) <= panel_h or total < 24:
            break
        total *= 0.94
    return {"total": total, "name": name, "small": small}


def sizes(board: Board, width: float | None, height: float | None) -> dict[str, float]:
    """Font sizes for the window, so the totals fill it without being cut off.

    >>> from scorekeeper.engine import Game, Hand
    >>> from .table_model import build_board
    >>> g = Game("standard", ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
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
    avail_h = max(200.0, h - CHROME)
    landscape = w >= h
    ncols = len(board.columns)
    won = any(e.won for e in board.entries)
    if ncols > 1:  # Hollywood: a panel per player, a number per game
        head = 34.0
        cell_w = (avail_w - 24 - GAP * (ncols - 1)) / ncols
        panel_h = (avail_h - head - GAP * n) / n - 24
        games = any(e.games for e in board.entries)  # "2 games won", a line of its own
        fit = _fit(cell_w / (DIGIT * digits), panel_h, int(won) + int(games))
        return {**fit, "landscape": float(landscape)}
    roles = any(e.role for e in board.entries)
    if landscape:  # the players side by side
        panel_w = (avail_w - GAP * (n - 1)) / n - 24
        panel_h = avail_h - 24
    else:  # one above the other
        panel_w = avail_w - 24
        panel_h = (avail_h - GAP * (n - 1)) / n - 24
    fit = _fit(panel_w / (DIGIT * digits), panel_h, int(won) + int(roles))
    return {**fit, "landscape": float(landscape)}


def _big(value: str, size: float, **kw: Any) -> ft.Text:
    return ft.Text(
        value,
        size=round(size),
        no_wrap=True,
        overflow=ft.TextOverflow.ELLIPSIS,
        text_align=ft.TextAlign.CENTER,
        **kw,
    )


def table_screen(
    board: Board,
    *,
    width: float | None,
    height: float | None,
    back_label: str,
    on_back: Handler,
) -> list[ft.Control]:
    """The table view's controls: the status line, then the totals."""
    s = sizes(board, width, height)
    avail_h = max(200.0, (height or DEFAULT_SIZE[1]) - CHROME)
    top = ft.Row(
        [
            ft.Column(
                [
                    _big(board.status, 22, weight=ft.FontWeight.BOLD),
                    _big(board.hands, 15, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=2,
                expand=True,
                horizontal_alignment=ft.CrossAxisAlignment.START,
            ),
            ft.FilledTonalButton(
                back_label, icon=ft.Icons.TABLE_ROWS, height=52, on_click=on_back, key="to-sheet"
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    grid = len(board.columns) > 1  # Hollywood
    return [top, _grid(board, s, avail_h) if grid else _panels(board, s, avail_h)]


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
    head: list[ft.Control] = [
        ft.Container(
            _big(title, 18, weight=ft.FontWeight.BOLD),
            expand=True,
            alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
            border_radius=8,
            height=34,
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


def table_view_screen(app: GinApp) -> tuple[str, list[ft.Control]]:
    """The table view of the game on screen, sized to the window."""
    m = app.model
    board = build_board(m.game(), m.t)
    controls = table_screen(
        board,
        width=app.page.width,
        height=app.page.height,
        back_label=m.t.gettext("Sheet"),
        on_back=app.on(m.close_table),
    )
    return f"{board.title} · {m.sheet().title}", controls
