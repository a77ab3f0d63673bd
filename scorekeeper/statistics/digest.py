"""A game's statistics digest: the few facts per hand the statistics read.

:func:`~scorekeeper.statistics.statistics` needs, of each game, only who won
each hand, how, for how many points and (three-hand) between whom, and
which columns ended with which winner.  A :class:`GameDigest` holds exactly
that, made by :func:`digest` from the engine's replay of the ledger, so the
store can keep one per game (in its index, rewritten whenever the game's
hands change) and the statistics need not replay every game again.

Players appear by *seat* (their position in the game's setup), never by id
or name: renaming a player changes no digest, and the ids and current names
are attached when a digest is read (:meth:`GameDigest.from_doc`).

The stored form (:meth:`GameDigest.to_doc`) is versioned by
:data:`DIGEST_VERSION`; a digest of another version is not read (the store
makes it again by replaying the game)::

    {"v": 1, "hands": <n>, "oklahoma": bool,
     "lines": [winner seat, outcome, points, (box seat, captain seat), ...],
     "columns": [finished 0/1, winner seat, ...], "series": <seat>}

``lines`` is flat, three numbers per hand (five in three-hand); a draw has
winner seat -1; ``outcome`` indexes :data:`OUTCOMES`.  ``series`` is the
seat of the player who won a (not rolling) Hollywood series, or -1.

>>> from scorekeeper.engine import Game, Hand
>>> g = Game("standard", ["ann", "bob"], names={"ann": "Ann", "bob": "Bob"},
...          hands=[Hand.gin("ann", 30), Hand.draw(), Hand.knock("bob", 9, 5)])
>>> d = digest(g)
>>> d.to_doc()["lines"]
[0, 1, 55, -1, 4, 0, 0, 3, 14]
>>> GameDigest.from_doc(d.to_doc(), ("ann", "bob"), {"ann": "Ann", "bob": "Bob"}) == d
True
>>> GameDigest.from_doc(dict(d.to_doc(), v=0), ("ann", "bob"), {}) is None  # another version
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scorekeeper.engine import Format, Game, Outcome

__all__ = ["DIGEST_VERSION", "OUTCOMES", "GameDigest", "digest"]

#: Bump whenever what a digest holds, or how it is made, changes: every
#: stored digest of another version is then made again from the ledger.
DIGEST_VERSION = 1
#: Outcome codes in ``lines``.
OUTCOMES: tuple[Outcome, ...] = (
    Outcome.KNOCK,
    Outcome.GIN,
    Outcome.BIG_GIN,
    Outcome.UNDERCUT,
    Outcome.DRAW,
)
_CODE = {o: i for i, o in enumerate(OUTCOMES)}
_FORMATS = {f.value: f for f in Format}


@dataclass(frozen=True)
class GameDigest:
    """What the statistics read of one game (see the module docstring).

    ``players`` are the ids in seat order and ``names`` their display
    names; ``lines`` and ``columns`` are the flat lists of the stored form.
    """

    format: Format
    oklahoma: bool
    players: tuple[str, ...]
    names: Mapping[str, str]
    lines: Sequence[int]
    columns: Sequence[int]
    series: int = -1

    @property
    def stride(self) -> int:
        """Numbers per hand in :attr:`lines`."""
        return 5 if self.format is Format.THREE_HAND else 3

    @property
    def hand_count(self) -> int:
        return len(self.lines) // self.stride

    def to_doc(self) -> dict[str, Any]:
        """The stored form: plain JSON, no ids, no names."""
        return {
            "v": DIGEST_VERSION,
            "format": self.format.value,
            "hands": self.hand_count,
            "oklahoma": self.oklahoma,
            "lines": list(self.lines),
            "columns": list(self.columns),
            "series": self.series,
        }

    @classmethod
    def from_doc(
        cls, doc: object, players: Sequence[str], names: Mapping[str, str]
    ) -> GameDigest | None:
        """The digest stored as ``doc`` for a game whose seats hold ``players``
        (ids) with these current ``names``; ``None`` if ``doc`` is not a
        well-formed digest of this version for that many players."""
        if not valid_doc(doc, len(players)):
            return None
        assert isinstance(doc, dict)
        seats = tuple(players)
        return cls(
            _FORMATS[doc["format"]],
            doc["oklahoma"],
            seats,
            MappingProxyType({p: names.get(p, p) for p in seats}),
            doc["lines"],
            doc["columns"],
            doc["series"],
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameDigest):
            return NotImplemented
        return (
            self.format is other.format
            and self.oklahoma == other.oklahoma
            and self.players == other.players
            and dict(self.names) == dict(other.names)
            and list(self.lines) == list(other.lines)
            and list(self.columns) == list(other.columns)
            and self.series == other.series
        )

    __hash__ = None  # type: ignore[assignment]


def valid_doc(doc: object, seats: int) -> bool:
    """Whether ``doc`` is a stored digest of this version, for ``seats`` players,
    whose numbers all make sense (cheap enough to run on every digest at open)."""
    if not isinstance(doc, dict) or doc.get("v") != DIGEST_VERSION:
        return False
    fmt = _FORMATS.get(doc.get("format"))  # type: ignore[arg-type]
    lines, columns, n = doc.get("lines"), doc.get("columns"), doc.get("hands")
    if fmt is None or fmt.player_count != seats or not isinstance(doc.get("oklahoma"), bool):
        return False
    if not isinstance(lines, list) or not isinstance(columns, list) or type(n) is not int:
        return False
    stride = 5 if fmt is Format.THREE_HAND else 3
    if len(lines) != n * stride or len(columns) % 2 or not columns:
        return False
    series = doc.get("series")
    if type(series) is not int or not -1 <= series < seats:
        return False
    try:  # whole numbers only (quick: the sum of ints is an int, a float or text is not)
        if type(sum(lines)) is not int or type(sum(columns)) is not int:
            return False
    except TypeError:
        return False
    if lines and not (
        _within(lines[0::stride], -1, seats)
        and _within(lines[1::stride], 0, len(OUTCOMES))
        and (stride == 3 or (_within(lines[3::5], 0, seats) and _within(lines[4::5], 0, seats)))
    ):
        return False
    return _within(columns[0::2], 0, 2) and _within(columns[1::2], -1, seats)


def _within(values: list[int], lo: int, hi: int) -> bool:
    """``lo <= v < hi`` for every one of ``values`` (not empty)."""
    return lo <= min(values) and max(values) < hi


def digest(game: Game) -> GameDigest:
    """The digest of a replayed game (its current names included)."""
    st = game.standings
    players = st.players
    seat = {p: i for i, p in enumerate(players)}
    three = st.format is Format.THREE_HAND
    lines: list[int] = []
    for line in st.lines:
        winner = -1 if line.winner is None else seat[line.winner]
        lines += (winner, _CODE[line.result.outcome], line.points)
        if three:
            roles = line.roles
            assert roles is not None
            lines += (seat[roles.box], seat[roles.captain])
    columns: list[int] = []
    for c in st.columns:
        columns += (int(c.finished), -1 if c.winner is None else seat[c.winner])
    series = -1
    if st.format is Format.HOLLYWOOD and not st.rules.hollywood_rolling and st.winner is not None:
        series = seat[st.winner]
    return GameDigest(
        st.format,
        st.rules.oklahoma,
        players,
        MappingProxyType({p: game.names.get(p, p) for p in players}),
        lines,
        columns,
        series,
    )
