"""The home screen: New game, the games in progress that matter, the recent
finished ones and the way to history, statistics and settings.

Bounded whatever the history (issue #10): the :data:`~scorekeeper.ui.state.model.HOME_UNFINISHED`
newest games in progress, with "All games in progress (n)" for the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ..review import MENU, menu_labels
from ..state.home_model import GameCard
from ..widgets import TAP, Handler, Screen, card_box, message, section, slot, text

if TYPE_CHECKING:
    from ..shell import Shell


def home_screen(app: Shell) -> Screen:
    m = app.model
    t = m.t
    out: list[ft.Control] = []
    notices: list[ft.Control] = [message(n, "info") for n in m.notices]
    if m.notices:
        notices.append(ft.TextButton(t.gettext("Dismiss"), on_click=app.on(m.dismiss_notices)))
    out.append(ft.Column(notices, visible=bool(notices)))
    out.append(slot(m.error))
    unfinished, done = m.home_games()
    out.append(
        ft.FilledButton(
            t.gettext("New game"),
            icon=ft.Icons.ADD,
            height=TAP + 8,
            on_click=app.on(m.open_new),
        )
    )
    if unfinished:
        out.append(section(t.gettext("Games in progress")))
        resume = t.gettext("Resume {game}")  # e.g. "Resume Ann v Bob"
        out.extend(_game_card(g, resume, True, app.on(m.open_game, g.id)) for g in unfinished)
        if m.unfinished_total > len(unfinished):
            out.append(
                ft.OutlinedButton(
                    t.gettext("All games in progress ({n})").format(n=m.unfinished_total),
                    icon=ft.Icons.LIST,
                    height=TAP,
                    on_click=app.show_all_unfinished,
                    key="all-unfinished",
                )
            )
    else:
        out.append(text(t.gettext("No game in progress."), color=ft.Colors.ON_SURFACE_VARIANT))
    if done:
        out.append(section(t.gettext("Recent finished games")))
        see = t.gettext("Open {game}")  # a finished game's sheet
        out.extend(_game_card(g, see, False, app.on(m.open_game, g.id)) for g in done)
    labels = menu_labels(t)
    out.append(
        ft.ResponsiveRow(
            [
                ft.OutlinedButton(
                    labels[key],
                    height=TAP,
                    on_click=app.open_review(key),
                    col={"xs": 6, "md": 4},
                    key=f"menu:{key}",
                )
                for key in MENU
            ],
            key="review-menu",
        )
    )
    return t.gettext("Gin Scorekeeper"), out


def _game_card(g: GameCard, action: str, primary: bool, on_open: Handler) -> ft.Control:
    """A game on the home screen; ``action`` is the button's label, a
    translated template with ``{game}``."""
    button_cls = ft.FilledButton if primary else ft.OutlinedButton
    return card_box(
        ft.Text(g.title, size=18, weight=ft.FontWeight.BOLD),
        ft.Text(g.detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        button_cls(
            action.format(game=g.title),
            icon=ft.Icons.PLAY_ARROW if primary else None,
            height=TAP,
            on_click=on_open,
        ),
    )
