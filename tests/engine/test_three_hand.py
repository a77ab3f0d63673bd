"""RULES §8: three-hand gin (box, captain, sitter)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Game, Hand, Roles, RuleError, Rules, roles_from_draw

PLAYERS = ["Ann", "Bob", "Cy"]


def knock(by: str, points: int) -> Hand:
    """A knock worth ``points`` to the knocker (K = 1, D = points + 1)."""
    return Hand.knock(by, 1, points + 1)


def game(rules: Rules | str = "seed") -> Game:
    # K > 7 > 2: Ann in the box, Bob captain, Cy sits out
    return Game("three-hand", PLAYERS, rules, draw=["KS", "7H", "2C"])


def test_roles_from_the_draw_king_high() -> None:
    assert roles_from_draw(PLAYERS, ["KS", "7H", "2C"]) == Roles("Ann", "Bob", "Cy")
    assert roles_from_draw(PLAYERS, ["2C", "QD", "9S"]) == Roles("Bob", "Cy", "Ann")


def test_roles_from_the_draw_ace_low() -> None:
    # A lowest: Ann sits out; K highest: Bob in the box; 5: Cy captain
    assert roles_from_draw(PLAYERS, ["AS", "KD", "5C"]) == Roles("Bob", "Cy", "Ann")
    assert roles_from_draw(PLAYERS, ["2S", "AD", "3C"]) == Roles("Cy", "Ann", "Bob")


def test_ties_in_the_draw_are_refused() -> None:
    with pytest.raises(RuleError) as exc:
        roles_from_draw(PLAYERS, ["7C", "7D", "9S"])
    assert "Ann" in str(exc.value) and "Bob" in str(exc.value) and "again" in str(exc.value)
    with pytest.raises(RuleError):
        Game("three-hand", PLAYERS, draw=["QC", "3D", "QS"])


def test_draw_as_a_mapping_by_player() -> None:
    g = Game("three-hand", PLAYERS, draw={"Cy": "KH", "Ann": "3C", "Bob": "8D"})
    assert g.standings.roles == Roles("Cy", "Bob", "Ann")


def test_the_box_deals_every_hand() -> None:
    g = game()
    assert g.standings.next_dealer == "Ann"
    g.record(knock("Ann", 10))  # box wins: stays in the box, deals again
    g.record(knock("Cy", 10))  # captain (Cy now) wins: Cy into the box
    assert [line.dealer for line in g.standings.lines] == ["Ann", "Ann"]
    assert g.standings.roles is not None
    assert g.standings.next_dealer == "Cy" == g.standings.roles.box


def test_box_wins_box_stays_captain_and_sitter_swap() -> None:
    g = game().record(knock("Ann", 10))  # box Ann wins
    assert g.standings.roles == Roles(box="Ann", captain="Cy", sitter="Bob")
    # the captain knocks and is undercut: the box wins again
    g.record(Hand.knock("Cy", 7, 7))
    assert g.standings.roles == Roles(box="Ann", captain="Bob", sitter="Cy")
    assert g.standings.totals == {"Ann": 20, "Bob": 0, "Cy": 0}


def test_box_loses_box_sits_out_captain_into_box_sitter_captain() -> None:
    g = game().record(knock("Bob", 12))  # captain Bob wins
    assert g.standings.roles == Roles(box="Bob", captain="Cy", sitter="Ann")
    # the box knocks and is undercut: box loses again
    g.record(Hand.knock("Bob", 9, 4))  # Cy scores (9 - 4) + 10 = 15
    assert g.standings.roles == Roles(box="Cy", captain="Ann", sitter="Bob")
    assert g.standings.totals == {"Ann": 0, "Bob": 12, "Cy": 15}


def test_draw_nobody_moves_and_the_box_deals_again() -> None:
    g = game().record(Hand.draw())
    assert g.standings.roles == Roles("Ann", "Bob", "Cy")
    assert g.standings.next_dealer == "Ann"


def test_points_go_to_the_winners_own_total_and_the_sitter_never_scores() -> None:
    g = game()
    hands = [
        knock("Bob", 5),  # captain Bob wins 5 -> box Bob, captain Cy, sitter Ann
        Hand.gin("Cy", 10),  # captain Cy gin 35 -> box Cy, captain Ann, sitter Bob
        Hand.knock("Ann", 10, 3),  # captain Ann undercut: box Cy 17 -> Cy stays; Bob captain
        Hand.knock("Cy", 4, 4),  # box Cy undercut by captain Bob: 10 -> box Bob
    ]
    for h in hands:
        g.record(h)
    s = g.standings
    assert [line.winner for line in s.lines] == ["Bob", "Cy", "Cy", "Bob"]
    assert s.totals == {"Ann": 0, "Bob": 15, "Cy": 52}
    for line in s.lines:
        assert line.roles is not None
        assert line.winner != line.roles.sitter
        assert {line.knocker, line.defender} == {line.roles.box, line.roles.captain}


def test_the_sitter_can_not_knock() -> None:
    g = game()
    with pytest.raises(RuleError) as exc:
        g.record(knock("Cy", 10))
    msg = str(exc.value)
    assert "Cy" in msg and "sits out" in msg
    assert g.hands == () and g.standings.totals == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_three_hand_game_ends_at_the_target() -> None:
    g = game()
    g.record(Hand.gin("Ann", 74))  # 99
    assert not g.standings.finished
    g.record(knock("Ann", 1))  # 100: Ann wins
    assert g.standings.finished and g.standings.winner == "Ann"
    with pytest.raises(RuleError, match="over"):
        g.record(knock("Ann", 1))


def test_three_hand_classic_bonuses_for_each_player() -> None:
    g = game(Rules(classic_bonuses=True))
    g.record(knock("Bob", 30))  # box Bob, captain Cy, sitter Ann
    g.record(knock("Cy", 20))  # box Cy, captain Ann, sitter Bob
    g.record(Hand.gin("Cy", 55))  # box Cy wins 80: total 100
    col = g.standings.columns[0]
    # Cy 100 + 100 + 2 x 25 = 250; Bob 30 + 25 = 55; Ann 0; margin 250 - 55 = 195
    assert col.final == {"Ann": 0, "Bob": 55, "Cy": 250}
    assert col.margin == 195


def test_oklahoma_with_three_hand() -> None:
    g = game("oklahoma")
    with pytest.raises(RuleError, match="limit this hand is 3"):
        g.record(Hand.knock("Ann", 4, 30, upcard="3C"))
    g.record(Hand.knock("Ann", 3, 30, upcard="3S"))  # (30 - 3) x 2 = 54
    assert g.standings.totals["Ann"] == 54


def test_explicit_roles() -> None:
    g = Game("three-hand", PLAYERS, roles=Roles("Cy", "Ann", "Bob"))
    assert g.standings.roles == Roles("Cy", "Ann", "Bob") and g.standings.next_dealer == "Cy"
    with pytest.raises(RuleError):
        Game("three-hand", PLAYERS, roles=Roles("Cy", "Ann", "Zed"))
    with pytest.raises(RuleError):
        Game("three-hand", PLAYERS)  # neither a draw nor roles


def test_roles_given_as_a_list_of_the_wrong_length_is_a_rule_error() -> None:
    with pytest.raises(RuleError):
        Game("three-hand", PLAYERS, roles=["Ann", "Bob"])


def test_rolling_option_does_not_reopen_a_finished_three_hand_game() -> None:
    g = game(Rules(hollywood_rolling=True))
    g.record(Hand.gin("Ann", 75))  # box Ann 100: the game is over
    with pytest.raises(RuleError, match="over"):
        g.record(knock("Ann", 5))
    assert len(g.standings.columns) == 1 and g.standings.winner == "Ann"
