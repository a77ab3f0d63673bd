"""The review screens by name: :func:`render_screen` draws the one the
model is on, :func:`menu` is the row of entries.  Each screen is a module of
its own (``history_view``, ``game_view``, ``stats_view``, ``players_view``,
``settings_view``, ``data_view``) wired through :class:`~.context.ReviewContext`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from ..widgets import Screen
from ..widgets import message as _message
from .context import ReviewContext, chip_row, choice
from .data_view import data_screen
from .game_view import game_review_screen
from .history_view import deleted_screen, history_screen
from .players_view import players_screen
from .settings_view import settings_screen
from .stats_view import stats_screen

__all__ = [
    "MENU",
    "ReviewContext",
    "data_screen",
    "deleted_screen",
    "game_review_screen",
    "history_screen",
    "menu",
    "menu_labels",
    "players_screen",
    "render_screen",
    "settings_screen",
    "stats_screen",
]

log = logging.getLogger(__name__)


#: The review's screens in the menu, in order.
MENU: tuple[str, ...] = ("history", "stats", "players", "settings", "data")


def menu_labels(t: Any) -> dict[str, str]:
    """The menu entries' labels in ``t``'s language (screen -> label)."""
    return {
        "history": t.gettext("History"),
        "stats": t.gettext("Statistics"),
        "players": t.gettext("Players"),
        "settings": t.gettext("Settings"),
        "data": t.gettext("Export and import"),
    }


def menu(ctx: ReviewContext) -> ft.Control:
    """Buttons to move between the review screens (the standalone runner shows it)."""
    m = ctx.model
    labels = menu_labels(m.t)
    return chip_row([choice(labels[key], m.screen == key, ctx.on(m.go, key)) for key in MENU])


# --- history -------------------------------------------------------------------


BUILDERS: dict[str, Callable[[ReviewContext], Screen]] = {
    "history": history_screen,
    "deleted": deleted_screen,
    "game": game_review_screen,
    "stats": stats_screen,
    "players": players_screen,
    "settings": settings_screen,
    "data": data_screen,
}


def render_screen(ctx: ReviewContext) -> Screen:
    """The current screen of ``ctx.model``; a failure shows the history with a message."""
    m = ctx.model
    try:
        return BUILDERS[m.screen](ctx)
    except Exception:
        log.exception("could not draw the review screen %s", m.screen)
        m.screen = "history"
        m.error = m.t.gettext("Sorry, that page could not be shown.")
        try:
            return history_screen(ctx)
        except Exception:
            log.exception("could not draw the history")
            return m.t.gettext("History"), [_message(m.error)]
