"""The plain values the store hands out (frozen: changing one changes nothing stored)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

#: The largest whole number any stored count, total or revision may be
#: (schemas.py checks it; the import checks use it without pydantic).
MAX_NUMBER = 10**12


@dataclass(frozen=True)
class Player:
    """A player. The id never changes (renaming keeps it); ``hidden`` players
    are left out of pickers but keep their history."""

    id: str
    name: str
    hidden: bool = False


@dataclass(frozen=True)
class GameSummary:
    """One game as listed, from the index (no replay needed).

    ``totals`` are hand points per player (all columns added up);
    ``column_totals`` the per-column points (one column outside Hollywood);
    ``final_totals`` the points plus classic end-of-game bonuses;
    ``games_won`` (Hollywood: games each player won) and ``column_final`` (each
    column's points plus its bonuses) are empty for games indexed before them.
    ``finished`` is False for a rolling Hollywood sheet, which never ends.
    """

    id: str
    format: str
    player_ids: tuple[str, ...]  # seat order
    player_names: tuple[str, ...]  # current names, same order
    rules_name: str | None  # the preset the rules equal, if any
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    hand_count: int
    totals: Mapping[str, int]
    column_totals: Mapping[str, tuple[int, ...]]
    winner_id: str | None
    deleted: bool = False
    finished: bool = False
    final_totals: Mapping[str, int] = field(default_factory=dict)
    next_dealer_id: str | None = None
    games_won: Mapping[str, int] = field(default_factory=dict)
    column_final: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class ImportReport:
    """What an import did (or, for a dry run, would do)."""

    players_added: int = 0
    games_added: int = 0
    games_updated: int = 0  # present here, with fewer hands than the import had
    games_skipped: int = 0  # already present (or kept as they are here: see messages)
    hands_added: int = 0
    messages: list[str] = field(default_factory=list)
    #: Games here whose import differs (other hands, another setup): kept as
    #: they are here, each with a message saying why.
    games_differ: int = 0
    #: Settle-ups between players (RULES §10) the file had and this folder not.
    settle_ups_added: int = 0

    def __str__(self) -> str:
        """
        >>> print(ImportReport(1, 2, 0, 3, 17))
        1 player added, 2 games added, 0 games updated, 3 games already here, 17 hands added
        """
        parts = [
            _count(self.players_added, "player") + " added",
            _count(self.games_added, "game") + " added",
            _count(self.games_updated, "game") + " updated",
            _count(self.games_skipped, "game") + " already here",
            _count(self.hands_added, "hand") + " added",
        ]
        return ", ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
