"""Live sheets: the time from one session's save to every other session's
updated sheet, and the save's own time, with 8 sessions on one game.

    python benchmarks/bench_live.py [--sessions 8] [--hands 60] [--saves 30]

The sessions are the app's real Flet sessions in this process, as the web
server runs them: one event loop, one pubsub hub, each page connected to a
connection that encodes every message exactly as the WebSocket would
(``tests/ui/flet_page.py``), over a real store in a fresh folder.  A game
with ``--hands`` hands is open on every session's sheet; session 1 enters
and saves ``--saves`` more hands.  For each save:

- **save**: the Save tap's handler on session 1 (store write with the
  revision check, replay, redraw and diff of its own sheet, the message to
  the others), beside the same figure with session 1 alone on the server;
- **live**: from the tap to each other session's sheet redrawn, diffed and
  encoded (server side), and to the last of them.

Targets: live p95 < 250 ms with 8 sessions; the save no slower than 1.5× the
single-session save (p50).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from figures import rank  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from scorekeeper.engine import Hand, Rules  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from scorekeeper.ui.app import GinApp  # noqa: E402
from tests.support.flet_page import new_page  # noqa: E402


def line(label: str, values: list[float]) -> str:
    return (
        f"{label:<34} n={len(values):<4} p50 {statistics.median(values):7.1f} ms"
        f"   p95 {rank(values, 0.95):7.1f} ms   max {max(values):7.1f} ms"
    )


class Table:
    """``n`` sessions of one server on one game's sheet."""

    def __init__(self, store: Any, n: int, gid: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.hub = PubSubHub(self.loop)
        self.conns: list[Any] = []
        self.apps: list[GinApp] = []
        #: (session index, when its live redraw finished)
        self.done: list[tuple[int, float]] = []
        for i in range(n):
            page, conn = new_page(self.loop, self.hub)
            self.conns.append(conn)
            gin = GinApp(page, store)
            gin.model.rng = random.Random(i)
            gin.start()
            gin.on(gin.model.open_game, gid)(None)
            self._watch(i, gin)
            self.apps.append(gin)
        self.pump()

    def _watch(self, i: int, gin: GinApp) -> None:
        inner = gin.heard.on_live

        def timed(change: Any) -> None:
            inner(change)
            self.done.append((i, time.perf_counter()))

        assert gin.live is not None
        gin.live.on_change = timed

    def pump(self) -> None:
        async def turns() -> None:
            for _ in range(20):
                await asyncio.sleep(0)

        self.loop.run_until_complete(turns())

    def save(self, i: int) -> tuple[float, list[float]]:
        """Session 0 saves a hand; (save ms, each other session's lag in ms)."""
        gin = self.apps[0]
        m = gin.model
        gin.on(m.open_hand)(None)
        form = m.hand
        assert form is not None
        form.set_knocker(form.candidates()[i % 2])
        for ch in "5":
            form.press(ch)
        form.set_active("defender")
        for ch in str(20 + i % 30):
            form.press(ch)
        gin.render()
        self.pump()
        self.done.clear()
        for c in self.conns:
            c.take()
        start = time.perf_counter()
        gin.on(m.save_hand)(None)
        saved = time.perf_counter()
        assert m.screen == "sheet", m.error
        self.pump()
        first: dict[int, float] = {}  # the game's topic redraws; the lists' then finds it current
        for who, t in self.done:
            first.setdefault(who, t)
        lags = [(t - start) * 1000 for who, t in first.items() if who != 0]
        return (saved - start) * 1000, lags

    def close(self) -> None:
        for gin in self.apps:
            gin.close()
        self.loop.close()


def setup(folder: Path, hands: int) -> tuple[Any, Any, str]:
    cm = open_store(folder, durable=False)
    store = cm.__enter__()
    ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
    gid = store.create_game("standard", [ann, bob], Rules(target=10_000), first_dealer=ann)
    for i in range(hands):
        store.record_hand(gid, Hand.knock(ann if i % 2 == 0 else bob, 5, 6 + i % 20))
    return cm, store, gid


def run(sessions: int, hands: int, saves: int) -> tuple[list[float], list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        cm, store, gid = setup(Path(tmp) / "data", hands)
        try:
            table = Table(store, sessions, gid)
            save_ms: list[float] = []
            lag_ms: list[float] = []
            last_ms: list[float] = []
            for i in range(saves):
                s, lags = table.save(i)
                save_ms.append(s)
                if sessions > 1:
                    assert len(lags) == sessions - 1, lags
                    lag_ms.extend(lags)
                    last_ms.append(max(lags))
            table.close()
        finally:
            cm.__exit__(None, None, None)
    return save_ms, lag_ms, last_ms


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=8)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--saves", type=int, default=30)
    args = ap.parse_args(argv)
    print(f"data: {args.sessions} sessions on one game of {args.hands} hands, {args.saves} saves")
    run(2, 5, 3)  # warm up: imports, caches
    alone, _, _ = run(1, args.hands, args.saves)
    save_ms, lag_ms, last_ms = run(args.sessions, args.hands, args.saves)
    print(line("save, 1 session", alone))
    print(line(f"save, {args.sessions} sessions", save_ms))
    print(line("save -> each other sheet updated", lag_ms))
    print(line("save -> every other sheet updated", last_ms))
    ratio = statistics.median(save_ms) / statistics.median(alone)
    p95 = rank(lag_ms, 0.95)
    print(f"save time ratio (p50, {args.sessions} vs 1 session): {ratio:.2f}x (target <= 1.5x)")
    print(f"live p95: {p95:.1f} ms (target < 250 ms)")
    ok = ratio <= 1.5 and p95 < 250
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
