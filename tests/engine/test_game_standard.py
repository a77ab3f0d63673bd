"""RULES §4-§5: dealer, the standard game to a target, classic bonuses."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import DealerRule, Game, Hand, RuleError, Rules, Shutout


def knock(by: str, points: int) -> Hand:
    """A knock worth ``points`` to the knocker (K = 1, D = points + 1)."""
    return Hand.knock(by, 1, points + 1)


def test_winner_of_each_hand_deals_the_next_and_a_draw_keeps_the_dealer() -> None:
    g = Game("standard", ["Ann", "Bob"], first_dealer="Ann")
    assert g.standings.next_dealer == "Ann"
    g.record(knock("Bob", 10))  # Bob wins -> Bob deals
    assert g.standings.next_dealer == "Bob"
    g.record(Hand.draw())  # draw -> same dealer
    assert g.standings.next_dealer == "Bob"
    g.record(Hand.knock("Bob", 9, 7))  # Bob undercut: Ann wins -> Ann deals
    assert g.standings.next_dealer == "Ann"
    g.record(Hand.gin("Ann", 5))
    assert g.standings.next_dealer == "Ann"
    assert [line.dealer for line in g.standings.lines] == ["Ann", "Bob", "Bob", "Ann"]
    assert [line.winner for line in g.standings.lines] == ["Bob", None, "Ann", "Ann"]


def test_first_dealer_may_be_left_open_then_the_first_winner_deals() -> None:
    g = Game("standard", ["Ann", "Bob"])
    assert g.standings.next_dealer is None
    g.record(Hand.draw())
    assert g.standings.next_dealer is None
    g.record(knock("Bob", 3))
    assert g.standings.next_dealer == "Bob"


def test_standard_game_ends_exactly_when_a_total_reaches_100() -> None:
    g = Game("standard", ["Ann", "Bob"])
    # Ann 40 + 40 + 19 = 99: not yet
    for pts in (40, 40, 19):
        g.record(knock("Ann", pts))
    assert g.standings.totals == {"Ann": 99, "Bob": 0}
    assert not g.standings.finished and g.standings.winner is None
    g.record(knock("Bob", 50))
    assert not g.standings.finished
    # Ann + 1 = 100: the game ends, Ann wins
    g.record(knock("Ann", 1))
    s = g.standings
    assert s.totals == {"Ann": 100, "Bob": 50}
    assert s.finished and s.winner == "Ann"
    assert s.columns[0].winner == "Ann" and s.columns[0].finished


def test_a_win_can_pass_the_target() -> None:
    g = Game("standard", ["Ann", "Bob"])
    g.record(knock("Bob", 90)).record(Hand.gin("Bob", 40))  # 90 + 65 = 155
    assert g.standings.totals["Bob"] == 155 and g.standings.winner == "Bob"


@pytest.mark.parametrize("target", [150, 250])
def test_other_targets(target: int) -> None:
    g = Game("standard", ["Ann", "Bob"], Rules(target=target))
    # 97 points at a time; target - 1 is not enough
    while g.standings.totals["Ann"] + 97 < target:
        g.record(knock("Ann", 97))
    g.record(knock("Ann", target - 1 - g.standings.totals["Ann"]))
    assert g.standings.totals["Ann"] == target - 1 and not g.standings.finished
    g.record(knock("Ann", 1))
    assert g.standings.totals["Ann"] == target
    assert g.standings.finished and g.standings.winner == "Ann"


def test_no_hand_after_the_game_ended() -> None:
    g = Game("standard", ["Ann", "Bob"]).record(Hand.gin("Ann", 75))  # 75 + 25 = 100
    for h in (knock("Bob", 5), Hand.draw()):
        with pytest.raises(RuleError) as exc:
            g.record(h)
        assert "over" in str(exc.value) and "Ann" in str(exc.value)
    assert len(g.hands) == 1


# --- classic bonuses ----------------------------------------------------------


def _classic_game(rules: Rules) -> Game:
    # Ann 30, Bob 20, Ann gin 15 + 25 = 40, Ann 35  -> Ann 105 (3 hands), Bob 20 (1 hand)
    g = Game("standard", ["Ann", "Bob"], rules)
    for h in (knock("Ann", 30), knock("Bob", 20), Hand.gin("Ann", 15), knock("Ann", 35)):
        g.record(h)
    return g


def test_classic_bonuses_game_and_box_and_margin() -> None:
    s = _classic_game(Rules(classic_bonuses=True)).standings
    col = s.columns[0]
    assert s.totals == {"Ann": 105, "Bob": 20}  # bonuses never count toward the target
    assert col.hands_won == {"Ann": 3, "Bob": 1}
    bonuses = {(b.player, b.label): b.points for b in col.bonuses}
    # game bonus 100 to the winner; line bonus 25 per hand won: Ann 3 x 25, Bob 1 x 25
    assert bonuses == {
        ("Ann", "game bonus"): 100,
        ("Ann", "line bonus"): 75,
        ("Bob", "line bonus"): 25,
    }
    # Ann 105 + 100 + 75 = 280; Bob 20 + 25 = 45; margin 280 - 45 = 235
    assert col.final == {"Ann": 280, "Bob": 45}
    assert col.margin == 235


def test_classic_box_bonus_20_variant() -> None:
    s = _classic_game(Rules(classic_bonuses=True, box_bonus=20)).standings
    # Ann 105 + 100 + 60 = 265; Bob 20 + 20 = 40; margin 225
    assert s.columns[0].final == {"Ann": 265, "Bob": 40}
    assert s.columns[0].margin == 225


def test_classic_bonuses_only_when_the_game_ends() -> None:
    g = Game("standard", ["Ann", "Bob"], Rules(classic_bonuses=True))
    g.record(knock("Ann", 30)).record(knock("Bob", 20))
    col = g.standings.columns[0]
    assert col.bonuses == () and col.final == {"Ann": 30, "Bob": 20} and col.margin is None


def test_no_classic_bonuses_without_the_option() -> None:
    col = _classic_game(Rules()).standings.columns[0]
    assert col.bonuses == () and col.final == {"Ann": 105, "Bob": 20}
    assert col.margin == 85


def _shutout_game(shutout: Shutout) -> Game:
    # Ann wins 4 hands: 30 + 30 + 20 + 20 = 100; Bob wins none
    g = Game("standard", ["Ann", "Bob"], Rules(classic_bonuses=True, shutout=shutout))
    for pts in (30, 30, 20, 20):
        g.record(knock("Ann", pts))
    return g


def test_shutout_doubles_the_winners_whole_final_score() -> None:
    col = _shutout_game(Shutout.DOUBLE_ALL).standings.columns[0]
    # 100 + game 100 + box 4 x 25 = 300, doubled = 600; Bob 0; margin 600
    assert col.final == {"Ann": 600, "Bob": 0}
    assert col.margin == 600
    assert any(b.label == "shutout doubles" and b.points == 300 for b in col.bonuses)


def test_shutout_variant_doubles_only_the_game_bonus() -> None:
    col = _shutout_game(Shutout.DOUBLE_GAME_BONUS).standings.columns[0]
    # 100 + game 100 x 2 + box 100 = 400
    assert col.final == {"Ann": 400, "Bob": 0}
    assert col.margin == 400


def test_shutout_off() -> None:
    col = _shutout_game(Shutout.OFF).standings.columns[0]
    assert col.final == {"Ann": 300, "Bob": 0}


def test_an_undercut_win_breaks_the_shutout() -> None:
    g = Game("standard", ["Ann", "Bob"], "classic")
    g.record(Hand.knock("Ann", 8, 8))  # tie: Bob undercuts, 0 + 10 = 10
    for pts in (50, 50):
        g.record(knock("Ann", pts))
    col = g.standings.columns[0]
    # Ann 100 + 100 + 2 x 25 = 250, no doubling; Bob 10 + 25 = 35; margin 215
    assert col.hands_won == {"Ann": 2, "Bob": 1}
    assert col.final == {"Ann": 250, "Bob": 35} and col.margin == 215


def test_oklahoma_preset_standard_game_to_150() -> None:
    g = Game("standard", ["Ann", "Bob"], "oklahoma")
    # upcard 4♥: limit 4. Ann knocks 4 vs 64: 60.  Upcard 9♠: spade doubles, (54 - 9) x 2 = 90
    g.record(Hand.knock("Ann", 4, 64, upcard="4H"))
    with pytest.raises(RuleError, match="limit this hand is 4"):
        g.record(Hand.knock("Bob", 5, 64, upcard="4H"))
    g.record(Hand.knock("Ann", 9, 54, upcard="9S"))
    assert g.standings.totals["Ann"] == 150
    assert g.standings.finished and g.standings.winner == "Ann"


def test_rolling_option_does_not_reopen_a_finished_standard_game() -> None:
    g = Game("standard", ["Ann", "Bob"], Rules(hollywood_rolling=True))
    g.record(Hand.gin("Ann", 75))  # 100: Ann wins, the game is over
    with pytest.raises(RuleError, match="over"):
        g.record(Hand.gin("Bob", 80))
    s = g.standings
    assert len(s.columns) == 1 and s.winner == "Ann" and s.totals == {"Ann": 100, "Bob": 0}


def test_a_draw_with_junk_deadwood_is_a_rule_error_not_a_crash() -> None:
    from scorekeeper.engine import Claim, Entry

    junk: Any  # deliberately not a deadwood count
    for junk in ([], "", 0.5, "7"):
        with pytest.raises(RuleError, match="a draw has no knocker and no deadwood"):
            Hand(Entry.RESULT, Claim.DRAW, None, junk, None)
    # a draw with zero (or no) deadwood is fine and records
    g = Game("standard", ["Ann", "Bob"]).record(Hand(Entry.RESULT, Claim.DRAW, None, 0, None))
    assert len(g.hands) == 1 and g.standings.totals == {"Ann": 0, "Bob": 0}


def test_loser_deals_is_an_option_and_a_draw_still_keeps_the_dealer() -> None:
    g = Game("standard", ["Ann", "Bob"], Rules(dealer=DealerRule.LOSER), first_dealer="Ann")
    g.record(knock("Bob", 10))  # Bob wins -> Ann, the loser, deals
    assert g.standings.next_dealer == "Ann"
    g.record(Hand.draw())  # draw -> same dealer
    assert g.standings.next_dealer == "Ann"
    g.record(Hand.gin("Ann", 5))  # Ann wins -> Bob deals
    assert [line.dealer for line in g.standings.lines] == ["Ann", "Ann", "Ann"]
    assert g.standings.next_dealer == "Bob"


def test_alternating_deal_ignores_who_won() -> None:
    g = Game("standard", ["Ann", "Bob"], Rules(dealer=DealerRule.ALTERNATE), first_dealer="Ann")
    g.record(knock("Bob", 10)).record(knock("Bob", 10)).record(Hand.draw())
    g.record(knock("Ann", 10))
    # Ann, Bob, then Ann; the draw keeps Ann, who deals again; then Bob
    assert [line.dealer for line in g.standings.lines] == ["Ann", "Bob", "Ann", "Ann"]
    assert g.standings.next_dealer == "Bob"


def test_the_dealer_rule_is_stored_with_the_rules_and_old_rules_default_to_winner() -> None:
    r = Rules(dealer=DealerRule.ALTERNATE)
    assert r.to_dict()["dealer"] == "alternate" and Rules.from_dict(r.to_dict()) == r
    old = Rules().to_dict()
    del old["dealer"]
    assert Rules.from_dict(old).dealer is DealerRule.WINNER
    with pytest.raises(RuleError, match="dealer"):
        Rules(dealer="dealer's choice")  # type: ignore[arg-type]


def test_three_hand_box_deals_whatever_the_dealer_rule() -> None:
    t = Game(
        "three-hand", ["Ann", "Bob", "Cy"], Rules(dealer=DealerRule.LOSER), draw=["KS", "7H", "2C"]
    )
    t.record(Hand.knock("Bob", 2, 12))  # captain Bob wins: Bob moves into the box
    assert t.standings.roles is not None
    assert t.standings.next_dealer == "Bob" == t.standings.roles.box
