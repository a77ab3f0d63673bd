"""Degrade, don't die; the data folder stays ours (issue #11).

A full disk and read-only media open read-only with a notice (the player can
still read and export); every command prints one line, never a traceback; a
failed directory sync is an error but a saved write is never reported as
failed; ``check`` beside a writing app reports nothing; a data folder (or its
lock) that disappears stops the saves with a clear message.

The disk tests mount a small tmpfs, so they need root; otherwise they are
skipped, saying why.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import StoreError, open_store
from scorekeeper.store.cli import main as cli


def _can_mount() -> str | None:
    if not sys.platform.startswith("linux"):
        return "tmpfs mounts need Linux"
    if os.geteuid() != 0:
        return "mounting a small tmpfs (a disk that fills up) needs root"
    if shutil.which("mount") is None:
        return "no mount command"
    return None


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs, unmounted afterwards."""
    why = _can_mount()
    if why is not None:
        print(f"skipped: {why}")
        pytest.skip(why)
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        print(f"skipped: could not mount a tmpfs: {done.stderr.strip()}")
        pytest.skip(f"could not mount a tmpfs: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path, leave: int = 0) -> Path:
    """Fill the disk, leaving about ``leave`` bytes free."""
    filler = disk / "filler"
    with open(filler, "wb") as f, contextlib.suppress(OSError):
        while True:
            free = shutil.disk_usage(disk).free - leave
            if free <= 0:
                break
            f.write(b"x" * min(free, 64 * 1024))
            f.flush()
    return filler


def make_data(folder: Path) -> tuple[str, str, str]:
    with open_store(folder, durable=False) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 3, 25))
        return gid, ann.id, bob.id


def test_a_full_disk_opens_read_only_with_a_notice(
    small_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = small_disk / "data"
    gid, ann, _ = make_data(data)
    fill(small_disk)
    with open_store(data) as store:
        assert store.read_only
        assert store.notices[0].startswith("The disk is full: nothing can be saved")
        assert store.list_games()[0].hand_count == 1
        assert len(store.export_json()["games"]) == 1
        with pytest.raises(StoreError, match="The disk is full"):
            store.record_hand(gid, Hand.knock(ann, 1, 5))
    assert cli(["export", "--data-dir", str(data)]) == 0
    assert cli(["check", "--data-dir", str(data)]) == 1  # the notice counts
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "The disk is full" in out.out + out.err
    # not a repair: a problem still there (the export went to stdout before it)
    assert "problem: The disk is full" in out.out
    assert json.loads(out.out.split("\nproblem")[0])["games"][0]["id"] == gid


def test_an_import_that_does_not_fit_changes_nothing(small_disk: Path) -> None:
    data = small_disk / "data"
    gid, _, _ = make_data(data)
    with open_store(data) as other_store:
        big = other_store.export_json()
    # 300 more games (a block each: some 1.2 MB) for a disk with about 200 kB left.
    games = []
    for i in range(300):
        g = json.loads(json.dumps(big["games"][0]))
        g["id"] = f"g{i:04d}"
        g["created_at"] = g["updated_at"] = f"2024-01-01T00:{i // 60:02d}:{i % 60:02d}+00:00"
        games.append(g)
    big["games"] = games
    filler = fill(small_disk, leave=200 * 1024)
    with open_store(data) as store:
        assert not store.read_only
        with pytest.raises(StoreError, match=r"could not save .*: No space left"):
            store.import_json(big)
        assert [s.id for s in store.list_games()] == [gid]
        assert store.check() == []
    assert not list(data.glob(".staging-*")) and not (data / "journal.json").exists()
    filler.unlink()
    with open_store(data) as store:
        assert store.import_json(big).games_added == 300
        assert store.check() == []


def test_a_backup_on_a_full_disk_says_so_and_closing_does_not_hide_it(small_disk: Path) -> None:
    data = small_disk / "data"
    make_data(data)
    store = open_store(data)
    fill(small_disk)
    with pytest.raises(StoreError, match="could not make a backup"):
        store.backup()
    store.close()  # the index flush may fail too: it must not raise
    assert not list((data / "backups").glob(".*.tmp")) if (data / "backups").exists() else True


def test_read_only_media_open_read_only_and_commands_print_one_line(
    small_disk: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = small_disk / "data"
    gid, _, _ = make_data(data)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    with open_store(data) as store:
        assert store.read_only
        assert "can't be written to" in store.notices[0]
        assert [s.id for s in store.list_games()] == [gid]
    assert cli(["export", "--data-dir", str(data), "-o", str(tmp_path / "out.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text())["games"][0]["id"] == gid
    (tmp_path / "in.json").write_text((tmp_path / "out.json").read_text())
    assert cli(["import", str(tmp_path / "in.json"), "--data-dir", str(data)]) == 1
    assert cli(["backup", "--data-dir", str(data)]) == 1
    assert cli(["export", "--data-dir", str(data), "-o", str(small_disk / "x.json")]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    errors = [line for line in out.err.splitlines() if line.startswith("error:")]
    assert len(errors) == 3, out.err


def test_a_failed_directory_sync_is_an_error_but_the_hand_is_saved(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid, ann, _ = make_data(data_dir)
    real = os.fsync

    def failing(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, "Input/output error")
        real(fd)

    with open_store(data_dir) as store:
        monkeypatch.setattr(os, "fsync", failing)
        with pytest.raises(StoreError, match="did not confirm it is kept for good"):
            store.record_hand(gid, Hand.knock(ann, 2, 10))
        monkeypatch.setattr(os, "fsync", real)
    with open_store(data_dir) as store:
        assert len(store.game(gid).hands) == 2  # it was saved: the error said so


def test_a_failed_stat_after_the_rename_does_not_report_a_saved_hand_as_failed(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid, ann, _ = make_data(data_dir)
    target = str(data_dir / "games" / f"{gid}.json")
    real_stat, real_replace = os.stat, os.replace
    armed = {"on": False}

    def replace(src: object, dst: object) -> None:
        real_replace(src, dst)  # type: ignore[arg-type]
        if str(dst) == target:
            armed["on"] = True

    def flaky_stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if armed["on"] and str(path) == target:
            armed["on"] = False
            raise OSError(errno.EIO, "Input/output error")
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    with open_store(data_dir) as store:
        monkeypatch.setattr(os, "replace", replace)
        monkeypatch.setattr(os, "stat", flaky_stat)
        game = store.record_hand(gid, Hand.knock(ann, 2, 10))
        monkeypatch.undo()
        assert len(game.hands) == 2
        assert len(store.game(gid).hands) == 2
    with open_store(data_dir) as store:
        assert len(store.game(gid).hands) == 2
        assert store.check() == []


INTRUDER = r"""
import sys
from scorekeeper.store import open_store
with open_store(sys.argv[1]) as store:
    store.add_player("Intruder")
"""


@pytest.mark.parametrize("what", ["folder deleted", "folder moved", "lock deleted"])
def test_saves_stop_when_the_data_folder_is_no_longer_ours(
    data_dir: Path, tmp_path: Path, what: str
) -> None:
    gid, ann, _ = make_data(data_dir)
    store = open_store(data_dir)
    try:
        if what == "folder deleted":
            shutil.rmtree(data_dir)
        elif what == "folder moved":
            data_dir.rename(tmp_path / "elsewhere")
            data_dir.mkdir()  # and a new, empty one where it was
        else:
            (data_dir / ".lock").unlink()
        # A second copy of the app could now take a new lock here ...
        subprocess.run([sys.executable, "-c", INTRUDER, str(data_dir)], check=True, timeout=60)
        # ... so this one must not write beside it.
        with pytest.raises(StoreError, match="was moved or deleted while it"):
            store.record_hand(gid, Hand.knock(ann, 2, 10))
        if what != "lock deleted":  # (reading what is still there is fine)
            with pytest.raises(StoreError, match="was moved or deleted while it"):
                store.game(gid)
    finally:
        store.close()
    if what == "lock deleted":
        with open_store(data_dir) as again:
            assert len(again.game(gid).hands) == 1  # the refused hand was not written


WRITER = r"""
import sys
from scorekeeper.engine import Hand
from scorekeeper.store import open_store
with open_store(sys.argv[1]) as store:
    ann, bob = store.add_player("Ann"), store.add_player("Bob")
    gid = store.create_game("standard", [ann.id, bob.id])
    print("ready", flush=True)
    n = 0
    while True:
        if n % 40 == 39:
            gid = store.create_game("standard", [ann.id, bob.id])
        store.record_hand(gid, Hand.knock(ann.id, 1, 2) if n % 3 else Hand.draw())
        n += 1
"""


def test_check_beside_a_writing_app_reports_nothing(data_dir: Path) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(data_dir)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
        time.sleep(0.3)  # some hands and games first
        for round_no in range(15):
            with open_store(data_dir, read_only=True) as store:
                problems = store.check()
                assert problems == [], (round_no, problems)
                assert store.notices == [], (round_no, store.notices)
    finally:
        writer.kill()
        writer.wait(timeout=30)
    with open_store(data_dir) as store:
        assert store.check() == []


def test_a_merge_that_does_not_fit_changes_nothing(small_disk: Path) -> None:
    data = small_disk / "data"
    with open_store(data) as store:
        ann, bob, dan = (store.add_player(n) for n in ("Ann", "Bob", "Dan"))
        games = [store.create_game("standard", [ann.id, bob.id]) for _ in range(120)]
    fill(small_disk, leave=150 * 1024)  # less than 120 rewritten game files need
    with open_store(data) as store:
        with pytest.raises(StoreError, match=r"could not save .*: No space left"):
            store.merge_players(dan.id, bob.id)
        assert {store.summary(g).player_ids for g in games} == {(ann.id, bob.id)}
        assert [p.name for p in store.players()] == ["Ann", "Bob", "Dan"]
        assert store.check() == []
    assert not list(data.glob(".staging-*")) and not (data / "journal.json").exists()


def test_a_migration_that_does_not_fit_changes_nothing(small_disk: Path) -> None:
    data = small_disk / "data"
    data.mkdir()
    v0 = {
        "players": {"1": {"name": "Ann"}, "2": {"name": "Bob"}},
        "games": {
            str(g): {
                "format": "standard",
                "players": ["Ann", "Bob"],
                "rules": "seed",
                "created": f"2024-03-01T10:{g // 60:02d}:{g % 60:02d}",
                "hands": [{"by": "Ann", "result": "knock", "knocker": 1, "defender": 3}],
            }
            for g in range(200)
        },
    }
    (data / "scorekeeper.json").write_text(json.dumps(v0))
    before = (data / "scorekeeper.json").read_bytes()
    fill(small_disk, leave=300 * 1024)  # the backup zip fits, 200 game files don't
    with pytest.raises(StoreError, match=r"could not save .*No space left on device"):
        open_store(data)
    assert (data / "scorekeeper.json").read_bytes() == before
    assert not list((data / "games").glob("*.json")) if (data / "games").exists() else True
    assert not (data / "players.json").exists()
    assert not list(data.glob(".staging-*")) and not (data / "journal.json").exists()
    (small_disk / "filler").unlink()
    with open_store(data) as store:  # with room, it migrates as if nothing had happened
        assert len(store.list_games()) == 200
        assert store.check() == []
