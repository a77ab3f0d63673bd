"""The review's view model: plain Python, no flet, testable without a client.

:class:`ReviewModel` is what every review screen shares: the store, the
settings and the words (:attr:`~ReviewModel.t`), the screen shown and its
address, the inline message (:attr:`~ReviewModel.note`,
:attr:`~ReviewModel.error`), and :meth:`~ReviewModel.act`, which turns a
refusal into that message (nothing raises into the UI).  Each screen's own
state and actions are an object of its own, beside its view:

=================  =======================  ==================================
attribute          class (module)           screen
=================  =======================  ==================================
``history``        ``HistoryState``         history and deleted games
                   (``history_state``)
``past_game``      ``PastGameState``        one game read-only, its exports
                   (``game_state``)
``stats``          ``StatsState``           statistics, a player's details,
                   (``stats_state``)        who owes whom
``players``        ``PlayersState``         rename, hide, merge
                   (``players_state``)
``options``        ``SettingsState``        settings and backups
                   (``settings_state``)
``data``           ``DataState``            export and import
                   (``data_state``)
=================  =======================  ==================================

so an action is ``model.act(model.history.set_filter_player, pid)``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from scorekeeper.engine.errors import UserError
from scorekeeper.i18n import Translator
from scorekeeper.i18n.reports import import_summary
from scorekeeper.settings import Settings, load_settings
from scorekeeper.store import Store, StoreError

from .common import PERIODS, SCREENS, ChangeKind, Screen, period_label, period_range
from .data_state import DataState, Download
from .game_state import PastGameState
from .history_state import PAGE, HistoryRow, HistoryState
from .players_state import PlayersState
from .settings_state import SettingsState
from .stats_state import FigureRow, StatsCard, StatsState

log = logging.getLogger(__name__)

__all__ = [  # the screens' names stay importable from here
    "PAGE",
    "PERIODS",
    "SCREENS",
    "ChangeKind",
    "Download",
    "FigureRow",
    "HistoryRow",
    "ReviewModel",
    "StatsCard",
    "import_summary",
    "period_label",
    "period_range",
]

#: The statistics' address; a player's or pair's details are under it
#: (:attr:`ReviewModel.route`).
STATS_ROUTE = "/review/stats"


class ReviewModel:
    """History, statistics, players, settings and data for one UI session.

    ``on_change(kind)`` is called after an action changed something the
    rest of the app shows: ``"games"``, ``"players"``, ``"settings"``,
    ``"language"`` (then :attr:`t` is the new translator) or ``"theme"``.
    ``on_resume(game_id)`` is called by ``history.resume``; the core app
    opens the game's sheet.
    """

    def __init__(
        self,
        store: Store,
        t: Translator | None = None,
        on_change: Callable[[ChangeKind], None] | None = None,
        *,
        on_resume: Callable[[str], None] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        self.store = store
        self.data_dir = Path(data_dir) if data_dir is not None else Path(store.data_dir)
        self.settings: Settings = load_settings(self.data_dir)
        #: Settings this device keeps for itself, not written to the folder's
        #: (a phone joined over the LAN: its language and theme).
        self.device_settings: frozenset[str] = frozenset()
        self.t = t if t is not None else Translator(self.settings.language_code)
        self.on_change = on_change
        self.on_resume = on_resume
        self.screen: Screen = "history"
        self.game_id: str | None = None  # the game open read-only
        self.back_to: Screen = "history"
        # the inline message
        self.error: str | None = None
        self.note: str | None = None
        # each screen's state (each sees this model as a common.Review)
        self.history = HistoryState(self)
        self.past_game = PastGameState(self)
        self.stats = StatsState(self)
        self.players = PlayersState(self)
        self.options = SettingsState(self)
        self.data = DataState(self)

    # --- actions and messages ------------------------------------------------------

    def act(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run an action; a refusal or failure becomes :attr:`error` (never raised).

        Messages and questions of the previous action are cleared first.
        """
        self.clear_messages()
        try:
            return fn(*args)
        except Exception as exc:
            self._failed(fn, exc)
        return None

    async def act_async(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
        """:meth:`act` for an action that is awaited (run off the event loop)."""
        try:
            return await fn(*args)
        except Exception as exc:
            self.clear_messages()
            self._failed(fn, exc)
        return None

    def _failed(self, fn: Callable[..., Any], exc: Exception) -> None:
        if isinstance(exc, UserError):
            self.error = self.t.render(exc)
        elif isinstance(exc, OSError):
            self.error = self.t.gettext("The file could not be used: {reason}").format(
                reason=exc.strerror or str(exc)
            )
        else:
            log.error("review action %s failed", getattr(fn, "__name__", fn), exc_info=exc)
            self.error = self.t.gettext("Sorry, that did not work.")

    def changed(self, kind: ChangeKind) -> None:
        """Tell the host that an action changed ``kind`` (``on_change``)."""
        if self.on_change is not None:
            self.on_change(kind)

    def clear_messages(self) -> None:
        """Forget the message and the questions asked ("Delete? Yes")."""
        self.error = self.note = None
        self.history.clear_questions()
        self.players.clear_questions()

    # --- where the review is -------------------------------------------------------

    def go(self, screen: str, game_id: str | None = None) -> None:
        if screen not in SCREENS:
            raise StoreError(self.t.gettext("There is no such page."))
        if screen == "game":
            if game_id is None:
                raise StoreError(self.t.gettext("There is no such page."))
            self.store.summary(game_id)  # refuses an unknown game
            if self.screen != "game":
                self.back_to = self.screen
            self.game_id = game_id
        self.clear_messages()
        self.history.undo_game_id = None  # "Undo delete" is offered where the game was deleted
        self.screen = screen

    def back(self) -> None:
        self.go(self.back_to if self.screen == "game" else "history")

    @property
    def route(self) -> str:
        if self.screen == "game" and self.game_id:
            return f"/review/game/{self.game_id}"
        focus = self.stats.focused
        if self.screen == "stats" and focus is not None:
            # a player's details, "/review/stats/player/<id>"; a pair's,
            # "/review/stats/pair/<id>/<id>"
            return f"{STATS_ROUTE}/" + focus.replace(":", "/")
        return f"/review/{self.screen}"

    # --- for the core app (ui/app.py, ui/screens/sheet_view.py) --------------------

    def show_unfinished(self) -> None:
        """Home's "All games in progress": :meth:`HistoryState.show_unfinished`."""
        self.history.show_unfinished()

    @property
    def editing_player(self) -> str | None:
        """The player being renamed (a live redraw waits): ``players.editing``."""
        return self.players.editing

    def export_picture(self, game_id: str) -> Path:
        """A sheet's picture into the exports folder: ``past_game.export_picture``."""
        return self.past_game.export_picture(game_id)

    def download_picture(self, game_id: str) -> Download:
        """A sheet's picture for a browser: ``past_game.download_picture``."""
        return self.past_game.download_picture(game_id)
