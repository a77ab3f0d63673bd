"""The one error type the engine raises for input a player could get wrong,
and the translatable messages it carries.

Every refusal in the rules (a knock over the limit, a card given twice, a hand
entered into a finished game ...) is a :class:`RuleError`.  It subclasses
``ValueError`` so generic code can treat it as bad input, and its message is
written for the player, not for a developer: the UI shows it as it is.

The engine does no I/O and knows no language but English, yet the app speaks
four.  So a message is kept as a :class:`Msg`: an English template (the
gettext msgid) and its values.  ``str()`` gives English; the UI renders the
same message through its translations.

>>> class Latvian:
...     def gettext(self, message):
...         return {"{name} can't knock with {k}": "{name} nevar klauvēt ar {k}"}[message]
...     def ngettext(self, singular, plural, n):
...         return singular if n == 1 else plural
>>> try:
...     raise RuleError("{name} can't knock with {k}", name="Bob", k=12)
... except ValueError as exc:
...     print(exc)
...     print(exc.msg.render(Latvian()))
Bob can't knock with 12
Bob nevar klauvēt ar 12
>>> str(Msg.plural("{n} card", "{n} cards", 2))
'2 cards'
"""

from __future__ import annotations

from typing import Protocol


class Translations(Protocol):
    """What :meth:`Msg.render` needs: the gettext API of ``gettext.NullTranslations``."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str: ...


def N_(message: str) -> str:
    """Mark a string for translation where it is defined; translate it where shown."""
    return message


class Msg:
    """A message to show a player: an English template and the values in it.

    Values may themselves be :class:`Msg` (a reason inside a sentence); they
    are translated too.  A plural message picks its form by ``n``.
    """

    __slots__ = ("n", "params", "plural_template", "template")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.plural_template: str | None = None
        self.n = 0
        self.params = params

    @classmethod
    def plural(cls, singular: str, plural: str, n: int, /, **params: object) -> Msg:
        msg = cls(singular, n=n, **params)
        msg.plural_template, msg.n = plural, n
        return msg

    def render(self, translations: Translations | None = None) -> str:
        if translations is None:
            template = self.template
            if self.plural_template is not None and self.n != 1:
                template = self.plural_template
        elif self.plural_template is not None:
            template = translations.ngettext(self.template, self.plural_template, self.n)
        else:
            template = translations.gettext(self.template)
        values = {
            k: v.render(translations) if isinstance(v, Msg) else v for k, v in self.params.items()
        }
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation: fall back to English
            return self.render(None) if translations is not None else template

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.template, self.plural_template, self.n, self.params) == (
            other.template,
            other.plural_template,
            other.n,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.template, self.n))

    def __repr__(self) -> str:
        return f"Msg({self.render()!r})"


class RuleError(ValueError):
    """Input the rules refuse; the message is meant for the player.

    ``msg`` is the translatable message.  ``hand_number`` (1-based) names the
    hand of a game's ledger that the rules refused, when the error comes from
    replaying one.
    """

    hand_number: int | None = None

    def __init__(self, message: str | Msg, /, **params: object) -> None:
        self.msg = message if isinstance(message, Msg) else Msg(message, **params)
        super().__init__(str(self.msg))


class CardError(RuleError):
    """A card that cannot be read, or one given twice.

    ``token`` is the offending piece of input exactly as it was typed.
    """

    def __init__(self, message: str | Msg, /, token: str = "", **params: object) -> None:
        super().__init__(message, token=token, **params)  # {token} may appear in the text
        self.token = token
