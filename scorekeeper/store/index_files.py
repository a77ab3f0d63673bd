"""The game index's files, as bytes: a block, the manifest, a journal line.

What a file holds and how it is checked, with no state: the index
(index.py) decides when each is read and written.  A block or a journal
line carries a check sum of its own bytes (``zlib.crc32``): one that
matches is this index's own writing, made from game files, and is taken
without validating each entry (a block's sum is kept in the manifest).
Anything else is validated entry by entry (:func:`validate_index_entry`),
and what fails is left out: its game file is read again.
"""

from __future__ import annotations

import contextlib
import json
import zlib
from typing import cast

from .documents import BlockDoc, IndexEntry, JournalLine
from .storage import dumps, parse_json

MANIFEST = "manifest.json"
JOURNAL = "journal.jsonl"

#: A journal line's change: a game's new entry, or None (the game is gone).
Change = tuple[str, IndexEntry | None]


def block_doc(bid: int, start: str) -> BlockDoc:
    """A block's line in the manifest, before its games are counted."""
    return {"id": bid, "start": start, "games": 0, "unfinished": 0, "deleted": 0, "players": []}


def manifest_blocks(manifest: object) -> list[BlockDoc] | None:
    """The manifest's blocks in order of their spans (the first from the
    beginning of time); None if it is not a manifest this index wrote.

    >>> manifest_blocks({"v": 1, "blocks": [{"id": 2, "start": "b", "players": []},
    ...                                     {"id": 0, "start": "a", "players": []}]})[0]["id"]
    0
    >>> manifest_blocks({"v": 1, "blocks": [{"id": "x"}]}) is None
    True
    """
    if not isinstance(manifest, dict):
        return None
    blocks = manifest.get("blocks")
    if not isinstance(blocks, list) or not blocks or manifest.get("v") != 1:
        return None
    good = []
    for b in blocks:
        if not (
            isinstance(b, dict)
            and isinstance(b.get("id"), int)
            and isinstance(b.get("start"), str)
            and isinstance(b.get("players"), list)
        ):
            return None
        good.append(cast(BlockDoc, {**block_doc(b["id"], b["start"]), **b}))
    good.sort(key=lambda b: b["start"])
    good[0]["start"] = ""
    return good


def block_bytes(games: list[IndexEntry]) -> bytes:
    """A block's file: its games' entries, in order."""
    return dumps({"games": {str(i): e for i, e in enumerate(games, start=1)}})


def block_games(raw: bytes | None, crc: object) -> tuple[list[IndexEntry], bool] | None:
    """The entries of a block's file whose check sum in the manifest is
    ``crc`` (none: a block of an earlier version), each checked unless the
    sum says the file is as the index wrote it, and whether any was left
    out; None if the file is missing or damaged (its games are to be found
    again)."""
    if raw is None:
        return None
    data = None
    sealed = crc == zlib.crc32(raw)
    if sealed:
        # This index's own text: parsed without parse_json's guard against
        # deep nesting, a scan of the whole text that cost a third of
        # reading every block.
        with contextlib.suppress(ValueError, RecursionError):
            data = json.loads(raw)
    elif crc is None:
        with contextlib.suppress(ValueError):
            data = parse_json(raw)
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        return None
    good = [
        doc
        for doc in games.values()
        if (sealed and isinstance(doc, dict)) or validate_index_entry(doc)
    ]
    return good, len(good) != len(games)


def journal_line(line: JournalLine) -> bytes:
    """A journal line, with the sum of its own bytes: at the next open a
    line with its sum is the store's own and is not validated again (a tab
    of the phone build is closed without the index being folded, so its
    journal is read at every start: no pydantic for it, see storage.py).

    >>> journal_changes(journal_line({"drop": "g1"}) + b'{"torn')
    ([('g1', None)], 1)
    """
    return dumps({**line, "crc": zlib.crc32(dumps(line))}) + b"\n"


def journal_changes(raw: bytes) -> tuple[list[Change], int]:
    """The journal's changes in order, and how many lines it holds."""
    changes: list[Change] = []
    lines = 0
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except ValueError:
            continue  # a torn last line (a crash mid-append): its change is re-read
        if not isinstance(doc, dict):
            continue
        lines += 1
        sealed = doc.pop("crc", None) == zlib.crc32(dumps(doc))  # our own line
        if "put" in doc and (sealed or validate_index_entry(doc["put"])):
            changes.append((doc["put"]["id"], doc["put"]))
        elif isinstance(doc.get("drop"), str):
            changes.append((doc["drop"], None))
    return changes, lines


def validate_index_entry(entry: object) -> bool:
    """schemas.validate_index_entry, imported only when an entry is not sealed."""
    from .schemas import validate_index_entry as check

    return check(entry)
