"""What the players owe each other when a game is played for a stake (RULES §10).

Derived from the standings, never stored: an undo or an edit changes what is
owed the way it changes the totals.  Amounts are whole units of the
currency's smallest unit (cents for EUR), the stake being what one point is
worth (:attr:`Rules.stake`).

Hollywood, the rules' example at a cent a point: Ann wins 40, 40; Bob 30;
Ann 25 (game 1 ends, Ann 105–30); Bob 50, 60 (game 2 ends, Bob 110–65); Ann
80 (game 3 ends, Ann 105–60).  While the series is in play only the games
already ended are owed; at the end Bob pays Ann 75 − 45 + 45:

>>> from scorekeeper.engine import Game, Hand, Rules
>>> wins = [Hand.knock("Ann", 2, 42), Hand.gin("Ann", 15), Hand.knock("Bob", 3, 33),
...         Hand.gin("Ann", 0), Hand.gin("Bob", 25), Hand.knock("Bob", 5, 65),
...         Hand.gin("Ann", 55)]
>>> def owed(rules, hands):
...     return settlement(Game("hollywood", ["Ann", "Bob"], rules, hands=hands).standings)
>>> owed(Rules(stake=1), wins[:4])  # game 1 has ended
(Payment(payer='Bob', payee='Ann', amount=75),)
>>> owed(Rules(stake=1), wins[:6])  # and game 2: 75 - 45
(Payment(payer='Bob', payee='Ann', amount=30),)
>>> owed(Rules(stake=1), wins)
(Payment(payer='Bob', payee='Ann', amount=75),)
>>> owed(Rules(stake=1, third_game_double=True), wins)  # 75 - 45 + 2 x 45
(Payment(payer='Bob', payee='Ann', amount=120),)

The payer and payee are the players as the game names them (the store's
games name them by player id).

How the UI shows an amount: in the game's currency and the session's
language, with Babel, ``format_currency(Decimal(amount).scaleb(-digits),
rules.currency, locale=locale)`` where ``digits =
get_currency_precision(rules.currency)`` (2 for EUR, 0 for JPY); never a
float, never the engine's own formatting (it has none).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import assert_never

from .errors import RuleError
from .formats import Format
from .game import Column, Standings


@dataclass(frozen=True)
class Payment:
    """``payer`` owes ``payee`` ``amount`` (the currency's smallest unit, > 0)."""

    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        if not isinstance(self.payer, str) or not isinstance(self.payee, str):
            raise RuleError("a payment needs a payer and a payee")
        if self.payer == self.payee:
            raise RuleError("a player can't pay themselves")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise RuleError("a payment must be a whole amount above 0")


def settlement(standings: Standings) -> tuple[Payment, ...]:
    """What each player pays whom for what has ended, netted per pair.

    Every game (column) that has ended settles on its final scores (bonuses
    included): every player pays every player with a higher final score the
    difference × the stake.  With two players that is "the loser pays the
    winner the margin"; should classic line bonuses leave the loser with the
    higher final score, the winner pays that margin instead, as the rule's
    arithmetic says.  What two players owe each other over several columns
    is netted into one payment; the payments come in seat order of the
    payer, then of the payee.  A stake of 0 owes nothing.

    - standard and three-hand: the one game, once it has ended;
    - Hollywood: each game as soon as it ends (while the series is in play,
      only the games already ended are owed); with
      :attr:`Rules.third_game_double` game 3 counts twice.

    Standard gin, the rules' example: Ann wins 100–0 with seed rules at a cent a
    point, so Bob pays Ann 1.00:

    >>> from scorekeeper.engine import Game, Hand, Rules
    >>> ann_wins = [Hand.knock("Ann", 2, 32), Hand.knock("Ann", 5, 35), Hand.gin("Ann", 15)]
    >>> g = Game("standard", ["Ann", "Bob"], Rules(stake=1), hands=ann_wins[:2])
    >>> settlement(g.standings)  # a game still in play owes nothing
    ()
    >>> settlement(g.record(ann_wins[2]).standings)
    (Payment(payer='Bob', payee='Ann', amount=100),)

    With the classic bonuses the same game ends 550–0 (100 + game bonus 100 +
    3 line bonuses of 25, doubled by the shutout): Bob pays Ann 5.50:

    >>> classic = Rules(classic_bonuses=True, stake=1)
    >>> settlement(Game("standard", ["Ann", "Bob"], classic, hands=ann_wins).standings)
    (Payment(payer='Bob', payee='Ann', amount=550),)

    Three-hand at 2 a point, finals Cy 105, Ann 40, Bob 0:

    >>> t = Game("three-hand", ["Ann", "Bob", "Cy"], Rules(stake=2), draw=["KS", "7H", "2C"])
    >>> for hand in [Hand.knock("Ann", 2, 42),  # Ann in the box beats Bob: 40
    ...              Hand.knock("Cy", 3, 33),   # Cy, now captain, beats Ann: 30
    ...              Hand.gin("Cy", 10),        # Cy in the box beats Bob: 35
    ...              Hand.knock("Cy", 1, 41)]:  # and Ann: 40, Cy 105
    ...     _ = t.record(hand)
    >>> for p in settlement(t.standings):
    ...     print(p.payer, "pays", p.payee, p.amount)
    Ann pays Cy 130
    Bob pays Ann 80
    Bob pays Cy 210
    """
    rules = standings.rules
    if rules.stake == 0:
        return ()
    ended: list[tuple[Column, int]]  # each ended game with how many times it counts
    match standings.format:
        case Format.STANDARD | Format.THREE_HAND:
            ended = [(standings.columns[0], 1)] if standings.finished else []
        case Format.HOLLYWOOD:
            ended = [
                (c, 2 if c.index == 2 and rules.third_game_double else 1)
                for c in standings.columns
                if c.finished
            ]
        case Format.PARTNERSHIP:
            return _partnership(standings)
        case unknown:
            assert_never(unknown)
    return _netted(standings.players, _owed(standings.players, ended, rules.stake))


def _partnership(standings: Standings) -> tuple[Payment, ...]:
    """Every player of the losing side pays one player of the winning side
    the side's margin × stake, paired by seat (RULES §10); scored
    Hollywood-style, each game as it ends, netted per pair.

    >>> from scorekeeper.engine import Game, Hand, Rules
    >>> p = Game("partnership", ["Ann", "Bob", "Cy", "Dan"], Rules(stake=1, target=50))
    >>> _ = p.record_deal(Hand.knock("Ann", 3, 19), Hand.gin("Cy", 12))  # Ann & Cy 53
    >>> settlement(p.standings)
    (Payment(payer='Bob', payee='Ann', amount=53), Payment(payer='Dan', payee='Cy', amount=53))
    """
    sides = standings.sides
    if sides is None:
        return ()
    rules = standings.rules
    if standings.series:
        ended = [
            (c, 2 if c.index == 2 and rules.third_game_double else 1)
            for c in standings.columns
            if c.finished
        ]
    else:
        ended = [(standings.columns[0], 1)] if standings.finished else []
    first, second = sides
    owed = 0  # > 0: the second side owes each first-side partner this much
    for column, weight in ended:
        owed += (column.final[first[0]] - column.final[second[0]]) * rules.stake * weight
    if owed == 0:
        return ()
    won, lost = (first, second) if owed > 0 else (second, first)
    seat = {p: i for i, p in enumerate(standings.players)}
    payments = [Payment(payer, payee, abs(owed)) for payer, payee in zip(lost, won, strict=True)]
    return tuple(sorted(payments, key=lambda p: (seat[p.payer], seat[p.payee])))


def _owed(
    players: tuple[str, ...], ended: Iterable[tuple[Column, int]], stake: int
) -> dict[tuple[str, str], int]:
    """Each (lower, higher) final score pair's debt, summed over the games."""
    owed: dict[tuple[str, str], int] = {}
    for column, weight in ended:
        final = column.final
        for payer in players:
            for payee in players:
                if final[payer] < final[payee]:
                    debt = (final[payee] - final[payer]) * stake * weight
                    owed[payer, payee] = owed.get((payer, payee), 0) + debt
    return owed


def _netted(players: tuple[str, ...], owed: dict[tuple[str, str], int]) -> tuple[Payment, ...]:
    payments: list[Payment] = []
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            net = owed.get((a, b), 0) - owed.get((b, a), 0)  # > 0: a pays b
            if net > 0:
                payments.append(Payment(a, b, net))
            elif net < 0:
                payments.append(Payment(b, a, -net))
    seat = {p: i for i, p in enumerate(players)}
    return tuple(sorted(payments, key=lambda p: (seat[p.payer], seat[p.payee])))


# --- across games: running balances and settle-ups (RULES §10) ---------------------


@dataclass(frozen=True)
class SettleUp:
    """A payment made between two players outside any game ("Bob paid Ann
    3.40"), recorded as an entry of its own: it moves their balance, never
    a game.  ``amount`` in the smallest unit of ``currency``; ``at`` an
    ISO time (for the list of them)."""

    id: str
    payer: str
    payee: str
    amount: int
    currency: str
    at: str

    def __post_init__(self) -> None:
        Payment(self.payer, self.payee, self.amount)  # the same checks
        if not isinstance(self.currency, str) or not re.fullmatch(r"[A-Z]{3}", self.currency):
            raise RuleError("the currency must be a code like EUR (three capital letters)")


@dataclass(frozen=True)
class Balance:
    """What ``debtor`` owes ``creditor`` in ``currency`` over ``games``
    finished games played for money together, settle-ups deducted
    (``amount`` 0: square)."""

    debtor: str
    creditor: str
    amount: int
    currency: str
    games: int


def balances(
    games: Iterable[tuple[str, Iterable[Payment]]], settle_ups: Iterable[SettleUp] = ()
) -> tuple[Balance, ...]:
    """Each pair's running balance per currency: every finished game's
    payments (its currency, then what it owes, see :func:`settlement`)
    netted, minus what was settled up.  A pair who played for money but are
    square is kept (amount 0); currencies never mix.  Sorted by currency,
    then the pair's ids.

    The rules' example: Bob owes Ann 1.20 from a Hollywood series and 1.00
    from a standard game; he paid her 2.00, so he owes her 0.20:

    >>> games = [("EUR", [Payment("Bob", "Ann", 120)]), ("EUR", [Payment("Bob", "Ann", 100)])]
    >>> balances(games)
    (Balance(debtor='Bob', creditor='Ann', amount=220, currency='EUR', games=2),)
    >>> paid = SettleUp("s1", "Bob", "Ann", 200, "EUR", "2026-12-05T12:00:00Z")
    >>> balances(games, [paid])[0].amount
    20
    >>> balances([("EUR", [Payment("Ann", "Bob", 50)])], [paid])  # he paid more: she owes him
    (Balance(debtor='Ann', creditor='Bob', amount=250, currency='EUR', games=1),)
    """
    net: dict[tuple[str, str, str], int] = {}  # (currency, a, b), a < b: > 0 a owes b
    counted: dict[tuple[str, str, str], int] = {}

    def add(currency: str, payer: str, payee: str, amount: int) -> tuple[str, str, str]:
        a, b = sorted((payer, payee))
        key = (currency, a, b)
        net[key] = net.get(key, 0) + (amount if payer == a else -amount)
        return key

    for currency, payments in games:
        for key in {add(currency, p.payer, p.payee, p.amount) for p in payments}:
            counted[key] = counted.get(key, 0) + 1
    for s in settle_ups:
        add(s.currency, s.payee, s.payer, s.amount)  # paid: owed the other way
    out = []
    for (currency, a, b), amount in sorted(net.items()):
        debtor, creditor = (a, b) if amount >= 0 else (b, a)
        out.append(
            Balance(debtor, creditor, abs(amount), currency, counted.get((currency, a, b), 0))
        )
    return tuple(out)
