"""Statistics per player and head to head, replayed from the games' ledgers.

Nothing here is stored: every figure is counted from the standings the
engine replays from each game's hands (read through each game's
:class:`~scorekeeper.statistics.digest.GameDigest`, which the store keeps made
from the replay), in one pass over each game's hands.

Definitions (what a gin player expects them to mean):

* **games played / won** — a standard or three-hand game counts once it is
  finished; its winner won it.  In Hollywood each of the three columns is a
  game of its own (a rolling sheet: every column), counted once it has
  ended.  Unfinished games count no game, but their hands count.
* **series played / won** — Hollywood only: the whole sheet is a series,
  won by the player who wins two of its three columns.  It counts as soon as
  it is decided, even if the third column is still being played.  A
  standard game is not a series; rolling sheets have no series.
* **Hollywood sweeps** — series in which one player won all three columns.
* **hands played** — hands the player took part in, draws included; in
  three-hand only the hands they played as box or captain (the sitter does
  not play).  **Hands won**: hands whose points went to them (a draw counts
  for nobody), so ``played == won + lost + draws``.
* **points won** — hand points as scored (bonuses for gin, undercut, big
  gin and spade doubling included; end-of-game classic bonuses not).  A
  Hollywood hand counts its points once, however many columns it entered.
  **Average points** = points won / hands won.
* **gins / big gins** — hands the player won by gin / big gin (as knocker);
  ``gins`` does not include big gins.
* **undercuts given** — hands won as defender by undercutting the knocker;
  **undercuts suffered** — hands the player knocked and was undercut.
* **knocks** — every hand the player ended by knocking, gins and undercut
  knocks included; **knock vs. gin rate** splits them into gins (big gins
  included) and plain knocks (those that were undercut included).
* **biggest hand** — the most points from one hand won, with the game id and
  hand number; on a tie, the earliest such hand.
* **longest winning streak** — most hands won in a row, in time order
  across all the player's games (games by ``created_at``, hands as played).
  A hand won by the opponent breaks it; a draw neither extends nor breaks
  it; a hand the player sat out (three-hand) does not count.
* **head to head** — the same figures for two players, counted only over
  the games they both played, and in three-hand only over the hands in
  which they faced each other as box and captain (games won: games both
  played that one of them won).  Counts never exceed the players' overall
  figures; the streak is counted over their meetings alone, so it can.

>>> from datetime import datetime
>>> from scorekeeper.engine import Game, Hand
>>> g = Game("standard", ["ann", "bob"], names={"ann": "Ann", "bob": "Bob"},
...          hands=[Hand.gin("ann", 30), Hand.draw(), Hand.knock("bob", 9, 5)])
>>> s = statistics([GameRecord("g1", g, datetime(2024, 1, 1))])
>>> ann = s.player("ann")
>>> ann.hands_played, ann.hands_won, ann.draws, ann.gins, ann.undercuts_given
(3, 2, 1, 1, 1)
>>> ann.points_won, ann.average_points, ann.biggest_hand.points, ann.longest_streak
(69, 34.5, 55, 2)
>>> s.player("bob").undercuts_suffered, s.player("bob").games_played  # game unfinished
(1, 0)
>>> h = s.head_to_head("bob", "ann")
>>> h.hands, h.draws, h.hands_won
(3, 1, (0, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from types import MappingProxyType

from scorekeeper.engine import Format, Outcome

from .digest import OUTCOMES, GameDigest, digest
from .records import Filter, GameRecord, RecordLike, select

__all__ = ["BiggestHand", "HeadToHead", "PlayerStats", "SideStats", "Statistics", "statistics"]

_KNOCK, _GIN, _UNDERCUT = (
    OUTCOMES.index(o) for o in (Outcome.KNOCK, Outcome.GIN, Outcome.UNDERCUT)
)


@dataclass(frozen=True)
class BiggestHand:
    """The largest single hand a player won, and where to find it."""

    points: int
    game_id: str
    hand_number: int  # 1-based, as on the sheet
    outcome: Outcome


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures (see the module docstring for each definition)."""

    player: str  # the id
    name: str  # display name, from the most recent game
    games_played: int = 0
    games_won: int = 0
    series_played: int = 0
    series_won: int = 0
    sweeps: int = 0
    hands_played: int = 0
    hands_won: int = 0
    draws: int = 0
    points_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    undercuts_suffered: int = 0
    knocks: int = 0
    biggest_hand: BiggestHand | None = None
    longest_streak: int = 0

    @property
    def hands_lost(self) -> int:
        return self.hands_played - self.hands_won - self.draws

    @property
    def average_points(self) -> float | None:
        """Points per hand won (``None`` before the first win)."""
        return self.points_won / self.hands_won if self.hands_won else None

    @property
    def plain_knocks(self) -> int:
        """Knocks that were not gin (won by the difference, or undercut)."""
        return self.knocks - self.gins - self.big_gins

    @property
    def knocks_won(self) -> int:
        """Hands won by a plain knock (neither gin nor undercut)."""
        return self.plain_knocks - self.undercuts_suffered

    @property
    def gin_rate(self) -> float | None:
        """Share of the player's knocks that were gin or big gin."""
        return (self.gins + self.big_gins) / self.knocks if self.knocks else None

    @property
    def knock_rate(self) -> float | None:
        """Share of the player's knocks that were plain knocks (1 - gin rate)."""
        return self.plain_knocks / self.knocks if self.knocks else None


@dataclass(frozen=True)
class HeadToHead:
    """Two players' figures over their meetings only.

    ``first`` and ``second`` are in the order asked for; each is a
    :class:`PlayerStats` restricted to the games both played (three-hand:
    the hands they played against each other).
    """

    first: PlayerStats
    second: PlayerStats

    @property
    def games(self) -> int:
        """Finished games both played (Hollywood: columns)."""
        return self.first.games_played

    @property
    def series(self) -> int:
        return self.first.series_played

    @property
    def hands(self) -> int:
        """Hands they played against each other, draws included."""
        return self.first.hands_played

    @property
    def draws(self) -> int:
        return self.first.draws

    @property
    def games_won(self) -> tuple[int, int]:
        return self.first.games_won, self.second.games_won

    @property
    def series_won(self) -> tuple[int, int]:
        return self.first.series_won, self.second.series_won

    @property
    def hands_won(self) -> tuple[int, int]:
        return self.first.hands_won, self.second.hands_won


@dataclass(frozen=True)
class SideStats:
    """A partnership side's figures (RULES §11): two partners, whoever sat
    first, and the games and deals they played and won together.

    A deal is won by the side with more hand points in it (a drawn deal:
    neither); ``points_won`` adds up the nets of the deals the side won."""

    players: tuple[str, str]  # ids, in name order
    names: tuple[str, str]
    games_played: int = 0
    games_won: int = 0
    deals_played: int = 0
    deals_won: int = 0
    points_won: int = 0

    @property
    def name(self) -> str:
        """ "Ann & Cy"."""
        return " & ".join(self.names)


@dataclass(frozen=True)
class Statistics:
    """All figures over the games a :class:`Filter` selected.

    ``players`` holds every player seen, by id, ordered by display name;
    ``games`` counts the game records (a Hollywood sheet once), ``hands``
    every hand played, ``draws`` the hands that were draws.  ``finished``
    counts the finished games as the players' "games played" do (each
    ended Hollywood column a game), so a summary quoting it agrees with the
    player lines; ``hollywood`` counts the Hollywood sheets among ``games``.
    """

    filter: Filter
    games: int
    hands: int
    draws: int
    players: Mapping[str, PlayerStats]
    names: Mapping[str, str]
    _pairs: Mapping[tuple[str, str], tuple[PlayerStats, PlayerStats]] = field(repr=False)
    finished: int = 0
    hollywood: int = 0
    #: Partnership sides, by their two players' ids in name order.
    sides: Mapping[tuple[str, str], SideStats] = field(default_factory=dict)

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def player(self, player: str) -> PlayerStats:
        """A player's figures (all zero for a player who played no game here)."""
        return self.players.get(player) or PlayerStats(player, self.name(player))

    def head_to_head(self, first: str, second: str) -> HeadToHead:
        """Two players' figures over their meetings, in the order asked for."""
        if (first, second) in self._pairs:
            a, b = self._pairs[first, second]
            return HeadToHead(a, b)
        if (second, first) in self._pairs:
            b, a = self._pairs[second, first]
            return HeadToHead(a, b)
        return HeadToHead(
            PlayerStats(first, self.name(first)), PlayerStats(second, self.name(second))
        )

    def pairs(self) -> list[HeadToHead]:
        """Every pair of players who met, each once, in name order."""
        return [HeadToHead(a, b) for a, b in self._pairs.values()]


class _Tally:
    """Mutable counters for one side: a player, or a player within a pair.

    During the pass, hand counts go to the pair sides only (every hand is
    between exactly one pair); a player's own tally keeps their games,
    series and streak, and gets the hand counts added up from their pair
    sides at the end.
    """

    __slots__ = (
        "best",
        "big_gins",
        "draws",
        "games_played",
        "games_won",
        "gins",
        "knocks",
        "longest",
        "played",
        "points",
        "series_played",
        "series_won",
        "streak",
        "sweeps",
        "undercuts_given",
        "undercuts_suffered",
        "won",
    )

    def __init__(self) -> None:
        self.games_played = self.games_won = 0
        self.series_played = self.series_won = self.sweeps = 0
        self.played = self.won = self.draws = self.points = 0
        self.gins = self.big_gins = self.knocks = 0
        self.undercuts_given = self.undercuts_suffered = 0
        self.streak = self.longest = 0
        #: (points, position in time order, game id, hand number, outcome code)
        self.best: tuple[int, int, str, int, int] | None = None

    def add_hands(self, other: _Tally) -> None:
        """Add ``other``'s hand counts (not its games, series or streak)."""
        self.played += other.played
        self.won += other.won
        self.draws += other.draws
        self.points += other.points
        self.gins += other.gins
        self.big_gins += other.big_gins
        self.knocks += other.knocks
        self.undercuts_given += other.undercuts_given
        self.undercuts_suffered += other.undercuts_suffered
        b, o = self.best, other.best
        if o is not None and (b is None or o[0] > b[0] or (o[0] == b[0] and o[1] < b[1])):
            self.best = o

    def freeze(self, player: str, name: str) -> PlayerStats:
        b = self.best
        best = None if b is None else BiggestHand(b[0], b[2], b[3], OUTCOMES[b[4]])
        return PlayerStats(
            player,
            name,
            self.games_played,
            self.games_won,
            self.series_played,
            self.series_won,
            self.sweeps,
            self.played,
            self.won,
            self.draws,
            self.points,
            self.gins,
            self.big_gins,
            self.undercuts_given,
            self.undercuts_suffered,
            self.knocks,
            best,
            self.longest,
        )


def _hand(
    w: _Tally, lo: _Tally, outcome: int, points: int, seq: int, game_id: str, number: int
) -> None:
    """Count one decided hand for a pair: ``w`` won it, ``lo`` lost it
    (``outcome`` is an index into :data:`~scorekeeper.statistics.digest.OUTCOMES`)."""
    w.played += 1
    lo.played += 1
    w.won += 1
    w.points += points
    best = w.best
    if best is None or points > best[0]:  # a tie keeps the earlier hand
        w.best = (points, seq, game_id, number, outcome)
    w.streak += 1
    if w.streak > w.longest:
        w.longest = w.streak
    lo.streak = 0
    if outcome == _KNOCK:
        w.knocks += 1
    elif outcome == _GIN:
        w.knocks += 1
        w.gins += 1
    elif outcome == _UNDERCUT:
        lo.knocks += 1
        lo.undercuts_suffered += 1
        w.undercuts_given += 1
    else:  # big gin
        w.knocks += 1
        w.big_gins += 1


#: A partnership's pairings by seat: deal parity, then table (RULES §11:
#: the first of each side and the second of each, then opponents alternate).
_PAIRINGS = (((0, 1), (2, 3)), ((0, 3), (2, 1)))


def _games(
    sides: Mapping[str, _Tally], finished: int, winners: Iterable[str | None], series: str | None
) -> None:
    """Count one record's games (and series) for ``sides``: its players, or one pair."""
    for t in sides.values():
        t.games_played += finished
    for w in winners:
        if w is not None and w in sides:
            sides[w].games_won += 1
    if series is None:
        return
    for t in sides.values():
        t.series_played += 1
    if series in sides:
        sides[series].series_won += 1
        if all(w == series for w in winners):
            sides[series].sweeps += 1


def statistics(records: Iterable[RecordLike], filter: Filter | None = None) -> Statistics:
    """Every player's figures and every pair's, over the games ``filter`` selects.

    One pass over each selected game's hands, oldest game first; cost is
    linear in the number of hands.  A record may hold the replayed game or
    its digest (the same figures either way: a game is read through its
    digest).
    """
    filter = filter or Filter()
    chosen: list[GameRecord] = select(records, filter)
    tallies: dict[str, _Tally] = {}
    names: dict[str, str] = {}
    #: partnership sides: games, games won, deals, deals won, points won
    side_counts: dict[tuple[str, str], list[int]] = {}
    pairs: dict[tuple[str, str], tuple[_Tally, _Tally]] = {}
    hands = draws = seq = finished_total = hollywood = 0
    three_hand, partnership = Format.THREE_HAND, Format.PARTNERSHIP

    for rec in chosen:
        game = rec.game
        d = game if isinstance(game, GameDigest) else digest(game)
        gid = rec.id
        players = d.players
        for p in players:
            names[p] = d.names.get(p, p)
            if p not in tallies:
                tallies[p] = _Tally()
        # by seats (i, j), either order: (i's tally, j's tally, i's side of
        # their pair, j's side)
        sides: dict[tuple[int, int], tuple[_Tally, _Tally, _Tally, _Tally]] = {}
        for i, j in combinations(range(len(players)), 2):
            x, y = players[i], players[j]
            if (y, x) in pairs:
                py, px = pairs[y, x]
            else:
                if (x, y) not in pairs:
                    pairs[x, y] = (_Tally(), _Tally())
                px, py = pairs[x, y]
            tx, ty = tallies[x], tallies[y]
            sides[i, j] = (tx, ty, px, py)
            sides[j, i] = (ty, tx, py, px)
        three = d.format is three_hand
        partners = d.format is partnership
        stride = 5 if three else 3
        lines = d.lines
        a, b = 0, 1  # the two seats playing the hand
        number = 0
        for k in range(0, len(lines), stride):
            seq += 1
            number += 1
            if three:
                a, b = lines[k + 3], lines[k + 4]  # box, captain
            elif partners:  # the hand's table (RULES §11; seats 0 & 2 v 1 & 3)
                a, b = _PAIRINGS[(number - 1) // 2 % 2][(number - 1) % 2]
            w = lines[k]
            if w < 0:  # a draw: played by both, neither extends nor breaks a streak
                draws += 1
                _, _, pa, pb = sides[a, b]
                pa.played += 1
                pb.played += 1
                pa.draws += 1
                pb.draws += 1
                continue
            ta, tb, pa, pb = sides[w, b if w == a else a]
            # the player's own streak runs across all their opponents
            ta.streak += 1
            if ta.streak > ta.longest:
                ta.longest = ta.streak
            tb.streak = 0
            _hand(pa, pb, lines[k + 1], lines[k + 2], seq, gid, number)
        hands += number

        columns = d.columns
        finished = sum(columns[0::2])
        finished_total += finished
        hollywood += d.format is Format.HOLLYWOOD
        winners = [None if s < 0 else players[s] for s in columns[1::2]]
        if partners:  # a side's game is won by both partners (seat s and s + 2)
            winners += [None if s < 0 else players[(s + 2) % 4] for s in columns[1::2]]
        series = None if d.series < 0 else players[d.series]
        _games({p: tallies[p] for p in players}, finished, winners, series)
        if partners:
            _count_sides(side_counts, players, lines, columns)
        for i, j in combinations(range(len(players)), 2):
            _, _, px, py = sides[i, j]
            _games({players[i]: px, players[j]: py}, finished, winners, series)

    for (x, y), (px, py) in pairs.items():
        tallies[x].add_hands(px)
        tallies[y].add_hands(py)
    order = sorted(tallies, key=lambda p: (names[p].casefold(), p))
    players_out = {p: tallies[p].freeze(p, names[p]) for p in order}
    rank = {p: i for i, p in enumerate(order)}
    pairs_out: dict[tuple[str, str], tuple[PlayerStats, PlayerStats]] = {}
    for x, y in sorted(pairs, key=lambda k: sorted((rank[k[0]], rank[k[1]]))):
        px, py = pairs[x, y]
        if rank[y] < rank[x]:
            x, y, px, py = y, x, py, px
        pairs_out[x, y] = (px.freeze(x, names[x]), py.freeze(y, names[y]))
    by_name = [  # each side's partners in name order
        (tuple(sorted(key, key=rank.__getitem__)), counts) for key, counts in side_counts.items()
    ]
    sides_out = {
        (a, b): SideStats((a, b), (names[a], names[b]), *counts)
        for (a, b), counts in sorted(by_name, key=lambda kc: (rank[kc[0][0]], rank[kc[0][1]]))
    }
    return Statistics(
        filter,
        len(chosen),
        hands,
        draws,
        MappingProxyType(players_out),
        MappingProxyType(names),
        MappingProxyType(pairs_out),
        finished_total,
        hollywood,
        MappingProxyType(sides_out),
    )


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _count_sides(
    sides: dict[tuple[str, str], list[int]],
    players: Sequence[str],
    lines: Sequence[int],
    columns: Sequence[int],
) -> None:
    """Add one partnership game's figures to its two sides (seats 0 and 2
    against 1 and 3): its games (columns) ended and won, its complete deals
    and who won each, from the digest's lines (winner seat, outcome, points)."""
    keys = [_pair(players[0], players[2]), _pair(players[1], players[3])]
    counts = [sides.setdefault(key, [0, 0, 0, 0, 0]) for key in keys]
    finished = sum(columns[0::2])
    for c in counts:
        c[0] += finished
    for winner in columns[1::2]:
        if winner >= 0:
            counts[winner % 2][1] += 1
    for k in range(0, len(lines) - 5, 6):  # a deal: two hands of three numbers
        net = 0
        for w, points in ((lines[k], lines[k + 2]), (lines[k + 3], lines[k + 5])):
            if w >= 0:
                net += points if w % 2 == 0 else -points
        for c in counts:
            c[2] += 1
        if net:
            won = counts[0 if net > 0 else 1]
            won[3] += 1
            won[4] += abs(net)
