"""The catalogs as Babel reads, writes and compiles them.

The catalogs are kept as the standard, human-editable ``.po`` files, read by
:mod:`babel.messages.pofile` (plural forms from their header, or from
Babel's CLDR data for a new catalog) and compiled in memory by
:mod:`babel.messages.mofile` for the standard library's
``gettext.GNUTranslations``.  The phone's build ships the compiled ``.mo``
instead (nothing to parse when the app starts there).

>>> po = b'''
... msgid ""
... msgstr ""
... "Language: lv\\\\n"
... "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);\\\\n"
...
... msgid "{n} hand"
... msgid_plural "{n} hands"
... msgstr[0] "{n} partija"
... msgstr[1] "{n} partijas"
... msgstr[2] "{n} partiju"
... '''
>>> t = translations(compile_mo(read(io.BytesIO(po), "lv")))
>>> [t.ngettext("{n} hand", "{n} hands", n).format(n=n) for n in (1, 2, 0, 21)]
['1 partija', '2 partijas', '0 partiju', '21 partija']
"""

from __future__ import annotations

import gettext
import io
from typing import BinaryIO

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

__all__ = ["Catalog", "Message", "compile_mo", "read", "translated", "translations", "write"]

#: The only flag the catalogs keep: Babel adds ``python-format`` and
#: ``python-brace-format`` to every message with a placeholder when it reads
#: one, which would put a line above most of the catalog's entries.
KEPT_FLAGS = frozenset({"fuzzy"})


def read(source: BinaryIO, code: str) -> Catalog:
    """A ``.po`` file as Babel's :class:`~babel.messages.catalog.Catalog`."""
    return read_po(source, locale=code, domain="scorekeeper")


def write(target: BinaryIO, catalog: Catalog) -> None:
    """A catalog as a ``.po`` file: lines unwrapped, no source locations."""
    for message in catalog:
        message.flags = {f for f in message.flags if f in KEPT_FLAGS}
    write_po(target, catalog, width=0, no_location=True)


def compile_mo(catalog: Catalog) -> bytes:
    """The GNU ``.mo`` file of a catalog (fuzzy and untranslated entries left
    out: gettext then shows the English)."""
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def translations(mo: bytes) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(mo))


def translated(message: Message) -> bool:
    """Every form of the message has a translation, and it is not fuzzy."""
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not message.fuzzy and bool(strings) and all(strings)
