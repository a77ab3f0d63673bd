"""Played for money (RULES §10): the stake on the new-game form, what is owed
on the sheet and the game-over card, in every language.

The amounts are RULES §10's worked examples, at a cent a point."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.engine import Game, Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.store import open_store
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.newgame_model import NewGameForm
from scorekeeper.ui.state.sheet_model import build_sheet
from tests.support.flet_page import texts

from .helpers import Table, quick


def start_for_money(
    app: AppModel, fmt: str, stake: str = "0.01", currency: str = "EUR", double: bool = False
) -> None:
    """Ann v Bob, Ann dealing first, played for ``stake`` a point."""
    app.open_new()
    form = app.new_game
    assert form is not None
    form.set_format(fmt)
    form.set_money(True)
    form.set_currency(currency)
    form.set_stake(stake)
    form.set_field("third_game_double", double)
    for name in ("Ann", "Bob"):
        form.new_name = name
        assert app.act(app.add_typed_player), form.error
    form.first_dealer = "Ann"
    assert app.act(app.start_game), form.error


def hollywood_example(app: AppModel) -> list[str]:
    """RULES §10: Ann wins 40, 40; Bob 30; Ann 25; Bob 50, 60; Ann 80 (the
    status card's money line after each hand)."""
    seen = []
    for hand in [
        ("Ann", "knock", "2", "42"),  # 40
        ("Ann", "gin", "", "15"),  # 15 + 25 = 40
        ("Bob", "knock", "3", "33"),  # 30
        ("Ann", "gin", "", "0"),  # 25: game 1 ends, Ann 105-30
        ("Bob", "gin", "", "25"),  # 50
        ("Bob", "knock", "5", "65"),  # 60: game 2 ends, Bob 110-65
        ("Ann", "gin", "", "55"),  # 80: game 3 ends, Ann 105-60
    ]:
        assert quick(app, *hand), app.hand and app.hand.error
        seen.append(app.sheet().owed)
    return seen


# --- the sheet -------------------------------------------------------------------


def test_hollywood_at_a_cent_a_point_owes_each_game_as_it_ends(app: AppModel) -> None:
    start_for_money(app, "hollywood")
    assert app.sheet().owed == "Nothing is owed until a game ends"
    seen = hollywood_example(app)
    assert seen[:3] == ["Nothing is owed until a game ends"] * 3
    assert seen[3] == "Owed so far: Bob pays Ann €0.75"  # game 1: margin 75
    assert seen[4] == "Owed so far: Bob pays Ann €0.75"
    assert seen[5] == "Owed so far: Bob pays Ann €0.30"  # game 2: Bob's 45 back
    s = app.sheet()
    assert s.finished and s.winner == "Ann"
    assert s.payments == ["Bob pays Ann €0.75"] and s.owed == "Bob pays Ann €0.75"
    assert s.rules.endswith(" · stake €0.01 a point")


def test_the_third_game_counting_double_makes_it_one_twenty(app: AppModel) -> None:
    start_for_money(app, "hollywood", double=True)
    hollywood_example(app)
    s = app.sheet()
    assert s.payments == ["Bob pays Ann €1.20"]  # 75 - 45 + 2 x 45
    assert s.rules.endswith(" · stake €0.01 a point · third game counts double")
    rules = app.game().rules  # stored with the game
    assert (rules.stake, rules.currency, rules.third_game_double) == (1, "EUR", True)


def test_standard_ann_wins_100_0_bob_pays_a_euro(app: AppModel) -> None:
    start_for_money(app, "standard")
    quick(app, "Ann", "knock", "2", "32")  # 30
    quick(app, "Ann", "knock", "5", "35")  # 30
    assert app.sheet().owed == "Nothing is owed until the game ends"
    assert app.sheet().payments == []
    quick(app, "Ann", "gin", d="15")  # 40: 100-0
    s = app.sheet()
    assert s.finished and s.payments == ["Bob pays Ann €1.00"]
    # undo: the game goes on and nothing is owed any more
    assert app.act(app.undo)
    assert app.sheet().owed == "Nothing is owed until the game ends"


def test_a_game_not_for_money_shows_no_money(app: AppModel) -> None:
    app.open_new()
    assert app.new_game is not None
    app.new_game.set_stake("0.05")  # typed, then left off: not for money
    for name in ("Ann", "Bob"):
        app.new_game.new_name = name
        assert app.act(app.add_typed_player)
    assert app.act(app.start_game)
    quick(app, "Ann", "gin", d="80")
    s = app.sheet()
    assert s.finished and s.payments == [] and s.owed == ""
    assert "stake" not in s.rules and app.game().rules.stake == 0


def test_play_again_keeps_the_stake(app: AppModel) -> None:
    start_for_money(app, "hollywood", stake="0.05", currency="GBP", double=True)
    assert app.act(app.play_again)
    rules = app.game().rules
    assert (rules.stake, rules.currency, rules.third_game_double) == (5, "GBP", True)
    assert app.sheet().rules.endswith(" · stake £0.05 a point · third game counts double")


def test_three_hand_everybody_pays_everybody_above() -> None:
    # RULES §10 at 2 a point: finals Cy 105, Ann 40, Bob 0
    g = Game(
        "three-hand",
        ["a", "b", "c"],
        Rules(stake=2),
        names={"a": "Ann", "b": "Bob", "c": "Cy"},
        draw=["KS", "7H", "2C"],
    )
    for hand in [
        Hand.knock("a", 2, 42),
        Hand.knock("c", 3, 33),
        Hand.gin("c", 10),
        Hand.knock("c", 1, 41),
    ]:
        g.record(hand)
    assert build_sheet(g).payments == [
        "Ann pays Cy €1.30",
        "Bob pays Ann €0.80",
        "Bob pays Cy €2.10",
    ]


@pytest.mark.parametrize(
    ("code", "payment", "stake"),
    [
        ("lv", "Bob maksā Ann 1,20\xa0€", "likme 0,01\xa0€ par punktu"),
        ("fi", "Bob maksaa pelaajalle Ann 1,20\xa0€", "panos 0,01\xa0€ pisteeltä"),
        ("uk", "Bob платить Ann 1,20\xa0EUR", "ставка 0,01\xa0EUR за очко"),
    ],
)
def test_what_is_owed_in_each_language(code: str, payment: str, stake: str) -> None:
    rules = Rules(stake=1, third_game_double=True)
    g = Game("hollywood", ["a", "b"], rules, names={"a": "Ann", "b": "Bob"})
    for hand in [
        Hand.knock("a", 2, 42),
        Hand.gin("a", 15),
        Hand.knock("b", 3, 33),
        Hand.gin("a", 0),
        Hand.gin("b", 25),
        Hand.knock("b", 5, 65),
        Hand.gin("a", 55),
    ]:
        g.record(hand)
    s = build_sheet(g, Translator(code))
    assert s.payments == [payment] and s.owed == payment
    assert stake in s.rules.split(" · ")


# --- the new-game form -------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("", "Stake per point: enter an amount, e.g. 0.01"),
        ("a cent", "Stake per point: enter an amount like 0.01, not “a cent”"),
        ("-0.01", "Stake per point: enter an amount like 0.01, not “-0.01”"),
        ("1e3", "Stake per point: enter an amount like 0.01, not “1e3”"),
        ("0,01", "Stake per point: enter an amount like 0.01, not “0,01”"),  # en: a thousands comma
        ("0.001", "Stake per point: the smallest amount in EUR is €0.01"),
        ("0", "Stake per point: enter an amount above 0"),
        ("10000.01", "Stake per point: at most €10,000.00 a point"),
        ("9" * 10_000, "Stake per point: enter an amount like 0.01, not “9999999999999999…”"),
    ],
)
def test_a_stake_that_is_not_an_amount_is_refused_beside_the_field(
    app: AppModel, typed: str, error: str
) -> None:
    app.open_new()
    form = app.new_game
    assert form is not None
    form.set_money(True)
    form.set_currency("EUR")
    form.set_stake("0.02")
    form.set_stake(typed)
    assert form.field_errors["stake"] == error
    assert form.values["stake"] == 2  # the last good stake is kept, the text shown as typed
    assert form.stake_shown() == typed[:17]
    form.new_name = "Ann"
    form.add_typed(app.saved_players())
    form.new_name = "Bob"
    form.add_typed(app.saved_players())
    assert not app.act(app.start_game)  # Start refuses it too, and starts nothing
    assert form.error == error and app.screen == "new"


def test_a_stake_is_typed_as_money_in_the_languages_way() -> None:
    form = NewGameForm(t=Translator("lv"))
    form.set_money(True)
    assert form.currency == "EUR"  # Latvia's
    form.set_stake("0,05")
    assert form.rules().stake == 5
    form.set_stake("1.5")
    assert form.rules().stake == 150
    assert form.stake_preview() == "1,50\xa0€ par punktu: spēle, kas uzvarēta ar 100 punktu " \
        "pārsvaru, maksā 150,00\xa0€"  # fmt: skip
    form.set_stake("0,001")
    assert form.field_errors["stake"] == "Likme par punktu: mazākā summa valūtā EUR ir 0,01\xa0€"


def test_the_currency_offered_first_is_the_languages_own() -> None:
    assert NewGameForm(t=Translator("en")).currencies() == ["EUR", "USD", "GBP"]
    uk = NewGameForm(t=Translator("uk"))
    assert uk.currencies() == ["EUR", "USD", "GBP", "UAH"]
    uk.set_money(True)
    assert uk.currency == "UAH" and uk.currency_label("UAH") == "UAH ₴"
    assert uk.currency_label("EUR") == "EUR"  # CLDR's uk has no sign of its own for it
    uk.set_currency("EUR")
    uk.set_money(False)
    uk.set_money(True)
    assert uk.currency == "EUR"  # the player's pick stays
    with pytest.raises(Exception, match="unknown currency"):
        uk.set_currency("XXX")


def test_presets_keep_the_stake_and_keep_their_name() -> None:
    form = NewGameForm()
    form.set_money(True)
    form.set_currency("GBP")
    form.set_stake("0.02")
    form.set_field("third_game_double", True)
    form.set_format("hollywood")
    assert form.preset_name() == "seed"  # a stake is not a house rule
    form.set_preset("classic")
    assert form.preset_name() == "classic"
    rules = form.rules()
    assert rules.classic_bonuses
    assert (rules.stake, rules.currency, rules.third_game_double) == (2, "GBP", True)
    form.set_stake("0.001")  # a refused stake does not make the rules "custom"
    assert form.preset_name() == "classic"
    form.set_preset("seed")
    assert form.field_errors["stake"]  # still shown: the preset did not touch the stake


def test_switching_money_off_owes_nothing_and_on_again_brings_the_stake_back() -> None:
    form = NewGameForm()
    form.set_money(True)
    form.set_currency("EUR")
    form.set_stake("0.10")
    form.set_field("third_game_double", True)
    form.set_format("hollywood")
    form.set_money(False)
    assert (form.rules().stake, form.rules().third_game_double) == (0, False)
    form.set_money(True)
    assert (form.rules().stake, form.rules().third_game_double) == (10, True)
    form.set_format("standard")  # the third game is Hollywood's
    assert form.rules().third_game_double is False


def test_a_staked_game_reopened_from_the_store_still_owes(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        app = AppModel(store)
        start_for_money(app, "standard", stake="0.01")
        gid = app.game_id
        for hand in [("Ann", "knock", "2", "32"), ("Ann", "knock", "5", "35")]:
            quick(app, *hand)
        quick(app, "Ann", "gin", d="15")
    with open_store(tmp_path / "data", durable=False) as store:
        app = AppModel(store)
        assert gid is not None
        app.open_game(gid)
        assert app.sheet().payments == ["Bob pays Ann €1.00"]


# --- drawn ---------------------------------------------------------------------------


def test_the_form_draws_the_stake_and_the_game_over_card_the_payment(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        t = Table(store)
        m = t.m
        t.tap(m.open_new)
        form = m.new_game
        assert form is not None
        form.set_format("hollywood")
        sent = t.tap(form.set_money, True)
        assert "Stake per point" in sent and "Third game counts double" in sent
        assert "EUR €" in sent and "USD $" in sent
        t.tap(form.set_currency, "EUR")
        form.set_stake("0.01")
        sent = t.tap(form.set_field, "third_game_double", True)
        assert "€0.01 a point: a game won by 100 pays €1.00" in sent
        for name in ("Ann", "Bob"):
            form.new_name = name
            t.tap(form.add_typed, m.saved_players())
        form.first_dealer = "Ann"
        t.tap(m.start_game)
        assert m.screen == "sheet", form.error
        assert "Nothing is owed until a game ends" in texts(t.page)
        ann, bob = m.game().players
        for who, k, d in [(ann, 2, 42), (ann, 2, 42), (bob, 3, 33), (ann, 2, 27)]:
            t.quick_hand(who, k, d)  # 40, 40, 30, 25: game 1 ends, Ann 105-30
        assert "Owed so far: Bob pays Ann €0.75" in texts(t.page)
        for who, k, d in [(bob, 2, 52), (bob, 5, 65), (ann, 2, 82)]:
            t.quick_hand(who, k, d)  # 50, 60; 80
        shown = texts(t.page)
        assert m.sheet().finished
        assert "Bob pays Ann €1.20" in shown
        assert any(s.endswith("stake €0.01 a point · third game counts double") for s in shown)
