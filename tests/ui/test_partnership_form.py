"""The new-game form and the sheet for a partnership (RULES §11)."""

from __future__ import annotations

from scorekeeper.engine import Format, Game, Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.newgame_model import NewGameForm, Seat
from scorekeeper.ui.state.sheet_model import build_sheet, quick_results
from scorekeeper.ui.state.table_model import build_board

from .helpers import quick, start


def test_choosing_partnership_plays_to_125_and_back_to_100() -> None:
    form = NewGameForm(t=Translator("en"))
    form.set_format(Format.PARTNERSHIP.value)
    assert form.rules().target == 125 and form.preset_name() == "seed"
    form.set_format(Format.STANDARD.value)
    assert form.rules().target == 100 and form.preset_name() == "seed"


def test_the_form_names_the_sides_and_keeps_hollywood_scoring_to_a_partnership() -> None:
    form = NewGameForm(t=Translator("en"))
    form.set_format(Format.PARTNERSHIP.value)
    form.seats = [Seat(n, None) for n in ("Ann", "Bob", "Cy", "Dan")]
    assert form.playing_line() == "Sides: Ann & Cy v Bob & Dan"
    form.set_field("partnership_hollywood", True)
    assert form.rules().partnership_hollywood
    form.set_format(Format.HOLLYWOOD.value)  # the option is a partnership's only
    assert not form.rules().partnership_hollywood


def test_the_quick_results_offer_the_two_at_the_table_being_entered() -> None:
    g = Game(
        Format.PARTNERSHIP, ["a", "b", "c", "d"], names=dict(a="Ann", b="Bob", c="Cy", d="Dan")
    )
    assert [q.label for q in quick_results(g)][:2] == ["Ann knocked", "Bob knocked"]
    g.record(Hand.knock("a", 3, 19))
    assert [q.label for q in quick_results(g)][:2] == ["Cy knocked", "Dan knocked"]


def test_a_hollywood_partnership_sheet_has_three_games_of_sides() -> None:
    g = Game(Format.PARTNERSHIP, ["Ann", "Bob", "Cy", "Dan"], Rules(partnership_hollywood=True))
    g.record_deal(Hand.knock("Ann", 3, 19), Hand.gin("Cy", 12))
    s = build_sheet(g, Translator("en"))
    assert s.header == [
        "G1 Ann & Cy", "G1 Bob & Dan", "G2 Ann & Cy", "G2 Bob & Dan", "G3 Ann & Cy", "G3 Bob & Dan"
    ]  # fmt: skip
    assert s.totals == ["53", "0", "0", "0", "0", "0"]
    assert "Hollywood scoring (three games at once)" in s.rules


def test_a_partnership_played_on_the_app_model_undoes_and_redoes_a_deal(app: AppModel) -> None:
    """Hand by hand at the tables the sheet names; an undo of a complete
    deal takes back both hands, of a half-entered deal its one hand."""
    start(app, "partnership", ["Ann", "Bob", "Cy", "Dan"])
    assert app.sheet().status == "Deal 1: Ann v Bob · Cy v Dan"
    assert quick(app, "Ann", "knock", "3", "19")
    assert app.sheet().status == "Deal 1: now Cy v Dan"
    assert quick(app, "Cy", "gin", d="12")
    assert app.sheet().score == "Score: Ann & Cy 53 · Bob & Dan 0"
    assert quick(app, "Ann", "knock", "2", "9")  # deal 2's first hand
    assert app.act(app.undo)
    assert app.undone_text() == "Hand 3 taken back"
    assert app.act(app.undo)
    assert app.undone_text() == "Deal 1 taken back"
    assert app.sheet().score == "Score: Ann & Cy 0 · Bob & Dan 0" and not app.game().hands
    assert app.act(app.redo)
    assert app.sheet().score == "Score: Ann & Cy 53 · Bob & Dan 0"
    assert len(app.game().hands) == 2


def test_the_table_view_shows_the_sides_and_the_coming_deal() -> None:
    g = Game(Format.PARTNERSHIP, ["Ann", "Bob", "Cy", "Dan"])
    g.record_deal(Hand.knock("Ann", 3, 19), Hand.gin("Cy", 12))
    board = build_board(g, Translator("en"))
    assert [(e.name, e.totals) for e in board.entries] == [
        ("Ann & Cy", ["53"]),
        ("Bob & Dan", ["0"]),
    ]
    assert board.status == "Deal 2: Ann v Dan · Cy v Bob"


def test_the_hand_form_names_its_deal_and_table_with_a_capital(app: AppModel) -> None:
    """The form's first line is a line of its own: "Deal 2: Ann v Dan", not
    the sheet's "… · deal 2: Ann v Dan" (it read "роздача 1: …" in uk)."""
    start(app, "partnership", ["Ann", "Bob", "Cy", "Dan"])
    assert app.act(app.open_hand) and app.hand is not None
    assert app.hand.dealt_line() == "Deal 1: Ann v Bob"
    for code in ("lv", "fi", "uk"):
        app.hand.t = Translator(code)
        line = app.hand.dealt_line()
        assert line[0].isupper() or line[0].isdigit(), (code, line)
