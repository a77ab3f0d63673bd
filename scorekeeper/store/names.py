"""What a player's name may be: the same rules for the app and for an import.

A name is one line of visible text: spaces are tidied, it is NFC-normalized,
at most :data:`MAX_NAME` characters, with no control or format characters
(no NUL, no right-to-left override, no zero-width space that would make
"Ann\\u200b" look like "Ann").  Two visible players may not have names that
are the same but for case or compatibility forms (:func:`name_key`).

>>> clean_name("  Ann   Lee ")
'Ann Lee'
>>> name_key("ＡＮＮ") == name_key("ann")
True
>>> try:
...     clean_name("Ann\\u200b")
... except StoreError as exc:
...     print(exc)
a name can't hold invisible or control characters (U+200B)
"""

from __future__ import annotations

import unicodedata

from scorekeeper.engine.errors import Msg

from .errors import StoreError

MAX_NAME = 40
#: Unicode categories a name can't hold: control, format, surrogate, private, unassigned.
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_name(name: object) -> str:
    """The name as stored, or :class:`StoreError` saying what is wrong with it."""
    if not isinstance(name, str) or not name.strip():
        raise StoreError("a player needs a name")
    if len(name) > 50 * MAX_NAME:  # not worth looking at letter by letter
        raise StoreError(
            Msg.plural(
                "that name is too long ({n} letter, {most} at most)",
                "that name is too long ({n} letters, {most} at most)",
                len(name),
                most=MAX_NAME,
            )
        )
    clean = unicodedata.normalize("NFC", " ".join(name.split()))
    bad = next((c for c in clean if unicodedata.category(c) in _REFUSED), None)
    if bad is not None:
        raise StoreError(
            "a name can't hold invisible or control characters (U+{code})",
            code=format(ord(bad), "04X"),
        )
    if len(clean) > MAX_NAME:
        raise StoreError(
            Msg.plural(
                "that name is too long ({n} letter, {most} at most)",
                "that name is too long ({n} letters, {most} at most)",
                len(clean),
                most=MAX_NAME,
            )
        )
    return clean


def name_key(name: str) -> str:
    """What two names must not share to tell their players apart."""
    return unicodedata.normalize("NFKC", name).casefold()
