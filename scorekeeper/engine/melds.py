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
(['2♣ 3♣ 4♣', '5♠ 6♠ 7♠', '9♥ 9♦ 9♣'], 1)
>>> d = lay_off(knocker.melds, parse_cards("4S 8S 9S TH JH QH 2D 3D 5C KC"))
>>> [str(c) for c in d.laid_off], [str(m) for m in d.melds], d.deadwood
(['4♠', '8♠', '9♠', '5♣'], ['10♥ J♥ Q♥'], 15)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from operator import attrgetter

from .cards import DECK, LANE, SUITS, Card, parse_cards
from .errors import RuleError

__all__ = [
    "Arrangement",
    "Meld",
    "MeldKind",
    "all_best_arrangements",
    "best_arrangement",
    "best_knock",
    "lay_off",
]

_FULL = (1 << 13) - 1
_get_bit = attrgetter("bit")
_get_value = attrgetter("value")


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
        hint = " (the ace is always low)" if any(c.rank == 1 for c in cs) else ""
        raise RuleError(f"{shown} is not a meld{hint}")

    @property
    def value(self) -> int:
        return sum(c.value for c in self.cards)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to lay out a hand: melds, the rest as deadwood.

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


_RUN_VALUE, _RUN_LAYOUT = _build_run_tables()
_MASK_VALUE = [sum(_rank_value(b) for b in range(13) if m >> b & 1) for m in range(1 << 13)]


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


def _set_options(a: int, b: int, c: int, d: int) -> list[list[tuple[int, int]]]:
    """For each rank with 3+ cards: the possible sets, as (rank0, suits-bitmask)."""
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    options = []
    while three:
        low = three & -three
        three ^= low
        r = low.bit_length() - 1
        suits = (a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3
        choices = [(r, 15), (r, 7), (r, 11), (r, 13), (r, 14)] if suits == 15 else [(r, suits)]
        options.append(choices)
    return options


def _set_value(r: int, suits: int) -> int:
    return _rank_value(r) * bin(suits).count("1")


def _search(mask: int) -> tuple[int, list[_SetChoice]]:
    """Best melded value of a hand mask, and every set choice that reaches it."""
    a, b, c, d = _lanes(mask)
    options = _set_options(a, b, c, d)
    if not options:
        return _RUN_VALUE[a] + _RUN_VALUE[b] + _RUN_VALUE[c] + _RUN_VALUE[d], [()]
    best = -1
    winners: list[_SetChoice] = []
    for combo in itertools.product(*[[None, *opts] for opts in options]):
        chosen = tuple(x for x in combo if x is not None)
        la, lb, lc, ld = a, b, c, d
        value = 0
        for r, suits in chosen:
            bit = 1 << r
            value += _set_value(r, suits)
            if suits & 1:
                la &= ~bit
            if suits & 2:
                lb &= ~bit
            if suits & 4:
                lc &= ~bit
            if suits & 8:
                ld &= ~bit
        value += _RUN_VALUE[la] + _RUN_VALUE[lb] + _RUN_VALUE[lc] + _RUN_VALUE[ld]
        if value > best:
            best, winners = value, [chosen]
        elif value == best:
            winners.append(chosen)
    return best, winners


def _mask_of(cards: Sequence[Card]) -> int:
    mask: int = sum(map(_get_bit, cards))
    if mask.bit_count() != len(cards):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise RuleError(f"{c} is given twice")
            seen.add(c)
    return mask


def _total_value(mask: int) -> int:
    a, b, c, d = _lanes(mask)
    total: int = _MASK_VALUE[a] + _MASK_VALUE[b] + _MASK_VALUE[c] + _MASK_VALUE[d]
    return total


def _card_at(lane: int, rank0: int) -> Card:
    return DECK[lane * 13 + rank0]


def _cards_of(mask: int) -> tuple[Card, ...]:
    out = []
    for lane in range(4):
        m = mask >> (lane * LANE) & _FULL
        while m:
            low = m & -m
            m ^= low
            out.append(DECK[lane * 13 + low.bit_length() - 1])
    return tuple(out)


def _materialize(
    mask: int, sets: _SetChoice, run_layouts: Sequence[tuple[tuple[int, int], ...]]
) -> Arrangement:
    melds: list[Meld] = []
    used = 0
    for r, suits in sets:
        cards = tuple(_card_at(lane, r) for lane in range(4) if suits >> lane & 1)
        melds.append(Meld(MeldKind.SET, cards))
        for cd in cards:
            used |= cd.bit
    for lane, layout in enumerate(run_layouts):
        for lo, hi in layout:
            cards = tuple(_card_at(lane, r) for r in range(lo, hi + 1))
            melds.append(Meld(MeldKind.RUN, cards))
            for cd in cards:
                used |= cd.bit
    rest = mask & ~used
    melds.sort(key=lambda m: (m.cards[0].rank, m.cards[0].suit.index))
    return Arrangement(tuple(melds), _cards_of(rest), _total_value(rest))


def _remaining_lanes(mask: int, sets: _SetChoice) -> tuple[int, int, int, int]:
    lanes = list(_lanes(mask))
    for r, suits in sets:
        for lane in range(4):
            if suits >> lane & 1:
                lanes[lane] &= ~(1 << r)
    return lanes[0], lanes[1], lanes[2], lanes[3]


def _as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards):
        return cards  # already cards: skip the parser on the hot path
    return parse_cards(cards)


def deadwood_of(cards: Iterable[Card | str] | str) -> int:
    """Only the minimum deadwood of a hand (the fastest call).

    >>> deadwood_of("AS 2S 3S KD")
    10
    """
    mask = _mask_of(_as_cards(cards))
    return _total_value(mask) - _search(mask)[0]


def best_arrangement(cards: Iterable[Card | str] | str) -> Arrangement:
    """The arrangement of ``cards`` (up to 11) with the least deadwood.

    >>> a = best_arrangement("AH 2H 3H 4H 4S 4D 9C 9D")
    >>> [str(m) for m in a.melds], [str(c) for c in a.deadwood_cards], a.deadwood
    (['A♥ 2♥ 3♥', '4♠ 4♥ 4♦'], ['9♦', '9♣'], 18)
    """
    hand = _as_cards(cards)
    if len(hand) > 11:
        raise RuleError(f"a hand has at most 11 cards, not {len(hand)}")
    mask = _mask_of(hand)
    _, winners = _search(mask)
    sets = winners[0]
    lanes = _remaining_lanes(mask, sets)
    return _materialize(mask, sets, [_RUN_LAYOUT[m] for m in lanes])


def all_best_arrangements(cards: Iterable[Card | str] | str) -> tuple[Arrangement, ...]:
    """Every distinct minimum-deadwood arrangement of a hand.

    >>> len(all_best_arrangements("7S 7H 7D 8S 9S 4C 4D 4H"))
    1
    >>> [[str(m) for m in a.melds] for a in all_best_arrangements("7S 7H 7D 7C 8S 9S")]
    [['7♠ 8♠ 9♠', '7♥ 7♦ 7♣']]
    """
    hand = _as_cards(cards)
    mask = _mask_of(hand)
    _, winners = _search(mask)
    out: list[Arrangement] = []
    seen: set[tuple[tuple[Card, ...], ...]] = set()
    for sets in winners:
        lanes = _remaining_lanes(mask, sets)
        for combo in itertools.product(*[_all_run_layouts(m) for m in lanes]):
            arr = _materialize(mask, sets, combo)
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
        raise RuleError(f"a hand before the discard has 11 cards, not {len(hand)}")
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
                raise RuleError(f"{cd} is in both hands")
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
