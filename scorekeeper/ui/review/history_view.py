"""The history screen (a page of games at a time, with filters) and the
deleted games, drawn from ``review.history``
(:class:`~scorekeeper.ui.review.history_state.HistoryState`).
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from ..widgets import TAP, Screen
from ..widgets import card_box as _box
from .common import PERIODS, period_label
from .context import ReviewContext, messages, muted
from .game_model import format_label
from .history_state import PAGE, HistoryRow
from .settings import FORMATS

log = logging.getLogger(__name__)


def _history_card(ctx: ReviewContext, row: HistoryRow, *, deleted: bool = False) -> ft.Control:
    m = ctx.model
    h, t = m.history, m.t
    buttons: list[ft.Control] = []
    if deleted:
        buttons.append(
            ft.FilledButton(
                t.gettext("Restore {title}").format(title=row.title), icon=ft.Icons.RESTORE,
                height=TAP, on_click=ctx.on(h.restore_game, row.id),
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
                    on_click=ctx.on(h.resume, row.id),
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
    h, t = m.history, m.t
    if not h.host:  # delete and the bin are the host's (roles.MAY)
        return []
    if h.confirm_delete == game_id:
        return [
            ft.FilledButton(
                t.gettext("Yes, delete it"), icon=ft.Icons.DELETE, height=TAP,
                style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                on_click=ctx.on(h.delete_game, game_id),
            ),
            ft.OutlinedButton(t.gettext("Keep it"), height=TAP, on_click=ctx.on(m.clear_messages)),
        ]  # fmt: skip
    return [
        ft.TextButton(
            t.gettext("Delete"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
            on_click=ctx.on(h.ask_delete, game_id),
        )
    ]  # fmt: skip


def history_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    h, t = m.history, m.t
    out: list[ft.Control] = messages(ctx)
    players = m.players.all(include_hidden=True)
    out.append(_filter_bar(ctx, {p.id: p.name for p in players}))
    if h.filters_open:
        out.append(_filter_menus(ctx, [(p.id, p.name) for p in players]))
    rows = h.rows()
    total = h.total
    out.append(muted(t.ngettext("{n} game", "{n} games", total).format(n=total), size=15))
    if not rows:
        out.append(muted(t.gettext("No games match."), size=16))
    out.extend(_history_card(ctx, r) for r in rows)
    if total > len(rows):
        out.append(_pager(ctx, len(rows), total))
    if h.host:
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
    h, t = ctx.model.history, ctx.model.t
    chosen: list[str] = []
    if h.filter_player is not None:
        chosen.append(names.get(h.filter_player, h.filter_player))
    if h.filter_format is not None:
        chosen.append(format_label(t, h.filter_format))
    if h.filter_period != "all":
        chosen.append(period_label(t, h.filter_period))
    if h.filter_finished is not None:
        chosen.append(t.gettext("Finished") if h.filter_finished else t.gettext("In progress"))
    opened = h.filters_open
    return ft.Row(
        [
            ft.OutlinedButton(
                t.gettext("Hide filters") if opened else t.gettext("Filters"),
                icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.FILTER_LIST,
                height=TAP - 8,
                on_click=ctx.on(h.toggle_filters),
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


#: A menu's value for "any" (a menu's values are strings, the model's None)
ANY = "*"


def _filter_menus(ctx: ReviewContext, players: list[tuple[str, str]]) -> ft.Control:
    """The four filters as menus, two to a row on a phone: who played, the
    format, when, and finished or not.  Chips for every choice took half a
    phone's screen (and a row per few players)."""
    h, t = ctx.model.history, ctx.model.t

    def menu(
        label: str, current: str | None, options: list[tuple[str, str]], set_to: Any
    ) -> ft.Control:
        allowed = {k for k, _ in options}

        def chosen(value: str) -> None:
            if value in allowed:  # the client's word: one of the menu's, or nothing
                set_to(None if value == ANY else value)

        value = current if current is not None else ANY
        # named for a screen reader (and a test) by what it filters and its choice
        return ft.Semantics(
            label=f"{label}: {dict(options).get(value, '')}",
            button=True,
            col={"xs": 6, "md": 3},
            key=f"filter:{label}",
            content=ft.Dropdown(
                label=label,
                value=value,
                options=[ft.DropdownOption(key=k, text=text) for k, text in options],
                on_select=ctx.on_value(chosen),
                dense=True,
                width=None,
                expand=True,
            ),
        )

    # the status menu's keys for the model's finished filter, and back
    status: dict[str, bool | None] = {ANY: None, "open": False, "done": True}
    finished = {v: k for k, v in status.items()}
    return ft.ResponsiveRow(
        [
            menu(
                t.gettext("Player"),
                h.filter_player,
                [(ANY, t.gettext("Everyone")), *players],
                h.set_filter_player,
            ),
            menu(
                t.gettext("Format"),
                h.filter_format,
                [(ANY, t.gettext("All formats"))] + [(f, format_label(t, f)) for f in FORMATS],
                h.set_filter_format,
            ),
            menu(
                t.gettext("When"),
                h.filter_period,
                [(p, period_label(t, p)) for p in PERIODS],
                h.set_filter_period,  # "all" is one of its choices: never None
            ),
            menu(
                t.gettext("Status"),
                finished[h.filter_finished],
                [
                    (ANY, t.gettext("All games")),
                    ("open", t.gettext("In progress")),
                    ("done", t.gettext("Finished")),
                ],
                lambda v: h.set_filter_finished(status[v or ANY]),
            ),
        ],
        spacing=8,
        run_spacing=8,
        key="filter-menus",
    )


def _pager(ctx: ReviewContext, shown: int, total: int) -> ft.Control:
    """The "Newer" / "Older" buttons and where this page is: the history shows one page
    of :data:`PAGE` games at a time, however long it is."""
    h, t = ctx.model.history, ctx.model.t
    first = h.offset + 1
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
                        disabled=h.offset == 0, on_click=ctx.on(h.newer_page),
                    ),
                    ft.OutlinedButton(
                        t.gettext("Older games"), icon=ft.Icons.NAVIGATE_NEXT, height=TAP,
                        disabled=h.offset + PAGE >= total, on_click=ctx.on(h.older_page),
                    ),
                ],
                wrap=True, spacing=6, run_spacing=6,
            ),
        ],
        key="history-pager",
    )  # fmt: skip


def deleted_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    h, t = m.history, m.t
    out = messages(ctx)
    rows = h.deleted_rows()
    out.append(muted(t.gettext("Deleted games stay here until you empty the list."), size=15))
    if not rows:
        out.append(muted(t.gettext("No deleted games."), size=16))
    out.extend(_history_card(ctx, r, deleted=True) for r in rows)
    total = h.deleted_total
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
        if h.confirm_empty:
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
                                on_click=ctx.on(h.empty_deleted),
                            ),
                            ft.OutlinedButton(
                                t.gettext("Keep them"), height=TAP,
                                on_click=ctx.on(m.clear_messages),
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
                    height=TAP, on_click=ctx.on(h.ask_empty),
                )
            )  # fmt: skip
    return t.gettext("Deleted games"), out


# --- one game, read-only -----------------------------------------------------------
