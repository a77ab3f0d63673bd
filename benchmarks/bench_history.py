"""How long the review takes on a big history: the history list and all statistics.

    python benchmarks/bench_history.py [--games 2500] [--hands-per-game 20] [--repeat 5]

A temporary data folder is filled (through ``Store.import_json``, fsync off)
with ``--games`` games of about ``--hands-per-game`` hands each, a realistic
mix (standard, Hollywood, three-hand; knocks, gins, undercuts, draws) of
eight players.  Then, on the folder reopened as the app would open it:

(a) the history list: building the history screen (``list_games`` over
    every game, the rows of the first page of 50, the flet controls; no
    browser), first call and again (median), with its parts;
(b) all statistics, as the stats screen computes them the first time:
    loading every game from the store (``Store.game``: read + parse the
    game file, replay the ledger) and then ``statistics()``, timed apart;
    the load is split again into the engine replay alone (the same ledgers
    replayed from memory) and the rest (file reads, JSON, store bookkeeping).
    A second stats-screen visit reuses the replayed games (cached per
    process); ``ReviewModel.preload`` fills that cache in a background
    thread at session start, timed last.

Targets (issue #5): history under 200 ms, all statistics under 500 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics as stats_mod
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorekeeper.engine import PRESETS, Game, Hand, RuleError
from scorekeeper.engine import game as engine_game
from scorekeeper.i18n import Translator
from scorekeeper.review import statistics
from scorekeeper.store import open_store
from scorekeeper.store.docs import hand_to_doc, rules_to_doc, time_to_doc
from scorekeeper.store.exchange import EXPORT_FORMAT, EXPORT_VERSION
from scorekeeper.ui.review import PAGE, ReviewContext, ReviewModel, history_screen
from scorekeeper.ui.review import model as review_model

DRAWS = (["KS", "7H", "2C"], ["QD", "JC", "3H"], ["9S", "5D", "AC"])


def _stamp(ts: float) -> str:
    return time_to_doc(datetime.fromtimestamp(ts, UTC))


def _random_hand(rng: random.Random, game: Game) -> Hand:
    st = game.standings
    pair = [st.roles.box, st.roles.captain] if st.roles is not None else list(st.players)
    by = rng.choice(pair)
    r = rng.random()
    if r < 0.08:
        return Hand.draw()
    if r < 0.14:
        return Hand.gin(by, rng.randint(2, 20))
    if r < 0.20:
        k = rng.randint(3, 10)
        return Hand.undercut(by, k, rng.randint(0, k))
    k = rng.randint(1, 10)
    return Hand.knock(by, k, k + rng.randint(1, 6))


def synthetic_history(games: int, per_game: int, seed: int = 5) -> tuple[dict[str, Any], int]:
    """An export of ``games`` replayable games; returns it and its hand count."""
    rng = random.Random(seed)
    people = [{"id": uuid.uuid4().hex, "name": f"Player {i}", "hidden": False} for i in range(8)]
    ids = [p["id"] for p in people]
    rules = rules_to_doc(PRESETS["seed"])
    out = []
    total = 0
    t0 = time.time() - 86400 * 700
    for g in range(games):
        r = rng.random()
        fmt = "standard" if r < 0.6 else "hollywood" if r < 0.85 else "three-hand"
        players = rng.sample(ids, 3 if fmt == "three-hand" else 2)
        draw = rng.choice(DRAWS) if fmt == "three-hand" else None
        dealer = None if draw else players[0]
        game = Game(fmt, players, "seed", first_dealer=dealer, draw=draw)
        records = []
        created = t0 + g * 1200
        tries = 0
        cap = rng.randint(per_game // 2, per_game * 3 // 2)  # some games left unfinished
        while len(records) < cap and not game.standings.finished and tries < 200:
            tries += 1
            hand = _random_hand(rng, game)
            try:
                game.record(hand)
            except RuleError:
                continue
            seq = len(records)
            records.append(
                {
                    "id": uuid.uuid4().hex,
                    "seq": seq,
                    "entered_at": _stamp(created + seq * 30),
                    "superseded_at": None,
                    "superseded_reason": None,
                    "replaces": None,
                    "hand": hand_to_doc(hand),
                }
            )
        total += len(records)
        finished = game.standings.finished
        last = records[-1]["entered_at"] if records else _stamp(created)
        out.append(
            {
                "id": uuid.uuid4().hex,
                "setup": {"format": fmt, "players": players, "first_dealer": dealer,
                          "draw": draw},
                "rules": rules,
                "rules_name": "seed",
                "created_at": _stamp(created),
                "updated_at": last,
                "finished_at": last if finished else None,
                "deleted": False,
                "hands": records,
            }
        )  # fmt: skip
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "players": people,
        "games": out,
    }, total


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=2500)
    p.add_argument("--hands-per-game", type=int, default=20)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        t = time.perf_counter()
        data, hands = synthetic_history(args.games, args.hands_per_game)
        gen = time.perf_counter() - t
        t = time.perf_counter()
        with open_store(folder, durable=False) as store:
            report = store.import_json(data)
        fill = time.perf_counter() - t
        print(f"history: {report.games_added} games, {hands} hands, 8 players ({sys.platform})")
        print(f"  seeding: generate {gen:.1f} s, import (fsync off) {fill:.1f} s")

        with open_store(folder) as store:  # list_games on a fresh open, alone
            t = time.perf_counter()
            cold_list = store.list_games()
            listing = time.perf_counter() - t
        with open_store(folder) as store:  # reopened as the app opens it
            t = time.perf_counter()
            model = ReviewModel(store, Translator("en"))
            ctx = ReviewContext(model, lambda: None)
            history_screen(ctx)
            first = time.perf_counter() - t
            warm = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                history_screen(ctx)
                warm.append(time.perf_counter() - t)
            assert model.history_total == report.games_added
            summaries = store.list_games()
            assert len(summaries) == len(cold_list)
            t = time.perf_counter()
            for s in summaries:
                model.history_row(s)
            building = time.perf_counter() - t
            t = time.perf_counter()
            for s in summaries[:PAGE]:
                model.history_row(s)
            page_rows = time.perf_counter() - t
            print("(a) history list (target < 200 ms)")
            print(f"  open the history screen, first  {ms(first)}")
            print(f"  the same again, median of {args.repeat}     {ms(stats_mod.median(warm))}")
            print(f"    list_games ({len(summaries)} games, first) {ms(listing)}")
            print(f"    rows for the first page ({PAGE})   {ms(page_rows)}")
            print(f"    (rows for all {len(summaries)} games      {ms(building)})")
            rest = max(first - listing - page_rows, 0.0)
            print(f"    the rest (settings, players, flet controls) {ms(rest)}")

            t = time.perf_counter()
            records = model.records()
            load = time.perf_counter() - t
            t = time.perf_counter()
            result = statistics(records)
            stats_pass = time.perf_counter() - t
            engine_game._score.cache_clear()  # replay cold, as the load did
            t = time.perf_counter()
            for r in records:
                g = r.game
                Game(
                    g.format, g.players, g.rules, first_dealer=g.first_dealer
                    if g.roles is None else None, roles=g.roles if g.draw is None else None,
                    draw=g.draw, hands=g.hands, names=g.names,
                )  # fmt: skip
            replay = time.perf_counter() - t
            t = time.perf_counter()
            again = model.statistics()
            second = time.perf_counter() - t
            review_model._CACHE.clear()
            fresh = ReviewModel(store, Translator("en"))
            t = time.perf_counter()
            fresh.preload()
            preload = time.perf_counter() - t
            assert again.games == result.games == len(records)
            print("(b) all statistics, first visit (target < 500 ms)")
            print(f"  load {len(records)} games from the store {ms(load)}")
            print(f"    of which engine replay (cold)  {ms(replay)}")
            print(f"    file read, JSON, hand docs, store{ms(max(load - replay, 0.0))}")
            print(f"  statistics() pass               {ms(stats_pass)}")
            print(f"  total                           {ms(load + stats_pass)}")
            print(f"  second visit (games cached)     {ms(second)}")
            print(f"  background preload at session start {ms(preload)}, then as above")
            print(f"  ({result.hands} hands, {len(result.players)} players, "
                  f"{len(result.pairs())} pairs)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
