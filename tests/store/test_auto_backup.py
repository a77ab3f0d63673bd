"""Backups by themselves (#19 item 6): a dated export in the chosen folder
after each finished game and at most once a day otherwise, the last 10
kept, nothing else in the folder touched, never a half file, and a failure
told, never a failed save."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import GameSummary, Player, Store, open_store
from scorekeeper.store import auto_backup as ab
from scorekeeper.store.auto_backup import (
    AutoBackup,
    BackupError,
    backup_name,
    check_folder,
    last_backup,
    list_backups,
    write_backup,
)

T0 = datetime(2026, 12, 5, 11, 30, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def now_run(run: Callable[[], None]) -> None:
    """Run a backup at once, in the caller's thread (the test's)."""
    run()


def _keeper(store: Store, folder: Path | None, clock: Clock) -> AutoBackup:
    return AutoBackup(store, lambda: folder, start=now_run, clock=clock).attach()


def test_a_backup_is_a_dated_export_that_imports_with_nothing_new_twice(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    store.record_hand(gid, Hand.gin(ann.id, 80))
    path = write_backup(store, tmp_path / "sync", T0)
    assert path.name == "gin-scorekeeper-2026-12-05T113000.json"
    assert last_backup(tmp_path / "sync") == T0
    with open_store(tmp_path / "empty") as fresh:
        assert fresh.import_json(path.read_bytes()).games_added == 1
        assert fresh.game(gid).standings.totals == {ann.id: 105, bob.id: 0}
        again = fresh.import_json(path.read_bytes())
        assert again.games_added == 0 and again.games_differ == 0


def test_eleven_backups_keep_ten_and_nothing_else_in_the_folder(
    store: Store, tmp_path: Path
) -> None:
    folder = tmp_path / "sync"
    folder.mkdir()
    (folder / "holiday.jpg").write_bytes(b"mine")
    (folder / "gin-scorekeeper-notes.json").write_text("{}")  # not our pattern
    for i in range(11):
        write_backup(store, folder, T0 + timedelta(hours=i))
    kept = list_backups(folder)
    assert [p.name for p in kept] == [
        backup_name(T0 + timedelta(hours=i)) for i in range(10, 0, -1)
    ]
    assert (folder / "holiday.jpg").read_bytes() == b"mine"
    assert (folder / "gin-scorekeeper-notes.json").exists()


def test_a_failing_write_leaves_no_half_backup(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "sync"
    folder.mkdir()

    def full_disk(path: Path, payload: bytes, *, durable: bool = True) -> None:
        (path.parent / (path.name + ".tmp-half")).write_bytes(payload[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ab, "atomic_write_bytes", full_disk)
    with pytest.raises(BackupError, match="No space left on device"):
        write_backup(store, folder, T0)
    assert list_backups(folder) == [] and last_backup(folder) is None


def test_a_finished_game_is_backed_up_and_a_day_later_another(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path
) -> None:
    ann, bob = ann_bob
    folder = tmp_path / "sync"
    clock = Clock()
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    keeper = _keeper(store, folder, clock)
    assert len(list_backups(folder)) == 1  # none yet: made when first followed
    clock.now = T0 + timedelta(hours=1)
    store.record_hand(gid, Hand.knock(ann.id, 2, 12))  # in play: not due
    assert len(list_backups(folder)) == 1
    clock.now = T0 + timedelta(hours=2)
    store.record_hand(gid, Hand.gin(ann.id, 80))  # 10 + 105: the game ends
    assert len(list_backups(folder)) == 2 and keeper.done is not None
    clock.now = T0 + timedelta(hours=3)
    other = store.create_game("standard", [bob.id, ann.id], first_dealer=bob.id)
    store.record_hand(other, Hand.knock(bob.id, 2, 12))
    assert len(list_backups(folder)) == 2  # at most once a day otherwise
    clock.now = T0 + timedelta(days=1, hours=2)
    store.record_hand(other, Hand.knock(bob.id, 2, 12))
    assert len(list_backups(folder)) == 3
    keeper.detach()


def test_a_folder_with_no_games_gets_no_backup(store: Store, tmp_path: Path) -> None:
    """A new device choosing the folder its other device backs up into:
    the newest backup there stays the other device's."""
    keeper = _keeper(store, tmp_path / "sync", Clock())
    store.add_player("Zed")
    assert keeper.done is None and list_backups(tmp_path / "sync") == []


def test_no_folder_chosen_no_backup(store: Store, tmp_path: Path) -> None:
    keeper = _keeper(store, None, Clock())
    store.add_player("Zed")
    assert keeper.done is None and keeper.failed is None


def test_a_failing_backup_is_told_and_the_save_stands(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path
) -> None:
    ann, bob = ann_bob
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder should be")
    told: list[BackupError] = []
    keeper = AutoBackup(store, lambda: blocked, start=now_run, clock=Clock())
    keeper.listeners.append(told.append)
    keeper.attach()
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    store.record_hand(gid, Hand.gin(ann.id, 80))  # saved, whatever the backup does
    assert store.game(gid).standings.finished
    assert told and keeper.failed is not None and keeper.done is None
    assert "could not be written" in str(keeper.failed[1])


def test_two_backups_never_run_at_once(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path
) -> None:
    """One asked for while one runs runs right after it, once."""
    ann, bob = ann_bob
    store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    started: list[Callable[[], None]] = []
    keeper = AutoBackup(store, lambda: tmp_path / "sync", start=started.append, clock=Clock())
    keeper.request()
    keeper.request()
    keeper.request()
    assert len(started) == 1  # the others wait for it
    runs: list[datetime] = []
    original = ab.write_backup

    def counted(*a: object, **k: object) -> Path:
        runs.append(T0)
        return original(*a, **k)  # type: ignore[arg-type]

    ab.write_backup = counted
    try:
        started[0]()
    finally:
        ab.write_backup = original
    assert len(runs) == 2  # the running one, then one more for those asked meanwhile
    keeper.request()
    assert len(started) == 2  # none running: a new one starts


def counting_writes(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every backup written from now on (two in one second share a name)."""
    made: list[Path] = []
    original = ab.write_backup

    def counted(store: object, folder: Path, moment: datetime) -> Path:
        made.append(original(store, folder, moment))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(ab, "write_backup", counted)
    return made


def test_a_game_finished_in_the_second_of_its_backup_is_not_backed_up_again(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The backup's name keeps whole seconds; the keeper remembers the moment
    itself.  A finish at 11:30:00.6, backed up at 11:30:00.8, is in that
    backup: a write after it (here at 11:30:01.5) makes none (a CI run of the
    browser test found three backups where two were due)."""
    ann, bob = ann_bob
    store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    made = counting_writes(monkeypatch)
    clock = Clock()
    clock.now = T0 + timedelta(seconds=0.8)
    keeper = _keeper(store, tmp_path / "sync", clock)
    clock.now = T0 + timedelta(seconds=1.5)
    keeper.check(finished=T0 + timedelta(seconds=0.6))
    assert [p.name for p in made] == ["gin-scorekeeper-2026-12-05T113000.json"]
    keeper.check(finished=T0 + timedelta(seconds=0.9))  # after the backup began
    assert len(made) == 2


def test_a_write_seen_while_a_backup_runs_asks_again_only_if_still_due(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first backup of a new game runs; a hand saved meanwhile (in play)
    asked with the folder's old time, "none yet": once the backup is made
    it is not due.  "Back up now" meanwhile still runs once more."""
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    made = counting_writes(monkeypatch)
    started: list[Callable[[], None]] = []
    clock = Clock()
    keeper = AutoBackup(store, lambda: tmp_path / "sync", start=started.append, clock=clock)
    keeper.attach()  # none yet: due
    store.record_hand(gid, Hand.knock(ann.id, 2, 12))  # asks while it runs
    assert len(started) == 1
    clock.now = T0 + timedelta(seconds=2)
    started[0]()
    assert len(made) == 1
    keeper.request()  # "Back up now": runs
    store.record_hand(gid, Hand.knock(ann.id, 2, 12))  # not due: no effect
    keeper.request()  # again, while it runs: queued, not lost
    assert len(started) == 2
    clock.now = T0 + timedelta(seconds=4)
    started[1]()
    assert [p.name[-11:-5] for p in made] == ["113002", "113004", "113004"]


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "type the path"),
        ("relative/folder", "whole path"),
    ],
)
def test_a_folder_that_will_not_do_is_refused_with_a_reason(typed: str, words: str) -> None:
    with pytest.raises(BackupError, match=words):
        check_folder(typed)


def test_a_folder_is_made_and_proved_writable(tmp_path: Path) -> None:
    folder = check_folder(f'"{tmp_path / "new" / "sync"}"')  # pasted with quotes
    assert folder.is_dir() and list(folder.iterdir()) == []
    read_only = tmp_path / "ro"
    read_only.mkdir()
    os.chmod(read_only, 0o500)
    try:
        if os.access(read_only, os.W_OK):  # root writes anyway: nothing to prove
            return
        with pytest.raises(BackupError, match="can't be written"):
            check_folder(str(read_only))
    finally:
        os.chmod(read_only, 0o700)


def test_a_backup_holds_every_game(
    store: Store, ann_bob: tuple[Player, Player], tmp_path: Path
) -> None:
    ann, bob = ann_bob
    for _ in range(3):
        store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    data = json.loads(write_backup(store, tmp_path, T0).read_bytes())
    assert len(data["games"]) == 3 and data["format"] == store.export_json()["format"]


def test_with_no_folder_chosen_a_save_reads_nothing_more(
    store: Store, ann_bob: tuple[Player, Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
    read: list[str] = []
    summary = store.summary

    def counted(game_id: str) -> GameSummary:
        read.append(game_id)
        return summary(game_id)

    monkeypatch.setattr(store, "summary", counted)
    keeper = _keeper(store, None, Clock())
    store.record_hand(gid, Hand.gin(ann.id, 80))
    assert read == []  # the saves' listeners add no summary to a save
    keeper.detach()


def test_back_up_now_pressed_again_and_again_keeps_the_newest_ten(tmp_path: Path) -> None:
    """ "Back up now" 20 times: 10 zips stay, the newest; a backup made
    before an upgrade (another label) is never rotated away."""
    from scorekeeper.store.backup import KEEP_NOW

    data = tmp_path / "data"
    with open_store(data) as store:
        store.add_player("Ann")
        upgrade = data / "backups" / "before-upgrade-v1-to-v2-20260101-000000-000000.zip"
        upgrade.parent.mkdir(parents=True, exist_ok=True)
        upgrade.write_bytes(b"PK")
        made = [store.backup() for _ in range(20)]
    left = sorted(p.name for p in (data / "backups").glob("backup-*.zip"))
    assert KEEP_NOW == 10
    assert left == sorted(p.name for p in made[-10:])
    assert upgrade.exists()
