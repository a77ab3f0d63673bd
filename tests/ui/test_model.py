"""The app's flows, driven through the view model without a client."""

from __future__ import annotations

from scorekeeper.engine import card
from scorekeeper.ui.state.hand_model import HandForm
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.model_messages import SORRY

from .fake_store import FakeStore
from .helpers import quick, start


def full_hands(
    app: AppModel, knocker: list[str], defender: list[str], first_dealer: str = "Bob"
) -> HandForm:
    """Ann v Bob's hand form in full hands, Ann knocking, both hands tapped."""
    start(app, "standard", ["Ann", "Bob"], first_dealer=first_dealer)
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.set_mode("cards")
    form.set_knocker(form.game.players[0])
    for c in knocker:
        form.set_tapping("knocker")  # an 11th card: the form moved on to the defender at 10
        form.tap_card(card(c))
    form.set_tapping("defender")
    for c in defender:
        form.tap_card(card(c))
    return form


def test_standard_game_to_100(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    assert app.screen == "sheet"
    assert app.note == "Ann deals first"
    assert app.sheet().status == "Ann deals next"
    assert quick(app, "Bob", "knock", "4", "30")
    assert app.sheet().status == "Bob deals next"
    assert quick(app, "Ann", "gin", d="40")  # 65
    assert quick(app, "Ann", "knock", "2", "39")  # 102
    s = app.sheet()
    assert s.finished and s.winner == "Ann"
    assert [r.cells for r in s.rows] == [["0", "26"], ["65", "26"], ["102", "26"]]
    # a finished game takes no more hands
    assert not app.act(app.open_hand)
    assert app.error and "over" in app.error
    unfinished, done = app.home_games()
    assert unfinished == [] and done[0].title == "Ann v Bob"


def test_impossible_entry_shows_engine_message_and_stores_nothing(
    app: AppModel, store: FakeStore
) -> None:
    start(app, "standard", ["Ann", "Bob"])
    # (a knock over the limit cannot be typed: the keypad moves on at 10)
    assert not quick(app, "Ann", "undercut", "2", "30")
    assert app.screen == "hand"
    assert app.hand is not None and app.hand.error is not None
    assert "no undercut" in app.hand.error
    assert app.game().hands == ()
    assert app.hand.preview().error == app.hand.error


def test_undo_and_edit_and_revert(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    quick(app, "Bob", "knock", "4", "30")
    quick(app, "Ann", "knock", "1", "11")
    assert app.sheet().totals == ["10", "26"]
    assert app.act(app.undo)
    assert app.sheet().totals == ["0", "26"]
    # edit hand 1: Bob knocked 4 v 20 instead
    assert app.act(app.open_hand, 0)
    form = app.hand
    assert form is not None and form.d_text == "30" and form.knocker is not None
    form.set_active("defender")
    form.press("C")
    form.press("2")
    form.press("0")
    assert form.preview().totals == "Totals after: Ann 0 · Bob 16"
    assert app.act(app.save_hand)
    assert app.sheet().totals == ["0", "16"]
    assert app.versions(0) == 2
    assert app.act(app.revert_edit, 0)
    assert app.sheet().totals == ["0", "26"]


def test_edit_changes_dealer(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    quick(app, "Bob", "knock", "4", "30")
    assert app.sheet().status == "Bob deals next"
    app.act(app.open_hand, 0)
    assert app.hand is not None
    ids = {app.hand.names[p]: p for p in app.game().players}
    app.hand.set_knocker(ids["Ann"])
    assert app.act(app.save_hand)
    assert app.sheet().status == "Ann deals next"


def test_hollywood_seed_example(app: AppModel) -> None:
    start(app, "hollywood", ["Alexandra", "Bob"], first_dealer="Bob")
    quick(app, "Bob", "knock", "5", "15")
    quick(app, "Alexandra", "knock", "2", "20")
    quick(app, "Bob", "knock", "1", "31")
    quick(app, "Bob", "knock", "3", "7")
    s = app.sheet()
    assert s.header == [
        "G1 Alexandra", "G1 Bob", "G2 Alexandra", "G2 Bob", "G3 Alexandra", "G3 Bob",
    ]  # fmt: skip
    assert s.totals == ["18", "44", "0", "34", "0", "4"]
    assert s.tally.startswith("Games won: Alexandra 0, Bob 0")


def test_three_hand_roles_and_sitter(app: AppModel) -> None:
    start(app, "three-hand", ["Ann", "Bob", "Cy"], draw=["KS", "7H", "2C"])
    assert app.note == "Drawn: Ann K♠, Bob 7♥, Cy 2♣"
    assert "Ann in the box deals" in app.sheet().status
    app.act(app.open_hand)
    assert app.hand is not None
    assert [app.hand.names[p] for p in app.hand.candidates()] == ["Ann", "Bob"]
    assert not app.act(app.hand.set_knocker, app.game().players[2])
    app.act(app.cancel_hand)
    quick(app, "Ann", "knock", "2", "12")  # box wins: captain and sitter swap
    assert "Cy is captain" in app.sheet().status
    quick(app, "Cy", "knock", "2", "12")  # box loses: Cy into the box
    assert "Cy in the box" in app.sheet().status
    quick(app, "", "draw")
    assert "Cy in the box" in app.sheet().status
    assert app.sheet().totals == ["10", "0", "10"]


def test_three_hand_tie_refused(app: AppModel) -> None:
    app.open_new()
    form = app.new_game
    assert form is not None
    form.set_format("three-hand")
    for n in ["Ann", "Bob", "Cy"]:
        form.new_name = n
        app.act(app.add_typed_player)
    form.draw_mode = "cards"
    form.draw_texts = {"Ann": "7C", "Bob": "7D", "Cy": "9S"}
    assert form.roles_preview() == "Ann and Bob both drew a 7: draw again"
    assert not app.act(app.start_game)
    assert form.error == "Ann and Bob both drew a 7: draw again"
    assert app.screen == "new"


def test_oklahoma_needs_upcard_first(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], preset="oklahoma")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None and form.needs_upcard
    assert "upcard" in (form.preview().error or "")
    form.set_upcard(card("7S"))
    assert form.upcard_text() == "Upcard 7♠: knock limit 7 · spades double this hand"
    form.set_knocker(form.candidates()[0])
    form.set_active("knocker")
    form.press("3")
    form.set_active("defender")
    form.press("3")
    form.press("0")
    p = form.preview()
    assert p.error is None and "+54" in p.headline


def test_deadwood_cards_entry_and_meld_warning(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.set_mode("deadwood")
    ann = form.game.players[0]
    form.set_knocker(ann)
    for c in ("3S", "2H"):
        form.tap_card(card(c))
    form.set_tapping("defender")
    for c in ("KD", "9C", "4H", "4S", "4C"):
        form.tap_card(card(c))
    assert "hold a meld: 4♠ 4♥ 4♣" in form.card_summary("defender")
    assert form.card_summary("knocker") == "Ann: 2 cards, deadwood 5"
    # issue 9: deadwood holding a meld is refused, naming it; nothing is saved
    p = form.preview()
    assert p.error == "4♠ 4♥ 4♣ is a set: tap only unmatched cards"
    assert not app.act(app.save_hand)
    assert app.game().hands == ()
    form.tap_card(card("4C"))  # untapped: K♦ 9♣ 4♥ 4♠ = 27, 27 - 5 = 22
    p = form.preview()
    assert p.error is None and "Ann +22" in p.headline
    assert app.act(app.save_hand)


def test_deadwood_cards_nothing_tapped_is_not_no_deadwood(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.set_mode("deadwood")
    ann = form.game.players[0]
    form.set_knocker(ann)
    # blank: no gin nobody went; the preview asks for the taps, Save is refused
    assert form.preview().error == "tap Ann's deadwood"
    assert not app.act(app.save_hand)
    assert app.game().hands == ()
    form.set_no_deadwood("knocker")
    assert form.preview().error == "tap Bob's deadwood"
    form.set_tapping("defender")
    for c in ("KD", "9C"):
        form.tap_card(card(c))
    p = form.preview()  # said "no deadwood" for Ann: gin, 19 + 25
    assert p.error is None and "Ann +44" in p.headline
    # tapping a card for Ann takes back her "no deadwood"
    form.set_tapping("knocker")
    form.tap_card(card("2S"))
    assert "knocker" not in form.no_deadwood
    assert app.act(app.save_hand)
    assert app.sheet().totals == ["17", "0"]


def test_a_card_in_the_other_hand_is_not_moved(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.set_mode("cards")
    form.set_knocker(form.game.players[0])
    form.tap_card(card("8S"))
    form.set_tapping("defender")
    form.tap_card(card("8S"))
    assert form.error == "8♠ is in Ann's hand"
    assert form.knocker_cards == [card("8S")] and form.defender_cards == []


def test_typed_counts_are_refused_not_rewritten(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.set_knocker(form.game.players[0])
    form.set_count("defender", "1e3")
    assert form.error == "Bob's deadwood: enter a whole number, not “1e3”"
    assert form.d_text == ""
    form.set_count("defender", "-100")
    assert form.d_text == "" and "“-100”" in (form.error or "")
    form.set_count("defender", "30")
    assert form.d_text == "30" and form.error is None


def test_a_blank_hand_form_is_untouched_until_the_player_acts(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None and not form.touched
    form.set_knocker(form.game.players[0])
    assert form.touched


def test_a_big_gin_claim_the_rules_refuse_is_refused_in_full_hands_too(app: AppModel) -> None:
    form = full_hands(
        app,
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"],
        ["AH", "2H", "3D", "5H", "6C", "8H", "9D", "JC", "QD", "KH"],
        first_dealer="Ann",
    )
    form.result = "big-gin"  # big gin is off in this game: refused, as in result entry
    assert form.preview().error == "big gin is not played in this game (turn it on in the rules)"


def test_full_hands_with_layoff(app: AppModel) -> None:
    form = full_hands(
        app,
        ["5S", "6S", "7S", "9C", "9D", "9H", "2C", "3C", "4C", "AD"],
        ["8S", "9S", "KH", "QH", "JH", "2D", "3D", "4H", "4D", "TC"],
    )
    p = form.preview()
    assert p.error is None
    assert "Bob lays off: 8♠ 9♠" in p.melds
    assert "Deadwood: Ann 1, Bob 14" in p.melds
    assert app.act(app.save_hand)
    assert app.sheet().totals == ["13", "0"]


def test_a_card_changes_hands_only_once_untapped(app: AppModel) -> None:
    # issue 9: a tap never moves a card out of the other player's hand silently
    start(app, "standard", ["Ann", "Bob"])
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.tap_card(card("AS"))
    form.set_tapping("defender")
    form.tap_card(card("AS"))
    assert form.owner(card("AS")) == "knocker" and form.error == "A♠ is in Knocker's hand"
    form.set_tapping("knocker")
    form.tap_card(card("AS"))  # untapped from the knocker's cards ...
    form.set_tapping("defender")
    form.tap_card(card("AS"))  # ... it may go to the defender
    assert form.owner(card("AS")) == "defender" and form.knocker_cards == []
    form.tap_card(card("AS"))
    assert form.owner(card("AS")) is None


def test_unexpected_error_shows_apology(app: AppModel) -> None:
    def boom() -> None:
        raise KeyError("x")

    assert not app.act(boom)
    assert app.error == SORRY


def test_play_again_same_players(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann", target="20")
    quick(app, "Ann", "gin", d="5")
    assert app.sheet().finished
    old = app.game_id
    assert app.act(app.play_again)
    assert app.game_id != old and app.screen == "sheet"
    assert [app.game().names[p] for p in app.game().players] == ["Ann", "Bob"]
    assert app.game().rules.target == 20


def test_classic_bonuses_itemized(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], preset="classic", first_dealer="Ann")
    quick(app, "Ann", "gin", d="80")
    s = app.sheet()
    assert s.finished
    assert "Ann: game bonus +100" in s.final
    assert any(line.startswith("Ann wins by") for line in s.final)


def test_new_game_form_validation(app: AppModel) -> None:
    app.open_new()
    form = app.new_game
    assert form is not None
    form.set_field("target", "")
    assert not app.act(app.start_game)
    assert form.error == "Target score: enter a whole number"
    form.set_field("target", "150")
    assert not app.act(app.start_game)
    assert form.error is not None and "choose 2 players" in form.error
    form.new_name = "Ann"
    app.act(app.add_typed_player)
    form.new_name = "ann"
    assert not app.act(app.add_typed_player)
    assert form.error == "ann is already playing"


def test_new_game_errors_sit_beside_their_field(app: AppModel) -> None:
    app.open_new()
    form = app.new_game
    assert form is not None and form.field_errors == {}  # nothing shown before acting
    form.set_field("target", "-100")
    assert form.field_errors["target"] == "Target score: enter a whole number, not “-100”"
    assert form.values["target"] == 100  # refused, not rewritten to 100 from "-100"
    form.set_field("target", "1e3")
    assert form.field_errors["target"] == "Target score: enter a whole number, not “1e3”"
    form.set_field("target", "0")
    assert form.field_errors["target"] == "the target must be a whole number from 1 to 10000, not 0"
    form.set_field("target", "250")
    assert "target" not in form.field_errors and form.rules().target == 250
    form.new_name = " von Neumann  "
    form.add_typed(app.saved_players())
    assert [seat.name for seat in form.seats] == ["von Neumann"]
    form.new_name = "A" * 41
    form.add_typed(app.saved_players())
    assert form.field_errors["new_name"] == "that name is too long (41 letters, 40 at most)"
    assert len(form.seats) == 1 and form.error is None
    form.new_name = "Bob"
    form.add_typed(app.saved_players())
    assert "new_name" not in form.field_errors
    form.toggle("p-x", "Cy")
    assert form.field_errors["players"].startswith("Standard is for 2 players")


def test_dealer_rule_and_preset_names(app: AppModel) -> None:
    app.open_new()
    form = app.new_game
    assert form is not None
    assert form.preset_labels() == {
        "seed": "Standard",
        "classic": "Classic",
        "oklahoma": "Oklahoma",
    }
    assert form.dealer_labels()["winner"] == "Winner deals"
    form.set_field("dealer", "loser")
    assert form.preset_name() == "seed"  # the deal is not part of a preset
    form.set_preset("classic")
    assert form.values["dealer"] == "loser" and form.preset_name() == "classic"
    form.new_name = "Ann"
    form.add_typed()
    form.new_name = "Bob"
    form.add_typed()
    form.first_dealer = "Ann"
    assert app.act(app.start_game)
    g = app.game()
    assert g.rules.dealer.value == "loser"
    quick(app, "Ann", "knock", k="2", d="20")  # Ann wins: Bob, the loser, deals
    assert g.players[1] == app.game().standings.next_dealer


def test_undo_after_game_over_reopens_the_game(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann", target="20")
    quick(app, "Ann", "gin", d="5")
    assert app.sheet().finished
    assert app.act(app.undo)
    assert not app.sheet().finished and app.sheet().totals == ["0", "0"]
    assert app.act(app.open_hand)


def test_hollywood_new_series_and_clinch(app: AppModel) -> None:
    start(app, "hollywood", ["Ann", "Bob"], first_dealer="Ann", target="20")
    for _ in range(3):
        quick(app, "Ann", "gin", d="0")  # 25 each: Ann takes games 1, 2, 3 in turn
    s = app.sheet()
    assert s.finished and s.winner == "Ann"
    assert "Ann has clinched the series (2 of 3)" in s.tally
    old = app.game_id
    assert app.act(app.new_series)
    assert app.game_id != old and app.game().format.value == "hollywood"


def test_full_hands_preview_shows_the_knockers_best_layout(app: AppModel) -> None:
    # RULES §1's example: 7♥ kept out of the run blocks the lay-offs 6♥ 5♥
    form = full_hands(
        app,
        ["8C", "9C", "TC", "JC", "7H", "8H", "9H", "TH", "JH", "AS"],
        ["4C", "QC", "4D", "TD", "5H", "6H", "QH", "4S", "TS", "QS"],
    )
    p = form.preview()
    assert p.headline.startswith("Ann knocked (8 v 31): Ann +23")
    assert "Ann's melds: 8♥ 9♥ 10♥ J♥ | 8♣ 9♣ 10♣ J♣" in p.melds
    assert "Ann keeps unmelded: A♠ 7♥" in p.melds
    assert p.notes == [
        "Ann keeps 8 deadwood rather than the lowest 1: it blocks lay-offs "
        "(the lowest-deadwood layout would score +19 for Ann, this one +23)"
    ]


def test_still_to_enter_is_a_prompt_until_save_and_a_refusal_is_red_at_once(
    app: AppModel,
) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    assert not form.shows_as_error(form.preview())  # a blank form is not wrong
    form.set_knocker(form.game.players[0])
    p = form.preview()
    assert p.error == "enter the knocker's deadwood" and p.unfinished
    assert not form.shows_as_error(p)
    form.set_result("undercut")
    form.press("2")
    for ch in "30":
        form.press(ch)
    p = form.preview()  # a real refusal: shown as an error at once
    assert p.error is not None and "no undercut" in p.error
    assert form.shows_as_error(p)
    form.press("C")
    p = form.preview()
    assert p.unfinished and not form.shows_as_error(p)
    form.save_tried = True
    assert form.shows_as_error(p)


def test_the_rules_line_names_a_dealer_rule_other_than_winner_deals() -> None:
    from scorekeeper.engine import DealerRule, Rules
    from scorekeeper.ui.state.sheet_rules import rules_summary

    assert "deals" not in rules_summary(Rules(), "standard")
    assert rules_summary(Rules(dealer=DealerRule.LOSER), "standard").endswith(" · loser deals")
    assert rules_summary(Rules(dealer=DealerRule.ALTERNATE), "hollywood").endswith(
        " · the deal alternates"
    )
    assert "deal" not in rules_summary(
        Rules(dealer=DealerRule.LOSER), "three-hand"
    )  # the box deals
