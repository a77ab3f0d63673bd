"""Statistics of the seeded history (tests/ui_review/seed.py), figures worked out by hand.

Ann: games A (won), B (3 columns lost), C (columns 1 and 3 won), D (won) → 4 of 8;
hands won A1 A2 A5, B1, C2 C3 C6 C8, D1 D5 = 10 of 20; points 102+10+220+110 = 442,
so 44.2 a hand; gins A5 C2 C3 C8 D5 = 5; biggest hand D5 gin v 75 = 100.
Bob: B's three columns and C's second = 4 of 8; one sweep (B); undercut twice (A2, D4).
Cy: E unfinished, D lost: 0 of 1; big gin E2 (20 + 31 = 51); undercut Bob in D4.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from scorekeeper.engine import Hand
from scorekeeper.store import Store
from scorekeeper.ui.review import ReviewModel


def card(model: ReviewModel, name: str) -> dict[str, str]:
    cards = {c.title: c for c in model.stats.player_cards(model.stats.statistics())}
    return {r.label: r.values[0] for r in cards[name].rows}


def test_per_player_figures(model: ReviewModel) -> None:
    ann = card(model, "Ann")
    assert ann == {
        "Games won": "4 / 8",
        "Series won": "1 / 2",
        "Hands won": "10 / 20",
        "Gins": "5",
        "Big gins": "0",
        "Undercuts given": "1",
        "Undercuts suffered": "0",
        "Average points per hand won": "44.2",
        "Biggest hand": "100",
        "Longest winning streak": "3",
        "Knock vs gin": "4 knocks · 5 gins (56% gin)",
        "Hollywood sweeps": "0",
    }
    bob = card(model, "Bob")
    assert (bob["Games won"], bob["Hollywood sweeps"], bob["Undercuts suffered"]) == (
        "4 / 8",
        "1",
        "2",
    )
    cy = card(model, "Cy")
    assert (cy["Games won"], cy["Big gins"], cy["Biggest hand"], cy["Undercuts given"]) == (
        "0 / 1", "1", "51", "1",
    )  # fmt: skip
    assert cy["Knock vs gin"] == "1 knock · 1 gin (50% gin)"


def test_filters_by_format_and_period(model: ReviewModel) -> None:
    model.act(model.stats.set_format, "hollywood")
    stats = model.stats.statistics()
    assert (stats.games, stats.hands) == (2, 12)
    assert card(model, "Ann")["Games won"] == "2 / 6"
    assert "Cy" not in {c.title for c in model.stats.player_cards(stats)}
    model.act(model.stats.set_format, None)
    model.act(model.stats.set_period, "30")
    assert model.stats.statistics().games == 5
    assert model.stats.statistics(now=datetime.now(UTC) + timedelta(days=31)).games == 0


def test_head_to_head(model: ReviewModel) -> None:
    stats = model.stats.statistics()
    cards = {c.title: c for c in (model.stats.head_to_head_card(h) for h in stats.pairs())}
    ab = cards["Ann v Bob"]
    rows = {r.label: r.values for r in ab.rows}
    assert ab.players == ("Ann", "Bob")
    assert rows["Games won"] == ("4 / 8", "4 / 8")
    assert rows["Series won"] == ("1 / 2", "1 / 2")
    assert rows["Hollywood sweeps"] == ("0", "1")


def test_deleted_games_leave_the_statistics(model: ReviewModel, ids: dict[str, str]) -> None:
    model.act(model.history.delete_game, ids["B"])
    assert card(model, "Bob")["Hollywood sweeps"] == "0"
    model.act(model.history.undo_delete)
    assert card(model, "Bob")["Hollywood sweeps"] == "1"


def test_wins_bars(model: ReviewModel) -> None:
    assert [(b.name, b.wins) for b in model.stats.bars(model.stats.statistics())] == [
        ("Ann", 4), ("Bob", 4), ("Cy", 0),
    ]  # fmt: skip


def test_preload_fills_the_shared_cache(model: ReviewModel, ids: dict[str, str]) -> None:
    import threading

    from scorekeeper.ui.review import game_state

    assert model.stats.preload() == 5
    again = ReviewModel(model.store)  # another session of the same process
    assert again.past_game.load_game(ids["C"]) is model.past_game.load_game(ids["C"])
    stop = threading.Event()
    stop.set()
    assert model.stats.preload(stop) == 0
    model.store.record_hand(ids["E"], Hand.draw())
    assert len(model.past_game.load_game(ids["E"]).hands) == 4  # a changed game is replayed again
    assert game_state.CACHE_GAMES >= 2500


def test_statistics_are_kept_until_a_game_changes(
    model: ReviewModel, store: Store, ids: dict[str, str]
) -> None:
    first = model.stats.statistics()
    assert model.stats.statistics() is first  # a player's details opened: nothing counted again
    store.record_hand(ids["E"], Hand.gin(ids["bob"], 10))
    again = model.stats.statistics()
    assert again is not first and again.hands == first.hands + 1
    model.act(model.stats.set_format, "hollywood")
    assert model.stats.statistics().games == 2
    model.act(model.stats.set_format, None)
    assert model.stats.statistics().hands == again.hands


def test_the_summary_counts_games_as_the_player_lines_do(model: ReviewModel) -> None:
    """A Hollywood sheet is three games to its players ("Ann: 2 of 6 games
    won"), so the summary above them says 6 games, not 2 sheets."""
    import flet as ft

    from scorekeeper.ui.review import ReviewContext, render_screen

    model.go("stats")
    model.act(model.stats.set_format, "hollywood")
    _, controls = render_screen(ReviewContext(model, lambda: None))

    def shown(c: object) -> list[str]:
        out = [c.value] if isinstance(c, ft.Text) and isinstance(c.value, str) else []
        content = getattr(c, "content", None)
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, ft.BaseControl):
            out += shown(content)
        for x in getattr(c, "controls", None) or []:
            out += shown(x)
        return out

    texts = [s for c in controls for s in shown(c)]
    assert "6 games finished · 12 hands" in texts
    assert "Each Hollywood column counts as a game (2 Hollywood sheets)." in texts
    assert "Show Ann: 2 of 6 games won" in texts
    model.act(model.stats.set_format, "standard")
    _, controls = render_screen(ReviewContext(model, lambda: None))
    texts = [s for c in controls for s in shown(c)]
    assert not [s for s in texts if "Hollywood column" in s]
