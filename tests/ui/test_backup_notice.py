"""A backup that fails is a notice on the home screen, never a failed save."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.store import open_store
from scorekeeper.store.auto_backup import AutoBackup
from scorekeeper.ui import backups
from scorekeeper.ui.state.model import AppModel

from .helpers import quick, start


def test_a_failed_backup_is_told_once_and_the_game_is_saved(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder should be")
    with open_store(tmp_path / "data", durable=False) as store:
        keeper = AutoBackup(store, lambda: blocked, start=lambda run: run()).attach()
        backups._KEEPERS[store.data_dir] = keeper
        try:
            app = AppModel(store)
            start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
            assert quick(app, "Ann", "gin", d="80")  # Ann wins 105-0: saved
            assert app.sheet().finished
            [told] = app.notices
            assert told.startswith("The backup failed: the backup could not be written to ")
            app.dismiss_notices()
            assert app.notices == []  # told once
        finally:
            backups._KEEPERS.pop(store.data_dir, None)
            keeper.detach()


def test_the_phone_reminds_to_download_an_export_every_n_finished_games(tmp_path: Path) -> None:
    from scorekeeper.i18n import Translator
    from scorekeeper.settings import Settings, save_settings
    from scorekeeper.ui.review import ReviewModel

    with open_store(tmp_path / "data", durable=False) as store:
        save_settings(store.data_dir, Settings(backup_every=2))
        app = AppModel(store)
        app.remind_backups = True  # the phone's browser

        def play_to_the_end() -> None:
            start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
            assert quick(app, "Ann", "knock", "2", "12")  # in play: nothing said
            assert app.note is None
            assert quick(app, "Ann", "gin", d="80")

        play_to_the_end()
        assert app.note is None  # 1 game: not yet
        play_to_the_end()
        assert app.note is not None
        assert app.render(app.note) == (
            "2 games since your last backup: Export and import, then Export all games"
        )
        ReviewModel(store, Translator("en")).data.download_all()  # the player exports
        play_to_the_end()
        assert app.note is None  # counted from the export: 1 game
        play_to_the_end()
        assert app.note is not None
        assert app.render(app.note).startswith("2 games since your last backup")
