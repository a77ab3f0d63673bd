"""The phone build's warm-up (scorekeeper.web.warm): its list holds exactly
the modules the first taps import that the start does not.

The taps run on an in-process page (tests/ui/flet_page.py: no browser), in a
fresh interpreter, so that what this test process imported before does not
hide an import: the phone's start path (scorekeeper.ui.browser), the home
screen, then New game, home, a game's sheet, two hands saved."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scorekeeper.web.warm import FIRST_TAPS

ROOT = Path(__file__).resolve().parents[2]

TAPS = """
import json, random, sys, tempfile
from pathlib import Path

import flet as ft

import scorekeeper.ui.browser  # the phone's start path
from scorekeeper.engine import Rules
from scorekeeper.store import open_store
from scorekeeper.ui.app import run_app
from scorekeeper.web.warm import FIRST_TAPS
from tests.support.flet_page import new_page

store = open_store(Path(tempfile.mkdtemp()) / "data", durable=False)
ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
gid = store.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
page, conn = new_page()
page.views.append(ft.View(route="/"))
app = run_app(page, store, phone=True)
m = app.model
m.rng = random.Random(7)
out = {"at_start": sorted(n for n in FIRST_TAPS if n in sys.modules)}
if sys.argv[1] == "warm":
    for name in FIRST_TAPS:
        __import__(name)
taps = {}

def tap(name, fn, *args):
    before = set(sys.modules)
    app.on(fn, *args)(None)
    assert m.error is None, m.error
    taps[name] = sorted(n for n in set(sys.modules) - before if n.startswith("flet"))

def a_hand():
    tap("open hand", m.open_hand)
    form = m.hand
    form.set_knocker(ann)
    form.set_active("knocker")
    form.press("5")
    form.set_active("defender")
    form.press("2")
    tap("save hand", m.save_hand)

tap("New game", m.open_new)
tap("home", m.go_home)
tap("resume", m.open_game, gid)
a_hand()
a_hand()
assert m.screen == "sheet"
out["taps"] = taps
print(json.dumps(out))
"""


def _taps(mode: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", TAPS, mode],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_every_module_of_the_list_is_imported_by_a_first_tap_not_by_the_start() -> None:
    cold = _taps("cold")
    assert cold["at_start"] == []
    taps = cold["taps"]
    assert isinstance(taps, dict)
    imported = {name for new in taps.values() for name in new}
    assert set(FIRST_TAPS) <= imported  # none stale
    assert set(taps["New game"]) & set(FIRST_TAPS)  # the first tap is the one that paid


def test_after_the_warm_up_the_first_taps_import_nothing_more_of_flet() -> None:
    warm = _taps("warm")
    assert warm["taps"] == {
        "New game": [],
        "home": [],
        "resume": [],
        "open hand": [],
        "save hand": [],
    }
