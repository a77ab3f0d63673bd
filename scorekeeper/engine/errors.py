"""The errors a player is shown, and the translatable messages they carry.

Everything the app refuses for a reason the player can act on is a
:class:`UserError`: the UI catches that one base and shows its message as it
is (written for the player, not for a developer).  Its kinds are types, so a
caller asks ``isinstance``, never what the English says:

* :class:`RuleError`: the rules refuse it (a knock over the limit, a hand
  entered into a finished game ...); a ``ValueError`` too, so generic code
  can treat it as bad input;
* :class:`CardError`: a card that cannot be read, or one given twice;
* :class:`Unfinished`: a hand not entered in full yet (the message says
  what is still to enter);
* the store's :class:`~scorekeeper.store.errors.StoreError` and its kinds.

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

import unicodedata
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


class UserError(Exception):
    """Something refused for a reason the player can act on; the base the UI
    catches to show a message inline (anything else is a bug: logged, and
    "sorry" shown).

    ``UserError(template, **values)`` or ``UserError(msg)``; ``msg`` is the
    translatable message, ``str()`` its English.
    """

    def __init__(self, message: str | Msg, /, **params: object) -> None:
        self.msg = message if isinstance(message, Msg) else Msg(message, **params)
        super().__init__(str(self.msg))


class RuleError(UserError, ValueError):
    """Input the rules refuse.

    ``hand_number`` (1-based) names the hand of a game's ledger that the
    rules refused, when the error comes from replaying one.
    """

    hand_number: int | None = None


class Unfinished(RuleError):
    """A hand not entered in full yet: the message only says what is still
    to enter ("say who knocked"), so a form shows it as a prompt while the
    player is entering and as an error once Save was tapped.

    >>> try:
    ...     raise Unfinished("say who knocked")
    ... except RuleError as exc:
    ...     print(isinstance(exc, Unfinished), exc)
    True say who knocked
    """


#: The most characters of a typed piece a card's refusal quotes, "…"
#: included: a card is at most three, and a field may be sent 100,000 (any
#: web client).
QUOTED = 13


def quoted(text: str, limit: int = QUOTED) -> str:
    """``text`` as a refusal shows it: whole when at most ``limit``
    characters, else its start and "…" in ``limit``, so a message stays a
    line whatever was typed; a control or format character (a NUL, a line
    break, U+202E that would turn the rest of the message around) shows as
    "�", so what is quoted cannot change how the message reads.

    >>> quoted("7X"), quoted("x" * 100_000), quoted("abcdef", 4)
    ('7X', 'xxxxxxxxxxxx…', 'abc…')
    >>> quoted("\\u202eSA"), quoted("7C\\x00\\n")
    ('�SA', '7C��')
    """
    cut = text if len(text) <= limit else text[: limit - 1] + "…"
    return "".join("\ufffd" if unicodedata.category(c) in _UNSHOWN else c for c in cut)


#: Unicode's control, format, surrogate, private-use and unassigned
#: categories and its line and paragraph separators: never quoted as they
#: are (see :func:`quoted`).
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class CardError(RuleError):
    """A card that cannot be read, or one given twice.

    ``token`` is the offending piece of input exactly as it was typed; the
    message quotes at most :data:`QUOTED` characters of it (:func:`quoted`).

    >>> e = CardError('"{token}" is not a card', token="Q" * 5000)
    >>> len(e.token), str(e)
    (5000, '"QQQQQQQQQQQQ…" is not a card')
    """

    def __init__(self, message: str | Msg, /, token: str = "", **params: object) -> None:
        super().__init__(message, token=quoted(token), **params)  # {token} may appear in the text
        self.token = token
