"""One writer per data folder: an OS file lock on ``<data dir>/.lock``.

Two copies of the app writing the same files would each keep their own idea
of the data and silently undo the other's hands.  The first process to open a
folder for writing takes an exclusive, non-blocking lock; a second one gets
:class:`StoreLockedError` at once (it can open the folder read-only instead).

The operating system drops the lock when the process ends, however it ends
(crash, SIGKILL, power loss), so a stale lock file never blocks anybody: the
file's content (the holder's process id) is only there for the message.

POSIX uses ``flock`` (per open file, so it also refuses a second open inside
one process: the store shares one object per folder instead, see store.py);
Windows uses ``msvcrt.locking`` on the first byte.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> first = FolderLock(folder); first.acquire()
>>> second = FolderLock(folder)
>>> try:
...     second.acquire()
... except StoreLockedError as exc:
...     print("refused")
refused
>>> first.release(); second.acquire(); second.release()
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from .errors import StoreLockedError
from .paths import LOCK_FILE


class FolderLock:
    """The exclusive write lock of one data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_FILE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock or raise :class:`StoreLockedError` (never waits)."""
        if self._fd is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            holder = _read_holder(fd)
            os.close(fd)
            if holder:
                raise StoreLockedError(
                    "The score data in {folder} is already open in another copy of "
                    "Gin Scorekeeper (process {process}). Close that one first (or open "
                    "this one read-only to look without changing anything).",
                    folder=str(self.folder),
                    process=holder,
                ) from None
            raise StoreLockedError(
                "The score data in {folder} is already open in another copy of "
                "Gin Scorekeeper. Close that one first (or open this one "
                "read-only to look without changing anything).",
                folder=str(self.folder),
            ) from None
        # Record who holds it, for the message above.  Not needed for safety.
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def still_ours(self) -> bool:
        """Whether the lock file we hold is still the one at ``.lock`` (it is
        not, if the folder or the file was deleted or replaced meanwhile: a
        second process could then take a new lock and write beside us)."""
        if self._fd is None:
            return False
        try:
            held, there = os.fstat(self._fd), os.stat(self.path)
        except OSError:
            return False
        return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)

    def forget(self) -> None:
        """Drop our handle without unlocking: after ``fork`` the lock belongs
        to the parent, and unlocking in the child would release it for both."""
        self._fd = None


def _read_holder(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
