"""Whole-folder backups: one zip of every data file, under ``backups/``.

A backup is taken while the caller holds the store's lock, so no write can
happen half-way through it: the zip is a consistent picture of the data.
It holds the files that are the truth (players, game files, an old-format
file awaiting migration), not the caches, the per-file ``.bak`` copies or
earlier backups.  Restoring one is unzipping it into an empty data folder.

>>> import tempfile, pathlib, zipfile
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "players.json").write_text("{}")
>>> (d / "games").mkdir(); _ = (d / "games" / "g1.json").write_text("{}")
>>> _ = (d / "games" / "g1.json.bak1").write_text("{}")
>>> zipfile.ZipFile(make_backup(d)).namelist()
['games/g1.json', 'players.json']
"""

from __future__ import annotations

import contextlib
import os
import re
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from .paths import BACKUPS_DIR, DAMAGED_DIR, INDEX_DIR, INDEX_FILE, LOCK_FILE
from .storage import SEAL_SUFFIX, TMP_SUFFIX, fsync_dir, tmp_path

_SKIP_DIRS = {BACKUPS_DIR, DAMAGED_DIR, INDEX_DIR}  # the index: a cache
_SKIP_FILES = {LOCK_FILE, INDEX_FILE}
_BAK = re.compile(r"\.bak\d+$")


def data_files(data_dir: Path) -> list[Path]:
    """The files a backup holds, relative to ``data_dir``, sorted."""
    out: list[Path] = []
    for root, dirs, files in os.walk(data_dir):
        rel_root = Path(root).relative_to(data_dir)
        if rel_root == Path("."):
            # (and no staging folder of a change not yet made, see journal.py)
            dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.startswith(".staging-")]
        for name in files:
            if name in _SKIP_FILES and rel_root == Path("."):
                continue
            if name.endswith((TMP_SUFFIX, SEAL_SUFFIX)) or _BAK.search(name):
                continue
            out.append(rel_root / name)
    return sorted(out, key=lambda p: p.as_posix())


#: The "Back up now" backups kept under ``backups/`` (the oldest go first):
#: a button pressed again and again cannot fill the host's disk.
KEEP_NOW = 10


def make_backup(data_dir: Path, label: str = "backup", keep: int | None = None) -> Path:
    """Zip the data into ``backups/<label>-<UTC time>.zip``; return its path.
    With ``keep``, only the newest ``keep`` backups of this ``label`` stay.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "players.json").write_text("{}")
    >>> for _ in range(4): _ = make_backup(d, keep=2)
    >>> len(list((d / "backups").glob("backup-*.zip")))
    2
    """
    folder = data_dir / BACKUPS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{label}-{stamp}.zip"
    tmp = tmp_path(target)
    try:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for rel in data_files(data_dir):
                zf.write(data_dir / rel, rel.as_posix())
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)
    if keep is not None:
        _rotate(folder, label, keep)
    return target


def _rotate(folder: Path, label: str, keep: int) -> None:
    """Delete the backups of ``label`` beyond the newest ``keep`` (their
    names sort by the time in them)."""
    mine = re.compile(re.escape(label) + r"-\d{8}-\d{6}-\d{6}\.zip$")
    found = sorted((p for p in folder.iterdir() if mine.fullmatch(p.name)), reverse=True)
    for old in found[keep:]:
        with contextlib.suppress(OSError):  # gone already: the next backup tries again
            old.unlink()
