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
import functools
import os
import random
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.store import StoreLockedError, open_store
from scorekeeper.store.lock import FolderLock

from .helpers import ImportRounds, import_rounds, midway, needs_fork, timed

ROUNDS = 10
#: Seconds a round waits for the import to start writing before it gives up.
WAIT = 120.0

pytestmark = [
    needs_fork,
    pytest.mark.slow,  # every round forks, kills and reopens (5-11 s a test)
]


def kill_when(folder: Path, job: Callable[[], None], moment: Callable[[], None]) -> None:
    """Fork a child running ``job``; kill it, and the file checker it may have
    started, once ``moment()`` returns; return once they have let go of the
    folder's lock."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        os.close(read_end)
        code = 0
        try:
            os.setpgid(0, 0)  # a group of its own, its checker in it
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
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read_end)
    lock_let_go(folder)


def lock_let_go(folder: Path) -> None:
    """Wait until no process holds the folder's lock.  Reopened at once, a
    folder was found "already open (process N)" once, in a run of the whole
    suite beside browser tests, N being the killed import: most likely the
    checker it was starting, which holds the lock's descriptor from its fork
    to its exec (close-on-exec), and which, killed with the group, still ends
    a moment after the import."""
    lock = FolderLock(folder)
    deadline = time.monotonic() + WAIT
    while True:
        try:
            lock.acquire()
        except StoreLockedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.001)  # polling the condition, not waiting a fixed time
            continue
        lock.release()
        return


def staging_appears(folder: Path, then: float) -> Callable[[], None]:
    def moment() -> None:
        deadline = time.monotonic() + WAIT
        while not any(folder.glob(".staging-*")) and time.monotonic() < deadline:
            time.sleep(0.001)  # polling the condition, not waiting a fixed time
        time.sleep(then)

    return moment


@pytest.fixture(scope="module")
def rounds(tmp_path_factory: pytest.TempPathFactory) -> ImportRounds:
    """The prepared folder and export (shared with test_store_atomic.py)."""
    return import_rounds(tmp_path_factory)


def test_a_killed_async_import_leaves_nothing_or_everything(
    rounds: ImportRounds, tmp_path: Path
) -> None:
    def importing(folder: Path) -> Callable[[], None]:
        def job() -> None:
            with open_store(folder) as store:
                asyncio.run(store.import_json_async(rounds.raw))

        return job

    calibrate = tmp_path / "calibrate"
    shutil.copytree(rounds.base, calibrate)
    duration = timed(importing(calibrate))
    rng = random.Random(15)
    outcomes = {"none": 0, "all": 0, "killed while writing": 0}
    for round_no in range(ROUNDS):
        folder = tmp_path / f"round-{round_no}"
        shutil.copytree(rounds.base, folder)
        if round_no % 2:
            delay = rng.uniform(0.0, duration * 1.1)
            kill_when(folder, importing(folder), functools.partial(time.sleep, delay))
        else:
            # Just after it starts writing (two rounds), or some time into it.
            then = rng.uniform(0.0, 0.02) if round_no < 4 else rng.uniform(0.02, 0.5)
            kill_when(folder, importing(folder), staging_appears(folder, then))
        outcomes["killed while writing"] += midway(folder)
        outcomes[rounds.outcome(folder, round_no)] += 1
        shutil.rmtree(folder)
    print(f"\nasync import: {ROUNDS} kills over {duration:.2f} s imports: {outcomes}")
    assert outcomes["none"] > 0
    assert outcomes["killed while writing"] > 0  # the kills really landed during the imports
