"""One game read-only: its sheet, its score race, and delete or resume,
drawn from ``review.past_game``
(:class:`~scorekeeper.ui.review.game_state.PastGameState`) and its
:class:`~scorekeeper.ui.review.game_model.GameView`.
"""

from __future__ import annotations

import logging

import flet as ft

from ..screens.share_view import share_buttons, tell_copied
from ..widgets import TAP, Screen, score_text
from ..widgets import card_box as _box
from .context import ReviewContext, messages, muted
from .game_model import GameView
from .history_view import delete_buttons

log = logging.getLogger(__name__)


def _cell(text: str, *, bold: bool = False, mark: bool = False, size: int = 16) -> ft.Control:
    return ft.Container(
        score_text(text, size, bold=bold, scored=mark),
        expand=True,
        alignment=ft.Alignment.CENTER,
    )


def _sheet_table(v: GameView) -> ft.Control:
    num_w = 30
    hollywood = v.series
    rows: list[ft.Control] = []
    if hollywood:
        heads: list[ft.Control] = [ft.Container(width=num_w)]
        for c in v.columns:
            lines: list[ft.Control] = [
                ft.Text(
                    c.title,
                    size=14,
                    weight=ft.FontWeight.BOLD,
                    no_wrap=True,
                    text_align=ft.TextAlign.CENTER,
                ),
            ]
            if c.closed and c.winner:
                lines.append(
                    ft.Text(
                        f"✓ {c.winner}",
                        size=13,
                        no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        text_align=ft.TextAlign.CENTER,
                    )
                )
            heads.append(
                ft.Container(
                    ft.Column(lines, spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                    expand=len(v.players), alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if c.closed else None,
                    border_radius=6, padding=ft.Padding.symmetric(vertical=2),
                )
            )  # fmt: skip
        rows.append(ft.Row(heads, spacing=2))
    names = list(v.players) * (len(v.columns) if hollywood else 1)
    size = 13 if hollywood else 16
    rows.append(
        ft.Row(
            [ft.Container(ft.Text("#", size=14), width=num_w)]
            + [_cell(n, bold=True, size=size) for n in names],
            spacing=2,
        )
    )
    rows.append(ft.Divider(height=1))
    for r in v.rows:
        parts: list[ft.Control] = [
            ft.Row(
                [ft.Container(ft.Text(str(r.number), size=14), width=num_w)]
                + [_cell(c, mark=s, size=size) for c, s in zip(r.cells, r.scored, strict=True)],
                spacing=2,
            ),
            ft.Text(r.text, size=14),
            muted(r.dealer, size=13),
        ]
        if r.breakdown:
            parts.append(muted(" · ".join(r.breakdown), size=13))
        rows.append(
            ft.Container(
                ft.Column(parts, spacing=1, tight=True),
                key=f"hand{r.number}",
                padding=ft.Padding.symmetric(vertical=6, horizontal=2),
            )
        )
    rows.append(ft.Divider(height=1))
    rows.append(
        ft.Row(
            [ft.Container(ft.Text("Σ", size=15, weight=ft.FontWeight.BOLD), width=num_w)]
            + [_cell(x, bold=True, size=size + 2) for x in v.totals],
            spacing=2,
        )
    )
    return _box(*rows)


def _share(ctx: ReviewContext, game_id: str) -> list[ft.Control]:
    """Copy result, Save picture, Send to BG Stats (see share_view)."""
    m = ctx.model
    g = m.past_game

    def copied(_: object = None) -> None:
        if ctx.page is not None:
            tell_copied(ctx.page, m.t)

    return share_buttons(
        m.t,
        g.shared(game_id),
        copied=copied,
        picture=ctx.download(g.download_picture, game_id)
        if ctx.web
        else ctx.on(g.export_picture, game_id),
        each_game=ctx.on(g.toggle_share_each_game),
    )


def game_review_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    g, t = m.past_game, m.t
    out: list[ft.Control] = messages(ctx)
    v = g.view()
    out.append(
        _box(
            ft.Text(v.status, size=20, weight=ft.FontWeight.BOLD),
            muted(t.gettext("Read only: open the game from the home screen to change it.")),
            color=ft.Colors.SECONDARY_CONTAINER,
        )
    )
    if v.finished and not v.deleted:
        out.extend(_share(ctx, v.game_id))
    out.append(_sheet_table(v))
    if v.rows:
        from .charts_view import race_chart  # flet_charts, on the first chart drawn

        out.extend(race_chart(g.race(), t))
    buttons: list[ft.Control] = []
    if not v.finished and not v.deleted and m.on_resume is not None:
        buttons.append(
            ft.FilledButton(
                t.gettext("Resume"), icon=ft.Icons.PLAY_ARROW, height=TAP,
                on_click=ctx.on(m.history.resume, v.game_id),
            )
        )  # fmt: skip
    buttons.append(
        ft.OutlinedButton(
            t.gettext("Export score sheet (CSV)"), icon=ft.Icons.DOWNLOAD, height=TAP,
            on_click=ctx.download(g.download_csv, v.game_id) if ctx.web
            else ctx.on(g.export_csv, v.game_id),
        )
    )  # fmt: skip
    if not v.deleted:
        buttons.extend(delete_buttons(ctx, v.game_id))
    out.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return v.title, out


# --- statistics ------------------------------------------------------------------------
