"""RULES §6: Hollywood gin, three games (columns) at once."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Game, Hand, RuleError, Rules, Shutout


def knock(by: str, points: int) -> Hand:
    """A knock worth ``points`` to the knocker (K = 1, D = points + 1)."""
    return Hand.knock(by, 1, points + 1)


def hollywood(rules: Rules | str = "seed") -> Game:
    return Game("hollywood", ["Alexandra", "Bob"], rules)


def test_the_seeds_worked_example() -> None:
    # Bob 10 -> game 1; Alexandra 18 -> game 1; Bob 30 -> games 1, 2; Bob 4 -> games 1, 2, 3
    g = hollywood()
    for h in (knock("Bob", 10), knock("Alexandra", 18), knock("Bob", 30), knock("Bob", 4)):
        g.record(h)
    s = g.standings
    assert s.column_totals == {"Alexandra": (18, 0, 0), "Bob": (44, 34, 4)}
    assert [line.columns for line in s.lines] == [(0,), (0,), (0, 1), (0, 1, 2)]
    assert not s.finished and s.winner is None


def test_third_and_later_wins_go_into_all_three_games() -> None:
    g = hollywood()
    for pts in (5, 6, 7, 8):
        g.record(knock("Bob", pts))
    # game 1: 5+6+7+8 = 26; game 2: 6+7+8 = 21; game 3: 7+8 = 15
    assert g.standings.column_totals["Bob"] == (26, 21, 15)


def _full_series() -> Game:
    g = hollywood()
    hands = [
        knock("Bob", 60),  # Bob f=1: g1 60
        knock("Bob", 40),  # Bob f=2: g1 100 (game 1 ends, Bob), g2 40
        knock("Alexandra", 25),  # shut out of g1: her first score goes into g2
        knock("Bob", 30),  # Bob f=3: g2 70, g3 30
        knock("Bob", 30),  # g2 100 (game 2 ends, Bob), g3 60
        knock("Alexandra", 50),  # her f=3, but only g3 is open: g3 50
        knock("Bob", 40),  # g3 100: game 3 ends, the series is over
    ]
    for h in hands:
        g.record(h)
    return g


def test_a_game_closes_at_the_target_and_later_wins_go_only_into_open_games() -> None:
    g = _full_series()
    s = g.standings
    assert [line.columns for line in s.lines] == [
        (0,),
        (0, 1),
        (1,),
        (1, 2),
        (1, 2),
        (2,),
        (2,),
    ]
    assert s.column_totals == {"Alexandra": (0, 25, 50), "Bob": (100, 100, 100)}
    assert [c.winner for c in s.columns] == ["Bob", "Bob", "Bob"]


def test_totals_after_each_hand_show_the_closing_column_frozen() -> None:
    s = _full_series().standings
    # after hand 2, game 1 is 100-0 and stays so
    for line in s.lines[1:]:
        assert line.totals_after[0] == {"Alexandra": 0, "Bob": 100}


def test_player_shut_out_of_an_ended_game_starts_in_the_next_open_game() -> None:
    g = hollywood()
    g.record(Hand.gin("Bob", 75))  # Bob 100 in game 1: it ends, Alexandra never scored in it
    g.record(knock("Alexandra", 20))  # her first win: game 2 (not game 1, which has ended)
    assert g.standings.column_totals == {"Alexandra": (0, 20, 0), "Bob": (100, 0, 0)}
    g.record(knock("Alexandra", 10))  # she carries on from there: games 2 and 3
    assert g.standings.column_totals["Alexandra"] == (0, 30, 10)
    g.record(knock("Bob", 5))  # Bob's 2nd win: f = 2, game 2 only (game 1 ended)
    assert g.standings.column_totals["Bob"] == (100, 5, 0)
    g.record(knock("Bob", 5))  # 3rd win: games 2 and 3
    assert g.standings.column_totals["Bob"] == (100, 10, 5)


def test_shut_out_of_two_ended_games_goes_straight_to_game_three() -> None:
    g = hollywood()
    g.record(Hand.gin("Bob", 75))  # g1 Bob 100, ends
    g.record(Hand.gin("Bob", 75))  # f=2: g2 100, ends (g1 closed)
    g.record(knock("Alexandra", 12))
    assert g.standings.column_totals == {"Alexandra": (0, 0, 12), "Bob": (100, 100, 0)}


def test_series_winner_is_who_wins_two_games_and_play_goes_on_to_the_third() -> None:
    g = hollywood()
    for h in _full_series().hands[:5]:
        g.record(h)
    s = g.standings
    # Bob has won games 1 and 2: the series is clinched but game 3 is still open
    assert s.games_won == {"Alexandra": 0, "Bob": 2}
    assert s.winner == "Bob" and not s.finished
    g.record(knock("Alexandra", 50))  # play goes on
    g.record(knock("Bob", 40))
    assert g.standings.finished and g.standings.winner == "Bob"
    with pytest.raises(RuleError, match="over"):
        g.record(knock("Alexandra", 5))
    assert len(g.hands) == 7


def test_series_split_two_to_one() -> None:
    g = hollywood()
    g.record(Hand.gin("Bob", 75))  # g1 Bob 100 (ends)
    g.record(Hand.gin("Alexandra", 75))  # her 1st: g2 100 (ends, Alexandra)
    assert [c.winner for c in g.standings.columns] == ["Bob", "Alexandra", None]
    assert g.standings.winner is None
    g.record(Hand.gin("Alexandra", 75))  # her 2nd: f=2, g2 closed -> g3 100 (ends)
    s = g.standings
    assert [c.winner for c in s.columns] == ["Bob", "Alexandra", "Alexandra"]
    assert s.finished and s.winner == "Alexandra" and s.games_won["Alexandra"] == 2


def test_classic_bonuses_are_counted_per_game() -> None:
    g = Game("hollywood", ["Alexandra", "Bob"], Rules(classic_bonuses=True))
    for h in _full_series().hands:
        g.record(h)
    c1, c2, c3 = g.standings.columns
    # game 1: Bob won hands 1, 2 -> 100 + game 100 + box 2 x 25 = 250; shutout -> 500
    assert c1.hands_won == {"Alexandra": 0, "Bob": 2}
    assert c1.final == {"Alexandra": 0, "Bob": 500} and c1.margin == 500
    # game 2: Bob hands 2, 4, 5 -> 100 + 100 + 75 = 275; Alexandra hand 3 -> 25 + 25 = 50
    assert c2.hands_won == {"Alexandra": 1, "Bob": 3}
    assert c2.final == {"Alexandra": 50, "Bob": 275} and c2.margin == 225
    # game 3: Bob hands 4, 5, 7 -> 275; Alexandra hand 6 -> 50 + 25 = 75; margin 200
    assert c3.hands_won == {"Alexandra": 1, "Bob": 3}
    assert c3.final == {"Alexandra": 75, "Bob": 275} and c3.margin == 200


def test_classic_shutout_variant_per_game() -> None:
    rules = Rules(classic_bonuses=True, shutout=Shutout.DOUBLE_GAME_BONUS)
    g = Game("hollywood", ["Alexandra", "Bob"], rules)
    for h in _full_series().hands:
        g.record(h)
    # game 1 only is a shutout: 100 + 100 x 2 + 50 = 350
    assert g.standings.columns[0].final == {"Alexandra": 0, "Bob": 350}
    assert g.standings.columns[1].final["Bob"] == 275


def test_hollywood_target_option() -> None:
    g = hollywood(Rules(target=150))
    g.record(Hand.gin("Bob", 75))  # 100: game 1 still open at target 150
    assert not any(c.finished for c in g.standings.columns)
    g.record(knock("Bob", 50))  # g1 150 ends; g2 50
    assert [c.finished for c in g.standings.columns] == [True, False, False]
    assert g.standings.column_totals["Bob"] == (150, 50, 0)


def test_rolling_sheet_opens_a_new_game_when_one_closes() -> None:
    g = hollywood(Rules(hollywood_rolling=True))
    g.record(knock("Bob", 60)).record(knock("Bob", 40))  # g1 ends at 100
    s = g.standings
    assert len(s.columns) == 4
    assert [c.finished for c in s.columns] == [True, False, False, False]
    assert s.column_totals["Bob"] == (100, 40, 0, 0)
    g.record(knock("Bob", 10))  # 3rd win: every open game up to the frontier
    assert g.standings.column_totals["Bob"][:3] == (100, 50, 10)
    # the sheet never runs out of open games: the series does not finish
    for _ in range(12):
        g.record(Hand.gin("Alexandra", 75))
    s = g.standings
    assert not s.finished
    assert sum(c.finished for c in s.columns) >= 3
    assert sum(not c.finished for c in s.columns) == 3


def test_oklahoma_with_hollywood() -> None:
    g = hollywood("oklahoma")
    # target 150; upcard 6♦ limits knocks to 6; spade upcard doubles
    with pytest.raises(RuleError, match="limit this hand is 6"):
        g.record(Hand.knock("Bob", 7, 40, upcard="6D"))
    g.record(Hand.knock("Bob", 6, 40, upcard="6S"))  # (40 - 6) x 2 = 68 in game 1
    g.record(Hand.knock("Bob", 2, 40, upcard="KH"))  # 38 in games 1 and 2
    assert g.standings.column_totals["Bob"] == (106, 38, 0)
