"""What the review reads: finished and unfinished games with their dates.

The review never touches the store.  It takes :class:`GameRecord` values
(an id, the engine :class:`~scorekeeper.engine.Game` or its
:class:`~scorekeeper.statistics.digest.GameDigest`, when it was created and
when it finished) and a :class:`Filter`, and works everything out from the
engine's replay of the ledgers (a digest is made from one, and the store
makes it again whenever the hands change), so no stored total can drift
from the hands.

>>> from datetime import datetime
>>> from scorekeeper.engine import Game, Hand
>>> g = Game("standard", ["ann", "bob"], hands=[Hand.gin("ann", 12)])
>>> rec = GameRecord("g1", g, datetime(2024, 5, 1, 20, 0), None)
>>> Filter(format="standard").admits(rec), Filter(format="hollywood").admits(rec)
(True, False)
>>> Filter(since=datetime(2024, 5, 1), until=datetime(2024, 6, 1)).admits(rec)
True
>>> Filter(until=datetime(2024, 5, 1, 20, 0)).admits(rec)  # ``until`` is exclusive
False
>>> [r.id for r in select([("g1", g, datetime(2024, 5, 2), None), rec])]
['g1', 'g1']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from scorekeeper.engine import Format, Game

from .digest import GameDigest

__all__ = ["Filter", "GameRecord", "RecordLike", "as_record", "select"]


@dataclass(frozen=True)
class GameRecord:
    """One game as the review sees it.

    ``created_at`` orders games in time (ties: by ``id``) and is what the
    period filter looks at; ``finished_at`` is informational (``None`` for
    a game still being played).  A game need not be finished: its hands
    count, but only finished games (Hollywood: finished columns) count as
    games played.  ``game`` is the replayed game, or just its digest (what
    the statistics read; the store keeps one per game).
    """

    id: str
    game: Game | GameDigest
    created_at: datetime
    finished_at: datetime | None = None


#: A record, or the same four values as a plain tuple.
RecordLike = GameRecord | tuple[str, Game | GameDigest, datetime, datetime | None]


def as_record(item: RecordLike) -> GameRecord:
    """Accept a :class:`GameRecord` or an ``(id, game, created_at, finished_at)`` tuple."""
    if isinstance(item, GameRecord):
        return item
    return GameRecord(*item)


@dataclass(frozen=True)
class Filter:
    """Which games a review looks at.

    ``format``: a :class:`~scorekeeper.engine.Format` or its value
    (``"standard"``, ``"hollywood"``, ``"three-hand"``); ``None`` means any.
    ``since`` / ``until``: the period, on ``created_at``, half-open
    (``since <= created_at < until``) so that consecutive periods (months,
    years) never share a game; ``None`` leaves that end open.  A naive
    datetime is taken as UTC (as the store does), so naive and aware times
    can be mixed.
    ``oklahoma``: ``True`` only games played with the Oklahoma knock rule,
    ``False`` only games without it, ``None`` both.
    """

    format: Format | str | None = None
    since: datetime | None = None
    until: datetime | None = None
    oklahoma: bool | None = None

    def __post_init__(self) -> None:
        if self.format is not None and not isinstance(self.format, Format):
            object.__setattr__(self, "format", Format(self.format))

    def admits(self, record: GameRecord) -> bool:
        """Whether ``record`` is one of the games this filter selects."""
        game = record.game
        if self.format is not None and game.format is not self.format:
            return False
        if self.since is not None and _utc(record.created_at) < _utc(self.since):
            return False
        if self.until is not None and _utc(record.created_at) >= _utc(self.until):
            return False
        if self.oklahoma is None:
            return True
        oklahoma = game.oklahoma if isinstance(game, GameDigest) else game.rules.oklahoma
        return oklahoma is self.oklahoma


def select(records: Iterable[RecordLike], filter: Filter | None = None) -> list[GameRecord]:
    """The records ``filter`` admits, oldest first (by ``created_at``, then ``id``).

    >>> from datetime import timezone
    >>> from scorekeeper.engine import Game
    >>> g = Game("standard", ["ann", "bob"])
    >>> aware = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
    >>> [r.id for r in select([("b", g, aware, None), ("a", g, datetime(2024, 5, 1, 13), None)])]
    ['b', 'a']
    """
    chosen = [r for r in map(as_record, records) if filter is None or filter.admits(r)]
    chosen.sort(key=lambda r: (_utc(r.created_at), r.id))
    return chosen


def _utc(moment: datetime) -> datetime:
    """Aware datetimes as they are; a naive one is taken as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
