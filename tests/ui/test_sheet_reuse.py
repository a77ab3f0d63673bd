"""A new sheet of the same game reuses the rows of the lines it shares."""

from __future__ import annotations

from scorekeeper.engine import Game, Hand
from scorekeeper.i18n import Translator
from scorekeeper.ui.state.sheet_model import build_sheet


def game_of(n: int) -> Game:
    g = Game("standard", ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
    for i in range(n):
        g = g.copy()
        g.record(Hand.knock("a" if i % 2 == 0 else "b", 3, 10 + i))
    return g


def test_a_new_hand_reuses_every_earlier_row() -> None:
    g = game_of(5)
    first = build_sheet(g)
    g2 = g.copy()
    g2.record(Hand.gin("b", 22))
    second = build_sheet(g2, previous=first)
    assert [r is old for r, old in zip(second.rows, first.rows, strict=False)] == [True] * 5
    assert second.rows[5].text == "Bob went gin (22): Bob +47"
    assert second == build_sheet(g2)  # the same sheet as one built from nothing


def test_an_edit_replays_so_every_row_is_rebuilt() -> None:
    g = game_of(4)
    first = build_sheet(g)
    g2 = g.copy()
    g2.edit(1, Hand.gin("a", 30))
    second = build_sheet(g2, previous=first)
    assert all(r is not old for r, old in zip(second.rows, first.rows, strict=True))
    assert second == build_sheet(g2)
    assert second.rows[1].text == "Ann went gin (30): Ann +55"


def test_another_language_or_names_rebuild_every_row() -> None:
    g = game_of(3)
    first = build_sheet(g)
    lv = build_sheet(g, Translator("lv"), previous=first)
    assert all(r is not old for r, old in zip(lv.rows, first.rows, strict=True))
    assert lv == build_sheet(g, Translator("lv"))
    renamed = g.copy()
    names = renamed.names  # (a dict: the game copied its names into one)
    assert isinstance(names, dict)
    names["a"] = "Anna"  # the same lines, another name
    again = build_sheet(renamed, previous=first)
    assert again.rows[0].text.startswith("Anna knocked")
