"""The store: players, games and their hands, on top of the engine's ledger.

What is stored is what the players entered (the hands); totals, winners and
dealers are always replayed by the engine, and a hand is written only after
the engine has accepted it, so the stored ledger always replays.

One process writes a data folder at a time (see lock.py).  Inside that
process, every :func:`open_store` of the folder shares one ``_Shared`` state
(the web mode serves several browsers from one process), and every public
method runs under its lock, so writes are serialized and reads never see a
half-made change.

>>> import tempfile
>>> from scorekeeper.engine import Format, Hand
>>> with open_store(tempfile.mkdtemp()) as store:
...     ann, bob = store.add_player("Ann"), store.add_player("Bob")
...     gid = store.create_game(Format.STANDARD, [ann.id, bob.id], first_dealer=bob.id)
...     game = store.record_hand(gid, Hand.knock(ann.id, 3, 25))
...     [s.totals[ann.id] for s in store.list_games()]
[22]
"""

from __future__ import annotations

import contextlib
import errno
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb.table import Document

from scorekeeper.engine.errors import N_, Msg, UserError

from .backup import make_backup
from .changes import change_doc
from .docs import hand_from_doc
from .errors import Notice, Repaired, StoreError, reason, versus
from .gamefile import (
    GAME_BACKUPS,
    META_ID,
    GameFile,
    build_game,
    game_data,
    ledger_hands,
    numbered,
    rules_of,
    setup_of,
    summarize,
)
from .index import scan_game_ids
from .journal import Transaction
from .model import ImportReport
from .names import MAX_NAME as MAX_NAME
from .names import name_key
from .paths import PLAYERS_FILE, default_data_dir
from .players import ALIASES_TABLE, PLAYERS_TABLE
from .storage import DEFAULT_BACKUPS, gc_paused

if TYPE_CHECKING:  # imported where used: a phone's start never exports or imports
    from . import exchange

from .base import IMPORT_WAIT as IMPORT_WAIT
from .base import _reading, _told_inside, _writing
from .bin import Bin
from .listing import Listing
from .shared import OPEN_GAME_FILES as OPEN_GAME_FILES
from .shared import Listener as Listener
from .shared import _add_records, _copy_tables, _label
from .shared import _Shared as _Shared
from .shared import digest_doc as digest_doc
from .shared import index_entry as index_entry
from .shared import new_id as new_id

# --- opening -------------------------------------------------------------------------

_REGISTRY: dict[tuple[str, bool], _Shared] = {}
_REGISTRY_LOCK = threading.Lock()


def open_store(
    data_dir: str | os.PathLike[str] | None = None,
    *,
    read_only: bool = False,
    durable: bool = True,
) -> Store:
    """Open (or create) the data folder ``data_dir`` (default: :func:`default_data_dir`).

    Raises :class:`StoreLockedError` if another process has it open for
    writing, unless ``read_only``.  Within one process every call for the
    same folder shares one underlying store.  ``durable=False`` skips fsync
    (for throwaway data in tests only).
    """
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    key = os.path.realpath(folder.expanduser())
    with _REGISTRY_LOCK:
        shared = _REGISTRY.get((key, False))
        if shared is None and read_only:
            shared = _REGISTRY.get((key, True))
        if shared is None:
            shared = _open_shared(Path(key), read_only=read_only, durable=durable)
            _REGISTRY[(key, shared.read_only)] = shared
        shared.refs += 1
    return Store(shared, read_only=read_only or shared.read_only)


#: Free space below which a folder is opened read-only (nothing could be saved).
MIN_FREE_BYTES = 64 * 1024
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_UNWRITABLE = {errno.EROFS, errno.EACCES, errno.EPERM}


def _open_shared(folder: Path, *, read_only: bool, durable: bool) -> _Shared:
    """Open a folder read-write (or as asked); on a full disk or a folder
    that can't be written, open it read-only with a notice saying why, so the
    player can still read and export (never a raw ``OSError``)."""
    first: StoreError | None = None
    if not read_only and _disk_full(folder):
        why: Notice | None = _full_notice()
    else:
        try:
            return _Shared(folder, read_only=read_only, durable=durable)
        except (StoreError, OSError) as exc:
            why = None if read_only else _cannot_write(exc)
            first = (
                exc
                if isinstance(exc, StoreError)
                else StoreError(
                    "could not open the data folder {folder}: {reason}",
                    folder=str(folder),
                    reason=exc.strerror or str(exc),
                )
            )
            if why is None:
                raise first from exc
    try:
        shared = _Shared(folder, read_only=True, durable=durable)
    except (StoreError, OSError) as exc:
        # Not even readable as it is (e.g. data that must be upgraded first):
        # the reason it could not be opened for writing is the one to tell.
        if first is not None:
            raise first from exc
        if isinstance(exc, StoreError):
            raise
        raise StoreError(
            "could not open the data folder {folder}: {reason}",
            folder=str(folder),
            reason=exc.strerror or str(exc),
        ) from exc
    assert why is not None
    shared.notices.insert(0, why)
    shared.why_read_only = why
    return shared


def _disk_full(folder: Path) -> bool:
    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    try:
        st = os.statvfs(probe)
    except (OSError, AttributeError):  # no statvfs (Windows): find out by writing
        return False
    return st.f_bavail * st.f_frsize < MIN_FREE_BYTES


def _full_notice() -> Notice:
    return Notice(
        "The disk is full: nothing can be saved until space is freed; "
        "you can still read and export."
    )


def _cannot_write(exc: BaseException) -> Notice | None:
    """Why a folder can't be opened for writing, when that is the disk's
    doing (full, read-only, not ours to write); None for anything else."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError):
            if seen.errno in _FULL:
                return _full_notice()
            if seen.errno in _UNWRITABLE:
                return Notice(
                    "The data folder can't be written to ({reason}): it is open read-only; "
                    "you can still read and export.",
                    reason=seen.strerror or str(seen),
                )
        seen = seen.__cause__ or seen.__context__
    return None


def _release(shared: _Shared) -> None:
    with _REGISTRY_LOCK:
        shared.refs -= 1
        if shared.refs > 0:
            return
        for key, value in list(_REGISTRY.items()):
            if value is shared:
                del _REGISTRY[key]
    with shared.lock:
        shared.close()


def _after_fork_in_child() -> None:
    # A forked child must not share (or unlock) its parent's store: forget it.
    global _REGISTRY_LOCK
    _REGISTRY_LOCK = threading.Lock()
    for shared in _REGISTRY.values():
        if shared.folder_lock is not None:
            shared.folder_lock.forget()
        shared.closed = True
    _REGISTRY.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


# --- the store ---------------------------------------------------------------------------


class Store(Bin, Listing):
    """A handle on an open data folder; use :func:`open_store` to get one."""

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            _release(self._s)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # export / import / backup / check ------------------------------------------------

    @_reading
    def export_json(self, game_ids: Sequence[str] | None = None) -> dict[str, Any]:
        """Games (default: all but the deleted) and their players, in the
        versioned export format documented in exchange.py."""
        if game_ids is None:
            ids = [gid for gid, e in self._s.index.entries.items() if not e["deleted"]]
        else:
            if isinstance(game_ids, str):
                raise StoreError("give the games as a list of ids")
            ids = list(dict.fromkeys(game_ids))
        from . import exchange

        games: list[exchange.StoredGame] = []
        for gid in ids:
            gf = self._s.game_file(gid)
            if not gf.exists():
                raise StoreError("there is no game {game_id!r}", game_id=gid)
            games.append(exchange.StoredGame(gf.meta(), [dict(d) for d in gf.records()]))
        games.sort(key=lambda g: (g.meta["created_at"], g.meta["id"]))
        wanted = {p for g in games for p in g.meta["setup"]["players"]}
        players = [
            self._player_value(d)
            for d in self._s.players.values()
            if not d.get("merged_into") and (game_ids is None or d["id"] in wanted)
        ]
        players.sort(key=lambda p: (p.name.casefold(), p.id))
        return exchange.build_export(players, games)

    @_writing
    def import_json(
        self,
        data: dict[str, Any] | str | bytes | exchange.ParsedExport,
        *,
        dry_run: bool = False,
    ) -> ImportReport:
        """Import an export (see exchange.py): everything is checked, and every
        game replayed, before anything changes.  Importing the same data again
        adds nothing.  ``dry_run``: report what would happen, change nothing.
        This holds the store throughout: a server imports with
        :meth:`import_json_async` instead."""
        from . import exchange

        try:
            with gc_paused():
                parsed = (
                    data if isinstance(data, exchange.ParsedExport) else exchange.parse_export(data)
                )
                plan = exchange.plan_import(parsed, _Catalog(self))
                if not dry_run:
                    self._apply(plan)
        except RecursionError:  # an export given as nested objects, not text
            raise StoreError(
                "this file can't be imported (nothing was changed): "
                "its lists and records nest too deep"
            ) from None
        return plan.report

    def _apply(self, plan: exchange.ImportPlan) -> None:
        with self._s.index.held():
            tx, entries, players = self._stage(plan, contextlib.nullcontext)
            self._s.commit(tx, entries, players=players)

    def _stage(
        self,
        plan: exchange.ImportPlan,
        reading: Callable[[], contextlib.AbstractContextManager[Any]],
        seen: Mapping[str, tuple[int, str] | None] | None = None,
    ) -> tuple[Transaction, dict[str, dict[str, Any]], bool]:
        """Stage every file of an import (see journal.py); returns the
        transaction, the index entries of the games it writes, and whether it
        writes players.json.  ``reading()`` is held around each read of the
        data here (the store's lock, for an import off the event loop: the
        rest, summaries and writing the staged files, is done without it);
        ``seen``: each updated game's (revision, updated_at) when planned: one
        changed since raises :class:`importer.Changed`, and nothing is staged."""
        # All or nothing: every file is staged, then all are put in place
        # together (see journal.py).  One write per file: linear in the hands.
        s = self._s
        tx = Transaction(s.data_dir, durable=s.durable)
        try:
            players = bool(plan.new_players or plan.new_aliases)
            with reading():
                data = _copy_tables(s.players_file.storage.read()) if players else {}
                names = s.names({d["id"]: d["name"] for d in plan.new_players})
            if players:
                _add_records(data, PLAYERS_TABLE, plan.new_players)
                _add_records(data, ALIASES_TABLE, plan.new_aliases)
                tx.put(s.data_dir / PLAYERS_FILE, data, backups=DEFAULT_BACKUPS)
                del data
            entries: dict[str, dict[str, Any]] = {}
            for new in plan.new_games:
                game = new.game  # replayed by the plan, or again now:
                if game is None:
                    game = build_game(setup_of(new.meta), rules_of(new.meta), new.ledger, names)
                meta = dict(new.meta, summary=summarize(game, names))
                path = s.games_dir / f"{meta['id']}.json"
                tx.put(path, game_data(meta, numbered(new.records)), backups=GAME_BACKUPS)
                entries[meta["id"]] = index_entry(meta, digest_doc(game))
            for upd in plan.updated_games:
                with reading():
                    gf = s.game_file(upd.game_id)
                    meta = gf.meta()
                    hands = {str(d.doc_id): dict(d) for d in gf.records()}
                if seen is not None and seen.get(upd.game_id) != _version(meta):
                    from .importer import Changed

                    raise Changed(upd.game_id)
                game = upd.game
                changes = {
                    "updated_at": max(meta["updated_at"], upd.updated_at),
                    "finished_at": (
                        meta.get("finished_at") or upd.finished_at or meta["updated_at"]
                    )
                    if game.standings.finished
                    else None,
                    "rev": meta["rev"] + 1,
                    "summary": summarize(game, names),
                    "last_change": change_doc("import"),
                }
                for doc_id, fields in upd.record_updates.items():
                    hands[str(doc_id)].update(fields)
                hands.update(numbered(upd.new_records, max(map(int, hands), default=0)))
                new_meta = {**meta, **changes}
                tx.put(gf.path, game_data(new_meta, hands), backups=GAME_BACKUPS)
                entries[upd.game_id] = index_entry(new_meta, digest_doc(game))
        except BaseException:
            tx.abort()
            raise
        return tx, entries, players

    @property
    def importing(self) -> bool:
        """Whether an import started by :meth:`import_json_async` is under
        way (never waits: the UI asks it to say "Importing…")."""
        return self._s.importing > 0

    @_told_inside
    async def import_json_async(self, data: bytes | str) -> ImportReport:
        """:meth:`import_json`, off the event loop: the file is read and
        checked in a separate process, the import planned (every game
        replayed) and staged in a worker thread without holding the store,
        which is held only to put the staged files in place.  Saves made
        meanwhile are kept (the import is planned again if one touched what
        it changes).  A crash at any moment leaves all of the import or none
        of it (tests/store/test_store_import_async.py,
        tests/store/test_store_import_kill.py)."""
        from . import importer

        return await importer.import_off_loop(self, data)

    @_writing
    def _commit_import(
        self,
        tx: Transaction,
        entries: dict[str, dict[str, Any]],
        players: bool,
        unchanged: Callable[[], bool],
    ) -> None:
        """Put a staged import in place if ``unchanged()`` (checked under the
        store's lock); raises :class:`importer.Changed` (nothing changed, and
        nothing told) if not."""
        if not unchanged():
            from .importer import Changed

            raise Changed("the data changed while the import was planned")
        with self._s.index.held():
            self._s.commit(tx, entries, players=players)

    @_reading
    def export_csv(self, game_id: str) -> str:
        """The score sheet of one game, hand by hand, for spreadsheets."""
        from . import exchange

        return exchange.score_sheet_csv(self._load(game_id)[3])

    @_writing
    def backup(self) -> Path:
        """Zip the whole data folder into ``backups/``; returns the zip's path."""
        try:
            return make_backup(self.data_dir)
        except OSError as exc:
            raise StoreError(
                "could not make a backup: {reason}", reason=exc.strerror or str(exc)
            ) from exc

    @_reading
    def check(self) -> list[str]:
        """Read every game file, replay every game, and compare with what is
        stored; returns the problems found (empty: all is well), each a
        :class:`Notice` (English text; ``.msg`` to translate it).

        Each game file is judged from one read of it, so a check run beside
        the app (read-only, while the app writes) sees every file whole; and
        what the app changed since this store was opened (an index flushed
        only now and then, a player added since) is not a problem."""
        problems: list[str] = []
        if self._s.read_only:
            self._s.load_players()  # as they are now, not as they were at open
        names = self._s.names()
        for game_id, has_main in sorted(scan_game_ids(self._s.games_dir).items()):
            label = _label(game_id)
            before = len(self._s.notices)
            gf = self._s.game_file(game_id)
            found: list[str] = []
            try:
                snap = gf.snapshot()
                if snap is not None:
                    found = self._check_game(label, gf, snap, names)
                elif has_main:
                    found = [Notice("{file}: holds no game", file=label)]
            except (UserError, KeyError, TypeError, ValueError) as exc:
                found = [Notice("{file}: {reason}", file=label, reason=reason(exc))]
            # A repair made while reading it first (it explains what follows).
            problems.extend(self._s.notices[before:])
            problems.extend(found)
        known = set(scan_game_ids(self._s.games_dir))
        for gid in self._s.index.entries:
            if gid not in known:
                problems.append(Notice("the index lists a game with no file: {id}", id=gid))
        seen: dict[str, str] = {}
        for doc in self._s.players.values():
            if doc.get("hidden") or doc.get("merged_into"):
                continue
            key = name_key(doc["name"])
            if key in seen:
                problems.append(Notice("two players are called {name}", name=doc["name"]))
            seen[key] = doc["id"]
        return problems

    def _check_game(
        self,
        file: str,
        gf: GameFile,
        snap: tuple[dict[str, Any], list[Document], tuple[int, int, int] | None],
        names: Mapping[str, str],
    ) -> list[str]:
        meta, records, stamp = snap
        problems: list[str] = []
        setup = setup_of(meta)
        who = versus([names.get(p, p) for p in setup.players])
        label = Msg(
            "{file} ({players}, {date})", file=file, players=who, date=meta["created_at"][:10]
        )
        missing = [p for p in setup.players if self._s.resolve(p) not in self._s.players]
        if missing and self._s.read_only:
            self._s.load_players()  # added by the app since this check began?
            missing = [p for p in missing if self._s.resolve(p) not in self._s.players]
        for p in missing:
            problems.append(
                Notice("{game}: player {id} is not in the player list", game=label, id=p)
            )
        ids = [d["id"] for d in records]
        if len(set(ids)) != len(ids):
            problems.append(Notice("{game}: two hand versions share an id", game=label))
        for d in records:
            try:
                hand_from_doc(d["hand"])
            except StoreError as exc:
                problems.append(
                    Notice(
                        "{game}: hand {n} ({id}): {reason}",
                        game=label,
                        n=d["seq"] + 1,
                        id=d["id"],
                        reason=exc.msg,
                    )
                )
            if d.get("replaces") and d["replaces"] not in ids:
                problems.append(
                    Notice(
                        "{game}: hand {n} replaces a version that is gone",
                        game=label,
                        n=d["seq"] + 1,
                    )
                )
        ledger = [d for d in records if d.get("superseded_at") is None]
        try:
            game = build_game(setup, rules_of(meta), ledger_hands(ledger), names)
        except UserError as exc:
            problem = Notice("{game}: the hands don't replay: {reason}", game=label, reason=exc.msg)
            return [*problems, problem]
        fresh = summarize(game, names)
        stored = meta["summary"]
        for key, field in _CHECKED_FIELDS.items():
            if fresh[key] != stored.get(key):
                problems.append(
                    Notice(
                        "{game}: stored {field} {stored} but the hands replay to {fresh}",
                        game=label,
                        field=Msg(field),
                        stored=repr(stored.get(key)),
                        fresh=repr(fresh[key]),
                    )
                )
        entry = self._s.index.entries.get(meta["id"])
        # Read-only beside the app, which writes its index only now and then:
        # an entry made from another version of this file is not wrong, only older.
        if (
            self._s.read_only
            and stamp is not None
            and entry is not None
            and entry.get("fp") != [stamp[1], stamp[0], stamp[2]]
        ):
            return problems
        if entry is None:
            if not self._s.read_only:
                problems.append(Notice("{game}: missing from the index", game=label))
        elif any(entry.get(k) != v for k, v in index_entry(meta).items()):
            problems.append(Notice("{game}: the index is out of date", game=label))
        elif entry.get("digest") != digest_doc(game):
            problems.append(
                Notice(
                    "{game}: the statistics digest does not match a replay of the hands",
                    game=label,
                )
            )
        return problems

    @_writing
    def repair(self) -> list[str]:
        """Fix what :meth:`check` finds that can be fixed without guessing,
        and say what was done (each a :class:`Notice`): stored summaries and
        index entries made again from a replay of the hands, references to
        hand versions that are gone dropped, index entries of games that are
        gone dropped, players the games name but the list lacks restored,
        and two visible players of one name told apart.  Games whose hands
        don't replay are left as they are (and said so)."""
        done: list[str] = []
        names = self._s.names()
        with self._s.index.held():
            for game_id in sorted(scan_game_ids(self._s.games_dir)):
                label = _label(game_id)
                gf = self._s.game_file(game_id)
                try:
                    snap = gf.snapshot()
                    if snap is None:
                        continue
                    done.extend(self._repair_game(label, gf, snap, names))
                except (UserError, KeyError, TypeError, ValueError) as exc:
                    done.append(
                        Notice(
                            "{file}: not repaired (its hands don't replay: {reason}); "
                            "it is left as it is",
                            file=label,
                            reason=reason(exc),
                        )
                    )
            known = set(scan_game_ids(self._s.games_dir))
            for gid in [g for g in self._s.index.entries if g not in known]:
                self._s.index.drop(gid)
                done.append(
                    Repaired("dropped the index entry of a game with no file: {id}", id=gid)
                )
        before = len(self._s.notices)
        self._s._restore_missing_players()
        done.extend(self._s.notices[before:])
        seen: set[str] = set()
        for doc in sorted(self._s.players.values(), key=lambda d: d.get("created_at") or ""):
            if doc.get("hidden") or doc.get("merged_into"):
                continue
            key = name_key(doc["name"])
            if key in seen:
                n = 2
                while name_key(f"{doc['name']} ({n})") in seen:
                    n += 1
                new = f"{doc['name']} ({n})"
                self._update_player(doc["id"], {"name": new})
                done.append(
                    Repaired(
                        "two players were called {name}: one is now {new}",
                        name=doc["name"],
                        new=new,
                    )
                )
                key = name_key(new)
            seen.add(key)
        self._s.index.flush()
        return done

    def _repair_game(
        self,
        file: str,
        gf: GameFile,
        snap: tuple[dict[str, Any], list[Document], tuple[int, int, int] | None],
        names: Mapping[str, str],
    ) -> list[str]:
        meta, records, _ = snap
        done: list[str] = []
        ids = {d["id"] for d in records}
        dangling = {
            d.doc_id: {"replaces": None}
            for d in records
            if d.get("replaces") and d["replaces"] not in ids
        }
        ledger = [d for d in records if d.get("superseded_at") is None]
        game = build_game(setup_of(meta), rules_of(meta), ledger_hands(ledger), names)
        fresh = summarize(game, names)
        wrong = any(fresh[k] != meta["summary"].get(k) for k in _CHECKED_FIELDS)
        if dangling or wrong:
            changes = {
                "summary": fresh,
                "rev": meta["rev"] + 1,
                "last_change": change_doc("repair"),
            }
            with gf.storage.batch():
                gf.update_hands(dangling)
                gf.games.update(changes, doc_ids=[META_ID])
            meta = {**meta, **changes}
            if dangling:
                done.append(
                    Repaired(
                        Msg.plural(
                            "{file}: dropped {n} reference to a hand version that is gone",
                            "{file}: dropped {n} references to hand versions that are gone",
                            len(dangling),
                            file=file,
                        )
                    )
                )
            if wrong:
                done.append(
                    Repaired("{file}: its stored totals were made again from its hands", file=file)
                )
        entry = self._s.index.entries.get(meta["id"])
        fresh_entry = index_entry(meta, digest_doc(game))
        if entry is None or any(entry.get(k) != v for k, v in fresh_entry.items()):
            self._s.index.put(meta["id"], fresh_entry, gf.storage.content_sum)
            done.append(Repaired("{file}: its index entry was made again", file=file))
        return done

    @_reading
    def flush(self) -> None:
        """Write the index now (it is also written at close and now and then)."""
        if not self._s.read_only:
            self._s.index.flush()


# The public methods live in the rooms; each is put on Store itself too, so
# the facade holds the whole public API in its own namespace (what
# ``vars(Store)`` shows: tests/store/test_store_announce.py finds every
# writer there).  The first room in Store's MRO to define a name wins, as
# it would by inheritance.
for _room in Store.__mro__[1:-1]:
    for _name, _attr in vars(_room).items():
        if not _name.startswith("_") and _name not in vars(Store):
            setattr(Store, _name, _attr)
del _room, _name, _attr


def _version(meta: Mapping[str, Any]) -> tuple[int, str]:
    """What tells one version of a game file from another: every write
    raises its revision (and a backup put back can't bring the same
    revision with another update time)."""
    return int(meta["rev"]), str(meta["updated_at"])


class _Catalog:
    """What :func:`exchange.plan_import` may ask about the data already here."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._s = store._s

    def resolve(self, player_id: str) -> str | None:
        pid = self._s.resolve(player_id)
        doc = self._s.players.get(pid)
        return pid if doc is not None else None

    def visible_player_by_name(self, name: str) -> str | None:
        key = name_key(name)
        for doc in self._s.players.values():
            if doc.get("hidden") or doc.get("merged_into"):
                continue
            if name_key(doc["name"]) == key:
                return str(doc["id"])
        return None

    def ids_here(self) -> set[str]:
        """Every game and player id here (to refuse ids that differ only by case)."""
        return set(self._s.index.entries) | set(self._s.players)

    def player_name(self, player_id: str) -> str:
        doc = self._s.players.get(player_id)
        return str(doc["name"]) if doc else player_id

    def game(self, game_id: str) -> exchange.StoredGame | None:
        gf = self._s.game_file(game_id)
        if not gf.exists():
            return None
        from . import exchange

        return exchange.StoredGame(gf.meta(), [dict(d, doc_id=d.doc_id) for d in gf.records()])


#: The parts of a game's stored summary ``check`` compares with a replay, as it names them.
_CHECKED_FIELDS = {
    "hand_count": N_("hand count"),
    "totals": N_("totals"),
    "column_totals": N_("column totals"),
    "final_totals": N_("final totals"),
    "winner": N_("winner"),
    "finished": N_("finished"),
}
