"""A game's digest: the statistics read it exactly as they read the replayed game."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest
from hypothesis import given, settings

from scorekeeper.engine import Format, Game, Hand, Outcome, Rules
from scorekeeper.statistics import DIGEST_VERSION, GameDigest, GameRecord, digest, statistics
from scorekeeper.statistics.digest import OUTCOMES, valid_doc

from .strategies import histories


def stored(game: Game) -> GameDigest:
    """The digest of ``game`` after a trip through JSON, as the store keeps it."""
    doc = json.loads(json.dumps(digest(game).to_doc()))
    found = GameDigest.from_doc(doc, game.players, game.names)
    assert found is not None
    return found


@settings(max_examples=60, deadline=None)
@given(histories())
def test_statistics_from_stored_digests_equal_those_from_the_games(
    records: list[GameRecord],
) -> None:
    from_digests = [GameRecord(r.id, stored(r.game), r.created_at) for r in records]  # type: ignore[arg-type]
    assert statistics(from_digests) == statistics(records)
    for r in records:
        assert isinstance(r.game, Game)
        assert stored(r.game) == digest(r.game)
        assert stored(r.game).hand_count == len(r.game.hands)


def test_a_three_hand_digest_names_box_and_captain_by_seat() -> None:
    g = Game("three-hand", ["ann", "bob", "cy"], roles=["ann", "bob", "cy"])
    g.record(Hand.knock("ann", 4, 14))  # ann box, bob captain: ann +10
    g.record(Hand.knock("cy", 3, 23))  # box ann stays, cy (sat out) now captain: cy +20
    g.record(Hand.draw())  # cy box, bob captain
    doc = digest(g).to_doc()
    assert doc["lines"] == [0, 0, 10, 0, 1, 2, 0, 20, 0, 2, -1, 4, 0, 2, 1]
    assert doc == {
        "v": DIGEST_VERSION,
        "format": "three-hand",
        "hands": 3,
        "oklahoma": False,
        "lines": doc["lines"],
        "columns": [0, -1],
        "series": -1,
    }


def test_a_hollywood_digest_has_its_columns_and_series() -> None:
    g = Game("hollywood", ["ann", "bob"], first_dealer="ann")
    g.record(Hand.knock("ann", 2, 12))
    for _ in range(3):
        g.record(Hand.gin("bob", 75))  # bob closes the three columns: a sweep
    d = digest(g)
    assert list(d.columns) == [1, 1, 1, 1, 1, 1] and d.series == 1
    rolling = Game("hollywood", ["ann", "bob"], Rules(hollywood_rolling=True), first_dealer="ann")
    for _ in range(3):
        rolling.record(Hand.gin("bob", 75))
    assert digest(rolling).series == -1  # a rolling sheet has no series
    # each column bob closes opens a new one
    assert list(digest(rolling).columns) == [1, 1, 1, 1, 1, 1, 0, -1, 0, -1, 0, -1]


def test_outcome_codes_are_every_outcome_once() -> None:
    assert sorted(o.value for o in OUTCOMES) == sorted(o.value for o in Outcome)


def _doc(**changes: Any) -> dict[str, Any]:
    g = Game("standard", ["ann", "bob"], hands=[Hand.gin("ann", 30), Hand.draw()])
    return {**digest(g).to_doc(), **changes}


@pytest.mark.parametrize(
    "doc",
    [
        pytest.param(None, id="none"),
        pytest.param(_doc(v=DIGEST_VERSION + 1), id="another version"),
        pytest.param(_doc(format="three-hand"), id="wrong format for two seats"),
        pytest.param(_doc(format="gin"), id="unknown format"),
        pytest.param(_doc(hands=3), id="count"),
        pytest.param(_doc(lines=[0, 1, 55, -1, 4]), id="short"),
        pytest.param(_doc(lines=[2, 1, 55, -1, 4, 0]), id="no such seat"),
        pytest.param(_doc(lines=[0, 5, 55, -1, 4, 0]), id="no such outcome"),
        pytest.param(_doc(lines=[0, 1, 55.5, -1, 4, 0]), id="a fraction"),
        pytest.param(_doc(lines=[0, 1, "55", -1, 4, 0]), id="text"),
        pytest.param(_doc(columns=[]), id="no column"),
        pytest.param(_doc(columns=[2, -1]), id="finished is 0 or 1"),
        pytest.param(_doc(columns=[1, 2]), id="column winner seat"),
        pytest.param(_doc(series=2), id="series seat"),
        pytest.param(_doc(oklahoma=1), id="oklahoma not a bool"),
    ],
)
def test_a_damaged_or_foreign_digest_is_not_read(doc: Any) -> None:
    assert not valid_doc(doc, 2)
    assert GameDigest.from_doc(doc, ("ann", "bob"), {}) is None


def test_a_good_digest_is_read_with_the_names_given() -> None:
    doc = _doc()
    assert valid_doc(doc, 2) and not valid_doc(doc, 3)
    d = GameDigest.from_doc(doc, ("a1", "b2"), {"a1": "Annie"})
    assert d is not None
    assert d.format is Format.STANDARD and d.players == ("a1", "b2")
    assert dict(d.names) == {"a1": "Annie", "b2": "b2"}
    s = statistics([GameRecord("g", d, datetime(2024, 1, 1))])
    assert s.player("a1").name == "Annie" and s.player("a1").points_won == 55
