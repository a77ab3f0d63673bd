"""A game's full sheet, read-only, as plain translated data (no flet here).

Every hand with who dealt, what happened, each score's breakdown (the
engine's English labels are msgids, translated here), the running totals
(Hollywood: three columns, or more when rolling) and three-hand roles.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import Format, Game, deal_pairings, format_spec
from scorekeeper.i18n import Translator

from ..state.sheet_labels import describe, name_of, scorer_names, versus

__all__ = ["ColumnHead", "GameView", "HandRow", "build_game_view", "format_label"]


def format_label(t: Translator, fmt: Format | str) -> str:
    """A format's name in a list of choices ("Hollywood")."""
    return t.gettext(format_spec(fmt).label)


@dataclass(frozen=True)
class HandRow:
    number: int
    text: str  # what happened, e.g. "Bob knocked (4 v 30): Bob +26"
    dealer: str  # "dealt by Ann" or the three-hand roles
    cells: tuple[str, ...]  # running totals: per player (per column and player in Hollywood)
    scored: tuple[bool, ...]
    breakdown: tuple[str, ...]  # "gin bonus +25", ...


@dataclass(frozen=True)
class ColumnHead:
    title: str  # "Game 1"
    winner: str | None
    closed: bool


@dataclass(frozen=True)
class GameView:
    game_id: str
    title: str
    format: Format
    players: tuple[str, ...]  # display names, seat order
    columns: tuple[ColumnHead, ...]
    rows: tuple[HandRow, ...]
    totals: tuple[str, ...]
    status: str
    finished: bool
    deleted: bool
    #: Several games at once (Hollywood, a partnership scored Hollywood-style).
    series: bool = False


def build_game_view(t: Translator, game_id: str, game: Game, *, deleted: bool = False) -> GameView:
    st = game.standings
    names = game.names
    scorer = scorer_names(st, names)  # players, or a partnership's sides
    players = st.scorers
    pnames = tuple(scorer[p] for p in players)
    hollywood = game.standings.series
    ncols = len(st.columns) if hollywood else 1
    rows: list[HandRow] = []
    for i, line in enumerate(st.lines):
        cells: list[str] = []
        scored: list[bool] = []
        for ci in range(ncols):
            after = line.totals_after[ci] if ci < len(line.totals_after) else {}
            before = st.lines[i - 1].totals_after[ci] if i and st.sides is not None else {}
            for p in players:
                cells.append(str(after.get(p, 0)))
                if st.sides is not None:  # a deal's net, on its second hand
                    scored.append(ci in line.columns and after[p] > before.get(p, 0))
                else:
                    scored.append(line.winner == p and ci in line.columns)
        if st.sides is not None:
            first, second = deal_pairings(st.sides, i // 2)[i % 2]
            dealer = t.gettext("deal {deal}: {first} v {second}").format(
                deal=i // 2 + 1, first=name_of(names, first), second=name_of(names, second)
            )
        elif line.roles is not None:
            r = line.roles
            dealer = t.gettext("box {box} · captain {captain} · {sitter} sits out").format(
                box=name_of(names, r.box), captain=name_of(names, r.captain),
                sitter=name_of(names, r.sitter),
            )  # fmt: skip
        else:
            dealer = t.gettext("dealt by {name}").format(name=name_of(names, line.dealer))
        breakdown = tuple(
            t.gettext("{label} {points}").format(label=t.gettext(i.label), points=f"{i.points:+d}")
            for i in line.breakdown
        )
        rows.append(
            HandRow(
                line.number,
                describe(line, names, t, dealer=st.sides is None),  # the live sheet's words
                dealer,
                tuple(cells),
                tuple(scored),
                breakdown,
            )
        )
    heads = tuple(
        ColumnHead(
            t.gettext("Game {n}").format(n=c.index + 1),
            scorer[c.winner] if c.winner else None,
            c.finished,
        )
        for c in (st.columns if hollywood else st.columns[:1])
    )
    if hollywood:
        totals = tuple(str(c.totals[p]) for c in st.columns for p in players)
    else:
        totals = tuple(str(st.totals[p]) for p in players)
    if st.winner is not None and st.sides is not None:
        status = t.gettext("{names} won").format(names=scorer[st.winner])
    elif st.winner is not None:
        status = t.gettext("{name} won").format(name=name_of(names, st.winner))
        if not st.finished:
            status = t.gettext("{name} has clinched the series").format(
                name=name_of(names, st.winner)
            )
    elif st.finished:
        status = t.gettext("Game over")
    else:
        status = t.gettext("Unfinished")
    title = t.gettext("{format}: {players}").format(
        format=format_label(t, game.format), players=versus(t, list(pnames))
    )
    return GameView(
        game_id=game_id,
        title=title,
        format=game.format,
        players=pnames,
        columns=heads,
        rows=tuple(rows),
        totals=totals,
        status=status,
        finished=st.finished,
        deleted=deleted,
        series=st.series,
    )
