"""Entry that moves on by itself: the result in one tap from the sheet, a
keypad that goes on to the next count, and the counts kept across modes.

Points are worked by hand from RULES.md §3 (seed rules: knock limit 10,
gin bonus 25, undercut bonus 10)."""

from __future__ import annotations

from scorekeeper.engine import PRESETS, Game, Rules, card, parse_cards
from scorekeeper.i18n import Translator
from scorekeeper.ui.state.hand_model import HandForm
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.sheet_model import quick_results

from .helpers import start

NAMES = {"a": "Ann", "b": "Bob"}


def ann_v_bob(rules: Rules | None = None) -> Game:
    return Game("standard", ["a", "b"], rules or Rules(), names=NAMES, first_dealer="a")


def typed(form: HandForm, keys: str) -> None:
    for k in keys:
        form.press(k)


def test_bob_knocks_4_v_22_in_five_taps_from_the_sheet(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    bob_knocked = next(q for q in quick_results(app.game()) if q.label == "Bob knocked")
    assert app.act(app.open_hand, None, bob_knocked.result, bob_knocked.by)  # tap 1
    form = app.hand
    assert form is not None and form.result == "knock" and form.active == "knocker"
    form.press("4")  # tap 2: 40 is over the limit of 10, so Ann's count is next
    assert (form.k_text, form.active) == ("4", "defender")
    typed(form, "22")  # taps 3, 4
    assert app.act(app.save_hand)  # tap 5
    # D − K = 22 − 4 = 18 to the knocker
    assert app.sheet().totals == ["0", "18"]
    assert app.sheet().rows[0].text == "Bob knocked (4 v 22): Bob +18"


def test_a_gin_takes_four_taps_and_a_draw_two(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    ann_gin = next(q for q in quick_results(app.game()) if q.label == "Ann gin")
    assert app.act(app.open_hand, None, ann_gin.result, ann_gin.by)
    form = app.hand
    assert form is not None and form.active == "defender"  # no count to type for Ann
    typed(form, "15")
    assert app.act(app.save_hand)
    assert app.sheet().totals == ["40", "0"]  # 15 + gin bonus 25
    draw = quick_results(app.game())[-1]
    assert draw.label == "Draw"
    assert app.act(app.open_hand, None, draw.result, draw.by)
    assert app.act(app.save_hand)
    assert app.sheet().rows[1].text == "Draw: no score, same dealer"
    assert app.sheet().totals == ["40", "0"]


def test_the_sheet_offers_the_box_and_the_captain_never_the_sitter() -> None:
    g = Game("three-hand", ["a", "b", "c"], names={"a": "Ann", "b": "Bob", "c": "Cy"},
             draw=["KS", "2H", "9D"])  # fmt: skip
    # K♠ is in the box, 9♦ captain, 2♥ sits out
    labels = [q.label for q in quick_results(g, Translator("lv"))]
    assert labels == ["Ann klauvēja", "Cy klauvēja", "Ann: džins", "Cy: džins", "Neizšķirts"]
    assert "Bob" not in " ".join(labels)


def test_a_digit_that_would_pass_the_knock_limit_starts_the_defender_count() -> None:
    form = HandForm(ann_v_bob())
    form.begin("knock", "a")
    form.press("1")  # 1 or 10: the count can still grow
    assert form.active == "knocker"
    form.press("5")  # 15 is over 10: it is the defender's first digit
    assert (form.k_text, form.d_text, form.active) == ("1", "5", "defender")


def test_ten_is_the_most_a_knock_can_be_and_moves_on_by_itself() -> None:
    form = HandForm(ann_v_bob())
    form.begin("knock", "a")
    typed(form, "10")
    assert (form.k_text, form.active) == ("10", "defender")


def test_a_house_knock_limit_of_7_finishes_a_1_at_once() -> None:
    form = HandForm(ann_v_bob(Rules(knock_limit=7)))
    form.begin("knock", "a")
    form.press("1")  # 10 and more are over 7
    assert (form.k_text, form.active) == ("1", "defender")


def test_the_defender_count_stops_at_98() -> None:
    form = HandForm(ann_v_bob())
    form.begin("gin", "a")
    typed(form, "9")
    assert form.d_text == "9"  # 90 to 98 are still possible
    typed(form, "8")
    assert form.d_text == "98"
    form.press("3")  # the count is finished: a new digit starts it over
    assert form.d_text == "3"
    typed(form, "0")  # 30
    form.press("5")  # 305 is impossible: the count starts over with 5
    assert form.d_text == "5"


def test_the_first_digit_replaces_a_saved_count() -> None:
    g = ann_v_bob()
    form = HandForm(g)
    form.begin("knock", "b")
    typed(form, "422")
    g.record(form.build())
    edit = HandForm(g, 0)
    assert (edit.k_text, edit.d_text) == ("4", "22")
    edit.set_active("defender")
    typed(edit, "24")
    assert edit.d_text == "24"  # not 2224
    edit.set_active("knocker")
    edit.press("3")
    assert (edit.k_text, edit.active) == ("3", "defender")
    assert edit.preview().headline == "Bob knocked (3 v 24): Bob +21"


def test_back_deletes_a_digit_and_gin_back_to_knock_asks_for_the_count() -> None:
    form = HandForm(ann_v_bob())
    form.begin("gin", "a")
    typed(form, "2")
    form.press("⌫")
    assert form.d_text == ""
    typed(form, "22")
    form.set_result("knock")  # gin's 0 was not typed: the knock's count is asked
    assert (form.k_text, form.d_text, form.active) == ("", "22", "knocker")
    form.press("3")
    assert form.preview().headline == "Ann knocked (3 v 22): Ann +19"


def test_an_ace_upcard_in_oklahoma_chooses_gin() -> None:
    form = HandForm(ann_v_bob(PRESETS["oklahoma"]))
    form.begin("knock", "a")
    assert form.picking_upcard
    form.tap_card(card("AH"))
    assert (form.result, form.active) == ("gin", "defender")
    typed(form, "20")
    assert form.preview().headline == "Ann went gin (20): Ann +45"  # 20 + 25
    form.set_upcard(card("7H"))  # another upcard: the knock is back
    assert (form.result, form.active) == ("knock", "knocker")
    form.press("1")  # knock limit 7: 1 is finished
    assert (form.k_text, form.active, form.d_text) == ("1", "defender", "20")
    assert form.preview().headline == "Ann knocked (1 v 20): Ann +19"


def test_an_ace_leaves_a_draw_a_draw() -> None:
    form = HandForm(ann_v_bob(PRESETS["oklahoma"]))
    form.begin("draw")
    form.tap_card(card("AS"))
    assert form.result == "draw"


KNOCKER_10 = "AS 2S 3S 4H 4D 4C 7D 8D 9D 5C"  # melded but 5♣: deadwood 5
DEFENDER_10 = "KS KH QC JD 10S 9C 8H 7S 6C 2H"  # no meld, no lay-off: 82


def test_full_hands_switch_to_the_defender_after_ten_cards() -> None:
    form = HandForm(ann_v_bob())
    form.begin("knock", "a")
    form.set_mode("cards")
    assert form.card_summary("knocker") == "Ann: 0 of 10 cards"  # big gin is off
    for i, c in enumerate(parse_cards(KNOCKER_10), start=1):
        assert form.tapping == "knocker"
        form.tap_card(c)
        assert len(form.knocker_cards) == i
    assert form.tapping == "defender"
    for c in parse_cards(DEFENDER_10):
        form.tap_card(c)
    assert form.preview().headline == "Ann knocked (5 v 82): Ann +77"


def test_full_hands_with_big_gin_take_eleven_cards() -> None:
    form = HandForm(ann_v_bob(Rules(big_gin=True)))
    form.begin("knock", "a")
    form.set_mode("cards")
    form.result = "big-gin"  # the form's "Big gin (all 11 cards melded)" switch
    assert form.card_summary("knocker") == "Ann: 0 of 10 (11 for big gin) cards"
    for c in parse_cards("AS 2S 3S 4S 5S 6S 7H 8H 9H 10H"):
        form.tap_card(c)
    assert form.tapping == "knocker"  # the 11th card of a big gin is still to come
    form.tap_card(card("JH"))
    assert form.tapping == "defender"


def test_too_few_cards_without_big_gin_never_mention_it() -> None:
    form = HandForm(ann_v_bob())
    form.begin("knock", "a")
    form.set_mode("cards")
    form.tap_card(card("AS"))
    p = form.preview()
    assert p.error == "the knocker's hand has 1 card: tap 10" and p.unfinished


def test_a_full_hands_hand_keeps_its_counts_in_quick_mode() -> None:
    g = ann_v_bob()
    g.record(
        HandForm(g, mode="cards", knocker="a", knocker_cards=list(parse_cards(KNOCKER_10)),
                 defender_cards=list(parse_cards(DEFENDER_10))).build()
    )  # fmt: skip
    form = HandForm(g, 0)
    assert form.mode == "cards"
    form.set_mode("quick")
    assert (form.result, form.k_text, form.d_text) == ("knock", "5", "82")
    assert form.preview().headline == "Ann knocked (5 v 82): Ann +77"


def test_deadwood_cards_become_counts_in_quick_mode() -> None:
    form = HandForm(ann_v_bob())
    form.begin("knock", "b")
    form.set_mode("deadwood")
    for c in parse_cards("3H"):
        form.tap_card(c)
    form.set_tapping("defender")
    form.tap_card(card("KD"))  # the defender's so far: 10
    form.tap_card(card("9C"))  # 19
    form.set_mode("quick")
    assert (form.k_text, form.d_text) == ("3", "19")
    assert form.preview().headline == "Bob knocked (3 v 19): Bob +16"


def test_quick_counts_stay_when_the_cards_are_left_untouched() -> None:
    form = HandForm(ann_v_bob())
    form.begin("knock", "b")
    typed(form, "422")
    form.set_mode("cards")
    form.set_mode("quick")
    assert (form.k_text, form.d_text) == ("4", "22")


def test_a_count_over_a_lower_upcard_limit_is_kept_and_refused_by_the_engine() -> None:
    form = HandForm(ann_v_bob(PRESETS["oklahoma"]))
    form.begin("knock", "a")
    form.tap_card(card("9H"))  # knock limit 9
    typed(form, "730")
    assert (form.k_text, form.d_text) == ("7", "30")
    form.set_upcard(card("5H"))  # turned wrong: the limit is 5
    assert form.preview().error == "Ann can't knock with 7: the limit this hand is 5 (upcard 5♥)"


def test_what_is_still_to_enter_is_a_prompt_and_a_refusal_is_an_error() -> None:
    """The form tells "still to enter" from "the rules refuse" by the error's
    type (``Unfinished``), not by the English it says."""
    form = HandForm(ann_v_bob())
    form.begin("knock", None)
    p = form.preview()
    assert (p.error, p.unfinished) == ("say who knocked", True)
    form.begin("knock", "b")
    p = form.preview()
    assert (p.error, p.unfinished) == ("enter the knocker's deadwood", True)
    typed(form, "4")
    p = form.preview()
    assert (p.error, p.unfinished) == ("enter the defender's deadwood", True)
    form.k_text, form.d_text = "12", "3"  # over the seed's knock limit of 10 (the keypad
    p = form.preview()  # moves on before it: as an edit of an old entry might hold)
    assert p.error is not None and "12" in p.error and not p.unfinished
    oklahoma = HandForm(ann_v_bob(PRESETS["oklahoma"]))
    oklahoma.begin("knock", "a")
    p = oklahoma.preview()
    assert (p.error, p.unfinished) == (
        "Oklahoma: enter the upcard first, it sets the knock limit",
        True,
    )
