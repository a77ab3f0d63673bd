"""Helpers shared by this package's tests."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import flet as ft
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.engine import Rules
from scorekeeper.store import Store
from scorekeeper.ui.app import GinApp
from scorekeeper.ui.state.hand_model import HandForm
from scorekeeper.ui.state.model import AppModel
from tests.support.flet_page import controls, new_page, strings, texts


def start(app: AppModel, fmt: str, names: list[str], **opts: object) -> None:
    """Fill the new-game form and start."""
    app.open_new()
    form = app.new_game
    assert form is not None
    form.set_format(fmt)
    if "preset" in opts:
        form.set_preset(str(opts.pop("preset")))
    for k, v in opts.items():
        if k in ("first_dealer", "draw_mode"):
            setattr(form, k, v)
        elif k == "draw":
            form.draw_mode = "cards"
            form.draw_texts = dict(zip(names, v, strict=True))  # type: ignore[call-overload]
        else:
            form.set_field(k, v)
    for n in names:
        form.new_name = n
        assert app.act(app.add_typed_player), form.error
    assert app.act(app.start_game), form.error


def quick(app: AppModel, knocker: str | None, result: str, k: str = "", d: str = "") -> bool:
    assert app.act(app.open_hand)
    form = app.hand
    assert form is not None
    ids = {form.names[p]: p for p in form.game.players}
    if result != "draw":
        assert knocker is not None
        assert app.act(form.set_knocker, ids[knocker])
    form.set_result(result)
    press_counts(form, k if result not in ("gin", "big-gin") else "", d)
    return app.act(app.save_hand)


class Server:
    """Sessions sharing one event loop and one pubsub hub, as on the web server."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.loop = asyncio.new_event_loop()
        self.hub = PubSubHub(self.loop)
        self.apps: list[GinApp] = []
        self.conns: list[Any] = []  # each holds its session (the page, weakly)

    def session(self) -> GinApp:
        page, conn = new_page(self.loop, self.hub)
        self.conns.append(conn)
        gin = GinApp(page, self.store)
        gin.model.rng = random.Random(7)
        gin.start()
        self.apps.append(gin)
        return gin

    def pump(self) -> None:
        """Run what the hub scheduled on the loop (the other sessions' redraws)."""

        async def turns() -> None:
            for _ in range(10):
                await asyncio.sleep(0)

        self.loop.run_until_complete(turns())

    def close(self) -> None:
        self.pump()  # let what is scheduled finish before the loop goes
        self.loop.close()


def tap(gin: GinApp, fn: Any, *args: Any) -> None:
    gin.on(fn, *args)(None)


def enter_counts(gin: GinApp, knocker: str, k: str, d: str) -> None:
    form = gin.model.hand
    assert form is not None
    form.set_knocker(knocker)
    press_counts(form, k, d)


def press_counts(form: HandForm, k: str, d: str) -> None:
    """Type the knocker's deadwood ``k`` (none when empty) and the
    defender's ``d`` on the form's keypad."""
    if k:
        form.set_active("knocker")
        for ch in k:
            form.press(ch)
    form.set_active("defender")
    for ch in d:
        form.press(ch)


def new_game(server: Server, gin: GinApp) -> tuple[Any, str, str]:
    s = gin.model.store  # the session's store: it tells the others
    ann, bob = s.add_player("Ann").id, s.add_player("Bob").id
    gid = s.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
    tap(gin, gin.model.open_game, gid)
    return gid, ann, bob


class Table:
    """A GinApp on an in-process page, over a real store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.page, self.conn = new_page()
        self.gin = GinApp(self.page, store)
        self.gin.model.rng = random.Random(7)
        self.gin.start()
        self.m = self.gin.model

    def tap(self, fn: object, *args: object) -> list[str]:
        """Run a handler as a tap does; the strings it sent to the browser."""
        self.conn.take()
        self.gin.on(fn, *args)(None)  # type: ignore[arg-type]
        return [s for msg in self.conn.take() for s in strings(msg)]

    def quick_hand(self, knocker: str, k: int, d: int) -> list[str]:
        self.tap(self.m.open_hand)
        form = self.m.hand
        assert form is not None
        form.set_knocker(knocker)
        form.set_active("knocker")
        for ch in str(k):
            form.press(ch)
        form.set_active("defender")
        for ch in str(d):
            form.press(ch)
        sent = self.tap(self.m.save_hand)
        assert self.m.screen == "sheet", self.m.error
        return sent


def texts_and_tooltips(page: ft.Page) -> list[str]:
    out = texts(page)
    for view in page.views:
        for c in controls(view):
            tip = getattr(c, "tooltip", None)
            if isinstance(tip, str):
                out.append(tip)
    return out


def words(page: ft.Page) -> list[str]:
    """Every text the page shows or speaks: texts, button labels, tooltips,
    field labels and hints, semantics labels."""
    out = texts(page)
    for view in page.views:
        for c in controls(view):
            for name in ("content", "tooltip", "label", "hint_text"):
                value = getattr(c, name, None)
                if isinstance(value, str):
                    out.append(value)
    return out
