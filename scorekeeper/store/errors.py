"""The errors the store raises for things a player can act on.

Every message is written for the player (the UI shows it as it is), and says
what happened and what to do.  :class:`StoreError` is *not* a ``ValueError``:
rule refusals stay :class:`~scorekeeper.engine.RuleError` and reach the caller
unchanged, so the UI can tell "the rules refuse this hand" from "the data
folder has a problem".

Like a rule refusal, a store error keeps its message as a translatable
:class:`~scorekeeper.engine.errors.Msg` (an English template, the gettext
msgid, and its values) in ``msg``: ``str()`` gives English, and
``Translator.render(exc.msg)`` the player's language.

>>> issubclass(StoreLockedError, StoreError)
True
>>> exc = StoreError("there is already a player called {name}", name="Ann")
>>> str(exc), exc.msg.template, exc.msg.params
('there is already a player called Ann', 'there is already a player called {name}', {'name': 'Ann'})
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.engine.errors import Msg, Translations


class StoreError(Exception):
    """A problem with the stored data or a request about it; the message is for the player.

    ``StoreError(template, **values)`` or ``StoreError(msg)``; ``msg`` is the
    translatable message.
    """

    def __init__(self, message: str | Msg, /, **params: object) -> None:
        self.msg = message if isinstance(message, Msg) else Msg(message, **params)
        super().__init__(str(self.msg))


class StoreLockedError(StoreError):
    """Another program (or another copy of the app) has the data folder open for writing."""


def reason(exc: BaseException) -> Msg | str:
    """What an exception says, translatable when it is one of ours."""
    msg = getattr(exc, "msg", None)
    return msg if isinstance(msg, Msg) else str(exc)


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
