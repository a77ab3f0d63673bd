"""Reviewing the past: statistics and chart series, replayed from the ledgers.

Pure: no UI, no storage, no I/O.  Give it :class:`GameRecord` values (the
store builds them, each with the game's :class:`GameDigest`: the facts of
its replay the statistics read) and an optional :class:`Filter`:

>>> from datetime import datetime
>>> from scorekeeper.engine import Game, Hand
>>> from scorekeeper.statistics import Filter, GameRecord, score_race, statistics, wins_bars
>>> names = {"ann": "Ann", "bob": "Bob"}
>>> g1 = Game("standard", ["ann", "bob"], names=names,
...           hands=[Hand.gin("ann", 40), Hand.knock("ann", 2, 40)])  # 65 + 38
>>> g2 = Game("hollywood", ["ann", "bob"], names=names, hands=[Hand.knock("bob", 1, 9)])
>>> records = [GameRecord("g1", g1, datetime(2024, 3, 1)),
...            GameRecord("g2", g2, datetime(2024, 4, 1))]
>>> s = statistics(records)
>>> s.player("ann").games_won, s.player("ann").hands_won, s.player("bob").hands_won
(1, 2, 1)
>>> statistics(records, Filter(format="hollywood")).player("ann").hands_played
1
>>> wins_bars(s)
[Bar(name='Ann', wins=1), Bar(name='Bob', wins=0)]
>>> [line.points[-1] for line in score_race(g2).columns[1].lines]
[(1, 0), (1, 0)]
"""

import importlib
from typing import TYPE_CHECKING, Any

from .digest import DIGEST_VERSION, GameDigest, digest
from .records import Filter, GameRecord, RecordLike, as_record, select

if TYPE_CHECKING:
    from .charts import Bar, Point, RaceColumn, RaceLine, ScoreRace, score_race, wins_bars
    from .stats import BiggestHand, HeadToHead, PlayerStats, SideStats, Statistics, statistics

#: Imported when first named: the store needs only the digests and records
#: (every write makes one), and the phone's start should not pay for the
#: statistics and charts before anybody opens them.
_LAZY = {
    **dict.fromkeys(
        ("Bar", "Point", "RaceColumn", "RaceLine", "ScoreRace", "score_race", "wins_bars"),
        "charts",
    ),
    **dict.fromkeys(
        ("BiggestHand", "HeadToHead", "PlayerStats", "SideStats", "Statistics", "statistics"),
        "stats",
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "DIGEST_VERSION",
    "Bar",
    "BiggestHand",
    "Filter",
    "GameDigest",
    "GameRecord",
    "HeadToHead",
    "PlayerStats",
    "Point",
    "RaceColumn",
    "RaceLine",
    "RecordLike",
    "ScoreRace",
    "SideStats",
    "Statistics",
    "as_record",
    "digest",
    "score_race",
    "select",
    "statistics",
    "wins_bars",
]
