"""The store's own files are not checked again at open (the phone build's
start never imports pydantic); a file changed behind its back always is.

Each case runs in a fresh interpreter: whether pydantic was imported is a
fact of the whole process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

MAKE = """
import os, time
from scorekeeper.engine import Hand
from scorekeeper.store.fingerprints import TICK_NS
from scorekeeper.store import open_store
with open_store({d!r}) as s:
    ann, bob = s.add_player("Ann"), s.add_player("Bob")
    g = s.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    s.record_hand(g, Hand.knock(ann.id, 2, 30))
    # closed more than a clock tick after the last write, as in real use (a
    # file written within a tick of the index is read again: index.py, racy)
    written = os.stat(os.path.join({d!r}, "games", g + ".json")).st_mtime_ns
    while time.time_ns() < written + TICK_NS + 10**6:
        time.sleep(0.01)
    print(g)
"""

OPEN = """
import sys
from scorekeeper.store import open_store
with open_store({d!r}) as s:
    names = sorted(p.name for p in s.players())
    s.summary({g!r})  # as the app does: its index entry first, then its file
    game = s.game({g!r})
    print(json.dumps({{"names": names, "hands": len(game.hands),
                       "pydantic": "pydantic" in sys.modules, "notices": s.notices}}))
"""


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "import json\n" + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_own_files_open_without_the_validation_library(tmp_path: Path) -> None:
    d = str(tmp_path / "data")
    g = run(MAKE.format(d=d))
    seen = json.loads(run(OPEN.format(d=d, g=g)))
    assert seen == {"names": ["Ann", "Bob"], "hands": 1, "pydantic": False, "notices": []}


def test_a_file_changed_behind_the_store_is_checked(tmp_path: Path) -> None:
    d = tmp_path / "data"
    g = run(MAKE.format(d=str(d)))
    players = d / "players.json"
    doc = json.loads(players.read_text())
    # a hand edit that breaks the shape: a name that is not text
    first = next(iter(doc["players"]))
    doc["players"][first]["name"] = 12
    players.write_text(json.dumps(doc))
    seen = json.loads(run(OPEN.format(d=str(d), g=g)))
    assert seen["pydantic"] is True
    assert seen["names"] == ["Ann", "Bob"]  # the backup was put back
    assert any("players.json" in n for n in seen["notices"])


def test_a_store_left_without_closing_opens_without_the_validation_library(
    tmp_path: Path,
) -> None:
    """A phone's tab is closed, not the store: its index journal is read at
    the next open, line by line, each line sealed by its own sum."""
    d = str(tmp_path / "data")
    g = run(MAKE.replace("with open_store({d!r}) as s:", "if True:\n    s = open_store({d!r})")
            .format(d=d) + "\nimport os\nos._exit(0)\n")  # fmt: skip
    assert (tmp_path / "data" / "index" / "journal.jsonl").stat().st_size > 0
    seen = json.loads(run(OPEN.format(d=d, g=g)))
    assert seen == {"names": ["Ann", "Bob"], "hands": 1, "pydantic": False, "notices": []}


def test_a_checker_that_cannot_be_loaded_is_a_clear_refusal(tmp_path: Path) -> None:
    """The phone build fetches pydantic when a file must be checked: offline
    before it was kept, the store says so instead of failing with a traceback."""
    from scorekeeper.store import StoreError
    from scorekeeper.store.storage import AtomicJSONStorage

    path = tmp_path / "t.json"
    path.write_text('{"_default": {}}')

    def checker(_: object) -> None:
        raise ImportError("the checker is not on this device yet")

    storage = AtomicJSONStorage(path, validator=checker)
    try:
        storage.read()
    except StoreError as exc:
        assert "t.json could not be checked: the checker is not on this device yet" in str(exc)
    else:
        raise AssertionError("read without its check")


def test_an_import_keeps_players_sealed(tmp_path: Path) -> None:
    """An import writes players.json through its transaction (journal.py): the
    seal follows, so reading the players back needs no checker (a phone
    offline imports without it)."""
    import zlib

    from scorekeeper.store import open_store

    a, b = tmp_path / "a", tmp_path / "b"
    run(MAKE.format(d=str(a)))
    with open_store(a) as s:
        data = s.export_json()
    with open_store(b) as s:
        s.add_player("Zed")
        s.import_json(data)
        assert sorted(p.name for p in s.players()) == ["Ann", "Bob", "Zed"]
        seal = (b / ".players.json.sum").read_bytes()
        assert int(seal) == zlib.crc32((b / "players.json").read_bytes())
