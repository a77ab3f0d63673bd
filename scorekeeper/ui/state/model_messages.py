"""The app's messages as plain Python (no flet): the session's language,
the inline message and friendly note on each screen, the safety net that
turns a refusal into a message (and any other failure into an apology), and
what the store told at open.

:class:`Messages` is a part of :class:`~scorekeeper.ui.state.model.AppModel`, which
holds the state named below.

>>> from scorekeeper.engine import RuleError
>>> from scorekeeper.ui.state.model import AppModel
>>> def undo():
...     raise RuleError("there is no hand to undo")
>>> m = AppModel(store=None)
>>> m.act(undo), m.error
(False, 'there is no hand to undo')
>>> m.t = Translator("lv"); m.error  # kept as a message: shown in the new language
'nav partijas, ko atsaukt'
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from scorekeeper.engine import RuleError
from scorekeeper.engine.errors import N_, Msg, UserError
from scorekeeper.i18n import Translator

from ..ports import StaleGameError, StoreLike
from .hand_model import HandForm
from .newgame_model import NewGameForm
from .sheet_model import Sheet

log = logging.getLogger(__name__)

SORRY = N_("Sorry, something went wrong. Nothing was lost; please try again.")
#: Added on the hand form to the store's refusal of a write based on an old
#: sheet (msgid).
STALE_FORM = N_("Your entry is kept: check the preview, then save again.")

#: A message kept untranslated until shown: a template, or a refusal carrying one.
Message = Msg | Exception | str


class Messages:
    """The language and messages of one session."""

    store: StoreLike
    screen: str
    hand: HandForm | None
    new_game: NewGameForm | None
    _t: Translator
    _sheet: Sheet | None
    _error: Message | None
    _note: Message | None
    _form_error: tuple[Message, str] | None
    _notices: list[Message]
    _backup_seen: Any

    # --- language ---------------------------------------------------------------

    @property
    def t(self) -> Translator:
        return self._t

    @t.setter
    def t(self, t: Translator) -> None:
        self._t = t
        self._sheet = None
        shown = self._form_error
        for form in (self.hand, self.new_game):
            if form is None:
                continue
            form.t = t
            if shown is not None and form.error == shown[1]:
                form.error = self.render(shown[0])
        if shown is not None:
            self._form_error = (shown[0], self.render(shown[0]))

    def render(self, message: Message) -> str:
        """A message (an engine or store refusal, a template) in the session's language."""
        if isinstance(message, Msg | RuleError):
            return self.t.render(message)
        msg = getattr(message, "msg", None)  # a store error carrying a template
        if isinstance(msg, Msg):
            return self.t.render(msg)
        text = str(message)
        return self.t.gettext(text) if text else text  # gettext("") is the catalog's header

    @property
    def error(self) -> str | None:
        """The inline message on the current screen."""
        return None if self._error is None else self.render(self._error)

    @error.setter
    def error(self, message: Message | None) -> None:
        self._error = message

    @property
    def note(self) -> str | None:
        """Friendly information on the sheet (e.g. who was drawn to deal)."""
        return None if self._note is None else self.render(self._note)

    @note.setter
    def note(self, message: Message | None) -> None:
        self._note = message

    # --- safety net ------------------------------------------------------------

    def act(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Run a user action; refusals become ``error``; returns success."""
        try:
            fn(*args)
        except UserError as exc:
            self._fail(exc)
            return False
        except Exception:
            log.exception("unexpected error in %s", getattr(fn, "__name__", fn))
            self._fail(SORRY)
            return False
        return True

    def _fail(self, message: Message) -> None:
        if isinstance(message, StaleGameError) and self.screen == "hand" and self.hand is not None:
            refusal = getattr(message, "msg", None) or str(message)
            # two whole sentences: the store's refusal, then what the form kept
            message = Msg("{refusal} {kept}", refusal=refusal, kept=Msg(STALE_FORM))
            self.hand.error = self.render(message)
            self._form_error = (message, self.hand.error)
        elif self.screen == "hand" and self.hand is not None:
            self.hand.error = self.render(message)
            self._form_error = (message, self.hand.error)
        elif self.screen == "new" and self.new_game is not None:
            self.new_game.error = self.render(message)
            self._form_error = (message, self.new_game.error)
        else:
            self.error = message

    @property
    def notices(self) -> list[str]:
        """What the store told at open (a repair, an upgrade), and a backup
        that failed since (never a failed save: see store/auto_backup.py), in
        the session's language."""
        told = [self.render(n) for n in self._notices]
        failed = self._backup_failed()
        if failed is not None and failed[0] != self._backup_seen:
            told.append(self.render(Msg("The backup failed: {reason}", reason=failed[1].msg)))
        return told

    def _backup_failed(self) -> tuple[Any, Any] | None:
        from ..backups import keeper_of

        data_dir = getattr(self.store, "data_dir", None)
        keeper = keeper_of(data_dir) if data_dir is not None else None
        return None if keeper is None else keeper.failed

    def dismiss_notices(self) -> None:
        self._notices.clear()
        failed = self._backup_failed()
        self._backup_seen = None if failed is None else failed[0]
