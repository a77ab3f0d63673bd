"""Find every message the app can show, and keep the catalogs in step.

    python -m scorekeeper.i18n.extract          # add new messages to every .po file

Babel's extractor (:mod:`babel.messages.extract`) reads the package's
sources.  A message is the first string argument of ``_()``, ``N_()``,
``.gettext()``, ``Msg()``, ``RuleError()``, ``CardError()``,
``StoreError()``, ``BackupError()``, and the store's ``DataProblem()``, ``Notice()`` and
``Repaired()``, or the two strings of ``ngettext()`` / ``Msg.plural()``: a
literal, so a message is never an f-string, a concatenation or a choice
between two strings (write two calls).  New messages go at the end of each
catalog untranslated (English: the same words), with as many plural forms as
the catalog's header says (Babel's CLDR data for a new catalog); the tests
then fail until someone translates them, which is the point.  Messages no
longer used stay where they are.
"""

from __future__ import annotations

import io
import sys
from importlib import metadata
from pathlib import Path

from babel.messages.extract import extract_from_dir

from . import LANGUAGES, po_path
from .catalog import Catalog, Message, read, write

PACKAGE = Path(__file__).resolve().parent.parent
#: Babel's keywords: the calls whose arguments are messages (``None``: the
#: first; ``(1, 2)``: singular and plural).
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    **dict.fromkeys(
        (
            *("_", "N_", "gettext", "Msg", "RuleError", "CardError"),
            *("StoreError", "StoreLockedError", "BackupError"),
            *("DataProblem", "Notice", "Repaired"),
        )
    ),
    "ngettext": (1, 2),
    "plural": (1, 2),
}


def all_messages(root: Path = PACKAGE) -> dict[str, str | None]:
    """Every message under ``root`` (msgid: msgid_plural or None), in the
    order Babel's extractor finds them.

    >>> messages = all_messages()
    >>> messages["{n} hand"], messages["Knock"]
    ('{n} hands', None)
    """
    found: dict[str, str | None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        root, [("**.py", "python")], keywords=KEYWORDS, comment_tags=()
    ):
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        if msgid:
            found.setdefault(msgid, plural)
    return found


def update(code: str, messages: dict[str, str | None]) -> tuple[int, int]:
    """Add missing messages to one catalog; returns (added, unused kept)."""
    path = po_path(code)
    if path.exists():
        with path.open("rb") as f:
            catalog = read(f, code)
    else:
        catalog = Catalog(locale=code, domain="scorekeeper")
        catalog.header_comment = f"# {LANGUAGES[code]} messages of Gin Scorekeeper."
    added = 0
    for msgid, plural in messages.items():
        key: str | tuple[str, str] = msgid if plural is None else (msgid, plural)
        old = catalog.get(msgid)
        if old is not None and old.id == key:
            continue
        added += 1
        if plural is None:
            string: str | tuple[str, ...] = msgid if code == "en" else ""
        else:  # English is the source: its catalog says the same
            string = (msgid, plural) if code == "en" else ("",) * catalog.num_plurals
        if old is not None:  # now singular, or plural, or another plural: anew
            old.id, old.string = key, string
        else:
            catalog[msgid] = Message(key, string)
    unused = sum(1 for m in catalog if m.id and _msgid(m) not in messages)
    catalog.project, catalog.version = "Gin Scorekeeper", _version()
    catalog.language_team, catalog.last_translator = LANGUAGES[code], ""
    catalog.msgid_bugs_address = ""
    buf = io.BytesIO()
    write(buf, catalog)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())
    return added, unused


def _version() -> str:
    try:
        return metadata.version("gin-scorekeeper")
    except metadata.PackageNotFoundError:
        return "0"


def _msgid(message: Message) -> str:
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


def main() -> int:
    messages = all_messages()
    for code in LANGUAGES:
        added, unused = update(code, messages)
        print(f"{code}: {len(messages)} messages, {added} added, {unused} no longer used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
