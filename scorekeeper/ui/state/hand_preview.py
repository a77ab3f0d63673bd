"""The hand form's preview: the hand as it would be scored, in words (the
result, its breakdown, the totals after it, each player's melds), before it
is saved (no flet).

>>> from scorekeeper.engine import Format, Game, Hand
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> p = line_preview(g.preview(Hand.knock("b", 4, 30)), g)
>>> p.ok, p.headline, p.totals
(True, 'Bob knocked (4 v 30): Bob +26', 'Totals after: Ann 0 · Bob 26')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.engine import Game, Line
from scorekeeper.i18n import Translator

from .sheet_labels import ENGLISH, describe, name_of, scorer_names


@dataclass(frozen=True)
class Preview:
    """What the form shows of the hand entered: its score, or why not yet."""

    headline: str = ""
    items: list[str] = field(default_factory=list)
    totals: str = ""
    melds: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str | None = None
    #: The error only says what is still to enter (an :class:`Unfinished`).
    unfinished: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.headline)


def line_preview(line: Line, game: Game, t: Translator = ENGLISH) -> Preview:
    """The preview of ``line``, the hand entered as ``game`` would score it
    (``game``: the game the form is for, whose players or sides it names)."""
    names = game.names
    r = line.result
    items = [
        t.gettext("{label}: {points}").format(label=t.gettext(i.label), points=i.points)
        for i in r.breakdown
    ]
    totals_after = line.totals_after
    scorer = scorer_names(game.standings, names)  # players, or sides
    if len(totals_after) > 1:
        per = [
            f"{who} " + " / ".join(str(t.get(p, 0)) for t in totals_after)
            for p, who in scorer.items()
        ]
    else:
        per = [f"{who} {totals_after[0].get(p, 0)}" for p, who in scorer.items()]
    melds: list[str] = []
    if r.knocker is not None and r.defender is not None:
        kname = name_of(names, line.knocker)
        dname = name_of(names, line.defender)
        whose = t.gettext("{name}'s melds: {melds}")
        melds.append(whose.format(name=kname, melds=" | ".join(str(m) for m in r.knocker.melds)))
        if r.knocker.discard is not None:
            melds.append(
                t.gettext("{name} discards {card}").format(name=kname, card=r.knocker.discard)
            )
        if r.knocker.deadwood_cards:
            melds.append(
                t.gettext("{name} keeps unmelded: {cards}").format(
                    name=kname, cards=" ".join(str(c) for c in r.knocker.deadwood_cards)
                )
            )
        dmelds = " | ".join(str(m) for m in r.defender.melds) or t.gettext("none")
        melds.append(whose.format(name=dname, melds=dmelds))
        if r.defender.laid_off:
            melds.append(
                t.gettext("{name} lays off: {cards}").format(
                    name=dname, cards=" ".join(str(c) for c in r.defender.laid_off)
                )
            )
        melds.append(
            t.gettext("Deadwood: {knocker} {k}, {defender} {d}").format(
                knocker=kname, k=r.knocker_deadwood, defender=dname, d=r.defender_deadwood
            )
        )
    return Preview(
        headline=describe(line, names, t),
        items=items,
        totals=t.gettext("Totals after: {totals}").format(totals=" · ".join(per)),
        melds=melds,
        notes=[t.render(n) for n in r.notes],
    )
