"""The Flet app: one session's routes, nothing more.

Each screen is a module of its own, drawn from its model beside it
(``home_view``/``home_model``, ``newgame_view``/``newgame_model``,
``sheet_view``/``sheet_model``, ``hand_view``/``hand_model``,
``table_view``/``table_model``, and the review screens in
:mod:`scorekeeper.ui.review`).  This module picks the screen the model is on,
puts it in the page (a component: the browser is patched rather than
redrawn, see :mod:`~scorekeeper.ui.components`), and wires the session: routes, the top
bar, keys, live changes from other devices.  The handlers only call model
methods through :meth:`AppModel.act` (which turns refusals into inline
messages), so no rule and no storage code lives here.
"""

from __future__ import annotations

import inspect
import logging
import time
import typing
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.engine.errors import N_
from scorekeeper.runtime import cpu_time
from scorekeeper.store.changes import DESKTOP_DEVICE

from . import routes
from .addresses import Addresses
from .components import part
from .layers import BottomBar, Layers
from .live import Live, LiveStore
from .live_view import Heard
from .ports import StoreLike
from .review import ReviewContext, ReviewModel, render_screen
from .review.standalone import theme_mode
from .screens.hand_view import hand_screen, save_hand
from .screens.home_view import home_screen
from .screens.newgame_view import new_game_screen
from .screens.sheet_view import SheetView
from .screens.table_view import table_view_screen
from .scrolling import Scroller
from .state.model import AppModel
from .timing import TIMING, timing_log
from .top_bar import TopBar
from .wakelock import ScreenKeeper
from .widgets import Handler, Screen, apply_look, screen_body

log = logging.getLogger(__name__)

#: Shown on the home screen when a screen failed to draw (a msgid).
SCREEN_FAILED = N_("Sorry, that screen could not be shown.")


class GinApp:
    """One browser session (or the desktop window)."""

    def __init__(
        self,
        page: ft.Page,
        store: StoreLike,
        *,
        actions: Callable[[], list[ft.Control]] | None = None,
        device: str | None = None,
        desktop: bool = False,
        phone: bool = False,
    ) -> None:
        self.page = page
        #: How this session is named to the other devices: on a LAN, the name
        #: chosen at join; the desktop window, so; a browser tab of a server of
        #: this computer, not at all ("Another device..."): nothing the browser
        #: says of itself (its user agent, its address) names it.
        self.device = device if device is not None else DESKTOP_DEVICE if desktop else None
        #: Hears the other sessions' writes (see live.py), and tells them.
        self.live: Live | None = None
        self.heard = Heard(self)
        store = typing.cast(StoreLike, LiveStore(store))  # this session's own writes
        # The review side (history, statistics, players, settings, data):
        # its own model and screens, mounted here as one more screen.  Its
        # settings hold the language, which the whole app speaks.
        self.review = ReviewModel(
            store,  # type: ignore[arg-type]
            on_change=self._review_changed,
            on_resume=self._resume,
        )
        self.model = AppModel(store, t=self.review.t)
        self.model.remind_backups = phone  # no folder to back up into there
        #: The one view: every screen is drawn in it (a second view for the
        #: hand form kept the new score off the screen for the 300 ms of
        #: Flutter's route transition after each save, whatever the theme).
        self.view = ft.View(route="/", scroll=ft.ScrollMode.AUTO, padding=12)
        #: (screen, game) drawn in the view: "sheet" also while the hand form
        #: is open over the sheet, which stays there, hidden
        self.base: tuple[str, Any] = ("", None)
        #: The score sheet, with its kept containers (see sheet_view).
        self.sheet = SheetView(self)
        #: The sheet and, over it, the hand form (see layers.py).
        self.layers = Layers()
        #: The bottom bar: the sheet's results, or the form's Save over them.
        self.bottom_bar = BottomBar()
        #: The top bar: its title, Back, and the theme's button.
        self.top_bar = TopBar(actions or (lambda: []), self._toggle_theme)
        #: the desktop window (the launcher knows; ``page.web`` is the client's claim)
        self.review_ctx = ReviewContext(self.review, self.render, desktop=desktop, phone=phone)
        #: The phone build: one session per tab, and only one tab writes
        #: (web/tabs.py): nobody else's changes to hear.
        self.phone = phone
        #: The revision the hand form was last drawn with: Enter saves on it,
        #: like the Save button drawn then (a change from another device since
        #: is refused, not saved over).
        self.hand_revision: int | None = None
        #: closed (:meth:`close`): nothing is drawn any more
        self.closed = False
        #: Where each screen is scrolled to, and the browser's answers awaited.
        self.scroller = Scroller(self)
        #: The browser's address and history, and the device's hand draft.
        self.addresses = Addresses(page, self.model, self._route, self._follow_address)

    # --- wiring ---------------------------------------------------------------

    def start(self) -> None:
        page = self.page
        page.title = self.model.t.gettext("Gin Scorekeeper")
        apply_look(page)
        page.theme_mode = (
            theme_mode(self.review.settings.theme)
            if self.review.settings.theme in ("light", "dark")
            else ft.ThemeMode.LIGHT
        )
        self.review_ctx.attach_file_picker(page)
        self.model.device = self.device
        if not self.phone:
            self.live = Live(self.page.pubsub, self.heard.on_live, self.model.store)
        self.review_ctx.screen_keeper = ScreenKeeper(page, self.review_ctx.device_loaded)
        page.on_route_change = self._on_route
        page.on_keyboard_event = self._on_key
        page.on_resize = self._on_resize
        #: the LAN session's own, if any (lan_session)
        self._connect_before: Callable[..., Any] | None = page.on_connect
        page.on_connect = self._on_connect
        page.views.clear()
        page.views.append(self.view)
        self._go(self.addresses.start(page.route or "/"))
        self.render()

    async def _on_connect(self, e: Any = None) -> None:
        """The browser came back on a new connection (a reload, a dropped
        network: Flet keeps the session and its page): nothing waits for
        an answer from the old page (Scroller.reconnected)."""
        self.scroller.reconnected()
        if self._connect_before is not None:  # the LAN session's (lan_session)
            done = self._connect_before(e)
            if inspect.isawaitable(done):
                await done

    def _on_route(self, e: ft.RouteChangeEvent) -> None:
        self.addresses.heard(e.route)

    def _follow_address(self, route: str) -> None:
        self._go(route)
        self.render()

    def _go(self, route: str) -> None:
        routes.show(route, self.model, self.review)

    def _route(self) -> str:
        return self.review.route if self.model.screen == "review" else self.model.route

    # --- the review side ----------------------------------------------------

    def open_review(self, key: str) -> Handler:
        """A handler that shows the review screen ``key`` (history, statistics...)."""

        def handler(_: Any = None) -> None:
            self.review.act(self.review.go, key)
            self.model.go_home()
            self.model.screen = "review"
            self.render()

        return handler

    def show_all_unfinished(self, _: Any = None) -> None:
        """Home's way to every game in progress: the history, filtered to them."""
        self.review.act(self.review.show_unfinished)
        self.model.go_home()
        self.model.screen = "review"
        self.render()

    def _resume(self, game_id: str) -> None:
        self.model.act(self.model.open_game, game_id)

    def _review_changed(self, kind: str) -> None:
        if kind == "theme":
            self.page.theme_mode = theme_mode(self.review.settings.theme)
        elif kind == "language":
            # every screen is drawn from the model: the next render speaks it
            self.model.t = self.review.t
            self.page.title = self.model.t.gettext("Gin Scorekeeper")

    def _review_screen(self) -> Screen:
        return render_screen(self.review_ctx)

    def _review_back(self, _: Any = None) -> None:
        if self.review.screen in ("game", "deleted"):
            self.review.act(self.review.back)
        else:
            self.model.go_home()
        self.render()

    def on(self, fn: Callable[..., Any], *args: Any) -> Handler:
        """An event handler that runs a model action, then re-renders."""

        def handler(_: Any = None) -> None:
            start = time.perf_counter()
            cpu = cpu_time()
            self.model.act(fn, *args)
            self.render()
            if TIMING:
                ms = (time.perf_counter() - start) * 1000
                cpu_ms = (cpu_time() - cpu) * 1000
                name = getattr(fn, "__name__", "action")
                timing_log.info("%s %.1f ms (cpu %.1f ms)", name, ms, cpu_ms)

        return handler

    def undo_handler(self, revision: int | None) -> Handler:
        """The sheet's Undo (the table view has one too)."""
        return self.sheet.undo_handler(revision)

    def _on_key(self, e: ft.KeyboardEvent) -> None:
        """Desktop: type deadwood counts, Tab switches the count, Enter saves."""
        form = self.model.hand
        if self.model.screen != "hand" or form is None or form.mode != "quick":
            return
        key = e.key
        if key.isdigit() and len(key) == 1:
            self.model.act(form.press, key)
        elif key == "Backspace":
            self.model.act(form.press, "⌫")
        elif key == "Tab":
            form.set_active("defender" if form.active == "knocker" else "knocker")
        elif key == "Enter":
            self.model.act(save_hand, self, form, self.hand_revision)
        else:
            return
        self.render()

    def render(self) -> None:
        """Redraw from the model.  The hand form opens over the sheet, which
        stays in the view, hidden: saving a hand only patches it."""
        if self.closed:
            return
        if self.scroller.waits():  # drawn once the browser has answered (scrolling.py)
            # and nothing of it before: the handler's own changes (a theme)
            # sent alone would show a screen whose buttons the redraw then
            # replaces, and a tap on one of them would be lost
            ft.context.disable_auto_update()  # type: ignore[no-untyped-call]
            return
        m = self.model
        screen = m.screen
        shown = self.view.route
        try:
            if screen == "hand":
                title, controls, bottom = hand_screen(self)
                self.hand_revision = m.revision
                if self.base != ("sheet", m.game_id) or self.sheet.frame is None:
                    self._fill("sheet", *self.sheet.draw(), route=f"/game/{m.game_id}")
                self._fill("hand", title, controls, route=m.route, bottom=bottom)
            else:
                builder: dict[str, Callable[[], Screen]] = {
                    "home": lambda: home_screen(self),
                    "new": lambda: new_game_screen(self),
                    "sheet": self.sheet.draw,
                    "table": lambda: table_view_screen(self),
                    "review": self._review_screen,
                }
                title, controls = builder[screen]()
                bar = self.sheet.bottom if screen == "sheet" else None
                self._fill(screen, title, controls, route=self._route(), bottom=bar)
        except Exception:
            log.exception("could not draw the %s screen", screen)
            m.go_home()
            m.error = SCREEN_FAILED
            self._fill("home", *home_screen(self), route="/")
        if list(self.page.views) != [self.view]:
            self.page.views.clear()
            self.page.views.append(self.view)
        self.addresses.shown()
        follow = self.scroller.follows()
        self.page.update()
        self.sheet.send()
        self.heard.follow()
        if self.review_ctx.screen_keeper is not None:  # the screen stays on during a game
            self.review_ctx.screen_keeper.want(m.screen in ("sheet", "hand", "table"))
        self.scroller.place(shown, follow)

    def _fill(
        self,
        screen: str,
        title: str,
        controls: list[ft.Control],
        *,
        route: str,
        bottom: tuple[ft.Control, float] | None = None,
    ) -> None:
        m, view = self.model, self.view
        frame = self.sheet.frame
        body: ft.Control
        if screen == "sheet" and frame is not None:
            body = frame.body  # kept: SheetView.draw made sure it is this game's
            frame.sheet.controls = controls
        else:
            # the table view fills a wide window; other screens keep a readable width
            wide: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12}
            col = wide if screen == "table" else None
            # drawn anew, sent as what changed since the screen was last drawn
            body = part(lambda: screen_body(controls, col=col), f"screen:{screen}")
        if screen != "hand" or frame is None:
            self.base = (screen, m.game_id)
            if screen != "sheet":
                self.sheet.frame = None
        view.route = route
        self._top_bar(title, screen)
        if screen == "hand" and bottom is not None:
            bar = part(lambda: bottom[0], "bar:hand"), bottom[1]
            view.bottom_appbar = self.bottom_bar.show(self.sheet.bottom, bar)
        else:
            view.bottom_appbar = self.bottom_bar.show(bottom, None)
        if frame is not None and screen in ("sheet", "hand"):
            # each layer scrolls by itself: the sheet keeps its place under the form
            view.scroll = None
            form = body if screen == "hand" else None
            view.controls = [self.layers.show(frame.body, frame.sheet, form)]
        else:
            view.scroll = ft.ScrollMode.AUTO
            view.controls = [body]

    def _top_bar(self, title: str, screen: str) -> None:
        """The view's top bar, with Back where there is a screen to go back to."""
        m = self.model
        back: Handler | None = None
        if screen == "hand":
            back = self.on(m.cancel_hand)
        elif screen == "review":
            back = self._review_back
        elif screen == "table":
            back = self.on(m.close_table)
        elif screen != "home":
            back = self.on(m.go_home)
        dark = self.page.theme_mode == ft.ThemeMode.DARK
        self.view.appbar = self.top_bar.show(m.t, dark, title, back)

    def after_drawn(self, notice: Callable[[], None]) -> None:
        """Show ``notice`` (a snackbar) once the browser has drawn the sheet
        just sent (SheetView.drawn), not with it: a snackbar drawn in the
        same frame as the changed sheet delayed the change by some 180 ms
        (an undo on a 200-hand sheet: bench_app).  Elsewhere (the table
        view, the in-process tests), at once."""
        if not self.on_loop() or self.model.screen != "sheet" or self.view.scroll is not None:
            notice()
            return

        async def later() -> None:
            await self.sheet.drawn()  # or no report within its timeout: tell then
            if not self.closed:
                notice()

        self.page.run_task(later)

    def on_loop(self) -> bool:
        """Whether the session runs on a browser's event loop (the in-process
        tests have none: nothing to scroll or wait for there)."""
        loop = getattr(getattr(self.page.session, "connection", None), "loop", None)
        return loop is not None and bool(loop.is_running())

    def close(self) -> None:
        """Stop listening and drawing (the session ends, or a LAN device was
        shut out): a handler of this app still reached draws nothing."""
        self.closed = True
        if self.live is not None:
            self.live.close()

    def _toggle_theme(self, _: Any = None) -> None:
        dark = self.page.theme_mode == ft.ThemeMode.DARK
        self.page.theme_mode = ft.ThemeMode.LIGHT if dark else ft.ThemeMode.DARK
        self.render()

    def _on_resize(self, _: Any = None) -> None:
        # the table view's numbers fill the new size (not the forms: a redraw
        # there could put back a field's value while a new one is being typed)
        if self.model.screen in ("table", "sheet"):  # the sheet's results: one row or two
            self.render()


def run_app(page: ft.Page, store: StoreLike, **kw: Any) -> GinApp:
    app = GinApp(page, store, **kw)
    app.start()
    return app
