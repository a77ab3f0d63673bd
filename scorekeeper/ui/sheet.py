"""The score sheet as plain data, laid out like the paper one for each format.

>>> from scorekeeper.engine import Game, Hand
>>> g = Game("standard", ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> _ = g.record(Hand.knock("b", 4, 30))
>>> s = build_sheet(g)
>>> s.header, [r.cells for r in s.rows]
(['Ann', 'Bob'], [['0', '26']])
>>> s.rows[0].text, s.status
('Bob knocked (4 v 30): Bob +26', 'Bob deals next')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.engine import Card, Game, Line, Outcome, Rules, Suit, knock_limit


def name_of(names: Mapping[str, str], pid: str | None) -> str:
    if pid is None:
        return "?"
    return names.get(pid, pid)


def describe(line: Line, names: Mapping[str, str]) -> str:
    """One sheet line in words: who did what and who scored."""
    r = line.result
    k = name_of(names, line.knocker)
    w = name_of(names, line.winner)
    doubled = " ×2 ♠" if r.multiplier > 1 else ""
    if r.outcome is Outcome.DRAW:
        return "Draw: no score, same dealer"
    if r.outcome is Outcome.GIN:
        what = f"{k} went gin ({r.defender_deadwood})"
    elif r.outcome is Outcome.BIG_GIN:
        what = f"{k} went big gin ({r.defender_deadwood})"
    elif r.outcome is Outcome.UNDERCUT:
        what = f"{w} undercut {k} ({r.knocker_deadwood} v {r.defender_deadwood})"
    else:
        what = f"{k} knocked ({r.knocker_deadwood} v {r.defender_deadwood})"
    return f"{what}: {w} +{line.points}{doubled}"


def upcard_info(rules: Rules, upcard: Card | None) -> str:
    """Oklahoma: what the upcard means for this hand.

    >>> from scorekeeper.engine import PRESETS, card
    >>> upcard_info(PRESETS["oklahoma"], card("7S"))
    'Upcard 7♠: knock limit 7 · spades double this hand'
    >>> upcard_info(PRESETS["oklahoma"], card("AH"))
    'Upcard A♥: gin only'
    """
    if not rules.oklahoma:
        return f"Knock limit {rules.knock_limit}"
    if upcard is None:
        return "Oklahoma: turn the upcard first, it sets the knock limit"
    limit, _ = knock_limit(rules, upcard)
    text = f"Upcard {upcard}: " + ("gin only" if limit == 0 else f"knock limit {limit}")
    if rules.oklahoma_spades_double and upcard.suit is Suit.SPADES:
        text += " · spades double this hand"
    return text


def rules_summary(rules: Rules, fmt: str) -> str:
    parts = [f"to {rules.target}"]
    if rules.oklahoma:
        ok = "Oklahoma (upcard = knock limit"
        if rules.oklahoma_ace_gin:
            ok += ", ace: gin only"
        if rules.oklahoma_spades_double:
            ok += ", spades double"
        parts.append(ok + ")")
    else:
        parts.append(f"knock ≤ {rules.knock_limit}")
    parts.append(f"gin +{rules.gin_bonus}")
    parts.append(f"undercut +{rules.undercut_bonus}")
    if rules.big_gin:
        parts.append(f"big gin +{rules.big_gin_bonus}")
    if rules.classic_bonuses:
        parts.append(f"classic bonuses (game {rules.game_bonus}, box {rules.box_bonus})")
    if fmt == "hollywood" and rules.hollywood_rolling:
        parts.append("rolling sheet")
    return " · ".join(parts)


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


def build_sheet(game: Game) -> Sheet:
    st = game.standings
    names = game.names
    players = list(st.players)
    pnames = [name_of(names, p) for p in players]
    hollywood = game.format.value == "hollywood"
    ncols = len(st.columns)
    if hollywood:
        header = [f"G{c + 1} {n}" for c in range(ncols) for n in pnames]
        header_game = [c for c in range(ncols) for _ in pnames]
    else:
        header, header_game = list(pnames), [0] * len(pnames)

    rows: list[Row] = []
    for line in st.lines:
        cells: list[str] = []
        scored: list[bool] = []
        for ci in range(ncols if hollywood else 1):
            after = line.totals_after[ci] if ci < len(line.totals_after) else {}
            for p in players:
                got = line.winner == p and ci in line.columns
                cells.append(str(after.get(p, 0)))
                scored.append(got)
        roles = ""
        if line.roles is not None:
            r = line.roles
            roles = (
                f"box {name_of(names, r.box)} · captain {name_of(names, r.captain)}"
                f" · sits out {name_of(names, r.sitter)}"
            )
        rows.append(
            Row(
                line.number,
                name_of(names, line.dealer),
                describe(line, names),
                cells,
                scored,
                roles,
            )
        )

    games = [
        ColumnInfo(
            f"Game {c.index + 1}",
            c.finished,
            name_of(names, c.winner) if c.winner else None,
            [c.totals[p] for p in players],
        )
        for c in st.columns
    ]
    totals = [str(v) for v in (st.totals[p] for p in players)]
    if hollywood:
        totals = [str(col.totals[p]) for col in st.columns for p in players]

    if st.finished:
        status = "Game over"
    elif st.roles is not None:
        r = st.roles
        status = (
            f"Next hand: {name_of(names, r.box)} in the box deals · "
            f"{name_of(names, r.captain)} is captain · {name_of(names, r.sitter)} sits out"
        )
    else:
        status = f"{name_of(names, st.next_dealer)} deals next"

    tally = ""
    if hollywood:
        won = st.games_won
        parts = []
        for g in games:
            if g.closed:
                parts.append(f"{g.title}: {g.winner}")
        bits = [f"{name_of(names, p)} {won[p]}" for p in players]
        tally = "Games won: " + ", ".join(bits)
        if parts:
            tally += " (" + "; ".join(parts) + ")"
        if st.winner is not None:
            tally += f" · {name_of(names, st.winner)} has clinched the series (2 of 3)"

    final: list[str] = []
    winner = name_of(names, st.winner) if st.winner else None
    if st.finished or any(c.finished for c in st.columns):
        for col in st.columns:
            if not col.finished:
                continue
            prefix = f"Game {col.index + 1}: " if hollywood else ""
            for b in col.bonuses:
                final.append(f"{prefix}{name_of(names, b.player)}: {b.label} +{b.points}")
            if col.bonuses:
                scores = ", ".join(f"{name_of(names, p)} {col.final[p]}" for p in players)
                final.append(f"{prefix}Final scores: {scores}")
            if col.margin is not None:
                final.append(
                    f"{prefix}{name_of(names, col.winner)} wins by {col.margin}"
                    + (" (hand points plus bonuses)" if col.bonuses else "")
                )

    score = "Score: " + " · ".join(
        f"{name_of(names, p)} " + " / ".join(str(col.totals[p]) for col in st.columns)
        for p in players
    )
    fmt_label = {"standard": "Gin", "hollywood": "Hollywood gin", "three-hand": "Three-hand gin"}
    title = " v ".join(pnames)
    return Sheet(
        title=title,
        rules=f"{fmt_label[game.format.value]} · " + rules_summary(game.rules, game.format.value),
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
    )
