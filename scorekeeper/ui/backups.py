"""The automatic backups of the data folder this process serves: one
keeper per folder (whatever the sessions), following the folder the
player chose in Settings (store/auto_backup.py does the backing up)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.settings import load_settings
from scorekeeper.store.auto_backup import AutoBackup

__all__ = ["finished_games", "keeper_of", "reminder", "start_backups", "stop_backups"]

_KEEPERS: dict[Path, AutoBackup] = {}


def start_backups(store: Any) -> AutoBackup:
    """Back up ``store``'s games by themselves into the folder Settings
    names (read at each write: a folder chosen in any session counts)."""
    data_dir = Path(store.data_dir)

    def folder_of() -> Path | None:
        chosen = load_settings(data_dir).backup_folder
        return Path(chosen) if chosen else None

    keeper = AutoBackup(store, folder_of).attach()
    _KEEPERS[data_dir] = keeper
    return keeper


def stop_backups(store: Any) -> None:
    keeper = _KEEPERS.pop(Path(store.data_dir), None)
    if keeper is not None:
        keeper.detach()


def keeper_of(data_dir: Path) -> AutoBackup | None:
    """The keeper of a folder this process serves (None: none runs here,
    e.g. the phone's browser or a test's bare model)."""
    return _KEEPERS.get(Path(data_dir))


def reminder(finished: int, exported: int, every: int) -> int | None:
    """The phone's browser, where no folder can be written: how many games
    ended since the last export when it is time to say so (each ``every``
    games), else None.

    >>> [reminder(n, 0, 10) for n in (9, 10, 11, 20)], reminder(25, 15, 10)
    ([None, 10, None, 20], 10)
    """
    since = finished - exported
    return since if since > 0 and since % every == 0 else None


def finished_games(store: Any) -> int:
    """How many games have ended in ``store`` (from the index: no replay)."""
    from scorekeeper.store.query import GameQuery

    total, _ = store.page_games(0, 1, GameQuery(finished=True))
    return int(total)
