"""The app's settings: moved to :mod:`scorekeeper.settings` (no flet there, so
the command line can read the chosen language); the old names stay here."""

from __future__ import annotations

from scorekeeper.settings import (
    FORMATS,
    SETTINGS_FILE,
    THEMES,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)

__all__ = [
    "FORMATS",
    "SETTINGS_FILE",
    "THEMES",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_path",
]
