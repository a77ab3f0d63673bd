"""The app in English, Latvian, Finnish and Ukrainian.

Catalogs are standard gettext ``.po`` files in ``scorekeeper/i18n/locale``.
A :class:`Translator` is made per UI session (web mode serves several
browsers, each maybe in its own language), so nothing here is global state.

>>> t = Translator("lv")
>>> t.name
'Latviešu'
>>> from scorekeeper.engine import RuleError
>>> Translator("en").render(RuleError("{name} can't go gin with {k} deadwood", name="Bob", k=4))
"Bob can't go gin with 4 deadwood"
>>> Translator("xx").code  # unknown languages fall back to English
'en'
"""

from __future__ import annotations

import gettext
import locale
import os
from functools import cache
from pathlib import Path

from scorekeeper.engine.errors import Msg

from .catalog import load_po

#: Language codes and their names in their own language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "lv": "Latviešu",
    "fi": "Suomi",
    "uk": "Українська",
}
DOMAIN = "scorekeeper"
LOCALE_DIR = Path(__file__).parent / "locale"


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    path = po_path(code)
    if code == "en" or not path.exists():
        return gettext.NullTranslations()
    return load_po(path)


def system_language() -> str:
    """The supported language closest to the system's, else English.

    Looks at LANGUAGE, LC_ALL, LC_MESSAGES and LANG as gettext does, then at
    the locale module.
    """
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates += value.split(":")
    try:
        loc = locale.getlocale()[0]
    except ValueError:
        loc = None
    if loc:
        candidates.append(loc)
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


class Translator:
    """One language's messages: ``t("Save")``, ``t.ngettext(...)``, ``t.render(msg)``."""

    def __init__(self, code: str | None = None) -> None:
        code = (code or system_language()).lower()
        self.code = code if code in LANGUAGES else "en"
        self.name = LANGUAGES[self.code]
        self._t = _catalog(self.code)

    def gettext(self, message: str) -> str:
        if not message:  # gettext's "" is the catalog's header, never a message
            return ""
        return self._t.gettext(message)

    __call__ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def render(self, message: Msg | Exception | str) -> str:
        """A message in this language: a template, a refusal carrying one (the
        engine's ``RuleError``, the store's ``StoreError``), or any text marked
        for translation."""
        if isinstance(message, Msg):
            return message.render(self)
        msg = getattr(message, "msg", None)
        if isinstance(msg, Msg):
            return msg.render(self)
        return self.gettext(str(message))
