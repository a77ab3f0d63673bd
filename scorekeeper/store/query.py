"""Which games a list shows: one frozen value for the game list's filters.

The history's filters (who played, the format, finished or not, a period,
the deleted games) travel together from the screen to the store's index, so
they are one value, as the statistics' ``Filter`` is: a :class:`GameQuery`
says which index entries it admits and, where a block's counts can tell,
how many of a block's games it admits without reading them.

>>> from datetime import datetime, timezone
>>> q = GameQuery(finished=False, format=Format.HOLLYWOOD.value)  # or the enum
>>> q.format
<Format.HOLLYWOOD: 'hollywood'>
>>> entry = {"deleted": False, "finished": False, "players": ["a", "b"],
...          "format": q.format.value, "created_at": "2026-01-02T10:00:00.000000+00:00"}
>>> q.admits(entry), GameQuery(finished=True).admits(entry)
(True, False)
>>> jan = GameQuery(since=datetime(2026, 1, 1, tzinfo=timezone.utc),
...                 until=datetime(2026, 2, 1, tzinfo=timezone.utc))
>>> jan.admits(entry), GameQuery(player_id="c").admits(entry)
(True, False)
>>> GameQuery(deleted=True).admits(entry), GameQuery(deleted=True).include_deleted
(False, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from scorekeeper.engine import Format, format_spec

from .docs import time_to_doc
from .documents import IndexEntry, Span

__all__ = ["GameQuery"]


@dataclass(frozen=True)
class GameQuery:
    """The game list's filters; the default admits every game not deleted.

    ``since`` (inclusive) and ``until`` (exclusive) filter on the creation
    time.  ``deleted``: True, only the deleted games (``include_deleted`` is
    then implied); False, only those not deleted; None, as
    ``include_deleted`` says.  ``format`` may be given by its stored name.
    """

    finished: bool | None = None
    player_id: str | None = None
    format: Format | None = None
    since: datetime | None = None
    until: datetime | None = None
    include_deleted: bool = False
    deleted: bool | None = None

    def __post_init__(self) -> None:
        if self.format is not None and not isinstance(self.format, Format):
            object.__setattr__(self, "format", format_spec(self.format).format)
        if self.deleted:
            object.__setattr__(self, "include_deleted", True)

    def with_player(self, player_id: str | None) -> GameQuery:
        """The same query for another player id (the store passes the one a
        merged player's old id now stands for)."""
        return dataclasses.replace(self, player_id=player_id)

    @property
    def counts_tell(self) -> bool:
        """Whether a block's per-block counts can answer (no player, no format)."""
        return self.player_id is None and self.format is None

    @cached_property
    def _lo(self) -> str | None:
        return None if self.since is None else time_to_doc(self.since)

    @cached_property
    def _hi(self) -> str | None:
        return None if self.until is None else time_to_doc(self.until)

    def admits(self, entry: IndexEntry) -> bool:
        """Whether a game's index entry passes the filters."""
        lo, hi, fmt = self._lo, self._hi, self.format
        return not (
            (entry["deleted"] and not self.include_deleted)
            or (self.deleted is not None and bool(entry["deleted"]) != self.deleted)
            or (self.finished is not None and bool(entry.get("finished")) != self.finished)
            or (self.player_id is not None and self.player_id not in entry["players"])
            or (fmt is not None and entry["format"] != fmt.value)
            or (lo is not None and entry["created_at"] < lo)
            or (hi is not None and entry["created_at"] >= hi)
        )

    def span_count(self, span: Span) -> int | None:
        """How many games of one block of the index (see ``GameIndex.spans``)
        the query admits, when the block's counts tell (None: its games must
        be read to count them).  The counts tell how many games are deleted
        but not how many of those are finished: ``deleted=True`` with
        ``finished`` must read."""
        lo, hi = self._lo, self._hi
        if (lo is not None and span["end"] is not None and span["end"] <= lo) or (
            hi is not None and span["start"] >= hi
        ):
            return 0  # wholly outside the period
        if self.player_id is not None and self.player_id not in span["players"]:
            return 0
        if not self.counts_tell:
            return None
        if (lo is not None and span["start"] < lo) or (
            hi is not None and (span["end"] is None or span["end"] > hi)
        ):
            return None  # the period cuts it
        games, unfinished, gone = span["games"], span["unfinished"], span["deleted"]
        finished = self.finished
        if self.deleted:
            return int(gone) if finished is None else None
        if self.include_deleted and self.deleted is None:
            return int(games) if finished is None else None
        if finished is None:
            return int(games - gone)
        return int(unfinished if not finished else games - gone - unfinished)
