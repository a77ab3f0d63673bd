"""Statistics of a partnership game (RULES §11), every figure by hand.

The rules' example played on to 125: sides Ann & Cy v Bob & Dan.
Deal 1 (Ann v Bob, Cy v Dan): Ann knocks 3 v 19 (+16), Cy gin v 12 (+37).
Deal 2 (Ann v Dan, Cy v Bob): Ann knocks 2 v 9 (+7), Bob undercuts Cy (+13).
Deal 3 (Ann v Bob, Cy v Dan): a draw, Cy knocks 4 v 30 (+26).
Deal 4 (Ann v Dan, Cy v Bob): Ann gin v 21 (+46), a draw.  Ann & Cy 125-6.

Ann: 4 hands, won 3 (a knock, a knock, a gin), 1 draw.
Cy: 4 hands, won 2 (gin, knock), lost 1 (undercut by Bob), 1 draw.
Bob: 4 hands (v Ann twice, v Cy twice): won 1 (the undercut), 1 lost, 2 draws.
Dan: 4 hands (v Cy twice, v Ann twice): lost all 4.
Both partners of the winning side won the game; each player played it.
"""

from __future__ import annotations

from datetime import datetime

from scorekeeper.engine import Game, Hand, Rules
from scorekeeper.statistics import GameRecord, statistics


def _game() -> Game:
    g = Game("partnership", ["ann", "bob", "cy", "dan"], Rules(target=125))
    g.record_deal(Hand.knock("ann", 3, 19), Hand.gin("cy", 12))
    g.record_deal(Hand.knock("ann", 2, 9), Hand.knock("cy", 8, 5))
    g.record_deal(Hand.draw(), Hand.knock("cy", 4, 30))
    g.record_deal(Hand.gin("ann", 21), Hand.draw())
    assert g.standings.finished and g.standings.totals == {"ann": 125, "bob": 6}
    return g


def test_each_player_counts_the_hands_at_their_own_table_and_the_sides_win() -> None:
    s = statistics([GameRecord("p1", _game(), datetime(2026, 12, 5))])
    figures = {
        p: (x.hands_played, x.hands_won, x.draws, x.games_played, x.games_won)
        for p, x in s.players.items()
    }
    assert figures == {
        "ann": (4, 3, 1, 1, 1),
        "bob": (4, 1, 2, 1, 0),
        "cy": (4, 2, 1, 1, 1),
        "dan": (4, 0, 0, 1, 0),
    }
    assert s.players["cy"].undercuts_suffered == 1 and s.players["bob"].undercuts_given == 1
    assert s.players["ann"].gins == 1 and s.players["cy"].gins == 1
    # head to head: Ann met Bob twice (a knock won, a draw) and Dan twice
    ann_bob = s.head_to_head("ann", "bob")
    assert (ann_bob.hands, ann_bob.hands_won, ann_bob.draws) == (2, (1, 0), 1)
    assert s.head_to_head("dan", "ann").hands_won == (0, 2)


def test_each_side_counts_its_games_and_deals() -> None:
    """Ann & Cy won the game and deals 1, 3, 4 (53, 26, 46); Bob & Dan deal 2
    (6); no deal was drawn.  A second game, Ann & Dan v Bob & Cy, makes two
    more sides: a side is its two players, whoever sat first."""
    first = GameRecord("p1", _game(), datetime(2026, 12, 5))
    other = Game("partnership", ["ann", "bob", "dan", "cy"], Rules(target=125))
    other.record_deal(Hand.draw(), Hand.draw())
    s = statistics([first, GameRecord("p2", other, datetime(2026, 12, 6))])
    figures = {
        key: (x.games_played, x.games_won, x.deals_played, x.deals_won, x.points_won)
        for key, x in s.sides.items()
    }
    assert figures == {
        ("ann", "cy"): (1, 1, 4, 3, 125),
        ("ann", "dan"): (0, 0, 1, 0, 0),
        ("bob", "cy"): (0, 0, 1, 0, 0),
        ("bob", "dan"): (1, 0, 4, 1, 6),
    }
    assert s.sides["ann", "cy"].name == "ann & cy"
