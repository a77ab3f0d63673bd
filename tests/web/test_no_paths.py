"""No web-mode screen reads or writes a path the client sends: there is no
path box on any review screen in a browser, and the model refuses a path
without touching the file system (an existence oracle, ``/dev/zero`` or a
FIFO would otherwise be the server's problem)."""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from scorekeeper.i18n import Translator
from scorekeeper.store import Store, open_store
from scorekeeper.ui.review import SCREENS, ReviewContext, ReviewModel, render_screen
from tests.support.seed import seed


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "data", durable=False) as s:
        yield s


@pytest.fixture
def ids(store: Store) -> dict[str, str]:
    return seed(store)


def web_context(store: Store) -> ReviewContext:
    model = ReviewModel(store, Translator("en"))
    ctx = ReviewContext(model, lambda: None)
    ctx.page = SimpleNamespace(web=True)  # type: ignore[assignment]
    ctx.file_picker = ft.FilePicker()
    model.data.allow_paths = not ctx.web
    return ctx


def walk(control: Any) -> Iterator[ft.BaseControl]:
    if isinstance(control, ft.BaseControl):
        yield control
        for f in dataclasses.fields(control):
            if f.name.startswith("_") or f.name == "parent":
                continue
            yield from walk(getattr(control, f.name, None))
    elif isinstance(control, (list, tuple)):
        for c in control:
            yield from walk(c)


def text_fields(ctx: ReviewContext) -> list[str]:
    _, controls = render_screen(ctx)
    return [str(c.label) for c in walk(controls) if isinstance(c, ft.TextField)]


def test_no_review_screen_has_a_path_box_in_a_browser(store: Store, ids: dict[str, str]) -> None:
    ctx = web_context(store)
    m = ctx.model
    seen: dict[str, list[str]] = {}
    for screen in SCREENS:
        if screen == "game":
            m.act(m.go, "game", ids["A"])
        else:
            m.act(m.go, screen)
        assert m.error is None, m.error
        if screen == "players":
            m.players.editing = ids["ann"]  # the rename box open: a name, not a path
        seen[screen] = text_fields(ctx)
    assert seen["data"] == []
    for shown, labels in seen.items():
        for label in labels:
            assert "path" not in label.lower() and "file" not in label.lower(), (shown, label)
    assert seen["players"] == ["New name for Ann"]  # the walk does find text boxes


def test_the_desktop_window_keeps_its_path_box(store: Store, ids: dict[str, str]) -> None:
    ctx = web_context(store)
    ctx.desktop = True  # what the launcher says of the window
    ctx.model.data.allow_paths = not ctx.web
    ctx.model.act(ctx.model.go, "data")
    assert text_fields(ctx) == ["Export file path"]


def test_a_browser_claiming_to_be_the_desktop_gets_no_path_box(
    store: Store, ids: dict[str, str]
) -> None:
    ctx = web_context(store)
    ctx.page = SimpleNamespace(web=False)  # type: ignore[assignment]  # the client's claim
    assert ctx.web
    ctx.model.act(ctx.model.go, "data")
    assert text_fields(ctx) == []


def test_a_browser_session_refuses_any_path(
    store: Store, ids: dict[str, str], tmp_path: Path
) -> None:
    ctx = web_context(store)
    m = ctx.model
    real = tmp_path / "export.json"
    real.write_bytes(b"{not even json")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (str(real), str(fifo), "/dev/zero", str(tmp_path / "missing.json")):
        done = threading.Event()

        def attempt(p: str = path, done: threading.Event = done) -> None:
            m.act(m.data.import_file, p)
            done.set()

        threading.Thread(target=attempt, daemon=True).start()
        assert done.wait(10), f"{path} was opened"  # a FIFO or /dev/zero would hang or grow
        # the same answer whether the file exists or not: no existence oracle
        assert m.error == "Choose the export file to upload.", (path, m.error)
    m.act(m.data.set_import_path, str(real))
    m.act(m.data.import_file)
    assert m.error == "Choose the export file to upload."
    assert m.note is None


def test_no_app_screen_has_a_path_box_in_a_browser(store: Store, ids: dict[str, str]) -> None:
    """The whole app in a browser session (an in-process page marked web):
    home, new game, sheet, hand entry in every mode and each review screen."""
    from scorekeeper.ui.app import GinApp
    from scorekeeper.ui.state.hand_model import MODES
    from tests.support.flet_page import controls, new_page

    page, _ = new_page()
    page.web = True
    gin = GinApp(page, store)
    gin.start()
    m = gin.model
    assert gin.review_ctx.web and not gin.review.data.allow_paths
    labels: dict[str, list[str]] = {}

    def look(name: str) -> None:
        gin.render()
        labels[name] = [
            str(c.label)
            for view in page.views
            for c in controls(view)
            if isinstance(c, ft.TextField)
        ]

    look("home")
    gin.on(m.open_new)(None)
    look("new")
    gin.on(m.open_game, ids["E"])(None)
    look("sheet")
    gin.on(m.open_hand)(None)
    form = m.hand
    assert form is not None
    for mode in MODES:
        form.set_mode(mode)
        look(f"hand-{mode}")
    for key in SCREENS:
        if key == "game":
            continue
        gin.open_review(key)(None)
        look(f"review-{key}")
    assert m.error is None and gin.review.error is None
    assert labels["new"]  # the walk does see text boxes (the new player's name)
    assert labels["review-data"] == []
    for screen, found in labels.items():
        for label in found:
            assert "path" not in label.lower() and "file" not in label.lower(), (screen, label)
