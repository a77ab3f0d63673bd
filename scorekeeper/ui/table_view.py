"""The table view: a game's totals in numbers big enough to read from two
metres, filling the window (a phone turned sideways, a desktop), drawn from
:class:`~scorekeeper.ui.table_model.Board` and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .table_model import Board

Handler = Callable[[Any], None]

#: The window assumed before the browser told its size (a desktop).
DEFAULT_SIZE = (1280.0, 800.0)
#: Height taken by the top bar, the view's padding and the status line.
CHROME = 56 + 24 + 88
#: A digit's width in the bold font, as a share of the font size.
DIGIT = 0.64
#: Between panels.
GAP = 12


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
    digits = max(3, *(len(v) for e in board.entries for v in e.totals))
    avail_w = max(200.0, w - 24)
    avail_h = max(200.0, h - CHROME)
    landscape = w >= h
    ncols = len(board.columns)
    if ncols > 1:  # Hollywood: a grid, one row per player, a column per game
        name_w = avail_w * 0.28
        cell_w = (avail_w - name_w) / ncols - GAP
        row_h = avail_h / (n + 0.6) - GAP
        total = min(row_h * 0.62, cell_w / (DIGIT * digits))
        name = min(total * 0.5, row_h * 0.3, 48.0)
        return {"total": total, "name": name, "small": max(14.0, name * 0.6), "landscape": 1.0}
    if landscape:  # the players side by side
        panel_w = (avail_w - GAP * (n - 1)) / n - 24
        panel_h = avail_h - 24
    else:  # one above the other
        panel_w = avail_w - 24
        panel_h = (avail_h - GAP * (n - 1)) / n - 24
    total = min(panel_h * 0.5, panel_w / (DIGIT * digits))
    name = min(total * 0.4, panel_h * 0.18, 56.0)
    small = max(14.0, min(name * 0.7, 34.0))
    return {"total": total, "name": name, "small": small, "landscape": float(landscape)}


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
    """Hollywood: a row per player, a column per game, the series beside the name."""
    head: list[ft.Control] = [ft.Container(expand=28)]
    for title, closed in zip(board.columns, board.closed, strict=True):
        head.append(
            ft.Container(
                _big(title, s["small"], weight=ft.FontWeight.BOLD),
                expand=24,
                alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
                border_radius=8,
            )
        )
    rows: list[ft.Control] = [ft.Row(head, spacing=GAP)]
    for e in board.entries:
        who: list[ft.Control] = [_big(e.name, s["name"], weight=ft.FontWeight.BOLD)]
        if e.games:
            who.append(_big(e.games, s["small"]))
        if e.won:
            who.append(_big(e.won, s["small"] * 0.8))
        cells: list[ft.Control] = [
            ft.Container(
                ft.Column(who, spacing=0, alignment=ft.MainAxisAlignment.CENTER),
                expand=28,
                alignment=ft.Alignment.CENTER_LEFT,
                padding=ft.Padding.only(left=8),
            )
        ]
        for value, closed in zip(e.totals, board.closed, strict=True):
            cells.append(
                ft.Container(
                    _big(value, s["total"], weight=ft.FontWeight.BOLD),
                    expand=24,
                    alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
                    border_radius=8,
                )
            )
        rows.append(
            ft.Container(
                ft.Row(cells, spacing=GAP),
                expand=True,
                border_radius=16,
                bgcolor=_panel_color(e.leader),
            )
        )
    return ft.Column(rows, spacing=GAP, height=avail_h, key="table-grid")
