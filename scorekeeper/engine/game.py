"""A game is a ledger of hands; its standings are replayed from it.

Nothing but the hands as entered is kept.  Totals, game ends, Hollywood
columns, the dealer and three-hand roles all come from :func:`replay`, a pure
function, so an undo or an edit can never leave a stale total behind.

Standard gin to 100:

>>> g = Game("standard", ["Ann", "Bob"], first_dealer="Ann")
>>> g.record(Hand.knock("Bob", 4, 30)).record(Hand.gin("Ann", 20)).standings.totals
{'Ann': 45, 'Bob': 26}
>>> g.standings.next_dealer
'Ann'
>>> g.undo().standings.totals, g.standings.next_dealer
({'Ann': 0, 'Bob': 26}, 'Bob')

Hollywood, the seeds' example (Bob 10, Alexandra 18, Bob 30, Bob 4):

>>> h = Game("hollywood", ["Alexandra", "Bob"])
>>> for hand in [Hand.knock("Bob", 5, 15), Hand.knock("Alexandra", 2, 20),
...              Hand.knock("Bob", 1, 31), Hand.knock("Bob", 3, 7)]:
...     _ = h.record(hand)
>>> h.standings.column_totals
{'Alexandra': (18, 0, 0), 'Bob': (44, 34, 4)}

Three-hand: the highest draw is in the box and deals; the sitter never scores:

>>> t = Game("three-hand", ["Ann", "Bob", "Cy"], draw=["KS", "7H", "2C"])
>>> t.standings.roles
Roles(box='Ann', captain='Bob', sitter='Cy')
>>> t.record(Hand.knock("Bob", 2, 12)).standings.roles  # box lost: rotate
Roles(box='Bob', captain='Cy', sitter='Ann')
>>> t.record(Hand.knock("Ann", 2, 12))
Traceback (most recent call last):
...
scorekeeper.engine.errors.RuleError: Ann sits out this hand and can't knock (box Bob, captain Cy)

Partnership, the rules' example (§11): Ann & Cy v Bob & Dan, partners
opposite; each deal is two hands, one at each pairing, and the side with
more points in the deal scores the difference:

>>> p = Game("partnership", ["Ann", "Bob", "Cy", "Dan"])
>>> p.standings.sides, p.standings.pairings
((('Ann', 'Cy'), ('Bob', 'Dan')), (('Ann', 'Bob'), ('Cy', 'Dan')))
>>> _ = p.record_deal(Hand.knock("Ann", 3, 19), Hand.gin("Cy", 12))  # +16, +37
>>> p.standings.totals, p.standings.pairings  # opponents alternate
({'Ann': 53, 'Bob': 0}, (('Ann', 'Dan'), ('Cy', 'Bob')))
>>> _ = p.record_deal(Hand.knock("Ann", 2, 9), Hand.knock("Cy", 8, 5))  # +7; undercut: Bob +13
>>> _ = p.record_deal(Hand.draw(), Hand.knock("Cy", 4, 30))  # a draw, and +26
>>> p.standings.totals  # a side's score is kept under its first player
{'Ann': 79, 'Bob': 6}
>>> [(d.number, d.side, d.points) for d in p.standings.deals]
[(1, 'Ann', 53), (2, 'Bob', 6), (3, 'Ann', 26)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .cards import Card, parse_cards
from .errors import N_, Msg, RuleError
from .formats import Format
from .hand import Claim, Hand, HandResult, Item, score_hand
from .rules import PRESETS, DealerRule, Rules, Shutout


@dataclass(frozen=True)
class Roles:
    """Three-hand roles for one hand. The box deals."""

    box: str
    captain: str
    sitter: str


@dataclass(frozen=True)
class Bonus:
    """An end-of-game (classic) bonus, itemized for the final sheet."""

    player: str
    label: str
    points: int


@dataclass(frozen=True)
class Column:
    """One game's score: the only column in standard and three-hand, one of
    three (or more, rolling) in Hollywood."""

    index: int
    totals: Mapping[str, int]  # hand points, what counts toward the target
    hands_won: Mapping[str, int]
    finished: bool
    winner: str | None
    bonuses: tuple[Bonus, ...] = ()
    #: Hand points plus bonuses (equal to ``totals`` without classic bonuses).
    final: Mapping[str, int] = field(default_factory=dict)

    @property
    def margin(self) -> int | None:
        """The winner's final score minus the best other final score."""
        if self.winner is None:
            return None
        others = [v for p, v in self.final.items() if p != self.winner]
        return self.final[self.winner] - max(others)


class Line(NamedTuple):
    """One hand on the score sheet, with how it scored.

    A named tuple (immutable, like the rest) because a replay builds one per
    hand, and a tuple is built several times faster than a frozen dataclass.
    """

    number: int  # 1-based, as on paper
    hand: Hand
    result: HandResult
    dealer: str | None
    knocker: str | None
    defender: str | None
    winner: str | None
    points: int
    roles: Roles | None
    #: Columns (0-based) the points were entered in.
    columns: tuple[int, ...]
    #: Every column's totals after this hand.
    totals_after: tuple[Mapping[str, int], ...]

    @property
    def breakdown(self) -> tuple[Item, ...]:
        return self.result.breakdown


@dataclass(frozen=True)
class Standings:
    """Everything derived from a game's ledger."""

    format: Format
    players: tuple[str, ...]
    rules: Rules
    lines: tuple[Line, ...]
    columns: tuple[Column, ...]
    finished: bool
    #: Standard and three-hand: the game's winner; Hollywood: whoever has won
    #: two of the three games (known as soon as it is clinched).
    winner: str | None
    next_dealer: str | None
    #: Three-hand: the roles for the coming hand.
    roles: Roles | None
    #: Partnership: the two sides, each in seat order (seats 1 and 3, then
    #: 2 and 4); a side's score is kept under its first player (see
    #: :attr:`scorers`).  ``None`` in the other formats.
    sides: tuple[tuple[str, str], tuple[str, str]] | None = None
    #: Several games at once on one sheet: Hollywood, or a partnership
    #: scored Hollywood-style (:attr:`Rules.partnership_hollywood`).
    series: bool = False

    @property
    def scorers(self) -> tuple[str, ...]:
        """Whom the columns keep a score for: the players, or in a
        partnership each side's first player (standing for the side)."""
        if self.sides is None:
            return self.players
        return (self.sides[0][0], self.sides[1][0])

    def scorer_of(self, player: str) -> str:
        """Under whom the columns keep ``player``'s score: the player, or in
        a partnership their side's first player."""
        side = self.side_of(player)
        return player if side is None else side[0]

    def side_of(self, player: str) -> tuple[str, str] | None:
        """A partnership player's side (``None`` outside a partnership)."""
        if self.sides is None:
            return None
        return self.sides[0] if player in self.sides[0] else self.sides[1]

    @property
    def pairings(self) -> tuple[tuple[str, str], tuple[str, str]] | None:
        """Partnership: who plays whom at each of the two tables in the
        coming deal (or the deal half entered); ``None`` elsewhere."""
        if self.sides is None:
            return None
        return deal_pairings(self.sides, len(self.lines) // 2)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Partnership: each complete deal, who scored it and how much."""
        if self.sides is None:
            return ()
        out: list[Deal] = []
        for i in range(1, len(self.lines), 2):
            pair = (self.lines[i - 1], self.lines[i])
            net = _deal_net(self.sides, pair)
            side = None if net == 0 else self.sides[0 if net > 0 else 1][0]
            out.append(Deal(i // 2 + 1, pair, side, abs(net)))
        return tuple(out)

    @property
    def totals(self) -> dict[str, int]:
        """Hand points per player (per side's first player in a
        partnership), added over all columns."""
        return {p: sum(c.totals[p] for c in self.columns) for p in self.scorers}

    @property
    def column_totals(self) -> dict[str, tuple[int, ...]]:
        return {p: tuple(c.totals[p] for c in self.columns) for p in self.scorers}

    @property
    def games_won(self) -> dict[str, int]:
        return {p: sum(1 for c in self.columns if c.winner == p) for p in self.scorers}


@dataclass(frozen=True)
class Deal:
    """A partnership deal: its two hands' lines (the first pairing's, then
    the second's), the side that scored it (by its first player; ``None``
    for a drawn deal) and what it scored."""

    number: int
    lines: tuple[Line, Line]
    side: str | None
    points: int


def _deal_net(sides: tuple[tuple[str, str], tuple[str, str]], lines: Iterable[Line]) -> int:
    """A deal's hand points, the first side's less the second's."""
    return sum(_signed(sides, line.winner, line.points) for line in lines)


def _signed(sides: tuple[tuple[str, str], tuple[str, str]], winner: str | None, points: int) -> int:
    """A hand's points as the first side sees them (a draw: 0)."""
    if winner is None:
        return 0
    return points if winner in sides[0] else -points


def deal_pairings(
    sides: tuple[tuple[str, str], tuple[str, str]], deal: int
) -> tuple[tuple[str, str], tuple[str, str]]:
    """Who plays whom in deal ``deal`` (0-based): first the first player of
    each side and the second of each, then opponents alternate (RULES §11).

    >>> sides = (("Ann", "Cy"), ("Bob", "Dan"))
    >>> deal_pairings(sides, 0), deal_pairings(sides, 1)
    ((('Ann', 'Bob'), ('Cy', 'Dan')), (('Ann', 'Dan'), ('Cy', 'Bob')))
    """
    (a1, a2), (b1, b2) = sides
    if deal % 2 == 0:
        return (a1, b1), (a2, b2)
    return (a1, b2), (a2, b1)


def roles_from_draw(players: Sequence[str], drawn: Sequence[Card | str]) -> Roles:
    """Highest card in the box, middle is captain, lowest sits out (K high, A low).

    >>> roles_from_draw(["Ann", "Bob", "Cy"], ["2C", "QD", "9S"])
    Roles(box='Bob', captain='Cy', sitter='Ann')
    >>> roles_from_draw(["Ann", "Bob", "Cy"], ["7C", "7D", "9S"])
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.RuleError: Ann and Bob both drew a 7: draw again
    """
    cards = parse_cards(drawn)
    if len(players) != 3 or len(cards) != 3:
        raise RuleError("three-hand needs one drawn card for each of the three players")
    for i in range(3):
        for j in range(i + 1, 3):
            if cards[i].rank == cards[j].rank:
                raise RuleError(
                    "{first} and {second} both drew a {rank}: draw again",
                    first=players[i],
                    second=players[j],
                    rank=cards[i].rank_name,
                )
    order = sorted(range(3), key=lambda i: -cards[i].rank)
    return Roles(players[order[0]], players[order[1]], players[order[2]])


@lru_cache(maxsize=8192)
def _score(hand: Hand, rules: Rules, knocker: str) -> HandResult:
    return score_hand(hand, rules, knocker)


class _Sheet:
    """Mutable scratch state of one replay (never leaves :func:`replay`)."""

    def __init__(self, players: tuple[str, ...], rules: Rules, hollywood: bool) -> None:
        self.players = players
        self.rules = rules
        self.hollywood = hollywood
        self.rolling = hollywood and rules.hollywood_rolling
        columns = 3 if hollywood else 1
        self.totals = [dict.fromkeys(players, 0) for _ in range(columns)]
        self.won = [dict.fromkeys(players, 0) for _ in range(columns)]
        self.closed: list[str | None] = [None] * columns
        self.frontier = dict.fromkeys(players, 0)  # Hollywood: highest column reached (1-based)

    def copy(self) -> _Sheet:
        twin = object.__new__(_Sheet)
        twin.players, twin.rules, twin.rolling = self.players, self.rules, self.rolling
        twin.hollywood = self.hollywood
        twin.totals = [dict(t) for t in self.totals]
        twin.won = [dict(w) for w in self.won]
        twin.closed = list(self.closed)
        twin.frontier = dict(self.frontier)
        return twin

    def open_columns(self) -> list[int]:
        return [i for i, w in enumerate(self.closed) if w is None]

    def enter(self, player: str, points: int, hollywood: bool) -> tuple[int, ...]:
        cols = self._hollywood_columns(player) if hollywood else (0,)
        for i in cols:
            self.totals[i][player] += points
            self.won[i][player] += 1
            if self.totals[i][player] >= self.rules.target:
                self.closed[i] = player
                if self.rolling:
                    self._open_column()
        return cols

    def _hollywood_columns(self, player: str) -> tuple[int, ...]:
        # RULES §6: f = min(f + 1, 3); if no open game has index <= f, f = the
        # index of the first open game; the win goes in every open game <= f.
        opened = self.open_columns()
        f = min(self.frontier[player] + 1, len(self.closed))
        if not any(i + 1 <= f for i in opened):
            f = opened[0] + 1
        self.frontier[player] = f
        return tuple(i for i in opened if i + 1 <= f)

    def _open_column(self) -> None:
        self.totals.append(dict.fromkeys(self.players, 0))
        self.won.append(dict.fromkeys(self.players, 0))
        self.closed.append(None)

    def column(self, i: int) -> Column:
        totals, won, winner = dict(self.totals[i]), dict(self.won[i]), self.closed[i]
        bonuses: list[Bonus] = []
        if winner is not None and self.rules.classic_bonuses:
            bonuses = _classic_bonuses(self.rules, winner, won)
        final = dict(totals)
        for b in bonuses:
            final[b.player] += b.points
        return Column(i, totals, won, winner is not None, winner, tuple(bonuses), final)


def _classic_bonuses(rules: Rules, winner: str, won: Mapping[str, int]) -> list[Bonus]:
    out = [Bonus(winner, N_("game bonus"), rules.game_bonus)]
    out += [Bonus(p, N_("line bonus"), n * rules.box_bonus) for p, n in won.items() if n]
    return out


def _apply_shutout(rules: Rules, column: Column) -> Column:
    winner = column.winner
    if winner is None or rules.shutout is Shutout.OFF:
        return column
    if any(n for p, n in column.hands_won.items() if p != winner):
        return column
    extra = column.final[winner] if rules.shutout is Shutout.DOUBLE_ALL else rules.game_bonus
    final = dict(column.final)
    final[winner] += extra
    bonuses = (*column.bonuses, Bonus(winner, N_("shutout doubles"), extra))
    return Column(column.index, column.totals, column.hands_won, True, winner, bonuses, final)


class _Replay:
    """A ledger being replayed: the sheet, dealer and roles after each hand.

    :func:`replay` plays a whole ledger through it; :class:`Game` keeps the
    one for its ledger so that recording a hand plays just that hand on a
    copy, rather than the whole ledger again (same code, same result).
    """

    def __init__(
        self,
        format: Format,
        players: tuple[str, ...],
        rules: Rules,
        first_dealer: str | None,
        roles: Roles | None,
        names: Mapping[str, str],
    ) -> None:
        self.format, self.players, self.rules, self.names = format, players, rules, names
        self.sides = _sides(players) if format is Format.PARTNERSHIP else None
        scorers = (players[0], players[1]) if self.sides else players
        hollywood = format is Format.HOLLYWOOD or bool(self.sides and rules.partnership_hollywood)
        # a Hollywood partnership keeps three games: no rolling sheet
        kept = rules.replace(hollywood_rolling=False) if self.sides else rules
        self.sheet = _Sheet(scorers, kept, hollywood)
        self.roles = roles
        self.dealer = roles.box if roles else first_dealer
        self.lines: list[Line] = []

    def copy(self) -> _Replay:
        twin = object.__new__(_Replay)
        twin.format, twin.players, twin.rules, twin.names, twin.sides = (
            self.format,
            self.players,
            self.rules,
            self.names,
            self.sides,
        )
        twin.sheet, twin.roles, twin.dealer = self.sheet.copy(), self.roles, self.dealer
        twin.lines = list(self.lines)
        return twin

    def play(self, hand: Hand) -> None:
        n = len(self.lines) + 1
        try:
            if self.sides is not None:
                line = _play_partnership(self.sheet, self.sides, self.lines, hand, self.names)
            else:
                line = _play(self.format, self.sheet, hand, n, self.dealer, self.roles, self.names)
        except RuleError as exc:
            exc.hand_number = n
            raise
        self.lines.append(line)
        if self.sides is not None:
            return  # two tables, each dealing by itself: no dealer kept
        if line.winner is not None:
            if self.roles is not None:  # three-hand: the box always deals
                self.roles = _rotate(self.roles, line.winner)
                self.dealer = self.roles.box
            elif self.rules.dealer is DealerRule.WINNER:
                self.dealer = line.winner
            elif self.rules.dealer is DealerRule.LOSER:
                self.dealer = next(p for p in self.players if p != line.winner)
            elif self.dealer is not None:  # the deal alternates
                self.dealer = next(p for p in self.players if p != self.dealer)

    def standings(self) -> Standings:
        rules, sheet, players = self.rules, self.sheet, self.players
        columns = [sheet.column(i) for i in range(len(sheet.closed))]
        if rules.classic_bonuses:
            columns = [_apply_shutout(rules, c) for c in columns]
        if sheet.hollywood:
            rolling = sheet.rolling
            finished = not rolling and all(c.finished for c in columns)
            wins = {p: sum(1 for c in columns if c.winner == p) for p in sheet.players}
            leaders = [p for p, w in wins.items() if w >= 2]
            winner = leaders[0] if leaders and not rolling else None
        else:
            finished, winner = columns[0].finished, columns[0].winner
        return Standings(
            self.format,
            players,
            rules,
            tuple(self.lines),
            tuple(columns),
            finished,
            winner,
            self.dealer,
            self.roles,
            self.sides,
            sheet.hollywood,
        )


def _sides(players: tuple[str, ...]) -> tuple[tuple[str, str], tuple[str, str]]:
    """Partners sit opposite: seats 1 and 3 against seats 2 and 4."""
    return (players[0], players[2]), (players[1], players[3])


def replay(
    format: Format,
    players: tuple[str, ...],
    rules: Rules,
    hands: Sequence[Hand],
    *,
    first_dealer: str | None = None,
    roles: Roles | None = None,
    names: Mapping[str, str] | None = None,
) -> Standings:
    """Replay a ledger into standings; raises :class:`RuleError` at the first
    hand the rules refuse, naming it by number."""
    return _replay_all(format, players, rules, hands, first_dealer, roles, names).standings()


def _replay_all(
    format: Format,
    players: tuple[str, ...],
    rules: Rules,
    hands: Sequence[Hand],
    first_dealer: str | None,
    roles: Roles | None,
    names: Mapping[str, str] | None,
) -> _Replay:
    state = _Replay(format, players, rules, first_dealer, roles, names or {})
    for hand in hands:
        state.play(hand)
    return state


def _name(names: Mapping[str, str], player: str | None) -> str:
    return names.get(player, player) if player else "?"


def _play(
    format: Format,
    sheet: _Sheet,
    hand: Hand,
    n: int,
    dealer: str | None,
    roles: Roles | None,
    names: Mapping[str, str],
) -> Line:
    if not sheet.open_columns():
        raise RuleError(_over_message(format, sheet, names))
    players = sheet.players
    knocker = hand.by
    defender: str | None = None
    if hand.claim is not Claim.DRAW:
        if knocker not in players:
            raise RuleError("{name} is not playing in this game", name=str(knocker))
        if roles is not None:
            if knocker == roles.sitter:
                raise RuleError(
                    "{name} sits out this hand and can't knock (box {box}, captain {captain})",
                    name=_name(names, knocker),
                    box=_name(names, roles.box),
                    captain=_name(names, roles.captain),
                )
            defender = roles.captain if knocker == roles.box else roles.box
        else:
            defender = next(p for p in players if p != knocker)
    result = _score(hand, sheet.rules, _name(names, knocker))
    winner: str | None = None
    cols: tuple[int, ...] = ()
    if result.winner_is_knocker is not None:
        winner = knocker if result.winner_is_knocker else defender
        assert winner is not None
        cols = sheet.enter(winner, result.points, format is Format.HOLLYWOOD)
    return Line(
        n,
        hand,
        result,
        dealer,
        knocker,
        defender,
        winner,
        result.points if winner else 0,
        roles,
        cols,
        tuple(dict(t) for t in sheet.totals),
    )


def _play_partnership(
    sheet: _Sheet,
    sides: tuple[tuple[str, str], tuple[str, str]],
    lines: Sequence[Line],
    hand: Hand,
    names: Mapping[str, str],
) -> Line:
    """One hand of a partnership deal (RULES §11): scored as a two-player
    hand at its pairing; the deal's second hand enters the deal's net for
    the side with more points (under the side's first player)."""
    n = len(lines) + 1
    table = (n - 1) % 2
    if table == 0 and not sheet.open_columns() and sheet.hollywood:
        raise RuleError("this Hollywood series is over: all three games have ended")
    if table == 0 and not sheet.open_columns():
        won = sides[0] if sheet.closed[0] == sides[0][0] else sides[1]
        totals = sorted(sheet.totals[0].values(), reverse=True)
        raise RuleError(
            "this game is over: {name} won {score}",
            name=" & ".join(_name(names, p) for p in won),
            score="–".join(map(str, totals)),
        )
    pair = deal_pairings(sides, (n - 1) // 2)[table]
    knocker = hand.by
    defender: str | None = None
    if hand.claim is not Claim.DRAW:
        if knocker not in pair:
            raise RuleError(
                "{name} doesn't play at this table this deal ({first} v {second})",
                name=_name(names, knocker) if isinstance(knocker, str) else repr(knocker),
                first=_name(names, pair[0]),
                second=_name(names, pair[1]),
            )
        defender = pair[1] if knocker == pair[0] else pair[0]
    result = _score(hand, sheet.rules, _name(names, knocker))
    winner: str | None = None
    if result.winner_is_knocker is not None:
        winner = knocker if result.winner_is_knocker else defender
    points = result.points if winner else 0
    cols: tuple[int, ...] = ()
    if table == 1:  # the deal is complete: its net, > 0 when the first side scores
        net = _deal_net(sides, lines[-1:]) + _signed(sides, winner, points)
        if net:
            side = sides[0][0] if net > 0 else sides[1][0]
            cols = sheet.enter(side, abs(net), sheet.hollywood)
    return Line(
        n,
        hand,
        result,
        None,
        knocker,
        defender,
        winner,
        points,
        None,
        cols,
        tuple(dict(t) for t in sheet.totals),
    )


def _over_message(format: Format, sheet: _Sheet, names: Mapping[str, str]) -> Msg:
    if format is Format.HOLLYWOOD:
        return Msg("this Hollywood series is over: all three games have ended")
    winner = sheet.closed[0]
    totals = sheet.totals[0]
    score = "–".join(str(totals[p]) for p in sorted(totals, key=lambda p: -totals[p]))
    return Msg("this game is over: {name} won {score}", name=_name(names, winner), score=score)


def _rotate(roles: Roles, winner: str) -> Roles:
    if winner == roles.box:  # box stays; captain and sitter swap
        return Roles(roles.box, roles.sitter, roles.captain)
    # box lost: box sits out, captain moves into the box, sitter becomes captain
    return Roles(roles.captain, roles.sitter, roles.box)


class Game:
    """A game's ledger with its replayed standings.

    ``format`` is ``"standard"``, ``"hollywood"``, ``"three-hand"`` or
    ``"partnership"`` (four players, partners opposite: seats 1 and 3
    against 2 and 4);
    ``rules`` a :class:`Rules` or a preset name.  Two-player games may name
    the ``first_dealer``; three-hand games need the cards each player
    ``draw``-ed (a list in seat order, or a mapping), or explicit ``roles``.

    :meth:`record`, :meth:`undo` and :meth:`edit` replay the whole ledger and
    change the game only if the replay succeeds; each returns the game.
    """

    def __init__(
        self,
        format: Format | str,
        players: Iterable[str],
        rules: Rules | str = "seed",
        *,
        first_dealer: str | None = None,
        draw: Sequence[Card | str] | Mapping[str, Card | str] | None = None,
        roles: Roles | Sequence[str] | None = None,
        hands: Iterable[Hand] = (),
        names: Mapping[str, str] | None = None,
    ) -> None:
        try:
            self.format = Format(format)
        except ValueError:
            raise RuleError(
                "unknown format {format}: standard, hollywood, three-hand or partnership",
                format=repr(format),
            ) from None
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise RuleError("give the players as a list of names")
        self.players = tuple(players)
        if len(self.players) != self.format.player_count or len(set(self.players)) != len(
            self.players
        ):
            raise RuleError(
                "{format} needs {n} different players",
                format=self.format.value,
                n=self.format.player_count,
            )
        if any(not isinstance(p, str) or not p.strip() for p in self.players):
            raise RuleError("every player needs a name")
        if isinstance(rules, str):
            if rules not in PRESETS:
                raise RuleError(
                    "unknown preset {preset}: {known}", preset=repr(rules), known=", ".join(PRESETS)
                )
            rules = PRESETS[rules]
        if not isinstance(rules, Rules):
            raise RuleError("rules must be a Rules value or a preset name")
        self.rules = rules
        self.names: Mapping[str, str] = dict(names or {})
        if first_dealer is not None and first_dealer not in self.players:
            raise RuleError(
                "the first dealer {name} is not playing in this game", name=str(first_dealer)
            )
        self.draw: tuple[Card, ...] | None = None
        self.roles: Roles | None = None
        if self.format is Format.THREE_HAND:
            if draw is not None:
                if isinstance(draw, Mapping):
                    if set(draw) != set(self.players):
                        raise RuleError("give one drawn card for each player")
                    draw = [draw[p] for p in self.players]
                self.draw = parse_cards(draw)
                self.roles = roles_from_draw(self.players, self.draw)
            elif roles is not None:
                if isinstance(roles, Roles):
                    seats: list[object] = [roles.box, roles.captain, roles.sitter]
                elif isinstance(roles, Sequence) and not isinstance(roles, str):
                    seats = list(roles)
                else:
                    seats = []
                if sorted(map(str, seats)) != sorted(self.players) or len(set(seats)) != 3:
                    raise RuleError("the roles must name each of the three players once")
                self.roles = Roles(*map(str, seats))
            else:
                raise RuleError("three-hand needs the cards each player drew (or the roles)")
            first_dealer = self.roles.box
        elif draw is not None or roles is not None:
            raise RuleError("only three-hand games draw for roles")
        self.first_dealer = first_dealer
        self._hands: tuple[Hand, ...] = ()
        if isinstance(hands, Hand) or not isinstance(hands, Iterable):
            raise RuleError("the hands must be a list of hands")
        ledger = tuple(hands)
        if not all(isinstance(h, Hand) for h in ledger):
            raise RuleError("that is not a hand")
        self._set(ledger)  # one replay for the whole ledger

    def _replay(self, hands: tuple[Hand, ...]) -> _Replay:
        return _replay_all(
            self.format,
            self.players,
            self.rules,
            hands,
            self.first_dealer if self.roles is None else None,
            self.roles,
            self.names,
        )

    def _extended(self, hand: Hand) -> _Replay:
        """The ledger's replay with ``hand`` played after it (on a copy)."""
        state = self._state.copy()
        state.play(hand)
        return state

    @property
    def hands(self) -> tuple[Hand, ...]:
        return self._hands

    @property
    def standings(self) -> Standings:
        return self._standings

    def copy(self) -> Game:
        """An independent game with the same ledger (no replay needed).

        >>> g = Game("standard", ["Ann", "Bob"]).record(Hand.knock("Ann", 2, 9))
        >>> twin = g.copy().record(Hand.gin("Bob", 10))
        >>> len(g.hands), len(twin.hands)
        (1, 2)
        """
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._state = self._state.copy()
        return twin

    def preview(self, hand: Hand) -> Line:
        """How ``hand`` would score if recorded now (nothing changes)."""
        if not isinstance(hand, Hand):
            raise RuleError("that is not a hand")
        return self._extended(hand).lines[-1]

    def record(self, hand: Hand) -> Game:
        if not isinstance(hand, Hand):
            raise RuleError("that is not a hand")
        state = self._extended(hand)  # raises before anything changes
        self._hands, self._state, self._standings = (
            (*self._hands, hand),
            state,
            state.standings(),
        )
        return self

    def record_deal(self, first: Hand, second: Hand) -> Game:
        """Partnership: record a deal's two hands together (the first
        pairing's, then the second's), both or neither."""
        if self.format is not Format.PARTNERSHIP:
            raise RuleError("only a partnership deals two hands at once")
        if len(self._hands) % 2:
            raise RuleError("the last deal has one hand entered: enter its other hand")
        if not isinstance(first, Hand) or not isinstance(second, Hand):
            raise RuleError("that is not a hand")
        state = self._extended(first)
        state.play(second)  # raises before anything changes
        self._hands, self._state, self._standings = (
            (*self._hands, first, second),
            state,
            state.standings(),
        )
        return self

    def undo(self) -> Game:
        """Take back the last hand; in a partnership, the last deal (both
        its hands, or the one entered of a deal half entered)."""
        if not self._hands:
            raise RuleError("there is no hand to undo")
        size = 2 if self.format is Format.PARTNERSHIP and len(self._hands) % 2 == 0 else 1
        self._set(self._hands[:-size])
        return self

    def edit(self, index: int, hand: Hand) -> Game:
        """Replace hand ``index`` (0-based; negative counts from the end)."""
        if not isinstance(hand, Hand):
            raise RuleError("that is not a hand")
        if isinstance(index, bool) or not isinstance(index, int):
            raise RuleError("there is no hand {number} to edit", number=repr(index))
        if not -len(self._hands) <= index < len(self._hands):
            raise RuleError(
                "there is no hand {number} to edit", number=index + 1 if index >= 0 else index
            )
        hands = list(self._hands)
        hands[index] = hand
        self._set(tuple(hands), changed=index % len(hands))
        return self

    def _set(self, hands: tuple[Hand, ...], changed: int | None = None) -> None:
        """Replay ``hands`` and keep them only if every hand stands.

        ``changed`` is the 0-based index an edit replaced: a refusal of a
        later hand is then explained as a consequence of the edit.
        """
        try:
            state = self._replay(hands)  # raises before anything changes
        except RuleError as exc:
            n = exc.hand_number
            if changed is not None and n is not None and n != changed + 1:
                err = RuleError(
                    "this edit would make hand {number} impossible: {reason}",
                    number=n,
                    reason=exc.msg,
                )
                err.hand_number = n
                raise err from exc
            raise
        self._hands, self._state, self._standings = hands, state, state.standings()

    def __repr__(self) -> str:
        return f"Game({self.format.value!r}, {list(self.players)!r}, {len(self._hands)} hands)"
