"""One writer per data folder: a second process is refused (or reads only)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import Store, StoreLockedError, open_store

SECOND = r"""
import sys
from scorekeeper.store import StoreLockedError, open_store
try:
    with open_store(sys.argv[1]) as store:
        store.add_player("Intruder")
    print("opened")
except StoreLockedError as exc:
    print("locked:", exc)
with open_store(sys.argv[1], read_only=True) as viewer:
    print("read-only:", ",".join(p.name for p in viewer.players()),
          ",".join(str(s.hand_count) for s in viewer.list_games()))
"""

HOLDER = r"""
import sys, time
from scorekeeper.store import open_store
store = open_store(sys.argv[1])
print("holding", flush=True)
time.sleep(60)
"""


def run_second(data_dir: Path) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", SECOND, str(data_dir)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return out.stdout.splitlines()


def test_a_second_process_is_refused_with_a_clear_message(
    store: Store, ann_bob: tuple[object, object], data_dir: Path
) -> None:
    ann, bob = store.players()
    gid = store.create_game("standard", [ann.id, bob.id])
    store.record_hand(gid, Hand.knock(ann.id, 1, 5))
    locked, viewed = run_second(data_dir)
    assert locked.startswith("locked: The score data in")
    assert f"(process {os.getpid()})" in locked
    assert "already open in another copy of Gin Scorekeeper" in locked
    assert viewed == "read-only: Ann,Bob 1"  # it can still look
    assert [p.name for p in store.players()] == ["Ann", "Bob"]  # and changed nothing


def test_the_folder_is_free_again_when_the_writer_closes(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        store.add_player("Ann")
    opened, viewed = run_second(data_dir)
    assert opened == "opened"
    assert viewed == "read-only: Ann,Intruder "


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_a_killed_writer_leaves_no_stale_lock(data_dir: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(data_dir)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None
    assert holder.stdout.readline() == "holding\n"
    with pytest.raises(StoreLockedError, match=f"process {holder.pid}"):
        open_store(data_dir)
    holder.kill()
    holder.wait(timeout=30)
    with open_store(data_dir) as store:  # the OS dropped the lock with the process
        assert store.notices == []
