"""The score sheet as plain data, laid out like the paper one for each format.

>>> from scorekeeper.engine import Game, Hand
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

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.engine import (
    Card,
    DealerRule,
    Format,
    Game,
    Line,
    Outcome,
    Rules,
    Standings,
    Suit,
    deal_pairings,
    format_spec,
    knock_limit,
    settlement,
)
from scorekeeper.i18n import Translator

#: The language of a sheet built without a translator (and of the tests' doctests).
ENGLISH = Translator("en")


def name_of(names: Mapping[str, str], pid: str | None) -> str:
    if pid is None:
        return "?"
    return names.get(pid, pid)


def scorer_names(st: Standings, names: Mapping[str, str]) -> dict[str, str]:
    """Whom the columns score, by name: the players, or a partnership's
    sides by their players ("Ann & Cy"), under the side's first player.

    >>> from scorekeeper.engine import Game
    >>> scorer_names(Game(Format.PARTNERSHIP, ["a", "b", "c", "d"]).standings, {"a": "Ann"})
    {'a': 'Ann & c', 'b': 'b & d'}
    """
    if st.sides is None:
        return {p: name_of(names, p) for p in st.players}
    return {side[0]: " & ".join(name_of(names, p) for p in side) for side in st.sides}


def deal_status(st: Standings, names: Mapping[str, str], t: Translator = ENGLISH) -> str:
    """A partnership's coming deal: who plays whom at each table, or the
    table still to enter of a deal half entered ("" outside a partnership).

    >>> from scorekeeper.engine import Game, Hand
    >>> g = Game(Format.PARTNERSHIP, ["Ann", "Bob", "Cy", "Dan"])
    >>> deal_status(g.standings, {})
    'Deal 1: Ann v Bob · Cy v Dan'
    >>> deal_status(g.record(Hand.gin("Bob", 10)).standings, {})
    'Deal 1: now Cy v Dan'
    """
    if st.pairings is None:
        return ""
    (p1, p2), (p3, p4) = st.pairings
    deal = len(st.lines) // 2 + 1
    if len(st.lines) % 2:
        return t.gettext("Deal {deal}: now {first} v {second}").format(
            deal=deal, first=name_of(names, p3), second=name_of(names, p4)
        )
    return t.gettext("Deal {deal}: {first} v {second} · {third} v {fourth}").format(
        deal=deal,
        first=name_of(names, p1),
        second=name_of(names, p2),
        third=name_of(names, p3),
        fourth=name_of(names, p4),
    )


def versus(t: Translator, names: list[str]) -> str:
    """The players as a title: "Ann v Bob" (three-hand: "Ann v Bob v Cy").

    >>> versus(ENGLISH, ["Ann", "Bob", "Cy"])
    'Ann v Bob v Cy'
    """
    if not names:
        return ""
    title = names[0]
    for name in names[1:]:
        title = t.gettext("{first} v {second}").format(first=title, second=name)
    return title


def describe(
    line: Line, names: Mapping[str, str], t: Translator = ENGLISH, *, dealer: bool = True
) -> str:
    """One sheet line in words: who did what and who scored (``dealer``:
    whether the game keeps a dealer, whom a draw keeps dealing)."""
    r = line.result
    k = name_of(names, line.knocker)
    w = name_of(names, line.winner)
    if r.outcome is Outcome.DRAW:
        if not dealer:
            return t.gettext("Draw: no score")
        return t.gettext("Draw: no score, same dealer")
    if r.outcome is Outcome.GIN:
        what = t.gettext("{name} went gin ({d})").format(name=k, d=r.defender_deadwood)
    elif r.outcome is Outcome.BIG_GIN:
        what = t.gettext("{name} went big gin ({d})").format(name=k, d=r.defender_deadwood)
    elif r.outcome is Outcome.UNDERCUT:
        what = t.gettext("{winner} undercut {name} ({k} v {d})").format(
            winner=w, name=k, k=r.knocker_deadwood, d=r.defender_deadwood
        )
    else:
        what = t.gettext("{name} knocked ({k} v {d})").format(
            name=k, k=r.knocker_deadwood, d=r.defender_deadwood
        )
    if r.multiplier > 1:
        template = t.gettext("{what}: {winner} +{points} ×2 ♠")
    else:
        template = t.gettext("{what}: {winner} +{points}")
    return template.format(what=what, winner=w, points=line.points)


def upcard_info(rules: Rules, upcard: Card | None, t: Translator = ENGLISH) -> str:
    """Oklahoma: what the upcard means for this hand.

    >>> from scorekeeper.engine import PRESETS, card
    >>> upcard_info(PRESETS["oklahoma"], card("7S"))
    'Upcard 7♠: knock limit 7 · spades double this hand'
    >>> upcard_info(PRESETS["oklahoma"], card("AH"), Translator("lv"))
    'Atklātā kārts A♥: tikai džins'
    """
    if not rules.oklahoma:
        return t.gettext("Knock limit {limit}").format(limit=rules.knock_limit)
    if upcard is None:
        return t.gettext("Oklahoma: turn the upcard first, it sets the knock limit")
    limit, _ = knock_limit(rules, upcard)
    if limit == 0:
        text = t.gettext("Upcard {card}: gin only").format(card=upcard)
    else:
        text = t.gettext("Upcard {card}: knock limit {limit}").format(card=upcard, limit=limit)
    if rules.oklahoma_spades_double and upcard.suit is Suit.SPADES:
        text += " · " + t.gettext("spades double this hand")
    return text


def format_name(t: Translator, fmt: Format | str) -> str:
    """The kind of gin a game plays, for the rules line."""
    return t.gettext(format_spec(fmt).title)


def rules_summary(rules: Rules, fmt: Format | str, t: Translator = ENGLISH) -> str:
    """The rules of a game in one line.

    >>> from scorekeeper.engine import PRESETS
    >>> for part in rules_summary(PRESETS["oklahoma"], Format.STANDARD).split(" · "):
    ...     print(part)
    to 150
    Oklahoma (upcard = knock limit, ace: gin only, spades double)
    gin +25
    undercut +10
    """
    parts = [t.gettext("to {target}").format(target=rules.target)]
    if rules.oklahoma:
        details = [t.gettext("upcard = knock limit")]
        if rules.oklahoma_ace_gin:
            details.append(t.gettext("ace: gin only"))
        if rules.oklahoma_spades_double:
            details.append(t.gettext("spades double"))
        parts.append(t.gettext("Oklahoma ({details})").format(details=", ".join(details)))
    else:
        parts.append(t.gettext("knock ≤ {limit}").format(limit=rules.knock_limit))
    parts.append(t.gettext("gin +{points}").format(points=rules.gin_bonus))
    parts.append(t.gettext("undercut +{points}").format(points=rules.undercut_bonus))
    if rules.big_gin:
        parts.append(t.gettext("big gin +{points}").format(points=rules.big_gin_bonus))
    if rules.classic_bonuses:
        parts.append(
            t.gettext("classic bonuses (game {game}, line {line} per hand won)").format(
                game=rules.game_bonus, line=rules.box_bonus
            )
        )
    spec = format_spec(fmt)
    if spec.applies("hollywood_rolling") and rules.hollywood_rolling:
        parts.append(t.gettext("rolling sheet"))
    if spec.applies("partnership_hollywood") and rules.partnership_hollywood:
        parts.append(t.gettext("Hollywood scoring (three games at once)"))
    if spec.applies("dealer"):  # the winner deals unless the game says otherwise
        if rules.dealer is DealerRule.LOSER:
            parts.append(t.gettext("loser deals"))
        elif rules.dealer is DealerRule.ALTERNATE:
            parts.append(t.gettext("the deal alternates"))
    if rules.stake:
        stake = t.money(rules.stake, rules.currency)
        parts.append(t.gettext("stake {amount} a point").format(amount=stake))
        if spec.applies("third_game_double") and rules.third_game_double:
            parts.append(t.gettext("third game counts double"))
    return " · ".join(parts)


def owed(st: Standings, names: Mapping[str, str], t: Translator = ENGLISH) -> tuple[list[str], str]:
    """What the players owe each other for what has ended (RULES §10): each
    payment in words, and one line for the sheet ("" if not for money).

    >>> from scorekeeper.engine import Hand
    >>> g = Game(Format.HOLLYWOOD, ["a", "b"], Rules(stake=1), names={"a": "Ann", "b": "Bob"})
    >>> owed(g.standings, g.names)
    ([], 'Nothing is owed until a game ends')
    >>> owed(g.record(Hand.gin("a", 80)).standings, g.names)  # game 1 is over: 105-0
    (['Bob pays Ann €1.05'], 'Owed so far: Bob pays Ann €1.05')
    """
    rules = st.rules
    if not rules.stake:
        return [], ""
    payments = [
        t.gettext("{payer} pays {payee} {amount}").format(
            payer=name_of(names, p.payer),
            payee=name_of(names, p.payee),
            amount=t.money(p.amount, rules.currency),
        )
        for p in settlement(st)
    ]
    if st.finished:
        return payments, " · ".join(payments) or t.gettext("All square: nobody pays")
    if payments:
        return payments, t.gettext("Owed so far: {payments}").format(payments=" · ".join(payments))
    if len(st.columns) > 1:  # Hollywood: each game is owed when it ends
        if any(c.finished for c in st.columns):
            return payments, t.gettext("All square so far")
        return payments, t.gettext("Nothing is owed until a game ends")
    return payments, t.gettext("Nothing is owed until the game ends")


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


def won_text(t: Translator, n: int) -> str:
    """Hands won, beside a total while the line bonus is on.

    >>> won_text(ENGLISH, 3), won_text(Translator("lv"), 1)
    ('3 won', '1 uzvarēta')
    """
    return t.ngettext("{n} won", "{n} won", n).format(n=n)


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


def hand_roles(game: Game, index0: int | None, t: Translator = ENGLISH) -> str:
    """Three-hand: who is box and captain (and sits out) for the hand being
    entered (``index0`` None) or corrected; "" in the other formats.

    >>> g = Game(Format.THREE_HAND, ["a", "b", "c"], names={"a": "Ann", "b": "Bob", "c": "Cy"},
    ...          draw=["KS", "2H", "9D"])
    >>> hand_roles(g, None)
    'box Ann · captain Cy · sits out Bob'
    """
    if index0 is None:
        r = game.standings.roles
    else:
        lines = game.standings.lines
        r = lines[index0].roles if 0 <= index0 < len(lines) else None
    if r is None:
        return ""
    return _roles(t, game.names, r.box, r.captain, r.sitter)


def _roles(t: Translator, names: Mapping[str, str], box: str, captain: str, sitter: str) -> str:
    return t.gettext("box {box} · captain {captain} · sits out {sitter}").format(
        box=name_of(names, box), captain=name_of(names, captain), sitter=name_of(names, sitter)
    )


def build_sheet(game: Game, t: Translator = ENGLISH, previous: Sheet | None = None) -> Sheet:
    """The sheet of ``game`` in the language of ``t`` (reusing the rows of
    ``previous``, an earlier sheet of the same game, where they still hold).

    >>> from scorekeeper.engine import Hand
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
            roles = _roles(t, names, r.box, r.captain, r.sitter)
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
        roles_now = _roles(t, names, st.roles.box, st.roles.captain, st.roles.sitter)

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


def oklahoma_reminder(t: Translator, rules: Rules) -> str:
    """What Oklahoma asks before each hand, as one whole sentence per variant
    (a translation cannot be glued together from English fragments).

    >>> from scorekeeper.engine import PRESETS
    >>> oklahoma_reminder(Translator("en"), PRESETS["oklahoma"])
    'Oklahoma: turn the upcard first: it sets the knock limit,
    an ace means gin only, a spade doubles the hand.'
    """
    ace, spade = rules.oklahoma_ace_gin, rules.oklahoma_spades_double
    if ace and spade:
        return t.gettext(
            "Oklahoma: turn the upcard first: it sets the knock limit, "
            "an ace means gin only, a spade doubles the hand."
        )
    if ace:
        return t.gettext(
            "Oklahoma: turn the upcard first: it sets the knock limit, an ace means gin only."
        )
    if spade:
        return t.gettext(
            "Oklahoma: turn the upcard first: it sets the knock limit, a spade doubles the hand."
        )
    return t.gettext("Oklahoma: turn the upcard first: it sets the knock limit.")
