"""A game's rules in words: the rules line under the sheet's title, what
Oklahoma's upcard means and what it asks before each hand, and what the
players owe each other when playing for money (no flet).

>>> from scorekeeper.engine import PRESETS
>>> format_name(ENGLISH, Format.THREE_HAND), upcard_info(PRESETS["seed"], None)
('Three-hand gin', 'Knock limit 10')
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.engine import (
    Card,
    DealerRule,
    Format,
    Rules,
    Standings,
    Suit,
    format_spec,
    knock_limit,
    settlement,
)
from scorekeeper.i18n import Translator

from .sheet_labels import ENGLISH, name_of


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

    >>> from scorekeeper.engine import Game, Hand
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
