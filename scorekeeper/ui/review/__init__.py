"""The review screens: history, one game read-only, statistics and charts,
players, settings, export/import (issue #5).  One module per screen
(``history_view``, ``game_view``, ``stats_view``, ``players_view``,
``settings_view``, ``data_view``), each drawn from its own state beside it
(``history_state``, ``game_state``, ``stats_state``, ``players_state``,
``settings_state``, ``data_state``), held by one model (:mod:`.model`); the
statistics themselves are computed in :mod:`scorekeeper.statistics`.

Self-contained: the core app (:mod:`scorekeeper.ui.app`) mounts these
screens as its "review" screen, with one home-screen button per entry of
:data:`MENU`; ``python -m scorekeeper.ui.review --data-dir DIR --port N``
also serves them on their own (web mode, offline).

Integration contract (for ``scorekeeper/ui/app.py``)
----------------------------------------------------

The pieces:

* :class:`ReviewModel` ``(store, t, on_change, *, on_resume=None)`` — plain
  Python, no flet.  ``model.screen`` is one of :data:`SCREENS`
  (``history``, ``deleted``, ``game``, ``stats``, ``players``, ``settings``,
  ``data``); ``model.go(screen[, game_id])``; ``model.route`` is
  ``/review/<screen>`` (``/review/game/<id>``), which
  :func:`scorekeeper.ui.routes.show_review` follows.  Every action is a
  method, of the model or of a screen's
  state (``model.history``, ``model.past_game``, ``model.stats``,
  ``model.players``, ``model.options``, ``model.data``); run it through
  ``model.act(fn, *args)``, which turns RuleError/StoreError/OSError (and
  anything unexpected, logged) into ``model.error``.  For the core app the
  model also answers ``show_unfinished()``, ``editing_player``,
  ``export_picture(game_id)`` and ``download_picture(game_id)`` (a
  :class:`Download`) itself.
  ``on_change(kind)`` is called after an action with ``"games"``,
  ``"players"``, ``"settings"``, ``"theme"`` or ``"language"`` (then
  ``model.t`` is the new :class:`~scorekeeper.i18n.Translator`).
  ``on_resume(game_id)`` is called when the player taps *Resume* on an
  unfinished game.
* :class:`ReviewContext` ``(model, refresh)`` — what the builders need;
  ``refresh()`` must redraw the current screen.  Its ``on(fn, *args)``
  wraps handlers (errors become inline messages, never tracebacks).
  ``attach_file_picker(page)`` also decides web mode (``ctx.web``): in a
  browser, import is an upload (:mod:`scorekeeper.ui.uploads`, 20 MB at
  most), export a download (``FilePicker.save_file``), and no path is ever
  typed or read (``model.data.allow_paths`` is False).  ``ctx.screen_keeper``
  (a :class:`~scorekeeper.ui.wakelock.ScreenKeeper`) adds the "Keep the
  screen on" switch to Settings.
* Builders, each ``(ctx) -> (title, list[ft.Control])`` like the core app's
  screens (``home_view.home_screen``...): :func:`history_screen`, :func:`deleted_screen`,
  :func:`game_review_screen`, :func:`stats_screen`, :func:`players_screen`,
  :func:`settings_screen`, :func:`data_screen`, and :func:`render_screen`
  (picks by ``model.screen``; a failing builder falls back to the history
  with a message).
* :data:`MENU` (screen keys, in order) and :func:`menu_labels` ``(t)`` — the
  entries for the home screen.
* :class:`Settings`, :func:`load_settings`, :func:`save_settings` —
  ``data_dir/settings.json``; the core app reads ``preset``, ``format``,
  ``target``, ``big_gin``, ``hollywood_rolling`` as new-game defaults,
  ``theme`` (:func:`theme_mode`) and ``language_code`` at start.

How the core app mounts them: :class:`~scorekeeper.ui.app.GinApp` makes the
model and context, routes ``/review/...`` to it (:mod:`~scorekeeper.ui.routes`), draws
:func:`render_screen` as its "review" screen, and puts one home-screen
button per :data:`MENU` entry (``GinApp.open_review``).

Standalone: :func:`mount_demo` ``(page, store)`` shows only these screens
with a menu; ``python -m scorekeeper.ui.review --data-dir DIR --port N``.
"""

from typing import Any

from scorekeeper.i18n.reports import import_summary

from .common import PERIODS, SCREENS, ChangeKind, period_label, period_range
from .data_state import Download
from .game_model import GameView, HandRow, build_game_view, format_label
from .history_state import PAGE, HistoryRow
from .model import ReviewModel
from .screens import (
    MENU,
    ReviewContext,
    data_screen,
    deleted_screen,
    game_review_screen,
    history_screen,
    menu,
    menu_labels,
    players_screen,
    render_screen,
    settings_screen,
    stats_screen,
)
from .settings import Settings, load_settings, save_settings, settings_path
from .standalone import mount_demo, theme_mode
from .stats_state import FigureRow, StatsCard

__all__ = [
    "MENU",
    "PAGE",
    "PERIODS",
    "SCREENS",
    "ChangeKind",
    "Download",
    "FigureRow",
    "GameView",
    "HandRow",
    "HistoryRow",
    "ReviewContext",
    "ReviewModel",
    "Settings",
    "StatsCard",
    "build_game_view",
    "data_screen",
    "deleted_screen",
    "format_label",
    "game_review_screen",
    "history_screen",
    "import_summary",
    "load_settings",
    "menu",
    "menu_labels",
    "mount_demo",
    "period_label",
    "period_range",
    "players_screen",
    "race_chart",
    "render_screen",
    "save_settings",
    "settings_path",
    "settings_screen",
    "stats_screen",
    "theme_mode",
    "wins_chart",
]


def __getattr__(name: str) -> Any:
    # The charts (flet_charts: a quarter of the app's imports) load with the
    # first screen that draws one, not at start (the phone build starts faster).
    if name in ("race_chart", "wins_chart"):
        from . import charts_view

        return getattr(charts_view, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
