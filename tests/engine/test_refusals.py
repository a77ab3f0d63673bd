"""RULES §9: every refusal is a RuleError with a clear message, and nothing
is stored or half-applied; undo and edit are replays (RULES §4-§8)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.engine import (
    CardError,
    Claim,
    Entry,
    Game,
    Hand,
    RuleError,
    Rules,
    Standings,
    parse_cards,
    score_hand,
)

SEED = Rules()


def knock(by: str, points: int) -> Hand:
    return Hand.knock(by, 1, points + 1)


def test_rule_error_is_a_value_error() -> None:
    assert issubclass(RuleError, ValueError) and issubclass(CardError, RuleError)


# --- result entry ------------------------------------------------------------------


def test_knock_over_the_house_limit() -> None:
    with pytest.raises(RuleError) as exc:
        score_hand(Hand.knock("Bob", 12, 30), SEED)
    msg = str(exc.value)
    assert "Bob" in msg and "12" in msg and "10" in msg and "limit" in msg
    # a lower house limit
    with pytest.raises(RuleError, match="limit this hand is 7"):
        score_hand(Hand.knock("Bob", 8, 30), Rules(knock_limit=7))


def test_gin_with_deadwood_is_refused() -> None:
    with pytest.raises(RuleError) as exc:
        score_hand(Hand(Entry.RESULT, Claim.GIN, "Bob", 3, 20), SEED)
    assert "Bob" in str(exc.value) and "gin" in str(exc.value) and "3" in str(exc.value)
    with pytest.raises(RuleError, match="gin"):
        score_hand(Hand.from_deadwood("Bob", "3S", "KD", claim=Claim.GIN), SEED)


def test_undercut_where_the_knocker_has_less_is_refused() -> None:
    with pytest.raises(RuleError) as exc:
        score_hand(Hand.undercut("Bob", 3, 5), SEED)
    msg = str(exc.value)
    assert "undercut" in msg and "Bob" in msg and "3" in msg and "5" in msg


def test_undercut_of_a_zero_deadwood_knock_is_refused() -> None:
    with pytest.raises(RuleError, match="gin"):
        score_hand(Hand.undercut("Bob", 0, 0), SEED)


@pytest.mark.parametrize("bad", [-1, -40, 1.5, 3.0, True, False, 99, 150, "5", None])
def test_impossible_deadwood_is_refused(bad: Any) -> None:  # not always an int: refused
    with pytest.raises(RuleError) as exc:
        Hand.knock("Bob", 3, bad)
    assert "defender" in str(exc.value)
    with pytest.raises(RuleError) as exc:
        Hand.knock("Bob", bad, 3)
    assert "knocker" in str(exc.value)
    with pytest.raises(RuleError):
        Hand.gin("Bob", bad)


def test_negative_and_too_large_deadwood_messages() -> None:
    with pytest.raises(RuleError, match="negative"):
        Hand.knock("Bob", 3, -1)
    with pytest.raises(RuleError, match="98"):
        Hand.knock("Bob", 3, 99)
    with pytest.raises(RuleError, match="whole number"):
        not_whole: Any = 2.5  # what the signature forbids, as a client could send it
        Hand.knock("Bob", 3, not_whole)
    assert Hand.gin("Bob", 98).defender_deadwood == 98  # 98 is possible


# --- card entry --------------------------------------------------------------------


def test_unknown_card_names_the_token() -> None:
    with pytest.raises(CardError) as exc:
        parse_cards("AS 1X KD")
    assert exc.value.token == "1X" and "1X" in str(exc.value)
    with pytest.raises(CardError) as exc:
        Hand.from_cards("Ann", "AS 2S 3S 4S 5S 6S 7S 8S 9S ZZ", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert exc.value.token == "ZZ"


def test_card_given_twice_names_it() -> None:
    with pytest.raises(CardError) as exc:
        parse_cards("AS 2D as")
    assert exc.value.token == "as" and "A♠" in str(exc.value) and "twice" in str(exc.value)
    with pytest.raises(CardError) as exc:
        Hand.from_deadwood("Ann", "3S 3S", "KD")
    assert exc.value.token == "3S"


def test_card_in_both_hands_is_refused() -> None:
    with pytest.raises(RuleError) as exc:
        Hand.from_cards("Ann", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AS 2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert "A♠" in str(exc.value)


@pytest.mark.parametrize(
    ("knocker", "defender", "words"),
    [
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH", ["9", "knocker"]),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH", ["12"]),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H", ["9", "defender"]),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", ["11"]),
    ],
)
def test_wrong_hand_size_is_refused(knocker: str, defender: str, words: list[str]) -> None:
    with pytest.raises(RuleError) as exc:
        Hand.from_cards("Ann", knocker, defender)
    for w in words:
        assert w in str(exc.value)


def test_too_many_deadwood_cards_is_refused() -> None:
    with pytest.raises(RuleError, match="11"):
        Hand.from_deadwood("Ann", "2S", "AH 2H 3D 4H 5C 6H 7D 8H 9C TH JD")


DEFENDER = "8S 9S KH QH JH 2D 3D 4H 4D TC"


def test_knocker_cards_over_the_limit_are_refused() -> None:
    # 5♠6♠7♠ 9♣9♦9♥ + 2♣ 3♥ K♦ 4♣: 2 + 3 + 10 + 4 = 19 > 10
    h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3H KD 4C", "8S 9S KH QH JH 2D 3D 4H 4D TC")
    with pytest.raises(RuleError) as exc:
        score_hand(h, SEED)
    assert "Ann" in str(exc.value) and "19" in str(exc.value) and "10" in str(exc.value)


def test_knocker_cards_that_are_no_gin_are_refused() -> None:
    h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3C 4C AD", DEFENDER, claim=Claim.GIN)
    with pytest.raises(RuleError) as exc:
        score_hand(h, SEED)
    assert "Ann" in str(exc.value) and "1" in str(exc.value) and "gin" in str(exc.value)


def test_knocker_cards_that_are_no_undercut_are_refused() -> None:
    # K = 1, D = 14 (see test_scoring): the knocker wins, so no undercut
    h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3C 4C AD", DEFENDER, claim=Claim.UNDERCUT)
    with pytest.raises(RuleError) as exc:
        score_hand(h, SEED)
    assert "undercut" in str(exc.value) and "14" in str(exc.value)


def test_eleven_knocker_cards_not_all_melded_are_no_big_gin() -> None:
    h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3C 4C AD KS", DEFENDER, claim=Claim.BIG_GIN)
    with pytest.raises(RuleError, match="big gin"):
        score_hand(h, Rules(big_gin=True))


def test_big_gin_claim_from_cards_when_the_option_is_off_says_so() -> None:
    h = Hand.from_cards(
        "Ann",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "AH 2H 3D 5H 6C 8H 9D JC QD KH",
        claim=Claim.BIG_GIN,
    )
    with pytest.raises(RuleError) as exc:
        score_hand(h, SEED)
    assert "not played" in str(exc.value)
    assert "not all melded" not in str(exc.value)


# --- games: sitter, finished game, unknown player; nothing half-applied ---------------


def _snapshot(g: Game) -> tuple[tuple[Hand, ...], Standings]:
    return g.hands, copy.deepcopy(g.standings)


def _assert_refused_and_unchanged(g: Game, action: Callable[[], object], *words: str) -> None:
    hands, standings = _snapshot(g)
    with pytest.raises(RuleError) as exc:
        action()
    for w in words:
        assert w in str(exc.value), str(exc.value)
    assert g.hands == hands
    assert g.standings == standings


def test_sitter_knock_refused_and_nothing_changes() -> None:
    g = Game("three-hand", ["Ann", "Bob", "Cy"], draw=["KS", "7H", "2C"])
    g.record(knock("Ann", 10))  # box wins: Cy captain, Bob sits out
    _assert_refused_and_unchanged(g, lambda: g.record(knock("Bob", 5)), "Bob", "sits out")


def test_hand_into_a_finished_game_refused_and_nothing_changes() -> None:
    g = Game("standard", ["Ann", "Bob"]).record(knock("Bob", 30)).record(Hand.gin("Ann", 75))
    assert g.standings.finished
    _assert_refused_and_unchanged(g, lambda: g.record(knock("Bob", 5)), "over", "Ann")
    _assert_refused_and_unchanged(g, lambda: g.record(Hand.draw()), "over")


def test_unknown_knocker_refused() -> None:
    g = Game("standard", ["Ann", "Bob"])
    _assert_refused_and_unchanged(g, lambda: g.record(knock("Zed", 5)), "Zed")


def test_refused_record_over_the_limit_changes_nothing() -> None:
    g = Game("standard", ["Ann", "Bob"]).record(knock("Ann", 20))
    _assert_refused_and_unchanged(g, lambda: g.record(Hand.knock("Bob", 11, 40)), "Bob", "11")


def test_undo_is_a_replay_and_restores_the_standings() -> None:
    g = Game("standard", ["Ann", "Bob"], first_dealer="Ann")
    g.record(knock("Bob", 20))
    before = copy.deepcopy(g.standings)
    g.record(Hand.gin("Ann", 10))
    assert g.standings.totals == {"Ann": 35, "Bob": 20}
    g.undo()
    assert g.standings == before and g.standings.next_dealer == "Bob"
    g.undo()
    assert g.standings.totals == {"Ann": 0, "Bob": 0} and g.standings.next_dealer == "Ann"
    _assert_refused_and_unchanged(g, g.undo, "undo")


def test_undo_reopens_a_finished_game() -> None:
    g = Game("standard", ["Ann", "Bob"]).record(Hand.gin("Ann", 75))
    assert g.standings.finished
    g.undo()
    assert not g.standings.finished and g.standings.winner is None
    g.record(knock("Bob", 5))
    assert g.standings.totals == {"Ann": 0, "Bob": 5}


def test_edit_is_a_replay() -> None:
    g = Game("standard", ["Ann", "Bob"], first_dealer="Ann")
    for h in (knock("Ann", 10), knock("Ann", 20), Hand.draw()):
        g.record(h)
    g.edit(0, knock("Bob", 15))  # hand 1 now won by Bob: dealers and totals replayed
    s = g.standings
    assert s.totals == {"Ann": 20, "Bob": 15}
    assert [line.dealer for line in s.lines] == ["Ann", "Bob", "Ann"]
    g.edit(-1, Hand.knock("Bob", 9, 7))  # the draw becomes Bob undercut by Ann: 12
    assert g.standings.totals == {"Ann": 32, "Bob": 15}


def test_edit_out_of_range_refused() -> None:
    g = Game("standard", ["Ann", "Bob"]).record(knock("Ann", 10))
    _assert_refused_and_unchanged(g, lambda: g.edit(1, knock("Bob", 5)), "2")
    _assert_refused_and_unchanged(g, lambda: g.edit(0, Hand.knock("Bob", 12, 40)), "12")


def test_edit_that_ends_the_game_before_a_later_hand_is_refused() -> None:
    g = Game("standard", ["Ann", "Bob"])
    for h in (knock("Ann", 50), knock("Bob", 10), knock("Ann", 30)):
        g.record(h)
    # hand 1 as a gin with D = 75 is worth 75 + 25 = 100: the game would end after
    # hand 1, so hands 2 and 3 could not have been played
    _assert_refused_and_unchanged(g, lambda: g.edit(0, Hand.gin("Ann", 75)), "hand 2", "over")


def test_edit_that_makes_a_later_knocker_the_sitter_is_refused() -> None:
    g = Game("three-hand", ["Ann", "Bob", "Cy"], draw=["KS", "7H", "2C"])
    g.record(knock("Bob", 10))  # captain Bob wins: box Bob, captain Cy, sitter Ann
    g.record(knock("Cy", 10))  # captain Cy wins: box Cy, captain Ann, sitter Bob
    # hand 1 as a draw: nobody moves (box Ann, captain Bob, sitter Cy), so Cy would
    # have knocked in hand 2 while sitting out
    _assert_refused_and_unchanged(g, lambda: g.edit(0, Hand.draw()), "hand 2", "Cy", "sits out")


def test_edit_refused_message_names_the_later_hand() -> None:
    g = Game("standard", ["Ann", "Bob"])
    for h in (knock("Ann", 50), knock("Bob", 10)):
        g.record(h)
    with pytest.raises(RuleError) as exc:
        g.edit(0, Hand.gin("Ann", 75))
    assert "edit" in str(exc.value) and "2" in str(exc.value)


def test_refused_constructor_input() -> None:
    with pytest.raises(RuleError):
        Game("poker", ["Ann", "Bob"])
    with pytest.raises(RuleError):
        Game("standard", ["Ann", "Ann"])
    with pytest.raises(RuleError):
        Game("standard", ["Ann", "Bob", "Cy"])
    with pytest.raises(RuleError):
        Game("standard", ["Ann", "Bob"], "no-such-preset")
    with pytest.raises(RuleError):
        Game("standard", ["Ann", "Bob"], first_dealer="Zed")
    with pytest.raises(RuleError):
        Rules(target=0)
    with pytest.raises(RuleError):
        Rules(knock_limit=11)
    with pytest.raises(RuleError):
        not_a_bool: Any = "yes"
        Rules(big_gin=not_a_bool)
    with pytest.raises(RuleError):
        Rules().replace(no_such_option=1)


# --- entry that cannot record what did not happen (issue 9) ---------------------


@pytest.mark.parametrize(
    ("knocker", "defender", "message"),
    [
        ("AS", "TH JH QH KH", "10♥ J♥ Q♥ K♥ is a run: tap only unmatched cards"),
        ("JH QH KH", "2C", "J♥ Q♥ K♥ is a run: tap only unmatched cards"),
        ("2S", "7S 7H 7D KC", "7♠ 7♥ 7♦ is a set: tap only unmatched cards"),
    ],
)
def test_tapped_deadwood_holding_a_meld_is_refused_naming_it(
    knocker: str, defender: str, message: str
) -> None:
    with pytest.raises(RuleError) as exc:
        Hand.from_deadwood("Ann", knocker, defender)
    assert str(exc.value) == message


def test_the_issues_reversed_winner_can_no_longer_be_entered() -> None:
    # Knocker A♠ (1) against a "deadwood" 10♥ J♥ Q♥ (30) that is a run: the
    # defender really has no deadwood there, so 1 v 30 (+29 to the knocker)
    # would be a score nobody made; it is refused instead.
    with pytest.raises(RuleError, match="10♥ J♥ Q♥ is a run"):
        Hand.from_deadwood("Ann", "AS", "TH JH QH")
    # Cards that only look close (a gap, two suits) are deadwood and score.
    h = Hand.from_deadwood("Ann", "AS", "TH JH KH 9D")
    assert score_hand(h, SEED).points == 10 + 10 + 10 + 9 - 1


def test_undercut_claimed_for_a_gin_from_full_hands_is_refused_as_in_result_entry() -> None:
    # Knocker: A♠2♠3♠4♠ 5♥5♦5♣ 9♣10♣J♣ is gin; "undercut" is impossible.
    gin = "AS 2S 3S 4S 5H 5D 5C 9C TC JC"
    defender = "5S 6S 8C KD QH 2D 3H 7D 9H JH"
    with pytest.raises(RuleError) as from_cards:
        score_hand(Hand.from_cards("Ann", gin, defender, claim=Claim.UNDERCUT), SEED)
    with pytest.raises(RuleError) as as_result:
        score_hand(Hand.undercut("Ann", 0, 70), SEED)
    assert str(from_cards.value) == str(as_result.value)
    assert (
        str(from_cards.value) == "Ann knocked with 0 deadwood: that is gin, which can't be undercut"
    )
    # Claimed as a knock, it is gin: 70 + 25, as in result entry.
    knocked = score_hand(Hand.from_cards("Ann", gin, defender, claim=Claim.KNOCK), SEED)
    assert (knocked.outcome.value, knocked.points) == ("gin", 95)
    assert score_hand(Hand.knock("Ann", 0, 70), SEED).points == 95


def test_every_refusal_shares_one_base_the_ui_catches() -> None:
    from scorekeeper.engine import CardError, Unfinished, UserError
    from scorekeeper.store import StaleGameError, StoreError

    for kind in (RuleError, CardError, Unfinished, StoreError, StaleGameError):
        assert issubclass(kind, UserError)
    assert issubclass(RuleError, ValueError) and not issubclass(StoreError, ValueError)
    with pytest.raises(Unfinished, match="say who knocked"):
        Hand.from_cards("", [], [])
