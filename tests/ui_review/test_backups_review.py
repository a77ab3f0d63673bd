"""Settings' backups by themselves, on the review model: the folder chosen
(or refused with its reason), what the status says, the backups offered to
restore, newest first, and a restore into an empty folder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper.i18n import Translator
from scorekeeper.settings import load_settings
from scorekeeper.store import Store, open_store
from scorekeeper.store.auto_backup import write_backup
from scorekeeper.ui.review import ReviewModel

T0 = datetime(2026, 12, 5, 11, 30, tzinfo=UTC)


def test_a_folder_is_chosen_saved_and_backed_up_into(
    model: ReviewModel, store: Store, tmp_path: Path
) -> None:
    assert model.options.backup_status().startswith("Choose a folder")
    model.act(model.options.set_backup_folder, "relative/path")
    assert model.error == "give the whole path of the folder (it starts with / or a drive)"
    assert load_settings(model.data_dir).backup_folder is None  # nothing saved
    folder = tmp_path / "sync"
    model.act(model.options.set_backup_folder, str(folder))
    assert model.error is None and folder.is_dir()
    assert load_settings(model.data_dir).backup_folder == str(folder)
    assert model.options.backup_status() == "No backup yet."
    write_backup(store, folder, T0)
    write_backup(store, folder, T0 + timedelta(seconds=40))
    assert model.options.backup_status().startswith("Last backup: Dec 5, 2026")
    offered = model.options.backup_files()
    assert [p.name for _, p in offered] == [
        "gin-scorekeeper-2026-12-05T113040.json",
        "gin-scorekeeper-2026-12-05T113000.json",
    ]
    assert offered[0][0] != offered[1][0]  # told apart to the second
    model.act(model.options.stop_auto_backups)
    assert (
        load_settings(model.data_dir).backup_folder is None and model.options.backup_files() == []
    )


def test_a_backup_restores_into_an_empty_folder(
    store: Store, ids: dict[str, str], tmp_path: Path
) -> None:
    n = len(store.list_games(include_deleted=True))
    path = write_backup(store, tmp_path / "sync", T0)
    with open_store(tmp_path / "new", durable=False) as fresh:
        m = ReviewModel(fresh, Translator("en"))
        report = m.act(m.options.restore_backup, path)
        assert report is not None and report.games_added == n > 0
        assert len(fresh.list_games(include_deleted=True)) == n
        m.act(m.options.restore_backup, path)
        assert m.note == "Nothing new: everything in that file is already here."
