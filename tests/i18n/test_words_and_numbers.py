"""The words between the names, the deadwood labels, and dates and numbers
written each language's way (Babel's CLDR data)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scorekeeper.engine import Game, Hand
from scorekeeper.i18n import Translator
from scorekeeper.store import Store, open_store
from scorekeeper.ui.review import ReviewModel
from scorekeeper.ui.review.game_model import build_game_view
from scorekeeper.ui.state.hand_model import HandForm
from scorekeeper.ui.state.home_model import game_card

from .sources import catalog

WHEN = datetime(2026, 3, 7, 18, 5, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "data", durable=False) as s:
        ann, bob, cy = (s.add_player(n).id for n in ("Ann", "Bob", "Cy"))
        two = s.create_game("standard", [ann, bob], first_dealer=ann)
        s.record_hand(two, Hand.knock(bob, 4, 30))
        s.create_game("three-hand", [ann, bob, cy], draw=["KS", "7H", "2C"])
        yield s


@pytest.mark.parametrize(("code", "word"), [("en", "v"), ("lv", "pret"), ("uk", "проти")])
def test_history_cards_and_game_titles_join_names_in_the_language(
    store: Store, code: str, word: str
) -> None:
    model = ReviewModel(store, Translator(code), lambda _kind: None)
    rows = model.history.rows()
    assert rows[0].title == f"Ann {word} Bob {word} Cy"  # the three-hand game
    assert rows[-1].title == f"Ann {word} Bob"
    assert model.past_game.view(rows[-1].id).title.endswith(f": Ann {word} Bob")
    model.history.delete_game(rows[-1].id)
    assert model.note is not None
    assert f"Ann {word} Bob" in model.note


def test_finnish_titles_keep_the_names_apart_with_a_dash() -> None:
    g = Game("standard", ["a", "b"], names={"a": "Ann", "b": "Bob"})
    assert build_game_view(Translator("fi"), "g", g).title == "Tavallinen: Ann – Bob"


@pytest.mark.parametrize(
    ("code", "label"),
    [
        ("en", "Knocker's deadwood"),
        ("lv", "Klauvētājs — liekie punkti"),
        ("fi", "Koputtaja: irtopisteet"),
        ("uk", "Той, хто стукав: зайві очки"),
    ],
)
def test_a_deadwood_label_reads_right_before_a_knocker_is_chosen(code: str, label: str) -> None:
    # the role stands where a name will: "Pelaajan Koputtaja irtopisteet" was not Finnish
    g = Game("standard", ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
    form = HandForm(g, t=Translator(code))
    assert form.deadwood_label("knocker") == label
    form.set_knocker("a")
    assert "Ann" in form.deadwood_label("knocker")


@pytest.mark.parametrize("code", ["lv", "uk"])
def test_the_new_player_hint_is_no_longer_than_the_english(code: str) -> None:
    # the field's label shares its row with "Add player": it clipped at 390 px
    hint = catalog(code)["New player name"].string
    assert isinstance(hint, str)  # a singular message: one string
    assert len(hint) <= len("New player name")


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("en", "Mar 7, 2026, 6:05\u202fPM"),
        ("lv", "2026. g. 7. marts 18:05"),
        ("fi", "7.3.2026 18.05"),
        ("uk", "7 бер. 2026\u202fр., 18:05"),
    ],
)
def test_dates_are_written_the_languages_way(code: str, shown: str) -> None:
    assert Translator(code).date_time(WHEN.replace(tzinfo=None)) == shown


def test_the_home_card_dates_a_finished_game_in_local_time() -> None:
    from types import SimpleNamespace

    card = SimpleNamespace(
        id=1,
        format="standard",
        player_ids=["a", "b"],
        player_names=["Ann", "Bob"],
        finished_at=WHEN,
        updated_at=None,
        hand_count=3,
        totals={"a": 100, "b": 20},
        winner_id="a",
    )
    local = WHEN.astimezone()
    detail = game_card(card, Translator("fi")).detail
    assert detail.endswith(f"{local.day}.{local.month}.{local.year} {local:%H.%M}")


@pytest.mark.parametrize(
    ("code", "average", "rate"),
    [
        ("en", "44.2", "56%"),
        ("lv", "44,2", "56%"),
        ("fi", "44,2", "56\xa0%"),
        ("uk", "44,2", "56%"),
    ],
)
def test_averages_and_shares_take_the_languages_separators(
    code: str, average: str, rate: str
) -> None:
    t = Translator(code)
    assert t.decimal(44.2) == average and t.percent(5 / 9) == rate
    assert t.decimal(1234.5) == {"en": "1,234.5"}.get(code, "1\xa0234,5")
