"""The app's settings: one frozen value, kept in ``data_dir/settings.json``.

No flet here: the review's settings screen edits them, the app reads them at
start, and the command line (:mod:`scorekeeper.store.cli`) reads the language.

A plain JSON file (not part of the game store), replaced atomically on
every save.  A missing or damaged file gives the defaults, and unknown or
bad values are dropped one by one, so a hand-edited file never stops the app.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> load_settings(folder) == Settings()
True
>>> save_settings(folder, Settings(theme="dark", language="lv"))
>>> load_settings(folder).theme, load_settings(folder).language
('dark', 'lv')
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.engine import FORMATS as ENGINE_FORMATS
from scorekeeper.engine import PRESETS, Format
from scorekeeper.i18n import LANGUAGES, system_language
from scorekeeper.runtime import wrote
from scorekeeper.store.storage import atomic_write_bytes

__all__ = [
    "FORMATS",
    "SETTINGS_FILE",
    "THEMES",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_path",
]

SETTINGS_FILE = "settings.json"
THEMES = ("system", "light", "dark")
#: The formats by their stored names, in the registry's order.
FORMATS = tuple(f.value for f in ENGINE_FORMATS)


@dataclass(frozen=True)
class Settings:
    """What the player chose; ``None`` means "not chosen": use the default.

    ``preset``/``format``/``target``/``big_gin``/``hollywood_rolling`` are the
    defaults offered for a new game; ``theme`` is light, dark or system;
    ``language`` a code from :data:`scorekeeper.i18n.LANGUAGES`, or ``None``
    for the system's language.  ``backup_folder``: where the games are
    backed up by themselves (None: nowhere, see store/auto_backup.py);
    ``backup_every``: in the phone's browser, where no folder can be
    written, after how many finished games the app reminds the player to
    download an export, and ``exported_games`` how many games had ended
    when it last did.
    """

    preset: str = "seed"
    format: str = Format.STANDARD.value
    target: int | None = None
    big_gin: bool = False
    hollywood_rolling: bool = False
    theme: str = "system"
    language: str | None = None
    backup_folder: str | None = None
    backup_every: int = 10
    exported_games: int = 0

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset {self.preset!r}")
        if self.format not in FORMATS:
            raise ValueError(f"unknown format {self.format!r}")
        if self.target is not None and (
            isinstance(self.target, bool)
            or not isinstance(self.target, int)
            or not 1 <= self.target <= 10_000
        ):
            raise ValueError(f"bad target {self.target!r}")
        for name in ("big_gin", "hollywood_rolling"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r}")
        if self.language is not None and self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")
        if self.backup_folder is not None and (
            not isinstance(self.backup_folder, str)
            or not self.backup_folder.strip()
            or len(self.backup_folder) > 4096
            or "\0" in self.backup_folder
        ):
            raise ValueError("bad backup folder")
        if (
            isinstance(self.backup_every, bool)
            or not isinstance(self.backup_every, int)
            or not 1 <= self.backup_every <= 1000
        ):
            raise ValueError(f"bad backup reminder {self.backup_every!r}")
        if (
            isinstance(self.exported_games, bool)
            or not isinstance(self.exported_games, int)
            or not 0 <= self.exported_games <= 10**9
        ):
            raise ValueError(f"bad exported games {self.exported_games!r}")

    @property
    def language_code(self) -> str:
        """The language to show: the chosen one, else the system's."""
        return self.language or system_language()

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Every valid known value of ``data``; the rest are defaults."""
        out = cls()
        if not isinstance(data, dict):
            return out
        names = {f.name for f in dataclasses.fields(cls)}
        for key, value in data.items():
            if key not in names:
                continue
            try:
                out = out.replace(**{key: value})
            except (TypeError, ValueError):
                continue
        return out


def settings_path(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / SETTINGS_FILE


def load_settings(data_dir: str | os.PathLike[str]) -> Settings:
    """The saved settings, or the defaults if there are none (or they can't be read)."""
    try:
        raw = settings_path(data_dir).read_bytes()
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # deep nesting: the parser's stack
        return Settings()
    return Settings.from_dict(data)


def save_settings(data_dir: str | os.PathLike[str], settings: Settings) -> None:
    """Replace the settings file atomically (a crash leaves the old or the new one)."""
    path = settings_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    atomic_write_bytes(path, payload.encode("utf-8"))
    wrote()  # the phone build syncs it to the browser's storage (runtime.py)
