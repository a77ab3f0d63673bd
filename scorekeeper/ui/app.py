"""The Flet app: renders :class:`~scorekeeper.ui.model.AppModel`, nothing more.

Every screen is rebuilt from the model after each action; the handlers only
call model methods through :meth:`AppModel.act` (which turns refusals into
inline messages), so no rule and no storage code lives here.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import logging
import os
import time
import typing
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.engine import Card, Rules, Suit
from scorekeeper.engine.errors import N_
from scorekeeper.i18n import Translator

from . import fletpatch
from .handform import HandForm, deck_by_suit
from .live import Change, Live, LiveStore
from .model import AppModel, GameCard
from .newgame import FORMATS, RANDOM, NewGameForm
from .ports import StoreLike
from .review import MENU, ReviewContext, ReviewModel, menu_labels, render_screen
from .review.standalone import theme_mode
from .sheet import Sheet, hand_roles
from .table_model import build_board
from .table_view import table_screen
from .wakelock import ScreenKeeper
from .widgets import TAP, screen_body
from .widgets import card_box as _card_box
from .widgets import message as _message
from .widgets import section as _section

log = logging.getLogger(__name__)
fletpatch.install()  # a faster diff walk for the long sheet (see fletpatch)
timing_log = logging.getLogger("scorekeeper.ui.timing")
#: SCOREKEEPER_TIMING=1 logs how long each action takes on the server,
#: from the tap's handler to the updated screen sent (benchmarks/bench_app.py).
TIMING = os.environ.get("SCOREKEEPER_TIMING") == "1"

FONT = "DejaVu"
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
RED = "#c62828"
KNOCKER_BG = "#1565c0"  # blue: the knocker's cards
DEFENDER_BG = "#e65100"  # orange: the defender's cards
Handler = Callable[[Any], None]
#: Shown on the home screen when a screen failed to draw (a msgid).
SCREEN_FAILED = N_("Sorry, that screen could not be shown.")


def _text(value: str, size: int = 16, **kw: Any) -> ft.Text:
    return ft.Text(value, size=size, **kw)


def _muted_text(value: str) -> ft.Text:
    return ft.Text(value, size=15, color=ft.Colors.ON_SURFACE_VARIANT)


def _slot(text: str | None, kind: str = "error") -> ft.Control:
    """A message, or an invisible placeholder that keeps the layout's positions."""
    if not text:
        return ft.Container(visible=False)
    return _message(text, kind)


AUTOKEYED = object()
#: Hands per block of the sheet: the page diff compares blocks, not hands.
BLOCK = 10
_frames = itertools.count()


class SheetLine(ft.Container):
    """One hand on the sheet.  Built once per content and never changed, so the
    page diff need not walk into it (a 200-hand sheet stays cheap to update)."""

    def is_isolated(self) -> bool:
        return True


class SheetBlock(ft.Container):
    """:data:`BLOCK` consecutive hands of the sheet, keyed by their content and
    never changed: a new hand or an edit replaces a block or two, and the diff
    of a 200-hand sheet compares 20 blocks instead of 200 lines.  The lines sit
    in a column inside (not in the block itself): the diff stops at an isolated
    control's children, so it looks at one child per block instead of ten."""

    def is_isolated(self) -> bool:
        return True

    @property
    def lines(self) -> list[ft.Control]:
        column = self.content
        assert isinstance(column, ft.Column)
        return column.controls


def _status_card(n: int) -> tuple[ft.Control, list[ft.Text]]:
    """Who deals next, the score, the Oklahoma reminder and the series tally."""
    texts = [
        ft.Text(size=20, weight=ft.FontWeight.BOLD),
        ft.Text(size=17),
        *(ft.Text(size=15) for _ in range(n - 2)),
    ]
    return _card_box(*texts, color=ft.Colors.SECONDARY_CONTAINER), texts


@dataclasses.dataclass
class SheetFrame:
    """The containers around one game's sheet, kept while that sheet stays up.

    Flet's diff compares a rebuilt control with the old one and then walks the
    whole old subtree to find what was removed: with a fresh screen per tap
    that walk covered every hand of a long sheet.  Kept containers whose lists
    are reassigned are diffed in place instead, so only what changed is
    visited.  A kept container must only ever sit inside kept containers (a
    rebuilt parent would take it for unchanged), so the frame is dropped as a
    whole whenever the view shows anything else.  Each frame's key is new, so
    Flet adds it rather than matching it with an earlier sheet: a matched
    control is marked frozen, and a frozen kept container would never again
    send its changes.
    """

    game_id: Any
    body: ft.ResponsiveRow
    column: ft.Column
    table: ft.Container
    table_column: ft.Column
    lines: ft.Column
    #: built hands and blocks by content (pruned to the current sheet's)
    rows: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    blocks: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    #: other parts of the sheet by name and content (see keep)
    kept: dict[tuple[Any, ...], ft.Control] = dataclasses.field(default_factory=dict)
    #: parts whose texts change with every hand, changed in place (see live_texts)
    live: dict[str, tuple[ft.Control, list[ft.Text]]] = dataclasses.field(default_factory=dict)

    def live_texts(
        self, name: str, values: list[str], build: Callable[[int], tuple[ft.Control, list[ft.Text]]]
    ) -> ft.Control:
        """The part ``name``, built once per frame with ``len(values)`` texts and
        then changed in place: setting a text's value costs the diff one field,
        where a rebuilt part is compared field by field (some 70 per control)."""
        part = self.live.get(name)
        if part is None or len(part[1]) != len(values):
            control, texts = build(len(values))
            part = self.live[name] = (sealed(control, f"live:{name}"), texts)
        for text, value in zip(part[1], values, strict=True):
            if text.value != value:
                text.value = value
            if text.visible != bool(value):
                text.visible = bool(value)
        return part[0]

    def keep(
        self, name: str, content: tuple[Any, ...], build: Callable[[], ft.Control]
    ) -> ft.Control:
        """The part ``name`` as built for ``content``, reused while that is unchanged:
        the diff then skips it, where a rebuilt copy would be compared and re-sent."""
        control = self.kept.get((name, content))
        if control is None:
            control = self.kept[(name, content)] = sealed(build(), f"kept:{name}")
        return control

    @classmethod
    def new(cls, game_id: Any) -> SheetFrame:
        body = screen_body([], key=f"screen:sheet:{next(_frames)}")
        column = body.controls[0]
        assert isinstance(column, ft.Column)
        column.key = "screen-column"
        table = _card_box(key="table")
        table_column = table.content
        assert isinstance(table_column, ft.Column)
        lines = ft.Column(spacing=0, key="lines")
        return cls(game_id, body, column, table, table_column, lines)


def _may_hold_control(t: Any) -> bool:
    """Whether a declared field type admits a control (``Control``,
    ``list[Control]``, ``str | Control``, ``Any``...)."""
    if t is Any:
        return True
    if isinstance(t, typing.ForwardRef):
        t = getattr(ft, t.__forward_arg__, None)
        return t is None or _may_hold_control(t)  # unknown: look, to be safe
    if isinstance(t, str):
        return _may_hold_control(typing.ForwardRef(t))
    if isinstance(t, type):
        return issubclass(t, ft.BaseControl)
    return any(_may_hold_control(a) for a in typing.get_args(t))


@functools.cache
def child_fields(cls: type) -> tuple[str, ...]:
    """The fields of a control class that can hold controls, by their declared
    types.  A Flet control has some 70 fields, and reading every field of
    every control on each tap was most of the cost of keying a screen."""
    skip = ("data", "key", "parent", "page")
    return tuple(
        f.name
        for f in dataclasses.fields(cls)
        if not f.name.startswith(("_", "on_")) and f.name not in skip and _may_hold_control(f.type)
    )


def autokey(control: ft.BaseControl, index: int = 0) -> str:
    """Give every unkeyed control a key; returns the control's key.

    Flet matches rebuilt controls in a list by key, so a screen rebuilt after
    each tap is patched in place instead of replaced: the browser keeps its
    widgets (and their accessibility nodes, so a quick second tap is never
    lost) and the update stays small.  A container is keyed after its first
    explicitly keyed child (stable when siblings come and go), text by its
    words, anything else by its type and place.
    """
    if getattr(control, "data", None) is AUTOKEYED:  # a cached, already keyed subtree
        return str(control.key)
    first_explicit: str | None = None
    for name in child_fields(type(control)):  # type: ignore[arg-type]  # classes hash
        value = getattr(control, name, None)
        if isinstance(value, ft.BaseControl):
            autokey(value)
        elif isinstance(value, list) and value and isinstance(value[0], ft.BaseControl):
            seen: set[str] = set()
            for i, item in enumerate(value):
                if not isinstance(item, ft.BaseControl):
                    continue
                explicit = getattr(item, "key", None) is not None
                k = autokey(item, i)
                if k in seen:  # keys must be unique among siblings
                    k = f"{k}#{i}"
                    item.key = k
                seen.add(k)
                if explicit and first_explicit is None:
                    first_explicit = k
    key = getattr(control, "key", None)
    if key is None:
        kind = type(control).__name__
        if first_explicit is not None:
            key = f"~{kind}<{first_explicit}>"
        elif isinstance(control, ft.Text) and control.value:
            key = f"~{kind}:{control.value}"
        else:
            key = f"~{kind}@{index}"
        control.key = key
    return str(key)


C = typing.TypeVar("C", bound=ft.BaseControl)


def sealed(control: C, key: str | None = None) -> C:
    """Key a built-once subtree (``key`` for its root, if given) and mark it so
    later passes of :func:`autokey` stop at it."""
    if key is not None:
        control.key = key
    autokey(control)
    control.data = AUTOKEYED
    return control


def oklahoma_reminder(t: Translator, rules: Rules) -> str:
    """What Oklahoma asks before each hand, as one whole sentence per variant
    (a translation cannot be glued together from English fragments).

    >>> from scorekeeper.engine import PRESETS
    >>> oklahoma_reminder(Translator("en"), PRESETS["oklahoma"])
    'Oklahoma: turn the upcard first: it sets the knock limit,
    an ace means gin only, a spade doubles the hand.'
    """
    ace, spade = rules.oklahoma_ace_gin, rules.oklahoma_spades_double
    if ace and spade:
        return t.gettext(
            "Oklahoma: turn the upcard first: it sets the knock limit, "
            "an ace means gin only, a spade doubles the hand."
        )
    if ace:
        return t.gettext(
            "Oklahoma: turn the upcard first: it sets the knock limit, an ace means gin only."
        )
    if spade:
        return t.gettext(
            "Oklahoma: turn the upcard first: it sets the knock limit, a spade doubles the hand."
        )
    return t.gettext("Oklahoma: turn the upcard first: it sets the knock limit.")


class GinApp:
    """One browser session (or the desktop window)."""

    def __init__(
        self,
        page: ft.Page,
        store: StoreLike,
        *,
        actions: Callable[[], list[ft.Control]] | None = None,
    ) -> None:
        self.page = page
        #: Told to the other sessions after every write (see live.py).
        self.live: Live | None = None
        store = typing.cast(StoreLike, LiveStore(store, self._publish))
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
        self.view = ft.View(route="/", scroll=ft.ScrollMode.AUTO, padding=12)
        self.hand_view = ft.View(route="/hand", scroll=ft.ScrollMode.AUTO, padding=12)
        #: (screen, game) drawn in the base view
        self._base: tuple[str, Any] = ("", None)
        #: The sheet's kept containers and built hands (see SheetFrame).
        self._frame: SheetFrame | None = None
        #: Top bars by view, title, screen, theme and language.
        self._appbars: dict[tuple[Any, ...], ft.AppBar] = {}
        self._bottom: ft.BottomAppBar | None = None
        self.review_ctx = ReviewContext(self.review, self.render)

    # --- wiring ---------------------------------------------------------------

    def start(self) -> None:
        page = self.page
        page.title = self.model.t.gettext("Gin Scorekeeper")
        page.fonts = {FONT: "fonts/DejaVuSans.ttf", f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf"}
        page.theme = ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.GREEN)
        page.dark_theme = ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.GREEN)
        page.theme_mode = (
            theme_mode(self.review.settings.theme)
            if self.review.settings.theme in ("light", "dark")
            else ft.ThemeMode.LIGHT
        )
        self.review_ctx.attach_file_picker(page)
        self._start_live()
        self.review_ctx.screen_keeper = ScreenKeeper(page, self.review_ctx.device_loaded)
        page.on_route_change = self._on_route
        page.on_view_pop = self._on_view_pop
        page.on_keyboard_event = self._on_key
        page.on_resize = self._on_resize
        page.views.clear()
        page.views.append(self.view)
        self._go(page.route or "/")
        self.render()

    def _on_route(self, e: ft.RouteChangeEvent) -> None:
        if e.route == self._route():
            return
        self._go(e.route)
        self.render()

    def _go(self, route: str) -> None:
        if route.startswith("/review"):
            self.review.act(self.review.go_route, route)
            self.model.go_home()
            self.model.screen = "review"
        else:
            self.model.act(self.model.go, route)

    def _route(self) -> str:
        return self.review.route if self.model.screen == "review" else self.model.route

    # --- the review side ----------------------------------------------------

    def _open_review(self, key: str) -> Handler:
        def handler(_: Any = None) -> None:
            self.review.act(self.review.go, key)
            self.model.go_home()
            self.model.screen = "review"
            self.render()

        return handler

    def _resume(self, game_id: str) -> None:
        self.model.act(self.model.open_game, game_id)

    def _review_changed(self, kind: str) -> None:
        if kind == "theme":
            self.page.theme_mode = theme_mode(self.review.settings.theme)
        elif kind == "language":
            # every screen is drawn from the model: the next render speaks it
            self.model.t = self.review.t
            self.page.title = self.model.t.gettext("Gin Scorekeeper")

    def _review_screen(self) -> tuple[str, list[ft.Control]]:
        return render_screen(self.review_ctx)

    def _review_back(self, _: Any = None) -> None:
        if self.review.screen in ("game", "deleted"):
            self.review.act(self.review.back)
        else:
            self.model.go_home()
        self.render()

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        if self.model.screen == "hand":
            self.model.act(self.model.cancel_hand)
            self.render()

    def on(self, fn: Callable[..., Any], *args: Any) -> Handler:
        """An event handler that runs a model action, then re-renders."""

        def handler(_: Any = None) -> None:
            start = time.perf_counter()
            cpu = time.thread_time()
            self.model.act(fn, *args)
            self.render()
            if TIMING:
                ms = (time.perf_counter() - start) * 1000
                cpu_ms = (time.thread_time() - cpu) * 1000
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
            self.model.act(self._save_hand, form)
        else:
            return
        self.render()

    def render(self) -> None:
        """Redraw from the model.  Hand entry opens as a second view over the
        sheet, so saving a hand only patches the sheet underneath."""
        m = self.model
        screen = m.screen
        shown = self.view.route
        try:
            if screen == "hand":
                hand = self._hand()
                if self._base != ("sheet", m.game_id):
                    self._fill(self.view, "sheet", *self._sheet(), route=f"/game/{m.game_id}")
                self._fill(self.hand_view, "hand", *hand, route=m.route)
                views = [self.view, self.hand_view]
            else:
                builder: dict[str, Callable[[], tuple[str, list[ft.Control]]]] = {
                    "home": self._home,
                    "new": self._new_game,
                    "sheet": self._sheet,
                    "table": self._table_view,
                    "review": self._review_screen,
                }
                self._fill(self.view, screen, *builder[screen](), route=self._route())
                views = [self.view]
        except Exception:
            log.exception("could not draw the %s screen", screen)
            m.go_home()
            m.error = SCREEN_FAILED
            self._fill(self.view, "home", *self._home(), route="/")
            views = [self.view]
        if list(self.page.views) != views:
            self.page.views.clear()
            self.page.views.extend(views)
        if self.page.route != self._route():
            self.page.route = self._route()
        self.page.update()
        self._follow()
        if self.review_ctx.screen_keeper is not None:  # the screen stays on during a game
            self.review_ctx.screen_keeper.want(m.screen in ("sheet", "hand", "table"))
        self._to_top(shown)

    def _to_top(self, route_before: str) -> None:
        """A screen opens at its top: the base view keeps its scroll position
        from screen to screen, so a newly shown screen is scrolled back up (a
        hand form is a route of its own, new each time: it starts at its top)."""
        if self.view.route == route_before:
            return
        loop = getattr(getattr(self.page.session, "connection", None), "loop", None)
        if loop is None or not loop.is_running():
            return  # no browser (the in-process tests): nothing to scroll
        self.page.run_task(self.view.scroll_to, offset=0)

    def _fill(
        self, view: ft.View, screen: str, title: str, controls: list[ft.Control], *, route: str
    ) -> None:
        m = self.model
        frame = self._frame
        body: ft.ResponsiveRow
        if screen == "sheet" and view is self.view and frame is not None:
            body = frame.body  # kept: _sheet made sure it is this game's
            frame.column.controls = controls
        else:
            # the table view fills a wide window; other screens keep a readable width
            wide: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12}
            body = screen_body(
                controls, key=f"screen:{screen}", col=wide if screen == "table" else None
            )
        if view is self.view:
            self._base = (screen, m.game_id)
            if screen != "sheet":
                self._frame = None
        view.route = route
        dark = self.page.theme_mode == ft.ThemeMode.DARK
        bar_key = (view.route, title, screen, dark, m.t.code)
        appbar = self._appbars.get(bar_key)
        if appbar is None:  # the same bar again is not diffed again
            if len(self._appbars) > 32:
                self._appbars.clear()
            appbar = self._appbars[bar_key] = sealed(self._appbar(title, screen))
        view.appbar = appbar
        view.bottom_appbar = self._bottom if screen == "hand" else None
        if view.bottom_appbar is not None:
            autokey(view.bottom_appbar)
        autokey(body)
        view.controls = [body]

    def _appbar(self, title: str, screen: str) -> ft.AppBar:
        m = self.model
        t = m.t
        dark = self.page.theme_mode == ft.ThemeMode.DARK
        theme_label = t.gettext("Light theme") if dark else t.gettext("Dark theme")
        leading = None
        if screen != "home":
            if screen == "hand":
                back = self.on(m.cancel_hand)
            elif screen == "review":
                back = self._review_back
            elif screen == "table":
                back = self.on(m.close_table)
            else:
                back = self.on(m.go_home)
            leading = ft.Semantics(
                label=t.gettext("Back"),
                button=True,
                content=ft.IconButton(
                    ft.Icons.ARROW_BACK, tooltip=t.gettext("Back"), on_click=back
                ),
            )
        return ft.AppBar(
            leading=leading,
            automatically_imply_leading=False,
            title=ft.Text(title, size=20, overflow=ft.TextOverflow.ELLIPSIS),
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

    # --- live: other sessions' changes ---------------------------------------------

    def _start_live(self) -> None:
        self.live = Live(self.page.pubsub, self._on_live)
        self.model.device = device_label(self.page)

    def _publish(self, game_id: Any) -> None:
        if self.live is not None:
            self.live.publish(game_id)

    def _follow(self) -> None:
        """Listen to the game on screen (its topic), and to no other."""
        m = self.model
        if self.live is not None:
            self.live.follow(m.game_id if m.screen in ("sheet", "hand") else None)

    def _on_live(self, change: Change) -> None:
        """Another session changed a game or the lists: redraw what is stale.
        An open hand form stays open (its preview follows the fresh game); a
        screen with a field being typed in is left alone."""
        start = time.perf_counter()
        m = self.model
        if m.screen in ("sheet", "hand"):
            if not m.sync():
                return
        elif m.screen == "review":
            if self.review.screen in ("settings", "data") or self.review.editing_player:
                return
        elif m.screen != "home":
            return  # the new-game form: its fields are being typed in
        self.render()
        if TIMING:
            ms = (time.perf_counter() - start) * 1000
            lag = (time.perf_counter() - change[1]) * 1000
            timing_log.info("live %.1f ms (%.1f ms after the save)", ms, lag)

    def close(self) -> None:
        """Stop listening (the session ends, or a LAN device was shut out)."""
        if self.live is not None:
            self.live.close()

    def _toggle_theme(self, _: Any = None) -> None:
        dark = self.page.theme_mode == ft.ThemeMode.DARK
        self.page.theme_mode = ft.ThemeMode.LIGHT if dark else ft.ThemeMode.DARK
        self.render()

    # --- home --------------------------------------------------------------------

    def _home(self) -> tuple[str, list[ft.Control]]:
        m = self.model
        t = m.t
        out: list[ft.Control] = []
        notices: list[ft.Control] = [_message(n, "info") for n in m.notices]
        if m.notices:
            notices.append(ft.TextButton(t.gettext("Dismiss"), on_click=self.on(m.dismiss_notices)))
        out.append(ft.Column(notices, visible=bool(notices)))
        out.append(_slot(m.error))
        unfinished, done = m.home_games()
        out.append(
            ft.FilledButton(
                t.gettext("New game"),
                icon=ft.Icons.ADD,
                height=TAP + 8,
                on_click=self.on(m.open_new),
            )
        )
        if unfinished:
            out.append(_section(t.gettext("Games in progress")))
            resume = t.gettext("Resume {game}")  # e.g. "Resume Ann v Bob"
            out.extend(self._game_card(g, resume, True) for g in unfinished)
            if m.unfinished_total > len(unfinished):
                out.append(self._all_unfinished_button(m.unfinished_total))
        else:
            out.append(_text(t.gettext("No game in progress."), color=ft.Colors.ON_SURFACE_VARIANT))
        if done:
            out.append(_section(t.gettext("Recent finished games")))
            see = t.gettext("Open {game}")  # a finished game's sheet
            out.extend(self._game_card(g, see, False) for g in done)
        labels = menu_labels(t)
        out.append(
            ft.ResponsiveRow(
                [
                    ft.OutlinedButton(
                        labels[key],
                        height=TAP,
                        on_click=self._open_review(key),
                        col={"xs": 6, "md": 4},
                        key=f"menu:{key}",
                    )
                    for key in MENU
                ],
                key="review-menu",
            )
        )
        return t.gettext("Gin Scorekeeper"), out

    def _all_unfinished_button(self, total: int) -> ft.Control:
        """Home's way to every game in progress: the history, filtered to them."""

        def handler(_: Any = None) -> None:
            self.review.act(self.review.show_unfinished)
            self.model.go_home()
            self.model.screen = "review"
            self.render()

        return ft.OutlinedButton(
            self.model.t.gettext("All games in progress ({n})").format(n=total),
            icon=ft.Icons.LIST,
            height=TAP,
            on_click=handler,
            key="all-unfinished",
        )

    def _game_card(self, g: GameCard, action: str, primary: bool) -> ft.Control:
        """A game on the home screen; ``action`` is the button's label, a
        translated template with ``{game}``."""
        button_cls = ft.FilledButton if primary else ft.OutlinedButton
        return _card_box(
            ft.Text(g.title, size=18, weight=ft.FontWeight.BOLD),
            ft.Text(g.detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            button_cls(
                action.format(game=g.title),
                icon=ft.Icons.PLAY_ARROW if primary else None,
                height=TAP,
                on_click=self.on(self.model.open_game, g.id),
            ),
        )

    # --- new game ------------------------------------------------------------------

    def _choice(self, label: str, selected: bool, handler: Handler, **kw: Any) -> ft.Control:
        kw.setdefault("key", f"choice:{label}")
        if kw.pop("compact", False):
            color = kw.pop("color", None)
            style = ft.ButtonStyle(
                padding=ft.Padding.symmetric(horizontal=4), text_style=ft.TextStyle(size=14)
            )
            if selected:
                if color:
                    style.bgcolor = color
                return ft.FilledButton(
                    label, height=TAP - 4, on_click=handler, expand=True, style=style, **kw
                )
            if color:
                style.color = color
            return ft.OutlinedButton(
                label, height=TAP - 4, on_click=handler, expand=True, style=style, **kw
            )
        if selected:
            return ft.FilledButton(label, icon=ft.Icons.CHECK, height=TAP, on_click=handler, **kw)
        return ft.OutlinedButton(label, height=TAP, on_click=handler, **kw)

    def _new_game(self) -> tuple[str, list[ft.Control]]:
        m = self.model
        t = m.t
        form = m.new_game
        if form is None:
            form = m.new_game = NewGameForm(t=t)
        out: list[ft.Control] = []  # a refusal shows beside its field, or by Start
        out.append(_section(t.gettext("Format")))
        formats = form.format_labels()
        out.append(
            ft.Row(
                [
                    self._choice(formats[f], form.format == f, self.on(form.set_format, f))
                    for f in FORMATS
                ],
                wrap=True,
            )
        )

        out.append(_section(form.players_heading()))
        saved = m.saved_players()
        if form.seats:
            out.append(_text(form.playing_line(), weight="bold"))
        chips: list[ft.Control] = []
        for pid, name in saved:
            chips.append(self._choice(name, form.is_seated(pid), self.on(form.toggle, pid, name)))
        for seat in form.seats:
            if seat.id is None:
                chips.append(
                    self._choice(seat.name, True, self.on(self._unseat_new, form, seat.name))
                )
        if chips:
            out.append(ft.Row(chips, wrap=True))
        out.append(_slot(form.field_errors.get("players")))
        # names are kept as typed: no automatic capitals ("von" stays "von")
        name_field = ft.TextField(
            key=f"new-name-{len(form.seats)}",  # a new field (empty) after each add
            label=t.gettext("New player name"),
            value=form.new_name,
            on_change=lambda e: setattr(form, "new_name", e.control.value),
            on_submit=self._add_submitted(form),
            error=form.field_errors.get("new_name"),
            error_max_lines=3,
            expand=True,
            text_size=18,
        )
        out.append(
            ft.Row(
                [
                    name_field,
                    ft.FilledTonalButton(
                        t.gettext("Add player"),
                        height=TAP,
                        on_click=self.on(self._add_typed, form),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )

        if form.format == "three-hand":
            out.append(_section(t.gettext("Box, captain and sitter")))
            out.append(
                ft.Row(
                    [
                        self._choice(
                            t.gettext("Let the app draw"),
                            form.draw_mode == RANDOM,
                            self.on(setattr, form, "draw_mode", RANDOM),
                        ),
                        self._choice(
                            t.gettext("Enter the drawn cards"),
                            form.draw_mode != RANDOM,
                            self.on(setattr, form, "draw_mode", "cards"),
                        ),
                    ],
                    wrap=True,
                )
            )
            if form.draw_mode != RANDOM:
                out.append(
                    _text(
                        t.gettext(
                            "Highest card takes the box and deals, the middle is captain, "
                            "the lowest sits out (K high, A low)."
                        ),
                        size=14,
                    )
                )
                for seat in form.seats:
                    out.append(
                        ft.TextField(
                            label=t.gettext("Card {name} drew").format(name=seat.name),
                            hint_text=t.gettext("e.g. K♠ or KS"),
                            value=form.draw_texts.get(seat.name, ""),
                            on_change=self._draw_changed(form, seat.name),
                            text_size=18,
                        )
                    )
                preview = form.roles_preview()
                if preview:
                    out.append(_text(preview, weight="bold"))
        else:
            out.append(_section(t.gettext("First dealer")))
            dealers = [
                self._choice(
                    t.gettext("Draw at random"),
                    form.first_dealer == RANDOM,
                    self.on(setattr, form, "first_dealer", RANDOM),
                )
            ]
            for seat in form.seats:
                dealers.append(
                    self._choice(
                        t.gettext("{name} deals").format(name=seat.name),
                        form.first_dealer == seat.name,
                        self.on(setattr, form, "first_dealer", seat.name),
                    )
                )
            out.append(ft.Row(dealers, wrap=True))

        out.append(_section(t.gettext("Rules")))
        preset = form.preset_name()
        custom = [self._choice(t.gettext("Custom"), True, lambda _: None)]
        out.append(
            ft.Row(
                [
                    self._choice(
                        label, preset == key, self.on(form.set_preset, key), key=f"preset:{key}"
                    )
                    for key, label in form.preset_labels().items()
                ]
                + (custom if preset == "custom" else []),
                wrap=True,
            )
        )
        to = t.gettext("To {target}")  # a game's target score, e.g. "To 150"
        out.append(
            ft.Row(
                [
                    self._choice(
                        to.format(target=target),
                        (form.values["target"] == target and "target" not in form.texts)
                        or form.text_of("target") == str(target),
                        self.on(form.set_field, "target", str(target)),
                    )
                    for target in (100, 150, 250)
                ],
                wrap=True,
            )
        )
        out.extend(self._rule_options(form))
        out.append(
            ft.FilledButton(
                t.gettext("Start game"),
                icon=ft.Icons.PLAY_ARROW,
                height=TAP + 8,
                on_click=self.on(m.start_game),
            )
        )
        out.append(_slot(form.error))
        return t.gettext("New game"), out

    def _add_typed(self, form: NewGameForm) -> None:
        form.add_typed(self.model.saved_players())

    def _add_submitted(self, form: NewGameForm) -> Handler:
        """Enter in the name field adds the name the submit event carries: the
        field's own change event may reach the server after it."""
        add = self.on(self._add_typed, form)

        def handler(e: Any) -> None:
            if isinstance(e.data, str) and e.data.strip():
                form.new_name = e.data
            add(e)

        return handler

    def _unseat_new(self, form: NewGameForm, name: str) -> None:
        form.seats = [s for s in form.seats if not (s.id is None and s.name == name)]
        form._forget(name)

    def _draw_changed(self, form: NewGameForm, name: str) -> Handler:
        def handler(e: Any) -> None:
            form.draw_texts[name] = e.control.value
            form.error = None
            self.render()  # the roles preview follows the cards as they are typed

        return handler

    def _rule_options(self, form: NewGameForm) -> list[ft.Control]:
        out: list[ft.Control] = []
        fields: list[ft.Control] = []
        for name, label, needs in form.number_options():
            if needs and not form.values[needs]:
                continue
            if name == "knock_limit" and form.oklahoma:
                continue
            fields.append(
                ft.Container(
                    ft.TextField(
                        label=label,
                        value=form.text_of(name),
                        # no input filter: "-100" is refused with a message, not
                        # silently rewritten to 100
                        error=form.field_errors.get(name),
                        error_max_lines=3,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=self._field_changed(form, name),
                        on_blur=lambda _: self.render(),
                        text_size=18,
                    ),
                    col={"xs": 6, "md": 4},
                )
            )
        out.append(ft.ResponsiveRow(fields))
        for name, label, needs in form.switch_options():
            if needs and not form.values[needs]:
                continue
            out.append(
                ft.Switch(
                    label=self._switch_label(label),
                    value=bool(form.values[name]),
                    on_change=self._switch_changed(form, name),
                )
            )
        if form.values["classic_bonuses"]:
            out.append(
                ft.Row(
                    [
                        self._choice(
                            label,
                            form.values["shutout"] == key,
                            self.on(form.set_field, "shutout", key),
                        )
                        for key, label in form.shutout_labels().items()
                    ],
                    wrap=True,
                )
            )
        if form.format != "three-hand":  # three-hand: the box always deals
            out.append(_muted_text(form.t.gettext("Next dealer after a won hand")))
            out.append(
                ft.Row(
                    [
                        self._choice(
                            label,
                            form.values["dealer"] == key,
                            self.on(form.set_field, "dealer", key),
                            key=f"dealer-rule:{key}",
                        )
                        for key, label in form.dealer_labels().items()
                    ],
                    wrap=True,
                )
            )
        if form.format == "hollywood":
            out.append(
                ft.Switch(
                    label=self._switch_label(
                        form.t.gettext("Rolling sheet: a new game opens whenever one ends")
                    ),
                    value=bool(form.values["hollywood_rolling"]),
                    on_change=self._switch_changed(form, "hollywood_rolling"),
                )
            )
        return out

    def _field_changed(self, form: NewGameForm, name: str) -> Handler:
        def handler(e: Any) -> None:
            form.set_field(name, e.control.value)

        return handler

    def _switch_changed(self, form: NewGameForm, name: str) -> Handler:
        def handler(e: Any) -> None:
            self.model.act(form.set_field, name, bool(e.control.value))
            self.render()

        return handler

    # --- score sheet ----------------------------------------------------------------

    def _sheet(self) -> tuple[str, list[ft.Control]]:
        m = self.model
        s = m.sheet()
        game = m.game()
        frame = self._frame
        if frame is None or frame.game_id != m.game_id or self._base != ("sheet", m.game_id):
            # a fresh frame; hands already built for this game are still good
            fresh = SheetFrame.new(m.game_id)
            if frame is not None and frame.game_id == m.game_id:
                fresh.rows, fresh.blocks = frame.rows, frame.blocks
            self._frame = frame = fresh
        out: list[ft.Control] = []
        out.append(_slot(m.error))
        out.append(_slot(m.note, "info"))
        if s.finished:
            out.extend(self._game_over(s, game.format.value))
        else:
            reminder = oklahoma_reminder(m.t, game.rules) if game.rules.oklahoma else ""
            out.append(
                frame.live_texts("status", [s.status, s.score, reminder, s.tally], _status_card)
            )
            out.append(
                # a new Undo button per revision (see _sheet_buttons)
                frame.keep(
                    f"buttons@{m.revision}",
                    (bool(s.rows), m.t.code),
                    self._sheet_buttons(bool(s.rows)),
                )
            )
        out.append(self._table(s))
        out.append(
            frame.keep(
                "rules",
                (s.rules,),
                lambda: _text(s.rules, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
        return s.title, out

    def _sheet_buttons(self, any_rows: bool) -> Callable[[], ft.Control]:
        """Enter hand and Undo.  Undo carries the revision of the sheet it was
        drawn with (and is a new control per revision): a tap on a screen not
        yet showing another device's hand can never take that hand back."""
        m = self.model
        t = m.t
        revision = m.revision
        return lambda: ft.Row(
            [
                ft.FilledButton(
                    t.gettext("Enter hand"),
                    icon=ft.Icons.ADD,
                    height=TAP + 8,
                    on_click=self.on(m.open_hand),
                ),
                ft.FilledTonalButton(
                    t.gettext("Table view"),
                    icon=ft.Icons.FULLSCREEN,
                    height=TAP + 8,
                    on_click=self.on(m.open_table),
                ),
                ft.OutlinedButton(
                    t.gettext("Undo last hand"),
                    icon=ft.Icons.UNDO,
                    height=TAP + 8,
                    disabled=not any_rows,
                    on_click=self._undo(revision),
                ),
            ],
            # side by side when they fit; a longer language puts Undo on a
            # second line rather than squeezing "Enter hand" onto two
            wrap=True,
            spacing=12,
            run_spacing=10,
        )

    def _game_over(self, s: Sheet, fmt: str) -> list[ft.Control]:
        m = self.model
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
        out: list[ft.Control] = [_card_box(*lines, color=ft.Colors.TERTIARY_CONTAINER)]
        buttons: list[ft.Control] = []
        if fmt == "hollywood":
            buttons.append(
                ft.FilledButton(
                    t.gettext("New series"),
                    icon=ft.Icons.REFRESH,
                    height=TAP,
                    on_click=self.on(m.new_series),
                )
            )
        buttons.append(
            (ft.OutlinedButton if fmt == "hollywood" else ft.FilledButton)(
                t.gettext("Play again, same players"),
                icon=ft.Icons.REFRESH,
                height=TAP,
                on_click=self.on(m.play_again),
            )
        )
        buttons.append(
            ft.OutlinedButton(
                t.gettext("Home"), icon=ft.Icons.HOME, height=TAP, on_click=self.on(m.go_home)
            )
        )
        buttons.append(
            ft.FilledTonalButton(
                t.gettext("Table view"),
                icon=ft.Icons.FULLSCREEN,
                height=TAP,
                on_click=self.on(m.open_table),
            )
        )
        buttons.append(  # the last hand was wrong? take it back and the game goes on
            ft.OutlinedButton(
                t.gettext("Undo last hand"),
                icon=ft.Icons.UNDO,
                height=TAP,
                key=f"undo@{m.revision}",  # one per revision (see _sheet_buttons)
                on_click=self._undo(m.revision),
            )
        )
        out.append(ft.Row(buttons, wrap=True))
        return out

    def _table(self, s: Sheet) -> ft.Control:
        t = self.model.t
        n = len(s.header)
        hollywood = len(s.games) > 1 or any(g for g in s.header_game)
        rows: list[ft.Control] = []
        num_w = 34

        def cells(
            values: list[str],
            bold: bool = False,
            marks: list[bool] | None = None,
            size: int = 17,
            below: list[str] | None = None,
        ) -> list[ft.Control]:
            """One cell per column; ``below``: a smaller line under each value
            (a hand's running totals under the points it scored)."""
            out: list[ft.Control] = []
            for i, v in enumerate(values):
                game_idx = s.header_game[i] if i < len(s.header_game) else 0
                closed = hollywood and s.games[game_idx].closed
                scored = bool(marks and marks[i])
                value: ft.Control = ft.Text(
                    v,
                    size=size,
                    weight=ft.FontWeight.BOLD if bold or scored else None,
                    color=ft.Colors.PRIMARY if scored else None,
                    text_align=ft.TextAlign.CENTER,
                    no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS,
                )
                if below is not None:
                    value = ft.Column(
                        [
                            value,
                            ft.Text(
                                below[i],
                                size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                                text_align=ft.TextAlign.CENTER,
                                no_wrap=True,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                        ],
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                out.append(
                    ft.Container(
                        value,
                        expand=True,
                        alignment=ft.Alignment.CENTER,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if closed else None,
                        padding=ft.Padding.symmetric(vertical=2),
                    )
                )
            return out

        frame = self._frame
        assert frame is not None  # _sheet made it
        games = tuple((g.title, g.closed, g.winner) for g in s.games)

        def hollywood_heads() -> ft.Control:
            heads: list[ft.Control] = [ft.Container(width=num_w)]
            for g in s.games:
                # a closed game's winner on a line of its own: at 390 px a
                # column is some 100 px wide ("1. spēle ✓ Ģirts" is not)
                mark = f"\n✓ {g.winner}" if g.closed else ""
                heads.append(
                    ft.Container(
                        ft.Text(
                            g.title + mark,
                            size=14,
                            weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER,
                            max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        expand=len(s.players),
                        alignment=ft.Alignment.CENTER,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if g.closed else None,
                        border_radius=6,
                    )
                )
            return ft.Row(heads, spacing=2)

        if hollywood:
            rows.append(frame.keep("heads", games, hollywood_heads))
            names = [h.split(" ", 1)[1] for h in s.header]
        else:
            names = list(s.header)
        rows.append(
            frame.keep(
                "names",
                (tuple(names), games),
                lambda: ft.Row(
                    [
                        ft.Container(ft.Text("#", size=14), width=num_w),
                        *cells(names, bold=True, size=15),
                    ],
                    spacing=2,
                ),
            )
        )
        rows.append(frame.keep("top", (), lambda: ft.Divider(height=1)))
        closed = tuple(g.closed for g in s.games)
        blocks: list[ft.Control] = []
        built_rows: dict[tuple[Any, ...], ft.Control] = {}
        built_blocks: dict[tuple[Any, ...], ft.Control] = {}
        full = len(s.rows) - len(s.rows) % BLOCK
        shared = (closed, t.code)
        for first in range(0, len(s.rows), BLOCK):
            chunk = s.rows[first : first + BLOCK]
            # the language too: a line's words (and tooltip) are in it
            sigs = tuple(
                (r.number, r.detail, tuple(r.cells), tuple(r.points), tuple(r.scored), *shared)
                for r in chunk
            )
            if first >= full:
                # the hands after the last full block stand alone, so a new
                # hand adds one line rather than rebuilding a block
                for r, sig in zip(chunk, sigs, strict=True):
                    line = frame.rows.get(sig) or self._sheet_line(r, sig, cells, num_w)
                    built_rows[sig] = line
                    blocks.append(line)
                continue
            block = frame.blocks.get(sigs)
            if block is None:
                lines = [
                    frame.rows.get(sig) or self._sheet_line(r, sig, cells, num_w)
                    for r, sig in zip(chunk, sigs, strict=True)
                ]
                block = sealed(
                    SheetBlock(ft.Column(lines, spacing=0), key=f"block{first}:{hash(sigs)}")
                )
            assert isinstance(block, SheetBlock)
            built_blocks[sigs] = block
            built_rows.update(zip(sigs, block.lines, strict=True))
            blocks.append(block)
        frame.rows, frame.blocks = built_rows, built_blocks
        frame.lines.controls = blocks
        rows.append(frame.lines)
        rows.append(frame.keep("bottom", (), lambda: ft.Divider(height=1)))

        def totals_row(n: int) -> tuple[ft.Control, list[ft.Text]]:
            row_cells = cells([""] * n, bold=True, size=26)
            texts = [c.content for c in row_cells if isinstance(c, ft.Container)]
            sigma = ft.Container(ft.Text("Σ", size=15, weight=ft.FontWeight.BOLD), width=num_w)
            return ft.Row([sigma, *row_cells], spacing=2), [
                t for t in texts if isinstance(t, ft.Text)
            ]

        # the totals change with every hand; closing a Hollywood column recolours it
        rows.append(frame.live_texts(f"totals:{games}", list(s.totals), totals_row))

        def boxes_row(n: int) -> tuple[ft.Control, list[ft.Text]]:
            row_cells = cells([""] * n, size=14)
            texts = [c.content for c in row_cells if isinstance(c, ft.Container)]
            return ft.Row([ft.Container(width=num_w), *row_cells], spacing=2), [
                t for t in texts if isinstance(t, ft.Text)
            ]

        # hands won, beside the totals, while the line bonus (per hand won) is on
        if s.boxes:
            rows.append(frame.live_texts(f"boxes:{games}", list(s.boxes), boxes_row))
        if not s.rows:
            rows.append(
                _text(
                    t.gettext("No hands yet: tap Enter hand after each deal."),
                    size=14,
                )
            )
        else:
            rows.append(
                frame.keep(
                    "hint",
                    (t.code,),
                    lambda: _text(
                        t.gettext("Tap a hand to open, correct or revert it."),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
        del n
        frame.table_column.controls = rows
        return frame.table

    def _sheet_line(
        self,
        r: Any,
        sig: tuple[Any, ...],
        cells: Callable[..., list[ft.Control]],
        num_w: int,
    ) -> ft.Control:
        """One hand of the sheet; tap it to open, correct or revert the hand."""
        t = self.model.t
        line = SheetLine(
            key=f"line{r.number}:{hash(sig)}",  # new content, new line
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Container(ft.Text(str(r.number), size=14), width=num_w),
                            # the points the hand scored, the running totals under them
                            *cells(r.points, marks=r.scored, size=20, below=r.cells),
                        ],
                        spacing=2,
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    ft.Text(r.detail, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=0,
                tight=True,
            ),
            padding=ft.Padding.symmetric(vertical=6, horizontal=2),
            border_radius=8,
            ink=True,
            on_click=self.on(self.model.open_hand, r.number - 1),
            tooltip=t.gettext("Edit hand {number}").format(number=r.number),
        )
        return sealed(line)

    def _undo(self, revision: int | None) -> Handler:
        """Undo the last hand (based on ``revision``, the one drawn with the
        button), then offer it back: "Hand 7 taken back — Redo"."""
        undo = self.on(self.model.undo, revision)

        def handler(_: Any = None) -> None:
            m = self.model
            undo(None)
            if m.undone is not None:
                self._offer_redo()

        return handler

    def _offer_redo(self) -> None:
        m = self.model
        self.page.show_dialog(
            ft.SnackBar(
                ft.Text(m.undone_text(), size=16),
                action=ft.SnackBarAction(m.t.gettext("Redo"), on_click=self.on(m.redo, m.revision)),
                duration=ft.Duration(seconds=10),
                show_close_icon=True,
                behavior=ft.SnackBarBehavior.FLOATING,
            )
        )

    # --- table view -------------------------------------------------------------------

    def _table_view(self) -> tuple[str, list[ft.Control]]:
        m = self.model
        board = build_board(m.game(), m.t)
        controls = table_screen(
            board,
            width=self.page.width,
            height=self.page.height,
            back_label=m.t.gettext("Sheet"),
            on_back=self.on(m.close_table),
        )
        return f"{board.title} · {m.sheet().title}", controls

    def _on_resize(self, _: Any = None) -> None:
        # the table view's numbers fill the new size (not the forms: a redraw
        # there could put back a field's value while a new one is being typed)
        if self.model.screen == "table":
            self.render()

    def _switch_label(self, text: str) -> ft.Text:
        """A switch's label that wraps: Flet lays it beside the switch on one
        line, cut off at the window's edge, unless it has a width (the
        screen's column, less the switch, for the window's size at the last
        redraw: every tap redraws)."""
        width = float(self.page.width or 1280)
        share = 12 if width < 992 else 11 if width < 1200 else 9  # screen_body's columns
        column = (width - 24) * share / 12
        return ft.Text(text, width=max(160.0, column - 84))

    # --- hand entry -------------------------------------------------------------------

    def _hand(self) -> tuple[str, list[ft.Control]]:
        m = self.model
        t = m.t
        form = m.hand
        assert form is not None
        left: list[ft.Control] = []
        editing = form.edit_index is not None
        left.append(_text(form.dealt_line(), weight="bold"))
        roles = hand_roles(form.game, form.edit_index, t)  # three-hand: box and captain
        if roles:
            left.append(_text(roles, size=17, color=ft.Colors.TERTIARY, key="hand-roles"))
        left.append(
            ft.Row(
                [
                    self._choice(label, form.mode == key, self.on(form.set_mode, key), compact=True)
                    for key, label in form.mode_labels().items()
                ],
                spacing=6,
            )
        )
        if form.game.rules.oklahoma:
            up_row: list[ft.Control] = [
                ft.Text(form.upcard_text(), size=17, weight=ft.FontWeight.BOLD, expand=True)
            ]
            if form.upcard is not None:
                up_row.append(
                    ft.TextButton(t.gettext("Change upcard"), on_click=self.on(form.choose_upcard))
                )
            left.append(_card_box(ft.Row(up_row), color=ft.Colors.SECONDARY_CONTAINER))
        if form.picking_upcard:
            left.append(_section(t.gettext("Tap the upcard")))
            left.append(_slot(form.error))  # beside the grid the player taps
            left.append(self._grid(form))
        else:
            left.extend(self._entry(form))
            if form.mode == "quick" and form.result == "draw":
                left.append(_slot(form.error))

        right: list[ft.Control] = []
        p = form.preview()
        # A blank form is unfinished, not wrong: red only once the player acted
        # (and "still to enter" only once Save was tapped).
        red = form.error is not None or form.shows_as_error(p)
        problem = ft.Colors.ERROR if red else ft.Colors.ON_SURFACE_VARIANT
        box: list[ft.Control] = [_section(t.gettext("Preview"))]
        if p.error:
            box.append(ft.Text(p.error, size=16, color=problem))
        else:
            box.append(ft.Text(p.headline, size=19, weight=ft.FontWeight.BOLD))
            box.extend(_text(i, size=15) for i in p.items)
            box.extend(_text(i, size=15) for i in p.melds)
            box.extend(_text(i, size=15, color=ft.Colors.TERTIARY) for i in p.notes)
            box.append(_text(p.totals, size=15))
        right.append(_card_box(*box))
        actions: list[ft.Control] = [
            ft.FilledButton(
                t.gettext("Save changes") if editing else t.gettext("Save hand"),
                key=f"save@{m.revision}",  # saves on the revision the preview was shown with
                icon=ft.Icons.SAVE,
                height=TAP + 8,
                expand=True,
                on_click=self.on(self._save_hand, form, m.revision),
            ),
            ft.OutlinedButton(
                t.gettext("Cancel"), key="cancel", height=TAP + 8, on_click=self.on(m.cancel_hand)
            ),
        ]
        summary = ft.Text(
            form.error or p.error or p.headline,
            size=15,
            weight=ft.FontWeight.BOLD,
            color=problem if (form.error or p.error) else None,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
        )
        # always in reach at the table: the bottom bar with the score and Save
        self._bottom = ft.BottomAppBar(
            content=ft.Column([summary, ft.Row(actions)], spacing=6, tight=True),
            height=118,
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )
        if editing and form.edit_index is not None and m.versions(form.edit_index) > 1:
            right.append(
                ft.OutlinedButton(
                    t.gettext("Revert edit"),
                    icon=ft.Icons.RESTORE,
                    height=TAP,
                    key=f"revert@{m.revision}",
                    on_click=self.on(m.revert_edit, form.edit_index, m.revision),
                )
            )
        layout = ft.ResponsiveRow(
            [
                ft.Column(left, col={"xs": 12, "lg": 7}, spacing=12),
                ft.Column(right, col={"xs": 12, "lg": 5}, spacing=12),
            ],
            spacing=16,
        )
        return f"{form.heading()} · {m.sheet().title}", [layout]

    def _save_hand(self, form: HandForm, revision: int | None = None) -> None:
        """Save (``revision``: the one drawn with the Save button tapped)."""
        form.touched = form.save_tried = True  # a refusal now shows as an error
        self.model.save_hand(revision)

    def _entry(self, form: HandForm) -> list[ft.Control]:
        t = form.t
        names = form.names
        out: list[ft.Control] = []
        draw = form.mode == "quick" and form.result == "draw"
        if form.mode == "quick":
            out.append(_section(t.gettext("Result")))
            results = form.result_labels()
            out.append(
                ft.Row(
                    [
                        self._choice(
                            results[r],
                            form.result == r,
                            self.on(form.set_result, r),
                            compact=True,
                        )
                        for r in form.result_options()
                    ],
                    spacing=6,
                )
            )
        elif form.game.rules.big_gin:
            out.append(
                ft.Switch(
                    label=t.gettext("Big gin (all 11 cards melded)"),
                    value=form.result == "big-gin",
                    on_change=self._big_gin_changed(form),
                )
            )
        if not draw:
            out.append(
                _section(
                    t.gettext("Who knocked?")
                    if form.result != "undercut"
                    else t.gettext("Who knocked (and was undercut)?")
                )
            )
            out.append(
                ft.Row(
                    [
                        self._choice(
                            t.gettext("{name} knocked").format(name=names[p]),
                            form.knocker == p,
                            self.on(form.set_knocker, p),
                            compact=True,
                        )
                        for p in form.candidates()
                    ],
                    spacing=6,
                )
            )
        if form.mode == "quick":
            if not draw:
                out.extend(self._counts(form))
        else:
            out.extend(self._card_entry(form))
        return out

    def _big_gin_changed(self, form: HandForm) -> Handler:
        def handler(e: Any) -> None:
            form.result = "big-gin" if e.control.value else "knock"
            self.render()

        return handler

    def _counts(self, form: HandForm) -> list[ft.Control]:
        t = form.t
        gin = form.result in ("gin", "big-gin")

        def box(which: str, label: str, value: str, enabled: bool) -> ft.Control:
            active = form.active == which and enabled
            return ft.Container(
                ft.Column(
                    [
                        ft.Text(label, size=14, max_lines=2, text_align=ft.TextAlign.CENTER),
                        ft.Text(value or "–", size=28, weight=ft.FontWeight.BOLD),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    tight=True,
                ),
                expand=True,
                padding=6,
                border_radius=12,
                alignment=ft.Alignment.CENTER,
                border=ft.Border.all(
                    3 if active else 1, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE
                ),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if active else None,
                on_click=self.on(form.set_active, which) if enabled else None,
                opacity=1.0 if enabled else 0.5,
            )

        out: list[ft.Control] = [
            _section(t.gettext("Deadwood (after lay-offs)")),
            ft.Row(
                [
                    box("knocker", form.deadwood_label("knocker"), form.k_text, not gin),
                    box("defender", form.deadwood_label("defender"), form.d_text, True),
                ]
            ),
            _slot(form.error),  # beside the counts it concerns
        ]
        # four keys a row, three rows: at 390×844 a fourth row would start
        # under the Save bar
        keys = ["1", "2", "3", "C", "4", "5", "6", "⌫", "7", "8", "9", "0"]
        # the keys' tooltips: clear the count, delete its last digit
        tips = {"C": t.gettext("Clear"), "⌫": t.gettext("Delete")}
        grid: list[ft.Control] = []
        for k in keys:
            label = tips.get(k, k)
            grid.append(
                ft.Container(
                    ft.Button(
                        content=ft.Text(k, size=24),
                        tooltip=label if label != k else None,
                        height=TAP,
                        on_click=self.on(form.press, k),
                        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10)),
                    ),
                    col=3,
                )
            )
        out.append(ft.ResponsiveRow(grid, spacing=8, run_spacing=6))
        return out

    def _card_entry(self, form: HandForm) -> list[ft.Control]:
        t = form.t
        tapping = t.gettext("Tapping {name}")  # whose cards the next taps mark
        out: list[ft.Control] = [
            _section(
                t.gettext("Tap each player's deadwood cards")
                if form.mode == "deadwood"
                else t.gettext("Tap each player's whole hand")
            ),
            ft.Row(
                [
                    self._choice(
                        tapping.format(name=form.role_name("knocker")),
                        form.tapping == "knocker",
                        self.on(form.set_tapping, "knocker"),
                        compact=True,
                        color=KNOCKER_BG,
                    ),
                    self._choice(
                        tapping.format(name=form.role_name("defender")),
                        form.tapping == "defender",
                        self.on(form.set_tapping, "defender"),
                        compact=True,
                        color=DEFENDER_BG,
                    ),
                ]
            ),
            _text(form.card_summary("knocker"), size=15, color=KNOCKER_BG, weight="bold"),
            _text(form.card_summary("defender"), size=15, color=DEFENDER_BG, weight="bold"),
        ]
        if form.mode == "deadwood":  # nothing tapped is not "none": it must be said
            out.append(
                ft.Row(
                    [
                        self._choice(
                            form.no_deadwood_label(who),
                            who in form.no_deadwood,
                            self.on(form.set_no_deadwood, who, who not in form.no_deadwood),
                            compact=True,
                            key=f"no-deadwood:{who}",
                        )
                        for who in ("knocker", "defender")
                    ],
                    spacing=6,
                )
            )
        out += [
            _slot(form.error),  # beside the grid the player taps
            self._grid(form),
            ft.TextButton(t.gettext("Clear all cards"), on_click=self.on(form.clear_cards)),
        ]
        return out

    def _grid(self, form: HandForm) -> ft.Control:
        rows: list[ft.Control] = []
        for suit_cards in deck_by_suit():
            tiles: list[ft.Control] = [self._card_tile(form, c) for c in suit_cards]
            # a phone shows A-7 and 8-K; wider screens a whole suit per line
            rows.append(ft.ResponsiveRow(tiles, columns=14, spacing=4, run_spacing=4))
        return ft.Column(rows, spacing=10)

    def _card_tile(self, form: HandForm, c: Card) -> ft.Control:
        owner = form.owner(c) if not form.picking_upcard else None
        if form.picking_upcard and form.upcard == c:
            owner = "knocker"
        red = c.suit in RED_SUITS
        fg: str | None
        if owner == "knocker":
            bg, fg = KNOCKER_BG, ft.Colors.WHITE
        elif owner == "defender":
            bg, fg = DEFENDER_BG, ft.Colors.WHITE
        else:
            bg, fg = ft.Colors.SURFACE_CONTAINER_LOWEST, (RED if red else None)
        return ft.Button(
            content=ft.Text(
                str(c),
                size=15 if c.rank == 10 else 17,
                color=fg,
                weight=ft.FontWeight.BOLD,
                no_wrap=True,
            ),
            col={"xs": 2, "md": 1},
            height=48,
            bgcolor=bg,
            style=ft.ButtonStyle(
                padding=0,
                shape=ft.RoundedRectangleBorder(radius=8),
                side=ft.BorderSide(1, ft.Colors.OUTLINE),
            ),
            on_click=self.on(form.tap_card, c),
        )


def device_label(page: ft.Page) -> str:
    """How this session is named to the other devices ("iPhone saved hand 2 in
    the meantime"): its kind, and its address when it is not this machine.

    >>> from types import SimpleNamespace as S
    >>> device_label(S(web=True, client_user_agent="Mozilla (iPhone; CPU)", client_ip="10.0.0.4"))
    'iPhone (10.0.0.4)'
    >>> device_label(S(web=True, client_user_agent="Mozilla (X11; Linux)", client_ip="127.0.0.1"))
    'Linux PC'
    >>> device_label(S(web=False, client_user_agent=None, client_ip=None))
    'Desktop window'
    """
    if not getattr(page, "web", False):
        return "Desktop window"
    agent = str(getattr(page, "client_user_agent", "") or "")
    kinds = (
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android phone"),
        ("Windows", "Windows PC"),
        ("Macintosh", "Mac"),
        ("CrOS", "Chromebook"),
        ("Linux", "Linux PC"),
    )
    kind = next((name for key, name in kinds if key in agent), "Browser")
    ip = str(getattr(page, "client_ip", "") or "")
    if not ip or ip.startswith("127.") or ip == "::1":
        return kind
    return f"{kind} ({ip})"


def run_app(page: ft.Page, store: StoreLike, **kw: Any) -> GinApp:
    app = GinApp(page, store, **kw)
    app.start()
    return app
