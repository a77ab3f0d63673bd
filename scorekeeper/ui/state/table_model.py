"""The table view as plain data: the totals to read from across the table.

>>> from scorekeeper.engine import Format, Game, Hand, Rules
>>> g = Game(Format.STANDARD, ["a", "b"], Rules(classic_bonuses=True),
...          names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> _ = g.record(Hand.knock("b", 4, 30))
>>> board = build_board(g)
>>> [(e.name, e.totals, e.won, e.leader) for e in board.entries]
[('Ann', ['0'], '0 won', False), ('Bob', ['26'], '1 won', True)]
>>> board.status, board.hands
('Bob deals next', '1 hand · to 100')
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import Game
from scorekeeper.i18n import Translator

from .sheet_labels import ENGLISH, deal_status, name_of, scorer_names, won_text


@dataclass(frozen=True)
class Entry:
    """One player on the table view."""

    name: str
    #: One total per column (Hollywood: three, game 1 to 3).
    totals: list[str]
    #: Hands won while the line bonus is on ("3 won"), else "".
    won: str
    #: Three-hand: this player's role in the coming hand ("box"...), else "".
    role: str
    #: Ahead (or the winner): drawn stronger.
    leader: bool
    #: Hollywood: games won in the series ("2 games"), else "".
    games: str = ""


@dataclass(frozen=True)
class Board:
    title: str
    #: Column headings (Hollywood: "Game 1"... with a tick when closed); one
    #: empty heading for the other formats.
    columns: list[str]
    closed: list[bool]
    entries: list[Entry]
    #: Who deals next (three-hand: the roles), or who won.
    status: str
    #: "7 hands · to 100".
    hands: str
    finished: bool
    language: str


def build_board(game: Game, t: Translator = ENGLISH) -> Board:
    """The table view of ``game`` in the language of ``t``.

    >>> from scorekeeper.engine import Format, Hand
    >>> g = Game(Format.THREE_HAND, ["a", "b", "c"], names={"a": "Ann", "b": "Bob", "c": "Cy"},
    ...          draw=["KS", "2H", "9D"])
    >>> [(e.name, e.role) for e in build_board(g).entries]
    [('Ann', 'box'), ('Bob', 'sits out'), ('Cy', 'captain')]
    >>> h = Game(Format.HOLLYWOOD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
    >>> _ = h.record(Hand.knock("b", 4, 30))
    >>> b = build_board(h)
    >>> b.columns, [e.totals for e in b.entries]
    (['Game 1', 'Game 2', 'Game 3'], [['0', '0', '0'], ['26', '0', '0']])
    """
    st = game.standings
    names = game.names
    scorer = scorer_names(st, names)  # players, or a partnership's sides
    players = list(st.scorers)
    hollywood = game.standings.series
    columns: list[str] = []
    closed: list[bool] = []
    if hollywood:
        for col in st.columns:
            title = t.gettext("Game {n}").format(n=col.index + 1)
            if col.finished and col.winner is not None:
                title += " ✓ " + scorer[col.winner]
            columns.append(title)
            closed.append(col.finished)
    else:
        columns, closed = [""], [st.finished]

    roles: dict[str, str] = {}
    if st.roles is not None and not st.finished:
        roles = {
            st.roles.box: t.gettext("box"),
            st.roles.captain: t.gettext("captain"),
            st.roles.sitter: t.gettext("sits out"),
        }
    if hollywood:
        ranking = {p: (st.games_won[p], st.totals[p]) for p in players}
    else:
        # the final scores (bonuses included) once the game is over
        col = st.columns[0]
        final = col.final if st.finished and col.final else col.totals
        ranking = {p: (final[p], 0) for p in players}
    best = max(ranking.values())
    ahead = [p for p in players if ranking[p] == best]
    entries: list[Entry] = []
    for p in players:
        if hollywood:
            totals = [str(c.totals[p]) for c in st.columns]
            n = st.games_won[p]
            games = t.ngettext("{n} game won", "{n} games won", n).format(n=n)
        else:
            c = st.columns[0]
            value = c.final[p] if st.finished and c.final else c.totals[p]
            totals, games = [str(value)], ""
        won = ""
        if game.rules.classic_bonuses:
            won = " · ".join(won_text(t, c.hands_won[p]) for c in st.columns)
        leader = (st.winner == p) if st.winner is not None else (len(ahead) == 1 and p in ahead)
        entries.append(Entry(scorer[p], totals, won, roles.get(p, ""), leader, games))

    if st.winner is not None and st.finished and st.sides is not None:
        status = t.gettext("{names} win!").format(names=scorer[st.winner])
    elif st.winner is not None and st.finished:
        status = t.gettext("{name} wins!").format(name=name_of(names, st.winner))
    elif st.finished:
        status = t.gettext("Game over")
    elif st.roles is not None:
        status = t.gettext("{name} deals next").format(name=name_of(names, st.roles.box))
    elif st.sides is not None:  # who plays whom in the coming deal
        status = deal_status(st, names, t)
    else:
        status = t.gettext("{name} deals next").format(name=name_of(names, st.next_dealer))
    count = len(st.lines)
    hands = " · ".join(
        [
            t.ngettext("{n} hand", "{n} hands", count).format(n=count),
            t.gettext("to {target}").format(target=game.rules.target),
        ]
    )
    title = t.gettext("Table view")
    return Board(title, columns, closed, entries, status, hands, st.finished, t.code)
