"""The charts of the review screens: the score race and games won, drawn
with flet_charts from :mod:`scorekeeper.statistics` data.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft
import flet_charts as fch  # type: ignore[import-untyped,unused-ignore]

from scorekeeper.statistics import Bar, ScoreRace

log = logging.getLogger(__name__)


LINE_COLORS = ("#1565c0", "#e65100", "#2e7d32")


def _scale(top: int) -> tuple[int, int]:
    """A chart's top and grid step: round numbers, about four lines.

    >>> _scale(120), _scale(100), _scale(7), _scale(1234)
    ((150, 50), (100, 25), (8, 2), (1500, 500))
    """
    raw = max(top, 4) / 4
    magnitude = 10 ** (len(str(int(raw))) - 1)
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    step_i = max(1, int(step))
    return -(-max(top, 1) // step_i) * step_i, step_i


def race_chart(race: ScoreRace, t: Any, *, compact: bool = False) -> list[ft.Control]:
    """One line chart per column (Hollywood: three small panels)."""
    out: list[ft.Control] = []
    many = len(race.columns) > 1
    for col in race.columns:
        top, step = _scale(max([race.target] + [y for ln in col.lines for _, y in ln.points]))
        span = max(col.end - col.start, 1)
        series = [
            fch.LineChartData(
                points=[fch.LineChartDataPoint(x, y) for x, y in ln.points],
                color=LINE_COLORS[i % len(LINE_COLORS)],
                stroke_width=3,
            )
            for i, ln in enumerate(col.lines)
        ]
        chart = fch.LineChart(
            data_series=series,
            min_x=col.start,
            max_x=col.start + span,
            min_y=0,
            max_y=top,
            height=150 if many or compact else 220,
            expand=True,
            interactive=False,
            left_axis=fch.ChartAxis(label_size=40, label_spacing=step),
            # room for the labels' whole height (22 px cut the digits' lower half)
            bottom_axis=fch.ChartAxis(label_size=32, label_spacing=max(1, -(-span // 8))),
            horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5),
            vertical_grid_lines=fch.ChartGridLines(interval=span + 1, width=0),
        )
        title = t.gettext("Game {n}").format(n=col.index + 1) if many else t.gettext("Score race")
        out.append(
            ft.Semantics(
                label=t.gettext("Score race chart: {title}").format(title=title),
                container=True,
                content=ft.Column(
                    [
                        ft.Text(title, size=14, weight=ft.FontWeight.BOLD),
                        # room for the top label above the chart and the last one
                        # beside it (both are centred on their grid line)
                        ft.Container(chart, padding=ft.Padding.only(top=10, right=20)),
                    ],
                    spacing=4,
                ),
            )
        )
    legend: list[ft.Control] = [
        ft.Row(
            [ft.Container(width=16, height=4, bgcolor=LINE_COLORS[i % len(LINE_COLORS)]),
             ft.Text(ln.name, size=14)],
            spacing=6, tight=True,
        )
        for i, ln in enumerate(race.columns[0].lines)
    ] if race.columns else []  # fmt: skip
    out.append(ft.Row(legend, wrap=True, spacing=14))
    return out


#: The games-won chart's left axis (its labels' room), in pixels.
WINS_AXIS = 30


def name_room(width: float, bars: int, rod: float) -> float:
    """The room for a name under one of ``bars`` bars ``rod`` wide, in a
    chart ``width`` wide: the distance between two bars' centres (the
    chart spaces them evenly, the ends too), less a gap.

    >>> name_room(366, 4, 26), name_room(942, 2, 26)
    (68.4, 308.7)
    """
    plot = width - WINS_AXIS
    return round((plot + rod) / (bars + 1) - 4, 1)


def wins_chart(bars: list[Bar], t: Any, width: float = 942) -> ft.Control:
    """Games won per player, in a chart ``width`` wide (the screen's column):
    each name under its bar, cut with "…" where it would run into the next
    (four long names ran together on a phone); the bar's tooltip has it
    whole."""
    # whole numbers on the axis, one label per step (a fractional default
    # spacing gave labels like 0.2 that wrapped when the most wins was 1)
    top, step = _scale(max([b.wins for b in bars] + [1]))
    rod = 26 if len(bars) <= 5 else 14
    room = name_room(width, max(len(bars), 1), rod)
    groups = [
        fch.BarChartGroup(
            x=i,
            rods=[
                fch.BarChartRod(
                    to_y=b.wins,
                    width=rod,
                    color=ft.Colors.PRIMARY,
                    tooltip=f"{b.name}: {b.wins}",
                )
            ],
        )
        for i, b in enumerate(bars)
    ]
    chart = fch.BarChart(
        groups=groups,
        max_y=top,
        height=200,
        expand=True,
        bottom_axis=fch.ChartAxis(
            labels=[
                fch.ChartAxisLabel(
                    value=i,
                    label=ft.Text(
                        b.name,
                        size=12,
                        no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        text_align=ft.TextAlign.CENTER,
                        width=room,
                    ),
                )
                for i, b in enumerate(bars)
            ],
            label_size=28,
        ),
        left_axis=fch.ChartAxis(label_size=WINS_AXIS, label_spacing=step),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5),
    )
    return ft.Semantics(
        label=t.gettext("Games won per player"),
        container=True,
        content=ft.Column(
            [ft.Text(t.gettext("Games won"), size=16, weight=ft.FontWeight.BOLD), chart]
        ),
    )
