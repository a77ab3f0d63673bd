"""The review side of the app: history, one game read-only, statistics and
charts, players, settings, export/import (issue #5).

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
  ``/review/<screen>`` (``/review/game/<id>``) and ``model.go_route(route)``
  follows one.  Every action is a method; run it through
  ``model.act(fn, *args)``, which turns RuleError/StoreError/OSError (and
  anything unexpected, logged) into ``model.error``.
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
  typed or read (``model.allow_paths`` is False).  ``ctx.screen_keeper``
  (a :class:`~scorekeeper.ui.wakelock.ScreenKeeper`) adds the "Keep the
  screen on" switch to Settings.
* Builders, each ``(ctx) -> (title, list[ft.Control])`` like the core app's
  ``_home``/``_sheet``: :func:`history_screen`, :func:`deleted_screen`,
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

The lines to add to ``GinApp`` (about a dozen)::

    from scorekeeper.ui.review import (
        MENU, ReviewContext, ReviewModel, load_settings, menu_labels, render_screen, theme_mode,
    )

    # __init__
    self.review = ReviewModel(store, self.t, self._review_changed, on_resume=self._resume)
    self.review_ctx = ReviewContext(self.review, self.render)
    self.review_ctx.attach_file_picker(page)   # import: "Choose an export file…"

    # start(): page.theme_mode = theme_mode(self.review.settings.theme)
    #          page.run_thread(self.review.preload)   # replays every game in the background

    # render(): a "review" screen in the builder table
    "review": lambda: render_screen(self.review_ctx),
    # ... and self.view.route = self.review.route when m.screen == "review"

    # _home(): one button per entry
    labels = menu_labels(self.t)
    for key in MENU:
        out.append(ft.OutlinedButton(labels[key], height=TAP, on_click=self.open_review(key)))

    def _open_review(self, key):            # handler: show a review screen
        def handler(_=None):
            self.review.act(self.review.go, key); self.model.screen = "review"; self.render()
        return handler

    def _resume(self, game_id):             # on_resume: leave the review, open the sheet
        self.model.act(self.model.open_game, game_id)

    def _review_changed(self, kind):        # on_change
        if kind == "theme": self.page.theme_mode = theme_mode(self.review.settings.theme)
        if kind == "language": self.t = self.review.t
        if kind in ("games", "players"): ...  # drop any cached home lists

    # routes: a route starting with "/review" -> self.review.go_route(route);
    # model.screen = "review".  The AppBar back arrow on "game"/"deleted"
    # calls self.review.back(), elsewhere goes home.

Standalone: :func:`mount_demo` ``(page, store)`` shows only these screens
with a menu; ``python -m scorekeeper.ui.review --data-dir DIR --port N``.
"""

from .charts_view import race_chart, wins_chart
from .game_model import GameView, HandRow, build_game_view, format_label
from .model import (
    PAGE,
    PERIODS,
    SCREENS,
    ChangeKind,
    FigureRow,
    HistoryRow,
    ReviewModel,
    StatsCard,
    import_summary,
    period_label,
    period_range,
)
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

__all__ = [
    "MENU",
    "PAGE",
    "PERIODS",
    "SCREENS",
    "ChangeKind",
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
