"""A partnership game (RULES §11) in the review: every screen builds with
one, in every language; the history names the sides and the winning side;
the past game's sheet scores the sides and names each hand's table."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Hand, Rules
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.store import Store
from scorekeeper.ui.review import SCREENS, ReviewContext, ReviewModel, render_screen

from .helpers import texts


def _partnership(store: Store) -> str:
    """RULES §11's example, to 75: Ann & Cy 79, Bob & Dan 6 after three deals."""
    ann, bob, cy, dan = (store.add_player(n).id for n in ("Ann", "Bob", "Cy", "Dan"))
    gid = store.create_game("partnership", [ann, bob, cy, dan], Rules(target=75))
    store.record_deal(gid, Hand.knock(ann, 3, 19), Hand.gin(cy, 12))
    store.record_deal(gid, Hand.knock(ann, 2, 9), Hand.knock(cy, 8, 5))
    store.record_deal(gid, Hand.draw(), Hand.knock(cy, 4, 30))
    return gid


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_screen_builds_with_a_partnership(store: Store, code: str) -> None:
    gid = _partnership(store)
    m = ReviewModel(store, Translator(code))
    ctx = ReviewContext(m, lambda: None)
    for screen in SCREENS:
        m.go(screen, gid if screen == "game" else None)
        title, controls = render_screen(ctx)
        assert m.screen == screen and m.error is None, (screen, m.error)
        assert title and controls


def test_the_history_and_the_past_game_score_the_sides(store: Store) -> None:
    gid = _partnership(store)
    m = ReviewModel(store, Translator("en"))
    [row] = m.history.rows()
    assert (row.title, row.score, row.status) == (
        "Ann & Cy v Bob & Dan",
        "Ann & Cy 79 · Bob & Dan 6",
        "Ann & Cy won",
    )
    m.go("game", gid)
    _, controls = render_screen(ReviewContext(m, lambda: None))
    shown = texts(controls)
    assert {"Ann & Cy", "Bob & Dan", "79", "Ann & Cy won"} <= set(shown)
    assert "deal 2: Cy v Bob" in shown  # the hand's table, opponents alternating


def test_the_statistics_show_each_side(store: Store) -> None:
    _partnership(store)
    m = ReviewModel(store, Translator("en"))
    m.go("stats")
    _, controls = render_screen(ReviewContext(m, lambda: None))
    shown = texts(controls)
    assert "Partnership sides" in shown
    # the example to 75: Ann & Cy won the game and deals 1 and 3, Bob & Dan deal 2
    assert "Ann & Cy: 1 of 1 games won · 2 of 3 deals won" in shown
    assert "Bob & Dan: 0 of 1 games won · 1 of 3 deals won" in shown
