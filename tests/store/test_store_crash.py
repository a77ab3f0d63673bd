"""Crash test: kill a writer with SIGKILL at random moments, again and again.

A child process opens the store and records hands in a loop, printing each
hand only after ``record_hand`` returned.  The parent kills it at a random
moment (mostly in the middle of a write, sometimes while it is still opening
the data), reopens the folder and checks that:

* it opens without any repair notice (nothing was ever half-written),
* every printed hand is there, exactly as printed, at its place,
* the index agrees with the game files, and ``check`` finds nothing wrong;
* every printed settle-up is there (their file is never half-written).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import open_store

from .helpers import CHILD, expected_hand, kill_forked, needs_fork

#: Kills of a freshly started interpreter (slow to start: about 0.6 s each) ...
SPAWN_KILLS = 15
#: ... and of a forked copy of this process (starts at once, so the kill can
#: land anywhere from opening the folder to the thousandth hand).
FORK_KILLS = 60


SPAWN = (
    CHILD
    + """
import sys
def emit(line):
    sys.stdout.write(line + "\\n")
    sys.stdout.flush()
run(sys.argv[1], int(sys.argv[2]), emit)
"""
)


def kill_spawned(data_dir: Path, seed: int, rng: random.Random) -> str:
    """Start a new interpreter writing hands; kill it; return what it printed."""
    proc = subprocess.Popen(
        [sys.executable, "-c", SPAWN, str(data_dir), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline()
    assert line == "ready\n", proc.stderr.read()
    time.sleep(rng.uniform(0.005, 0.2))
    os.kill(proc.pid, signal.SIGKILL)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL, err
    return out


@pytest.mark.slow
@needs_fork
def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    rng = random.Random(20240501)
    reported: dict[tuple[str, int], Hand] = {}  # (game id, hand number) -> hand
    settled: set[str] = set()  # settle-ups printed
    kills = 0
    started = time.monotonic()
    plan = ["spawn"] * SPAWN_KILLS + ["fork"] * FORK_KILLS
    rng.shuffle(plan)
    for round_no, how in enumerate(plan):
        kill = kill_spawned if how == "spawn" else kill_forked
        out = kill(data_dir, round_no, rng)
        kills += 1
        for line in out.splitlines():  # a line cut short by the kill has no newline
            parts = line.split()
            if parts[:1] == ["hand"] and len(parts) == 4 and out.count(line + "\n"):
                reported[(parts[1], int(parts[2]))] = expected_hand(parts[3])
            if parts[:1] == ["settle"] and len(parts) == 2 and out.count(line + "\n"):
                settled.add(parts[1])

        with open_store(data_dir) as store:
            assert store.notices == [], store.notices
            hands = {gid: store.game(gid).hands for gid in {g for g, _ in reported}}
            for (gid, n), hand in reported.items():
                assert len(hands[gid]) >= n, f"round {round_no}: lost hand {n} of {gid}"
                assert hands[gid][n - 1] == hand, f"round {round_no}: hand {n} of {gid} changed"
            for summary in store.list_games(include_deleted=True):
                assert summary.hand_count == len(store.game(summary.id).hands)
            assert store.check() == []
            kept = {s.id for s in store.settle_ups()}
            assert settled <= kept, f"round {round_no}: lost settle-ups {settled - kept}"
        assert not list(data_dir.rglob("*.tmp")), "a temporary file survived the reopen"
    elapsed = time.monotonic() - started
    games = len({gid for gid, _ in reported})
    print(
        f"\ncrash test: {kills} SIGKILLs ({SPAWN_KILLS} of a new interpreter, {FORK_KILLS} of "
        f"a fork), {len(reported)} hands checked in {games} games, "
        f"{len(settled)} settle-ups, {elapsed:.1f} s"
    )
    assert kills >= 50
    assert len(reported) > 200  # the kills really happened while writing
    assert len(settled) > 20
