"""A hand form half filled, kept on the device across a reload (issue #17).

While a hand form is open, what was typed is written to the device's own
storage (the browser's local storage) after each change; when the form
closes on its sheet and its address stays in the browser, a mark of that
(:func:`sheet_mark`) replaces it.  A session that starts on a new hand's
address (a reload, the tab opened again) shows the sheet for the mark,
else the form, with what was typed when the draft is this form's (see
addresses.py).

The storage belongs to the browser, so what comes back is a claim like any
other client input: :func:`restore` reads at most :data:`MAX_DRAFT` bytes,
checks every field against what the form allows, and applies all of it or
nothing.  A draft is only ever a form's content: it is never saved as a hand
until the player taps Save, which the rules check as always.

>>> from scorekeeper.engine import Format, Game, card
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> form = HandForm(g)
>>> form.begin("knock", "a"); form.press("3")
>>> text = draft_of("g1", form)
>>> again = HandForm(g)
>>> restore(again, text, "g1", None), again.knocker, again.k_text, again.active
(True, 'a', '3', 'defender')
>>> restore(HandForm(g), text, "g2", None)  # another game's draft
False
>>> restore(HandForm(g), '{"game": "g1", "edit": null, "mode": "poker"}', "g1", None)
False
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.engine import Card, CardError, card

from .hand_keypad import MAX_DIGITS
from .hand_model import MODES, RESULT_LABELS, HandForm

__all__ = ["DRAFT_KEY", "MAX_DRAFT", "draft_of", "restore", "sheet_mark"]

#: The device-storage key: one draft per device (one form is open at a time).
DRAFT_KEY = "scorekeeper.hand_draft"
#: A draft longer than this is not ours (two full hands are about 300 bytes).
MAX_DRAFT = 4096

_SIDES = ("knocker", "defender")


def sheet_mark(address: str) -> str:
    """What the device keeps when a new hand's form closed on its sheet and
    its address stayed in the browser: a reload there shows the sheet.

    >>> sheet_mark("/game/g1/hand")
    '{"sheet_at":"/game/g1/hand"}'
    """
    return json.dumps({"sheet_at": address}, separators=(",", ":"))


def draft_of(game_id: str, form: HandForm) -> str:
    """The form's content as the text kept on the device."""
    return json.dumps(
        {
            "game": game_id,
            "edit": form.edit_index,
            "mode": form.mode,
            "result": form.result,
            "knocker": form.knocker,
            "k": form.k_text,
            "d": form.d_text,
            "active": form.active,
            "fresh": form.fresh,
            "ace_gin": form.ace_chose_gin,
            "upcard": None if form.upcard is None else form.upcard.code,
            "k_cards": [c.code for c in form.knocker_cards],
            "d_cards": [c.code for c in form.defender_cards],
            "tapping": form.tapping,
            "picking_upcard": form.picking_upcard,
            "none": sorted(form.no_deadwood),
            "touched": form.touched,
        },
        separators=(",", ":"),
        sort_keys=True,
    )


def restore(form: HandForm, text: object, game_id: str, edit_index: int | None) -> bool:
    """Fill ``form`` (just opened on ``game_id``, for ``edit_index``) from a
    kept draft; whether it was one for that form, whole and valid."""
    if not isinstance(text, str) or len(text) > MAX_DRAFT:
        return False
    try:
        doc = json.loads(text)
        values = _checked(doc, form, game_id, edit_index)
    except (ValueError, TypeError, KeyError, CardError, RecursionError):
        return False
    if values is None:
        return False
    for name, value in values.items():
        setattr(form, name, value)
    return True


def _checked(
    doc: Any, form: HandForm, game_id: str, edit_index: int | None
) -> dict[str, Any] | None:
    """The form's fields from a draft, or None when it is not one for this form."""
    if not isinstance(doc, dict) or doc.get("game") != game_id or doc.get("edit") != edit_index:
        return None
    players = set(form.game.standings.players)
    counts = [doc["k"], doc["d"]]
    flags = [doc["fresh"], doc["ace_gin"], doc["picking_upcard"], doc["touched"]]
    if not (
        doc["mode"] in MODES
        and doc["result"] in RESULT_LABELS
        and (doc["knocker"] is None or doc["knocker"] in players)
        and all(isinstance(c, str) and (c == "" or (c.isascii() and c.isdigit())) for c in counts)
        and all(len(c) <= MAX_DIGITS for c in counts)
        and doc["active"] in _SIDES
        and doc["tapping"] in _SIDES
        and all(isinstance(f, bool) for f in flags)
        and isinstance(doc["none"], list)
        and set(doc["none"]) <= set(_SIDES)
    ):
        return None
    hands = [_cards(doc["k_cards"]), _cards(doc["d_cards"])]
    upcard = None if doc["upcard"] is None else _cards([doc["upcard"]])[0]
    return {
        "mode": doc["mode"],
        "result": doc["result"],
        "knocker": doc["knocker"],
        "k_text": counts[0],
        "d_text": counts[1],
        "active": doc["active"],
        "fresh": flags[0],
        "ace_chose_gin": flags[1],
        "upcard": upcard,
        "knocker_cards": hands[0],
        "defender_cards": hands[1],
        "tapping": doc["tapping"],
        "picking_upcard": flags[2],
        "no_deadwood": set(doc["none"]),
        "touched": flags[3],
    }


def _cards(codes: object) -> list[Card]:
    """Card codes as cards: at most a hand's worth (11), each a real card."""
    if not isinstance(codes, list) or len(codes) > 11:
        raise ValueError("not a hand")
    if not all(isinstance(c, str) and len(c) <= 3 for c in codes):
        raise ValueError("not card codes")
    return [card(c) for c in codes]
