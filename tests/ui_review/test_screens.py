"""Every screen builds without a client, in every language, and charts get the replayed series."""

from __future__ import annotations

import json
from typing import Any

import flet as ft
import flet_charts as fch  # type: ignore[import-untyped,unused-ignore]
import pytest

from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.statistics import score_race
from scorekeeper.store import Store
from scorekeeper.ui.review import SCREENS, ReviewContext, ReviewModel, render_screen
from tests.ui_review.helpers import texts, walk


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_screen_builds(store: Store, ids: dict[str, str], code: str) -> None:
    m = ReviewModel(store, Translator(code))
    redraws: list[int] = []
    ctx = ReviewContext(m, lambda: redraws.append(1))
    for screen in SCREENS:
        m.go(screen, ids["C"] if screen == "game" else None)
        title, controls = render_screen(ctx)
        assert m.screen == screen and m.error is None, (screen, m.error)
        assert title and controls


def test_hollywood_sheet_screen_shows_three_game_columns(
    model: ReviewModel, ids: dict[str, str]
) -> None:
    model.go("game", ids["B"])
    title, controls = render_screen(ReviewContext(model, lambda: None))
    assert title == "Hollywood: Ann v Bob"
    shown = texts(controls)
    assert {"Game 1", "Game 2", "Game 3", "✓ Bob"} <= set(shown)
    assert "deadwood +75 · gin bonus +25" in shown
    charts = [x for c in controls for x in walk(c) if isinstance(x, fch.LineChart)]
    assert len(charts) == 3  # one small panel per column


def test_race_chart_series_come_from_the_replayed_game(
    model: ReviewModel, store: Store, ids: dict[str, str]
) -> None:
    model.go("game", ids["A"])
    _, controls = render_screen(ReviewContext(model, lambda: None))
    (chart,) = [x for c in controls for x in walk(c) if isinstance(x, fch.LineChart)]
    race = score_race(store.game(ids["A"]))
    got = [[(p.x, p.y) for p in s.points] for s in chart.data_series]
    assert got == [list(line.points) for line in race.columns[0].lines]
    assert got[0] == [(0, 0), (1, 15), (2, 27), (3, 27), (4, 27), (5, 102)]
    assert (chart.max_y, chart.left_axis.label_spacing) == (150, 50)


def test_wins_bars_chart(model: ReviewModel) -> None:
    model.go("stats")
    _, controls = render_screen(ReviewContext(model, lambda: None))
    (bars,) = [x for c in controls for x in walk(c) if isinstance(x, fch.BarChart)]
    assert [g.rods[0].to_y for g in bars.groups] == [4, 4, 0]  # Ann, Bob, Cy games won
    labels = [lab.label.value for lab in bars.bottom_axis.labels]
    assert labels == ["Ann", "Bob", "Cy"]
    assert (bars.max_y, bars.left_axis.label_spacing) == (4, 1)  # whole numbers


def test_wins_axis_has_whole_steps_when_the_most_wins_is_one() -> None:
    from scorekeeper.i18n import Translator
    from scorekeeper.statistics import Bar
    from scorekeeper.ui.review.charts_view import wins_chart

    chart = wins_chart([Bar("Ann", 1), Bar("Bob", 0)], Translator("en"))
    (bars,) = [x for x in walk(chart) if isinstance(x, fch.BarChart)]
    assert (bars.max_y, bars.left_axis.label_spacing) == (1, 1)


def test_no_empty_chart_before_a_game_is_won(tmp_path: Any) -> None:
    """With hands played and no game won, statistics say so in a line, not
    with an empty chart 200 px tall."""
    from scorekeeper.engine import Hand, Rules
    from scorekeeper.store import open_store

    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        gid = store.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
        store.record_hand(gid, Hand.knock(ann, 3, 20))
        model = ReviewModel(store, Translator("en"), lambda _: None)
        model.go("stats")
        _, controls = render_screen(ReviewContext(model, lambda: None))
        texts = [x.value for c in controls for x in walk(c) if isinstance(x, ft.Text)]
        assert "No game won yet: the chart of games won starts with the first." in texts
        assert not [x for c in controls for x in walk(c) if isinstance(x, fch.BarChart)]
        store.record_hand(gid, Hand.gin(bob, 90))  # Bob wins the game: the chart
        _, controls = render_screen(ReviewContext(model, lambda: None))
        assert [x for c in controls for x in walk(c) if isinstance(x, fch.BarChart)]


@pytest.mark.parametrize("width", [366.0, 942.0])  # the column on a phone, on a desktop
@pytest.mark.parametrize("n", [1, 2, 4, 5, 8])
def test_wins_chart_names_never_run_into_each_other(width: float, n: int) -> None:
    """Four long names ran together under their bars on a phone
    ("ОлександраСвятослав"): each is cut with "…" to the room between two
    bars, so side by side they fit in the chart."""
    from scorekeeper.statistics import Bar
    from scorekeeper.ui.review.charts_view import WINS_AXIS, wins_chart

    chart = wins_chart([Bar("Олександра" * 3, n - i) for i in range(n)], Translator("uk"), width)
    (bars,) = [x for x in walk(chart) if isinstance(x, fch.BarChart)]
    labels = [lab.label for lab in bars.bottom_axis.labels]
    assert all(lab.no_wrap and lab.overflow == ft.TextOverflow.ELLIPSIS for lab in labels)
    rod = bars.groups[0].rods[0].width
    # n names and the gaps between them within the plot (and half a bar at each end)
    assert sum(lab.width for lab in labels) + 4 * (n - 1) <= width - WINS_AXIS + rod
    assert all(lab.width >= 20 for lab in labels)  # still room for a letter and "…"


def test_handlers_never_raise(model: ReviewModel, ids: dict[str, str]) -> None:
    def boom() -> None:
        raise RuntimeError("bug")

    ctx = ReviewContext(model, boom)  # even a failing redraw is caught
    ctx.on(model.go, "game", "missing")(None)
    assert model.error is not None
    ctx.on(boom)(None)
    assert model.error == "Sorry, that did not work."


def test_a_failing_builder_falls_back_to_history(model: ReviewModel) -> None:
    model.screen = "game"
    model.game_id = "gone"
    title, _ = render_screen(ReviewContext(model, lambda: None))
    assert title == "History"
    assert model.error == "Sorry, that page could not be shown."


def test_picked_file_is_imported(model: ReviewModel, tmp_path: Any) -> None:
    from types import SimpleNamespace

    data = model.store.export_json()
    redraws: list[int] = []
    ctx = ReviewContext(model, lambda: redraws.append(1), desktop=True)  # the window reads bytes
    payload = json.dumps(data).encode()
    event = SimpleNamespace(files=[SimpleNamespace(bytes=payload, path=None)])
    ctx._picked(event)
    assert model.note == "Nothing new: everything in that file is already here."
    assert redraws == [1]
    ctx._picked(SimpleNamespace(files=[]))  # cancelled: nothing happens
    assert redraws == [1]
    ctx._picked(SimpleNamespace(files=[SimpleNamespace(bytes=b"not json", path=None)]))
    assert model.error is not None
