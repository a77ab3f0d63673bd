"""The game-over card on the score sheet, and its picture saved or
downloaded (:mod:`~scorekeeper.ui.picture`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.engine import Format, format_spec

from ..review.model import Download
from ..state.model import SORRY
from ..state.sheet_model import Sheet
from ..widgets import TAP, Handler
from ..widgets import card_box as _card_box
from ..widgets import text as _text
from .share_view import share_buttons, tell_copied
from .sheet_parts import node

if TYPE_CHECKING:
    from ..shell import Shell

log = logging.getLogger(__name__)


def game_over(app: Shell, s: Sheet, fmt: Format, undo: Handler) -> list[ft.Control]:
    """The game-over card: who won, the bonuses and margin, who pays whom;
    Share, and the way on: a new series, play again, Home, the table view,
    or Undo last hand (the last hand was wrong? take it back, the game goes on)."""
    m = app.model
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
        _text(line, size=18, weight=ft.FontWeight.BOLD) for line in s.payments or [s.owed] if line
    )
    out: list[ft.Control] = [_card_box(*map(node, lines), color=ft.Colors.TERTIARY_CONTAINER)]
    out.extend(
        share_buttons(
            t,
            m.shared(),
            copied=lambda _: tell_copied(app.page, m.t),
            picture=lambda _: _save_picture(app),
            each_game=app.on(m.toggle_share_each_game),
        )
    )
    buttons: list[ft.Control] = []
    series = format_spec(fmt).series  # a new series: another set of games at once
    if series:
        buttons.append(
            ft.FilledButton(
                t.gettext("New series"),
                icon=ft.Icons.REFRESH,
                height=TAP,
                on_click=app.on(m.new_series),
            )
        )
    buttons.append(
        (ft.OutlinedButton if series else ft.FilledButton)(
            t.gettext("Play again, same players"),
            icon=ft.Icons.REFRESH,
            height=TAP,
            on_click=app.on(m.play_again),
        )
    )
    buttons.append(
        ft.OutlinedButton(
            t.gettext("Home"), icon=ft.Icons.HOME, height=TAP, on_click=app.on(m.go_home)
        )
    )
    buttons.append(
        ft.FilledTonalButton(
            t.gettext("Table view"),
            icon=ft.Icons.FULLSCREEN,
            height=TAP,
            on_click=app.on(m.open_table),
        )
    )
    buttons.append(  # the last hand was wrong? take it back and the game goes on
        ft.OutlinedButton(
            t.gettext("Undo last hand"),
            icon=ft.Icons.UNDO,
            height=TAP,
            key=f"undo@{m.revision}",  # one per revision (see SheetUndo.button)
            on_click=undo,
        )
    )
    out.append(ft.Row(buttons, wrap=True))
    return out


def _save_picture(app: Shell) -> None:
    """Save picture: a download in a browser (as the review's exports),
    a file in the exports folder in the desktop window."""
    m = app.model
    review, ctx = app.review, app.review_ctx
    got: list[Download] = []
    gid = str(m.game_id)

    def make() -> None:
        if ctx.web:
            got.append(review.download_picture(gid))
        else:
            review.export_picture(gid)
            m.note = review.note

    m.act(make)
    if got and ctx.file_picker is not None:
        app.page.run_task(_download, app, got[0])
    app.render()


async def _download(app: Shell, d: Download) -> None:
    m = app.model
    picker = app.review_ctx.file_picker
    assert picker is not None
    try:
        await picker.save_file(file_name=d.name, src_bytes=d.data)
    except Exception:
        log.exception("the download of %s failed", d.name)
        m.error = SORRY
    else:
        m.note = d.note
    app.render()
