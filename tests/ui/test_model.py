"""The app's flows, driven through the view model without a client."""

from __future__ import annotations

from scorekeeper.engine import card
from scorekeeper.ui.model import SORRY, AppModel

from .conftest import start
from .fake_store import FakeStore


def quick(app: AppModel, knocker: str | None, result: str, k: str = "", d: str = "") -> bool:
    assert app.act(app.open_hand)
    form = app.hand
    assert form is not None
    ids = {form.names[p]: p for p in form.game.players}
    if result != "draw":
        assert app.act(form.set_knocker, ids[knocker])
    form.set_result(result)
    if k and result not in ("gin", "big-gin"):
        form.set_active("knocker")
        for ch in k:
            form.press(ch)
    form.set_active("defender")
    for ch in d:
        form.press(ch)
    return app.act(app.save_hand)


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
    assert not quick(app, "Ann", "knock", "12", "30")
    assert app.screen == "hand"
    assert app.hand is not None and app.hand.error is not None
    assert "limit" in app.hand.error
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
    p = form.preview()
    assert p.error is None and "Ann +26" in p.headline
    assert app.act(app.save_hand)


def test_full_hands_with_layoff(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Bob")
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.set_mode("cards")
    form.set_knocker(form.game.players[0])
    for c in ["5S", "6S", "7S", "9C", "9D", "9H", "2C", "3C", "4C", "AD"]:
        form.tap_card(card(c))
    form.set_tapping("defender")
    for c in ["8S", "9S", "KH", "QH", "JH", "2D", "3D", "4H", "4D", "TC"]:
        form.tap_card(card(c))
    p = form.preview()
    assert p.error is None
    assert "Bob lays off: 8♠ 9♠" in p.melds
    assert "Deadwood: Ann 1, Bob 14" in p.melds
    assert app.act(app.save_hand)
    assert app.sheet().totals == ["13", "0"]


def test_tapping_a_card_moves_it_between_players(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"])
    app.act(app.open_hand)
    form = app.hand
    assert form is not None
    form.tap_card(card("AS"))
    form.set_tapping("defender")
    form.tap_card(card("AS"))
    assert form.owner(card("AS")) == "defender" and form.knocker_cards == []
    form.tap_card(card("AS"))
    assert form.owner(card("AS")) is None


def test_unexpected_error_shows_apology(app: AppModel) -> None:
    def boom() -> None:
        raise KeyError("x")

    assert not app.act(boom)
    assert app.error == SORRY


def test_routes_roundtrip(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"])
    gid = app.game_id
    assert app.route == f"/game/{gid}"
    app.go("/")
    assert app.screen == "home"
    app.go(f"/game/{gid}/hand")
    assert app.screen == "hand" and app.route == f"/game/{gid}/hand"
    app.go("/game/999")
    assert app.screen == "home" and app.error


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
