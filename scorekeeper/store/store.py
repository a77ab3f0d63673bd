"""The store: players, games and their hands, on top of the engine's ledger.

What is stored is what the players entered (the hands); totals, winners and
dealers are always replayed by the engine, and a hand is written only after
the engine has accepted it, so the stored ledger always replays.

One process writes a data folder at a time (see lock.py).  Inside that
process, every :func:`open_store` of the folder shares one ``_Shared`` state
(the web mode serves several browsers from one process), and every public
method runs under its lock, so writes are serialized and reads never see a
half-made change.

This module opens a folder and puts the :class:`Store` together; its
methods live in rooms, one module per concept, each a class over
:class:`~.base.StoreBase` (base.py: the handle, its lock, the read/write
decorators): roster.py (players), games.py (a game and the changes to its
hands), listing.py (lists and pages of games), bin.py (deleted games),
transfer.py (export, import, backup) and maintenance.py (check, repair).
The shared state of an open folder is in shared.py.

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
from pathlib import Path

from .base import IMPORT_WAIT as IMPORT_WAIT
from .bin import Bin
from .errors import Notice, StoreError
from .gamefile import game_version as game_version
from .listing import Listing
from .maintenance import Maintenance
from .names import MAX_NAME as MAX_NAME
from .paths import default_data_dir
from .settle_ups import SettleUps
from .shared import OPEN_GAME_FILES as OPEN_GAME_FILES
from .shared import Listener as Listener
from .shared import _Shared as _Shared
from .shared import digest_doc as digest_doc
from .shared import index_entry as index_entry
from .shared import new_id as new_id
from .transfer import Transfer
from .transfer import _Catalog as _Catalog

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


class Store(SettleUps, Maintenance, Transfer, Bin, Listing):
    """A handle on an open data folder; use :func:`open_store` to get one."""

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            _release(self._s)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
