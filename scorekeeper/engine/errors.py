"""The one error type the engine raises for input a player could get wrong.

Every refusal in the rules (a knock over the limit, a card given twice, a hand
entered into a finished game ...) is a :class:`RuleError`.  It subclasses
``ValueError`` so generic code can treat it as bad input, and its message is
written for the player, not for a developer: the UI shows it as it is.

>>> try:
...     raise RuleError("Bob can't knock with 12: the limit this hand is 7 (upcard 7♣)")
... except ValueError as exc:
...     print(exc)
Bob can't knock with 12: the limit this hand is 7 (upcard 7♣)
"""

from __future__ import annotations


class RuleError(ValueError):
    """Input the rules refuse; the message is meant for the player.

    ``hand_number`` (1-based) names the hand of a game's ledger that the
    rules refused, when the error comes from replaying one.
    """

    hand_number: int | None = None


class CardError(RuleError):
    """A card that cannot be read, or one given twice.

    ``token`` is the offending piece of input exactly as it was typed.
    """

    def __init__(self, message: str, token: str = "") -> None:
        super().__init__(message)
        self.token = token
