"""RULES §3 and §7: scoring one hand, every row and option, worked by hand."""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    PRESETS,
    Claim,
    Hand,
    Outcome,
    RuleError,
    Rules,
    Shutout,
    card,
    knock_limit,
    score_hand,
)

SEED = Rules()


def _score(hand: Hand, rules: Rules = SEED) -> tuple[Outcome, bool | None, int]:
    r = score_hand(hand, rules)
    return r.outcome, r.winner_is_knocker, r.points


# --- §3 rows -----------------------------------------------------------------


def test_knock_with_less_deadwood_scores_the_difference_for_the_knocker() -> None:
    # K = 4 < D = 17: knocker scores 17 - 4 = 13
    r = score_hand(Hand.knock("Bob", 4, 17), SEED)
    assert (r.outcome, r.winner_is_knocker, r.points) == (Outcome.KNOCK, True, 13)
    assert [(i.label, i.points) for i in r.breakdown] == [("deadwood difference", 13)]
    assert (r.knocker_deadwood, r.defender_deadwood, r.multiplier) == (4, 17, 1)


def test_knock_at_the_limit_10_is_allowed() -> None:
    # K = 10 < D = 11: 1 point
    assert _score(Hand.knock("Bob", 10, 11)) == (Outcome.KNOCK, True, 1)


def test_undercut_defender_scores_difference_plus_10() -> None:
    # K = 9 >= D = 7: defender scores (9 - 7) + 10 = 12
    r = score_hand(Hand.knock("Bob", 9, 7), SEED)
    assert (r.outcome, r.winner_is_knocker, r.points) == (Outcome.UNDERCUT, False, 12)
    assert [(i.label, i.points) for i in r.breakdown] == [
        ("deadwood difference", 2),
        ("undercut bonus", 10),
    ]


def test_a_tie_is_an_undercut_worth_the_bonus_alone() -> None:
    # K = D = 6: defender scores (6 - 6) + 10 = 10
    assert _score(Hand.knock("Bob", 6, 6)) == (Outcome.UNDERCUT, False, 10)
    # entered explicitly as an undercut, the same
    assert _score(Hand.undercut("Bob", 6, 6)) == (Outcome.UNDERCUT, False, 10)


def test_undercut_claim_with_k_above_d() -> None:
    # K = 9, D = 2: (9 - 2) + 10 = 17 to the defender
    assert _score(Hand.undercut("Bob", 9, 2)) == (Outcome.UNDERCUT, False, 17)


def test_gin_scores_defender_deadwood_plus_25() -> None:
    # D = 23: 23 + 25 = 48 to the knocker
    r = score_hand(Hand.gin("Ann", 23), SEED)
    assert (r.outcome, r.winner_is_knocker, r.points) == (Outcome.GIN, True, 48)
    assert [(i.label, i.points) for i in r.breakdown] == [("deadwood", 23), ("gin bonus", 25)]


def test_gin_defender_scores_nothing_even_with_zero_deadwood() -> None:
    # D = 0 would be an undercut of a knock, but gin can't be undercut: 0 + 25 to the knocker
    assert _score(Hand.gin("Ann", 0)) == (Outcome.GIN, True, 25)


def test_a_knock_with_zero_deadwood_is_gin() -> None:
    # K = 0, D = 0: gin, 25 to the knocker (never an undercut)
    assert _score(Hand.knock("Ann", 0, 0)) == (Outcome.GIN, True, 25)
    assert _score(Hand.knock("Ann", 0, 14)) == (Outcome.GIN, True, 39)


def test_gin_from_cards_when_the_defender_is_fully_melded_too() -> None:
    # Knocker gin (A-2-3-4♠, 5♥5♦5♣, 9-10-J♣); defender also all melded:
    # 2♥3♥4♥, 6♣7♣8♣, K♠K♥K♦K♣ -> D = 0.  Gin: 0 + 25 = 25 to the knocker.
    h = Hand.from_cards("Ann", "AS 2S 3S 4S 5H 5D 5C 9C TC JC", "2H 3H 4H 6C 7C 8C KS KH KD KC")
    r = score_hand(h, SEED)
    assert (r.outcome, r.winner_is_knocker, r.points, r.defender_deadwood) == (
        Outcome.GIN,
        True,
        25,
        0,
    )


def test_draw_scores_nothing() -> None:
    r = score_hand(Hand.draw(), SEED)
    assert (r.outcome, r.winner_is_knocker, r.points, r.breakdown) == (Outcome.DRAW, None, 0, ())


def test_deadwood_cards_entry_counts_the_cards() -> None:
    # knocker 3♠ 2♥ = 5; defender K♦ 9♣ 4♥ = 23; 23 - 5 = 18
    r = score_hand(Hand.from_deadwood("Ann", "3S 2H", "KD 9C 4H"), SEED)
    assert (r.outcome, r.knocker_deadwood, r.defender_deadwood, r.points) == (
        Outcome.KNOCK,
        5,
        23,
        18,
    )
    # no knocker deadwood cards: gin, 23 + 25 = 48
    assert _score(Hand.from_deadwood("Ann", "", "KD 9C 4H")) == (Outcome.GIN, True, 48)


def test_full_hands_knock_example() -> None:
    # Knocker 5♠6♠7♠ 9♣9♦9♥ 2♣3♣4♣ + A♦: K = 1
    # Defender: 8♠ then 9♠ lay off on 5-6-7♠; J♥Q♥K♥ and 2♦3♦4♦ are own runs;
    #   left 4♥ 10♣ = 4 + 10 = 14.  Knock: 14 - 1 = 13.
    h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3C 4C AD", "8S 9S KH QH JH 2D 3D 4H 4D TC")
    r = score_hand(h, SEED)
    assert (r.outcome, r.knocker_deadwood, r.defender_deadwood, r.points) == (
        Outcome.KNOCK,
        1,
        14,
        13,
    )
    assert r.defender is not None
    assert [str(c) for c in r.defender.laid_off] == ["8♠", "9♠"]


def test_full_hands_undercut_is_decided_by_the_cards() -> None:
    # Knocker: 5♠6♠7♠, 9♣9♦9♥, 2♣3♣4♣, 8♦ -> K = 8
    # Defender: 10♥J♥Q♥K♥, 5♦6♦7♦, A♥ 2♥ + 4♠ (lays off on 5-6-7♠)
    #   left A♥ 2♥ = 3 -> K = 8 >= D = 3: undercut, (8 - 3) + 10 = 15 to the defender
    h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3C 4C 8D", "TH JH QH KH 5D 6D 7D AH 2H 4S")
    r = score_hand(h, SEED)
    assert (r.outcome, r.winner_is_knocker, r.knocker_deadwood, r.defender_deadwood, r.points) == (
        Outcome.UNDERCUT,
        False,
        8,
        3,
        15,
    )


# --- §3 options ----------------------------------------------------------------


def test_gin_bonus_20_option() -> None:
    # D = 23: 23 + 20 = 43
    assert _score(Hand.gin("Ann", 23), Rules(gin_bonus=20)) == (Outcome.GIN, True, 43)


@pytest.mark.parametrize(("bonus", "points"), [(10, 12), (20, 22), (25, 27)])
def test_undercut_bonus_options(bonus: int, points: int) -> None:
    # K = 9, D = 7: (9 - 7) + bonus
    assert _score(Hand.knock("Bob", 9, 7), Rules(undercut_bonus=bonus)) == (
        Outcome.UNDERCUT,
        False,
        points,
    )


@pytest.mark.parametrize(("bonus", "points"), [(31, 61), (50, 80)])
def test_big_gin_bonus_options(bonus: int, points: int) -> None:
    # D = 30: 30 + big gin bonus (instead of the gin bonus)
    rules = Rules(big_gin=True, big_gin_bonus=bonus)
    r = score_hand(Hand.big_gin("Ann", 30), rules)
    assert (r.outcome, r.winner_is_knocker, r.points) == (Outcome.BIG_GIN, True, points)
    assert [(i.label, i.points) for i in r.breakdown] == [
        ("deadwood", 30),
        ("big gin bonus", bonus),
    ]


def test_big_gin_from_eleven_melded_cards() -> None:
    # 11 spades A..J all melded; defender A♥ 2♥ 3♦ 5♥ 6♣ 8♥ 9♦ J♣ Q♦ K♥, no melds:
    #   1 + 2 + 3 + 5 + 6 + 8 + 9 + 10 + 10 + 10 = 64.  Big gin: 64 + 31 = 95
    h = Hand.from_cards("Ann", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "AH 2H 3D 5H 6C 8H 9D JC QD KH")
    r = score_hand(h, Rules(big_gin=True))
    assert r.knocker is not None
    assert (r.outcome, r.points, r.knocker.discard) == (Outcome.BIG_GIN, 95, None)
    # big gin off: a card is discarded and it is plain gin, 64 + 25 = 89
    r = score_hand(h, SEED)
    assert (r.outcome, r.points) == (Outcome.GIN, 89)


def test_big_gin_refused_when_the_option_is_off() -> None:
    with pytest.raises(RuleError, match="big gin"):
        score_hand(Hand.big_gin("Ann", 30), SEED)


# --- §7 Oklahoma -----------------------------------------------------------------

OK = Rules(oklahoma=True)


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [
        ("AC", 1),
        ("2C", 2),
        ("3D", 3),
        ("4H", 4),
        ("5C", 5),
        ("6D", 6),
        ("7C", 7),
        ("8H", 8),
        ("9D", 9),
        ("TC", 10),
        ("JD", 10),
        ("QH", 10),
        ("KC", 10),
    ],
)
def test_oklahoma_knock_limit_is_the_upcard_value(upcard: str, limit: int) -> None:
    assert knock_limit(OK, card(upcard))[0] == limit
    # a knock at the limit stands: D = 40, 40 - limit
    r = score_hand(Hand.knock("Bob", limit, 40, upcard=upcard), OK)
    assert (r.outcome, r.points, r.knock_limit) == (Outcome.KNOCK, 40 - limit, limit)
    if limit < 10:
        with pytest.raises(RuleError) as exc:
            score_hand(Hand.knock("Bob", limit + 1, 40, upcard=upcard), OK)
        msg = str(exc.value)
        assert "Bob" in msg and str(limit + 1) in msg and f"limit this hand is {limit}" in msg


def test_oklahoma_ignores_the_house_knock_limit() -> None:
    # house limit 5 but upcard 9♦: the upcard decides, knock with 8 stands
    assert _score(Hand.knock("Bob", 8, 20, upcard="9D"), Rules(oklahoma=True, knock_limit=5)) == (
        Outcome.KNOCK,
        True,
        12,
    )


def test_oklahoma_message_names_the_upcard() -> None:
    with pytest.raises(RuleError) as exc:
        score_hand(Hand.knock("Bob", 12, 30, upcard="7C"), OK)
    assert str(exc.value) == "Bob can't knock with 12: the limit this hand is 7 (upcard 7♣)"


def test_oklahoma_needs_the_upcard() -> None:
    with pytest.raises(RuleError, match="upcard"):
        score_hand(Hand.knock("Bob", 3, 30), OK)


def test_oklahoma_ace_upcard_means_gin_only_with_the_option() -> None:
    ace_gin = Rules(oklahoma=True, oklahoma_ace_gin=True)
    with pytest.raises(RuleError) as exc:
        score_hand(Hand.knock("Bob", 1, 30, upcard="AH"), ace_gin)
    assert "Bob" in str(exc.value) and "gin only" in str(exc.value)
    # gin is still allowed: 30 + 25 = 55
    assert _score(Hand.gin("Bob", 30, upcard="AH"), ace_gin) == (Outcome.GIN, True, 55)
    # without the option the ace allows a knock with 1: 30 - 1 = 29
    assert _score(Hand.knock("Bob", 1, 30, upcard="AH"), OK) == (Outcome.KNOCK, True, 29)


SPADES = Rules(oklahoma=True, oklahoma_spades_double=True)


def test_spade_upcard_doubles_a_knock() -> None:
    # (30 - 3) x 2 = 54
    r = score_hand(Hand.knock("Bob", 3, 30, upcard="7S"), SPADES)
    assert (r.points, r.multiplier) == (54, 2)
    # a club upcard of the same rank: 27
    assert score_hand(Hand.knock("Bob", 3, 30, upcard="7C"), SPADES).points == 27


def test_spade_upcard_doubles_undercut_bonus_too() -> None:
    # K = 5, D = 5: (0 + 10) x 2 = 20 to the defender
    assert _score(Hand.knock("Bob", 5, 5, upcard="9S"), SPADES) == (Outcome.UNDERCUT, False, 20)
    # K = 8, D = 3, undercut bonus 25: (5 + 25) x 2 = 60
    assert _score(Hand.knock("Bob", 8, 3, upcard="9S"), SPADES.replace(undercut_bonus=25)) == (
        Outcome.UNDERCUT,
        False,
        60,
    )


def test_spade_upcard_doubles_gin_bonus_too() -> None:
    # (20 + 25) x 2 = 90
    r = score_hand(Hand.gin("Bob", 20, upcard="KS"), SPADES)
    assert (r.outcome, r.points) == (Outcome.GIN, 90)
    assert r.breakdown[-1].label == "spade upcard doubles" and r.breakdown[-1].points == 45


def test_spade_upcard_doubles_big_gin_bonus_too() -> None:
    # (10 + 31) x 2 = 82
    rules = SPADES.replace(big_gin=True)
    assert _score(Hand.big_gin("Bob", 10, upcard="2S"), rules) == (Outcome.BIG_GIN, True, 82)


def test_spade_ace_with_both_options_gin_only_and_doubled() -> None:
    # Oklahoma preset, upcard A♠: gin only; gin with D = 30 -> (30 + 25) x 2 = 110
    ok = PRESETS["oklahoma"]
    assert _score(Hand.gin("Bob", 30, upcard="AS"), ok) == (Outcome.GIN, True, 110)
    with pytest.raises(RuleError):
        score_hand(Hand.knock("Bob", 1, 30, upcard="AS"), ok)


def test_spade_draw_still_scores_nothing() -> None:
    assert _score(Hand.draw(upcard="5S"), SPADES) == (Outcome.DRAW, None, 0)


# --- presets -------------------------------------------------------------------


def test_seed_preset_values() -> None:
    r = PRESETS["seed"]
    assert (r.target, r.knock_limit, r.gin_bonus, r.undercut_bonus) == (100, 10, 25, 10)
    assert not (r.big_gin or r.oklahoma or r.classic_bonuses or r.hollywood_rolling)
    assert r == Rules()


def test_classic_preset_values() -> None:
    r = PRESETS["classic"]
    assert r.classic_bonuses
    assert (r.game_bonus, r.box_bonus, r.shutout) == (100, 25, Shutout.DOUBLE_ALL)
    assert (r.target, r.knock_limit, r.gin_bonus, r.undercut_bonus) == (100, 10, 25, 10)
    assert not r.oklahoma


def test_oklahoma_preset_values() -> None:
    r = PRESETS["oklahoma"]
    assert (r.target, r.oklahoma, r.oklahoma_ace_gin, r.oklahoma_spades_double) == (
        150,
        True,
        True,
        True,
    )
    assert (r.gin_bonus, r.undercut_bonus) == (25, 10)
    assert not r.classic_bonuses


def test_rules_round_trip_through_a_dict() -> None:
    for r in PRESETS.values():
        assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict({"target": 250}).target == 250


def test_claims_are_checked_against_the_cards() -> None:
    # the knocker's cards leave 1 deadwood: not gin
    h = Hand.from_cards(
        "Ann",
        "5S 6S 7S 9C 9D 9H 2C 3C 4C AD",
        "8S 9S KH QH JH 2D 3D 4H 4D TC",
        claim=Claim.GIN,
    )
    with pytest.raises(RuleError, match="gin"):
        score_hand(h, SEED)
