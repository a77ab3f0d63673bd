"""The settings screen's state (``review.options``; ``review.settings`` is
the settings themselves): new-game defaults, theme and language saved, and
the backups (now, or by themselves into a folder, and restored).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.settings import Settings, load_settings, save_settings
from scorekeeper.store import ImportReport, StoreError

from .common import ChangeKind, Review, ScreenState, date_words

__all__ = ["SettingsState"]


class SettingsState(ScreenState):
    """Changes to ``review.settings``, and the backup folder being typed."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        #: The backup folder as typed in Settings, not chosen yet (None: as set).
        self.backup_text: str | None = None

    def update_settings(self, **changes: Any) -> Settings:
        """Change and save settings (a joined device keeps its own
        ``review.device_settings`` to itself); tell the host what changed."""
        review = self.review
        try:
            new = review.settings.replace(**changes)
        except (TypeError, ValueError):
            raise StoreError(self.t.gettext("That setting is not valid.")) from None
        device = review.device_settings
        shared = {k: v for k, v in changes.items() if k not in device}
        if shared:  # the folder's settings: the host's alone
            self.require("settings")
        if not device:
            save_settings(review.data_dir, new)
        elif shared:  # the folder's settings, with only the shared ones changed
            save_settings(review.data_dir, load_settings(review.data_dir).replace(**shared))
        review.settings = new
        review.note = self.t.gettext("Saved.")
        kinds: list[ChangeKind] = ["settings"]
        if "theme" in changes:
            kinds.append("theme")
        if "language" in changes:
            review.t = Translator(new.language_code)
            review.note = self.t.gettext("Saved.")
            kinds.append("language")
        for k in kinds:
            review.changed(k)
        return new

    def update_settings_one(self, name: str, value: Any) -> Settings:
        return self.update_settings(**{name: value})

    def set_language(self, code: str | None) -> None:
        if code is not None and code not in LANGUAGES:
            raise StoreError(self.t.gettext("That language is not available."))
        self.update_settings(language=code)

    def set_theme(self, theme: str) -> None:
        self.update_settings(theme=theme)

    # --- backups: now, and by themselves (store/auto_backup.py) ------------------------

    def backup_now(self) -> Path:
        path: Path = self.store.backup()  # the host's alone: the store view refuses a player
        self.review.note = self.t.gettext("Backed up to {path}").format(path=str(path))
        return path

    def set_backup_text(self, text: str) -> None:
        self.backup_text = text

    def set_backup_folder(self, text: str | None = None) -> Path:
        """Back up by themselves into the folder typed (made if missing; it
        must be writable); the first backup is made at once."""
        from scorekeeper.store.auto_backup import check_folder

        from ..backups import keeper_of

        self.require("settings")
        self.require("host_disk")  # before the folder is made, or even looked at
        typed = self.backup_text if text is None else text
        folder = check_folder(typed or "")
        self.update_settings(backup_folder=str(folder))
        self.backup_text = None
        keeper = keeper_of(self.review.data_dir)
        if keeper is not None:
            keeper.check()
        self.review.note = self.t.gettext("Your games will be backed up to {folder}.").format(
            folder=str(folder)
        )
        return folder

    def stop_auto_backups(self) -> None:
        self.update_settings(backup_folder=None)
        self.review.note = self.t.gettext("Backups by themselves are off.")

    def backup_status(self) -> str:
        """When the last backup was made, or why the last one failed."""
        from scorekeeper.store.auto_backup import last_backup

        from ..backups import keeper_of

        t = self.t
        folder = self.review.settings.backup_folder
        if not self.host:
            return t.gettext("The host's computer keeps the games and their backups.")
        if folder is None:
            return t.gettext("Choose a folder, and a backup is made after each finished game.")
        keeper = keeper_of(self.review.data_dir)
        if keeper is not None and keeper.failed is not None:
            when, exc = keeper.failed
            return t.gettext("The last backup failed ({when}): {reason}").format(
                when=date_words(t, when), reason=t.render(exc)
            )
        last = last_backup(Path(folder))
        if last is None:
            return t.gettext("No backup yet.")
        return t.gettext("Last backup: {when}").format(when=date_words(t, last))

    def backup_files(self) -> list[tuple[str, Path]]:
        """The backups in the chosen folder, newest first, each with when it was made."""
        from scorekeeper.store.auto_backup import KEEP, list_backups, made_at

        folder = self.review.settings.backup_folder
        if folder is None or not self.host:  # the host's disk is not a player's to list
            return []
        out = []
        for path in list_backups(Path(folder))[:KEEP]:
            made = made_at(path)  # to the second: two may be minutes apart
            out.append(
                (self.t.date_time(made.astimezone(), seconds=True) if made else path.name, path)
            )
        return out

    def restore_backup(self, path: Path) -> ImportReport:
        """Import a backup (the games it holds that are not here yet)."""
        self.require("host_disk")
        return self.review.data.import_bytes(path.read_bytes())
