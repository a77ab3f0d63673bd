"""The statistics screen: the summary and the wins chart, with each
player's details on demand (issue #10: its size does not grow with the
history).
"""

from __future__ import annotations

import logging
from typing import cast

import flet as ft

from ..widgets import TAP, Screen, column_width
from ..widgets import card_box as _box
from ..widgets import section as _section
from .context import ReviewContext, format_chips, messages, muted, period_chips
from .stats_state import StatsCard

log = logging.getLogger(__name__)


def _stats_card(card: StatsCard, key: str) -> ft.Control:
    rows: list[ft.Control] = [ft.Text(card.title, size=18, weight=ft.FontWeight.BOLD)]
    if len(card.players) > 1:
        rows.append(
            ft.Row(
                [ft.Container(expand=3)]
                + [
                    ft.Text(p, size=14, weight=ft.FontWeight.BOLD, expand=2,
                            text_align=ft.TextAlign.RIGHT)
                    for p in card.players
                ],
            )
        )  # fmt: skip
    for r in card.rows:
        rows.append(
            ft.Semantics(
                label=f"{card.title}: {r.label} " + " · ".join(r.values),
                container=True,
                content=ft.Row(
                    [cast(ft.Control, ft.Text(r.label, size=15, expand=3))]
                    + [
                        ft.Text(v, size=15, weight=ft.FontWeight.BOLD, expand=2,
                                text_align=ft.TextAlign.RIGHT)
                        for v in r.values
                    ],
                ),
            )
        )  # fmt: skip
    rows.extend(ft.Text(line, size=15) for line in card.money)  # who owes whom (RULES §10)
    return _box(*rows, key=key)


def stats_screen(ctx: ReviewContext) -> Screen:
    state, t = ctx.model.stats, ctx.model.t
    out: list[ft.Control] = messages(ctx)
    out.append(format_chips(ctx, state.format, state.set_format))
    out.append(period_chips(ctx, state.period, state.set_period))
    stats = state.statistics()
    # games counted as the player lines count them ("Ann: 4 of 8 games won"):
    # finished games, each ended Hollywood column one
    out.append(
        muted(
            t.gettext("{games} · {hands}").format(
                games=t.ngettext("{n} game finished", "{n} games finished", stats.finished).format(
                    n=stats.finished
                ),
                hands=t.ngettext("{n} hand", "{n} hands", stats.hands).format(n=stats.hands),
            ),
            size=15,
        )
    )
    if stats.hollywood:
        out.append(
            muted(
                t.ngettext(
                    "Each Hollywood column counts as a game ({n} Hollywood sheet).",
                    "Each Hollywood column counts as a game ({n} Hollywood sheets).",
                    stats.hollywood,
                ).format(n=stats.hollywood),
                size=14,
            )
        )
    if not stats.players:
        out.append(muted(t.gettext("No games yet for these filters."), size=16))
        return t.gettext("Statistics"), out
    bars = state.bars(stats)
    if any(b.wins for b in bars):
        from .charts_view import wins_chart  # flet_charts, on the first chart drawn

        out.append(wins_chart(bars, t, column_width(ctx.page)))
    else:  # an empty chart took 200 px of a phone's screen to say this
        no_wins = t.gettext("No game won yet: the chart of games won starts with the first.")
        out.append(muted(no_wins, size=15))
    out.extend(_money(ctx))
    # each player's and pair's figures on demand (a tap opens them): the
    # screen stays small however many players and pairs there are
    out.append(_section(t.gettext("Per player")))
    for p in stats.players.values():
        key = f"player:{p.player}"
        title = t.gettext("{name}: {won} of {played} games won").format(
            name=p.name, won=p.games_won, played=p.games_played
        )
        out.append(_detail_toggle(ctx, key, title))
        if key in state.opened:
            out.append(_stats_card(state.player_card(p), key))
    if stats.sides:  # partnership: each side's games and deals together
        out.append(_section(t.gettext("Partnership sides")))
        for side in stats.sides.values():
            out.append(ft.Text(state.side_line(side), size=16))
    pairs = stats.pairs()
    if pairs:
        out.append(_section(t.gettext("Head to head")))
        for h in pairs:
            key = f"pair:{h.first.player}:{h.second.player}"
            title = t.gettext("{first} v {second}").format(first=h.first.name, second=h.second.name)
            out.append(_detail_toggle(ctx, key, title))
            if key in state.opened:
                out.append(_stats_card(state.head_to_head_card(h), key))
    return t.gettext("Statistics"), out


def _money(ctx: ReviewContext) -> list[ft.Control]:
    """Who owes whom over every finished game played for money, each with
    "Settle up" (recorded as an entry of its own; Undo right after)."""
    state, t = ctx.model.stats, ctx.model.t
    lines = state.balance_lines()
    if not lines:
        return []
    out: list[ft.Control] = [_section(t.gettext("Who owes whom"))]
    for text, balance in lines:
        row: list[ft.Control] = [ft.Text(text, size=16, expand=True)]
        if balance is not None and state.host:  # settling up is the host's (roles.MAY)
            row.append(
                ft.OutlinedButton(t.gettext("Settle up"), height=TAP,
                                  on_click=ctx.on(state.settle, balance))
            )  # fmt: skip
        # (no wrap: a wrapping row can't give its text the room left: Flutter
        # refuses an expanded child in a Wrap and draws the screen grey)
        out.append(ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if state.last_settle_up is not None and state.host:
        out.append(
            ft.TextButton(t.gettext("Undo the settle-up"), icon=ft.Icons.UNDO, height=TAP,
                          on_click=ctx.on(state.undo_settle))
        )  # fmt: skip
    return out


def detail_key(key: str) -> str:
    """The scroll key of the toggle of the details ``key`` ("player:<id>",
    "pair:<id>:<id>"): a link to them is scrolled there (scrolling.py)."""
    return f"open:{key}"


def _detail_toggle(ctx: ReviewContext, key: str, title: str) -> ft.Control:
    """A button that opens (or closes) one player's or pair's figures."""
    state, t = ctx.model.stats, ctx.model.t
    opened = key in state.opened
    label = (t.gettext("Hide {what}") if opened else t.gettext("Show {what}")).format(what=title)
    return ft.TextButton(
        label,
        icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
        height=TAP,
        on_click=ctx.on(state.toggle_detail, key),
        # a list of rows, read down the left edge (centred in the column's
        # width, names of different lengths started at different places)
        style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT),
        key=ft.ScrollKey(detail_key(key)),  # type: ignore[call-arg]  # a dataclass made lazily
    )


# --- players -----------------------------------------------------------------------
