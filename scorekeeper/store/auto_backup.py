"""Backups that happen by themselves: a dated export in a folder the player
chose (a synced folder works), after each finished game and at most once
a day otherwise; the last :data:`KEEP` kept.

A backup is an export (exchange.py): what Import reads, "Nothing new" the
second time, on any device.  Its name carries the time it was made, so the
folder itself says when the last one was::

    gin-scorekeeper-2026-12-05T113000.json

Only files of that pattern are ever counted or deleted: the folder may hold
anything else.  A file is written under a temporary name and renamed when
whole (storage.atomic_write_bytes), so a crash or a full disk never leaves a
half backup under a backup's name.  A backup that fails is told (a notice,
the time and reason in Settings), never a failed save: it runs after the
write that finished the game, off the writer's way (its own thread), and
two never run at once.

>>> import tempfile, datetime as dt
>>> folder = Path(tempfile.mkdtemp())
>>> backup_name(dt.datetime(2026, 12, 5, 11, 30, tzinfo=dt.UTC))
'gin-scorekeeper-2026-12-05T113000.json'
>>> _ = (folder / "notes.txt").write_text("mine")
>>> list_backups(folder), last_backup(folder)
([], None)
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from .errors import StoreError
from .storage import atomic_write_bytes

__all__ = [
    "DAILY",
    "KEEP",
    "AutoBackup",
    "BackupError",
    "backup_name",
    "check_folder",
    "due",
    "last_backup",
    "list_backups",
    "made_at",
    "prune",
    "write_backup",
]

log = logging.getLogger(__name__)

#: How many of its own backups a folder keeps.
KEEP = 10
#: A backup at least this often while games are played, finished or not.
DAILY = timedelta(days=1)

_NAME = re.compile(r"^gin-scorekeeper-(\d{4}-\d{2}-\d{2}T\d{6})\.json$")
_STAMP = "%Y-%m-%dT%H%M%S"


class BackupError(StoreError):
    """A backup could not be written (the folder is gone, full, not ours)."""


class _Exporting(Protocol):
    def export_json(self) -> Any: ...


def backup_name(moment: datetime) -> str:
    """A backup's file name: the UTC time it was made."""
    return f"gin-scorekeeper-{moment.astimezone(UTC).strftime(_STAMP)}.json"


def made_at(path: Path) -> datetime | None:
    """When a backup was made, from its name (None: not one of ours)."""
    found = _NAME.match(path.name)
    if found is None:
        return None
    return datetime.strptime(found.group(1), _STAMP).replace(tzinfo=UTC)


def list_backups(folder: Path) -> list[Path]:
    """This app's backups in ``folder``, newest first (none if it can't be read)."""
    try:
        found = [p for p in folder.iterdir() if made_at(p) is not None and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def last_backup(folder: Path) -> datetime | None:
    """When the newest backup in ``folder`` was made."""
    backups = list_backups(folder)
    return made_at(backups[0]) if backups else None


def due(last: datetime | None, now: datetime, *, finished: datetime | None = None) -> bool:
    """Whether a backup is due: none yet, a game finished since the last
    one, or the last one a day old.

    >>> t = datetime(2026, 12, 5, 12, tzinfo=UTC)
    >>> due(None, t), due(t - timedelta(hours=2), t), due(t - timedelta(days=1), t)
    (True, False, True)
    >>> due(t - timedelta(hours=2), t, finished=t - timedelta(hours=1))
    True
    """
    if last is None:
        return True
    if finished is not None and finished > last:
        return True
    return now - last >= DAILY


def check_folder(text: str) -> Path:
    """The folder a player typed, made if missing and proved writable; a
    :class:`BackupError` says what is wrong with it."""
    raw = text.strip().strip('"').strip("'")
    if not raw:
        raise BackupError("type the path of a folder for the backups")
    folder = Path(raw).expanduser()
    if not folder.is_absolute():
        raise BackupError("give the whole path of the folder (it starts with / or a drive)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".gin-scorekeeper-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise BackupError(
            "backups can't be written to {folder}: {reason}",
            folder=str(folder),
            reason=exc.strerror or str(exc),
        ) from None
    return folder


def write_backup(store: _Exporting, folder: Path, moment: datetime) -> Path:
    """Write an export of every game into ``folder`` (whole or not at all),
    then keep the newest :data:`KEEP`; the path written."""
    path = folder / backup_name(moment)
    payload = json.dumps(store.export_json(), ensure_ascii=False).encode("utf-8")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, payload, durable=True)
    except OSError as exc:
        raise BackupError(
            "the backup could not be written to {folder}: {reason}",
            folder=str(folder),
            reason=exc.strerror or str(exc),
        ) from None
    prune(folder)
    return path


def prune(folder: Path, keep: int = KEEP) -> list[Path]:
    """Delete this app's backups beyond the newest ``keep``; those deleted."""
    old = list_backups(folder)[keep:]
    for path in old:
        try:
            path.unlink()
        except OSError:  # gone already, or read-only: the next backup tries again
            log.warning("could not delete the old backup %s", path)
    return old


class AutoBackup:
    """Backs up one store's games into the folder ``folder_of()`` names
    (``None``: the player chose none), by itself: after each write that
    finished a game, and once a day of play.

    ``start`` runs a backup (default: in a thread of its own); each is
    asked for only while none runs, and one asked for meanwhile runs
    right after.  ``failed`` and ``done`` say how the last went;
    ``listeners`` are told each failure (a session shows a notice)."""

    def __init__(
        self,
        store: Any,
        folder_of: Callable[[], Path | None],
        *,
        start: Callable[[Callable[[], None]], None] | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.store = store
        self.folder_of = folder_of
        self.clock = clock
        self._start = start or _in_thread
        self._lock = threading.Lock()
        self._running = False
        #: asked for meanwhile: by a player (run after, whatever); by writes
        #: (the times their games finished, or None), run after only if
        #: still due once the running one is done
        self._again = False
        self._asked: list[datetime | None] = []
        #: When the last backup of this run was made, and where.
        self.done: tuple[datetime, Path] | None = None
        #: When the last one failed, and why (cleared by one that works).
        self.failed: tuple[datetime, BackupError] | None = None
        self.listeners: list[Callable[[BackupError], None]] = []
        self._stop: Callable[[], None] | None = None
        #: The folder last looked at and its newest backup's time: a write
        #: checks these in memory, not the folder (a synced folder may be slow).
        self._seen: tuple[Path, datetime | None] | None = None

    def attach(self) -> AutoBackup:
        """Follow the store's writes, and back up now if a day has passed."""
        self._stop = self.store.on_change(self._changed)
        self.check()
        return self

    def detach(self) -> None:
        if self._stop is not None:
            self._stop()
            self._stop = None

    def _changed(self, game_id: str | None) -> None:
        folder = self.folder_of()  # read once a write: the settings' file
        if folder is None:  # no folder chosen: a save costs nothing more
            return
        finished: datetime | None = None
        if game_id is not None:
            try:
                summary = self.store.summary(game_id)
            except StoreError:
                return
            if getattr(summary, "finished", False):
                finished = _aware(getattr(summary, "finished_at", None))
        self._check(folder, finished)

    def check(self, *, finished: datetime | None = None) -> None:
        """Back up if one is due (see :func:`due`)."""
        folder = self.folder_of()
        if folder is not None:
            self._check(folder, finished)

    def _check(self, folder: Path, finished: datetime | None) -> None:
        if self._seen is None or self._seen[0] != folder:  # a folder chosen since
            self._seen = (folder, last_backup(folder))
        if due(self._seen[1], self.clock(), finished=finished):
            self._ask(finished)

    def request(self) -> None:
        """Back up now (after the one running, if one is)."""
        self._ask(None, forced=True)

    def _ask(self, finished: datetime | None, *, forced: bool = False) -> None:
        with self._lock:
            if self._running:
                if forced:
                    self._again = True
                else:
                    self._asked.append(finished)
                return
            self._running = True
        self._start(self._run)

    def _run(self) -> None:
        while True:
            self._once()
            with self._lock:
                # a write seen while that one ran asked with the folder's
                # old time: the backup just made may hold what it wrote
                asked, self._asked = self._asked, []
                last = self._seen[1] if self._seen is not None else None
                now = self.clock()
                if not (self._again or any(due(last, now, finished=f) for f in asked)):
                    self._running = False
                    return
                self._again = False

    def _once(self) -> None:
        folder = self.folder_of()
        if folder is None:
            return
        moment = self.clock()
        try:
            if not self.store.list_games(include_deleted=True):
                return  # nothing to keep (a new device: its folder's backups stay the newest)
            path = write_backup(self.store, folder, moment)
        except BackupError as exc:
            self.failed = (moment, exc)
            for listener in list(self.listeners):
                try:
                    listener(exc)
                except Exception:
                    log.exception("a backup listener failed")
            return
        except Exception as exc:  # the export itself: never the player's save
            log.exception("the backup failed")
            self.failed = (moment, BackupError("the backup failed: {reason}", reason=str(exc)))
            return
        self.done = (moment, path)
        self.failed = None
        # the moment itself, not the name's whole second: a game finished
        # earlier in that second is in this backup (the export was read
        # after), and must not make the next write back up again
        self._seen = (folder, moment)


def _aware(value: object) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _in_thread(run: Callable[[], None]) -> None:
    threading.Thread(target=run, name="gin-backup", daemon=True).start()
