"""All or nothing, off the event loop too (issue #15): an import run by
:meth:`Store.import_json_async` (checked in a child process, staged without
the store's lock, committed under it), killed with SIGKILL at varied
moments, leaves none of the import or all of it.

Like tests/store/test_store_atomic.py (whose helpers this reuses), a forked
copy of this process imports into a fresh copy of a prepared folder and is
killed: half the rounds at a random moment of the whole import (mostly while
the child process checks the file), half just after its staging folder
appears (while it writes, or a little later).  Then the folder is reopened: exactly none or all
of the import, and ``check`` finds nothing wrong.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import synthetic_export
from test_store_atomic import committed, midway, timed

from scorekeeper.engine import Hand
from scorekeeper.store import open_store

ROUNDS = 10
#: Seconds a round waits for the import to start writing before it gives up.
WAIT = 120.0

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


def kill_when(folder: Path, job: Callable[[], None], moment: Callable[[], None]) -> None:
    """Fork a child running ``job``; kill it once ``moment()`` returns."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        os.close(read_end)
        code = 0
        try:
            os.write(write_end, b"s")
            job()
        except BaseException:
            code = 70
        finally:
            os._exit(code)
    os.close(write_end)
    try:
        assert os.read(read_end, 1) == b"s"
        moment()
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read_end)


def staging_appears(folder: Path, then: float) -> Callable[[], None]:
    def moment() -> None:
        deadline = time.monotonic() + WAIT
        while not any(folder.glob(".staging-*")) and time.monotonic() < deadline:
            time.sleep(0.001)  # polling the condition, not waiting a fixed time
        time.sleep(then)

    return moment


def test_a_killed_async_import_leaves_nothing_or_everything(tmp_path: Path) -> None:
    base = tmp_path / "base"
    with open_store(base) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        own = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(own, Hand.knock(ann.id, 2, 20))
    export = synthetic_export(5_000, seed=7)  # 250 games of 20 hands, 6 new players
    ids = {g["id"] for g in export["games"]}
    raw = json.dumps(export).encode()

    def importing(folder: Path) -> Callable[[], None]:
        def job() -> None:
            with open_store(folder) as store:
                asyncio.run(store.import_json_async(raw))

        return job

    calibrate = tmp_path / "calibrate"
    shutil.copytree(base, calibrate)
    duration = timed(importing(calibrate))
    rng = random.Random(15)
    outcomes = {"none": 0, "all": 0, "killed while writing": 0}
    for round_no in range(ROUNDS):
        folder = tmp_path / f"round-{round_no}"
        shutil.copytree(base, folder)
        if round_no % 2:
            delay = rng.uniform(0.0, duration * 1.1)
            kill_when(folder, importing(folder), lambda d=delay: time.sleep(d))
        else:
            # Just after it starts writing (two rounds), or some time into it.
            then = rng.uniform(0.0, 0.02) if round_no < 4 else rng.uniform(0.02, 0.5)
            kill_when(folder, importing(folder), staging_appears(folder, then))
        outcomes["killed while writing"] += midway(folder)
        with open_store(folder) as store:
            listed = {s.id for s in store.list_games()} - {own}
            assert listed in (set(), ids), f"round {round_no}: {len(listed)} of {len(ids)}"
            names = {p.name for p in store.players()}
            if listed:
                assert len(names) == 8 and sum(s.hand_count for s in store.list_games()) == 5_001
                outcomes["all"] += 1
            else:
                assert names == {"Ann", "Bob"}
                outcomes["none"] += 1
            assert store.game(own).hands == (Hand.knock(ann.id, 2, 20),)
            assert store.check() == []
            assert all("damaged" not in n for n in store.notices), store.notices
        assert not list(folder.glob(".staging-*")) and not committed(folder)
        shutil.rmtree(folder)
    print(f"\nasync import: {ROUNDS} kills over {duration:.2f} s imports: {outcomes}")
    assert outcomes["none"] > 0
    assert outcomes["killed while writing"] > 0  # the kills really landed during the imports
