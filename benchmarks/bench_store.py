"""How long a save takes as history grows, index maintenance included (issue #10).

    python benchmarks/bench_store.py [--sizes 0,50000,200000] [--samples 300]

For each size, a fresh data folder is filled with that many stored hands
(games of 20 hands, as an import would bring them; 200,000 hands are 10,000
games), closed, and opened as the app would.  Then ``record_hand`` is timed
(durable: fsync-ed before it returns) at a table's pace, in two series:

* ``save``: hands one after another, each paying what a real save pays (a
  journal line; every ``FOLD_EVERY``-th also the fold of the journal into the
  index's blocks);
* ``fold``: every timed save is made the one that folds (the trigger is
  forced, no waiting), i.e. the worst a save can cost.

Each prints the data size, p50, p95 and max (ms).  Also timed: opening the
store, opening a copy of the folder (``shutil.copytree``: new inodes, same
sizes and times), reading the newest page of games (one block of the index),
the history pages as the screens ask for them (``history page``: on the
folder opened again, ``page_games(0, 25)``, a page from the middle of the
history, ``page_games(0, 5, finished=False)`` (home's games in progress),
one player's games (a filter the blocks' counts can't answer: every
block that names the player is read to count them), and the "Deleted
games" screen's ``page_games(0, 25, deleted=True)`` beside what that
screen did before (``list_games(include_deleted=True)``, the deleted kept;
each on a store opened for it: one game in twenty is deleted); the first
call after the open, then p50 / p95 / max of repeated calls),
and the peak memory (max RSS) of a fresh process that opens the folder, lists
every game and reads every statistics record.

Targets (issue #10), at 200,000 hands: every save p95 < 25 ms and max < 60 ms;
open < 100 ms; open a copied folder < 300 ms; peak memory < 150 MB.

Then the time to import (``import_json``, durable, into an empty folder):
one game of 10,000 hands, one of 100,000 hands, and 50,000 hands in 2,500
games.  Target (issue #11): linear (the 100,000-hand game at most 12 x the
10,000-hand one, in wall or CPU time: a loaded machine slows the larger
job more) and the 50,000 hands in under 10 s.  ``--imports-only`` runs just
that part; ``--no-imports`` skips it.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from figures import rank

from scorekeeper.engine import Hand
from scorekeeper.store import index as index_module
from scorekeeper.store import open_store
from scorekeeper.store.docs import hand_to_doc, rules_to_doc, time_to_doc
from scorekeeper.store.exchange import EXPORT_FORMAT, EXPORT_VERSION

HANDS_PER_GAME = 20
DELETED_EVERY = 20  # one game of the history in twenty is in the bin
NEW_GAME_EVERY = 40  # the timed hands go into games of realistic length


def synthetic_export(
    hands: int, players: int = 6, seed: int = 1, *, deleted_every: int = 0
) -> dict[str, Any]:
    """An export holding ``hands`` hands in games of HANDS_PER_GAME (with
    ``deleted_every``: one game in that many deleted, spread through it)."""
    from scorekeeper.engine import PRESETS

    rng = random.Random(seed)
    people = [
        {"id": uuid.uuid4().hex, "name": f"Player {i}", "hidden": False} for i in range(players)
    ]
    rules = rules_to_doc(PRESETS["seed"])
    games = []
    t0 = time.time() - 86400 * 365
    for g in range(hands // HANDS_PER_GAME):
        a, b = rng.sample([str(p["id"]) for p in people], 2)
        created = time_to_doc_ts(t0 + g * 600)
        records = []
        for seq in range(HANDS_PER_GAME):
            by = a if rng.random() < 0.5 else b
            k = rng.randint(1, 8)  # 0 would be gin (26 points): games must not end
            hand = Hand.knock(by, k, k + 1) if seq % 5 else Hand.draw()
            records.append(
                {
                    "id": uuid.uuid4().hex,
                    "seq": seq,
                    "entered_at": time_to_doc_ts(t0 + g * 600 + seq * 20),
                    "superseded_at": None,
                    "superseded_reason": None,
                    "replaces": None,
                    "hand": hand_to_doc(hand),
                }
            )
        games.append(
            {
                "id": uuid.uuid4().hex,
                "setup": {"format": "standard", "players": [a, b], "first_dealer": a, "draw": None},
                "rules": rules,
                "rules_name": "seed",
                "created_at": created,
                "updated_at": records[-1]["entered_at"],
                "finished_at": None,
                "deleted": bool(deleted_every) and g % deleted_every == 7 % deleted_every,
                "hands": records,
            }
        )
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "players": people, "games": games}


def one_game_export(hands: int, seed: int = 2) -> dict[str, Any]:
    """An export of a single game of ``hands`` hands (draws, with varying
    upcards: a game of draws never ends, however long)."""
    from scorekeeper.engine import PRESETS

    rng = random.Random(seed)
    a, b = uuid.uuid4().hex, uuid.uuid4().hex
    t0 = time.time() - 86400 * 365
    cards = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    records = [
        {
            "id": uuid.uuid4().hex,
            "seq": seq,
            "entered_at": time_to_doc_ts(t0 + seq),
            "superseded_at": None,
            "superseded_reason": None,
            "replaces": None,
            "hand": hand_to_doc(Hand.draw(rng.choice(cards))),
        }
        for seq in range(hands)
    ]
    game = {
        "id": uuid.uuid4().hex,
        "setup": {"format": "standard", "players": [a, b], "first_dealer": a, "draw": None},
        "rules": rules_to_doc(PRESETS["seed"]),
        "rules_name": "seed",
        "created_at": records[0]["entered_at"],
        "updated_at": records[-1]["entered_at"],
        "finished_at": None,
        "deleted": False,
        "hands": records,
    }
    people = [
        {"id": a, "name": "Player A", "hidden": False},
        {"id": b, "name": "Player B", "hidden": False},
    ]
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "players": people, "games": [game]}


def import_time(data: dict[str, Any], root: Path, name: str) -> tuple[float, float]:
    """Seconds (wall, CPU) to import ``data`` into a new data folder (opened beforehand)."""
    with open_store(root / name) as store:
        started, cpu = time.perf_counter(), time.process_time()
        report = store.import_json(data)
        took, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert report.hands_added == sum(len(g["hands"]) for g in data["games"]), report
    return took, cpu


def bench_imports(root: Path, repeats: int = 3) -> bool:
    """Time the three imports of issue #11 (the best of ``repeats`` runs: the
    machine's other work only ever adds time); print them; True if on target."""
    cases = [
        ("one game of 10,000 hands", "i10k", one_game_export(10_000)),
        ("one game of 100,000 hands", "i100k", one_game_export(100_000)),
        ("50,000 hands in 2,500 games", "i50k", synthetic_export(50_000)),
    ]
    print(f"import_json, durable (fsync), into an empty folder, best of {repeats}")
    took, cpu = {}, {}
    for label, name, data in cases:
        runs = [import_time(data, root, f"{name}-{i}") for i in range(repeats)]
        took[name] = min(t for t, _ in runs)
        cpu[name] = min(c for _, c in runs)
        others = ", ".join(f"{t:.2f}" for t in sorted(t for t, _ in runs)[1:])
        print(f"{label:>30}: {took[name]:7.2f} s, cpu {cpu[name]:6.2f} s   (other runs: {others})")
    ratio = took["i100k"] / took["i10k"]
    cpu_ratio = cpu["i100k"] / cpu["i10k"]
    ok = min(ratio, cpu_ratio) <= 12 and took["i50k"] < 10
    verdict = "OK" if ok else "MISSED"
    print(
        f"100k / 10k = {ratio:.1f} wall, {cpu_ratio:.1f} cpu (target <= 12), "
        f"50k in 2,500 games {took['i50k']:.1f} s (target < 10 s): {verdict}"
    )
    return ok


def time_to_doc_ts(ts: float) -> str:
    from datetime import UTC, datetime

    return time_to_doc(datetime.fromtimestamp(ts, UTC))


class Subject:
    """One data folder holding ``size`` hands, open, recording timed hands."""

    def __init__(self, size: int, root: Path) -> None:
        self.size = size
        self.root = root
        self.folder = root / f"data-{size}"
        started = time.perf_counter()
        # Filled by another process: this one then holds only what the app
        # would (the import's leftovers would make its garbage collections
        # cost what no app pays).
        subprocess.run(
            [sys.executable, __file__, "--fill", str(self.folder), str(size)], check=True
        )
        self.fill = time.perf_counter() - started
        with open_store(self.folder, read_only=True) as store:
            names = {p.name: p.id for p in store.players()}
        self.a, self.b = names["Bench A"], names["Bench B"]
        self.data_bytes = sum(p.stat().st_size for p in self.folder.rglob("*") if p.is_file())

    def start(self) -> None:
        """Open as the app would on a later day."""
        started = time.perf_counter()
        self.store = open_store(self.folder)
        self.open = time.perf_counter() - started
        self.times: dict[str, list[float]] = {"save": [], "fold": []}
        #: CPU time of the same saves: what the disk's mood (an fsync stuck
        #: behind other processes' writes) can't change.
        self.cpu: dict[str, list[float]] = {"save": [], "fold": []}
        self.game = ""
        self.made = 0

    def record(self, n: int, series: str) -> None:
        index = self.store._s.index
        for _ in range(n):
            if self.made % NEW_GAME_EVERY == 0:
                self.game = self.store.create_game("standard", [self.a, self.b])
            i = self.made
            self.made += 1
            hand = Hand.knock(self.a if i % 2 else self.b, 3, 4) if i % 7 else Hand.draw()
            if series == "fold":
                index._lines = index_module.FOLD_EVERY - 1  # this save folds
            t, c = time.perf_counter(), time.process_time()
            self.store.record_hand(self.game, hand)
            self.times[series].append(time.perf_counter() - t)
            self.cpu[series].append(time.process_time() - c)

    def page_time(self) -> float:
        """The newest page of games: one block of the index (read cold)."""
        index = self.store._s.index
        newest = index.blocks()[0]["id"]
        index._loaded.discard(newest)
        t = time.perf_counter()
        index.block(newest)
        return time.perf_counter() - t

    def copy_open_time(self) -> float:
        copy = self.root / f"copy-{self.size}"
        shutil.copytree(self.folder, copy, ignore=shutil.ignore_patterns(".lock"))
        t = time.perf_counter()
        with open_store(copy) as store:
            took = time.perf_counter() - t
            assert not store.notices, store.notices
        return took


PEAK = r"""
import sys
from scorekeeper.store import open_store
with open_store(sys.argv[1]) as store:
    games = store.list_games(include_deleted=True)
    records = store.review_records()
with open("/proc/self/status") as f:  # VmHWM: this process's peak (ru_maxrss survives exec)
    peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
print(len(games), len(records), peak)
"""


PAGE_SAMPLES = 30


def history_page_times(folder: Path) -> tuple[int, dict[str, list[float]]]:
    """``page_games`` as the history and home screens call it, on the folder
    opened again (as the app opens it): per kind of page, the first call's
    time followed by ``PAGE_SAMPLES`` repeated ones (seconds)."""
    times: dict[str, list[float]] = {}
    with open_store(folder) as store:
        total = 0
        # One of the history's players (in about a third of its games).
        people = {p.name: p.id for p in store.players()}
        player = {"player_id": people.get("Player 0", people["Bench A"])}
        for label, offset, limit, filters in (
            ("newest", 0, 25, {}),
            ("middle", -1, 25, {}),
            ("home", 0, 5, {"finished": False}),
            ("player", 0, 25, player),
        ):
            if offset < 0:  # the middle of the history, on a page boundary
                offset = total // 2 // 25 * 25
            runs = []
            for _ in range(PAGE_SAMPLES + 1):
                t = time.perf_counter()
                found, page = store.page_games(offset, limit, **filters)
                runs.append(time.perf_counter() - t)
            assert len(page) == min(limit, max(found - offset, 0)), (label, found, len(page))
            total = max(total, found)
            times[label] = runs
    return total, times


def deleted_page_times(folder: Path) -> dict[str, list[float]]:
    """The "Deleted games" screen's page, newest 25 and the count, each way
    on the folder opened again (first call, then ``PAGE_SAMPLES`` repeated):
    ``after``, ``page_games(0, 25, deleted=True)``; ``before``, what the
    screen did until then: every game listed, the deleted ones kept."""
    times: dict[str, list[float]] = {}
    shown: dict[str, tuple[int, list[str]]] = {}
    for label in ("after", "before"):
        with open_store(folder) as store:
            runs = []
            for _ in range(PAGE_SAMPLES + 1):
                t = time.perf_counter()
                if label == "after":
                    count, page = store.page_games(0, 25, deleted=True)
                else:
                    found = [s for s in store.list_games(include_deleted=True) if s.deleted]
                    count, page = len(found), found[:25]
                runs.append(time.perf_counter() - t)
            times[label] = runs
            shown[label] = (count, [s.id for s in page])
    assert shown["after"] == shown["before"], "the two ways show different games"
    return times


def peak_memory_mb(folder: Path) -> float:
    out = subprocess.run(
        [sys.executable, "-c", PEAK, str(folder)], capture_output=True, text=True, check=True
    ).stdout.split()
    return int(out[2]) / 1024


def row(label: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return f"{label:>6} {statistics.median(ms):>8.2f} {rank(ms, 0.95):>8.2f} {max(ms):>8.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0,50000,200000")
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--dir", type=Path, help="where to build the data (default: a temp folder)")
    parser.add_argument("--imports-only", action="store_true", help="time only the imports")
    parser.add_argument("--no-imports", action="store_true", help="skip the imports")
    parser.add_argument("--fill", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.fill:
        folder, size = Path(args.fill[0]), int(args.fill[1])
        with open_store(folder) as store:
            if size:
                store.import_json(synthetic_export(size, deleted_every=DELETED_EVERY))
            store.add_player("Bench A"), store.add_player("Bench B")
        return 0
    imports_ok = True
    if not args.no_imports:
        with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
            imports_ok = bench_imports(Path(tmp))
    if args.imports_only:
        return 0 if imports_ok else 1
    sizes = [int(s) for s in args.sizes.split(",")]
    ok = True
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        print(f"filling {', '.join(f'{s:,}' for s in sizes)} hands ...", flush=True)
        subjects = [Subject(size, Path(tmp)) for size in sizes]
        for subject in subjects:
            subject.start()
        # Interleave the sizes in short rounds, so that whatever else the
        # machine does (other processes, disk flushes) hits every size alike.
        per_round = 5
        for done in range(0, args.samples, per_round):
            for series in ("save", "fold"):
                for subject in subjects:
                    subject.record(min(per_round, args.samples - done), series)
        print(
            f"record_hand, durable (fsync), {args.samples} samples per series and size "
            f"({sys.platform}); FOLD_EVERY={index_module.FOLD_EVERY}, "
            f"BLOCK={index_module.BLOCK}"
        )
        for subject in subjects:
            games = len(subject.store.list_games(include_deleted=True))
            page = subject.page_time() * 1000
            subject.store.close()
            copy = subject.copy_open_time() * 1000
            listed, pages = history_page_times(subject.folder)
            pages.update(deleted_page_times(subject.folder))
            peak = peak_memory_mb(subject.folder)
            print(
                f"\n{subject.size:,} hands ({games:,} games, {subject.data_bytes / 1e6:.1f} MB "
                f"on disk; filled in {subject.fill:.1f} s)"
            )
            print(f"{'series':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
            print(row("save", subject.times["save"]))
            print(row("fold", subject.times["fold"]))
            print(row("cpu", subject.cpu["save"]) + "   (CPU time of the saves)")
            print(row("cpu", subject.cpu["fold"]) + "   (CPU time of the folding saves)")
            print(
                f"open {subject.open * 1000:.1f} ms, open a copied folder {copy:.1f} ms, "
                f"newest page {page:.1f} ms, peak memory {peak:.0f} MB"
            )
            print(
                f"history page (page_games, {listed:,} games listed; first call after "
                f"the open, then p50 / p95 / max of {PAGE_SAMPLES}, ms):"
            )
            for label, what in (
                ("newest", "page_games(0, 25)"),
                ("middle", "page_games(middle, 25)"),
                ("home", "page_games(0, 5, finished=False)"),
                ("player", "page_games(0, 25, player_id=...)"),
                ("after", "page_games(0, 25, deleted=True)"),
                ("before", "(was) list_games(include_deleted) kept"),
            ):
                first, rest = pages[label][0], pages[label][1:]
                ms_ = [v * 1000 for v in rest]
                print(
                    f"  {what:>38}: first {first * 1000:7.2f}, {statistics.median(ms_):7.2f} "
                    f"{rank(ms_, 0.95):7.2f} {max(ms_):7.2f}"
                )
            every = subject.times["save"] + subject.times["fold"]
            if subject.size >= 200_000:
                met = (
                    rank(every, 0.95) < 0.025
                    and max(every) < 0.060
                    and subject.open < 0.100
                    and copy < 300
                    and peak < 150
                )
                ok = ok and met
                print(
                    "targets (p95 < 25 ms, max < 60 ms, open < 100 ms, copy < 300 ms, "
                    f"< 150 MB): {'OK' if met else 'MISSED'}"
                )
    return 0 if ok and imports_ok else 1


if __name__ == "__main__":
    sys.exit(main())
