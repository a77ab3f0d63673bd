"""The history screen (a page of games at a time, with filters) and the
deleted games, drawn from :class:`~scorekeeper.ui.review.model.ReviewModel`.
"""

from __future__ import annotations

import logging

import flet as ft

from ..widgets import TAP, Screen
from ..widgets import card_box as _box
from .context import (
    ReviewContext,
    chip_row,
    choice,
    format_chips,
    messages,
    muted,
    period_chips,
)
from .game_model import format_label
from .model import PAGE, HistoryRow, period_label

log = logging.getLogger(__name__)


def _history_card(ctx: ReviewContext, row: HistoryRow, *, deleted: bool = False) -> ft.Control:
    m = ctx.model
    t = m.t
    buttons: list[ft.Control] = []
    if deleted:
        buttons.append(
            ft.FilledButton(
                t.gettext("Restore {title}").format(title=row.title), icon=ft.Icons.RESTORE,
                height=TAP, on_click=ctx.on(m.restore_game, row.id),
            )
        )  # fmt: skip
    else:
        buttons.append(
            ft.FilledButton(
                t.gettext("Open {title}").format(title=row.title), height=TAP,
                on_click=ctx.on(m.go, "game", row.id),
            )
        )  # fmt: skip
        if not row.finished and m.on_resume is not None:
            buttons.append(
                ft.OutlinedButton(
                    t.gettext("Resume"), icon=ft.Icons.PLAY_ARROW, height=TAP,
                    on_click=ctx.on(m.resume, row.id),
                )
            )  # fmt: skip
        buttons.extend(delete_buttons(ctx, row.id))
    return _box(
        ft.Row(
            [
                ft.Text(row.title, size=18, weight=ft.FontWeight.BOLD, expand=True),
                ft.Text(row.status, size=15, weight=ft.FontWeight.BOLD),
            ],
        ),
        ft.Text(row.score, size=16),
        muted(row.detail),
        ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
        key=f"game:{row.id}",
    )


def delete_buttons(ctx: ReviewContext, game_id: str) -> list[ft.Control]:
    m = ctx.model
    t = m.t
    if m.confirm_delete == game_id:
        return [
            ft.FilledButton(
                t.gettext("Yes, delete it"), icon=ft.Icons.DELETE, height=TAP,
                style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                on_click=ctx.on(m.delete_game, game_id),
            ),
            ft.OutlinedButton(t.gettext("Keep it"), height=TAP, on_click=ctx.on(m.cancel)),
        ]  # fmt: skip
    return [
        ft.TextButton(
            t.gettext("Delete"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
            on_click=ctx.on(m.ask_delete, game_id),
        )
    ]  # fmt: skip


def history_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out: list[ft.Control] = messages(ctx)
    players = m.players(include_hidden=True)
    out.append(_filter_bar(ctx, {p.id: p.name for p in players}))
    if m.filters_open:
        chips = [
            choice(
                t.gettext("Everyone"), m.filter_player is None, ctx.on(m.set_filter_player, None)
            )
        ]
        chips += [
            choice(p.name, m.filter_player == p.id, ctx.on(m.set_filter_player, p.id))
            for p in players
        ]
        out.append(chip_row(chips))
        out.append(format_chips(ctx, m.filter_format, m.set_filter_format))
        out.append(period_chips(ctx, m.filter_period, m.set_filter_period))
        out.append(_status_chips(ctx))
    rows = m.history_rows()
    total = m.history_total
    out.append(muted(t.ngettext("{n} game", "{n} games", total).format(n=total), size=15))
    if not rows:
        out.append(muted(t.gettext("No games match."), size=16))
    out.extend(_history_card(ctx, r) for r in rows)
    if total > len(rows):
        out.append(_pager(ctx, len(rows), total))
    out.append(
        ft.TextButton(
            t.gettext("Deleted games"), icon=ft.Icons.DELETE_SWEEP, height=TAP,
            on_click=ctx.on(m.go, "deleted"),
        )
    )  # fmt: skip
    return t.gettext("History"), out


def _filter_bar(ctx: ReviewContext, names: dict[str, str]) -> ft.Control:
    """One line: the filters chosen ("Cy · Hollywood"), and the button that
    shows (or hides) the chips to change them."""
    m = ctx.model
    t = m.t
    chosen: list[str] = []
    if m.filter_player is not None:
        chosen.append(names.get(m.filter_player, m.filter_player))
    if m.filter_format is not None:
        chosen.append(format_label(t, m.filter_format))
    if m.filter_period != "all":
        chosen.append(period_label(t, m.filter_period))
    if m.filter_finished is not None:
        chosen.append(t.gettext("Finished") if m.filter_finished else t.gettext("In progress"))
    opened = m.filters_open
    return ft.Row(
        [
            ft.OutlinedButton(
                t.gettext("Hide filters") if opened else t.gettext("Filters"),
                icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.FILTER_LIST,
                height=TAP - 8,
                on_click=ctx.on(m.toggle_filters),
                key="filters",
            ),
            ft.Text(
                " · ".join(chosen) or t.gettext("All games"),
                size=15,
                expand=True,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
        ],
        spacing=10,
    )


def _status_chips(ctx: ReviewContext) -> ft.Control:
    m = ctx.model
    t = m.t
    return chip_row(
        [
            choice(label, m.filter_finished is value, ctx.on(m.set_filter_finished, value))
            for label, value in (
                (t.gettext("All games"), None),
                (t.gettext("In progress"), False),
                (t.gettext("Finished"), True),
            )
        ]
    )


def _pager(ctx: ReviewContext, shown: int, total: int) -> ft.Control:
    """The "Newer" / "Older" buttons and where this page is: the history shows one page
    of :data:`PAGE` games at a time, however long it is."""
    m = ctx.model
    t = m.t
    first = m.history_offset + 1
    return ft.Column(
        [
            muted(
                t.gettext("Games {first}–{last} of {total}").format(
                    first=first, last=first + shown - 1, total=total
                ),
                size=15,
            ),
            ft.Row(
                [
                    ft.OutlinedButton(
                        t.gettext("Newer games"), icon=ft.Icons.NAVIGATE_BEFORE, height=TAP,
                        disabled=m.history_offset == 0, on_click=ctx.on(m.newer_page),
                    ),
                    ft.OutlinedButton(
                        t.gettext("Older games"), icon=ft.Icons.NAVIGATE_NEXT, height=TAP,
                        disabled=m.history_offset + PAGE >= total, on_click=ctx.on(m.older_page),
                    ),
                ],
                wrap=True, spacing=6, run_spacing=6,
            ),
        ],
        key="history-pager",
    )  # fmt: skip


def deleted_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out = messages(ctx)
    rows = m.deleted_rows()
    out.append(muted(t.gettext("Deleted games stay here until you empty the list."), size=15))
    if not rows:
        out.append(muted(t.gettext("No deleted games."), size=16))
    out.extend(_history_card(ctx, r, deleted=True) for r in rows)
    total = m.deleted_total
    if total > len(rows):
        out.append(
            muted(
                t.gettext("The {shown} newest of {total} deleted games are shown.").format(
                    shown=len(rows), total=total
                ),
                size=15,
            )
        )
    if rows:
        if m.confirm_empty:
            out.append(
                _box(
                    ft.Text(
                        t.ngettext(
                            "Remove {n} game for good? This can't be undone.",
                            "Remove {n} games for good? This can't be undone.",
                            total,
                        ).format(n=total),
                        size=16,
                    ),
                    ft.Row(
                        [
                            ft.FilledButton(
                                t.gettext("Yes, empty"), icon=ft.Icons.DELETE_FOREVER,
                                height=TAP,
                                style=ft.ButtonStyle(
                                    bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR
                                ),
                                on_click=ctx.on(m.empty_deleted),
                            ),
                            ft.OutlinedButton(
                                t.gettext("Keep them"), height=TAP, on_click=ctx.on(m.cancel)
                            ),
                        ],
                        wrap=True,
                    ),
                    color=ft.Colors.ERROR_CONTAINER,
                )
            )  # fmt: skip
        else:
            out.append(
                ft.OutlinedButton(
                    t.gettext("Empty deleted games"), icon=ft.Icons.DELETE_FOREVER,
                    height=TAP, on_click=ctx.on(m.ask_empty),
                )
            )  # fmt: skip
    return t.gettext("Deleted games"), out


# --- one game, read-only -----------------------------------------------------------
