"""Data series for the review's charts (the widgets draw them; nothing here draws).

The score race of one game: each column's totals after every hand, one line
per player, starting at ``(0, 0)``.  Hollywood has three columns (three small
panels); a column's lines stop at the hand that ended it.

>>> from scorekeeper.engine import Game, Hand
>>> g = Game("standard", ["ann", "bob"], names={"ann": "Ann", "bob": "Bob"})
>>> for h in [Hand.knock("ann", 3, 10), Hand.draw(), Hand.gin("bob", 20)]:
...     _ = g.record(h)
>>> race = score_race(g)
>>> [(line.name, line.points) for line in race.columns[0].lines]
[('Ann', ((0, 0), (1, 7), (2, 7), (3, 7))), ('Bob', ((0, 0), (1, 0), (2, 0), (3, 45)))]
>>> race.target, race.columns[0].winner
(100, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, NamedTuple

from scorekeeper.engine import Format, Game, Standings

from .stats import Statistics

__all__ = ["Bar", "RaceColumn", "RaceLine", "ScoreRace", "score_race", "wins_bars"]

#: ``(hand number, total after that hand)``; hand 0 is the start.
Point = tuple[int, int]


@dataclass(frozen=True)
class RaceLine:
    """One player's totals in one column, hand by hand."""

    player: str
    name: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class RaceColumn:
    """One panel of the race: a game (a Hollywood column).

    ``start`` is the hand number of its first point (0, or for a rolling
    Hollywood column the hand that opened it); ``end`` the hand that ended
    it, or the last hand played if it is still open.
    """

    index: int
    start: int
    end: int
    finished: bool
    winner: str | None
    lines: tuple[RaceLine, ...]


@dataclass(frozen=True)
class ScoreRace:
    """A game's score race: one :class:`RaceColumn` per column."""

    format: Format
    target: int
    columns: tuple[RaceColumn, ...]


def score_race(game: Game) -> ScoreRace:
    """The totals after each hand, per column and player, from the replayed ledger.

    Every hand is a point, a draw too (the totals stay level); a Hollywood
    hand that went into several columns moves each of them.
    """
    st = game.standings
    lines = st.lines
    target = st.rules.target
    columns: list[RaceColumn] = []
    for col in st.columns:
        i = col.index
        start = 0
        if i >= 3:  # a rolling column opens at the hand that closed an earlier one
            start = next(ln.number for ln in lines if len(ln.totals_after) > i)
        series: dict[str, list[Point]] = {p: [(start, 0)] for p in st.scorers}
        end = start
        for ln in lines:
            if ln.number <= start:
                continue
            totals = ln.totals_after[i]
            for p in st.scorers:
                series[p].append((ln.number, totals[p]))
            end = ln.number
            if col.winner is not None and totals[col.winner] >= target:
                break
        race_lines = tuple(
            RaceLine(p, _scorer_name(st, game.names, p), tuple(series[p])) for p in st.scorers
        )
        columns.append(RaceColumn(i, start, end, col.finished, col.winner, race_lines))
    return ScoreRace(st.format, target, tuple(columns))


class Bar(NamedTuple):
    """One bar: a player's display name and a count."""

    name: str
    wins: int


def wins_bars(stats: Statistics, what: Literal["games", "series", "hands"] = "games") -> list[Bar]:
    """Wins per player, most first (ties by name): games (default), series or hands.

    >>> from datetime import datetime
    >>> from scorekeeper.engine import Game, Hand
    >>> from scorekeeper.statistics import GameRecord, statistics
    >>> g = Game("standard", ["ann", "bob"], names={"ann": "Ann", "bob": "Bob"},
    ...          hands=[Hand.gin("bob", 90)])
    >>> wins_bars(statistics([GameRecord("g", g, datetime(2024, 1, 1))]))
    [Bar(name='Bob', wins=1), Bar(name='Ann', wins=0)]
    """
    attr = {"games": "games_won", "series": "series_won", "hands": "hands_won"}[what]
    bars = [Bar(s.name, getattr(s, attr)) for s in stats.players.values()]
    bars.sort(key=lambda b: (-b.wins, b.name.casefold()))
    return bars


def _scorer_name(st: Standings, names: Mapping[str, str], p: str) -> str:
    """A line's name: the player's, or a partnership side's ("Ann & Cy")."""
    side = st.side_of(p)
    return names.get(p, p) if side is None else " & ".join(names.get(q, q) for q in side)
