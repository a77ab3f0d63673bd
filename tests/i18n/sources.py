"""What the tests know of the app's messages, found by Babel itself: its
extractor over the package's sources, its reader over the catalogs."""

from __future__ import annotations

import ast
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper.i18n import LANGUAGES

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
LOCALE = PACKAGE / "i18n" / "locale"
#: The calls that carry a message (the engine's, the store's and gettext's):
#: the first argument, or the first two of a plural.
SINGULAR = {"_", "N_", "gettext", "Msg", "RuleError", "CardError", "StoreError"}
SINGULAR |= {"StoreLockedError", "BackupError", "DataProblem", "Notice", "Repaired"}
PLURAL = {"ngettext", "plural"}
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    **dict.fromkeys(SINGULAR),
    **dict.fromkeys(PLURAL, (1, 2)),
}


def msgid(message: Message) -> str:
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


def strings(message: Message) -> list[str]:
    """The translation's forms; none given (``None``) reads as Babel's default, ``""``."""
    s = message.string
    return list(s) if isinstance(s, (list, tuple)) else ["" if s is None else s]


@cache
def catalog(code: str) -> Catalog:
    """A catalog as Babel reads it."""
    path = LOCALE / code / "LC_MESSAGES" / "scorekeeper.po"
    with path.open("rb") as f:
        return read_po(f, locale=code, abort_invalid=True)  # e.g. a form too many


@cache
def app_messages() -> dict[str, str | None]:
    """Every message in the package (msgid: msgid_plural or None), by Babel's extractor."""
    found: dict[str, str | None] = {}
    for _f, _line, message, _c, _ctx in extract_from_dir(
        PACKAGE, [("**.py", "python")], keywords=KEYWORDS, comment_tags=()
    ):
        singular, plural = message if isinstance(message, tuple) else (message, None)
        if singular:
            found.setdefault(singular, plural)
    return found


def messages_in(source: str) -> list[str | tuple[str, str]]:
    """The messages Babel's extractor finds in some Python source."""
    return [
        m if isinstance(m, str) else (m[0], m[1])
        for _line, m, _c, _ctx in extract("python", io.BytesIO(source.encode()), KEYWORDS)
    ]


def _called(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _formed(node: ast.expr) -> bool:
    """Text made at run time: an f-string with values, a concatenation, a
    ``%`` or ``.format()``, a choice between strings, a ``join``."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.BinOp):
        return True
    if isinstance(node, ast.IfExp):
        return _literal(node.body) or _literal(node.orelse) or _formed(node.body)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "format":  # formatted before it is translated
            return True
        return node.func.attr in {"join", "replace"} and _literal(node.func.value)
    return False


def _literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def untranslatable(source: str, name: str = "<source>") -> list[str]:
    """The calls whose message is built at run time: Babel's extractor can't
    put it in a catalog as written, so it would show in English."""
    bad = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        called = _called(node.func)
        n = 2 if called in PLURAL else 1 if called in SINGULAR else 0
        if any(_formed(arg) for arg in node.args[:n]):
            bad.append(f"{name}:{node.lineno}")
    return bad


__all__ = ["LANGUAGES", "app_messages", "catalog", "messages_in", "strings", "untranslatable"]
