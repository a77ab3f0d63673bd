"""What the store tests share: kill rounds, a filled folder, the digests
checked, the index resealed."""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.statistics import GameDigest, GameRecord, digest, statistics
from scorekeeper.store import Store, fingerprints, open_store
from scorekeeper.store.journal import JOURNAL_FILE

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_store import synthetic_export


def reseal_index(data_dir: Path) -> None:
    """After a test edited a block of the index: give the manifest the
    block's new check sum, as if the index itself had written the lie (an
    edit it didn't make is found by the check sum and the block made again)."""

    path = data_dir / "index" / "manifest.json"
    manifest = json.loads(path.read_bytes())
    for block in manifest["blocks"]:
        raw = (data_dir / "index" / f"b{block['id']}.json").read_bytes()
        block["crc"] = zlib.crc32(raw)
    path.write_text(json.dumps(manifest), encoding="utf-8")


#: The writer.  ``emit`` is called only after ``record_hand`` has returned.
CHILD = r"""
import random
from scorekeeper.engine import Hand
from scorekeeper.store import open_store


def run(data_dir, seed, emit):
    rng = random.Random(seed)
    with open_store(data_dir) as store:
        names = {p.name: p.id for p in store.players()}
        for name in ("Ann", "Bob"):
            if name not in names:
                names[name] = store.add_player(name).id
        a, b = names["Ann"], names["Bob"]
        emit("ready")
        open_games = [s.id for s in store.list_games(finished=False)]
        gid = open_games[0] if open_games else store.create_game("standard", [a, b])
        while True:
            if rng.random() < 0.1:
                hand, code = Hand.draw(), "draw"
            else:
                by = rng.choice((a, b))
                k = rng.randint(0, 8)
                d = k + rng.randint(1, 3)
                hand, code = Hand.knock(by, k, d), f"{by}:{k}:{d}"
            game = store.record_hand(gid, hand)
            emit(f"hand {gid} {len(game.hands)} {code}")
            if rng.random() < 0.2:  # a settle-up: a file of its own (settle_ups.py)
                emit(f"settle {store.settle_up(b, a, rng.randint(1, 500), 'EUR').id}")
            if game.standings.finished:
                gid = store.create_game("standard", [a, b], first_dealer=rng.choice((a, b)))
"""


def expected_hand(code: str) -> Hand:
    if code == "draw":
        return Hand.draw()
    by, k, d = code.split(":")
    return Hand.knock(by, int(k), int(d))


def kill_forked(data_dir: Path, seed: int, rng: random.Random) -> str:
    """Fork a copy of this process writing hands; kill it; return what it wrote."""
    namespace: dict[str, object] = {}
    exec(CHILD, namespace)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: write hands until killed, never return into pytest
        os.close(read_end)
        try:
            run = namespace["run"]
            assert callable(run)
            run(str(data_dir), seed, lambda line: os.write(write_end, (line + "\n").encode()))
        finally:
            os._exit(70)
    os.close(write_end)
    time.sleep(rng.uniform(0.0, 0.12))
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    chunks = []
    while chunk := os.read(read_end, 1 << 16):
        chunks.append(chunk)
    os.close(read_end)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    return b"".join(chunks).decode()


def replayed(store: Store) -> dict[str, GameDigest]:
    """Every listed game's digest, made now from ``Store.game`` (a replay)."""
    return {s.id: digest(store.game(s.id)) for s in store.list_games()}


def assert_digests_match(store: Store) -> None:
    records = store.review_records()
    fresh = replayed(store)
    assert {r.id: r.game for r in records} == fresh
    # ... and so do the statistics (the hand-worked figures are in tests/review)
    by_games = [GameRecord(r.id, store.game(r.id), r.created_at, r.finished_at) for r in records]
    assert statistics(records) == statistics(by_games)
    assert not [p for p in store.check() if "digest" in p]


def fill_folder(data_dir: Path, games: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    with open_store(data_dir) as store:
        a, b = store.add_player("Ann").id, store.add_player("Bob").id
        ids = []
        for g in range(games):
            gid = store.create_game("standard", [a, b], first_dealer=a)
            for _ in range(rng.randint(0, 4)):
                by = rng.choice((a, b))
                store.record_hand(gid, Hand.knock(by, rng.randint(0, 5), rng.randint(6, 20)))
            if g % 7 == 3:
                store.delete_game(gid)
            ids.append(gid)
    return ids


def run_and_kill(folder: Path, job: Callable[[], None], delay: float) -> bool:
    """Fork a child running ``job`` (it signals when it starts); kill it after
    ``delay`` seconds.  True if the child finished before the kill."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        os.close(read_end)
        code = 0
        try:
            os.write(write_end, b"s")
            job()
            os.write(write_end, b"d")
        except BaseException:
            code = 70
        finally:
            os._exit(code)
    os.close(write_end)
    assert os.read(read_end, 1) == b"s"
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    finished = os.read(read_end, 1) == b"d"
    os.close(read_end)
    assert finished or os.WIFSIGNALED(status), status
    return finished


def timed(job: Callable[[], None]) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


def visible_games(folder: Path) -> set[str]:
    games = folder / "games"
    return {p.stem for p in games.glob("*.json")} if games.exists() else set()


def committed(folder: Path) -> bool:
    return (folder / JOURNAL_FILE).exists()


def midway(folder: Path) -> bool:
    """Whether the kill landed while the job was writing (files staged, or
    the journal written but not yet cleared)."""
    return committed(folder) or any(folder.glob(".staging-*"))


class ImportRounds:
    """A folder with one game of its own (Ann and Bob, one hand) and an export
    of 250 games of 20 hands by 6 new players to import into copies of it;
    :meth:`outcome` reopens a copy after a killed import: none or all of it.

    The folder is a template: only its copies are ever opened again, so it
    is written without fsync (the same bytes, without the time the disk
    takes).  One serves a whole session (:func:`import_rounds`)."""

    def __init__(self, tmp_path: Path) -> None:
        self.base = tmp_path / "base"
        with open_store(self.base, durable=False) as store:
            ann, bob = store.add_player("Ann"), store.add_player("Bob")
            self.own = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
            self.hand = Hand.knock(ann.id, 2, 20)
            store.record_hand(self.own, self.hand)
        export = synthetic_export(5_000, seed=7)
        self.ids = {g["id"] for g in export["games"]}
        self.raw = json.dumps(export).encode()

    def outcome(self, folder: Path, round_no: int) -> str:
        """``"none"`` or ``"all"`` of the import (anything else fails the test)."""
        with open_store(folder) as store:
            listed = {s.id for s in store.list_games()} - {self.own}
            assert listed in (set(), self.ids), f"round {round_no}: {len(listed)} games"
            names = {p.name for p in store.players()}
            if listed:
                assert len(names) == 8 and sum(s.hand_count for s in store.list_games()) == 5_001
            else:
                assert names == {"Ann", "Bob"}
            assert store.game(self.own).hands == (self.hand,)
            assert store.check() == []
            assert all("damaged" not in n for n in store.notices), store.notices
        assert not list(folder.glob(".staging-*")) and not committed(folder)
        return "all" if listed else "none"


#: The session's :class:`ImportRounds`, by the session's temporary folder.
_IMPORT_ROUNDS: dict[Path, ImportRounds] = {}


def import_rounds(tmp_path_factory: pytest.TempPathFactory) -> ImportRounds:
    """The :class:`ImportRounds` of this session, made by the first test that
    asks (tests/store/test_store_atomic.py and test_store_import_kill.py
    each copy its folder for every round and never change it)."""
    session = tmp_path_factory.getbasetemp()
    if session not in _IMPORT_ROUNDS:
        _IMPORT_ROUNDS[session] = ImportRounds(tmp_path_factory.mktemp("import-rounds"))
    return _IMPORT_ROUNDS[session]


#: For a test that forks a child and kills it with SIGKILL.
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


def past_the_racy_margin(folder: Path) -> None:
    """Wait until every file under ``folder`` was last written longer ago
    than the store's racy margin for it (fingerprints.racy_margin: a tick of
    50 ms where file times have sub-second digits, 2 s where they do not),
    so that an index made now trusts them ("a later day").  A condition on
    the clock and the files' own times, not a fixed delay."""
    newest = max((p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()), default=0)
    until = newest + fingerprints.racy_margin(newest) + fingerprints.TICK_NS
    while time.time_ns() <= until:
        time.sleep(0.01)
