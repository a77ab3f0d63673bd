"""The hand form's card grid: the cards tapped for each player (their
deadwood, or their whole hands), Oklahoma's upcard picked on it, and what
the taps add up to, shown while tapping (no flet).

:class:`CardTaps` is a part of :class:`~scorekeeper.ui.state.hand_model.HandForm`,
which builds the hand from the cards.

>>> from scorekeeper.engine import Format, Game, card
>>> from scorekeeper.ui.state.hand_model import HandForm
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> f = HandForm(g); f.set_knocker("b"); f.set_mode("deadwood")
>>> f.tap_card(card("7S")); f.tap_card(card("3H")); f.card_summary("knocker")
'Bob: 2 cards, deadwood 10'
>>> f.set_mode("cards"); f.clear_cards()
>>> f.t = Translator("uk"); f.card_summary("knocker")
'Bob: 0 з 10 карт'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine import DECK, Card, Game, best_arrangement, cards_value
from scorekeeper.i18n import Translator


class CardTaps:
    """The card grid's part of the hand form: whose cards a tap goes to,
    and the cards each player holds."""

    game: Game
    mode: str
    result: str
    knocker_cards: list[Card]
    defender_cards: list[Card]
    tapping: str
    no_deadwood: set[str]
    picking_upcard: bool
    error: str | None
    touched: bool
    t: Translator

    if TYPE_CHECKING:  # the form's own

        def role_name(self, who: str) -> str: ...

        def set_upcard(self, c: Card | None) -> None: ...

    def set_tapping(self, who: str) -> None:
        self.tapping = who

    def tap_card(self, c: Card) -> None:
        """Tap a card on the grid: it goes to (or leaves) the selected player's cards."""
        self.error = None
        self.touched = True
        if self.picking_upcard:
            self.set_upcard(c)
            return
        mine = self.knocker_cards if self.tapping == "knocker" else self.defender_cards
        other = self.defender_cards if self.tapping == "knocker" else self.knocker_cards
        if c in mine:
            mine.remove(c)
            return
        if c in other:  # never moved silently: the other player holds it
            whose = "defender" if self.tapping == "knocker" else "knocker"
            self.error = self.t.gettext("{card} is in {name}'s hand").format(
                card=c, name=self.role_name(whose)
            )
            return
        self.no_deadwood.discard(self.tapping)
        mine.append(c)
        whole = len(mine) >= self.knocker_size() and len(self.defender_cards) < 10
        if self.mode == "cards" and self.tapping == "knocker" and whole:
            self.tapping = "defender"  # the knocker's hand is whole: on to the defender's

    def knocker_size(self) -> int:
        """The cards of the knocker's full hand: 10, or 11 when big gin is
        played and claimed."""
        return 11 if self.game.rules.big_gin and self.result == "big-gin" else 10

    def set_no_deadwood(self, who: str, on: bool = True) -> None:
        """Deadwood-cards mode: say that ``who`` has no deadwood (clears their taps)."""
        self.touched = True
        self.error = None
        if on:
            self.no_deadwood.add(who)
            (self.knocker_cards if who == "knocker" else self.defender_cards).clear()
        else:
            self.no_deadwood.discard(who)

    def no_deadwood_label(self, who: str) -> str:
        """E.g. "Bob: no deadwood"."""
        return self.t.gettext("{name}: no deadwood").format(name=self.role_name(who))

    def owner(self, c: Card) -> str | None:
        if c in self.knocker_cards:
            return "knocker"
        if c in self.defender_cards:
            return "defender"
        return None

    def clear_cards(self) -> None:
        self.knocker_cards.clear()
        self.defender_cards.clear()
        self.no_deadwood.clear()
        self.error = None
        self.touched = True

    # --- card-grid summaries (shown while tapping) ----------------------------

    def card_summary(self, who: str) -> str:
        """E.g. "Ann: 3 cards, deadwood 12" plus a meld warning in deadwood mode."""
        t = self.t
        cards = self.knocker_cards if who == "knocker" else self.defender_cards
        label = self.role_name(who)
        n = len(cards)
        if self.mode == "deadwood":
            text = t.ngettext(
                "{name}: {n} card, deadwood {deadwood}", "{name}: {n} cards, deadwood {deadwood}", n
            ).format(name=label, n=n, deadwood=cards_value(cards))
            if 3 <= n <= 11:  # more is refused when the hand is built, not here
                melds = best_arrangement(tuple(cards)).melds
                if melds:
                    text += " · " + t.gettext("these cards hold a meld: {melds}").format(
                        melds=", ".join(str(m) for m in melds)
                    )
            return text
        if who == "knocker" and self.game.rules.big_gin:
            need = t.gettext("{name}: {n} of 10 (11 for big gin) cards")
        else:
            need = t.gettext("{name}: {n} of 10 cards")
        return need.format(name=label, n=n)


def deck_by_suit() -> list[list[Card]]:
    """The grid: one row per suit (♠ ♥ ♦ ♣), A to K."""
    return [list(DECK[i * 13 : (i + 1) * 13]) for i in range(4)]
