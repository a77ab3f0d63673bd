"""Score-race series from replayed games, exact values worked out by hand."""

from __future__ import annotations

from scorekeeper.engine import Format, Game, Hand, Rules
from scorekeeper.statistics import RaceColumn, RaceLine, ScoreRace, score_race

from .history import game_a, game_c, game_d, game_e


def _series(column: RaceColumn) -> dict[str, list[tuple[int, int]]]:
    return {line.player: list(line.points) for line in column.lines}


def test_standard_race() -> None:
    # A: ann 15, 27 (undercut), draw, bob gin 55, ann gin 102
    assert score_race(game_a()) == ScoreRace(
        Format.STANDARD,
        100,
        (
            RaceColumn(
                0,
                0,
                5,
                True,
                "ann",
                (
                    RaceLine("ann", "Ann", ((0, 0), (1, 15), (2, 27), (3, 27), (4, 27), (5, 102))),
                    RaceLine("bob", "Bob", ((0, 0), (1, 0), (2, 0), (3, 0), (4, 55), (5, 55))),
                ),
            ),
        ),
    )


def test_hollywood_race_has_three_panels_each_ending_with_its_game() -> None:
    race = score_race(game_c())
    assert race.format is Format.HOLLYWOOD
    assert [(c.index, c.start, c.end, c.finished, c.winner) for c in race.columns] == [
        (0, 0, 3, True, "ann"),  # ann reaches 120 at hand 3
        (1, 0, 5, True, "bob"),  # bob reaches 120 at hand 5
        (2, 0, 8, True, "ann"),  # ann reaches 100 at hand 8
    ]
    one, two, three = (_series(c) for c in race.columns)
    # column 1: bob 40 (C1), ann 60 (C2), ann 120 (C3)
    assert one == {
        "ann": [(0, 0), (1, 0), (2, 60), (3, 120)],
        "bob": [(0, 0), (1, 40), (2, 40), (3, 40)],
    }
    # column 2: ann's second win (C3) 60; bob's second (C4) 60 and third (C5) 120
    assert two == {
        "ann": [(0, 0), (1, 0), (2, 0), (3, 60), (4, 60), (5, 60)],
        "bob": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 60), (5, 120)],
    }
    # column 3: bob's third win (C5) 60; ann C6 30, C7 draw, C8 100
    assert three == {
        "ann": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 30), (7, 30), (8, 100)],
        "bob": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 60), (6, 60), (7, 60), (8, 60)],
    }


def test_three_hand_race_has_a_line_per_player() -> None:
    race = score_race(game_d())
    (col,) = race.columns
    assert (col.end, col.winner) == (5, "ann")
    assert _series(col) == {
        "ann": [(0, 0), (1, 10), (2, 10), (3, 10), (4, 10), (5, 110)],
        "bob": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],  # never scores
        "cy": [(0, 0), (1, 0), (2, 20), (3, 20), (4, 30), (5, 30)],
    }


def test_unfinished_game_runs_to_its_last_hand() -> None:
    (col,) = score_race(game_e()).columns
    assert (col.start, col.end, col.finished, col.winner) == (0, 3, False, None)
    assert _series(col) == {
        "bob": [(0, 0), (1, 7), (2, 7), (3, 7)],
        "cy": [(0, 0), (1, 0), (2, 51), (3, 51)],
    }


def test_game_without_hands_is_a_single_point() -> None:
    race = score_race(Game("hollywood", ["ann", "bob"]))
    assert [(c.start, c.end) for c in race.columns] == [(0, 0)] * 3
    assert all(line.points == ((0, 0),) for c in race.columns for line in c.lines)


def test_rolling_hollywood_column_starts_where_it_opened() -> None:
    g = Game(
        "hollywood",
        ["ann", "bob"],
        Rules(hollywood_rolling=True),
        hands=[Hand.gin("bob", 75), Hand.knock("ann", 1, 11)],
    )
    # hand 1: bob 100 closes column 1 and opens column 4; hand 2: ann's first
    # win goes to the first open column (2): ann 10 there
    race = score_race(g)
    assert [(c.index, c.start, c.end, c.winner) for c in race.columns] == [
        (0, 0, 1, "bob"),
        (1, 0, 2, None),
        (2, 0, 2, None),
        (3, 1, 2, None),
    ]
    assert _series(race.columns[1])["ann"] == [(0, 0), (1, 0), (2, 10)]
    assert _series(race.columns[3]) == {"ann": [(1, 0), (2, 0)], "bob": [(1, 0), (2, 0)]}
