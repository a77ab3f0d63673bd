"""The game index: a summary of every game, so listing never opens game files.

The index is a *cache*.  The truth is in the game files, each of which
carries its own summary (see gamefile.py), so the index can be rebuilt from
them at any time and a crash can never make it hide or invent a hand.

Every write is bounded, whatever the history (issue #10).  The index lives
in the folder ``index/``:

``b<N>.json``  a *block*: the entries of the games created in one span of
               time (at most about ``BLOCK`` games: a block that grows past
               that is split in two by creation time);
``manifest.json``  the blocks, each with where its span starts and a few
               counts (games, unfinished, deleted, its players): one line per
               ``BLOCK`` games, read at open instead of every entry;
``journal.jsonl``  one line per change since the blocks were last written
               (appended, never rewritten; a torn last line is ignored).

A save appends one line to the journal.  Every ``FOLD_EVERY`` lines the
changes are *folded* into the blocks they touch (each rewritten atomically,
then the manifest, then the journal emptied), so a save never rewrites
more than a block, however many games there are.  A crash anywhere in that
leaves blocks that are old or new and a journal that still holds every
change: replaying it again is harmless.

Opening reads the manifest and the journal only; a block is read when
something needs its games (a page of the game list, the statistics).
Opening trusts the index as it is when the journal is empty and the game
files still add up to what the blocks say; otherwise each entry is checked
against its game file (:mod:`~scorekeeper.store.fingerprints`).

The index is written without fsync: it is a cache, and whatever a power cut
leaves is noticed (a block whose check sum is not the manifest's is
quarantined and its games found again; a journal line left over makes the
next open check every entry).

Index maintenance that fails (a full disk, a read-only file) never fails a
save: the hand is on the disk and the index catches up from memory at the
next change (or is made again from the game files at the next open); the
player is told once, in a notice.

Statistics without replaying: each entry also keeps the game's statistics
*digest* (see scorekeeper/statistics/digest.py).  It is made by replaying the
ledger whenever the game's hands or players change (and when a game file is
re-read), so the statistics never read a stored total.  When a block is
read, a digest that is missing, of another ``DIGEST_VERSION`` or not of the
entry's hand count is made again (see ``on_block``).  ``store check``
compares every digest with a fresh replay.
"""

from __future__ import annotations

import bisect
import contextlib
import os
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, cast

from .documents import BlockDoc, IndexEntry, JournalLine, Span, SpanCounts
from .errors import Notice, reason
from .fingerprints import (
    MOD,
    fingerprint,
    fp_hash,
    known_again,
    racy_margin,
    scan_fingerprints,
    scan_game_ids,
)
from .index_files import (
    JOURNAL,
    MANIFEST,
    block_bytes,
    block_doc,
    block_games,
    journal_changes,
    journal_line,
    manifest_blocks,
    validate_index_entry,
)
from .paths import INDEX_DIR, INDEX_FILE
from .storage import atomic_write_bytes, dumps, gc_paused, parse_json, quarantine

#: Changes kept in the journal before they are folded into the blocks.
FOLD_EVERY = 256
#: Games per block (a block is split when it holds twice as many).
BLOCK = 256


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
        self.data_dir = data_dir
        self.games_dir = games_dir
        self.folder = data_dir / INDEX_DIR
        self.read_only = read_only
        self.durable = durable
        self.notify = notify or (lambda _msg: None)
        #: Called with the ids of the games of each block read (see Store).
        self.on_block: Callable[[list[str]], None] | None = None
        self._blocks: list[BlockDoc] = [block_doc(0, "")]
        self._next_id = 1
        self._loaded: set[int] = set()
        self._all = False
        self._data: dict[str, IndexEntry] = {}
        self._where: dict[str, int] = {}  # game id -> block id, for the games read
        self._by_block: dict[int, set[str]] = {}  # block id -> its games in _where
        self._unwritten: set[int] = set()  # blocks changed in memory, not on disk yet
        #: Whether the blocks' counts are those of the games in them (False
        #: while entries are in no block: a read-only view of an index never
        #: folded into blocks, or one whose fold failed; see :meth:`spans`).
        self._counts_ok = True
        #: Changes not folded into the blocks yet (None: the game is gone).
        self._pending: dict[str, IndexEntry | None] = {}
        self._lines = 0  # lines in the journal
        self._held = 0
        self._failed: str | None = None  # why the last index write failed
        self._need_verify = False
        self._verifying = False
        self._folding = False
        self._read_entry: Callable[[str], IndexEntry | None] | None = None
        self.quarantine = quarantine
        self.unsaved = 0
        #: The entries :meth:`load` dropped because their game has no file
        #: left, nor any backup of it (for the store to say so).
        self.gone: list[IndexEntry] = []

    # --- reading -------------------------------------------------------------

    def _read_json(self, path: Path) -> Any:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        try:
            return parse_json(raw)
        except ValueError:
            return None

    def _starts(self) -> list[str]:
        return [b["start"] for b in self._blocks]

    def _block_for(self, created_at: str) -> BlockDoc:
        i = bisect.bisect_right(self._starts(), created_at) - 1
        return self._blocks[max(i, 0)]

    def _read_block(self, block: BlockDoc) -> None:
        """Read one block's entries into memory (the journal's changes win)."""
        bid = block["id"]
        if bid in self._loaded:
            return
        self._loaded.add(bid)
        path = self.folder / f"b{bid}.json"
        try:
            raw: bytes | None = path.read_bytes()
        except OSError:
            raw = None
        ids: list[str] = []
        read = block_games(raw, block.get("crc"))
        if read is None:
            read = [], False
            if block.get("games"):  # damaged or lost: its games are found again
                self._need_verify = True
                if not self.read_only and path.exists() and self.quarantine is not None:
                    with contextlib.suppress(OSError):
                        quarantine(path, self.quarantine)
        games, left_out = read
        if left_out:
            self._need_verify = True  # not trusted: their game files are read again
        for doc in games:
            gid = doc["id"]
            self._place(gid, bid)
            if gid not in self._pending:
                self._data[gid] = doc
                ids.append(gid)
        if ids and self.on_block is not None:
            self.on_block(ids)

    def _read_all(self) -> None:
        if self._all:
            return
        self._all = True
        with gc_paused():  # (every entry: many objects that live on)
            for block in list(self._blocks):
                self._read_block(block)
        self._settle()

    def _settle(self) -> None:
        """A block found damaged: check every entry against its game file."""
        if self._need_verify and self._read_entry is not None and not self._verifying:
            self._need_verify = False
            self._verify(self._read_entry, True)

    def _read_journal(self) -> int:
        """Apply the journal's changes; returns how many lines it holds."""
        path = self.folder / JOURNAL
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return 0
        changes, lines = journal_changes(raw)
        for gid, entry in changes:
            self._pending[gid] = entry
            if entry is None:
                self._data.pop(gid, None)
            else:
                self._data[gid] = entry
        return lines

    def load(self, read_entry: Callable[[str], IndexEntry | None]) -> int:
        """Open the index and bring it in line with the game files.

        ``read_entry(game_id)`` reads one game file and returns its entry
        (None if there is no readable game).  Returns how many entries were
        rebuilt or dropped.
        """
        self._read_entry = read_entry
        manifest = self._read_json(self.folder / MANIFEST)
        known = isinstance(manifest, dict) and self._use_manifest(manifest)
        self._lines = self._read_journal()
        if known and not self._lines and isinstance(manifest, dict):
            files, total = scan_fingerprints(self.games_dir)
            if total == sum(b.get("agg", 0) for b in self._blocks) % MOD:
                written = manifest.get("written", 0)
                racy = [g for g, fp in files.items() if fp[1] >= written - racy_margin(fp[1])]
                self._held += 1  # kept in memory: written with the next change
                try:
                    for gid in racy:  # written just before the index was: read again
                        entry = read_entry(gid)
                        if entry is not None:
                            self._data[gid] = self._pending[gid] = entry
                finally:
                    self._held -= 1
                return len(racy)
        return self._verify(read_entry, known)

    def _use_manifest(self, manifest: dict[str, Any]) -> bool:
        blocks = manifest_blocks(manifest)
        if blocks is None:
            return False
        self._blocks = blocks
        self._next_id = max(b["id"] for b in blocks) + 1
        return True

    def _verify(self, read_entry: Callable[[str], IndexEntry | None], known: bool) -> int:
        """Check every entry against its game file (see the module's doc)."""
        self._verifying = True
        try:
            return self._check_files(read_entry, known)
        finally:
            self._verifying = False
            self._need_verify = False

    def _check_files(self, read_entry: Callable[[str], IndexEntry | None], known: bool) -> int:
        if known:
            self._read_all()
        else:
            self._all = True
            self._loaded = {b["id"] for b in self._blocks}
            self._counts_ok = False  # (until the fold below puts every entry in a block)
            self._adopt_old_file()
        cached = dict(self._data)
        changed = 0
        entries: dict[str, IndexEntry] = {}
        found = scan_game_ids(self.games_dir)
        for game_id in sorted(found):
            old = cached.get(game_id)
            if old is not None:
                path = self.games_dir / f"{game_id}.json"
                fp = known_again(path, old.get("fp"), old.get("sum"))
                if fp is not None and fp is old.get("fp"):  # the file as the entry saw it
                    entries[game_id] = old
                    continue
                if fp is not None:  # the same bytes, another time (a copy, a restore)
                    entries[game_id] = self._pending[game_id] = {**old, "fp": fp}
                    continue
            entry = read_entry(game_id)
            if entry is not None:
                entries[game_id] = entry
            if entry is None or old is None or _without_fp(entry) != _without_fp(old):
                changed += 1
            if entry is not None:
                self._pending[game_id] = entry
        for gid in set(cached) - set(entries):
            self._pending[gid] = None
            changed += 1
            if gid not in found:
                self.gone.append(cached[gid])
        self._data = entries
        if not known and self.on_block is not None and entries:
            self.on_block(list(entries))
        if not self.read_only:
            with contextlib.suppress(OSError):
                (self.data_dir / INDEX_FILE).unlink()  # the old single-file index
            self._fold_safely(every=True)
        return changed

    def _adopt_old_file(self) -> None:
        """The single ``index.json`` of earlier versions: its entries are
        checked like any other (as seen when it was last written), then it is
        removed."""
        data = self._read_json(self.data_dir / INDEX_FILE)
        if not isinstance(data, dict):
            return
        meta = (data.get("meta") or {}).get("1")
        flushed = meta.get("flushed_ns") if isinstance(meta, dict) else None
        for doc in (data.get("games") or {}).values():
            if validate_index_entry(doc):
                fp = doc.get("fp")
                if isinstance(flushed, int) and isinstance(fp, list) and len(fp) == 3:
                    # [size, mtime, inode] as of the old index's last write:
                    # "seen" then (the inode is no fingerprint any more).
                    doc["fp"] = [fp[0], fp[1], flushed]
                else:
                    doc["fp"] = None
                self._data.setdefault(doc["id"], doc)

    # --- what the rest of the store reads -----------------------------------

    @property
    def entries(self) -> dict[str, IndexEntry]:
        """Every entry (reads every block not read yet: for the whole list,
        the statistics, a check; a page needs :meth:`blocks` and :meth:`block`)."""
        self._read_all()
        return self._data

    @property
    def read_entries(self) -> dict[str, IndexEntry]:
        """The entries read so far (no block is read for it)."""
        return self._data

    def known_sum(self, game_id: str) -> int | None:
        """The sum of the bytes the store last wrote the game's file as, if
        its entry is loaded (never reads a block: a game file being read may
        be what the index is being made from)."""
        found = self._data.get(game_id)
        value = found.get("sum") if found is not None else None
        return value if isinstance(value, int) else None

    def get(self, game_id: str) -> IndexEntry | None:
        """One game's entry (its block is read if the game was not seen yet)."""
        found = self._data.get(game_id)
        if found is not None or self._all:
            return found
        return self.entries.get(game_id)  # (reads every block, settled)

    def blocks(self) -> list[BlockDoc]:
        """The blocks, newest first: ``id``, ``start`` (the creation time
        their span starts at), ``games``, ``unfinished``, ``deleted`` (as of
        the last fold: :meth:`block` gives the games as they are now)."""
        return [b.copy() for b in reversed(self._blocks)]

    def block(self, block_id: int) -> list[IndexEntry]:
        """The entries of the games of one block (any order)."""
        for block in self._blocks:
            if block["id"] == block_id:
                self._read_block(block)
                self._settle()
                break
        else:
            return []
        return [entry for _, entry in self._members({block_id}, False)]

    def _members(self, blocks: set[int], every: bool) -> Iterator[tuple[int, IndexEntry]]:
        """``(block id, entry)`` of each game of these blocks that is in
        memory: those read from them and those changed since (without a look
        at any other entry; ``every``: a look at each)."""
        starts = self._starts()
        pending = self._pending
        if every:
            candidates: Iterable[str] = list(self._data)
        else:
            # A game read from a block, not changed since, is in that block
            # (a fold that moves games, a split, places them again).
            for bid in blocks:
                for gid in self._by_block.get(bid, ()):
                    found = None if gid in pending else self._data.get(gid)
                    if found is not None:
                        yield bid, found
            candidates = pending
        for gid in candidates:
            entry = self._data.get(gid)
            if entry is None:
                continue
            i = max(bisect.bisect_right(starts, entry["created_at"]) - 1, 0)
            bid = self._blocks[i]["id"]
            if bid in blocks:
                yield bid, entry

    def _place(self, game_id: str, block_id: int) -> None:
        old = self._where.get(game_id)
        if old is not None and old != block_id:
            self._by_block.get(old, set()).discard(game_id)
        self._where[game_id] = block_id
        self._by_block.setdefault(block_id, set()).add(game_id)

    def _unplace(self, game_id: str) -> None:
        old = self._where.pop(game_id, None)
        if old is not None:
            self._by_block.get(old, set()).discard(game_id)

    def _dirty(self) -> set[int]:
        """The blocks whose counts the changes not folded yet may change:
        where each changed game goes, and where it was (if it was read)."""
        dirty: set[int] = set()
        for gid, entry in self._pending.items():
            if entry is not None:
                dirty.add(self._block_for(entry["created_at"])["id"])
            old = self._where.get(gid)
            if old is not None:
                dirty.add(old)
        return dirty

    def spans(self) -> list[Span] | None:
        """The blocks, newest first, with exact counts of their games as they
        are now, for paging without reading every block: ``id``, ``start``
        and ``end`` (the span of creation times, ``start <= created_at <
        end``; ``end`` None for the newest), ``games``, ``unfinished`` (not
        finished and not deleted), ``deleted`` and ``players`` (a set).

        A block with no change since the last fold is told by the manifest
        (no read); a block that changes not folded yet touch (a save, a
        delete, a digest made again: a few blocks, the newest mostly) is read
        and its games counted, for the manifest's counts are as of the last
        fold.  (A fold that fails part way leaves the counts and
        the games' blocks right in memory, see ``_fold_now``.)  None when
        the blocks' counts can't be trusted (an old single-file index not
        folded into blocks yet: a read-only view of it, or a fold that
        failed): then every entry must be read (:attr:`entries`)."""
        while self._counts_ok:
            dirty = self._dirty()
            unread = [b for b in self._blocks if b["id"] in dirty and b["id"] not in self._loaded]
            if unread:
                for block in unread:  # (may make digests again, even fold: look again)
                    self._read_block(block)
                self._settle()
                continue
            counted: dict[int, SpanCounts] = {
                bid: {"games": 0, "unfinished": 0, "deleted": 0, "players": set()} for bid in dirty
            }
            for bid, entry in self._members(dirty, False):
                c = counted[bid]
                c["games"] += 1
                c["deleted"] += bool(entry["deleted"])
                c["unfinished"] += not entry["finished"] and not entry["deleted"]
                c["players"].update(entry["players"])
            out: list[Span] = []
            end: str | None = None
            for block in reversed(self._blocks):
                bid = block["id"]
                known = counted.get(bid) or {
                    "games": block["games"],
                    "unfinished": block["unfinished"],
                    "deleted": block["deleted"],
                    "players": set(block["players"]),
                }
                out.append({"id": bid, "start": block["start"], "end": end, **known})
                end = block["start"]
            return out
        return None

    def read_blocks(self, block_ids: Iterable[int]) -> bool:
        """Read these blocks (those not read yet); True if any was: then the
        blocks may have changed (a digest made again can fold the journal),
        so ask :meth:`spans` again."""
        wanted = set(block_ids)
        unread = [b for b in self._blocks if b["id"] in wanted and b["id"] not in self._loaded]
        with gc_paused():  # (perhaps every block: many objects that live on)
            for block in unread:
                self._read_block(block)
        if unread:
            self._settle()
        return bool(unread)

    def block_entries(self, block_ids: Iterable[int]) -> dict[int, list[IndexEntry]]:
        """The entries of the games of these blocks as they are now, by block
        (in no order); reads none: :meth:`read_blocks` them first."""
        wanted = set(block_ids)
        out: dict[int, list[IndexEntry]] = {bid: [] for bid in wanted}
        for bid, entry in self._members(wanted, False):
            out[bid].append(entry)
        return out

    def player_ids(self) -> set[str]:
        """Every player named by a game (from the manifest and the journal)."""
        found: set[str] = set()
        for block in self._blocks:
            found.update(block["players"])
        for entry in self._pending.values():
            if entry is not None:
                found.update(entry["players"])
        return found

    # --- changes --------------------------------------------------------------

    def put(self, game_id: str, entry: IndexEntry, content_sum: int | None = None) -> None:
        """Record a game's new entry (after its file was committed).
        ``content_sum``: ``zlib.crc32`` of the bytes the store wrote the file
        as, the entry made from them (None: not known; a copy of the file
        with another modified time is then read again)."""
        entry["fp"] = fingerprint(self.games_dir / f"{game_id}.json")
        entry["sum"] = content_sum
        self._set(game_id, entry)

    def set_fields(self, game_id: str, **fields: Any) -> None:
        """Change an entry whose game file has not changed (its fingerprint
        is kept)."""
        entry = self.get(game_id)
        if entry is not None:
            self._set(game_id, cast(IndexEntry, {**entry, **fields}))

    def drop(self, game_id: str) -> None:
        entry = self.get(game_id)
        if entry is not None:
            if game_id not in self._where:
                # Its block (if it was ever written into one) is read first,
                # so that the fold and the block's counts know it is gone.
                self._read_block(self._block_for(entry["created_at"]))
            self._data.pop(game_id, None)
            self._pending[game_id] = None
            self._changed({"drop": game_id})

    def _set(self, game_id: str, entry: IndexEntry) -> None:
        self._data[game_id] = entry
        self._pending[game_id] = entry
        self._changed({"put": entry})

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Many changes in a row (an import, a merge): no journal line each,
        the blocks they touch are written once, at the end."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
        if not self._held and self._pending:
            self._fold_safely()

    def _changed(self, line: JournalLine) -> None:
        self.unsaved += 1
        if self._held or self.read_only or self._folding:
            return  # (a digest made again while a fold reads a block: that fold writes it)
        if self._failed is not None or self._lines + 1 >= FOLD_EVERY:
            self._fold_safely()
            return
        try:
            self._append(line)
        except OSError as exc:
            self._failure(exc)

    def _append(self, line: JournalLine) -> None:
        payload = journal_line(line)
        self.folder.mkdir(exist_ok=True)
        fd = os.open(self.folder / JOURNAL, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            written = os.write(fd, payload)
            if written != len(payload):
                raise OSError(28, "short write")
        finally:
            os.close(fd)
        self._lines += 1

    def _failure(self, exc: BaseException) -> None:
        why = str(reason(exc)) if not isinstance(exc, OSError) else (exc.strerror or str(exc))
        if self._failed is None:
            self.notify(
                Notice(
                    "The game list could not be updated ({reason}); the games are saved, "
                    "and it will be tried again.",
                    reason=why,
                )
            )
        self._failed = why

    def _fold_safely(self, *, every: bool = False) -> None:
        try:
            self._fold(every=every)
        except OSError as exc:
            self._failure(exc)
        else:
            self._failed = None

    def flush(self) -> None:
        """Fold the journal into the blocks now (also done at close and every
        ``FOLD_EVERY`` changes).  Raises ``OSError`` if it can't be written."""
        if self.read_only:
            return
        self._fold()
        self._failed = None

    def _fold(self, *, every: bool = False) -> None:
        self._folding = True
        try:
            self._fold_now(every)
        finally:
            self._folding = False

    def _fold_now(self, every: bool) -> None:
        if self.read_only:
            return
        if not self._pending and not every and self._lines == 0 and self._failed is None:
            return
        self.folder.mkdir(exist_ok=True)
        touched: set[int] = set()
        for gid, entry in self._pending.items():
            if entry is not None:
                block = self._block_for(entry["created_at"])
                touched.add(block["id"])
            old = self._where.get(gid)
            if old is not None:
                touched.add(old)
        touched |= self._unwritten  # (a fold that failed part way)
        if every:
            touched = {b["id"] for b in self._blocks}
        by_id = {b["id"]: b for b in self._blocks}
        for bid in touched:
            self._read_block(by_id[bid])
        # The games of each touched block, as they are now.
        members: dict[int, list[IndexEntry]] = {bid: [] for bid in touched}
        for bid, entry in self._members(touched, every):
            members[bid].append(entry)
        for bid in list(members):
            games = members[bid]
            if len(games) >= 2 * BLOCK or (by_id[bid] is self._blocks[-1] and len(games) >= BLOCK):
                for new_bid, part in self._split(by_id[bid], games):
                    members[new_bid] = part
        # First what is in memory: where each game is, each block's counts
        # (so that a write failing below leaves them right, and the blocks
        # not written yet are written at the next try) ...
        self.unsaved = 0
        ordered: dict[int, list[IndexEntry]] = {}
        for bid in sorted(members, reverse=True):
            games = sorted(members[bid], key=lambda e: (e["created_at"], e["id"]))
            ordered[bid] = games
            for e in games:
                self._place(e["id"], bid)
            block = by_id.setdefault(bid, next(b for b in self._blocks if b["id"] == bid))
            block["games"] = len(games)
            block["unfinished"] = sum(1 for e in games if not e["finished"] and not e["deleted"])
            block["deleted"] = sum(1 for e in games if e["deleted"])
            block["players"] = sorted({p for e in games for p in e["players"]})
            block["agg"] = sum(fp_hash(e["id"], e.get("fp")) for e in games) % MOD
        for gid, entry in self._pending.items():
            if entry is None:
                self._unplace(gid)
        self._unwritten.update(ordered)
        # ... then write each touched block (new ones first), then the
        # manifest, then empty the journal: a crash in between leaves the
        # journal to replay.
        for bid, games in ordered.items():
            payload = block_bytes(games)
            by_id[bid]["crc"] = zlib.crc32(payload)
            # No fsync: the index is a cache, and the manifest's check sums
            # tell a block that did not reach the disk (it is made again).
            atomic_write_bytes(self.folder / f"b{bid}.json", payload, durable=False)
            self._unwritten.discard(bid)
        manifest = {"v": 1, "blocks": self._blocks, "written": time.time_ns()}
        atomic_write_bytes(self.folder / MANIFEST, dumps(manifest), durable=False)
        with contextlib.suppress(FileNotFoundError):
            # (A truncation lost to a power cut leaves old lines: any line
            # makes the next open check every entry against its game file.)
            os.truncate(self.folder / JOURNAL, 0)
        self._pending.clear()
        self._lines = 0
        self._counts_ok = True

    def _split(
        self, block: BlockDoc, games: list[IndexEntry]
    ) -> list[tuple[int, list[IndexEntry]]]:
        """Cut a block that grew too big into parts of about ``BLOCK`` games
        (never between two games created at the same time); the first part
        keeps the block's id."""
        games.sort(key=lambda e: (e["created_at"], e["id"]))
        parts: list[list[IndexEntry]] = [[]]
        for entry in games:
            part = parts[-1]
            if len(part) >= BLOCK and part[-1]["created_at"] != entry["created_at"]:
                parts.append([])
            parts[-1].append(entry)
        out = [(block["id"], parts[0])]
        for part in parts[1:]:
            new = block_doc(self._next_id, part[0]["created_at"])
            self._next_id += 1
            self._blocks.append(new)
            self._loaded.add(new["id"])
            out.append((new["id"], part))
        self._blocks.sort(key=lambda b: b["start"])
        return out


def _without_fp(entry: IndexEntry) -> dict[str, object]:
    return {k: v for k, v in entry.items() if k not in ("fp", "sum")}
