"""A copied data folder whose files got new modified times (``cp -r``, a
sync tool) opens without re-reading its games: each index entry keeps a
check sum of its game file's bytes (issue #10, see index.py)."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.statistics import statistics
from scorekeeper.store import fingerprints, open_store
from scorekeeper.store import index as index_module
from scorekeeper.store import store as store_module
from scorekeeper.store.documents import IndexEntry
from scorekeeper.store.storage import dumps

from .helpers import fill_folder, past_the_racy_margin, reseal_index


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 4 games folded every 5 changes: every path runs often."""
    monkeypatch.setattr(index_module, "BLOCK", 4)
    monkeypatch.setattr(index_module, "FOLD_EVERY", 5)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the game files read for their summary or replayed."""
    found: list[str] = []
    read_entry = store_module._Shared.read_entry
    replay_digest = store_module._Shared.replay_digest

    def reading(self: Any, game_id: str) -> IndexEntry | None:
        found.append(game_id)
        return read_entry(self, game_id)

    def replaying(self: Any, game_id: str) -> dict[str, Any] | None:
        found.append(game_id)
        return replay_digest(self, game_id)

    monkeypatch.setattr(store_module._Shared, "read_entry", reading)
    monkeypatch.setattr(store_module._Shared, "replay_digest", replaying)
    return found


def _settled(data_dir: Path, games: int) -> list[str]:
    ids = fill_folder(data_dir, games)
    past_the_racy_margin(data_dir)  # a later day
    with open_store(data_dir):
        pass
    return ids


def _snapshot(data_dir: Path) -> tuple[Any, Any]:
    with open_store(data_dir) as store:
        return store.list_games(include_deleted=True), statistics(store.review_records())


def _copy_with_new_times(src: Path, dst: Path, *, ago_s: int = 3600) -> None:
    """``cp -r``: new files, new modified times (set well in the past here,
    so that no file is "racy"), the same bytes."""
    shutil.copytree(src, dst, copy_function=shutil.copy, ignore=shutil.ignore_patterns(".lock"))
    when = time.time_ns() - ago_s * 1_000_000_000
    for i, path in enumerate(sorted(dst.rglob("*"))):
        if path.is_file():
            os.utime(path, ns=(when + i * 1_000_003, when + i * 1_000_003))
    for path in (src / "games").glob("*.json"):  # (the times did change)
        assert (dst / "games" / path.name).stat().st_mtime_ns != path.stat().st_mtime_ns


def test_a_copy_with_new_times_opens_without_reading_its_games(
    data_dir: Path,
    tmp_path: Path,
    small_blocks: None,
    reads: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ids = _settled(data_dir, 20)
    games, stats = _snapshot(data_dir)
    assert sorted(s.id for s in games) == sorted(ids)
    reads.clear()
    copy = tmp_path / "copy"
    _copy_with_new_times(data_dir, copy)
    with open_store(copy) as store:
        assert store.list_games(include_deleted=True) == games
        assert statistics(store.review_records()) == stats
        assert store.notices == []
    assert reads == []
    # The entries now have the copy's times: the next open is the fast one
    # (no file's bytes read either).
    checked: list[Path] = []
    same_content = fingerprints.same_content

    def counting(path: Path, size: int, content_sum: int) -> list[int] | None:
        checked.append(path)
        return same_content(path, size, content_sum)

    monkeypatch.setattr(fingerprints, "same_content", counting)
    with open_store(copy) as store:
        assert store.list_games(include_deleted=True) == games
        assert store.check() == []
    assert checked == []
    assert reads == []


def test_a_copied_file_with_other_bytes_of_the_same_size_is_read_again(
    data_dir: Path, tmp_path: Path, small_blocks: None, reads: list[str]
) -> None:
    ids = _settled(data_dir, 12)
    games, _ = _snapshot(data_dir)
    copy = tmp_path / "copy"
    _copy_with_new_times(data_dir, copy)
    # Another updated_at, of the same length: the same size, other bytes.
    path = copy / "games" / f"{ids[5]}.json"
    raw = path.read_bytes()
    data = json.loads(raw)
    old = data["game"]["1"]["updated_at"]
    new = ("2001" + old[4:]) if not old.startswith("2001") else ("2002" + old[4:])
    data["game"]["1"]["updated_at"] = new
    edited = dumps(data)
    assert len(edited) == len(raw) and edited != raw
    stat = path.stat()
    path.write_bytes(edited)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # (its copy's time kept)
    reads.clear()
    with open_store(copy) as store:
        listed = {s.id: s for s in store.list_games(include_deleted=True)}
        assert store.check() == []
        check_reads = len(reads)
    assert reads[:2] == [ids[5], ids[5]]  # its summary, its replay: the new content wins
    assert listed[ids[5]].updated_at.year in (2001, 2002)
    assert listed[ids[5]].updated_at != {s.id: s for s in games}[ids[5]].updated_at
    assert {k: v for k, v in listed.items() if k != ids[5]} == {
        s.id: s for s in games if s.id != ids[5]
    }
    assert check_reads == 2
    reads.clear()
    with open_store(copy) as store:  # read once, then vouched for again
        assert store.summary(ids[5]).updated_at == listed[ids[5]].updated_at
    assert reads == []


def _strip_sums(data_dir: Path) -> int:
    """Make the index as an older version wrote it: no check sums."""
    stripped = 0
    for block in (data_dir / "index").glob("b*.json"):
        doc = json.loads(block.read_bytes())
        for entry in doc["games"].values():
            stripped += entry.pop("sum", None) is not None
        block.write_bytes(dumps(doc))
    assert not (data_dir / "index" / "journal.jsonl").read_bytes().strip()
    reseal_index(data_dir)
    return stripped


def test_an_index_without_sums_opens_and_reads_each_copied_game_once(
    data_dir: Path, tmp_path: Path, small_blocks: None, reads: list[str]
) -> None:
    ids = _settled(data_dir, 10)
    games, stats = _snapshot(data_dir)
    assert _strip_sums(data_dir) == len(ids)
    reads.clear()
    with open_store(data_dir) as store:  # the same times: trusted as before
        assert store.list_games(include_deleted=True) == games
    assert reads == []
    copy = tmp_path / "copy"
    _copy_with_new_times(data_dir, copy)
    with open_store(copy) as store:  # no sum: every game read once
        assert store.list_games(include_deleted=True) == games
        assert statistics(store.review_records()) == stats
        assert store.notices == []
    assert sorted(reads) == sorted(ids + ids)  # (its summary and its replay)
    reads.clear()
    again = tmp_path / "again"
    _copy_with_new_times(copy, again, ago_s=7200)  # now with sums: none is read
    with open_store(again) as store:
        assert store.list_games(include_deleted=True) == games
        assert statistics(store.review_records()) == stats
        assert store.check() == []
    assert reads == []
