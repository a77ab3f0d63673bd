"""Read gettext ``.po`` catalogs without a build step.

The catalogs are kept as the standard, human-editable ``.po`` files.  Rather
than shipping compiled ``.mo`` files that can fall out of step with them,
:func:`load_po` parses a ``.po`` file, writes the ``.mo`` bytes in memory and
hands them to the standard library's ``gettext.GNUTranslations``, which then
does all the work, including plural forms from the catalog's header.

>>> po = '''
... msgid ""
... msgstr "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);\\\\n"
...
... msgid "{n} hand"
... msgid_plural "{n} hands"
... msgstr[0] "{n} partija"
... msgstr[1] "{n} partijas"
... msgstr[2] "{n} partiju"
... '''
>>> t = translations_from_po(po)
>>> [t.ngettext("{n} hand", "{n} hands", n).format(n=n) for n in (1, 2, 0, 21)]
['1 partija', '2 partijas', '0 partiju', '21 partija']
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One message of a catalog."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


class PoError(ValueError):
    """A catalog that cannot be read; names the line."""


def parse_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file (the header is the entry with msgid "")."""
    entries: list[Entry] = []
    cur: Entry | None = None
    field_name = ""
    fuzzy = False

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            value, keyword = _unquote(line, number), ""
        else:
            value = _unquote(rest.strip(), number)
        if keyword == "msgid":
            finish()
            cur = Entry(value, fuzzy=fuzzy)
            fuzzy = False
            field_name = "msgid"
        elif cur is None:
            raise PoError(f"line {number}: {keyword or 'text'} before any msgid")
        elif keyword == "msgid_plural":
            cur.msgid_plural, field_name = value, "msgid_plural"
        elif keyword == "msgstr":
            cur.msgstr, field_name = [value], "msgstr0"
        elif keyword.startswith("msgstr["):
            cur.msgstr.append(value)
            field_name = f"msgstr{len(cur.msgstr) - 1}"
        elif keyword == "":  # a continuation line
            if field_name == "msgid":
                cur.msgid += value
            elif field_name == "msgid_plural":
                cur.msgid_plural = (cur.msgid_plural or "") + value
            else:
                cur.msgstr[-1] += value
        else:
            raise PoError(f"line {number}: unknown keyword {keyword!r}")
    finish()
    return entries


def _unquote(text: str, number: int) -> str:
    if not (len(text) >= 2 and text[0] == text[-1] == '"'):
        raise PoError(f"line {number}: expected a quoted string")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise PoError(f"line {number}: bad string {text}") from None
    assert isinstance(value, str)
    return value


def mo_bytes(entries: list[Entry]) -> bytes:
    """A GNU ``.mo`` file for the translated entries (and the header)."""
    pairs: list[tuple[bytes, bytes]] = []
    for e in entries:
        if e.msgid and not e.translated:
            continue  # gettext falls back to the English msgid
        key = e.msgid if e.msgid_plural is None else f"{e.msgid}\0{e.msgid_plural}"
        pairs.append((key.encode(), "\0".join(e.msgstr).encode()))
    pairs.sort()
    n = len(pairs)
    header = 7 * 4
    ids_offset = header
    strs_offset = ids_offset + n * 8
    data_offset = strs_offset + n * 8
    ids = b""
    strs = b""
    id_table: list[int] = []
    for msgid_bytes, _ in pairs:
        id_table += [len(msgid_bytes), data_offset + len(ids)]
        ids += msgid_bytes + b"\0"
    str_base = data_offset + len(ids)
    str_table: list[int] = []
    for _, value in pairs:
        str_table += [len(value), str_base + len(strs)]
        strs += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, ids_offset, strs_offset, 0, 0)
    out += struct.pack(f"<{2 * n}I", *id_table) + struct.pack(f"<{2 * n}I", *str_table)
    return out + ids + strs


def translations_from_po(text: str) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(parse_po(text))))


def load_po(path: Path) -> gettext.GNUTranslations:
    return translations_from_po(path.read_text(encoding="utf-8"))
