"""The words of a score sheet: the players' names, each hand in one line, a
partnership's deals, three-hand's roles, the hands won (no flet).

What :mod:`~scorekeeper.ui.state.sheet_model` builds the sheet's rows and titles
from, and what the hand form, the table view, home and the history name the
players and the hands with.

>>> from scorekeeper.engine import Format, Game, Hand
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> describe(g.record(Hand.knock("b", 4, 30)).standings.lines[0], g.names)
'Bob knocked (4 v 30): Bob +26'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from scorekeeper.engine import Game, Line, Outcome, Standings
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

    >>> from scorekeeper.engine import Format, Game
    >>> scorer_names(Game(Format.PARTNERSHIP, ["a", "b", "c", "d"]).standings, {"a": "Ann"})
    {'a': 'Ann & c', 'b': 'b & d'}
    """
    if st.sides is None:
        return {p: name_of(names, p) for p in st.players}
    return {side[0]: " & ".join(name_of(names, p) for p in side) for side in st.sides}


def heads(names: Sequence[str], room: int) -> tuple[str, ...]:
    """Column heads for ``names`` where ``room`` characters fit (Hollywood's
    narrow columns on a phone).  A name cut at its end ("Alex…") is left to
    the screen, unless two names would read the same cut: those keep their
    first letter and as much of their end as fits ("A…er", "A…ra").

    >>> heads(["Alexander", "Alexandra"], 4), heads(["Alexander", "Bob"], 4)
    (('A…er', 'A…ra'), ('Alexander', 'Bob'))
    >>> heads(["Alexander", "Alexandra"], 14), heads(["Anna Lee", "Anna Lee"], 4)
    (('Alexander', 'Alexandra'), ('Anna Lee', 'Anna Lee'))
    """
    if room < 3:
        return tuple(names)
    cut = [n[: room - 1] if len(n) > room else n for n in names]
    # cuts shared by different names (one name twice is no help to tell)
    same = {c for c in cut if len({n for n, k in zip(names, cut, strict=True) if k == c}) > 1}
    out = []
    for name, c in zip(names, cut, strict=True):
        if c in same and len(name) > room:
            end = len(name) - (room - 2)
            while end < len(name) - 1 and unicodedata.combining(name[end]):
                end += 1  # a mark stays with its letter
            out.append(f"{name[0]}…{name[end:]}")
        else:
            out.append(name)
    return tuple(out) if len(set(out)) == len(set(names)) else tuple(names)


def deal_status(st: Standings, names: Mapping[str, str], t: Translator = ENGLISH) -> str:
    """A partnership's coming deal: who plays whom at each table, or the
    table still to enter of a deal half entered ("" outside a partnership).

    >>> from scorekeeper.engine import Format, Game, Hand
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


def won_text(t: Translator, n: int) -> str:
    """Hands won, beside a total while the line bonus is on.

    >>> won_text(ENGLISH, 3), won_text(Translator("lv"), 1)
    ('3 won', '1 uzvarēta')
    """
    return t.ngettext("{n} won", "{n} won", n).format(n=n)


def hand_roles(game: Game, index0: int | None, t: Translator = ENGLISH) -> str:
    """Three-hand: who is box and captain (and sits out) for the hand being
    entered (``index0`` None) or corrected; "" in the other formats.

    >>> from scorekeeper.engine import Format
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
    return roles_text(t, game.names, r.box, r.captain, r.sitter)


def roles_text(t: Translator, names: Mapping[str, str], box: str, captain: str, sitter: str) -> str:
    """Three-hand's roles in one line: "box Ann · captain Cy · sits out Bob"."""
    return t.gettext("box {box} · captain {captain} · sits out {sitter}").format(
        box=name_of(names, box), captain=name_of(names, captain), sitter=name_of(names, sitter)
    )
