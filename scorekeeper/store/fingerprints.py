"""Knowing a game file again without reading it: its fingerprint.

The game index (index.py) is trusted as it is when the journal is empty (the last session
closed, or folded, after its last change) and the game files still add up to
what the blocks say: each block keeps ``agg``, a sum of a hash of each of its
games' id, size and modified time (not the inode, so a copied folder is
trusted), and opening ``stat``-s the game files and sums the same.  Files
written within a clock tick of the manifest are read again (:func:`racy_margin`).
Otherwise (a crash between a game write and its journal line, a file
restored or edited by hand, a folder copied with new times) every entry is
checked: it is trusted only if its *fingerprint* ``[size, mtime_ns, seen_ns]``
still matches and the file was last written well before the entry was made
(the "racy" margin).

A file of the entry's size whose time differs (``cp -r``, a sync tool: new
times, the same bytes) is known by its content: each entry also keeps
``sum``, the ``zlib.crc32`` of the very bytes the store wrote the file as
(or read it from), the ones the entry was made from (see
``AtomicJSONStorage.content_sum`` and ``Transaction.sums``; nothing is read
again to make it).  Its bytes are read and summed (no parse, no replay); the
same sum vouches for the entry, which gets the file's new fingerprint (as
stat-ed before the bytes were read, so the racy margin still applies) and is
written with the fold that ends the check, so the next open is the fast one.
A sum that differs, or none (an entry of an older version, a repair, a file
replaced behind a read-only view), falls back to the full read: every other
game file is read, and its own summary (and its sum) replaces the entry.  A
sum can only be of bytes the entry describes, so a file changed behind the
app is never taken for its entry, however its times look: at worst it is
read again.
"""

from __future__ import annotations

import os
import re
import time
import zlib
from pathlib import Path

#: Files written this close to when their entry was made are re-read.
RACY_NS = 2_000_000_000

GAME_FILE = re.compile(r"^([A-Za-z0-9_-]{1,64})\.json(\.bak\d+)?$")
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")

Fingerprint = list[int]


def fingerprint(path: Path) -> Fingerprint | None:
    """``[size, mtime_ns, seen_ns]`` of a game file (None: there is none)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return [st.st_size, st.st_mtime_ns, time.time_ns()]


def same_content(path: Path, size: int, content_sum: int) -> Fingerprint | None:
    """The fingerprint ``[size, mtime_ns, seen_ns]`` of a game file whose
    bytes are ``size`` long and sum to ``content_sum`` (``zlib.crc32``), as
    stat-ed before they were read; None if they aren't (or it can't be read)."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            seen = time.time_ns()
            if st.st_size != size:
                return None
            raw = f.read(size + 1)
    except OSError:
        return None
    if len(raw) != size or zlib.crc32(raw) != content_sum:
        return None
    return [size, st.st_mtime_ns, seen]


def known_again(path: Path, seen: object, content_sum: object) -> Fingerprint | None:
    """The fingerprint an index entry keeps if the game file at ``path`` is
    still the one it was made from: ``seen`` itself (the entry's ``fp``)
    when the size and time match and the file was written well before
    the entry was made; a new one when only the time differs and the bytes
    still sum to ``content_sum`` (the entry's ``sum``).  None: the file
    must be read again."""
    if not (isinstance(seen, list) and len(seen) == 3):
        return None
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    size, mtime = st.st_size, st.st_mtime_ns
    if seen[:2] == [size, mtime] and mtime < seen[2] - racy_margin(mtime):
        return seen
    if seen[0] == size and isinstance(content_sum, int):
        return same_content(path, size, content_sum)
    return None


def scan_game_ids(games_dir: Path) -> dict[str, bool]:
    """Game ids found in ``games_dir`` -> whether the main file exists
    (False: only backups are left, the file itself needs restoring)."""
    found: dict[str, bool] = {}
    try:
        entries = list(os.scandir(games_dir))
    except FileNotFoundError:
        return found
    for entry in entries:
        m = GAME_FILE.match(entry.name)
        if m:
            found[m.group(1)] = found.get(m.group(1), False) or m.group(2) is None
    return found


MOD = 1 << 64
#: The racy margin on a file system that keeps times finer than a second.
TICK_NS = 50_000_000


def racy_margin(mtime_ns: int) -> int:
    """How close to the index's writing a file's modified time makes it
    "racy" (its clock tick may not have ended): a tick is a few ms where
    times have sub-second digits, up to 2 s (FAT) where they don't."""
    return RACY_NS if mtime_ns % 1_000_000_000 == 0 else TICK_NS


def fp_hash(game_id: str, fp: object) -> int:
    """A game file's share of a block's ``agg``: the sum of these over the
    game files is compared at open with what the blocks say."""
    if not isinstance(fp, list) or len(fp) < 2:
        return 0
    return _mix(zlib.crc32(game_id.encode()), int(fp[0]), int(fp[1]))


def _mix(id_crc: int, size: int, mtime_ns: int) -> int:
    return id_crc * 0x9E3779B97F4A7C15 + size * 0x100000001B3 + mtime_ns


def scan_fingerprints(games_dir: Path) -> tuple[dict[str, list[int]], int]:
    """Game id -> ``[size, mtime_ns]`` of every game file (not backups),
    and the sum of their :func:`fp_hash` (modulo 2**64)."""
    found: dict[str, list[int]] = {}
    total = 0
    try:
        entries = list(os.scandir(games_dir))
    except FileNotFoundError:
        return found, 0
    crc = zlib.crc32
    for entry in entries:
        name = entry.name
        if not name.endswith(".json") or not _ID.match(gid := name[:-5]):
            continue
        try:
            st = entry.stat()
        except FileNotFoundError:
            continue
        size, mtime = st.st_size, st.st_mtime_ns
        found[gid] = [size, mtime]
        # _mix written out: no call per file in the scan every open makes
        total += crc(gid.encode()) * 0x9E3779B97F4A7C15 + size * 0x100000001B3 + mtime
    return found, total % MOD
