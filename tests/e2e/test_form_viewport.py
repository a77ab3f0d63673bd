"""The hand form's walk: in every format (Oklahoma too) and every way of
entry, at 390×844 and 1280×800, in English and Finnish (the longest labels),
each keypad key and Save is inside the window as it is, whole, and not under
the Save bar (which once hid Oklahoma's 7 8 9 0)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect, Locator, expect

from scorekeeper.i18n import Translator
from scorekeeper.settings import Settings, save_settings
from scorekeeper.store import open_store
from scorekeeper.ui.state.hand_model import MODES
from tests.support.browser import DESKTOP, PHONE, TIMEOUT_MS, Server, Ui

KEYS = ["1", "2", "3", "C", "4", "5", "6", "⌫", "7", "8", "9", "0"]

#: The games walked: (the name on its Resume button, its format, rules, players).
GAMES = [
    ("standard", "seed", ["Ann", "Bob"]),
    ("hollywood", "seed", ["Ann", "Bob"]),
    ("three-hand", "seed", ["Ann", "Bob", "Cy"]),
    ("standard", "oklahoma", ["Ann", "Bob"]),
    ("three-hand", "oklahoma", ["Ann", "Bob", "Cy"]),
    ("partnership", "seed", ["Ann", "Bob", "Cy", "Dan"]),
]


def seed(data_dir: Path, language: str) -> list[str]:
    """The games of GAMES, in progress; their ids."""
    if language != "en":
        save_settings(data_dir, Settings(language=language))
    with open_store(data_dir, durable=False) as s:
        ids = {n: s.add_player(n).id for n in ("Ann", "Bob", "Cy", "Dan")}
        return [
            s.create_game(fmt, [ids[n] for n in names], rules, draw=["KS", "2H", "9D"])
            if fmt == "three-hand"  # the draw makes the roles
            else s.create_game(fmt, [ids[n] for n in names], rules)
            if fmt == "partnership"  # its two tables deal by themselves
            else s.create_game(fmt, [ids[n] for n in names], rules, first_dealer=ids["Ann"])
            for fmt, rules, names in GAMES
        ]


def box_of(ui: Ui, control: Locator, what: str) -> FloatRect:
    """Where ``control`` is drawn (none for a moment while a redraw, the mode
    just tapped, replaces it)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        expect(control).to_be_visible()
        box = control.bounding_box()
        if box is not None:
            return box
        assert time.monotonic() < deadline, f"{what} is not drawn"


def in_window(ui: Ui, box: FloatRect, what: str) -> None:
    """Inside the window as it is, without scrolling."""
    size = ui.page.viewport_size
    assert size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (what, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, (what, box)


@pytest.mark.parametrize("language", ["en", "fi"])
def test_every_key_and_save_in_view_in_every_format_mode_and_size(
    tmp_path: Path, ui: Ui, language: str
) -> None:
    gids = seed(tmp_path / "data", language)
    t = Translator(language)
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        for size in (PHONE, DESKTOP):
            ui.page.set_viewport_size(size)  # before the load: drawn at this size
            ui.open(srv.url, ready=t.gettext("New game"))
            for gid, (fmt, rules, _) in zip(gids, GAMES, strict=True):
                what = f"{fmt} {rules} {size['width']}"
                walk(ui, t, f"/game/{gid}/hand", what, rules == "oklahoma")
    finally:
        srv.stop_checked()


def go(ui: Ui, path: str, ready: str) -> None:
    """Follow a link to ``path`` inside the app, as Back and Forward do: the
    address changes and the app draws its screen, with no reload (a load
    costs the browser ~4 CPU-seconds; this test once made 12 of them)."""
    ui.page.evaluate(
        """(path) => {
            history.pushState(null, "", path);
            dispatchEvent(new PopStateEvent("popstate", {state: null}));
        }""",
        path,
    )
    ui.button(ready).wait_for(timeout=TIMEOUT_MS)


def walk(ui: Ui, t: Translator, path: str, what: str, oklahoma: bool) -> None:
    """The hand form at its address, in each way of entry."""
    page = ui.page
    # by way of the home screen: every game's form has a Save button, so
    # the next one is known drawn by its Save only after one without
    go(ui, "/", t.gettext("New game"))
    go(ui, path, t.gettext("Save hand"))
    save = ui.button(t.gettext("Save hand"))
    if oklahoma:  # the upcard first: then the keypad
        ui.until(lambda: ui.click("7♥"), re.compile(re.escape(t.gettext("Change upcard"))))
    modes = list(MODES)
    for mode in modes:
        label = t.gettext(MODES[mode])
        ui.click(label)
        expect(page.get_by_role("button", name=label, exact=True).first).to_be_visible()
        save_box = box_of(ui, save, f"{what} {mode}: Save")
        in_window(ui, save_box, f"{what} {mode}: Save")
        if mode == "quick":
            boxes = {k: box_of(ui, ui.button(k), f"{what}: {k}") for k in KEYS}
            whole = max(b["height"] for b in boxes.values())
            for k, box in boxes.items():
                in_window(ui, box, f"{what}: {k}")
                # above the Save bar, and whole: the form's scroll ends at the bar,
                # so a key partly under it is drawn (and reported) cut
                assert box["y"] + box["height"] <= save_box["y"], (f"{what}: {k}", box)
                assert box["height"] >= whole - 1, (f"{what}: {k} is cut", box)
    ui.shot(f"-{what.replace(' ', '-')}")
