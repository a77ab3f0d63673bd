"""The shared state of one open data folder: what every :class:`~.store.Store`
handle on it reads and writes through (the players, the game files kept
open, the index, the caches of ledgers, summaries and records), and the
helpers that make its records.

One ``_Shared`` per folder per process (see store.py's ``open_store``):
its lock serializes the handles' calls.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from scorekeeper.engine import Game, Hand
from scorekeeper.engine.errors import Msg, UserError
from scorekeeper.statistics.digest import DIGEST_VERSION, digest
from scorekeeper.statistics.records import GameRecord

from .docs import now, time_to_doc
from .documents import IndexEntry, PlayerRecord
from .errors import DataProblem, Notice, Repaired, StoreError, reason, versus
from .gamefile import GameFile, build_game, ledger_hands, numbered, rules_of, setup_of
from .index import GameIndex
from .journal import Transaction, recover
from .lock import FolderLock
from .migrations import SCHEMA_VERSION, detect_version, keep_v0_file, migrate, newer_data_message
from .model import GameSummary
from .names import MAX_NAME, clean_name, name_key
from .paths import (
    BACKUPS_DIR,
    DAMAGED_DIR,
    GAMES_DIR,
    INDEX_DIR,
    PLAYERS_FILE,
    SETTINGS_FILE,
    is_valid_id,
)
from .players import PlayersFile
from .storage import gc_paused, parse_json, quarantine, remove_orphans

# (The name it logged under before store.py was split: a log set up for it still hears it.)
log = logging.getLogger("scorekeeper.store.store")

#: Told after every write that succeeded: the game it changed, or None for
#: "the lists of games and players changed, and any game may have".
Listener = Callable[[str | None], None]

#: Game files kept open (parsed) at once; others are re-read when needed.
OPEN_GAME_FILES = 64


def new_id() -> str:
    """A fresh stable id: random, so ids made on two devices never collide."""
    return uuid.uuid4().hex


class _Shared:
    """Everything one open data folder needs, shared by its Store handles."""

    def __init__(self, data_dir: Path, *, read_only: bool, durable: bool) -> None:
        self.data_dir = data_dir
        self.games_dir = data_dir / GAMES_DIR
        self.quarantine = data_dir / DAMAGED_DIR
        self.read_only = read_only
        self.durable = durable
        self.lock = threading.RLock()
        #: One import off the event loop at a time (see importer.py), and how
        #: many are under way or waiting (Store.importing).
        self.import_lock = threading.Lock()
        self.importing = 0
        self.notices: list[str] = []
        #: Why a folder asked for read-write was opened read-only (see open_store).
        self.why_read_only: Notice | None = None
        self.refs = 0
        self.closed = False
        #: Who is told of each write (Store.on_change); shared, so a write made
        #: through any handle on this folder is told to every listener.
        self.listeners: list[Listener] = []
        self.folder_lock: FolderLock | None = None
        self.files: OrderedDict[str, GameFile] = OrderedDict()
        self.players: dict[str, PlayerRecord] = {}
        self.aliases: dict[str, str] = {}
        self.summaries: dict[str, tuple[IndexEntry, GameSummary]] = {}
        #: game id -> (its index entry, its record for the statistics), see Store.review_records
        self.records: dict[str, tuple[IndexEntry, GameRecord]] = {}
        #: game id -> (file stamp, parsed ledger, its replayed Game), see Store._load
        self.ledgers: OrderedDict[
            str, tuple[tuple[int, int, int] | None, tuple[Hand, ...], Game | None]
        ] = OrderedDict()
        if not read_only:
            self.folder_lock = FolderLock(data_dir)
            self.folder_lock.acquire()
        try:
            st = os.stat(data_dir)
            self.folder_id: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except OSError:  # read-only view of a folder that does not exist (yet)
            self.folder_id = None
        try:
            self._open()
        except BaseException:
            if self.folder_lock is not None:
                self.folder_lock.release()
            raise

    def _open(self) -> None:
        # A change to many files cut short is finished (or dropped) first.
        recover(self.data_dir, self.notices, read_only=self.read_only, durable=self.durable)
        if not self.read_only:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            for folder in (
                self.data_dir,
                self.games_dir,
                self.data_dir / BACKUPS_DIR,
                self.data_dir / INDEX_DIR,
            ):
                remove_orphans(folder)
        self.players_file = PlayersFile(
            self.data_dir,
            read_only=self.read_only,
            durable=self.durable,
            quarantine=self.quarantine,
            notify=self.notices.append,
        )
        version = detect_version(self.players_file, self.data_dir)
        if version is not None and version > SCHEMA_VERSION:
            raise StoreError(newer_data_message(version))
        if version is not None and version < SCHEMA_VERSION:
            if self.read_only:
                raise StoreError(
                    "This data (version {version}) must be upgraded before it can be read: "
                    "open it once normally (not read-only).",
                    version=version,
                )
            with gc_paused():
                migrate(self.data_dir, version, self.notices)
        if version is not None and version >= 1 and not self.read_only:
            keep_v0_file(self.data_dir)
        if version is None and not self.read_only:
            # A new folder, or players.json lost with no backup: start it.
            self.players_file.set_schema(SCHEMA_VERSION, time_to_doc(now()))
        self.load_players()
        self._check_settings()
        self.index = GameIndex(
            self.data_dir,
            self.games_dir,
            read_only=self.read_only,
            durable=self.durable,
            quarantine=self.quarantine,
            notify=self.notices.append,
        )
        self.index.on_block = self._refresh_digests
        self.index.load(self.read_entry)
        self._tell_gone(self.index.gone)
        self.restore_missing_players()

    def _check_settings(self) -> None:
        """The app's settings (not part of the store, see scorekeeper/settings.py)
        fall back to the defaults when their file is damaged: say so, and move
        the damaged file aside so the next save starts a good one."""
        path = self.data_dir / SETTINGS_FILE
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as exc:
            self.notices.append(
                Notice(
                    "{file} can't be read ({reason}); the default settings are used.",
                    file=SETTINGS_FILE,
                    reason=exc.strerror or str(exc),
                )
            )
            return
        try:
            if not isinstance(parse_json(raw), dict):
                raise DataProblem("it does not hold a record of settings")
        except ValueError as exc:
            if self.read_only:
                self.notices.append(
                    Notice(
                        "{file} is damaged ({reason}); the default settings are used.",
                        file=SETTINGS_FILE,
                        reason=reason(exc),
                    )
                )
                return
            moved = quarantine(path, self.quarantine)
            self.notices.append(
                Notice(
                    "{file} was damaged ({reason}); it was moved to {path}; "
                    "the default settings are used.",
                    file=SETTINGS_FILE,
                    reason=reason(exc),
                    path=str(moved),
                )
            )

    def _refresh_digests(self, ids: Sequence[str]) -> None:
        """Make again, by replaying its ledger, every statistics digest of
        these games (a block of the index just read) that is missing, of
        another version or not of its hands (see scorekeeper/statistics/digest.py)."""
        entries = self.index.read_entries
        stale = [
            gid
            for gid in ids
            if gid in entries
            and not _digest_current(entries[gid])
            and entries[gid].get("hand_count") is not None
        ]
        for gid in stale:
            doc = self.replay_digest(gid)
            if doc is not None:
                self.index.set_fields(gid, digest=doc)

    # players ----------------------------------------------------------------

    def load_players(self) -> None:
        self.players = {d["id"]: d for d in self.players_file.player_docs()}
        self.aliases = {d["from"]: d["to"] for d in self.players_file.alias_docs()}
        for pid, doc in self.players.items():
            merged = doc.get("merged_into")
            if merged:
                self.aliases.setdefault(pid, merged)
        self.summaries.clear()  # names may have changed
        self.records.clear()

    def resolve(self, player_id: str) -> str:
        """Follow merges and import matches to the player an id means now."""
        seen = 0
        while player_id in self.aliases and seen < 32:
            player_id = self.aliases[player_id]
            seen += 1
        return player_id

    def names(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        names = dict(extra or {})
        names.update({pid: d["name"] for pid, d in self.players.items()})
        return names

    def _tell_gone(self, entries: Sequence[Mapping[str, Any]]) -> None:
        """Say which games the index knew but whose file and backups were all
        deleted (by hand, a sync tool): nothing is left to restore them from."""
        names = self.names()
        for entry in sorted(entries, key=lambda e: (str(e.get("created_at")), str(e.get("id")))):
            players = entry.get("players")
            recorded = entry.get("names")
            kept = recorded if isinstance(recorded, dict) else {}
            who = versus(
                [
                    str(names.get(p) or kept.get(p) or p)
                    for p in (players if isinstance(players, list) else [])
                ]
            )
            self.notices.append(
                Notice(
                    "the game {players} ({id}, {date}) is gone: its file and its backups "
                    "are no longer in {folder}/, so it is off the list",
                    players=who,
                    id=str(entry.get("id")),
                    date=str(entry.get("created_at"))[:10],
                    folder=GAMES_DIR,
                )
            )

    def restore_missing_players(self) -> None:
        """Players named by games but unknown (players.json lost or restored
        from an older backup) come back under the names the games recorded."""
        known = self.index.player_ids()
        if all(pid in self.players or self.resolve(pid) in self.players for pid in known):
            return  # the usual case: no block of the index need be read
        missing: dict[str, str] = {}
        for entry in self.index.entries.values():
            for pid in entry.get("players", []):
                # Only what players.json's schema takes back (paths.is_valid_id):
                # a record it refuses would have the file quarantined.
                if not is_valid_id(pid):
                    continue
                if pid not in self.players and self.resolve(pid) not in self.players:
                    missing.setdefault(pid, _restored_name(entry.get("names", {}).get(pid)))
        if not missing or self.read_only:
            return
        taken = {name_key(d["name"]) for d in self.players.values() if not d.get("hidden")}
        stamp = time_to_doc(now())
        docs = []
        for pid, name in sorted(missing.items()):
            unique, n = name, 1
            while name_key(unique) in taken:
                n += 1
                suffix = f" ({n})"
                unique = name[: MAX_NAME - len(suffix)].rstrip() + suffix
            taken.add(name_key(unique))
            docs.append(_player_doc(pid, unique, stamp))
            missing[pid] = unique
        self.players_file.players.insert_multiple(docs)
        self.notices.append(
            Repaired(
                Msg.plural(
                    "{n} player missing from the player list was restored "
                    "from the games they played: {names}.",
                    "{n} players missing from the player list were restored "
                    "from the games they played: {names}.",
                    len(missing),
                    names=", ".join(sorted(missing.values())),
                )
            )
        )
        self.load_players()

    # games ------------------------------------------------------------------

    def game_file(self, game_id: object) -> GameFile:
        if not is_valid_id(game_id):
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        assert isinstance(game_id, str)
        gf = self.files.get(game_id)
        if gf is not None:
            self.files.move_to_end(game_id)
            return gf
        gf = GameFile(
            self.games_dir / f"{game_id}.json",
            read_only=self.read_only,
            durable=self.durable,
            quarantine=self.quarantine,
            notify=self.notices.append,
            vouched=lambda: self.index.known_sum(game_id),
        )
        self.files[game_id] = gf
        while len(self.files) > OPEN_GAME_FILES:
            _, old = self.files.popitem(last=False)
            old.close()
        return gf

    def check_folder(self) -> None:
        """Refuse to go on if the data folder (or our lock in it) was deleted,
        moved or replaced while open: saving would write somewhere else, or
        beside another copy of the app that took a new lock."""
        if self.folder_id is None:
            return
        try:
            st = os.stat(self.data_dir)
            same = (st.st_dev, st.st_ino) == self.folder_id
        except OSError:
            same = False
        if same and self.folder_lock is not None:
            same = self.folder_lock.still_ours()
        if not same:
            raise StoreError(
                "The data folder {folder} (or its lock file) was moved or deleted while it "
                "was open: "
                "nothing more can be saved here. Close the app and open it again.",
                folder=str(self.data_dir),
            )

    def forget_file(self, game_id: str) -> None:
        """Read a game file again when next needed (it was replaced from
        outside its TinyDB, see journal.py)."""
        gf = self.files.pop(game_id, None)
        if gf is not None:
            gf.close()
        self.ledgers.pop(game_id, None)

    def commit(self, tx: Transaction, games: Mapping[str, IndexEntry], players: bool) -> None:
        """Commit a transaction, then bring the caches in line: ``games`` maps
        each game it wrote to its new index entry; ``players``: whether it
        wrote players.json."""
        sums = dict(tx.sums)  # (commit clears them)
        tx.commit()
        for gid in games:
            self.forget_file(gid)
        if players:
            players_sum = sums.get(self.data_dir / PLAYERS_FILE)
            if players_sum is not None:  # our own bytes: not validated again (storage.py)
                self.players_file.storage.reseal(players_sum)
            self.players_file.forget()
            self.load_players()
        for gid, entry in games.items():
            self.index.put(gid, entry, sums.get(self.games_dir / f"{gid}.json"))

    def remember_ledger(
        self,
        game_id: str,
        stamp: tuple[int, int, int] | None,
        hands: tuple[Hand, ...],
        game: Game | None = None,
    ) -> None:
        if stamp is None:
            self.ledgers.pop(game_id, None)
            return
        # A private copy: callers get copies of it, so nothing they do to
        # their Game can change what the cache says the file holds.
        self.ledgers[game_id] = (stamp, hands, game.copy() if game is not None else None)
        self.ledgers.move_to_end(game_id)
        while len(self.ledgers) > OPEN_GAME_FILES:
            self.ledgers.popitem(last=False)

    def read_entry(self, game_id: str) -> IndexEntry | None:
        """The index entry of a game, from its file (None if it has no game),
        with its statistics digest from a replay of its ledger."""
        gf = self.game_file(game_id)
        try:
            if not gf.exists():
                return None
            meta = gf.meta()
            stamp, content_sum = gf.storage.stamp, gf.storage.content_sum
        except StoreError as exc:
            self.notices.append(
                Notice("{file} can't be read: {reason}", file=_label(game_id), reason=reason(exc))
            )
            return None
        entry = index_entry(meta, self.replay_digest(game_id))
        if stamp is not None and gf.storage.stamp == stamp:  # the digest is of that version too
            entry["fp"] = [stamp[1], stamp[0], time.time_ns()]
            entry["sum"] = content_sum
        else:  # replaced meanwhile (by the app beside a read-only view): never trust it
            entry["fp"] = entry["sum"] = None
        return entry

    def replay_digest(self, game_id: str) -> dict[str, Any] | None:
        """A game's statistics digest, made by replaying its stored ledger
        (None, with a notice, if the file can't be read or doesn't replay)."""
        gf = self.game_file(game_id)
        try:
            meta = gf.meta()
            hands = ledger_hands(gf.ledger())
            game = build_game(setup_of(meta), rules_of(meta), hands, {})
        except (UserError, KeyError, TypeError) as exc:
            self.notices.append(
                Notice(
                    "{file}: the hands don't replay: {reason}",
                    file=_label(game_id),
                    reason=reason(exc),
                )
            )
            return None
        return digest_doc(game)

    def announce(self, game_id: str | None) -> None:
        for listener in list(self.listeners):
            try:
                listener(game_id)
            except Exception:  # telling must never undo a write that was made
                log.exception("a listener failed to hear of a change")

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if not self.read_only:
                # The index is a cache (made again at the next open): failing
                # to write it now must not hide why the store is closing.
                with contextlib.suppress(StoreError, OSError):
                    self.check_folder()  # never into a folder that is no longer ours
                    self.index.flush()
        finally:
            for gf in self.files.values():
                gf.close()
            self.files.clear()
            if self.folder_lock is not None:
                self.folder_lock.release()


def _label(game_id: str) -> str:
    """A game's file as messages name it."""
    return f"{GAMES_DIR}/{game_id}.json"


def _restored_name(name: object) -> str:
    """A name a game recorded, as a player's name may be (names.py), or "Player"."""
    try:
        return clean_name(name)
    except StoreError:
        return "Player"


def _player_doc(pid: str, name: str, stamp: str) -> PlayerRecord:
    return {"id": pid, "name": name, "hidden": False, "created_at": stamp, "merged_into": None}


def digest_doc(game: Game) -> dict[str, Any]:
    """The statistics digest of a replayed game, as the index keeps it."""
    return digest(game).to_doc()


def _digest_current(entry: Mapping[str, Any]) -> bool:
    """Whether an index entry's digest is of this version and of its hands
    (cheap; :meth:`GameDigest.from_doc` checks the rest when it is read)."""
    doc = entry.get("digest")
    return (
        isinstance(doc, dict)
        and doc.get("v") == DIGEST_VERSION
        and doc.get("hands") == entry.get("hand_count")
        and doc.get("format") == entry.get("format")
    )


def index_entry(
    meta: Mapping[str, Any], stats_digest: Mapping[str, Any] | None = None
) -> IndexEntry:
    """A game's index entry: its own summary plus what listing filters on, and
    (when known) the statistics digest of its ledger (see review/digest.py)."""
    setup = meta["setup"]
    entry: dict[str, Any] = {
        "id": meta["id"],
        "format": setup["format"],
        "players": list(setup["players"]),
        "rules_name": meta.get("rules_name"),
        "created_at": meta["created_at"],
        "updated_at": meta["updated_at"],
        "finished_at": meta.get("finished_at"),
        "deleted": meta.get("deleted_at") is not None,
        **meta["summary"],
    }
    if stats_digest is not None:
        entry["digest"] = dict(stats_digest)
    return cast(IndexEntry, entry)


def _copy_tables(data: Mapping[str, Mapping[str, Any]] | None) -> dict[str, dict[str, Any]]:
    """A copy of a TinyDB file's tables to change (the records copied too)."""
    return {name: {k: dict(v) for k, v in table.items()} for name, table in (data or {}).items()}


def _add_records(
    data: dict[str, dict[str, Any]], table: str, records: Sequence[Mapping[str, Any]]
) -> None:
    """Add records to a table of ``data`` under the next free document ids."""
    docs = data.setdefault(table, {})
    docs.update(numbered(records, max(map(int, docs), default=0)))
