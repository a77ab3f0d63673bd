"""What the last change to a game was, and how a stale write is told about it.

Several devices may show one game.  Each write says which revision of the
game it was based on (``expect_revision``); when that is no longer the stored
revision the write is refused with :class:`~scorekeeper.store.errors.StaleGameError`,
whose message says what happened in the meantime.  For that, every change
keeps in the game record (in the same atomic commit as the change itself)::

    "last_change": {"kind": "record", "hand": 2, "device": "Bob's phone"}

``kind`` is one of :data:`KINDS`; ``hand`` the 1-based hand number it was
about (None for a whole-game change); ``device`` the short label the writer
gave (None when it gave none).

>>> str(stale_message({"kind": "record", "hand": 2, "device": "Bob's phone"}))
"Bob's phone saved hand 2 in the meantime."
>>> str(stale_message({"kind": "undo", "hand": 3, "device": None}))
'Another device took back hand 3 in the meantime.'
>>> str(stale_message(None))
'This game was changed in the meantime.'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from scorekeeper.engine.errors import N_, Msg

from .documents import LastChange

#: The longest device label kept (longer ones are cut).
MAX_DEVICE = 40

#: kind -> (message naming the device, message when no device is known).
KINDS: dict[str, tuple[str, str]] = {
    "record": (
        N_("{device} saved hand {number} in the meantime."),
        N_("Another device saved hand {number} in the meantime."),
    ),
    "undo": (
        N_("{device} took back hand {number} in the meantime."),
        N_("Another device took back hand {number} in the meantime."),
    ),
    "redo": (
        N_("{device} put back hand {number} in the meantime."),
        N_("Another device put back hand {number} in the meantime."),
    ),
    "edit": (
        N_("{device} changed hand {number} in the meantime."),
        N_("Another device changed hand {number} in the meantime."),
    ),
    "revert": (
        N_("{device} put back the earlier version of hand {number} in the meantime."),
        N_("Another device put back the earlier version of hand {number} in the meantime."),
    ),
    "delete": (
        N_("{device} deleted this game in the meantime."),
        N_("Another device deleted this game in the meantime."),
    ),
    "restore": (
        N_("{device} restored this game in the meantime."),
        N_("Another device restored this game in the meantime."),
    ),
    "import": (
        N_("{device} imported hands into this game in the meantime."),
        N_("Hands were imported into this game in the meantime."),
    ),
    "players": (
        N_("{device} merged a player of this game with another in the meantime."),
        N_("A player of this game was merged with another in the meantime."),
    ),
}
UNKNOWN = N_("This game was changed in the meantime.")

#: kind -> (message naming the device, message when no device is known), as
#: told to the other devices showing the game the moment it happens.
LIVE: dict[str, tuple[str, str]] = {
    "record": (N_("{device} saved hand {number}."), N_("Another device saved hand {number}.")),
    "undo": (
        N_("{device} took back hand {number}."),
        N_("Another device took back hand {number}."),
    ),
    "redo": (N_("{device} put back hand {number}."), N_("Another device put back hand {number}.")),
    "edit": (N_("{device} changed hand {number}."), N_("Another device changed hand {number}.")),
    "revert": (
        N_("{device} put back the earlier version of hand {number}."),
        N_("Another device put back the earlier version of hand {number}."),
    ),
    "import": (
        N_("{device} imported hands into this game."),
        N_("Hands were imported into this game."),
    ),
    "players": (
        N_("{device} merged a player of this game with another."),
        N_("A player of this game was merged with another."),
    ),
}
LIVE_UNKNOWN = N_("This game was changed on another device.")
#: The name the desktop window writes under: kept in English, told in the
#: language of the device that reads it.
DESKTOP_DEVICE = N_("Desktop window")


def device_label(device: object) -> str | None:
    """The label kept for ``device``: one line of visible text, at most
    :data:`MAX_DEVICE` characters (None for none).

    >>> device_label("  Bob's\\nphone "), device_label(""), device_label(None)
    ("Bob's phone", None, None)
    """
    if not isinstance(device, str):
        return None
    visible = "".join(
        " " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
        for c in device
        if unicodedata.category(c) not in ("Cf", "Cs", "Co", "Cn")
    )
    clean = " ".join(visible.split())[:MAX_DEVICE].strip()
    return clean or None


def change_doc(kind: str, hand: int | None = None, device: object = None) -> LastChange:
    """The ``last_change`` record of a change (``hand`` 1-based)."""
    return {"kind": kind, "hand": hand, "device": device_label(device)}


def stale_message(change: object) -> Msg:
    """What a refused writer is told about the last change (a stored
    ``last_change``, or anything else for "changed" with no detail)."""
    return _told(change, KINDS, UNKNOWN)


def live_message(change: object) -> Msg:
    """What the other devices showing the game are told of its last change.

    >>> str(live_message({"kind": "undo", "hand": 7, "device": "Bob's phone"}))
    "Bob's phone took back hand 7."
    >>> str(live_message({"kind": "record", "hand": 2, "device": None}))
    'Another device saved hand 2.'
    >>> str(live_message({"kind": "delete"}))
    'This game was changed on another device.'

    The desktop window's name is a message of its own, in the reader's language:

    >>> from scorekeeper.i18n import Translator
    >>> Translator("fi").render(live_message({"kind": "undo", "hand": 2, "device": DESKTOP_DEVICE}))
    'Työpöytäikkuna perui jaon 2.'
    """
    return _told(change, LIVE, LIVE_UNKNOWN)


def changed_hand(change: object) -> int | None:
    """The hand (1-based) a change left on the sheet for the eye to find: the
    one saved, put back, changed or reverted (None for an undo and the rest).

    >>> changed_hand({"kind": "edit", "hand": 3}), changed_hand({"kind": "undo", "hand": 3})
    (3, None)
    """
    if not isinstance(change, Mapping) or change.get("kind") not in (
        "record",
        "redo",
        "edit",
        "revert",
    ):
        return None
    hand = change.get("hand")
    return hand if isinstance(hand, int) and hand > 0 else None


def _told(change: object, kinds: Mapping[str, tuple[str, str]], unknown: str) -> Msg:
    if not isinstance(change, Mapping):
        return Msg(unknown)
    templates = kinds.get(change.get("kind"))  # type: ignore[arg-type]
    if templates is None:
        return Msg(unknown)
    hand = change.get("hand")
    if "{number}" in templates[0] and not (isinstance(hand, int) and hand > 0):
        return Msg(unknown)
    device = device_label(change.get("device"))
    params: dict[str, object] = {"number": hand} if "{number}" in templates[0] else {}
    if device is None:
        return Msg(templates[1], **params)
    return Msg(templates[0], device=Msg(device) if device == DESKTOP_DEVICE else device, **params)
