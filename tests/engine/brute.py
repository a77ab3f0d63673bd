"""Independent brute-force reference for melds, deadwood and lay-offs.

Nothing here uses the engine's search: melds are enumerated literally from the
rules (every 3- and 4-card same-rank subset, every run of 3+ consecutive
same-suit cards, ace low only) and disjoint melds are chosen by an exhaustive
recursion.  Results are cached by frozenset so thousands of hands stay cheap.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from itertools import combinations, pairwise

from scorekeeper.engine import DECK, SUITS, Arrangement, Card, Suit

CardSet = frozenset[Card]
MeldSet = frozenset[CardSet]


def value(c: Card) -> int:
    """A = 1, 2-10 face value, J Q K = 10 (RULES §1)."""
    return min(c.rank, 10)


def total(cards: Iterable[Card]) -> int:
    return sum(value(c) for c in cards)


def is_set(cards: Iterable[Card]) -> bool:
    cs = list(cards)
    return 3 <= len(cs) <= 4 and len({c.rank for c in cs}) == 1 and len(set(cs)) == len(cs)


def is_run(cards: Iterable[Card]) -> bool:
    cs = sorted(cards, key=lambda c: c.rank)
    return (
        len(cs) >= 3
        and len({c.suit for c in cs}) == 1
        and all(b.rank == a.rank + 1 for a, b in pairwise(cs))
    )


def is_meld(cards: Iterable[Card]) -> bool:
    cs = list(cards)
    return is_set(cs) or is_run(cs)


@cache
def melds_in(cards: CardSet) -> tuple[CardSet, ...]:
    """Every meld that can be formed from ``cards``."""
    by_rank: dict[int, list[Card]] = {}
    ranks_by_suit: dict[object, dict[int, Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
        ranks_by_suit.setdefault(c.suit, {})[c.rank] = c
    out: list[CardSet] = []
    for cs in by_rank.values():
        for k in (3, 4):
            out.extend(frozenset(x) for x in combinations(cs, k))
    for ranks in ranks_by_suit.values():
        for lo in range(1, 12):
            run: list[Card] = []
            r = lo
            while r in ranks:  # ace (1) is only ever the low end: r never wraps past 13
                run.append(ranks[r])
                if len(run) >= 3:
                    out.append(frozenset(run))
                r += 1
    return tuple(out)


def _pivot(cards: CardSet) -> Card:
    return min(cards, key=lambda c: c.index)


_MIN_DEADWOOD: dict[CardSet, int] = {}


def min_deadwood(cards: CardSet, candidates: tuple[CardSet, ...] | None = None) -> int:
    """Least deadwood over every choice of disjoint melds (exhaustive).

    ``candidates`` may list the melds of a superset of ``cards`` (those not
    inside ``cards`` are skipped), which saves enumerating them again.
    """
    hit = _MIN_DEADWOOD.get(cards)
    if hit is not None:
        return hit
    if not cards:
        return 0
    if candidates is None:
        candidates = melds_in(cards)
    c = _pivot(cards)
    best = value(c) + min_deadwood(cards - {c}, candidates)  # c stays deadwood ...
    for m in candidates:  # ... or c is in one of the melds that hold it
        if c in m and m <= cards:
            best = min(best, min_deadwood(cards - m, candidates))
    _MIN_DEADWOOD[cards] = best
    return best


def all_min_arrangements(cards: CardSet) -> set[MeldSet]:
    """Every collection of disjoint melds reaching the minimum deadwood."""
    target = min_deadwood(cards)
    out: set[MeldSet] = set()

    def walk(rest: CardSet, chosen: tuple[CardSet, ...], dead: int) -> None:
        if dead + min_deadwood(rest) > target:
            return
        if not rest:
            out.add(frozenset(chosen))
            return
        c = _pivot(rest)
        walk(rest - {c}, chosen, dead + value(c))
        for m in melds_in(rest):
            if c in m:
                walk(rest - m, (*chosen, m), dead)

    walk(cards, (), 0)
    return out


def all_layouts(cards: CardSet) -> set[MeldSet]:
    """Every collection of disjoint melds (any, not only the least-deadwood ones)."""
    melds = melds_in(cards)
    out: set[MeldSet] = set()

    def walk(start: int, used: CardSet, chosen: tuple[CardSet, ...]) -> None:
        out.add(frozenset(chosen))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                walk(i + 1, used | melds[i], (*chosen, melds[i]))

    walk(0, frozenset(), ())
    return out


def extends(meld: CardSet, c: Card) -> bool:
    """Whether ``c`` may be laid off on ``meld`` (RULES §2)."""
    if c in meld:
        return False
    if is_set(meld):
        return len(meld) == 3 and next(iter(meld)).rank == c.rank
    ranks = [m.rank for m in meld]
    return next(iter(meld)).suit == c.suit and c.rank in (min(ranks) - 1, max(ranks) + 1)


@cache
def layoff_min(knocker_melds: MeldSet, defender: CardSet) -> int:
    """Least defender deadwood over every sequence of single-card lay-offs."""
    best = min_deadwood(defender)
    for c in defender:
        for m in knocker_melds:
            if extends(m, c):
                grown = (knocker_melds - {m}) | {m | {c}}
                best = min(best, layoff_min(grown, defender - {c}))
    return best


def layoffs_legal(knocker_melds: MeldSet, laid: CardSet) -> bool:
    """Whether the cards ``laid`` can all be laid off, in some order."""
    if not laid:
        return True
    for c in laid:
        for m in knocker_melds:
            if extends(m, c):
                grown = (knocker_melds - {m}) | {m | {c}}
                if layoffs_legal(grown, laid - {c}):
                    return True
    return False


def meld_sets(melds: Iterable[object]) -> MeldSet:
    """Engine melds as a frozenset of frozensets of cards."""
    return frozenset(frozenset(m.cards) for m in melds)  # type: ignore[attr-defined]


def check_arrangement(arr: Arrangement, hand: Iterable[Card]) -> None:
    """An arrangement is internally consistent with the hand it came from."""
    hand = list(hand)
    used: list[Card] = []
    for m in arr.melds:
        assert is_meld(m.cards), f"{m} is not a meld"
        assert (m.kind.value == "set") == is_set(m.cards), f"{m} has kind {m.kind}"
        used.extend(m.cards)
    used.extend(arr.deadwood_cards)
    used.extend(arr.laid_off)
    assert len(used) == len(set(used)), "a card is used twice"
    assert sorted(used) == sorted(hand), "melds + deadwood != the hand"
    assert arr.deadwood == total(arr.deadwood_cards)


# --- Hand generators ---------------------------------------------------------

_BY = {(c.rank, c.suit): c for c in DECK}


def _c(rank: int, suit: Suit) -> Card:
    return _BY[rank, suit]


def _plant_set(rng: random.Random) -> list[Card]:
    r = rng.randint(1, 13)
    return [_c(r, s) for s in rng.sample(SUITS, rng.choice((3, 3, 4)))]


def _plant_run(rng: random.Random) -> list[Card]:
    n = rng.choice((3, 3, 4, 5, 6))
    lo = rng.randint(1, 14 - n)
    s = rng.choice(SUITS)
    return [_c(r, s) for r in range(lo, lo + n)]


def _plant_set_and_run(rng: random.Random) -> list[Card]:
    """Like 7♠7♥7♦ + 8♠9♠ (or 5♠6♠ below, or 6♠ 8♠ around): the 7♠ is shared."""
    r = rng.randint(1, 13)
    suits = rng.sample(SUITS, rng.choice((3, 3, 4)))
    s = suits[0]
    options = [d for d in ((1, 2), (-1, -2), (-1, 1)) if all(1 <= r + x <= 13 for x in d)]
    d = rng.choice(options)
    return [_c(r, t) for t in suits] + [_c(r + x, s) for x in d]


def _plant_quad_by_runs(rng: random.Random) -> list[Card]:
    """Four of a kind with run pieces next to it in one or two suits."""
    r = rng.randint(1, 13)
    out = [_c(r, s) for s in SUITS]
    for s in rng.sample(SUITS, rng.choice((1, 2))):
        options = [
            d for d in ((1, 2), (-1, -2), (-1, 1), (1,), (-1,)) if all(1 <= r + x <= 13 for x in d)
        ]
        out += [_c(r + x, s) for x in rng.choice(options)]
    return out


def _plant_parallel_runs(rng: random.Random) -> list[Card]:
    """The same three ranks in two or three suits: sets or runs."""
    lo = rng.randint(1, 11)
    return [_c(r, s) for s in rng.sample(SUITS, rng.choice((2, 3))) for r in range(lo, lo + 3)]


PLANTERS = (_plant_set, _plant_run, _plant_set_and_run, _plant_quad_by_runs, _plant_parallel_runs)


def random_hand(rng: random.Random, n: int) -> tuple[Card, ...]:
    return tuple(rng.sample(DECK, n))


def meld_rich_hand(
    rng: random.Random, n: int, exclude: Iterable[Card] = (), planted: int | None = None
) -> tuple[Card, ...]:
    """Plant 2-3 random (often overlapping) melds, then fill with random cards."""
    banned = set(exclude)
    hand: list[Card] = []
    for _ in range(planted or rng.choice((2, 3))):
        for c in rng.choice(PLANTERS)(rng):
            if c not in banned and c not in hand and len(hand) < n:
                hand.append(c)
    rest = [c for c in DECK if c not in banned and c not in hand]
    hand += rng.sample(rest, n - len(hand))
    rng.shuffle(hand)
    return tuple(hand)
