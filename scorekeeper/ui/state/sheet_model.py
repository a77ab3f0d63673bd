"""The score sheet as plain data, laid out like the paper one for each format.

Its words come from :mod:`~scorekeeper.ui.state.sheet_labels` (names, hands,
deals, roles) and :mod:`~scorekeeper.ui.state.sheet_rules` (the rules line, the
Oklahoma reminder, what is owed); their names are importable from here too.

>>> from scorekeeper.engine import Format, Game, Hand
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> _ = g.record(Hand.knock("b", 4, 30))
>>> s = build_sheet(g)
>>> s.header, [r.cells for r in s.rows], [r.points for r in s.rows]
(['Ann', 'Bob'], [['0', '26']], [['', '26']])
>>> s.rows[0].text, s.status
('Bob knocked (4 v 30): Bob +26', 'Bob deals next')
>>> _ = g.record(Hand.draw())
>>> s = build_sheet(g)
>>> s.rows[1].points, s.rows[1].cells
(['–', '–'], ['0', '26'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.engine import Game, Line, Outcome, deal_pairings
from scorekeeper.i18n import Translator

# The sheet's words, also importable from here (the views and tests do).
from .sheet_labels import ENGLISH as ENGLISH
from .sheet_labels import deal_status as deal_status
from .sheet_labels import describe as describe
from .sheet_labels import hand_roles as hand_roles
from .sheet_labels import name_of as name_of
from .sheet_labels import roles_text
from .sheet_labels import scorer_names as scorer_names
from .sheet_labels import versus as versus
from .sheet_labels import won_text as won_text
from .sheet_rules import format_name as format_name
from .sheet_rules import oklahoma_reminder as oklahoma_reminder
from .sheet_rules import owed as owed
from .sheet_rules import rules_summary as rules_summary
from .sheet_rules import upcard_info as upcard_info


@dataclass(frozen=True)
class Row:
    number: int
    dealer: str
    text: str
    #: Running totals after the hand: one cell per player (standard, three-hand)
    #: or per (game, player) (Hollywood); an entered score is marked.
    cells: list[str]
    #: Which cells got points this hand (to highlight them).
    scored: list[bool]
    roles: str = ""
    #: The line under the numbers: what happened and who dealt (or the roles).
    detail: str = ""
    #: The points this hand scored, cell by cell as ``cells`` (the score pad's
    #: main figure): the winner's points, blank for the others, a dash in every
    #: cell for a draw.
    points: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ColumnInfo:
    title: str
    closed: bool
    winner: str | None
    totals: list[int]


@dataclass(frozen=True)
class Sheet:
    title: str
    rules: str
    players: list[str]  # display names, in seat order
    #: Column headers of the running-total table (names; Hollywood: "G1 Ann"...).
    header: list[str]
    #: Hollywood: the game each header cell belongs to (0..2); else zeros.
    header_game: list[int]
    rows: list[Row]
    games: list[ColumnInfo]
    totals: list[str]
    status: str  # who deals next / roles
    score: str = ""  # e.g. "Score: Ann 65 · Bob 26" (Hollywood: per game)
    tally: str = ""  # Hollywood series tally
    finished: bool = False
    winner: str | None = None
    final: list[str] = field(default_factory=list)  # game-over lines (bonuses, margin)
    #: The game-over heading: "Ann wins!" (or "Game over").
    headline: str = ""
    #: Hands won by each total's player ("3 won"), shown beside the totals
    #: while the line bonus (per hand won) is on; else empty.
    boxes: list[str] = field(default_factory=list)
    #: Three-hand: the roles for the coming hand, in words ("" otherwise).
    roles: str = ""
    #: Played for money: who pays whom what for what has ended, one payment
    #: a line ("Bob pays Ann €0.75"), and all of it as one line for the status
    #: card ("Owed so far: ..."); empty when not played for money.
    payments: list[str] = field(default_factory=list)
    owed: str = ""
    #: The language the sheet's words are in.
    language: str = "en"
    #: The engine's lines the rows were made from, and what else their words
    #: depend on: a later sheet of the same game reuses the rows of lines it
    #: shares (a replay keeps unchanged lines), so a new hand costs one row.
    source: tuple[tuple[Line, ...], tuple[object, ...]] = field(
        default=((), ()), repr=False, compare=False
    )


@dataclass(frozen=True)
class QuickResult:
    """A result the sheet offers in one tap: the hand form opens with it chosen."""

    label: str
    result: str  # "knock", "gin" or "draw"
    by: str | None  # who knocked (None for a draw)


def quick_results(game: Game, t: Translator = ENGLISH) -> list[QuickResult]:
    """The results of the next hand, one tap each on the sheet: each player
    who can knock this hand knocked or went gin (three-hand: the box and
    the captain, never the sitter), or a draw.  The knocks come first, as
    on the hand form; a knock that is undercut is a knock (the counts say so).

    >>> from scorekeeper.engine import Format
    >>> g = Game(Format.THREE_HAND, ["a", "b", "c"], names={"a": "Ann", "b": "Bob", "c": "Cy"},
    ...          draw=["KS", "2H", "9D"])
    >>> [q.label for q in quick_results(g)]
    ['Ann knocked', 'Cy knocked', 'Ann gin', 'Cy gin', 'Draw']
    """
    st = game.standings
    who = (st.roles.box, st.roles.captain) if st.roles is not None else tuple(game.players)
    if st.pairings is not None:  # partnership: the two at the table being entered
        who = st.pairings[len(st.lines) % 2]
    knocked = t.gettext("{name} knocked")
    gin = t.gettext("{name} gin")
    return [
        *(QuickResult(knocked.format(name=name_of(game.names, p)), "knock", p) for p in who),
        *(QuickResult(gin.format(name=name_of(game.names, p)), "gin", p) for p in who),
        QuickResult(t.gettext("Draw"), "draw", None),
    ]


def build_sheet(game: Game, t: Translator = ENGLISH, previous: Sheet | None = None) -> Sheet:
    """The sheet of ``game`` in the language of ``t`` (reusing the rows of
    ``previous``, an earlier sheet of the same game, where they still hold).

    >>> from scorekeeper.engine import Format, Hand
    >>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
    >>> _ = g.record(Hand.knock("b", 4, 30))
    >>> s = build_sheet(g, Translator("lv"))
    >>> s.status, s.rows[0].detail
    ('Nākamais dala Bob', 'Bob klauvēja (4 pret 30): Bob +26 · dalīja Ann')
    """
    st = game.standings
    names = game.names
    scorer = scorer_names(st, names)  # the columns: players, or sides
    players = list(st.scorers)
    pnames = [scorer[p] for p in players]
    hollywood = st.series
    ncols = len(st.columns)
    if hollywood:
        short = t.gettext("G{game} {name}")
        header = [short.format(game=c + 1, name=n) for c in range(ncols) for n in pnames]
        header_game = [c for c in range(ncols) for _ in pnames]
    else:
        header, header_game = list(pnames), [0] * len(pnames)

    basis = (t.code, tuple(names.items()), tuple(players), ncols)
    reusable: dict[int, Row] = {}
    if previous is not None and previous.source[1] == basis:
        old_lines = previous.source[0]
        reusable = {
            i: row
            for i, (old, row) in enumerate(zip(old_lines, previous.rows, strict=True))
            if i < len(st.lines) and st.lines[i] is old
        }
    rows: list[Row] = []
    for i, line in enumerate(st.lines):
        if i in reusable:
            rows.append(reusable[i])
            continue
        cells: list[str] = []
        scored: list[bool] = []
        points: list[str] = []
        draw = line.result.outcome is Outcome.DRAW
        for ci in range(ncols if hollywood else 1):
            after = line.totals_after[ci] if ci < len(line.totals_after) else {}
            for p in players:
                got = line.winner == p and ci in line.columns
                gain = line.points
                if st.sides is not None:  # a deal's net, on its second hand
                    before = st.lines[i - 1].totals_after[ci] if i else {}
                    gain = after.get(p, 0) - before.get(p, 0)
                    got = ci in line.columns and gain > 0
                cells.append(str(after.get(p, 0)))
                scored.append(got)
                points.append(str(gain) if got else "–" if draw else "")
        roles = ""
        text = describe(line, names, t, dealer=st.sides is None)
        dealer = name_of(names, line.dealer)
        if st.sides is not None:
            first, second = deal_pairings(st.sides, i // 2)[i % 2]
            detail = f"{text} · " + t.gettext("deal {deal}: {first} v {second}").format(
                deal=i // 2 + 1, first=name_of(names, first), second=name_of(names, second)
            )
        elif line.roles is not None:
            r = line.roles
            roles = roles_text(t, names, r.box, r.captain, r.sitter)
            detail = f"{text} · {roles}"
        else:
            detail = f"{text} · " + t.gettext("dealt by {name}").format(name=dealer)
        rows.append(Row(line.number, dealer, text, cells, scored, roles, detail, points))

    games = [
        ColumnInfo(
            t.gettext("Game {n}").format(n=c.index + 1),
            c.finished,
            scorer[c.winner] if c.winner else None,
            [c.totals[p] for p in players],
        )
        for c in st.columns
    ]
    totals = [str(v) for v in (st.totals[p] for p in players)]
    if hollywood:
        totals = [str(col.totals[p]) for col in st.columns for p in players]

    boxes: list[str] = []
    if game.rules.classic_bonuses:
        boxes = [won_text(t, col.hands_won[p]) for col in st.columns for p in players]
    roles_now = ""
    if st.roles is not None and not st.finished:
        roles_now = roles_text(t, names, st.roles.box, st.roles.captain, st.roles.sitter)

    if st.finished:
        status = t.gettext("Game over")
    elif st.pairings is not None:
        status = deal_status(st, names, t)
    elif st.roles is not None:
        r = st.roles
        status = t.gettext(
            "Next hand: {box} in the box deals · {captain} is captain · {sitter} sits out"
        ).format(
            box=name_of(names, r.box),
            captain=name_of(names, r.captain),
            sitter=name_of(names, r.sitter),
        )
    else:
        status = t.gettext("{name} deals next").format(name=name_of(names, st.next_dealer))

    tally = ""
    if hollywood:
        won = st.games_won
        bits = ", ".join(f"{scorer[p]} {won[p]}" for p in players)
        closed = [
            t.gettext("{game}: {winner}").format(game=g.title, winner=g.winner)
            for g in games
            if g.closed
        ]
        if closed:
            tally = t.gettext("Games won: {tally} ({closed})").format(
                tally=bits, closed="; ".join(closed)
            )
        else:
            tally = t.gettext("Games won: {tally}").format(tally=bits)
        if st.winner is not None:
            tally += " · " + t.gettext("{name} has clinched the series (2 of 3)").format(
                name=scorer[st.winner]
            )

    final: list[str] = []
    winner = scorer[st.winner] if st.winner else None
    if st.finished or any(c.finished for c in st.columns):
        for col in st.columns:
            if not col.finished:
                continue
            lines: list[str] = []
            for b in col.bonuses:
                lines.append(
                    t.gettext("{name}: {bonus} +{points}").format(
                        name=scorer[b.player], bonus=t.gettext(b.label), points=b.points
                    )
                )
            if col.bonuses:
                scores = ", ".join(f"{scorer[p]} {col.final[p]}" for p in players)
                lines.append(t.gettext("Final scores: {scores}").format(scores=scores))
            if col.margin is not None:
                if col.bonuses:
                    wins = t.ngettext(
                        "{name} wins by {n} (hand points plus bonuses)",
                        "{name} wins by {n} (hand points plus bonuses)",
                        col.margin,
                    )
                else:
                    wins = t.ngettext("{name} wins by {n}", "{name} wins by {n}", col.margin)
                if st.sides is not None and col.winner is not None:  # a side: two win
                    wins = t.ngettext("{names} win by {n}", "{names} win by {n}", col.margin)
                    lines.append(wins.format(names=scorer[col.winner], n=col.margin))
                else:
                    lines.append(wins.format(name=name_of(names, col.winner), n=col.margin))
            if hollywood:
                game_n = t.gettext("Game {n}: {text}")
                lines = [game_n.format(n=col.index + 1, text=line) for line in lines]
            final += lines

    score = t.gettext("Score: {scores}").format(
        scores=" · ".join(
            f"{scorer[p]} " + " / ".join(str(col.totals[p]) for col in st.columns) for p in players
        )
    )
    if winner is not None and st.sides is not None:
        headline = t.gettext("{names} win!").format(names=winner)
    elif winner is not None:
        headline = t.gettext("{name} wins!").format(name=winner)
    else:
        headline = t.gettext("Game over") if st.finished else ""
    payments, owed_line = owed(st, names, t)
    fmt = game.format.value
    return Sheet(
        title=versus(t, pnames),
        rules=f"{format_name(t, fmt)} · {rules_summary(game.rules, fmt, t)}",
        players=pnames,
        header=header,
        header_game=header_game,
        rows=rows,
        games=games,
        totals=totals,
        status=status,
        score=score,
        tally=tally,
        finished=st.finished,
        winner=winner,
        final=final,
        headline=headline,
        boxes=boxes,
        roles=roles_now,
        payments=payments,
        owed=owed_line,
        language=t.code,
        source=(tuple(st.lines), basis),
    )
