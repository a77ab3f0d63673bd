"""The errors the store raises for things a player can act on.

Every message is written for the player (the UI shows it as it is), and says
what happened and what to do.  :class:`StoreError` shares the base of rule
refusals, :class:`~scorekeeper.engine.errors.UserError` (what the UI shows
inline), but is *not* a ``ValueError``: rule refusals stay
:class:`~scorekeeper.engine.RuleError` and reach the caller unchanged, so the
UI can tell "the rules refuse this hand" from "the data folder has a problem".

Like a rule refusal, a store error keeps its message as a translatable
:class:`~scorekeeper.engine.errors.Msg` (an English template, the gettext
msgid, and its values) in ``msg``: ``str()`` gives English, and
``Translator.render(exc.msg)`` the player's language.

What the store *tells* the player (a repair at open, an import's remarks, a
problem ``store check`` found) is a :class:`Notice`: a ``str`` that reads as
the English text, keeping the same kind of template in ``msg``.

>>> issubclass(StoreLockedError, StoreError), issubclass(StoreError, UserError)
(True, True)
>>> exc = StoreError("there is already a player called {name}", name="Ann")
>>> str(exc), exc.msg.template, exc.msg.params
('there is already a player called Ann', 'there is already a player called {name}', {'name': 'Ann'})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.engine.errors import Msg, Translations, UserError

if TYPE_CHECKING:
    from scorekeeper.engine import Game


class StoreError(UserError):
    """A problem with the stored data or a request about it; the message is for the player.

    ``StoreError(template, **values)`` or ``StoreError(msg)``; ``msg`` is the
    translatable message.
    """


class StoreLockedError(StoreError):
    """Another program (or another copy of the app) has the data folder open for writing."""


class StaleGameError(StoreError):
    """A change was based on an older revision of the game than the stored one.

    Nothing was changed.  ``game`` is the game as it is now, ``revision`` its
    current revision (see :meth:`Store.revision`), and the message says what
    changed in the meantime ("Bob's phone saved hand 2 in the meantime").
    """

    def __init__(self, message: str | Msg, /, *, game: Game, revision: int) -> None:
        super().__init__(message)
        self.game = game
        self.revision = revision


def versus(names: Sequence[str]) -> Msg | str:
    """A game's players as its title, in the reader's language ("Ann v Bob",
    lv "Ann pret Bob"): the same message as the app's titles.

    >>> str(versus(["Ann", "Bob", "Cy"]))
    'Ann v Bob v Cy'
    """
    title: Msg | str = names[0] if names else ""
    for name in names[1:]:
        title = Msg("{first} v {second}", first=title, second=name)
    return title


def reason(exc: BaseException) -> Msg | str:
    """What an exception says, translatable when it is one of ours."""
    msg = getattr(exc, "msg", None)
    return msg if isinstance(msg, Msg) else str(exc)


class DataProblem(ValueError):
    """What is wrong with the content of a file (for people); ``msg`` is translatable.

    A ``ValueError``: the storage treats a file that raises it as damaged.
    """

    def __init__(self, message: str | Msg, /, **params: object) -> None:
        self.msg = message if isinstance(message, Msg) else Msg(message, **params)
        super().__init__(str(self.msg))


class Notice(str):
    """Something the store tells the player: its English text (so it is a
    ``str``: printed, compared and joined as before), with the translatable
    template and its values in ``msg``, like a :class:`StoreError`.

    >>> n = Notice("{file} was missing", file="players.json")
    >>> n == "players.json was missing", n.msg.template
    (True, '{file} was missing')
    """

    msg: Msg

    def __new__(cls, message: str | Msg, /, **params: object) -> Notice:
        msg = message if isinstance(message, Msg) else Msg(message, **params)
        self = super().__new__(cls, msg.render())
        self.msg = msg
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.msg,))


class Repaired(Notice):
    """A :class:`Notice` of a repair that worked: what was damaged or cut
    short is whole again (a backup put back, a change finished, a player
    restored from the games), so ``scorekeeper check`` reports it as
    repaired, not as a problem.  A notice of something lost, or left as it
    is, stays a plain :class:`Notice`."""


class MsgLines(Msg):
    """Messages shown one per line, each after ``- `` (each translated).

    >>> print(MsgLines([Msg("the rules: {reason}", reason="no"), "plain"]))
    - the rules: no
    - plain
    """

    def __init__(self, items: Sequence[Msg | str]) -> None:
        super().__init__("")
        self.params = {"items": tuple(items)}

    def render(self, translations: Translations | None = None) -> str:
        items = self.params["items"]
        assert isinstance(items, tuple)
        return "\n".join(
            "- " + (m.render(translations) if isinstance(m, Msg) else str(m)) for m in items
        )
