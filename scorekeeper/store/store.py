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

import errno
import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb.table import Document

from scorekeeper.engine.errors import N_, Msg, UserError

from .base import IMPORT_WAIT as IMPORT_WAIT
from .base import _reading, _writing
from .bin import Bin
from .changes import change_doc
from .docs import hand_from_doc
from .errors import Notice, Repaired, StoreError, reason, versus
from .gamefile import META_ID, GameFile, build_game, ledger_hands, rules_of, setup_of, summarize
from .index import scan_game_ids
from .listing import Listing
from .names import MAX_NAME as MAX_NAME
from .names import name_key
from .paths import default_data_dir
from .shared import OPEN_GAME_FILES as OPEN_GAME_FILES
from .shared import Listener as Listener
from .shared import _label
from .shared import _Shared as _Shared
from .shared import digest_doc as digest_doc
from .shared import index_entry as index_entry
from .shared import new_id as new_id
from .transfer import Transfer
from .transfer import _Catalog as _Catalog
from .transfer import _version as _version

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


class Store(Transfer, Bin, Listing):
    """A handle on an open data folder; use :func:`open_store` to get one."""

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            _release(self._s)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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


#: The parts of a game's stored summary ``check`` compares with a replay, as it names them.
_CHECKED_FIELDS = {
    "hand_count": N_("hand count"),
    "totals": N_("totals"),
    "column_totals": N_("column totals"),
    "final_totals": N_("final totals"),
    "winner": N_("winner"),
    "finished": N_("finished"),
}
