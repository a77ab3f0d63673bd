"""Find every message the app can show, and keep the catalogs in step.

    python -m scorekeeper.i18n.extract          # add new messages to every .po file

A message is the first string argument of ``_()``, ``N_()``, ``.gettext()``,
``Msg()``, ``RuleError()``, ``CardError()``, ``StoreError()``, and the store's
``DataProblem()``, ``Notice()`` and ``Repaired()``, or the two strings of ``ngettext()`` /
``Msg.plural()`` (both branches of a conditional count).  New messages go
into each catalog untranslated; the tests then fail until someone translates
them, which is the point.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from . import LANGUAGES, po_path
from .catalog import Entry, parse_po

PACKAGE = Path(__file__).resolve().parent.parent
SINGLE = {
    "_",
    "N_",
    "gettext",
    "Msg",
    "RuleError",
    "CardError",
    "StoreError",
    "StoreLockedError",
    "DataProblem",
    "Notice",
    "Repaired",
}
PLURAL = {"ngettext", "plural"}

HEADERS = {
    "en": "nplurals=2; plural=(n != 1);",
    "lv": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",
    "fi": "nplurals=2; plural=(n != 1);",
    "uk": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}


def _strings(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def messages_in(source: str) -> Iterator[tuple[str, str | None]]:
    """(msgid, msgid_plural or None) for each message in some Python source.

    >>> list(messages_in('x = Msg.plural("{n} card", "{n} cards", n); _("Save")'))
    [('{n} card', '{n} cards'), ('Save', None)]
    """
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = _name(node.func)
        if name in PLURAL and len(node.args) >= 2:
            yield from zip(_strings(node.args[0]), _strings(node.args[1]), strict=False)
        elif name in SINGLE:
            for s in _strings(node.args[0]):
                yield s, None


def all_messages(root: Path = PACKAGE) -> dict[str, str | None]:
    """Every message under ``root``, in a stable order."""
    found: dict[str, str | None] = {}
    for path in sorted(root.rglob("*.py")):
        for msgid, plural in messages_in(path.read_text(encoding="utf-8")):
            if msgid:
                found.setdefault(msgid, plural)
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def render_po(code: str, entries: list[Entry]) -> str:
    out = [
        f"# {LANGUAGES[code]} messages of Gin Scorekeeper.",
        'msgid ""',
        'msgstr ""',
        _quote(f"Language: {code}\n"),
        _quote("Content-Type: text/plain; charset=UTF-8\n"),
        _quote(f"Plural-Forms: {HEADERS[code]}\n"),
        "",
    ]
    for e in entries:
        if not e.msgid:
            continue
        if e.fuzzy:
            out.append("#, fuzzy")
        out.append(f"msgid {_quote(e.msgid)}")
        if e.msgid_plural is not None:
            out.append(f"msgid_plural {_quote(e.msgid_plural)}")
            for i, s in enumerate(e.msgstr):
                out.append(f"msgstr[{i}] {_quote(s)}")
        else:
            out.append(f"msgstr {_quote(e.msgstr[0] if e.msgstr else '')}")
        out.append("")
    return "\n".join(out)


def update(code: str, messages: dict[str, str | None]) -> tuple[int, int]:
    """Add missing messages to one catalog; returns (added, unused kept)."""
    path = po_path(code)
    old = {e.msgid: e for e in parse_po(path.read_text(encoding="utf-8"))} if path.exists() else {}
    nplurals = int(HEADERS[code].split("nplurals=")[1].split(";")[0])
    entries: list[Entry] = []
    added = 0
    for msgid, plural in messages.items():
        e = old.pop(msgid, None)
        if e is None:
            added += 1
            e = Entry(msgid, plural, [""] * (nplurals if plural else 1))
            if code == "en":  # English is the source: its catalog says the same
                e.msgstr = [msgid, plural] if plural else [msgid]
        entries.append(e)
    unused = [e for e in old.values() if e.msgid]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_po(code, entries + unused), encoding="utf-8")
    return added, len(unused)


def main() -> int:
    messages = all_messages()
    for code in LANGUAGES:
        added, unused = update(code, messages)
        print(f"{code}: {len(messages)} messages, {added} added, {unused} no longer used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
