"""``index.json``: a summary of every game, so listing never opens game files.

The index is a *cache*.  The truth is in the game files, each of which
carries its own summary (see gamefile.py), so the index can be rebuilt from
them at any time and a crash can never make it hide or invent a hand.

Keeping it cheap: rewriting a summary of thousands of games on every hand
would make each hand cost more as history grows.  So the index lives in
memory while the store is open, and is written to disk only now and then
(every ``FLUSH_EVERY`` changes, after ``FLUSH_SECONDS``, and at close).

Keeping it right: every entry remembers the *fingerprint* (size, modified
time, inode) its game file had when the entry was made.  At open, each game
file is ``stat``-ed; an entry is trusted only if the fingerprint still matches
and the file was last written well before the index was (the "racy" margin:
a file rewritten within the same clock tick could keep its fingerprint).
Every other game file is read, and its own summary replaces the entry.
After a crash that means re-reading only the games changed since the last
flush; a ``stat`` per game (about 10 ms for 5,000 games) is all the rest costs.

Statistics without replaying: each entry also keeps the game's statistics
*digest* (see scorekeeper/review/digest.py: who won each hand, how, for how
many points; by seat, no names).  It is made by replaying the ledger whenever
the game's hands or players change (and when a game file is re-read), so the
statistics never read a stored total.  It lives only here, not in the game
file: it is a cache like the rest of the index.  At open, a digest that is
missing, of another ``DIGEST_VERSION`` or not of the entry's hand count is
made again by a replay and the index written; one found damaged when read is
made again then.  ``store check`` compares every digest with a fresh replay.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .paths import INDEX_FILE
from .schemas import validate_index_entry
from .storage import AtomicJSONStorage

FLUSH_EVERY = 256
FLUSH_SECONDS = 300.0
#: Files written this close to an index flush are re-read at open.
RACY_NS = 2_000_000_000
REREAD_FLUSH = 32

GAME_FILE = re.compile(r"^([A-Za-z0-9_-]{1,64})\.json(\.bak\d+)?$")

Fingerprint = list[int]


def fingerprint(path: Path) -> Fingerprint | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino]


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


class GameIndex:
    """Game id -> summary entry (the game's summary plus setup fields)."""

    def __init__(
        self,
        data_dir: Path,
        games_dir: Path,
        *,
        read_only: bool,
        durable: bool = True,
        quarantine: Path | None = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.games_dir = games_dir
        self.read_only = read_only
        self.storage = AtomicJSONStorage(
            data_dir / INDEX_FILE,
            backups=0,  # a cache needs no backups: it is rebuilt from the games
            durable=durable,
            read_only=read_only,
            quarantine=quarantine,
            notify=notify,
        )
        self.entries: dict[str, dict[str, Any]] = {}
        self.unsaved = 0
        self._last_flush = time.monotonic()
        self._held = 0

    def load(self, read_entry: Callable[[str], dict[str, Any] | None]) -> int:
        """Load the index and bring it in line with the game files.

        ``read_entry(game_id)`` reads one game file and returns its entry
        (None if there is no readable game).  Returns how many entries were
        rebuilt or dropped.
        """
        data = self.storage.read() or {}
        meta = data.get("meta", {}).get("1", {})
        flushed_ns = meta.get("flushed_ns", 0) if isinstance(meta, dict) else 0
        if not isinstance(flushed_ns, int):
            flushed_ns = 0
        cached: dict[str, dict[str, Any]] = {}
        for doc in data.get("games", {}).values():
            # An entry that does not fit is not trusted: its game file is read.
            if validate_index_entry(doc):
                cached[doc["id"]] = doc
        changed = reread = 0
        entries: dict[str, dict[str, Any]] = {}
        for game_id in sorted(scan_game_ids(self.games_dir)):
            path = self.games_dir / f"{game_id}.json"
            fp = fingerprint(path)
            old = cached.get(game_id)
            if (
                old is not None
                and fp is not None
                and old.get("fp") == fp
                and fp[1] < flushed_ns - RACY_NS
            ):
                entries[game_id] = old
                continue
            entry = read_entry(game_id)
            reread += 1
            if entry is not None:
                # The fingerprint of the version read (read_entry knows it):
                # the file may have been replaced since, by the app beside us.
                entry.setdefault("fp", fingerprint(path))
                entries[game_id] = entry
            if entry != old:
                changed += 1
        changed += len(set(cached) - set(entries))
        self.entries = entries
        if (changed or reread > REREAD_FLUSH) and not self.read_only:
            # Also after re-reading many unchanged files (a bulk import just
            # before the last flush): a fresh flush time lets the next open
            # trust them.  A few (the last hands before a close) are cheaper
            # to read again than the whole index is to write.
            self.flush()
        return changed

    def put(self, game_id: str, entry: dict[str, Any]) -> None:
        """Record a game's new entry (after its file was committed)."""
        entry["fp"] = fingerprint(self.games_dir / f"{game_id}.json")
        self.entries[game_id] = entry
        self._changed()

    def set_fields(self, game_id: str, **fields: Any) -> None:
        """Change an entry whose game file has not changed (its fingerprint
        is kept): the index is written at the next flush."""
        entry = self.entries.get(game_id)
        if entry is not None:
            self.entries[game_id] = {**entry, **fields}
            self.unsaved += 1

    def drop(self, game_id: str) -> None:
        if self.entries.pop(game_id, None) is not None:
            self._changed()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Many changes in a row (an import, a merge): write the index once,
        at the end, instead of every ``FLUSH_EVERY`` changes."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
        if not self._held and self.unsaved >= FLUSH_EVERY:
            self.flush()

    def _changed(self) -> None:
        self.unsaved += 1
        if self._held:
            return
        if self.unsaved >= FLUSH_EVERY or time.monotonic() - self._last_flush > FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the index (atomically; it is only a cache, so this is never urgent)."""
        if self.read_only:
            return
        started = time.time_ns()
        games = {str(i): e for i, e in enumerate(self.entries.values(), start=1)}
        self.storage.write({"games": games, "meta": {"1": {"flushed_ns": started}}})
        self.unsaved = 0
        self._last_flush = time.monotonic()
