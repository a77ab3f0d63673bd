"""A screen that watches the table (the watch link of a ``--lan`` server):
the game being played, its totals in large type, live; nothing on it writes.

For a TV, a tablet on the sideboard or a friend following along.  It shows
the game in progress that changed last (any game's change redraws it, so a
new game shows as soon as it starts), as the table view draws it (every
Hollywood column; :func:`~scorekeeper.ui.screens.table_view.table_screen`
without its buttons).  Its store view is a viewer's
(:data:`~scorekeeper.ui.roles.MAY`): a write it might still send is refused
on the server.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from scorekeeper.i18n import Translator

from .live import Live
from .screens.table_view import table_screen
from .state.sheet_labels import scorer_names, versus
from .state.table_model import build_board

log = logging.getLogger(__name__)

#: The games in progress looked at for the one that changed last (the newest first).
LOOKED_AT = 20


class Watch:
    """One watching screen: draws the table, again after every change."""

    def __init__(self, page: ft.Page, store: Any, t: Translator) -> None:
        self.page = page
        self.store = store
        self.t = t
        self.live = Live(page.pubsub, self._changed, store)
        page.on_resize = self._resized

    def start(self) -> None:
        self.draw()

    def close(self) -> None:
        self.live.close()
        self.page.on_resize = None

    def _changed(self, _: Any) -> None:
        self.draw()

    def _resized(self, _: Any) -> None:
        self.draw()

    def _game(self) -> Any:
        """The game in progress that changed last, or None."""
        playing = self.store.recent_games(LOOKED_AT)
        if not playing:
            return None
        latest = max(playing, key=lambda s: s.updated_at)
        return self.store.game(latest.id)

    def draw(self) -> None:
        t, page = self.t, self.page
        game = self._game()
        if game is None:
            title = t.gettext("Watching the table")
            body: list[ft.Control] = [
                ft.Text(
                    t.gettext("No game in progress: the score shows here once a game starts."),
                    size=28,
                )
            ]
        else:
            board = build_board(game, t)
            scorer = scorer_names(game.standings, game.names)  # players, or sides
            title = versus(t, [scorer[p] for p in game.standings.scorers])
            body = table_screen(board, width=page.width, height=page.height, actions=None)
        view = ft.View(
            route="/",
            appbar=ft.AppBar(title=ft.Text(title), automatically_imply_leading=False),
            controls=[ft.Semantics(live_region=True, content=ft.Column(body, expand=True))],
            padding=16,
        )
        page.views.clear()
        page.views.append(view)
        page.update()
