"""A TinyDB storage that never leaves a half-written file behind.

TinyDB's own ``JSONStorage`` rewrites its file in place: a crash or a dead
battery between the first and the last byte leaves a file that is neither the
old state nor the new one.  :class:`AtomicJSONStorage` commits like this::

    1. write the whole new state to a temporary file in the same folder
    2. flush + fsync it                  (its bytes are on the disk)
    3. rotate the backups: .bak2 -> .bak3, .bak1 -> .bak2, file -> .bak1
    4. os.replace(temporary, file)       (atomic: readers see old or new)
    5. fsync the folder                  (the rename itself is on the disk)

so at every instant the file is a complete old state or a complete new one.
Step 3 links the current file as ``.bak1`` (a hard link costs no copy), which
keeps the last few states for when something *outside* our control damages a
file (a bad SD card, a sync tool, a person with an editor).

Reading never overwrites a file it cannot understand: the damaged file is
moved into the quarantine folder, the newest backup that reads well is put in
its place, and ``notify`` is told exactly what happened (see ``_recover``), in
a :class:`~scorekeeper.store.errors.Notice` (English, and translatable).

Writes can be grouped with :meth:`AtomicJSONStorage.batch`, so that several
TinyDB operations (insert a hand, update the game's summary) become one
commit: either all of them are on the disk or none.

>>> import tempfile, pathlib
>>> from tinydb import TinyDB
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> db = TinyDB(folder / "t.json", storage=AtomicJSONStorage)
>>> with db.storage.batch():
...     _ = db.table("a").insert({"x": 1})
...     _ = db.table("b").insert({"y": 2})
>>> sorted(p.name for p in folder.iterdir())
['t.json']
>>> _ = db.table("a").insert({"x": 3})
>>> sorted(p.name for p in folder.iterdir())
['t.json', 't.json.bak1']
>>> (folder / "t.json").write_text("{ broken")
8
>>> db.table("a").all()
[{'x': 1}]
>>> for part in db.storage.notices[0].split("; "):
...     print(part)  # doctest: +ELLIPSIS
t.json was damaged (not valid JSON: ...)
it was moved to .../damaged/t.json...
restored the backup from ... (t.json.bak1).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import re
import secrets
import shutil
import stat
import zlib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorekeeper.engine.errors import Msg
from scorekeeper.runtime import hard_link

from .errors import DataProblem, Notice, Repaired, StoreError, reason

#: What TinyDB keeps in a file: table name -> document id -> document.
Data = dict[str, dict[str, Any]]
#: Checks a parsed file beyond its JSON shape; returns what is wrong (for
#: people, best as a translatable Msg), or None.
Validator = Callable[[Data], "Msg | str | None"]

TMP_SUFFIX = ".tmp"
DEFAULT_BACKUPS = 3
#: How deep the lists and records of a stored file may nest.  Ours nest
#: five or six deep; a file nested deeper is refused before it is parsed (a
#: deep enough one would exhaust the parser's stack).
MAX_DEPTH = 32

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def nesting_depth(raw: bytes) -> int:
    """How deep the lists and records of a JSON text nest, strings skipped: a
    bound, at least the true depth and at most twice it (for text that is not
    JSON, what its brackets would make).

    >>> nesting_depth(b'{"a": [1, {"b": "[[["}]}') in (3, 4, 5, 6), nesting_depth(b"[" * 100)
    (True, 100)
    """
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    # Take away the innermost pairs, one or two levels a round (fast, in C) ...
    rounds = 0
    while rounds < MAX_DEPTH and brackets:
        shorter = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if len(shorter) == len(brackets):
            break
        brackets, rounds = shorter, rounds + 1
    # ... and count what is left (deeper, or brackets that do not pair up).
    depth = deepest = 0
    for c in brackets:
        if c in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return 2 * rounds + deepest


#: What a folder's fsync answers where folders can't be synced (nothing to do).
_CANNOT_SYNC_FOLDERS = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF}


def fsync_dir(folder: Path, *, strict: bool = True) -> None:
    """Make renames inside ``folder`` durable.

    On POSIX a rename is only on the disk once the folder itself is synced,
    so a failure (an I/O error) is raised (``OSError``); file systems that
    cannot sync folders say so with EINVAL and are left alone, and Windows
    cannot open folders at all (and does not need this).  ``strict=False``
    ignores every failure (for cleaning up, where nothing depends on it).
    """
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        if strict and os.name != "nt":
            raise
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if strict and exc.errno not in _CANNOT_SYNC_FOLDERS:
            raise
    finally:
        os.close(fd)


def dumps(data: object) -> bytes:
    """How every stored file is written: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def backup_paths(path: Path, backups: int) -> list[Path]:
    """The backups of ``path``, newest first (they may not all exist)."""
    return [path.with_name(f"{path.name}.bak{i}") for i in range(1, backups + 1)]


def rotate_backups(path: Path, backups: int) -> None:
    """Make room for a new version of ``path``: ``.bak1`` -> ``.bak2`` ...,
    the current file -> ``.bak1`` (a hard link: no copy)."""
    if not backups or not path.exists():
        return
    baks = backup_paths(path, backups)
    for older, newer in zip(reversed(baks[1:]), reversed(baks[:-1]), strict=True):
        with contextlib.suppress(FileNotFoundError):
            os.replace(newer, older)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(baks[0])  # only left when there is a single backup
    hard_link(path, baks[0])  # no copy where it can: the old inode lives on as .bak1


def tmp_path(path: Path) -> Path:
    # A dot name in the same folder: same file system (so os.replace is
    # atomic), hidden from listings, and recognisable as ours to clean up.
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}{TMP_SUFFIX}")


def _write_tmp(path: Path, payload: bytes, durable: bool) -> Path:
    tmp = tmp_path(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            if durable:
                os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def atomic_write_bytes(path: Path, payload: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``payload`` atomically (no backups kept).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.txt"
    >>> atomic_write_bytes(p, b"hello"); p.read_bytes()
    b'hello'
    """
    tmp = _write_tmp(path, payload, durable)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        fsync_dir(path.parent)


def remove_orphans(folder: Path) -> int:
    """Delete temporary files left by a crash between steps 1 and 4.

    They are never the truth (the rename did not happen, so the call that
    wrote them did not return); only the one writer may call this.
    """
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return 0
    for entry in entries:
        if entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed += 1
    return removed


def parse_tables(raw: bytes) -> Data:
    """Parse a TinyDB file, or raise :class:`DataProblem` (a ``ValueError``)
    saying, for people, what is wrong.

    >>> parse_tables(b'{"t": {"1": {"a": 1}}}')
    {'t': {'1': {'a': 1}}}
    >>> for raw in (b"", b"[1, 2]"):
    ...     try:
    ...         parse_tables(raw)
    ...     except ValueError as exc:
    ...         print(exc)
    the file is empty
    not a database file (it holds a list, not tables of records)
    """
    data = parse_json(raw)
    if not isinstance(data, dict):
        if isinstance(data, list):
            raise DataProblem("not a database file (it holds a list, not tables of records)")
        raise DataProblem("not a database file (it holds a single value, not tables of records)")
    for name, table in data.items():
        if not isinstance(table, dict) or not all(isinstance(d, dict) for d in table.values()):
            raise DataProblem(
                "not a database file (table {name!r} is not a set of records)", name=name
            )
    return data


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a bulk job makes many objects that
    all live on (an import of 100,000 hands, every block of the index read):
    every full collection walks them all again, which made an import
    superlinear and was a third of reading the index at 200,000 hands.
    Reference counting still frees everything as usual."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def parse_json(raw: bytes) -> object:
    """Parse a stored JSON file, or raise :class:`DataProblem` saying what is
    wrong; a file nested deeper than :data:`MAX_DEPTH` is refused unparsed."""
    if not raw.strip():
        raise DataProblem("the file is empty")
    if nesting_depth(raw) > MAX_DEPTH:
        raise DataProblem(
            "its lists and records nest more than {most} deep: it is not ours", most=MAX_DEPTH
        )
    try:
        data = json.loads(raw)
    except RecursionError:
        raise DataProblem(
            "its lists and records nest more than {most} deep: it is not ours", most=MAX_DEPTH
        ) from None
    except UnicodeDecodeError:
        raise DataProblem("not text: it holds binary data") from None
    except json.JSONDecodeError as exc:
        raise DataProblem(
            "not valid JSON: {problem} at line {line}", problem=exc.msg, line=exc.lineno
        ) from None
    except ValueError as exc:  # e.g. a number with more digits than Python converts
        raise DataProblem("not valid JSON: {problem}", problem=str(exc)[:200]) from None
    return data


def _utc_label(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def quarantine(path: Path, folder: Path) -> Path:
    """Move ``path`` into ``folder`` under a name that is never reused; return the new path."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = folder / f"{path.name}.{stamp}"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{path.name}.{stamp}-{n}"
    try:
        os.replace(path, target)
    except OSError:  # another file system: copy, then remove
        shutil.copy2(path, target)
        os.unlink(path)
    fsync_dir(folder, strict=False)
    fsync_dir(path.parent, strict=False)
    return target


#: A seal's name ends so (``.players.json.sum``): never backed up, so a
#: restored file is always checked.
SEAL_SUFFIX = ".sum"


class AtomicJSONStorage(Storage):
    """TinyDB storage with atomic, durable commits and rotating backups.

    ``backups``: how many previous versions to keep (``name.bak1`` newest).
    ``durable``: fsync file and folder (turn off only for throwaway data).
    ``read_only``: refuse writes; a damaged file is reported, and its backup
    shown, but nothing on the disk is touched.
    ``validator``: extra checks of a parsed file; a file it refuses is
    treated like one that does not parse.
    ``vouched``: the sum (``zlib.crc32``) of the bytes this store last wrote
    the file as, kept elsewhere (a game's in the index); ``seal``: keep that
    sum beside the file itself (``.NAME.sum``).  Bytes with that sum are the
    store's own, checked when they were made, and are not checked again: so
    an open never imports the validation library (pydantic costs a second
    of the phone build's start) unless a file changed behind the store's
    back (a restored backup, an edit, damage), which is always checked.
    ``quarantine``: where damaged files go (default: ``damaged/`` beside it).
    ``notify``: called with a player-readable sentence after every repair, a
    :class:`~scorekeeper.store.errors.Notice` (the messages are also kept in
    :attr:`notices`).
    ``label``: the file's name in those messages (default: its file name).

    The parsed data is cached and re-read only when the file's size, time or
    inode change, so TinyDB's read-modify-write per operation stays cheap.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        backups: int = DEFAULT_BACKUPS,
        durable: bool = True,
        read_only: bool = False,
        validator: Validator | None = None,
        quarantine: Path | None = None,
        notify: Callable[[str], None] | None = None,
        label: str | None = None,
        vouched: Callable[[], int | None] | None = None,
        seal: bool = False,
    ) -> None:
        super().__init__()
        self.vouched = vouched
        self.seal_path = self.path_seal(Path(path)) if seal else None
        self.path = Path(path)
        self.backups = max(0, backups)
        self.durable = durable
        self.read_only = read_only
        self.validator = validator
        self.quarantine_dir = quarantine or self.path.parent / "damaged"
        self.notify = notify
        self.label = label or self.path.name
        self.notices: list[str] = []
        self._cache: Data | None = None
        self._stamp: tuple[int, int, int] | None = None
        self._sum: int | None = None
        self._depth = 0
        self._dirty = False

    @property
    def stamp(self) -> tuple[int, int, int] | None:
        """Size/time/inode of the file as last read or written (None: not cached).

        Lets callers cache things derived from the file and notice any change.
        """
        return self._stamp

    @property
    def content_sum(self) -> int | None:
        """``zlib.crc32`` of the bytes the cached data was last read from or
        written as (None: not known, or changes not committed yet): the game
        index keeps it to know a copied file by its content (see index.py)."""
        return None if self._dirty or self._stamp is None else self._sum

    # --- reading -------------------------------------------------------------

    def read(self) -> Data | None:
        if self._depth and self._dirty:
            return self._cache  # inside a batch: the pending state
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            if self._cache is not None and self._stamp == _MISSING:
                return self._cache  # read-only view of a restored backup
            self._cache = self._stamp = None
            if any(p.exists() for p in self.backup_paths()):
                return self._recover(Msg("{file} was missing", file=self.label))
            return None
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        if self._cache is not None and stamp == self._stamp:
            return self._cache
        if stat.S_ISDIR(st.st_mode):  # e.g. a sync tool's conflict: put its backup back
            folder = Msg("{file} is a folder, not a file", file=self.label)
            return self._recover_damaged(folder, stamp)
        try:
            raw = self.path.read_bytes()
        except OSError as exc:
            raise StoreError(
                "could not read {file}: {reason}", file=self.label, reason=exc.strerror or str(exc)
            ) from exc
        try:
            data = self._parse(raw)
        except ValueError as exc:
            damage = Msg("{file} was damaged ({reason})", file=self.label, reason=reason(exc))
            return self._recover_damaged(damage, stamp)
        self._cache, self._stamp, self._sum = data, stamp, zlib.crc32(raw)
        return data

    def _recover_damaged(
        self, damage: Msg, stamp: tuple[int, int, int] | None = None
    ) -> Data | None:
        try:
            return self._recover(damage, stamp)
        except OSError as err:
            raise StoreError(
                "{problem}, and it could not be set aside: {reason}",
                problem=damage,
                reason=err.strerror or str(err),
            ) from err

    def reseal(self, content_sum: int) -> None:
        """The file was replaced by the store itself, outside this storage
        (an import's transaction, journal.py): keep the sum of its bytes."""
        if self.seal_path is not None:
            with contextlib.suppress(OSError):
                self.seal_path.write_bytes(str(content_sum).encode())

    @staticmethod
    def path_seal(path: Path) -> Path:
        return path.with_name(f".{path.name}{SEAL_SUFFIX}")

    def _trusted_sum(self) -> int | None:
        if self.vouched is not None:
            return self.vouched()
        if self.seal_path is not None:
            try:
                return int(self.seal_path.read_bytes())
            except (OSError, ValueError):
                return None
        return None

    def _parse(self, raw: bytes) -> Data:
        data = parse_tables(raw)
        if self.validator is not None and zlib.crc32(raw) != self._trusted_sum():
            try:
                problem = self.validator(data)
            except ImportError as exc:  # the phone build fetches its checker when needed
                raise StoreError(
                    "{file} could not be checked: {reason}", file=self.label, reason=str(exc)
                ) from exc
            if problem:
                raise DataProblem(problem)
        return data

    def backup_paths(self) -> list[Path]:
        """The backups, newest first (they may not all exist)."""
        return backup_paths(self.path, self.backups)

    def _recover(self, what: Msg, stamp: tuple[int, int, int] | None = None) -> Data | None:
        """Put the newest backup that reads well in place of a damaged file.

        The damaged file is moved aside, never overwritten or deleted: it may
        hold the only copy of something a person can still rescue by hand.
        ``what`` says what is wrong with it ("{file} was missing").
        """
        good: tuple[Path, bytes, Data] | None = None
        for bak in self.backup_paths():
            try:
                raw = bak.read_bytes()
                good = (bak, raw, self._parse(raw))
                break
            except (OSError, ValueError):
                continue
        if self.read_only:
            if good is None:
                self._tell(
                    Notice(
                        "{problem}; no readable backup was found "
                        "(opened read-only: nothing was changed).",
                        problem=what,
                    )
                )
                return None
            self._tell(
                Notice(
                    "{problem}; showing its backup from {when} instead "
                    "(opened read-only: nothing was changed).",
                    problem=what,
                    when=_utc_label(good[0].stat().st_mtime),
                )
            )
            self._cache, self._stamp = good[2], stamp or _MISSING
            self._sum = None  # (the file is not what is shown)
            return good[2]
        moved = quarantine(self.path, self.quarantine_dir) if self.path.exists() else None
        if good is None:
            self._cache = self._stamp = None
            if moved:
                self._tell(
                    Notice(
                        "{problem}; it was moved to {path}; "
                        "no readable backup was found, so it starts empty.",
                        problem=what,
                        path=str(moved),
                    )
                )
            else:
                self._tell(
                    Notice(
                        "{problem}; no readable backup was found, so it starts empty.",
                        problem=what,
                    )
                )
            return None
        bak, raw, data = good
        when = _utc_label(bak.stat().st_mtime)
        atomic_write_bytes(self.path, raw, durable=self.durable)
        st = os.stat(self.path)
        self._cache, self._stamp = data, (st.st_mtime_ns, st.st_size, st.st_ino)
        self._sum = zlib.crc32(raw)
        if moved:
            self._tell(
                Repaired(
                    "{problem}; it was moved to {path}; "
                    "restored the backup from {when} ({backup}).",
                    problem=what,
                    path=str(moved),
                    when=when,
                    backup=bak.name,
                )
            )
        else:
            self._tell(
                Repaired(
                    "{problem}; restored the backup from {when} ({backup}).",
                    problem=what,
                    when=when,
                    backup=bak.name,
                )
            )
        return data

    def _tell(self, message: Notice) -> None:
        self.notices.append(message)
        if self.notify is not None:
            self.notify(message)

    # --- writing -------------------------------------------------------------

    def write(self, data: Data) -> None:
        if self.read_only:
            raise StoreError("{file} is open read-only: nothing can be changed", file=self.label)
        if self._depth:
            self._cache, self._dirty = data, True
            return
        self._commit(data)

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Group writes into one commit; an exception discards them all.

        TinyDB changes the cached data in place before it calls ``write``,
        so a failed batch also drops the cache: the next read comes from disk.
        """
        if self._depth == 0:
            self.read()  # refresh the cache once; later reads in the batch reuse it
        self._depth += 1
        ok = False
        try:
            yield
            ok = True
        finally:
            self._depth -= 1
            if not ok:
                self._dirty = False
                self._cache = self._stamp = None
            elif self._depth == 0 and self._dirty:
                self._dirty = False
                assert self._cache is not None
                self._commit(self._cache)

    def _commit(self, data: Data) -> None:
        tmp: Path | None = None
        payload = dumps(data)
        try:
            tmp = _write_tmp(self.path, payload, self.durable)
            rotate_backups(self.path, self.backups)
            os.replace(tmp, self.path)
            tmp = None
        except BaseException as exc:
            self._cache = self._stamp = None
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            if isinstance(exc, OSError):
                raise StoreError(
                    "could not save {file}: {reason}",
                    file=self.label,
                    reason=exc.strerror or str(exc),
                ) from exc
            raise
        # The new content is in place: whatever fails now, it was saved.
        self._cache, self._stamp, self._sum = data, None, zlib.crc32(payload)
        if self.seal_path is not None:
            # Not synced: a seal lost in a crash only means one more check.
            with contextlib.suppress(OSError):
                self.seal_path.write_bytes(str(self._sum).encode())
        with contextlib.suppress(OSError):  # no stamp: the file is read again when next needed
            st = os.stat(self.path)
            self._stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        if self.durable:
            try:
                fsync_dir(self.path.parent)
            except OSError as exc:
                raise StoreError(
                    "{file} was saved, but the disk did not confirm it is kept for good "
                    "({reason}): check the disk",
                    file=self.label,
                    reason=exc.strerror or str(exc),
                ) from exc

    def close(self) -> None:
        self._cache = self._stamp = None

    def remove(self) -> None:
        """Delete the file and its backups (backups first: a crash half-way
        must not leave backups that would bring the file back)."""
        seal = [self.seal_path] if self.seal_path is not None else []
        for p in [*reversed(self.backup_paths()), self.path, *seal]:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(p)
        fsync_dir(self.path.parent, strict=False)  # gone either way: nothing depends on it
        self._cache = self._stamp = None


#: The stamp of a read-only view onto the backup of a missing file.
_MISSING = (0, 0, 0)
