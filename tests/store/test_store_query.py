"""``GameQuery``: the game list's filters as one value, the same games
whether given as a query or as its fields."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from scorekeeper.engine import Format, Hand, RuleError
from scorekeeper.store import GameQuery, Player, Store


def test_a_query_and_its_fields_list_the_same_games(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    cy = store.add_player("Cy")
    done = store.create_game(Format.STANDARD, [ann.id, bob.id], "seed")
    store.record_hand(done, Hand.gin(ann.id, 80))  # 80 + 25 = 105: finished
    series = store.create_game(Format.HOLLYWOOD, [ann.id, bob.id], "seed")
    three = store.create_game(
        Format.THREE_HAND, [ann.id, bob.id, cy.id], "seed", draw=["KS", "7H", "2C"]
    )
    store.delete_game(three)
    soon = datetime.now(UTC) + timedelta(minutes=1)
    cases: list[tuple[dict[str, Any], set[str]]] = [
        ({}, {done, series}),
        ({"finished": False}, {series}),
        ({"finished": True}, {done}),
        ({"format": Format.HOLLYWOOD}, {series}),
        ({"format": "hollywood"}, {series}),  # the stored name does too
        ({"player_id": cy.id}, set()),
        ({"player_id": cy.id, "include_deleted": True}, {three}),
        ({"deleted": True}, {three}),
        ({"until": soon}, {done, series}),
        ({"since": soon}, set()),
    ]
    for fields, expected in cases:
        by_query = {s.id for s in store.list_games(GameQuery(**fields))}
        assert by_query == {s.id for s in store.list_games(**fields)} == expected, fields
        total, page = store.page_games(0, 10, GameQuery(**fields))
        assert (total, {s.id for s in page}) == (len(expected), expected), fields


def test_a_query_is_a_frozen_value() -> None:
    stored_name: Any = "three-hand"  # a format by its stored name: read as the Format
    q = GameQuery(format=stored_name, deleted=True)
    assert q == GameQuery(format=Format.THREE_HAND, deleted=True, include_deleted=True)
    assert hash(q) == hash(GameQuery(format=Format.THREE_HAND, deleted=True))
    with pytest.raises(AttributeError):
        q.finished = True  # type: ignore[misc]
    with pytest.raises(RuleError, match="unknown format"):
        not_ours: Any = "rummy"
        GameQuery(format=not_ours)


def test_a_query_or_its_fields_not_both(store: Store) -> None:
    with pytest.raises(TypeError, match="not both"):
        store.list_games(GameQuery(), finished=True)
