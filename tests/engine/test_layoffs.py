"""RULES §2-§3: lay-offs, and which melds the knocker shows.

``lay_off`` is compared with an exhaustive search over every sequence of
single-card lay-offs (brute.layoff_min), and ``score_hand`` on full hands
with the maximum over every minimum arrangement of the knocker.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine import (
    DECK,
    Card,
    Hand,
    Meld,
    Outcome,
    Rules,
    all_best_arrangements,
    best_arrangement,
    format_cards,
    lay_off,
    parse_cards,
    score_hand,
)

from .brute import (
    CardSet,
    _c,
    all_layouts,
    check_arrangement,
    is_run,
    is_set,
    layoff_min,
    layoffs_legal,
    meld_rich_hand,
    meld_sets,
    melds_in,
    min_deadwood,
    total,
)

DEALS = 600


def _neighbours(knocker: CardSet) -> list[Card]:
    """Cards outside the knocker's hand that could extend one of its melds."""
    near: set[Card] = set()
    for m in melds_in(knocker):
        if is_set(m) and len(m) == 3:
            rank = next(iter(m)).rank
            near |= {c for c in DECK if c.rank == rank}
        elif is_run(m):
            suit = next(iter(m)).suit
            lo, hi = min(c.rank for c in m), max(c.rank for c in m)
            for r in (lo - 2, lo - 1, hi + 1, hi + 2):
                if 1 <= r <= 13:
                    near.add(_c(r, suit))
    return sorted(near - knocker)


def _deal(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A knocker who can knock (deadwood <= 10) and a defender holding cards
    near the knocker's melds (and sometimes melds of their own around them)."""
    while True:
        knocker = meld_rich_hand(rng, 10, planted=3)
        if min_deadwood(frozenset(knocker)) <= 10:
            break
    near = _neighbours(frozenset(knocker))
    picks = rng.sample(near, min(len(near), rng.randint(1, 4)))
    if rng.random() < 0.4:  # plant a defender meld too, possibly sharing a lay-off card
        picks += [c for c in meld_rich_hand(rng, 3, exclude=knocker, planted=1) if c not in picks]
    picks = picks[:10]
    rest = [c for c in DECK if c not in knocker and c not in picks]
    defender = tuple(picks + rng.sample(rest, 10 - len(picks)))
    return knocker, defender


def _deals() -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    rng = random.Random(5150)
    return [_deal(rng) for _ in range(DEALS)]


DEALS_LIST = _deals()


def test_lay_off_equals_exhaustive_layoff_search_on_600_deals() -> None:
    with_layoff = compared = 0
    for knocker, defender in DEALS_LIST:
        d = frozenset(defender)
        best_melds = meld_sets(best_arrangement(knocker).melds)
        if layoff_min(best_melds, d) < min_deadwood(d):
            with_layoff += 1
        for arr in all_best_arrangements(knocker):
            melds = meld_sets(arr.melds)
            got = lay_off(arr.melds, defender)
            expected = layoff_min(melds, d)
            assert got.deadwood == expected, (
                f"knocker shows {[str(m) for m in arr.melds]}, defender {format_cards(defender)}"
            )
            check_arrangement(got, defender)
            assert layoffs_legal(melds, frozenset(got.laid_off))
            # what the defender keeps is arranged at its own minimum
            kept = d - frozenset(got.laid_off)
            assert got.deadwood == min_deadwood(kept)
            compared += 1
    assert compared >= DEALS
    # the deals are built so that lay-offs really happen
    print(
        f"lay-off deals: {len(DEALS_LIST)}, lay_off calls compared: {compared}, "
        f"deals with a lay-off: {with_layoff}"
    )
    assert with_layoff >= 0.3 * DEALS, with_layoff


def test_lay_off_on_any_disjoint_knocker_melds_including_fours_and_long_runs() -> None:
    """lay_off takes whatever melds were shown, not only a best arrangement."""
    rng = random.Random(77)
    checked = 0
    for knocker, defender in DEALS_LIST[:300]:
        pool = list(melds_in(frozenset(knocker)))
        rng.shuffle(pool)
        shown: list[CardSet] = []
        for m in pool:  # a random maximal set of disjoint melds
            if all(not (m & s) for s in shown):
                shown.append(m)
        melds = [Meld.of(sorted(m)) for m in shown]
        got = lay_off(melds, defender)
        assert got.deadwood == layoff_min(frozenset(shown), frozenset(defender))
        check_arrangement(got, defender)
        checked += 1
    assert checked == 300


def _points(k: int, d: int, rules: Rules) -> tuple[Outcome, int]:
    if k == 0:
        return Outcome.GIN, d + rules.gin_bonus
    if k < d:
        return Outcome.KNOCK, d - k
    return Outcome.UNDERCUT, k - d + rules.undercut_bonus


def test_score_from_full_hands_assumes_the_layout_best_for_the_knocker() -> None:
    """RULES §1: of every layout within the knock limit (any disjoint melds),
    the one scoring best for the knocker after the defender's best lay-offs
    is assumed, ties to the lower deadwood (brute force over every layout)."""
    rules = Rules()
    choice_mattered = not_lowest = 0
    for knocker, defender in DEALS_LIST:
        d = frozenset(defender)
        kset = frozenset(knocker)
        k_min = min_deadwood(kset)
        result = score_hand(Hand.from_cards("Kim", knocker, defender), rules)
        assert result.knocker is not None and result.defender is not None
        if k_min == 0:  # gin: no lay-offs, the defender's own melds count
            assert result.knocker_deadwood == 0
            expected_k, expected_d = 0, min_deadwood(d)
            assert result.defender.laid_off == ()
        else:
            scored = []
            for layout in all_layouts(kset):
                k = total(kset) - sum(total(m) for m in layout)
                if k <= rules.knock_limit:
                    dd = layoff_min(layout, d)
                    score = dd - k if k < dd else -(k - dd + rules.undercut_bonus)
                    scored.append((score, -k, dd))
            score, neg_k, expected_d = max(scored)
            expected_k = -neg_k
            lowest = [s for s, nk, _ in scored if -nk == k_min]
            if min(lowest) != max(lowest):
                choice_mattered += 1
            if expected_k != k_min:
                not_lowest += 1
                assert [n.template for n in result.notes] != []
            assert layoff_min(meld_sets(result.knocker.melds), d) == expected_d
        assert (result.knocker_deadwood, result.defender_deadwood) == (expected_k, expected_d), (
            f"knocker {format_cards(knocker)} / defender {format_cards(defender)}"
        )
        check_arrangement(result.knocker, knocker)
        check_arrangement(result.defender, defender)
        outcome, points = _points(expected_k, expected_d, rules)
        assert (result.outcome, result.points) == (outcome, points)
    print(f"deals: {len(DEALS_LIST)}, choice mattered: {choice_mattered}, not lowest: {not_lowest}")
    assert choice_mattered >= 20, choice_mattered
    assert not_lowest >= 1, not_lowest


def test_knocker_keeps_a_card_out_of_a_run_to_block_lay_offs() -> None:
    """RULES §1's example: the knocker keeps 7♥ so the defender's 6♥ 5♥ stay."""
    knocker = "8C 9C TC JC 7H 8H 9H TH JH AS"
    defender = "4C QC 4D TD 5H 6H QH 4S TS QS"
    # Defender: set 4♠4♦4♣ (12) and set Q♠Q♥Q♣ (30) melded; left 10♦ 5♥ 6♥ 10♠ = 31.
    # Layout A, 7♥-J♥ and 8♣-J♣, K = A♠ = 1: 6♥ then 5♥ go on 7♥-J♥, D = 20, +19.
    # Layout B, 8♥-J♥ and 8♣-J♣, K = 7♥ + A♠ = 8: 6♥ can't go on 8♥ (7♥ is kept),
    # nothing lays off, D = 31, 31 - 8 = +23 > +19: the knocker lays out B.
    r = score_hand(Hand.from_cards("Ann", knocker, defender), Rules())
    assert r.knocker is not None and r.defender is not None
    assert [str(m) for m in r.knocker.melds] == ["8♥ 9♥ 10♥ J♥", "8♣ 9♣ 10♣ J♣"]
    assert [str(c) for c in r.knocker.deadwood_cards] == ["A♠", "7♥"]
    assert r.defender.laid_off == ()
    assert (r.outcome, r.knocker_deadwood, r.defender_deadwood, r.points) == (
        Outcome.KNOCK,
        8,
        31,
        23,
    )
    assert [str(n) for n in r.notes] == [
        "Ann keeps 8 deadwood rather than the lowest 1: it blocks lay-offs "
        "(the lowest-deadwood layout would score +19 for Ann, this one +23)"
    ]
    # The lowest-deadwood layout, for the record: +19.
    a = lay_off(best_arrangement(knocker).melds, defender)
    assert ([str(c) for c in a.laid_off], a.deadwood) == (["5♥", "6♥"], 20)


def test_knocker_shows_the_set_not_the_run_when_that_leaves_the_defender_more() -> None:
    # Knocker: 2♠3♠4♠ 3♥3♦ + 8♥9♥10♥J♥Q♥.  Two minimum arrangements, K = 6 either way:
    #   A: set 3♠3♥3♦ + run 8♥-Q♥, deadwood 2♠ 4♠ = 2 + 4 = 6
    #   B: run 2♠3♠4♠ + run 8♥-Q♥, deadwood 3♥ 3♦ = 3 + 3 = 6
    knocker = "2S 3S 4S 3H 3D 8H 9H TH JH QH"
    # Defender: 3♣ A♠ 5♠ 6♠ K♣ Q♦ J♣ 9♦ 7♣ 10♠, no melds of its own:
    #   total = 3 + 1 + 5 + 6 + 10 + 10 + 10 + 9 + 7 + 10 = 71
    defender = "3C AS 5S 6S KC QD JC 9D 7C TS"
    # A shown: only 3♣ goes on the set of 3s         -> D = 71 - 3 = 68
    # B shown: A♠ below, 5♠ then 6♠ above 2♠3♠4♠      -> D = 71 - 1 - 5 - 6 = 59
    options = all_best_arrangements(knocker)
    assert len(options) == 2
    by_shown = {tuple(str(m) for m in a.melds): lay_off(a.melds, defender) for a in options}
    assert sorted(d.deadwood for d in by_shown.values()) == [59, 68]
    r = score_hand(Hand.from_cards("Kim", knocker, defender), Rules())
    assert r.knocker is not None and r.defender is not None
    assert [str(m) for m in r.knocker.melds] == ["3♠ 3♥ 3♦", "8♥ 9♥ 10♥ J♥ Q♥"]
    assert [str(c) for c in r.defender.laid_off] == ["3♣"]
    # knock: 68 - 6 = 62 to the knocker
    assert (r.outcome, r.knocker_deadwood, r.defender_deadwood, r.points) == (
        Outcome.KNOCK,
        6,
        68,
        62,
    )


def test_knocker_shows_the_run_when_that_leaves_the_defender_more() -> None:
    # Same knocker; 3♣ is the only card near set A and A♠ the only card near
    # run B.  Laying off 3♣ would help the defender more, so the knocker shows B.
    knocker = "2S 3S 4S 3H 3D 8H 9H TH JH QH"
    defender = "3C AS KC QD JC 9D 7C TS 8D 6C"
    # total = 3 + 1 + 10 + 10 + 10 + 9 + 7 + 10 + 8 + 6 = 74, no melds
    # A: lay off 3♣ -> 71;  B: lay off A♠ -> 73.  Shown: B, D = 73, points 73 - 6 = 67
    r = score_hand(Hand.from_cards("Kim", knocker, defender), Rules())
    assert r.knocker is not None
    assert [str(m) for m in r.knocker.melds] == ["2♠ 3♠ 4♠", "8♥ 9♥ 10♥ J♥ Q♥"]
    assert (r.defender_deadwood, r.points) == (73, 67)


@pytest.mark.parametrize(
    ("shown", "defender", "laid", "deadwood"),
    [
        # a run takes cards at both ends: 5♠6♠7♠ takes 4♠ and 8♠
        ("5S 6S 7S", "4S 8S KD", ["4♠", "8♠"], 10),
        # ... and keeps growing: 8♠ then 9♠ (a chain)
        ("5S 6S 7S", "8S 9S KD", ["8♠", "9♠"], 10),
        # a chain downwards: 3♥ then 2♥
        ("4H 5H 6H", "2H 3H KD", ["2♥", "3♥"], 10),
        # the defender's own run 8♠9♠10♠ leaves the same 10: either way D = 10
        ("5S 6S 7S", "8S 9S TS KD", None, 10),
        # a set of three takes its fourth card
        ("9C 9D 9H", "9S KD", ["9♠"], 10),
        # a set of four takes nothing
        ("9C 9D 9H 9S", "8S TS KD", [], 28),
        # a gap breaks the chain: 9♠ can't go on 5-6-7 without 8♠
        ("5S 6S 7S", "9S KD", [], 19),
        # the ace is low only: Q♠K♠ run takes no ace, A-2-3 takes no king
        ("JS QS KS", "AS 2H", [], 3),
        ("AD 2D 3D", "KD 4C", [], 14),
        # a wrong-suit neighbour does not extend a run
        ("5S 6S 7S", "8H 4D", [], 12),
    ],
)
def test_lay_off_hand_worked_cases(
    shown: str, defender: str, laid: list[str] | None, deadwood: int
) -> None:
    got = lay_off([Meld.of(shown.split())], defender)
    if laid is not None:
        assert [str(c) for c in got.laid_off] == laid
    assert got.deadwood == deadwood


def test_defender_keeps_own_meld_when_that_beats_laying_off() -> None:
    # Knocker's set 8♥8♦8♣; defender holds 6♠7♠8♠ (own run) + K♦.
    # Laying 8♠ on the set leaves 6♠ 7♠ K♦ = 23; keeping the run leaves K♦ = 10.
    got = lay_off([Meld.of(["8H", "8D", "8C"])], "6S 7S 8S KD")
    assert got.deadwood == 10 and got.laid_off == ()
    # 9♠ on the run 6♠7♠8♠ while 9♥9♦9♣ stays a set:
    got = lay_off([Meld.of(["6S", "7S", "8S"])], "9S 9H 9D 9C KD")
    # 9♠ laid off, 9♥9♦9♣ a set, K♦ left = 10 (or the 4-set, K♦ left: also 10)
    assert got.deadwood == 10


def test_gin_from_cards_allows_no_layoffs() -> None:
    # Knocker gin: A♠2♠3♠4♠ + 5♥5♦5♣ + 9♣10♣J♣
    knocker = "AS 2S 3S 4S 5H 5D 5C 9C TC JC"
    # Defender 5♠ 6♠ 8♣ would all lay off after a knock; on gin they count.
    # 5 + 6 + 8 + K♦ 10 + Q♥ 10 + 2♦ 2 + 3♥ 3 + 7♦ 7 + 9♥ 9 + J♥ 10 = 70, no melds
    defender = "5S 6S 8C KD QH 2D 3H 7D 9H JH"
    r = score_hand(Hand.from_cards("Kim", knocker, defender), Rules())
    assert r.defender is not None
    assert r.outcome is Outcome.GIN and r.defender.laid_off == ()
    assert r.defender_deadwood == 70 == total(parse_cards(defender))
    assert r.points == 70 + 25
