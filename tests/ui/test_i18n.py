"""The app's own screens in the session's language: sheet, hand form, new-game form, notes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.engine import DECK, PRESETS, Game, Hand, RuleError, card
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.ui.state.hand_model import HandForm
from scorekeeper.ui.state.home_model import game_card
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.model_messages import SORRY
from scorekeeper.ui.state.newgame_model import NewGameForm
from scorekeeper.ui.state.sheet_model import build_sheet

from .helpers import quick, start

LV = Translator("lv")
UK = Translator("uk")


def _game(fmt: str = "standard", **kw: object) -> Game:
    players = ["a", "b", "c"] if fmt == "three-hand" else ["a", "b"]
    names = {"a": "Ann", "b": "Bob", "c": "Cy"}
    return Game(fmt, players, names={p: names[p] for p in players}, **kw)  # type: ignore[arg-type]


def _summary(hands: int) -> SimpleNamespace:
    return SimpleNamespace(
        id=1,
        format="standard",
        player_ids=["a", "b"],
        player_names=["Ann", "Bob"],
        finished_at=None,
        updated_at=None,
        hand_count=hands,
        totals={"a": 10, "b": 26},
        winner_id=None,
    )


# --- the sheet -------------------------------------------------------------------


def test_sheet_in_latvian() -> None:
    g = _game(first_dealer="a")
    g.record(Hand.knock("b", 4, 30))
    s = build_sheet(g, LV)
    assert s.language == "lv"
    assert s.title == "Ann pret Bob"
    assert s.status == "Nākamais dala Bob"
    assert s.score == "Punkti: Ann 0 · Bob 26"
    assert s.rows[0].text == "Bob klauvēja (4 pret 30): Bob +26"
    assert s.rows[0].detail == "Bob klauvēja (4 pret 30): Bob +26 · dalīja Ann"
    assert s.rules == "Džins · līdz 100 · klauvēt ≤ 10 · džins +25 · pārsitiens +10"


def test_sheet_english_is_unchanged() -> None:
    g = _game(first_dealer="a")
    g.record(Hand.knock("b", 4, 30))
    s = build_sheet(g)
    assert s.status == "Bob deals next"
    assert s.score == "Score: Ann 0 · Bob 26"
    assert s.rows[0].detail == "Bob knocked (4 v 30): Bob +26 · dealt by Ann"
    assert s.rules == "Gin · to 100 · knock ≤ 10 · gin +25 · undercut +10"


def test_three_hand_roles_in_latvian_and_ukrainian() -> None:
    g = _game("three-hand", draw=[card("KS"), card("7H"), card("2C")])
    assert build_sheet(g, LV).status == (
        "Nākamā partija: dala Ann (kastē) · kapteinis Bob · sēž ārā Cy"
    )
    g.record(Hand.draw())
    s = build_sheet(g, UK)
    assert s.rows[0].text == "Нічия: без очок, здає той самий гравець"
    assert s.rows[0].roles == "у боксі Ann · капітан Bob · пропускає Cy"
    assert build_sheet(g).rows[0].detail == (
        "Draw: no score, same dealer · box Ann · captain Bob · sits out Cy"
    )


def test_classic_bonuses_and_margin_in_latvian() -> None:
    g = _game(first_dealer="a", rules=PRESETS["classic"])
    g.record(Hand.gin("a", 80))
    s = build_sheet(g, LV)
    assert s.finished and s.headline == "Uzvar Ann!" and s.status == "Spēle beigusies"
    assert "Ann: spēles bonuss +100" in s.final
    assert s.final[-1].startswith("Ann uzvar ar ") and "punktu pārsvaru" in s.final[-1]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_hollywood_headers_keep_the_name_after_the_first_space(code: str) -> None:
    # the Flet table takes a header's name as what follows its first space
    g = _game("hollywood", first_dealer="a")
    s = build_sheet(g, Translator(code))
    assert [h.split(" ", 1)[1] for h in s.header] == ["Ann", "Bob"] * 3


def test_hollywood_tally_in_ukrainian() -> None:
    g = _game("hollywood", first_dealer="a")
    s = build_sheet(g, UK)
    assert s.header[:2] == ["Г1 Ann", "Г1 Bob"]
    assert s.tally == "Виграні ігри: Ann 0, Bob 0"
    assert [c.title for c in s.games] == ["Гра 1", "Гра 2", "Гра 3"]


# --- counts: the plural forms of each language -------------------------------------


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", {1: "1 hand", 2: "2 hands", 5: "5 hands", 21: "21 hands"}),
        ("lv", {1: "1 partija", 2: "2 partijas", 5: "5 partijas", 21: "21 partija"}),
        ("fi", {1: "1 jako", 2: "2 jakoa", 5: "5 jakoa", 21: "21 jakoa"}),
        ("uk", {1: "1 роздача", 2: "2 роздачі", 5: "5 роздач", 21: "21 роздача"}),
    ],
)
def test_hand_counts_on_the_home_screen(code: str, expected: dict[int, str]) -> None:
    t = Translator(code)
    for n, words in expected.items():
        assert game_card(_summary(n), t).detail.split(" · ")[1] == words, (code, n)


def test_home_card_in_latvian() -> None:
    c = game_card(_summary(0), LV)
    assert c.title == "Ann pret Bob"
    assert c.detail == "Standarta · 0 partiju · Ann 10 · Bob 26"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("lv", {1: "1 kārts", 2: "2 kārtis", 5: "5 kārtis", 21: "21 kārts", 0: "0 kāršu"}),
        ("uk", {1: "1 карта", 2: "2 карти", 5: "5 карт", 21: "21 карта", 0: "0 карт"}),
    ],
)
def test_card_counts_in_deadwood_mode(code: str, expected: dict[int, str]) -> None:
    form = HandForm(_game(first_dealer="a"), t=Translator(code))
    form.set_mode("deadwood")
    form.set_knocker("a")
    for n, words in expected.items():
        form.knocker_cards = list(DECK[:n])
        assert form.card_summary("knocker").startswith(f"Ann: {words},"), (code, n)


# --- the hand form ----------------------------------------------------------------------


def test_hand_form_in_latvian() -> None:
    form = HandForm(_game(first_dealer="a"), t=LV)
    assert form.heading() == "Partija"
    assert form.dealt_line() == "Šo partiju dalīja Ann"
    assert form.mode_labels() == {
        "quick": "Ātri",
        "deadwood": "Liekās kārtis",
        "cards": "Visas kārtis",
    }
    assert form.result_labels()["undercut"] == "Pārsitiens"
    assert form.deadwood_label("knocker") == "Klauvētājs — liekie punkti"
    assert form.preview().error == "norādiet, kurš klauvēja"
    form.set_knocker("b")
    assert form.preview().error == "ievadiet klauvētāja liekos punktus"
    for ch in "4":
        form.press(ch)
    form.set_active("defender")
    for ch in "30":
        form.press(ch)
    p = form.preview()
    assert p.headline == "Bob klauvēja (4 pret 30): Bob +26"
    assert p.items == ["lieko punktu starpība: 26"]
    assert p.totals == "Kopā pēc partijas: Ann 0 · Bob 26"


def test_hand_form_engine_refusal_in_ukrainian() -> None:
    form = HandForm(_game(first_dealer="a"), t=UK)
    form.set_knocker("a")
    form.set_count("knocker", "12")
    form.set_count("defender", "30")
    error = form.preview().error
    assert error is not None
    assert error == UK.render(_refusal(form))
    assert "12" in error and "Ann" in error and "стук" in error


def _refusal(form: HandForm) -> RuleError:
    try:
        form.scored_line()
    except RuleError as exc:
        return exc
    raise AssertionError("the engine took an impossible knock")


def test_oklahoma_upcard_and_full_hands_in_latvian() -> None:
    form = HandForm(_game(first_dealer="b", rules=PRESETS["oklahoma"]), t=LV)
    assert form.upcard_text() == (
        "Oklahoma: vispirms atklājiet kārti, tā nosaka klauvēšanas limitu"
    )
    form.set_upcard(card("7S"))
    assert form.upcard_text() == (
        "Atklātā kārts 7♠: klauvēšanas limits 7 · pīķis: šajā partijā punkti dubultā"
    )
    form.set_mode("cards")
    form.set_knocker("a")
    for c in ["5S", "6S", "7S", "9C", "9D", "9H", "2C", "3C", "4C", "AD"]:
        form.tap_card(card(c))
    form.set_tapping("defender")
    for c in ["8S", "9S", "KH", "QH", "JH", "2D", "3D", "4H", "4D", "TC"]:
        form.tap_card(card(c))
    p = form.preview()
    assert p.error is None, p.error
    assert "Bob pieliek: 8♠ 9♠" in p.melds
    assert "Liekie punkti: Ann 1, Bob 14" in p.melds
    assert "Ann — kombinācijas: 5♠ 6♠ 7♠ | 9♥ 9♦ 9♣ | 2♣ 3♣ 4♣" in p.melds
    assert form.card_summary("defender") == "Bob: 10 no 10 kārtīm"


# --- the new-game form ----------------------------------------------------------------


def test_new_game_form_in_latvian(store: object) -> None:
    app = AppModel(store, t=LV)  # type: ignore[arg-type]
    app.open_new()
    form = app.new_game
    assert form is not None and form.t is LV
    assert form.format_labels()["three-hand"] == "Spēle trijatā"
    assert ("target", "Mērķa punkti", None) in form.number_options()
    assert form.preset_labels()["seed"] == "Standarta"  # issue 9: "Standard", as everywhere
    assert form.players_heading() == "Spēlētāji (0 no 2)"
    form.set_field("target", "")
    assert not app.act(app.start_game)
    assert form.error == "Mērķa punkti: ievadiet veselu skaitli"
    form.set_field("target", "100")
    assert not app.act(app.start_game)
    assert form.error == "Standarta: izvēlieties 2 spēlētājus (izvēlēti: 0)"
    form.new_name = "Ann"
    assert app.act(app.add_typed_player)
    assert form.playing_line() == "Spēlē: Ann"
    form.new_name = "ann"
    assert not app.act(app.add_typed_player)
    assert form.error == "ann jau ir spēlē"


def test_three_hand_draw_preview_in_ukrainian() -> None:
    form = NewGameForm(format="three-hand", t=UK)
    for name in ("Ann", "Bob", "Cy"):
        form.new_name = name
        form.add_new_name()
    form.draw_mode = "cards"
    form.draw_texts = {"Ann": "KS", "Bob": "7H", "Cy": "2C"}
    assert form.roles_preview() == "У боксі: Ann · Капітан: Bob · Пропускає: Cy"
    form.draw_texts = {"Ann": "7C", "Bob": "7D", "Cy": "9S"}
    assert form.roles_preview() == "Ann і Bob витягли однаковий номінал (7): тягніть ще раз"
    form.new_name = "Dan"
    with pytest.raises(RuleError) as caught:
        form.add_new_name()
    assert UK.render(caught.value) == (
        "Гра втрьох — для 3 гравців: спершу торкніться вибраного імені, щоб прибрати його"
    )


# --- switching language at runtime ------------------------------------------------------


def test_switching_the_language_rerenders_the_sheet(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    assert app.note == "Ann deals first"
    assert quick(app, "Bob", "knock", "4", "30")
    assert app.sheet().status == "Bob deals next"
    app.t = Translator("lv")
    s = app.sheet()
    assert s.status == "Nākamais dala Bob"
    assert s.rows[0].text == "Bob klauvēja (4 pret 30): Bob +26"
    app.t = Translator("uk")
    assert app.sheet().status == "Далі здає Bob"
    app.t = Translator("en")
    assert app.sheet().status == "Bob deals next"


def test_switching_the_language_reaches_notes_forms_and_errors(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.t = LV
    assert app.note == "Pirmais dala Ann"
    assert app.act(app.undo) is False  # nothing to undo yet
    assert app.error == "nav partijas, ko atsaukt"
    app.t = Translator("fi")
    assert app.error == "ei ole jakoa, jonka voisi perua"
    assert app.act(app.open_hand)
    form = app.hand
    assert form is not None and form.t.code == "fi"
    assert not app.act(app.save_hand)
    assert form.error == "kerro, kuka koputti"
    app.t = LV  # the form and the refusal on it follow
    assert form.t is LV and form.error == "norādiet, kurš klauvēja"
    assert form.preview().error == "norādiet, kurš klauvēja"


def test_the_apology_is_translated(app: AppModel) -> None:
    def boom() -> None:
        raise KeyError("x")

    app.t = UK
    assert not app.act(boom)
    assert app.error == UK.gettext(SORRY) != SORRY
    assert app.error.startswith("Вибачте")
