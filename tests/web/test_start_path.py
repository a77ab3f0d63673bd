"""The phone's start path does only what home needs (issue #16: every
import on it is paid in the browser at each start, several times slower
than here).

A fresh interpreter imports the phone's entry, opens a store with a game in
it and draws home on an in-process page (tests/ui/flet_page.py); what it
loaded then is read from ``sys.modules``.  The parts checked are the ones a
player reaches only later: the statistics and charts, export and import, the
file checker, Flet's theme classes (widgets.theme_sent), and the meld
tables of the full-hands entry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

START = """
import json, sys, tempfile
from pathlib import Path

import flet as ft

import scorekeeper.ui.browser  # the phone's start path
from scorekeeper.engine import Hand, Rules, melds
from scorekeeper.store import open_store
from scorekeeper.ui.app import run_app
from tests.support.flet_page import new_page, strings

store = open_store(Path(tempfile.mkdtemp()) / "data", durable=False)
ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
gid = store.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
store.record_hand(gid, Hand.knock(ann, 5, 22))
page, conn = new_page()
page.views.append(ft.View(route="/"))
run_app(page, store, phone=True)
loaded = sorted(sys.modules)
print(json.dumps({"home": "New game" in set(strings(conn.log)), "modules": loaded,
                  "meld tables": bool(melds._RANKS_IN)}))
"""

LATER = (
    "scorekeeper.statistics.stats",
    "scorekeeper.statistics.charts",
    "scorekeeper.store.exchange",
    "scorekeeper.store.import_plan",
    "pydantic",
    "flet.controls.theme",  # see widgets.theme_sent
)


def test_home_is_drawn_without_what_only_later_screens_need() -> None:
    done = subprocess.run(
        [sys.executable, "-c", START],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["home"]
    assert [m for m in LATER if m in out["modules"]] == []
    assert out["meld tables"] is False
