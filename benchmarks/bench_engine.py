"""Engine speed: the meld search and scoring a hand from both players' cards.

    python benchmarks/bench_engine.py [--hands 20000] [--seed 1]

Prints hands per second of ``best_arrangement`` on seeded random 10-card
hands and on meld-rich hands (cold: the first pass, with the per-suit cache
empty; warm: a second pass), and the p50 / p99 time to score one hand given
both players' full hands (melds, every knocker arrangement, lay-offs).
Targets on the reference machine: 150,000 random and 50,000 meld-rich hands/s,
p99 under 1 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine import DECK, Card, Hand, Rules, best_arrangement, deadwood_of, score_hand
from scorekeeper.engine.melds import _LANE_CACHE


def random_hands(rng: random.Random, n: int, size: int = 10) -> list[tuple[Card, ...]]:
    return [tuple(rng.sample(DECK, size)) for _ in range(n)]


def planted_meld(rng: random.Random, free: set[Card]) -> list[Card]:
    """A random set or run made of cards still in ``free`` (empty if none fits)."""
    for _ in range(50):
        if rng.random() < 0.45:
            rank = rng.randint(1, 13)
            cards = [c for c in free if c.rank == rank]
            if len(cards) >= 3:
                return rng.sample(cards, rng.choice([3, 3, 4]) if len(cards) == 4 else 3)
        else:
            suit = rng.randrange(4)
            length = rng.choice([3, 3, 4, 5])
            lo = rng.randint(1, 14 - length)
            cards = [DECK[suit * 13 + r - 1] for r in range(lo, lo + length)]
            if all(c in free for c in cards):
                return cards
    return []


def meld_rich_hands(rng: random.Random, n: int, size: int = 10) -> list[tuple[Card, ...]]:
    """Hands with two or three planted melds, often overlapping sets and runs."""
    out: list[tuple[Card, ...]] = []
    while len(out) < n:
        free = set(DECK)
        hand: list[Card] = []
        for _ in range(rng.choice([2, 3, 3])):
            meld = planted_meld(rng, free)
            if len(hand) + len(meld) <= size:
                hand += meld
                free -= set(meld)
        # Near cards make the overlaps that stress the search (7♠7♥7♦ + 8♠9♠).
        while len(hand) < size:
            anchor = rng.choice(hand) if hand and rng.random() < 0.6 else rng.choice(DECK)
            near = [c for c in free if abs(c.rank - anchor.rank) <= 1]
            pick = rng.choice(near) if near else rng.choice(sorted(free))
            hand.append(pick)
            free.discard(pick)
        rng.shuffle(hand)
        out.append(tuple(hand))
    return out


def knock_deals(rng: random.Random, n: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Knocker hands that may knock (deadwood <= 10) and a defender's ten from the rest."""
    deals: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    while len(deals) < n:
        knocker = meld_rich_hands(rng, 1)[0]
        if deadwood_of(knocker) > 10:
            continue
        rest = [c for c in DECK if c not in knocker]
        deals.append((knocker, tuple(rng.sample(rest, 10))))
    return deals


def rate(
    fn: Callable[[tuple[Card, ...]], object],
    hands: Sequence[tuple[Card, ...]],
    *,
    cold: bool = False,
    repeat: int = 3,
) -> float:
    """Best of ``repeat`` passes (the least disturbed by other processes);
    ``cold`` empties the per-suit cache before each pass."""
    best = 0.0
    for _ in range(repeat):
        if cold:
            for cache in _LANE_CACHE:
                cache.clear()
        start = time.perf_counter()
        for h in hands:
            fn(h)
        best = max(best, len(hands) / (time.perf_counter() - start))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--deals", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    plain = random_hands(rng, args.hands)
    rich = meld_rich_hands(rng, args.hands)
    deals = knock_deals(rng, args.deals)

    print("hands per second, best of 3 passes; cold = per-suit cache emptied before each pass")
    for label, hands in (("random", plain), ("meld-rich", rich)):
        print(f"best_arrangement, {len(hands):,} {label} 10-card hands:")
        print(f"  cold {rate(best_arrangement, hands, cold=True):>10,.0f} hands/s")
        print(f"  warm {rate(best_arrangement, hands):>10,.0f} hands/s")
    print(f"deadwood_of (count only), random: {rate(deadwood_of, plain):,.0f} hands/s")

    rules = Rules()
    times = []
    for knocker, defender in deals:
        hand = Hand.from_cards("K", knocker, defender)
        t0 = time.perf_counter_ns()
        score_hand(hand, rules)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    times.sort()
    p50 = statistics.median(times)
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"score one hand from both full hands (melds + lay-offs), {len(deals):,} deals:")
    print(f"  p50 {p50:.3f} ms   p99 {p99:.3f} ms   max {times[-1]:.3f} ms")


if __name__ == "__main__":
    main()
