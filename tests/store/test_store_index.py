"""The game index of issue #10: blocks + journal, bounded writes, failures as notices."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import Hand
from scorekeeper.statistics import statistics
from scorekeeper.store import index as index_module
from scorekeeper.store import open_store
from scorekeeper.store import store as store_module
from scorekeeper.store.documents import IndexEntry
from scorekeeper.store.storage import atomic_write_bytes

from .helpers import (
    assert_digests_match,
    expected_hand,
    fill_folder,
    kill_forked,
    needs_fork,
    past_the_racy_margin,
)


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 4 games folded every 5 changes: every path runs often."""
    monkeypatch.setattr(index_module, "BLOCK", 4)
    monkeypatch.setattr(index_module, "FOLD_EVERY", 5)


def test_statistics_from_the_blocks_equal_a_full_replay(data_dir: Path, small_blocks: None) -> None:
    ids = fill_folder(data_dir, 30)
    blocks = sorted((data_dir / "index").glob("b*.json"))
    assert len(blocks) >= 6  # 30 games in blocks of about 4
    with open_store(data_dir) as store:
        assert len(store.list_games(include_deleted=True)) == 30
        assert_digests_match(store)
        assert store.check() == []
        # A page's worth: the newest block holds the newest games.
        newest = store._s.index.blocks()[0]
        page = store._s.index.block(newest["id"])
        assert {e["id"] for e in page} <= set(ids[-8:]) and page
    with open_store(data_dir) as store:  # and again from what was written
        assert_digests_match(store)


def test_opening_reads_no_block_and_no_game(data_dir: Path, small_blocks: None) -> None:
    fill_folder(data_dir, 12)
    past_the_racy_margin(data_dir)  # a later day
    with open_store(data_dir) as store:
        assert store._s.index._loaded == set()
        assert len(store.list_games(include_deleted=True)) == 12


def test_a_failing_index_write_is_a_notice_never_a_failed_save(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(data_dir) as store:
        a, b = store.add_player("Ann").id, store.add_player("Bob").id
        games = [store.create_game("standard", [a, b]) for _ in range(10)]

        def full(*args: Any, **kwargs: Any) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(index_module, "atomic_write_bytes", full)
        monkeypatch.setattr(index_module.GameIndex, "_append", full)
        ok = errors = 0
        for i in range(300):  # 30 hands in each of 10 games: none ends
            try:
                store.record_hand(games[i % 10], Hand.draw())
                ok += 1
            except Exception:
                errors += 1
        assert (ok, errors) == (300, 0)
        on_disk = sum(len(store.game(g).hands) for g in games)
        assert on_disk == 300
        told = [n for n in store.notices if "game list could not be updated" in n]
        assert len(told) == 1 and "No space left" in told[0]
        assert sum(s.hand_count for s in store.list_games()) == 300
        monkeypatch.undo()
        store.record_hand(games[0], Hand.draw())  # the disk has room again: caught up
        assert store._s.index._failed is None
    with open_store(data_dir) as store:
        assert sum(s.hand_count for s in store.list_games()) == 301
        assert store.check() == []


def test_a_copied_folder_opens_with_the_same_games_without_reading_them(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_blocks: None
) -> None:
    fill_folder(data_dir, 20)
    past_the_racy_margin(data_dir)  # a later day
    with open_store(data_dir) as store:
        games = store.list_games(include_deleted=True)
        stats = statistics(store.review_records())
    copy = tmp_path / "copy"
    shutil.copytree(data_dir, copy)  # new inodes, same sizes and times
    os.unlink(copy / ".lock")
    reads: list[str] = []
    real = store_module._Shared.read_entry

    def counting(self: Any, game_id: str) -> IndexEntry | None:
        reads.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(store_module._Shared, "read_entry", counting)
    with open_store(copy) as store:
        assert store.list_games(include_deleted=True) == games
        assert statistics(store.review_records()) == stats
        assert store.notices == []
    assert reads == []


def test_a_game_file_changed_behind_the_index_is_read_again(data_dir: Path) -> None:
    ids = fill_folder(data_dir, 3)
    src, dst = data_dir / "games" / f"{ids[0]}.json", data_dir / "games" / f"{ids[1]}.json"
    with open_store(data_dir) as store:
        before = store.summary(ids[0])
    shutil.copyfile(src, dst.with_suffix(".tmpcopy"))
    # A restored file (another game's content under this name would not
    # replay as this game: restore the game's own older backup instead).
    backup = data_dir / "games" / f"{ids[1]}.json.bak1"
    if backup.exists():
        shutil.copyfile(backup, dst)
        with open_store(data_dir) as store:
            assert store.summary(ids[1]).hand_count == len(store.game(ids[1]).hands)
            assert store.summary(ids[0]) == before
            assert store.check() == []
    dst.with_suffix(".tmpcopy").unlink()


@pytest.mark.slow
@needs_fork
def test_sigkill_during_index_maintenance_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Fold every 2 changes into blocks of 2 games: most kills land in a fold.
    monkeypatch.setattr(index_module, "BLOCK", 2)
    monkeypatch.setattr(index_module, "FOLD_EVERY", 2)
    data_dir = tmp_path / "data"
    rng = random.Random(1010)
    reported: dict[tuple[str, int], Hand] = {}
    for round_no in range(30):
        out = kill_forked(data_dir, round_no, rng)
        for line in out.splitlines():
            parts = line.split()
            if parts[:1] == ["hand"] and len(parts) == 4 and out.count(line + "\n"):
                reported[(parts[1], int(parts[2]))] = expected_hand(parts[3])
        with open_store(data_dir) as store:
            assert store.notices == [], store.notices
            for (gid, n), hand in reported.items():
                assert store.game(gid).hands[n - 1] == hand
            for summary in store.list_games(include_deleted=True):
                assert summary.hand_count == len(store.game(summary.id).hands)
            assert store.check() == []
    assert len(reported) > 20  # the kills really landed among the writes


def test_paging_by_block_shows_every_game_exactly_once(data_dir: Path, small_blocks: None) -> None:
    fill_folder(data_dir, 30)
    past_the_racy_margin(data_dir)  # a later day
    with open_store(data_dir) as store:
        paged = [
            s.id
            for block in store.game_blocks()
            for s in store.block_games(block["id"], include_deleted=True)
        ]
        assert store._s.index._all is False  # no read of every block at once
        everything = [s.id for s in store.list_games(include_deleted=True)]
        assert paged == everything  # each once, newest first
        recent = store.recent_games(5)
        assert [s.id for s in recent] == [s.id for s in store.list_games(finished=False)[:5]]
        counts = store.game_blocks()
        assert sum(b["games"] for b in counts) == 30


def test_a_save_writes_one_block_at_most_whatever_the_history(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, small_blocks: None
) -> None:
    fill_folder(data_dir, 40)
    written: list[tuple[str, int]] = []
    real = atomic_write_bytes  # what the index writes its blocks with

    def spying(path: Path, payload: bytes, **kwargs: Any) -> None:
        written.append((path.name, len(json.loads(payload).get("games", {}))))
        real(path, payload, **kwargs)

    monkeypatch.setattr(index_module, "atomic_write_bytes", spying)
    with open_store(data_dir) as store:
        a, b = (p.id for p in store.players())
        gid = store.create_game("standard", [a, b])
        # (Files written within a clock tick of the last close were read
        # again at open: written by the next fold, here, once.)
        store.flush()
        for _ in range(12):  # folds every 5 changes
            written.clear()
            store.record_hand(gid, Hand.draw())
            blocks = [n for name, n in written if name.startswith("b")]
            assert len(blocks) <= 2, written  # its own block (split in two when full), or none
            assert all(n <= 2 * index_module.BLOCK for n in blocks)
        assert len(store.list_games(include_deleted=True)) == 41


def test_a_sealed_block_nested_too_deep_is_found_again_from_the_game_files(
    data_dir: Path, small_blocks: None
) -> None:
    """A block whose check sum is the manifest's is parsed without the deep-
    nesting guard: one forged to nest 100,000 deep is still only a damaged
    block (its games are read again), never a crash."""
    from .helpers import reseal_index

    fill_folder(data_dir, 12)
    with open_store(data_dir) as store:
        every = [s.id for s in store.list_games(include_deleted=True)]
    oldest = min((data_dir / "index").glob("b*.json"), key=lambda p: int(p.stem[1:]))
    oldest.write_text('{"games": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    reseal_index(data_dir)
    with open_store(data_dir) as store:
        assert [s.id for s in store.list_games(include_deleted=True)] == every
        assert store.check() == []
