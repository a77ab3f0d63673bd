"""Melds, deadwood and lay-offs, computed exactly.

A hand is held as a bit mask with one 16-bit lane per suit.  The search for
the minimum deadwood splits in two independent parts:

* sets: only ranks with three or four cards can form one; for each such rank
  the hand either makes no set of it, one of its 3-card subsets, or the full
  set of four.  A 10-card hand has at most three such ranks, so there are at
  most a few dozen choices;
* runs: once the set cards are removed, each suit is on its own, and the best
  runs of a 13-bit suit mask come from a table built once (8,192 entries).

So the exact answer is one table look-up per suit for the many hands that
hold no three of a kind, and a short loop over the set choices otherwise.

>>> from .cards import parse_cards
>>> a = best_arrangement(parse_cards("7S 7H 7D 8S 9S KC QC 2D 3H 4C"))
>>> [str(m) for m in a.melds], a.deadwood
(['7♠ 8♠ 9♠'], 43)
>>> a = best_arrangement(parse_cards("7S 7H 7D 8S 9S 10S AC 2D 3H 4C"))
>>> [str(m) for m in a.melds], a.deadwood
(['7♠ 7♥ 7♦', '8♠ 9♠ 10♠'], 10)
>>> k = best_knock(parse_cards("5H 6H 7H 9C 9D 9S 2C 3C 4C KS AD"))
>>> str(k.discard), k.deadwood
('K♠', 1)
>>> knocker = best_arrangement(parse_cards("5S 6S 7S 9C 9D 9H 2C 3C 4C AD"))
>>> [str(m) for m in knocker.melds], knocker.deadwood
(['5♠ 6♠ 7♠', '9♥ 9♦ 9♣', '2♣ 3♣ 4♣'], 1)
>>> d = lay_off(knocker.melds, parse_cards("4S 8S 9S TH JH QH 2D 3D 5C KC"))
>>> [str(c) for c in d.laid_off], [str(m) for m in d.melds], d.deadwood
(['4♠', '8♠', '9♠', '5♣'], ['10♥ J♥ Q♥'], 15)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from operator import attrgetter
from typing import Any, NamedTuple

from .cards import DECK, LANE, SUITS, Card, parse_cards
from .errors import RuleError

__all__ = [
    "Arrangement",
    "Meld",
    "MeldKind",
    "all_best_arrangements",
    "best_arrangement",
    "best_knock",
    "knock_layouts",
    "lay_off",
]

_FULL = (1 << 13) - 1
_get_bit = attrgetter("bit")
_get_index = attrgetter("index")


class MeldKind(Enum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (3-4 cards of one rank) or a run (3+ consecutive cards of one suit)."""

    kind: MeldKind
    cards: tuple[Card, ...]

    @staticmethod
    def of(cards: Iterable[Card | str]) -> Meld:
        """Check and build a meld from cards in any order.

        >>> str(Meld.of(["9S", "7S", "8S"])), Meld.of("4H 4S 4C".split()).kind.value
        ('7♠ 8♠ 9♠', 'set')
        >>> Meld.of(["QS", "KS", "AS"])
        Traceback (most recent call last):
        ...
        scorekeeper.engine.errors.RuleError: Q♠ K♠ A♠ is not a meld (the ace is always low)
        """
        cs = tuple(sorted(parse_cards(list(cards)), key=lambda c: (c.rank, c.suit.index)))
        if 3 <= len(cs) <= 4 and len({c.rank for c in cs}) == 1:
            return Meld(MeldKind.SET, cs)
        if (
            len(cs) >= 3
            and len({c.suit for c in cs}) == 1
            and all(b.rank == a.rank + 1 for a, b in itertools.pairwise(cs))
        ):
            return Meld(MeldKind.RUN, cs)
        shown = " ".join(str(c) for c in parse_cards(list(cards)))
        if any(c.rank == 1 for c in cs):
            raise RuleError("{cards} is not a meld (the ace is always low)", cards=shown)
        raise RuleError("{cards} is not a meld", cards=shown)

    @property
    def value(self) -> int:
        return sum(c.value for c in self.cards)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


class Arrangement(NamedTuple):
    """One way to lay out a hand: melds, the rest as deadwood.

    An immutable named tuple rather than a frozen dataclass: it is built for
    every hand the meld search answers, and a tuple is built three times
    faster, which matters at 150,000 hands a second.

    ``discard`` is set by :func:`best_knock` (``None`` for big gin: all 11
    cards melded); ``laid_off`` by :func:`lay_off` (the defender's cards laid
    off on the knocker's melds, which count neither as melds nor deadwood).
    """

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int
    discard: Card | None = None
    laid_off: tuple[Card, ...] = ()

    @property
    def is_gin(self) -> bool:
        return self.deadwood == 0

    def can_knock(self, limit: int) -> bool:
        """Whether this hand may knock under ``limit`` (0 means gin only)."""
        return self.deadwood <= limit

    @property
    def is_big_gin(self) -> bool:
        """All eleven cards melded, so no discard was needed."""
        return self.discard is None and self.deadwood == 0 and _card_count(self) == 11


def _card_count(a: Arrangement) -> int:
    return sum(len(m.cards) for m in a.melds) + len(a.deadwood_cards) + len(a.laid_off)


# --- Tables for one suit's 13-bit mask --------------------------------------


def _build_run_tables() -> tuple[list[int], list[tuple[tuple[int, int], ...]]]:
    """For every suit mask: the best melded value of runs, and one best layout.

    Walks masks in increasing order so that every sub-mask a choice leads to
    (always smaller: it has the lowest card removed) is already known.  Among
    equal values the layout with fewer, longer runs wins (what people show).
    """
    values = [0] * (1 << 13)
    layouts: list[tuple[tuple[int, int], ...]] = [()] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = (mask & -mask).bit_length() - 1  # lowest rank present, 0-based
        rest = mask & ~(1 << low)
        best_v, best_l = values[rest], layouts[rest]
        top = low
        run_value = _rank_value(low)
        while top + 1 < 13 and mask >> (top + 1) & 1:
            top += 1
            run_value += _rank_value(top)
            if top - low >= 2:
                run_mask = ((1 << (top + 1)) - 1) ^ ((1 << low) - 1)
                sub = mask & ~run_mask
                v = run_value + values[sub]
                layout = ((low, top), *layouts[sub])
                if v > best_v or (v == best_v and len(layout) <= len(best_l)):
                    best_v, best_l = v, layout
        values[mask], layouts[mask] = best_v, best_l
    return values, layouts


def _rank_value(bit: int) -> int:
    return min(bit + 1, 10)


def _by_lowest_card(first: Any, step: Callable[[int, Any], Any]) -> list[Any]:
    """A table over every suit mask built from the mask without its lowest
    card (one step per mask: a phone's Python is several times slower)."""
    table = [first] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        table[mask] = step(low.bit_length() - 1, table[mask ^ low])
    return table


@lru_cache(maxsize=4096)
def _all_run_layouts(mask: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every layout of runs reaching the best value for this suit mask."""
    target = _RUN_VALUE[mask]
    out: list[tuple[tuple[int, int], ...]] = []

    def walk(m: int, acc: tuple[tuple[int, int], ...], value: int) -> None:
        if value + _RUN_VALUE[m] < target:
            return
        if m == 0:
            out.append(acc)
            return
        low = (m & -m).bit_length() - 1
        walk(m & ~(1 << low), acc, value)
        top, v = low, _rank_value(low)
        while top + 1 < 13 and m >> (top + 1) & 1:
            top += 1
            v += _rank_value(top)
            if top - low >= 2:
                run_mask = ((1 << (top + 1)) - 1) ^ ((1 << low) - 1)
                walk(m & ~run_mask, (*acc, (low, top)), value + v)

    walk(mask, (), 0)
    return tuple(out)


# --- The search --------------------------------------------------------------

_SetChoice = tuple[tuple[int, int], ...]  # ((rank0, suit lanes bitmask 0..15), ...)


def _lanes(mask: int) -> tuple[int, int, int, int]:
    return (mask & _FULL, mask >> LANE & _FULL, mask >> 2 * LANE & _FULL, mask >> 3 * LANE & _FULL)


_SET_SUITS = (7, 11, 13, 14, 15)  # suit bitmasks of a set: any three suits, or all four
_SET_MELDS = {
    (r, suits): Meld(
        MeldKind.SET, tuple(DECK[lane * 13 + r] for lane in range(4) if suits >> lane & 1)
    )
    for r in range(13)
    for suits in _SET_SUITS
}
_SET_MASK = {key: sum(c.bit for c in meld.cards) for key, meld in _SET_MELDS.items()}
_SET_VALUE = {key: meld.value for key, meld in _SET_MELDS.items()}


# For each rank and the suits it is held in (3 or 4 of them): the ways to
# use it in sets, as (cards removed, value melded, set key or None).
_Option = tuple[int, int, tuple[int, int] | None]
_RANK_OPTIONS: dict[tuple[int, int], list[_Option]] = {
    (r, held): [(0, 0, None)]
    + [
        (_SET_MASK[r, suits], _SET_VALUE[r, suits], (r, suits))
        for suits in ((15, 7, 11, 13, 14) if held == 15 else (held,))
    ]
    for r in range(13)
    for held in _SET_SUITS
}


def _run_reach(mask: int) -> int:
    """The ranks of a suit mask that some run of three could use."""
    starts = mask & mask >> 1 & mask >> 2
    return starts | starts << 1 | starts << 2


def _search(mask: int) -> tuple[int, list[_SetChoice]]:
    """Best melded value of a hand mask, and every set choice that reaches it."""
    f = _FULL
    a, b, c, d = mask & f, mask >> LANE & f, mask >> 2 * LANE & f, mask >> 3 * LANE & f
    rv = _RUN_VALUE
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not three:
        return rv[a] + rv[b] + rv[c] + rv[d], [()]
    # A rank none of whose cards could sit in a run always makes its whole set
    # (leaving a card out only adds deadwood): no need to branch on it.
    reach = _RUN_REACH[a] | _RUN_REACH[b] | _RUN_REACH[c] | _RUN_REACH[d]
    forced: list[tuple[int, int]] = []
    forced_removed = forced_value = 0
    options = []
    while three:
        low = three & -three
        three ^= low
        r = low.bit_length() - 1
        held = (a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3
        if reach & low:
            options.append(_RANK_OPTIONS[r, held])
        else:
            forced.append((r, held))
            forced_removed |= _SET_MASK[r, held]
            forced_value += _SET_VALUE[r, held]
    if not options:
        m = mask & ~forced_removed
        value = rv[m & f] + rv[m >> LANE & f] + rv[m >> 2 * LANE & f] + rv[m >> 3 * LANE]
        return forced_value + value, [tuple(forced)]
    mask &= ~forced_removed
    best = -1
    winners: list[_SetChoice] = []
    for combo in itertools.product(*options) if len(options) > 1 else ((o,) for o in options[0]):
        removed = 0
        value = forced_value
        for rm, v, _ in combo:
            removed |= rm
            value += v
        m = mask & ~removed
        value += rv[m & f] + rv[m >> LANE & f] + rv[m >> 2 * LANE & f] + rv[m >> 3 * LANE]
        if value >= best:
            chosen = (*forced, *(key for _, _, key in combo if key))
            if value > best:
                best, winners = value, [chosen]
            else:
                winners.append(chosen)
    return best, winners


def _duplicate_check(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise RuleError("{card} is given twice", card=str(c))
        seen.add(c)


def _mask_of(cards: Sequence[Card]) -> int:
    mask: int = sum(map(_get_bit, cards))
    if mask.bit_count() != len(cards):
        _duplicate_check(cards)
    return mask


def _total_value(mask: int) -> int:
    a, b, c, d = _lanes(mask)
    total: int = _MASK_VALUE[a] + _MASK_VALUE[b] + _MASK_VALUE[c] + _MASK_VALUE[d]
    return total


# One suit's part of an arrangement: its runs, its leftover cards and their
# value.  Built on first use for each (suit, mask) and kept: at most 4 x 8,192.
_SUIT_CARDS = tuple(DECK[lane * 13 : lane * 13 + 13] for lane in range(4))
_LaneParts = tuple[tuple[Meld, ...], tuple[Card, ...], int]
_LANE_CACHE: tuple[dict[int, _LaneParts], ...] = ({}, {}, {}, {})


def _lane_parts(
    lane: int, mask: int, layout: tuple[tuple[int, int], ...] | None = None
) -> _LaneParts:
    if layout is None:
        cached = _LANE_CACHE[lane].get(mask)
        if cached is not None:
            return cached
    runs = _RUN_LAYOUT[mask] if layout is None else layout
    suit_cards = _SUIT_CARDS[lane]
    melds = []
    rest = mask
    for lo, hi in runs:
        melds.append(Meld(MeldKind.RUN, suit_cards[lo : hi + 1]))
        rest &= ~(((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1))
    parts = (tuple(melds), tuple(map(suit_cards.__getitem__, _RANKS_IN[rest])), _MASK_VALUE[rest])
    if layout is None:
        _LANE_CACHE[lane][mask] = parts
    return parts


def _meld_key(m: Meld) -> int:
    return m.cards[0].index


def _materialize(
    lanes: tuple[int, int, int, int],
    sets: _SetChoice,
    layouts: Sequence[tuple[tuple[int, int], ...] | None] = (None, None, None, None),
) -> Arrangement:
    """Build the arrangement for a set choice; ``lanes`` are the suit masks
    left once the set cards are out."""
    melds = [_SET_MELDS[s] for s in sets]
    dead: tuple[Card, ...] = ()
    deadwood = 0
    for lane in range(4):
        layout = layouts[lane]
        if layout is None:
            parts = _LANE_CACHE[lane].get(lanes[lane]) or _lane_parts(lane, lanes[lane])
        else:
            parts = _lane_parts(lane, lanes[lane], layout)
        melds.extend(parts[0])
        dead += parts[1]
        deadwood += parts[2]
    melds.sort(key=_meld_key)
    return Arrangement(tuple(melds), dead, deadwood)


def _remaining_lanes(mask: int, sets: _SetChoice) -> tuple[int, int, int, int]:
    for r, suits in sets:
        mask &= ~_SET_MASK[r, suits]
    return _lanes(mask)


# The tables over every suit mask (8,192 entries each), filled in place at the
# first hand looked at rather than at import: the phone's start imports the
# engine for its home screen, which looks at no cards, and building them there
# took 50-90 ms of it.  Every public function reads its cards through
# _hand_and_mask first, which fills them.
_RUN_VALUE: list[int] = []  # the best value melded in runs
_RUN_LAYOUT: list[tuple[tuple[int, int], ...]] = []  # one best layout of runs
_MASK_VALUE: list[int] = []  # the value of all the cards
_RUN_REACH: list[int] = []  # the ranks some run of three could use
_RANKS_IN: list[tuple[int, ...]] = []  # the ranks held


def _fill_tables() -> None:
    values, layouts = _build_run_tables()
    _RUN_VALUE[:], _RUN_LAYOUT[:] = values, layouts
    _MASK_VALUE[:] = _by_lowest_card(0, lambda rank, rest: _rank_value(rank) + rest)
    _RUN_REACH[:] = [_run_reach(m) for m in range(1 << 13)]
    _RANKS_IN[:] = _by_lowest_card((), lambda rank, rest: (rank, *rest))


def _hand_and_mask(cards: Iterable[Card | str] | str) -> tuple[tuple[Card, ...], int]:
    """The cards and their mask; a tuple of cards skips the parser (hot path)."""
    if not _RANKS_IN:  # the last one filled
        _fill_tables()
    if type(cards) is tuple:
        try:
            mask: int = sum(map(_get_bit, cards))
        except AttributeError:  # not all Card objects: parse them
            pass
        else:
            if mask.bit_count() != len(cards):
                _duplicate_check(cards)
            return cards, mask
    hand = parse_cards(cards)
    return hand, _mask_of(hand)


def _as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return _hand_and_mask(cards)[0]


def deadwood_of(cards: Iterable[Card | str] | str) -> int:
    """Only the minimum deadwood of a hand (the fastest call).

    >>> deadwood_of("AS 2S 3S KD")
    10
    """
    _, mask = _hand_and_mask(cards)
    return _total_value(mask) - _search(mask)[0]


def best_arrangement(cards: Iterable[Card | str] | str) -> Arrangement:
    """The arrangement of ``cards`` (up to 11) with the least deadwood.

    Melds are listed by their first card in deck order (♠ ♥ ♦ ♣, then rank),
    deadwood cards in deck order.

    >>> a = best_arrangement("AH 2H 3H 4H 4S 4D 9C 9D")
    >>> [str(m) for m in a.melds], [str(c) for c in a.deadwood_cards], a.deadwood
    (['4♠ 4♥ 4♦', 'A♥ 2♥ 3♥'], ['9♦', '9♣'], 18)
    """
    hand, mask = _hand_and_mask(cards)
    if len(hand) > 11:
        raise RuleError("a hand has at most 11 cards, not {n}", n=len(hand))
    a = mask & _FULL
    b = mask >> LANE & _FULL
    c = mask >> 2 * LANE & _FULL
    d = mask >> 3 * LANE & _FULL
    if (a & b & (c | d)) | (c & d & (a | b)):  # some rank has three cards
        _, winners = _search(mask)
        return _materialize(_remaining_lanes(mask, winners[0]), winners[0])
    rv = _RUN_VALUE
    if not (rv[a] or rv[b] or rv[c] or rv[d]):  # no meld at all: about half of all hands
        mv = _MASK_VALUE
        return Arrangement((), tuple(sorted(hand, key=_get_index)), mv[a] + mv[b] + mv[c] + mv[d])
    # Runs only: each suit's part comes from the cache.
    cache = _LANE_CACHE
    pa = cache[0].get(a) or _lane_parts(0, a)
    pb = cache[1].get(b) or _lane_parts(1, b)
    pc = cache[2].get(c) or _lane_parts(2, c)
    pd = cache[3].get(d) or _lane_parts(3, d)
    return Arrangement(
        pa[0] + pb[0] + pc[0] + pd[0], pa[1] + pb[1] + pc[1] + pd[1], pa[2] + pb[2] + pc[2] + pd[2]
    )


def all_best_arrangements(cards: Iterable[Card | str] | str) -> tuple[Arrangement, ...]:
    """Every distinct minimum-deadwood arrangement of a hand.

    >>> len(all_best_arrangements("7S 7H 7D 8S 9S 4C 4D 4H"))
    1
    >>> [[str(m) for m in a.melds] for a in all_best_arrangements("7S 7H 7D 7C 8S 9S")]
    [['7♠ 8♠ 9♠', '7♥ 7♦ 7♣']]
    """
    _, mask = _hand_and_mask(cards)
    _, winners = _search(mask)
    out: list[Arrangement] = []
    seen: set[tuple[tuple[Card, ...], ...]] = set()
    for sets in winners:
        lanes = _remaining_lanes(mask, sets)
        for combo in itertools.product(*[_all_run_layouts(m) for m in lanes]):
            arr = _materialize(lanes, sets, combo)
            key = tuple(m.cards for m in arr.melds)
            if key not in seen:
                seen.add(key)
                out.append(arr)
    return tuple(out)


def best_knock(cards11: Iterable[Card | str] | str) -> Arrangement:
    """For 11 cards (after the draw): the discard that leaves the least deadwood.

    All 11 cards melded is big gin: ``discard`` is ``None`` then.  Among
    equal discards the highest card goes (the one a player would throw).

    >>> a = best_knock("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    >>> a.discard is None, a.is_big_gin
    (True, True)
    >>> a = best_knock("AS 2S 3S 4H 5H 6H 7C 8C 9C KD QD")
    >>> str(a.discard), a.deadwood, a.can_knock(10)
    ('K♦', 10, True)
    """
    hand = _as_cards(cards11)
    if len(hand) != 11:
        raise RuleError("a hand before the discard has 11 cards, not {n}", n=len(hand))
    mask = _mask_of(hand)
    if _search(mask)[0] == _total_value(mask):
        whole = best_arrangement(hand)
        return whole
    best: tuple[int, int] | None = None
    best_card = hand[0]
    for cd in hand:
        rest = mask & ~cd.bit
        dw = _total_value(rest) - _search(rest)[0]
        key = (dw, -cd.value * 64 - cd.index)
        if best is None or key < best:
            best, best_card = key, cd
    arr = best_arrangement(tuple(c for c in hand if c is not best_card))
    return Arrangement(arr.melds, arr.deadwood_cards, arr.deadwood, discard=best_card)


def _melds_of_mask(mask: int) -> list[tuple[int, Meld]]:
    """Every meld the cards of ``mask`` can form, with its card mask."""
    out: list[tuple[int, Meld]] = []
    lanes = _lanes(mask)
    for r in range(13):
        held = sum(1 << lane for lane in range(4) if lanes[lane] >> r & 1)
        if held.bit_count() < 3:
            continue
        for suits in _SET_SUITS:
            if suits & held == suits:
                out.append((_SET_MASK[r, suits], _SET_MELDS[r, suits]))
    for lane, m in enumerate(lanes):
        suit_cards = _SUIT_CARDS[lane]
        for lo in range(11):
            hi = lo
            while hi < 13 and m >> hi & 1:
                if hi - lo >= 2:
                    cards = suit_cards[lo : hi + 1]
                    out.append((sum(c.bit for c in cards), Meld(MeldKind.RUN, cards)))
                hi += 1
    return out


def knock_layouts(cards: Iterable[Card | str] | str, limit: int) -> tuple[Arrangement, ...]:
    """Every way to lay out a hand (any choice of disjoint melds, not only the
    least-deadwood ones) whose deadwood is at most ``limit``: what a knocker
    may show (RULES §1, "The knocker's layout").

    >>> [([str(m) for m in a.melds], a.deadwood) for a in knock_layouts("4S 5S 6S 7S KD", 10)]
    [(['4♠ 5♠ 6♠ 7♠'], 10)]
    >>> sorted(a.deadwood for a in knock_layouts("4S 5S 6S 7S 2D", 10))
    [2, 6, 9]
    """
    hand, mask = _hand_and_mask(cards)
    total = _total_value(mask)
    melds = _melds_of_mask(mask)
    out: list[Arrangement] = []

    def walk(start: int, used: int, chosen: tuple[Meld, ...], melded: int) -> None:
        if total - melded <= limit:
            dead = tuple(sorted((c for c in hand if not used & c.bit), key=_get_index))
            out.append(Arrangement(tuple(sorted(chosen, key=_meld_key)), dead, total - melded))
        for i in range(start, len(melds)):
            bits, meld = melds[i]
            if not used & bits:
                walk(i + 1, used | bits, (*chosen, meld), melded + meld.value)

    walk(0, 0, (), 0)
    return tuple(out)


# --- Lay-offs ----------------------------------------------------------------


def _layoff_options(meld: Meld, defender_mask: int) -> list[tuple[Card, ...]]:
    """What the defender may lay off on one meld: each a tuple of cards."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return [()]
        rank = meld.cards[0].rank
        present = {c.suit for c in meld.cards}
        missing = [DECK[s.index * 13 + rank - 1] for s in SUITS if s not in present]
        return [()] + [(c,) for c in missing if defender_mask & c.bit]
    lane = meld.cards[0].suit.index
    lo, hi = meld.cards[0].rank, meld.cards[-1].rank
    down: list[Card] = []
    r = lo - 1
    while r >= 1 and defender_mask & DECK[lane * 13 + r - 1].bit:
        down.append(DECK[lane * 13 + r - 1])
        r -= 1
    up: list[Card] = []
    r = hi + 1
    while r <= 13 and defender_mask & DECK[lane * 13 + r - 1].bit:
        up.append(DECK[lane * 13 + r - 1])
        r += 1
    return [
        tuple(down[:i]) + tuple(up[:j]) for i in range(len(down) + 1) for j in range(len(up) + 1)
    ]


def _layoff_choices(knocker_melds: Sequence[Meld], defender_mask: int) -> Iterator[int]:
    """Every legal set of lay-offs, as a mask of defender cards."""
    per_meld = [_layoff_options(m, defender_mask) for m in knocker_melds]
    for combo in itertools.product(*per_meld):
        laid = 0
        count = 0
        for cards in combo:
            for cd in cards:
                laid |= cd.bit
                count += 1
        if laid.bit_count() == count:  # a card can be laid off only once
            yield laid


def lay_off(
    knocker_melds: Iterable[Meld], defender_cards: Iterable[Card | str] | str
) -> Arrangement:
    """The defender's best result: own melds plus lay-offs on the knocker's melds.

    Runs take cards at both ends, chained (5-6-7 takes 8, then 9); a set of
    three takes its fourth card.  Returns the defender's arrangement of what
    was not laid off, with ``laid_off`` listing the cards laid off.

    >>> k = best_arrangement("5S 6S 7S 9C 9D 9H 2C 3C 4C AD").melds
    >>> d = lay_off(k, "8S 9S KH")
    >>> [str(c) for c in d.laid_off], d.deadwood
    (['8♠', '9♠'], 10)
    """
    melds = tuple(knocker_melds)
    defender = _as_cards(defender_cards)
    mask = _mask_of(defender)
    knocker_mask = 0
    for m in melds:
        for cd in m.cards:
            if knocker_mask & cd.bit or mask & cd.bit:
                raise RuleError("{card} is in both hands", card=str(cd))
            knocker_mask |= cd.bit
    best_dw, best_laid = None, 0
    for laid in _layoff_choices(melds, mask):
        rest = mask & ~laid
        dw = _total_value(rest) - _search(rest)[0]
        if (
            best_dw is None
            or dw < best_dw
            or (dw == best_dw and laid.bit_count() < best_laid.bit_count())
        ):
            best_dw, best_laid = dw, laid
    rest_cards = tuple(c for c in defender if not best_laid & c.bit)
    arr = best_arrangement(rest_cards)
    laid_cards = tuple(sorted(c for c in defender if best_laid & c.bit))
    return Arrangement(arr.melds, arr.deadwood_cards, arr.deadwood, laid_off=laid_cards)
