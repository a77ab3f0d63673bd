"""Partnership gin (RULES §11), every number worked by hand from the rules."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Game, Hand, Payment, RuleError, Rules, settlement

SIDES = ["Ann", "Bob", "Cy", "Dan"]  # seats: Ann & Cy v Bob & Dan (partners opposite)


def example(rules: Rules | str = "seed") -> Game:
    """The rules' worked example: three deals, Ann & Cy 79, Bob & Dan 6."""
    g = Game("partnership", SIDES, rules)
    g.record_deal(Hand.knock("Ann", 3, 19), Hand.gin("Cy", 12))  # +16, +37: A 53
    g.record_deal(Hand.knock("Ann", 2, 9), Hand.knock("Cy", 8, 5))  # +7; Bob +13: B 6
    g.record_deal(Hand.draw(), Hand.knock("Cy", 4, 30))  # a draw, +26: A 26
    return g


def test_the_rules_example_sheet_is_79_to_6() -> None:
    st = example().standings
    assert st.sides == (("Ann", "Cy"), ("Bob", "Dan"))
    assert st.totals == {"Ann": 79, "Bob": 6}
    assert [(d.side, d.points) for d in st.deals] == [("Ann", 53), ("Bob", 6), ("Ann", 26)]
    assert [ln.points for ln in st.lines] == [16, 37, 7, 13, 0, 26]  # each hand as §3 scores it
    assert not st.finished and st.winner is None


def test_opponents_alternate_every_deal() -> None:
    g = Game("partnership", SIDES)
    assert g.standings.pairings == (("Ann", "Bob"), ("Cy", "Dan"))
    g.record_deal(Hand.draw(), Hand.draw())  # two drawn hands: a drawn deal
    assert g.standings.deals[0].side is None and g.standings.totals == {"Ann": 0, "Bob": 0}
    assert g.standings.pairings == (("Ann", "Dan"), ("Cy", "Bob"))
    g.record_deal(Hand.draw(), Hand.draw())
    assert g.standings.pairings == (("Ann", "Bob"), ("Cy", "Dan"))


def test_equal_sums_score_nothing() -> None:
    g = Game("partnership", SIDES).record_deal(Hand.knock("Ann", 2, 12), Hand.knock("Dan", 2, 12))
    assert g.standings.totals == {"Ann": 0, "Bob": 0} and g.standings.deals[0].side is None


def test_a_player_not_at_the_table_is_refused_and_nothing_changes() -> None:
    g = example()
    with pytest.raises(RuleError, match="Bob doesn't play at this table this deal"):
        g.record_deal(Hand.knock("Bob", 2, 9), Hand.draw())  # deal 4: Ann v Dan, Cy v Bob
    with pytest.raises(RuleError, match="Dan doesn't play at this table"):
        g.record_deal(Hand.draw(), Hand.gin("Dan", 10))
    assert len(g.hands) == 6 and g.standings.totals == {"Ann": 79, "Bob": 6}


def test_the_game_ends_when_a_side_reaches_125_and_then_refuses_a_deal() -> None:
    g = example(Rules(target=125)).record_deal(Hand.gin("Ann", 21), Hand.draw())  # +46
    st = g.standings
    assert st.finished and st.winner == "Ann" and st.totals == {"Ann": 125, "Bob": 6}
    assert st.columns[0].margin == 119
    with pytest.raises(RuleError, match="this game is over: Ann & Cy won 125–6"):
        g.record(Hand.draw())


def test_undo_takes_back_a_deal_and_a_half_entered_deal_one_hand() -> None:
    g = example()
    g.undo()
    assert len(g.hands) == 4 and g.standings.totals == {"Ann": 53, "Bob": 6}
    g.record(Hand.draw())  # deal 3's first hand only
    assert g.standings.totals == {"Ann": 53, "Bob": 6}  # a deal scores when complete
    with pytest.raises(RuleError, match="the last deal has one hand entered"):
        g.record_deal(Hand.draw(), Hand.draw())
    g.undo()
    assert len(g.hands) == 4


def test_classic_bonuses_go_to_sides() -> None:
    """Game bonus 100 to the winning side, 25 a deal won; Bob & Dan won one."""
    classic = Rules(target=125, classic_bonuses=True)
    st = example(classic).record_deal(Hand.gin("Ann", 21), Hand.draw()).standings
    col = st.columns[0]
    assert col.hands_won == {"Ann": 3, "Bob": 1}  # deals won by each side
    assert col.final == {"Ann": 125 + 100 + 3 * 25, "Bob": 6 + 25}


def test_the_losing_side_pays_seat_to_seat() -> None:
    """RULES §10: each player of the losing side pays one of the winning side
    the margin × stake: Bob pays Ann, Dan pays Cy, 119 × 2."""
    st = example(Rules(target=125, stake=2)).record_deal(Hand.gin("Ann", 21), Hand.draw())
    assert settlement(st.standings) == (Payment("Bob", "Ann", 238), Payment("Dan", "Cy", 238))
    assert settlement(example(Rules(stake=2)).standings) == ()  # in play: nothing owed


def test_hollywood_partnership_enters_a_sides_net_like_a_hollywood_win() -> None:
    """The example with the option: Ann & Cy's 53 in game 1; Bob & Dan's 6 in
    game 1; Ann & Cy's 26 in games 1 and 2; then Ann's gin (+46) in all
    three: game 1 ends 125-6, game 2 stands 72-0, game 3 46-0."""
    rules = Rules(partnership_hollywood=True)
    g = example(rules).record_deal(Hand.gin("Ann", 21), Hand.draw())
    st = g.standings
    assert st.series and len(st.columns) == 3
    assert st.column_totals == {"Ann": (125, 72, 46), "Bob": (6, 0, 0)}
    assert [c.winner for c in st.columns] == ["Ann", None, None]
    assert not st.finished


def test_hollywood_partnership_settles_each_game_as_it_ends() -> None:
    rules = Rules(partnership_hollywood=True, stake=1)
    g = example(rules).record_deal(Hand.gin("Ann", 21), Hand.draw())
    assert settlement(g.standings) == (Payment("Bob", "Ann", 119), Payment("Dan", "Cy", 119))
