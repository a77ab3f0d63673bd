"""The Flet app: one session's routes, nothing more.

Each screen is a module of its own, drawn from its model beside it
(``home_view``/``home_model``, ``newgame_view``/``newgame_model``,
``sheet_view``/``sheet_model``, ``hand_view``/``hand_model``,
``table_view``/``table_model``, and the review screens in
:mod:`scorekeeper.ui.review`).  This module picks the screen the model is on,
puts it in the page (keyed, so the browser is patched rather than redrawn,
see :mod:`~scorekeeper.ui.keying`), and wires the session: routes, the top
bar, keys, live changes from other devices.  The handlers only call model
methods through :meth:`AppModel.act` (which turns refusals into inline
messages), so no rule and no storage code lives here.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import time
import typing
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import flet as ft

from scorekeeper.engine.errors import N_
from scorekeeper.runtime import cpu_time
from scorekeeper.store.changes import DESKTOP_DEVICE

from .addresses import Addresses
from .hand_view import hand_screen, save_hand
from .home_view import home_screen
from .keying import autokey, sealed
from .layers import BottomBar, Layers
from .live import Change, Live, LiveStore
from .model import AppModel
from .newgame_view import new_game_screen
from .ports import StoreLike
from .review import ReviewContext, ReviewModel, render_screen
from .review.standalone import theme_mode
from .sheet_view import SheetView
from .table_view import table_view_screen
from .wakelock import ScreenKeeper
from .widgets import Handler, Screen, apply_look, screen_body

log = logging.getLogger(__name__)
timing_log = logging.getLogger("scorekeeper.ui.timing")
#: SCOREKEEPER_TIMING=1 logs how long each action takes on the server,
#: from the tap's handler to the updated screen sent (benchmarks/bench_app.py).
TIMING = os.environ.get("SCOREKEEPER_TIMING") == "1"

#: How long the line another device changed stays marked on the sheet.
MARK_SECONDS = 3.0
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
        #: Hears the other sessions' writes (see live.py).
        self.live: Live | None = None
        store = typing.cast(StoreLike, LiveStore(store))  # this session's own writes
        #: More buttons for the top bar (the LAN host's "Invite a device").
        self._actions = actions or (lambda: [])
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
        #: The game whose sheet was drawn last and its revision (see _place).
        self._sheet_seen: tuple[Any, int | None] = (None, None)
        #: The top bar, its title and Back, for the theme and language it was made for.
        self._bar: ft.AppBar | None = None
        self._bar_style: tuple[bool, str] = (False, "")
        self._bar_title = ft.Text()
        self._back_button = ft.IconButton()
        self._back = ft.Semantics()
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
        #: Scrolls of the sheet's list the browser has not answered yet, and
        #: whether a redraw waits for their answers (see :meth:`_asking`).
        self._asked = 0
        self._redraw_waits = False
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
        self._start_live()
        self.review_ctx.screen_keeper = ScreenKeeper(page, self.review_ctx.device_loaded)
        page.on_route_change = self._on_route
        page.on_keyboard_event = self._on_key
        page.on_resize = self._on_resize
        page.views.clear()
        page.views.append(self.view)
        self._go(self.addresses.start(page.route or "/"))
        self.render()

    def _on_route(self, e: ft.RouteChangeEvent) -> None:
        self.addresses.heard(e.route)

    def _follow_address(self, route: str) -> None:
        self._go(route)
        self.render()

    def _go(self, route: str) -> None:
        if route.startswith("/review"):
            self.review.act(self.review.go_route, route)
            self.model.go_home()
            self.model.screen = "review"
        else:
            if self.model.screen == "review":
                # the review's address is the review model's: the app's model
                # would take "/" for where it already is, and stay on the review
                self.model.go_home()
            self.model.act(self.model.go, route)

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
        if self._asked:  # drawn once the browser has answered (see _asking)
            self._redraw_waits = True
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
        follow = self._follows()
        self.page.update()
        self.sheet.send()
        self._follow()
        if self.review_ctx.screen_keeper is not None:  # the screen stays on during a game
            self.review_ctx.screen_keeper.want(m.screen in ("sheet", "hand", "table"))
        self._place(shown, follow)

    def _place(self, route_before: str, follow: bool) -> None:
        """Where the screen is scrolled to.  A newly shown screen opens at its
        top (the view keeps its scroll position from screen to screen).  The
        sheet follows the game: once a hand is saved, undone, edited or
        changed by another device, its end (the newest line, the totals) is
        in view; otherwise it stays where the player left it."""
        if not self._on_loop():
            return
        new = self.view.route != route_before
        if self.view.scroll is not None:
            if new:
                self._ask(lambda: self.view.scroll_to(offset=0))
        elif self.model.screen == "hand":  # the form's layer is kept from hand to hand
            if new:
                form = self.layers.form
                self._ask(lambda: form.scroll_to(offset=0))
                first = self.layers.first_button()
                if first is not None:  # the keyboard's focus in the form (Layers.first_button)
                    self._ask(first.focus)
        elif follow:
            scroll = self.layers.sheet_scroll
            if self.sheet.bottom is None:
                # a game just ended: its result, at the top (sheet_view's game-over card)
                self._ask(lambda: scroll.scroll_to(offset=0), keep=True)
            else:
                self.page.run_task(self._to_end, scroll)

    def _ask(self, call: Callable[[], Awaitable[Any]], *, keep: bool = False) -> None:
        """Have the browser scroll or focus a control on screen; ``keep``: one
        a redraw may take away (the sheet's list), kept till the answer (_asking)."""

        async def asked() -> None:
            async with self._asking(keep):
                await call()

        self.page.run_task(asked)

    @contextlib.asynccontextmanager
    async def _asking(self, keep: bool) -> AsyncIterator[None]:
        """While the browser is asked to scroll the sheet's list (``keep``),
        no redraw takes the list off the page: one waits for the answer
        (:meth:`render`).  Flet drops a control from the session when a
        redraw takes it away, and an answer that then arrives for it is an
        error that ends the connection: the device lost its session, and
        reconnected, when the sheet was redrawn (a turned phone, another
        screen) while it was still scrolling to its end.  The answer takes
        a frame or two.  The other controls asked (the view, the form's
        layer and first button) stay from screen to screen: nothing waits."""
        self._asked += keep
        try:
            yield
        except Exception:  # the browser went away or moved on
            log.debug("no answer from the browser", exc_info=True)
        finally:
            self._asked -= keep
            if keep and not self._asked and self._redraw_waits:
                self._redraw_waits = False
                self.render()

    def _follows(self) -> bool:
        """Whether the sheet on screen follows a change to its end (see _place):
        the same game's sheet as drawn last, at another revision.  The same
        game, not the same list: a window resized while a hand is entered
        makes the sheet a new list (sheet_view.SheetFrame), and the save
        then opened it at its top.  A sheet opened at the revision it last
        showed (from home, or another game) opens at its top."""
        if self.model.screen != "sheet" or self.view.scroll is not None:
            return False
        seen = (self.model.game_id, self.model.revision)
        follow = self._sheet_seen[0] == seen[0] and self._sheet_seen[1] != seen[1]
        self._sheet_seen = seen
        return follow

    async def _to_end(self, scroll: ft.ListView | ft.Column) -> None:
        """The sheet's end in view, once the browser has laid out the change.
        The browser makes a jump asked for with a change before it lays the
        change out: to the end as it was, a line short after a save.  The
        layout is then made there, so the new end is among what it laid out,
        and a second jump, once that is drawn (SheetView.drawn), reaches it.
        (Not the list's auto_scroll, which follows its end by itself: Flet
        wraps a list with auto_scroll in a widget of its own, and turning it
        on rebuilt the list at its top, so a sheet that opens at its top
        went back there, or to hand 126 of 200, at its first change.)"""
        async with self._asking(keep=True):
            await scroll.scroll_to(offset=-1)
        try:
            drawn = await self.sheet.drawn()
        except Exception:  # the browser went away
            log.debug("no report of the sheet drawn", exc_info=True)
            return
        if drawn and self._sheet_shown(scroll):  # not taken away meanwhile (see _asking)
            async with self._asking(keep=True):
                await scroll.scroll_to(offset=-1)

    def _sheet_shown(self, scroll: ft.ListView | ft.Column) -> bool:
        """Whether ``scroll`` is the list of the sheet on the page now: the
        sheet's screen or the hand form over it, and no list drawn since."""
        return scroll is self.layers.sheet_scroll and self.model.screen in ("sheet", "hand")

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
        body: ft.ResponsiveRow | ft.Column
        if screen == "sheet" and frame is not None:
            body = frame.body  # kept: SheetView.draw made sure it is this game's
            frame.sheet.controls = controls
        else:
            # the table view fills a wide window; other screens keep a readable width
            wide: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12}
            body = screen_body(
                controls, key=f"screen:{screen}", col=wide if screen == "table" else None
            )
        if screen != "hand" or frame is None:
            self.base = (screen, m.game_id)
            if screen != "sheet":
                self.sheet.frame = None
        view.route = route
        self._top_bar(title, screen)
        if screen == "hand" and bottom is not None:
            autokey(bottom[0])
            view.bottom_appbar = self.bottom_bar.show(self.sheet.bottom, bottom)
        else:
            view.bottom_appbar = self.bottom_bar.show(bottom, None)
        autokey(body)
        if frame is not None and screen in ("sheet", "hand"):
            # each layer scrolls by itself: the sheet keeps its place under the form
            view.scroll = None
            form = body if screen == "hand" else None
            view.controls = [self.layers.show(frame.body, frame.sheet, form)]
        else:
            view.scroll = ft.ScrollMode.AUTO
            view.controls = [body]

    def _top_bar(self, title: str, screen: str) -> None:
        """The view's top bar: one bar, changed in place (its title, its Back).
        Flet sends a bar put in another's place whole, and the form's and
        the sheet's bars differ only in their title; a new one is made only
        for another theme or language (its labels and icon)."""
        m = self.model
        t = m.t
        dark = self.page.theme_mode == ft.ThemeMode.DARK
        if self._bar is None or self._bar_style != (dark, t.code):
            self._bar_style = (dark, t.code)
            theme_label = t.gettext("Light theme") if dark else t.gettext("Dark theme")
            self._back_button = ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t.gettext("Back"))
            self._back = sealed(  # keyed now: it is put in the bar after the bar is keyed
                ft.Semantics(label=t.gettext("Back"), button=True, content=self._back_button)
            )
            self._bar_title = ft.Text(title, size=20, overflow=ft.TextOverflow.ELLIPSIS)
            self._bar = sealed(
                ft.AppBar(
                    automatically_imply_leading=False,
                    title=self._bar_title,
                    bgcolor=ft.Colors.PRIMARY_CONTAINER,
                    actions=[
                        *self._actions(),
                        ft.Semantics(
                            label=theme_label,
                            button=True,
                            content=ft.IconButton(
                                ft.Icons.LIGHT_MODE if dark else ft.Icons.DARK_MODE,
                                tooltip=theme_label,
                                on_click=self._toggle_theme,
                            ),
                        ),
                    ],
                )
            )
        self._bar_title.value = title
        back: Handler | None = None
        if screen == "hand":
            back = self.on(m.cancel_hand)
        elif screen == "review":
            back = self._review_back
        elif screen == "table":
            back = self.on(m.close_table)
        elif screen != "home":
            back = self.on(m.go_home)
        self._back_button.on_click = back
        self._bar.leading = self._back if back is not None else None
        self.view.appbar = self._bar

    # --- live: other sessions' changes ---------------------------------------------

    def _start_live(self) -> None:
        self.model.device = self.device
        if not self.phone:
            self.live = Live(self.page.pubsub, self._on_live, self.model.store)

    def _follow(self) -> None:
        """Listen to the game on screen (its topic), and to no other."""
        m = self.model
        if self.live is not None:
            self.live.follow(m.game_id if m.screen in ("sheet", "hand", "table") else None)

    def _on_live(self, change: Change) -> None:
        """Another session changed a game or the lists: redraw what is stale.
        An open hand form stays open (its preview follows the fresh game); a
        screen with a field being typed in is left alone."""
        start = time.perf_counter()
        m = self.model
        if m.screen in ("sheet", "hand", "table"):  # the table view follows too
            if not m.sync():
                return
        elif m.screen == "review":
            if self.review.screen in ("settings", "data") or self.review.editing_player:
                return
        elif m.screen != "home":
            return  # the new-game form: its fields are being typed in
        self.render()
        self._tell_heard()
        if TIMING:
            ms = (time.perf_counter() - start) * 1000
            lag = (time.perf_counter() - change[1]) * 1000
            timing_log.info("live %.1f ms (%.1f ms after the save)", ms, lag)

    def _tell_heard(self) -> None:
        """Say what another device just did to the game on screen, and take
        the mark off its line after a moment (unless the game changed again)."""
        m = self.model
        heard, m.heard = m.heard, None
        if heard is None or m.screen not in ("sheet", "table"):
            return  # on the hand form a notice would cover Save; the form follows the game
        text = m.render(heard)
        self.after_drawn(lambda: self.sheet.tell(text))
        if m.highlight is not None and self._on_loop():
            self.page.run_task(self._unmark, m.revision)

    async def _unmark(self, revision: int | None) -> None:
        await asyncio.sleep(MARK_SECONDS)
        m = self.model
        if not self.closed and m.highlight is not None and m.revision == revision:
            m.highlight = None
            self.render()

    def after_drawn(self, notice: Callable[[], None]) -> None:
        """Show ``notice`` (a snackbar) once the browser has drawn the sheet
        just sent (SheetView.drawn), not with it: a snackbar drawn in the
        same frame as the changed sheet delayed the change by some 180 ms
        (an undo on a 200-hand sheet: bench_app).  Elsewhere (the table
        view, the in-process tests), at once."""
        if not self._on_loop() or self.model.screen != "sheet" or self.view.scroll is not None:
            notice()
            return

        async def later() -> None:
            await self.sheet.drawn()  # or no report within its timeout: tell then
            if not self.closed:
                notice()

        self.page.run_task(later)

    def _on_loop(self) -> bool:
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


def clear_page(page: ft.Page) -> None:
    """No handler, service, dialog or view of the app is left on the page
    (a LAN device shut out, a phone tab that another tab took over from)."""
    for f in dataclasses.fields(page):
        if f.name.startswith("on_"):
            setattr(page, f.name, None)
    # a service stays in Flet's registry while anything holds it: its
    # handlers go, so an event for it does nothing
    for service in page.services:
        for f in dataclasses.fields(service):
            if f.name.startswith("on_"):
                setattr(service, f.name, None)
    page.services = []
    page.overlay.clear()
    for _ in range(8):  # a dialog over a dialog, at most a few
        try:
            if page.pop_dialog() is None:
                break
        except Exception:
            break
    page.views.clear()


def run_app(page: ft.Page, store: StoreLike, **kw: Any) -> GinApp:
    app = GinApp(page, store, **kw)
    app.start()
    return app
