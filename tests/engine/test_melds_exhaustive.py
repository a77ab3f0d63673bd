"""RULES §1: the minimum deadwood is exact.

Every answer of the meld search is compared with the independent brute force
in ``brute.py`` on thousands of seeded hands, random and meld-rich, of 10 and
11 cards.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine import (
    Card,
    all_best_arrangements,
    best_arrangement,
    best_knock,
    deadwood_of,
    format_cards,
)

from .brute import (
    all_min_arrangements,
    check_arrangement,
    meld_rich_hand,
    meld_sets,
    melds_in,
    min_deadwood,
    random_hand,
)

RANDOM_HANDS = 2000
MELD_RICH_HANDS = 1000


def _hands(size: int) -> list[tuple[str, tuple[Card, ...]]]:
    rng = random.Random(20_000 + size)
    hands = [("random", random_hand(rng, size)) for _ in range(RANDOM_HANDS)]
    hands += [("meld-rich", meld_rich_hand(rng, size)) for _ in range(MELD_RICH_HANDS)]
    return hands


HANDS_10 = _hands(10)
HANDS_11 = _hands(11)


def test_generators_make_the_promised_number_of_hands_with_real_meld_variety() -> None:
    for hands in (HANDS_10, HANDS_11):
        assert sum(kind == "random" for kind, _ in hands) >= 2000
        assert sum(kind == "meld-rich" for kind, _ in hands) >= 1000
        assert all(len(set(h)) == len(h) for _, h in hands)
    rich = [h for kind, h in HANDS_10 if kind == "meld-rich"]
    # meld-rich hands really are: most have several arrangements to choose from
    ambiguous = sum(len(all_min_arrangements(frozenset(h))) > 1 for h in rich)
    with_set = sum(any(m.kind.value == "set" for m in best_arrangement(h).melds) for h in rich)
    assert ambiguous > 100
    assert with_set > 300


@pytest.mark.parametrize("size", [10, 11])
def test_minimum_deadwood_equals_exhaustive_search_on_3000_hands(size: int) -> None:
    hands = HANDS_10 if size == 10 else HANDS_11
    checked = 0
    for kind, hand in hands:
        expected = min_deadwood(frozenset(hand))
        arr = best_arrangement(hand)
        assert arr.deadwood == expected, f"{kind} {format_cards(hand)}"
        assert deadwood_of(hand) == expected, f"{kind} {format_cards(hand)}"
        check_arrangement(arr, hand)
        assert arr.discard is None and arr.laid_off == ()
        checked += 1
    assert checked == RANDOM_HANDS + MELD_RICH_HANDS


@pytest.mark.parametrize("size", [10, 11])
def test_all_best_arrangements_are_exactly_the_minimum_arrangements(size: int) -> None:
    """Every min-deadwood way to lay out the hand, no more, no less, no repeats."""
    hands = HANDS_10 if size == 10 else HANDS_11
    for kind, hand in hands:
        options = all_best_arrangements(hand)
        expected = all_min_arrangements(frozenset(hand))
        got = [meld_sets(a.melds) for a in options]
        assert len(got) == len(set(got)), f"repeated arrangement: {format_cards(hand)}"
        assert set(got) == expected, f"{kind} {format_cards(hand)}"
        for a in options:
            check_arrangement(a, hand)
        assert meld_sets(best_arrangement(hand).melds) in expected


def test_best_knock_picks_a_minimum_discard_for_every_11_card_hand() -> None:
    big_gins = 0
    for kind, hand in HANDS_11:
        whole = frozenset(hand)
        k = best_knock(hand)
        if min_deadwood(whole) == 0:
            # big gin: all 11 cards melded, nothing to discard
            big_gins += 1
            assert k.discard is None and k.deadwood == 0 and k.is_big_gin
            check_arrangement(k, hand)
            continue
        cands = melds_in(whole)  # every meld of the 11: covers each 10-card subset
        expected = min(min_deadwood(whole - {c}, cands) for c in hand)
        assert k.deadwood == expected, f"{kind} {format_cards(hand)}"
        assert k.discard in hand
        assert not k.is_big_gin
        rest = [c for c in hand if c is not k.discard]
        check_arrangement(k, rest)
        assert min_deadwood(frozenset(rest)) == expected
    assert big_gins > 0  # the meld-rich hands do reach big gin now and then


def test_big_gin_hands_built_on_purpose_have_no_discard() -> None:
    rng = random.Random(31)
    for _ in range(200):
        # 11 cards as runs and sets: e.g. a 5-run + 3-run + set of 3
        while True:
            hand = meld_rich_hand(rng, 11, planted=4)
            if min_deadwood(frozenset(hand)) == 0:
                break
        k = best_knock(hand)
        assert k.discard is None and k.is_big_gin and k.deadwood == 0
        check_arrangement(k, hand)
    k = best_knock("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    assert k.discard is None and k.is_big_gin
