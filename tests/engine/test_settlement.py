"""RULES §10: stakes and settlement.  Every example of the section, recorded
hand by hand with the seed rules, then properties of random games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    MAX_STAKE,
    PRESETS,
    Format,
    Game,
    Hand,
    Payment,
    RuleError,
    Rules,
    Shutout,
    Standings,
    replay,
    settlement,
)

CENT = Rules(stake=1)  # seed rules, a cent a point

# --- standard ----------------------------------------------------------------------

# Ann wins three hands, 30 + 30 + 40: 100-0.
ANN_100_0 = (Hand.knock("Ann", 2, 32), Hand.knock("Ann", 5, 35), Hand.gin("Ann", 15))


def standard(rules: Rules, hands: tuple[Hand, ...] = ANN_100_0) -> Standings:
    return Game("standard", ["Ann", "Bob"], rules, hands=hands).standings


def test_ann_wins_100_0_at_a_cent_a_point_bob_pays_ann_one_euro() -> None:
    s = standard(CENT)
    assert s.finished and s.winner == "Ann" and s.columns[0].final == {"Ann": 100, "Bob": 0}
    assert settlement(s) == (Payment("Bob", "Ann", 100),)


def test_the_same_game_with_classic_bonuses_ends_550_0_bob_pays_five_fifty() -> None:
    # (100 hand points + 100 game bonus + 3 line bonuses of 25) x 2 for the shutout
    s = standard(PRESETS["classic"].replace(stake=1))
    assert s.columns[0].final == {"Ann": 550, "Bob": 0}
    assert settlement(s) == (Payment("Bob", "Ann", 550),)


def test_the_stake_multiplies_the_margin() -> None:
    assert settlement(standard(CENT.replace(stake=25))) == (Payment("Bob", "Ann", 2500),)


def test_a_standard_game_in_play_owes_nothing() -> None:
    assert settlement(standard(CENT, ANN_100_0[:2])) == ()
    assert settlement(standard(CENT, ())) == ()


def test_a_game_not_for_money_owes_nothing() -> None:
    assert Rules().stake == 0
    assert settlement(standard(Rules())) == ()


def test_the_loser_pays_the_margin_of_final_scores_not_the_winners_total() -> None:
    # Bob knocks 3 v 23 (20), Ann goes gin v 75 (100): Ann wins 100-20, margin 80.
    s = standard(CENT, (Hand.knock("Bob", 3, 23), Hand.gin("Ann", 75)))
    assert s.winner == "Ann" and settlement(s) == (Payment("Bob", "Ann", 80),)


def test_line_bonuses_can_leave_the_loser_ahead_then_the_winner_pays() -> None:
    # Classic bonuses, no shutout (Bob won hands).  Bob wins 10 hands of 1 point
    # (10 + 10 x 25 = 260); Ann one gin of 100 (100 + 100 + 25 = 225).  Final
    # 225-260: the margin is -35, so the game's winner pays Bob 35.
    bob_ones = tuple(Hand.knock("Bob", 1, 2) for _ in range(10))
    s = standard(PRESETS["classic"].replace(stake=1), (*bob_ones, Hand.gin("Ann", 75)))
    assert s.winner == "Ann" and s.columns[0].final == {"Ann": 225, "Bob": 260}
    assert settlement(s) == (Payment("Ann", "Bob", 35),)


# --- Hollywood ---------------------------------------------------------------------

# Ann wins 40, 40; Bob 30; Ann 25; Bob 50, 60; Ann 80.
SERIES = (
    Hand.knock("Ann", 2, 42),  # 40
    Hand.gin("Ann", 15),  # 40
    Hand.knock("Bob", 3, 33),  # 30
    Hand.gin("Ann", 0),  # 25
    Hand.gin("Bob", 25),  # 50
    Hand.knock("Bob", 5, 65),  # 60
    Hand.gin("Ann", 55),  # 80
)


def hollywood(rules: Rules, hands: tuple[Hand, ...] = SERIES) -> Standings:
    return Game("hollywood", ["Ann", "Bob"], rules, hands=hands).standings


def test_the_hollywood_example_sheet_is_the_rules_one() -> None:
    s = hollywood(CENT)
    assert [(c.winner, c.final["Ann"], c.final["Bob"], c.margin) for c in s.columns] == [
        ("Ann", 105, 30, 75),
        ("Bob", 65, 110, 45),
        ("Ann", 105, 60, 45),
    ]


def test_hollywood_each_game_on_its_margin_netted_bob_pays_ann_75() -> None:
    # 75 - 45 + 45
    assert settlement(hollywood(CENT)) == (Payment("Bob", "Ann", 75),)


def test_hollywood_third_game_double_bob_pays_ann_120() -> None:
    # 75 - 45 + 2 x 45
    assert settlement(hollywood(CENT.replace(third_game_double=True))) == (
        Payment("Bob", "Ann", 120),
    )


def test_while_a_series_is_in_play_only_the_ended_games_are_owed() -> None:
    double = CENT.replace(third_game_double=True)
    assert settlement(hollywood(double, SERIES[:3])) == ()  # no game has ended
    # Ann's 25 ends game 1 (105-30): 75 is owed, games 2 and 3 still count nothing
    after_game_1 = hollywood(double, SERIES[:4])
    assert [c.finished for c in after_game_1.columns] == [True, False, False]
    assert settlement(after_game_1) == (Payment("Bob", "Ann", 75),)
    assert settlement(hollywood(double, SERIES[:5])) == (Payment("Bob", "Ann", 75),)
    # Bob's 60 ends game 2 (110-65): 75 - 45
    assert settlement(hollywood(double, SERIES[:6])) == (Payment("Bob", "Ann", 30),)


def test_hollywood_games_won_by_each_net_to_nothing() -> None:
    # Ann gin v 75 ends game 1 at 100-0; Bob's gin v 75 goes into game 2
    # (his first score, the next open game) and ends it at 100-0.
    even = (Hand.gin("Ann", 75), Hand.gin("Bob", 75))
    s = hollywood(CENT, even)
    assert [c.winner for c in s.columns] == ["Ann", "Bob", None]
    assert settlement(s) == ()
    # Ann's next win ends game 3 at 100-0: with the double it counts 200
    s = hollywood(CENT.replace(third_game_double=True), (*even, Hand.gin("Ann", 75)))
    assert s.finished and settlement(s) == (Payment("Bob", "Ann", 200),)


def test_third_game_double_changes_nothing_outside_hollywood() -> None:
    assert settlement(standard(CENT.replace(third_game_double=True))) == (
        Payment("Bob", "Ann", 100),
    )


# --- three-hand ----------------------------------------------------------------------

# Ann K (box), Bob 7 (captain), Cy 2 (sits out).
THREE = (
    Hand.knock("Ann", 2, 42),  # box Ann beats Bob: Ann 40; Cy becomes captain
    Hand.knock("Cy", 3, 33),  # captain Cy beats Ann: Cy 30, Cy into the box
    Hand.gin("Cy", 10),  # box Cy beats captain Bob: Cy 65
    Hand.knock("Cy", 1, 41),  # box Cy beats captain Ann: Cy 105, game over
)


def three_hand(
    rules: Rules, hands: tuple[Hand, ...] = THREE, drawn: tuple[str, ...] = ("KS", "7H", "2C")
) -> Standings:
    return Game("three-hand", ["Ann", "Bob", "Cy"], rules, draw=drawn, hands=hands).standings


def test_three_hand_everyone_pays_everyone_above_stake_2() -> None:
    s = three_hand(Rules(stake=2))
    assert s.finished and s.columns[0].final == {"Ann": 40, "Bob": 0, "Cy": 105}
    assert settlement(s) == (
        Payment("Ann", "Cy", 130),
        Payment("Bob", "Ann", 80),
        Payment("Bob", "Cy", 210),
    )


def test_three_hand_in_play_owes_nothing() -> None:
    assert settlement(three_hand(Rules(stake=2), THREE[:3])) == ()


def test_three_hand_players_level_on_the_sheet_owe_each_other_nothing() -> None:
    # Cy draws the king and, in the box, goes gin v 75 at once: 100, 0, 0.
    s = three_hand(Rules(stake=3), (Hand.gin("Cy", 75),), drawn=("2C", "7H", "KS"))
    assert s.finished and s.columns[0].final == {"Ann": 0, "Bob": 0, "Cy": 100}
    assert settlement(s) == (Payment("Ann", "Cy", 300), Payment("Bob", "Cy", 300))


# --- the values ----------------------------------------------------------------------


def test_stake_currency_and_double_default_to_not_for_money() -> None:
    r = Rules()
    assert (r.stake, r.currency, r.third_game_double) == (0, "EUR", False)
    assert all(p.stake == 0 for p in PRESETS.values())


def test_the_money_options_are_stored_like_every_rule() -> None:
    r = PRESETS["classic"].replace(stake=5, currency="UAH", third_game_double=True)
    d = r.to_dict()
    assert (d["stake"], d["currency"], d["third_game_double"]) == (5, "UAH", True)
    assert Rules.from_dict(d) == r and hash(Rules.from_dict(d)) == hash(r)
    old = {k: v for k, v in d.items() if k not in {"stake", "currency", "third_game_double"}}
    assert Rules.from_dict(old) == PRESETS["classic"]  # stored before stakes: not for money
    with pytest.raises(AttributeError):
        r.stake = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    "stake", [-1, MAX_STAKE + 1, 0.5, 1.0, True, "1", None, pytest.param(10**5000, id="huge")]
)
def test_a_negative_fractional_or_absurd_stake_is_refused(stake: Any) -> None:  # not all ints
    with pytest.raises(RuleError, match="the stake must be a whole number") as info:
        Rules(stake=stake)
    assert "from 0 to 1000000" in str(info.value) and len(str(info.value)) < 200


def test_the_highest_stake_is_allowed() -> None:
    assert Rules(stake=MAX_STAKE).stake == MAX_STAKE


@pytest.mark.parametrize("currency", ["eur", "EURO", "EU", "", "€", "E1R", "ÄÖÜ", None, 978])
def test_a_currency_that_is_not_three_capital_letters_is_refused(
    currency: Any,  # not all text
) -> None:
    with pytest.raises(RuleError, match="the currency must be a code like EUR"):
        Rules(currency=currency)


def test_a_currency_refusal_quotes_a_long_value_shortened() -> None:
    with pytest.raises(RuleError) as info:
        Rules(currency="X" * 100_000)
    assert len(str(info.value)) < 150


def test_third_game_double_must_be_on_or_off() -> None:
    with pytest.raises(RuleError, match="third game double must be on or off"):
        Rules(third_game_double="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("payer", "payee", "amount", "words"),
    [
        ("Ann", "Ann", 5, "can't pay themselves"),
        ("Ann", "Bob", 0, "above 0"),
        ("Ann", "Bob", -5, "above 0"),
        ("Ann", "Bob", 1.5, "above 0"),
        ("Ann", "Bob", True, "above 0"),
        (None, "Bob", 5, "a payer and a payee"),
    ],
)
def test_a_payment_is_between_two_players_and_more_than_nothing(
    payer: Any,  # None once
    payee: str,
    amount: Any,  # not all ints
    words: str,
) -> None:
    with pytest.raises(RuleError, match=words):
        Payment(payer, payee, amount)


# --- properties ------------------------------------------------------------------------

GAMES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules,
    target=st.sampled_from([25, 60, 100]),
    classic_bonuses=st.booleans(),
    game_bonus=st.sampled_from([0, 100]),
    box_bonus=st.sampled_from([0, 20, 25]),
    shutout=st.sampled_from(list(Shutout)),
    hollywood_rolling=st.booleans(),
    stake=st.sampled_from([0, 1, 2, 5, 100, MAX_STAKE]),
    currency=st.sampled_from(["EUR", "GBP", "JPY"]),
    third_game_double=st.booleans(),
    partnership_hollywood=st.booleans(),
)
#: (kind, winner: seat in two-player / 0 box 1 captain in three-hand, knocker deadwood, points)
moves_st = st.lists(
    st.tuples(
        st.sampled_from(["knock", "gin", "undercut", "draw"]),
        st.integers(0, 1),
        st.integers(1, 10),
        st.integers(0, 60),
    ),
    max_size=40,
)


def _hand(kind: str, winner: str, loser: str, k: int, points: int) -> Hand:
    if kind == "knock":
        return Hand.knock(winner, k, k + max(points, 1))
    if kind == "gin":
        return Hand.gin(winner, points)
    if kind == "undercut":  # the loser knocked and was undercut
        return Hand.undercut(loser, k, min(points, k))
    return Hand.draw()


@st.composite
def played(draw: st.DrawFn) -> Game:
    fmt = draw(st.sampled_from(list(Format)))
    rules = draw(rules_st)
    if fmt is Format.THREE_HAND:
        order = draw(st.permutations(["KS", "7H", "2C"]))
        game = Game(fmt, ["Ann", "Bob", "Cy"], rules, draw=order)
    elif fmt is Format.PARTNERSHIP:
        game = Game(fmt, ["Ann", "Bob", "Cy", "Dan"], rules)
    else:
        game = Game(fmt, ["Ann", "Bob"], rules, first_dealer="Ann")
    for kind, who, k, points in draw(moves_st):
        s = game.standings
        if s.finished or all(c.finished for c in s.columns):
            break
        if s.roles is not None:
            seats = (s.roles.box, s.roles.captain)
        elif s.pairings is not None:
            seats = s.pairings[len(s.lines) % 2]
        else:
            seats = ("Ann", "Bob")
        game.record(_hand(kind, seats[who], seats[1 - who], k, points))
    return game


def _settled(s: Standings) -> list[tuple[dict[str, int], int]]:
    """Each ended game's final scores and weight, read straight off RULES §10
    (a partnership's, each player's being their side's)."""
    if s.sides is not None:
        ended = [
            (c, 2 if s.series and c.index == 2 and s.rules.third_game_double else 1)
            for c in s.columns
            if c.finished and (s.series or s.finished)
        ]
        return [({p: c.final[s.scorer_of(p)] for p in s.players}, w) for c, w in ended]
    if s.format is Format.HOLLYWOOD:
        return [
            (dict(c.final), 2 if c.index == 2 and s.rules.third_game_double else 1)
            for c in s.columns
            if c.finished
        ]
    return [(dict(s.columns[0].final), 1)] if s.finished else []


def _check(s: Standings) -> None:
    payments = settlement(s)
    pairs = [frozenset((p.payer, p.payee)) for p in payments]
    assert len(set(pairs)) == len(pairs)  # netted: one payment per pair at most
    for p in payments:
        assert p.payer != p.payee and p.payer in s.players and p.payee in s.players
        assert isinstance(p.amount, int) and p.amount > 0
    net = Counter({player: 0 for player in s.players})
    for p in payments:
        net[p.payee] += p.amount
        net[p.payer] -= p.amount
    assert sum(net.values()) == 0  # zero-sum
    # each player's balance: over the ended games, their final score minus
    # every other player's, times the weight and the stake
    expected = {
        player: s.rules.stake
        * sum(w * sum(final[player] - final[q] for q in s.players) for final, w in _settled(s))
        for player in s.players
    }
    if s.sides is not None:  # one payment a player: the margin, to or from
        expected = {p: v // 2 for p, v in expected.items()}
        assert len(payments) in (0, 2)  # seat to seat
    assert dict(net) == expected
    if s.rules.stake == 0 or not _settled(s):
        assert payments == ()


@GAMES
@given(played())
def test_settlement_is_zero_sum_netted_and_only_for_what_has_ended(game: Game) -> None:
    for n in range(len(game.hands) + 1):
        _check(_with_rules(game, game.rules, n).standings)


@GAMES
@given(played())
def test_settlement_is_linear_in_the_stake_and_nothing_at_stake_0(game: Game) -> None:
    s = game.standings
    unit = settlement(_with_rules(game, s.rules.replace(stake=1)).standings)
    k = s.rules.stake
    assert settlement(s) == tuple(Payment(p.payer, p.payee, p.amount * k) for p in unit if k)
    assert settlement(_with_rules(game, s.rules.replace(stake=0)).standings) == ()


@GAMES
@given(played())
def test_settlement_of_a_replayed_ledger_equals_it_after_undo_and_redo(game: Game) -> None:
    before = settlement(game.standings)
    replayed = replay(
        game.format,
        game.players,
        game.rules,
        game.hands,
        first_dealer=game.first_dealer if game.roles is None else None,
        roles=game.roles,
    )
    assert settlement(replayed) == before
    if game.hands:
        last = game.hands[-1]
        again = game.copy().undo()  # a partnership's takes back a whole deal
        for hand in game.hands[len(again.hands) :]:
            again.record(hand)
        assert settlement(again.standings) == before
        edited = game.copy().edit(-1, last)
        assert settlement(edited.standings) == before


def _with_rules(game: Game, rules: Rules, hands: int | None = None) -> Game:
    """The same game under ``rules`` (and only its first ``hands`` hands)."""
    return Game(
        game.format,
        game.players,
        rules,
        first_dealer=game.first_dealer if game.roles is None else None,
        roles=game.roles,
        hands=game.hands[:hands],
    )
