"""The hand form's keypad: the two deadwood counts of a quick entry, typed
digit by digit on the on-screen keys or whole on a keyboard (no flet).

:class:`Keypad` is a part of :class:`~scorekeeper.ui.state.hand_model.HandForm`,
which holds the counts it types into.

>>> from scorekeeper.engine import Format, Game
>>> from scorekeeper.ui.state.hand_model import HandForm
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> f = HandForm(g)

The keypad moves on by itself: a count that no further digit can make
possible (more than the knock limit, more than 98) is finished, and the
first digit typed into a finished count replaces it.

>>> f.set_knocker("b"); f.press("4"); f.active
'defender'
>>> f.press("3"); f.press("0"); f.preview().headline
'Bob knocked (4 v 30): Bob +26'
>>> f.set_active("defender"); f.press("2"); f.press("4"); f.d_text
'24'
>>> f.set_count("defender", "300"); f.preview().error
"the defender's deadwood of 300 is impossible: ten cards leave at most 98"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine import MAX_DEADWOOD, Card, Game, knock_limit
from scorekeeper.i18n import Translator

MAX_DIGITS = 3


class Keypad:
    """The keypad's part of the hand form: which count it types into, and
    the keys."""

    game: Game
    result: str
    k_text: str
    d_text: str
    active: str
    fresh: bool
    upcard: Card | None
    error: str | None
    touched: bool
    t: Translator

    if TYPE_CHECKING:  # the form's own

        def deadwood_label(self, who: str) -> str: ...

    def set_active(self, which: str) -> None:
        """Select a count (tap its box): the next digit starts it over."""
        self.active = which
        self.fresh = True

    def limit(self, which: str) -> int:
        """The most the count ``which`` can be: the knock limit for the knocker
        (Oklahoma: the upcard's, once turned), 98 for the defender."""
        if which == "defender":
            return MAX_DEADWOOD
        rules = self.game.rules
        if rules.oklahoma and self.upcard is None:
            return rules.knock_limit
        return knock_limit(rules, self.upcard)[0]

    def _next_count(self) -> bool:
        """Move the keypad on to the next count still open; False if there is none."""
        gin = self.result in ("gin", "big-gin")
        if self.active == "knocker":
            self.active = "defender"
        elif not gin and not self.k_text:
            self.active = "knocker"
        else:
            return False
        return True

    def press(self, key: str) -> None:
        """The numeric keypad: digits, "⌫" (back) and "C" (clear).

        A digit that would make the count more than it can be (see
        :meth:`limit`) starts the next count instead; a count that no digit
        can grow is finished, and the keypad moves on to the next one."""
        self.error = None
        self.touched = True
        text = self.k_text if self.active == "knocker" else self.d_text
        if key == "⌫":
            text = text[:-1]
        elif key == "C":
            text = ""
        elif key.isdigit() and len(key) == 1:
            base = "" if self.fresh else text
            text = (base + key).lstrip("0") or "0"
            if base and int(text) > self.limit(self.active) and self._next_count():
                self.fresh = True
                self.press(key)
                return
            if len(text) > MAX_DIGITS + 1:
                return
        else:
            return
        self.fresh = False
        if self.active == "knocker":
            self.k_text = text
        else:
            self.d_text = text
        if text and (text == "0" or int(text) * 10 > self.limit(self.active)):
            # no digit can follow: on to the next count, or start this one over
            self._next_count()
            self.fresh = True

    def set_count(self, which: str, text: str) -> None:
        """Typed directly (keyboard): a whole number, or refused with a message
        (never rewritten: "-100" is not 100, "1e3" is not 13)."""
        self.touched = True
        text = text.strip()
        if text and not (text.isascii() and text.isdigit()):
            self.error = self.t.gettext("{label}: enter a whole number, not “{text}”").format(
                label=self.deadwood_label(which), text=text
            )
            return
        if which == "knocker":
            self.k_text = text
        else:
            self.d_text = text
        self.error = None
