"""The browser's address for one session (ui/addresses.py) without a
browser: what is pushed, what an echo or a Back does, and the device's hand
draft, with a page that records what the session asks of it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.ui import routes
from scorekeeper.ui.addresses import Addresses
from scorekeeper.ui.state.drafts import DRAFT_KEY, MAX_DRAFT, draft_of, restore, sheet_mark
from scorekeeper.ui.state.hand_model import HandForm
from scorekeeper.ui.state.model import AppModel

from .helpers import start


class Prefs:
    """The device's storage."""

    def __init__(self) -> None:
        self.kept: dict[str, str] = {}

    async def get(self, key: str) -> str | None:
        return self.kept.get(key)

    async def set(self, key: str, value: str) -> bool:
        self.kept[key] = value
        return True

    async def remove(self, key: str) -> bool:
        self.kept.pop(key, None)
        return True


class Page:
    """What Addresses asks of a page: services, tasks, push_route."""

    def __init__(self) -> None:
        self.services: list[Any] = []
        self.pushed: list[str] = []
        self.tasks: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
        self.settling = False

    async def push_route(self, route: str) -> None:
        self.pushed.append(route)

    def run_task(self, fn: Callable[..., Any], *args: Any) -> None:
        self.tasks.append((fn, args))  # run later, as on the event loop

    def settle(self) -> None:
        if self.settling:  # a task drew: the loop below runs what it added
            return
        self.settling = True
        try:
            while self.tasks:
                fn, args = self.tasks.pop(0)
                asyncio.run(fn(*args))
        finally:
            self.settling = False


def session(app: AppModel, prefs: Prefs | None = None) -> tuple[Addresses, Page]:
    page = Page()

    def follow(route: str) -> None:
        routes.show_app(route, app)
        addresses.shown()
        page.settle()

    addresses = Addresses(page, app, lambda: app.route, follow)  # type: ignore[arg-type]
    addresses.prefs = prefs or Prefs()  # type: ignore[assignment]
    drawn = addresses.shown

    def shown() -> None:  # a redraw, then the event loop's turn
        drawn()
        page.settle()

    addresses.shown = shown  # type: ignore[method-assign]
    return addresses, page


def test_each_screen_pushes_its_address_once_and_an_echo_is_no_back(app: AppModel) -> None:
    addresses, page = session(app)
    routes.show_app(addresses.start("/"), app)
    page.settle()
    addresses.shown()
    assert page.pushed == []  # the browser shows it already
    app.open_new()
    addresses.shown()
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    addresses.shown()
    sheet = app.route
    assert page.pushed == ["/new", sheet]
    # the echo of "/new" comes after the player moved on: not a Back
    addresses.heard("/new")
    assert app.route == sheet
    addresses.heard(sheet)
    # a real Back
    addresses.heard("/new")
    assert app.screen == "new"
    addresses.shown()
    assert page.pushed == ["/new", sheet]  # the browser is there already


def test_a_closed_form_keeps_its_address_and_going_there_shows_the_sheet(
    app: AppModel,
) -> None:
    addresses, page = session(app)
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    addresses.shown()
    sheet = app.route
    for k in ("4", "3"):
        app.open_hand()
        addresses.shown()
        form = app.hand
        assert form is not None
        form.begin("knock", app.game().standings.players[1])
        for key in k + "22":
            form.press(key)
        app.save_hand()
        addresses.shown()
    # one entry for the form, whatever the hands saved
    assert page.pushed == [sheet, f"{sheet}/hand"]
    assert app.screen == "sheet"
    addresses.heard(sheet)  # Back: the sheet already shown
    assert app.screen == "sheet"
    addresses.heard(f"{sheet}/hand")  # Forward: the sheet as it was shown there
    assert app.screen == "sheet" and app.hand is None


def test_the_draft_follows_the_open_form_and_goes_with_it(app: AppModel) -> None:
    prefs = Prefs()
    addresses, _ = session(app, prefs)
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.open_hand()
    addresses.shown()
    form = app.hand
    assert form is not None
    form.begin("knock", form.game.standings.players[0])
    form.press("3")
    addresses.shown()
    assert json.loads(prefs.kept[DRAFT_KEY])["k"] == "3"
    app.cancel_hand()  # closed on its sheet: the address stays, marked so
    addresses.shown()
    assert prefs.kept[DRAFT_KEY] == sheet_mark(f"{app.route}/hand")
    app.go_home()  # the browser leaves the address: nothing kept
    addresses.shown()
    assert DRAFT_KEY not in prefs.kept


def test_a_session_started_on_a_new_hands_address(app: AppModel) -> None:
    prefs = Prefs()
    first, _ = session(app, prefs)
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    sheet = app.route
    app.open_hand()
    form = app.hand
    assert form is not None
    ann = form.game.standings.players[0]
    form.begin("knock", ann)
    form.press("3")
    first.shown()
    # a new session on the form's address (the tab reloaded)
    app.go_home()
    again, page = session(app, prefs)
    routes.show_app(again.start(f"{sheet}/hand"), app)
    page.settle()
    assert app.hand is not None and app.hand.knocker == ann and app.hand.k_text == "3"
    assert page.pushed == []
    # the form closed on its sheet, its address kept: the device keeps a mark
    app.cancel_hand()
    again.shown()
    assert prefs.kept[DRAFT_KEY] == sheet_mark(f"{sheet}/hand")
    app.go_home()
    third, page = session(app, prefs)
    routes.show_app(third.start(f"{sheet}/hand"), app)
    page.settle()
    assert app.screen == "sheet" and app.hand is None
    # nothing kept (a link, another device): the address's form, empty
    prefs.kept.clear()
    app.go_home()
    fourth, page = session(app, prefs)
    routes.show_app(fourth.start(f"{sheet}/hand"), app)
    page.settle()
    assert app.screen == "hand" and app.hand is not None and app.hand.knocker is None


@pytest.mark.parametrize(
    "change",
    [
        {"mode": "poker"},
        {"knocker": "mallory"},
        {"k": "12345"},
        {"k": "²"},
        {"k_cards": ["ZZ"]},
        {"k_cards": ["AS"] * 12},
        {"upcard": 7},
        {"none": ["everyone"]},
        {"fresh": "yes"},
        {"edit": 0},
        {"game": "another"},
    ],
)
def test_a_draft_the_form_would_not_allow_is_ignored_whole(
    app: AppModel, change: dict[str, object]
) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.open_hand()
    form = app.hand
    assert form is not None and app.game_id is not None
    form.begin("knock", form.game.standings.players[0])
    form.press("3")
    doc = json.loads(draft_of(str(app.game_id), form)) | change
    fresh = HandForm(form.game)
    assert not restore(fresh, json.dumps(doc), str(app.game_id), None)
    assert (fresh.knocker, fresh.k_text, fresh.mode) == (None, "", "quick")


def test_a_draft_too_long_or_not_json_is_ignored(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.open_hand()
    assert app.hand is not None and app.game_id is not None
    gid = str(app.game_id)
    for text in ("{" * 100_000, "x" * (MAX_DRAFT + 1), "[]", "null", 5, None):
        assert not restore(app.hand, text, gid, None)
