"""Changes to several files at once, all or nothing: stage, journal, put in place.

An import, a migration and a player merge change many files (every game
they bring or touch, and ``players.json``).  Each file is replaced
atomically (storage.py), but a crash between two of them would leave half
the change.  So a :class:`Transaction` does it like this::

    1. write every new file into a staging folder ``.staging-<random>/``
       and sync it                      (nothing visible has changed yet)
    2. write ``journal.json``, atomically, listing staged file -> target
                                        (the commit point)
    3. put each staged file in place (rotating its backups), sync the folders
    4. delete the journal, then the staging folder

At open (:func:`recover`), before anything is read: a journal means the
change was committed, so whatever step 3 had not done yet is done (roll
forward); a staging folder without a journal was never committed and is
deleted (roll back).  Either way no one ever sees half a change.  A full
disk fails in step 1 or 2, which changes nothing.

A journal whose staging folder is gone is never left by a crash (the folder
goes only after the journal): someone removed it, and how much of the change
was put in place before can't be known.  That is said, and the journal kept
aside in ``damaged/``; the files are left as they are.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import secrets
import shutil
import sys
import zlib
from pathlib import Path
from typing import cast

from scorekeeper.engine.errors import Msg

from .documents import StagedFile, TransactionDoc
from .errors import Notice, Repaired, StoreError
from .paths import GAMES_DIR, PLAYERS_FILE
from .storage import Data, atomic_write_bytes, dumps, fsync_dir, quarantine, rotate_backups

JOURNAL_FILE = "journal.json"
STAGING_PREFIX = ".staging-"
_STAGING = re.compile(r"^\.staging-[0-9a-f]{8,32}$")
_STAGED = re.compile(r"^[0-9]{1,9}\.json$")
_TARGET = re.compile(rf"^(?:{re.escape(PLAYERS_FILE)}|{GAMES_DIR}/[A-Za-z0-9_-]{{1,64}}\.json)$")


class Transaction:
    """Files to replace together; :meth:`commit` puts them all in place or none."""

    def __init__(self, data_dir: Path, *, durable: bool = True) -> None:
        self.data_dir = data_dir
        self.durable = durable
        self.name = f"{STAGING_PREFIX}{secrets.token_hex(8)}"
        self.staging = data_dir / self.name
        self.files: list[StagedFile] = []
        self.targets: list[Path] = []
        #: ``zlib.crc32`` of each staged file's bytes, by target (see index.py).
        self.sums: dict[Path, int] = {}

    def put(self, target: Path, data: Data, *, backups: int) -> None:
        """Stage ``data`` as the new content of ``target`` (a path in the data folder)."""
        rel = target.relative_to(self.data_dir).as_posix()
        if not _TARGET.match(rel):
            raise ValueError(f"not a file a transaction may write: {rel}")
        if not self.files:
            self.staging.mkdir()
        staged = f"{len(self.files)}.json"
        payload = dumps(data)
        try:
            with open(self.staging / staged, "xb") as f:
                f.write(payload)  # synced all at once, at the commit
        except OSError as exc:
            self.abort()
            raise StoreError(
                "could not save {file}: {reason}", file=rel, reason=exc.strerror or str(exc)
            ) from exc
        self.files.append({"staged": staged, "target": rel, "backups": backups})
        self.targets.append(target)
        self.sums[target] = zlib.crc32(payload)

    def commit(self) -> None:
        """Write the journal (the change is then made, whatever happens
        next) and put every staged file in place."""
        if not self.files:
            return
        journal: TransactionDoc = {"staging": self.name, "files": self.files}
        try:
            if self.durable:
                sync_files([self.staging / e["staged"] for e in self.files], self.staging)
                fsync_dir(self.staging)
            atomic_write_bytes(self.data_dir / JOURNAL_FILE, dumps(journal), durable=self.durable)
        except OSError as exc:
            self.abort()
            raise StoreError(
                "could not save {file}: {reason}",
                file=JOURNAL_FILE,
                reason=exc.strerror or str(exc),
            ) from exc
        except BaseException:
            self.abort()
            raise
        try:
            _roll_forward(self.data_dir, journal, durable=self.durable)
        except OSError as exc:
            raise StoreError(
                "the change is saved, but could not be put in place ({reason}); "
                "it will be when the data is next opened",
                reason=exc.strerror or str(exc),
            ) from exc

    def abort(self) -> None:
        """Forget what was staged (nothing visible has changed)."""
        shutil.rmtree(self.staging, ignore_errors=True)
        self.files.clear()
        self.targets.clear()
        self.sums.clear()


#: From how many files on, one sync of the whole file system is cheaper than one each.
SYNCFS_FROM = 16


def sync_files(paths: list[Path], folder: Path) -> None:
    """Make the content of ``paths`` (all in ``folder``) durable: one
    ``syncfs`` of the file system on Linux when there are many (one journal
    commit instead of thousands), else an ``fsync`` each.  Raises ``OSError``."""
    if len(paths) >= SYNCFS_FROM and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            syncfs = libc.syncfs
        except (OSError, AttributeError):
            syncfs = None
        if syncfs is not None:
            fd = os.open(folder, os.O_RDONLY)
            try:
                if syncfs(fd) == 0:
                    return
                err = ctypes.get_errno()
                raise OSError(err, os.strerror(err))
            finally:
                os.close(fd)
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _roll_forward(data_dir: Path, journal: TransactionDoc, *, durable: bool) -> None:
    staging = data_dir / journal["staging"]
    folders: set[Path] = set()
    for entry in journal["files"]:
        staged = staging / entry["staged"]
        target = data_dir / entry["target"]
        if not staged.exists():
            continue  # put in place before a crash
        target.parent.mkdir(parents=True, exist_ok=True)
        rotate_backups(target, entry["backups"])
        os.replace(staged, target)
        folders.add(target.parent)
    if durable:
        for folder in folders:
            fsync_dir(folder, strict=True)
    os.unlink(data_dir / JOURNAL_FILE)
    if durable:
        fsync_dir(data_dir, strict=True)
    shutil.rmtree(staging, ignore_errors=True)


def _valid(journal: object) -> bool:
    if not isinstance(journal, dict) or not isinstance(journal.get("files"), list):
        return False
    name = journal.get("staging")
    if not isinstance(name, str) or not _STAGING.match(name):
        return False
    for e in journal["files"]:
        if not (
            isinstance(e, dict)
            and isinstance(e.get("staged"), str)
            and _STAGED.match(e["staged"])
            and isinstance(e.get("target"), str)
            and _TARGET.match(e["target"])
            and type(e.get("backups")) is int
            and 0 <= e["backups"] <= 9
        ):
            return False
    return True


def recover(data_dir: Path, notices: list[str], *, read_only: bool, durable: bool) -> None:
    """Finish a committed change cut short, and drop any uncommitted one (see above)."""
    path = data_dir / JOURNAL_FILE
    journal: TransactionDoc | None = None
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raw = None
    if raw is not None:
        try:
            loaded = json.loads(raw)
        except (ValueError, RecursionError):
            loaded = None
        if _valid(loaded):
            journal = cast(TransactionDoc, loaded)
        elif read_only:
            notices.append(Notice("{file} is damaged; it was left as it is", file=JOURNAL_FILE))
            return
        else:
            moved = quarantine(path, data_dir / "damaged")
            notices.append(
                Notice(
                    "{file} was damaged; it was moved to {path}, and the change it "
                    "described was not made",
                    file=JOURNAL_FILE,
                    path=str(moved),
                )
            )
    if journal is not None and not (data_dir / journal["staging"]).is_dir():
        gone = Msg(
            "{file} names a staging folder that is gone ({folder}): the import or merge "
            "it describes may be only partly made",
            file=JOURNAL_FILE,
            folder=journal["staging"],
        )
        if read_only:
            notices.append(Notice("{problem}; it was left as it is", problem=gone))
            return
        moved = quarantine(path, data_dir / "damaged")
        notices.append(
            Notice(
                "{problem}; the journal was moved to {path}, and the files are as they were",
                problem=gone,
                path=str(moved),
            )
        )
        journal = None
    if read_only:
        if journal is not None:
            notices.append(
                Notice(
                    "An import or merge was cut short; open the data normally "
                    "(not read-only) to finish it."
                )
            )
        return
    if journal is not None:
        _roll_forward(data_dir, journal, durable=durable)
        notices.append(Repaired("An import or merge was cut short; it has now been completed."))
    for entry in list(os.scandir(data_dir)):
        if entry.name.startswith(STAGING_PREFIX) and entry.is_dir(follow_symlinks=False):
            with contextlib.suppress(OSError):
                shutil.rmtree(entry.path)
