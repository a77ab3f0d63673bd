"""``Store.page_games``: one page of ``list_games``, every game exactly once."""

from __future__ import annotations

import errno
import itertools
import json
import random
import shutil
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import PRESETS, Hand
from scorekeeper.store import Store, open_store
from scorekeeper.store import index as index_module
from scorekeeper.store.docs import hand_to_doc, rules_to_doc, time_to_doc
from scorekeeper.store.exchange import EXPORT_FORMAT, EXPORT_VERSION
from scorekeeper.store.storage import atomic_write_bytes


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 4 games folded every 5 changes: every path runs often."""
    monkeypatch.setattr(index_module, "BLOCK", 4)
    monkeypatch.setattr(index_module, "FOLD_EVERY", 5)


def test_pages_cover_every_game_once_in_list_order(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        for i in range(23):
            gid = store.create_game("standard", [ann, bob], "seed")
            if i % 4 == 0:
                store.record_hand(gid, Hand.gin(ann, 80))  # 105: finished
        every = [s.id for s in store.list_games()]
        pages = [store.page_games(offset, 10) for offset in (0, 10, 20, 30)]
        assert [total for total, _ in pages] == [23] * 4
        assert [len(games) for _, games in pages] == [10, 10, 3, 0]
        assert [s.id for _, games in pages for s in games] == every
        total, games = store.page_games(0, 100, finished=False)
        assert total == 17 and [s.id for s in games] == [
            s.id for s in store.list_games(finished=False)
        ]
        assert store.page_games(-5, 2)[1] == store.list_games()[:2]
        assert store.page_games(0, 0) == (23, [])


# --- a history of several blocks (issue #10) -----------------------------------------

PLAYERS = ["p" + "a" * 31, "p" + "b" * 31, "p" + "c" * 31, "p" + "d" * 31]


def _history(games: int, seed: int = 7) -> dict[str, Any]:
    """An export of ``games`` games, ten minutes apart: standard and
    Hollywood, four players in pairs, about a third finished, some deleted."""
    rng = random.Random(seed)
    rules = rules_to_doc(PRESETS["seed"])
    t0 = datetime(2020, 1, 1, tzinfo=UTC)
    out = []
    for g in range(games):
        a, b = rng.sample(PLAYERS, 2)
        fmt = "hollywood" if rng.random() < 0.3 else "standard"
        created = t0 + timedelta(minutes=10 * g)
        done = fmt == "standard" and rng.random() < 0.35
        hands = [Hand.gin(a, 80)] if done else [Hand.knock(b, 3, 9)] * rng.randint(0, 2)
        records = [
            {
                "id": f"h{g}x{seq}",
                "seq": seq,
                "entered_at": time_to_doc(created + timedelta(seconds=seq + 1)),
                "superseded_at": None,
                "superseded_reason": None,
                "replaces": None,
                "hand": hand_to_doc(hand),
            }
            for seq, hand in enumerate(hands)
        ]
        last = records[-1]["entered_at"] if records else time_to_doc(created)
        out.append(
            {
                "id": f"g{g:05d}",
                "setup": {"format": fmt, "players": [a, b], "first_dealer": a, "draw": None},
                "rules": rules,
                "rules_name": "seed",
                "created_at": time_to_doc(created),
                "updated_at": last,
                "finished_at": last if done else None,
                "deleted": rng.random() < 0.08,
                "hands": records,
            }
        )
    people = [{"id": p, "name": f"Player {i}", "hidden": False} for i, p in enumerate(PLAYERS)]
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "players": people, "games": out}


def _combos(store: Store, *, every: bool) -> list[dict[str, Any]]:
    """Filter combinations: with ``every``, each of finished x deleted x player
    x format x period; else each filter alone and a few together."""
    times = [s.created_at for s in store.list_games(include_deleted=True)]
    # A period that cuts blocks: from a third of the way to two thirds.
    period = {"since": times[len(times) * 2 // 3], "until": times[len(times) // 3]}
    if not every:
        return [
            {},
            {"finished": False},
            {"finished": True},
            {"include_deleted": True},
            {"finished": False, "include_deleted": True},
            {"player_id": PLAYERS[1]},
            {"format": "hollywood", "finished": False},
            period,
            {"since": period["since"]},
            {"until": period["until"], "finished": True},
            {"player_id": PLAYERS[0], "finished": True, **period},
            {"deleted": True},
            {"deleted": False},
            {"deleted": False, "include_deleted": True},
            {"deleted": True, "include_deleted": False},
            {"deleted": True, "finished": False},
            {"deleted": True, "finished": True},
            {"deleted": True, "player_id": PLAYERS[3]},
            {"deleted": True, "format": "hollywood"},
            {"deleted": True, **period},
            {"deleted": True, "until": period["until"]},
        ]
    out = []
    for finished, deleted, player, fmt, when in itertools.product(
        (None, False, True),
        (
            {"include_deleted": False},
            {"include_deleted": True},
            {"deleted": True},
            {"deleted": False, "include_deleted": True},
        ),
        (None, PLAYERS[2]),
        (None, "standard"),
        ({}, period, {"since": period["since"]}),
    ):
        out.append({"finished": finished, **deleted, "player_id": player, "format": fmt, **when})
    return out


def _reference(store: Store, filters: dict[str, Any]) -> list[str]:
    """list_games with these filters, ``deleted`` applied by hand (so the
    new filter is checked against the old ones, not only against itself)."""
    rest = {k: v for k, v in filters.items() if k != "deleted"}
    deleted = filters.get("deleted")
    if deleted is None:
        return [s.id for s in store.list_games(**rest)]
    rest["include_deleted"] = True
    return [s.id for s in store.list_games(**rest) if s.deleted == deleted]


def _assert_pages_agree(store: Store, combos: list[dict[str, Any]], size: int) -> None:
    """Paging through each filter shows every matching game exactly once, in
    list_games' order, each page with list_games' count as the total.  The
    pages are read first (list_games reads every block)."""
    paged: list[tuple[list[int], list[str]]] = []
    for filters in combos:
        totals: list[int] = []
        ids: list[str] = []
        offset = 0
        while True:
            total, page = store.page_games(offset, size, **filters)
            totals.append(total)
            ids.extend(s.id for s in page)
            if len(page) < size:
                break
            offset += size
        paged.append((totals, ids))
    for filters, (totals, ids) in zip(combos, paged, strict=True):
        every = [s.id for s in store.list_games(**filters)]
        assert every == _reference(store, filters), filters
        assert ids == every, filters
        assert set(totals) == {len(every)}, filters


@pytest.fixture
def big_history(data_dir: Path) -> Path:
    with open_store(data_dir, durable=False) as store:
        report = store.import_json(_history(760))
        assert report.games_added == 760
        assert len(store.game_blocks()) >= 3
    time.sleep(0.2)  # past the index's "racy" margin (see index.py) ...
    with open_store(data_dir, durable=False):
        pass  # ... the games written just before the index are read again, once
    return data_dir


def test_a_page_of_a_big_history_reads_only_its_blocks(big_history: Path) -> None:
    with open_store(big_history) as store:
        index = store._s.index
        assert len(index.blocks()) >= 3 and not index._loaded
        total, page = store.page_games(0, 25)
        assert len(page) == 25 and len(index._loaded) == 1  # the newest block only
        unfinished, _ = store.page_games(0, 5, finished=False)
        finished, _ = store.page_games(0, 8, finished=True)
        deep = store.page_games(total // 2, 25)
        assert len(deep[1]) == 25 and deep[0] == total
        assert len(index._loaded) <= 3 and not index._all
        assert (total, unfinished, finished) == (
            len(store.list_games()),
            len(store.list_games(finished=False)),
            len(store.list_games(finished=True)),
        )


def test_a_page_of_deleted_games_reads_only_its_blocks(big_history: Path) -> None:
    """The "Deleted games" screen: the newest deleted games and how many
    there are, from the blocks' counts and the newest block(s) only."""
    with open_store(big_history, durable=False) as store:
        index = store._s.index
        assert not index._loaded
        total, page = store.page_games(0, 5, deleted=True)
        assert len(page) == 5 and all(s.deleted for s in page)
        assert len(index._loaded) <= 2 and not index._all
        kept, _ = store.page_games(0, 5, deleted=False)
        assert len(index._loaded) <= 2 and not index._all
        every = store.list_games(include_deleted=True)
        gone = [s.id for s in every if s.deleted]
        assert total == len(gone) > 5 and [s.id for s in page] == gone[:5]
        assert kept == len(every) - len(gone) == len(store.list_games())
        assert [s.id for s in store.list_games(deleted=True)] == gone
    with open_store(big_history, durable=False) as store:
        # A delete, a restore and a purge not folded yet: the counts of the
        # blocks they touch are stale, the totals exact.
        index = store._s.index
        total, page = store.page_games(0, 5, deleted=True)
        oldest = store.page_games(total - 1, 1, deleted=True)[1][0]
        store.restore_game(oldest.id)  # an old block
        newest_kept = store.page_games(0, 1)[1][0]
        store.delete_game(newest_kept.id)
        assert index._pending
        after, page2 = store.page_games(0, 5, deleted=True)
        assert after == total and page2[0].id == newest_kept.id
        assert [s.id for s in page2[1:]] == [s.id for s in page[:4]]
        assert store.page_games(total - 1, 5, deleted=True)[1][0].id != oldest.id
        assert store.purge_deleted() == total
        assert store.page_games(0, 5, deleted=True) == (0, [])
        store.flush()
        assert store.page_games(0, 5, deleted=True) == (0, [])
        every = store.list_games(include_deleted=True)
        assert store.page_games(0, 1, deleted=False)[0] == len(every)


def test_paging_a_big_history_shows_every_game_once(big_history: Path) -> None:
    with open_store(big_history, durable=False) as store:
        _assert_pages_agree(store, _combos(store, every=False), 25)
    with open_store(big_history, durable=False) as store:
        # Saves that finish games (some in old blocks), deletes and restores:
        # the blocks' counts are stale until the journal is folded.
        unfinished = [s.id for s in store.list_games(finished=False, include_deleted=True)]
        rng = random.Random(11)
        for gid in rng.sample(unfinished, 30):
            game = store.game(gid) if not store.summary(gid).deleted else None
            if game is not None and game.format.value == "standard":
                store.record_hand(gid, Hand.gin(game.players[0], 80))
        for gid in rng.sample([s.id for s in store.list_games()], 20):
            store.delete_game(gid)
        for s in store.list_games(include_deleted=True)[::40]:
            if s.deleted:
                store.restore_game(s.id)
        assert store._s.index._pending  # not folded yet
        _assert_pages_agree(store, _combos(store, every=False), 25)
        store.flush()  # the journal folded into the blocks
        assert not store._s.index._pending
        _assert_pages_agree(store, _combos(store, every=False), 30)
    with open_store(big_history) as store:  # and from the blocks as written
        _assert_pages_agree(store, _combos(store, every=False), 25)


def test_paging_agrees_with_list_games_through_changes_and_folds(
    data_dir: Path, small_blocks: None
) -> None:
    """Blocks of 4 folded every 5 changes: splits, folds and stale counts
    everywhere; every filter combination after each round of changes."""
    rng = random.Random(5)
    with open_store(data_dir, durable=False) as store:
        store.import_json(_history(40, seed=3))
        for round_ in range(4):
            ids = [s.id for s in store.list_games(include_deleted=True)]
            for _ in range(6):
                gid = rng.choice(ids)
                s = store.summary(gid)
                if s.deleted:
                    store.restore_game(gid)
                elif not s.finished and s.format == "standard" and rng.random() < 0.5:
                    store.record_hand(gid, Hand.gin(s.player_ids[1], 80))
                elif rng.random() < 0.5:
                    store.delete_game(gid)
                else:
                    store.create_game("standard", PLAYERS[round_ % 3 : round_ % 3 + 2], "seed")
            if round_ == 2:
                store.purge_deleted()
            _assert_pages_agree(store, _combos(store, every=True), 3 + round_)
    with open_store(data_dir, read_only=True) as view:
        _assert_pages_agree(view, _combos(view, every=False), 7)


def test_pages_are_exact_while_the_index_cannot_be_written(
    data_dir: Path, small_blocks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Folds that fail part way (some blocks written, not all, blocks split
    in memory): the pages stay exact, and the next fold that can write
    leaves every game in exactly one block, as the manifest counts them."""
    with open_store(data_dir, durable=False) as store:
        store.import_json(_history(30, seed=4))
        calls = 0
        real = atomic_write_bytes  # what the index writes its blocks with

        def failing(path: Path, payload: bytes, **kwargs: Any) -> None:
            nonlocal calls
            calls += 1
            if calls % 2 == 0:  # a fold fails part way: some blocks written, not all
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, payload, **kwargs)

        monkeypatch.setattr(index_module, "atomic_write_bytes", failing)
        for i, s in enumerate(store.list_games(finished=False)[:12]):
            if s.format == "standard":
                store.record_hand(s.id, Hand.gin(s.player_ids[0], 80))
            else:
                store.delete_game(s.id)
            store.create_game("standard", PLAYERS[i % 3 : i % 3 + 2], "seed")
            _assert_pages_agree(store, _combos(store, every=False), 4)
        assert store.notices  # (the failures were told)
        monkeypatch.setattr(index_module, "atomic_write_bytes", real)
        store.create_game("standard", PLAYERS[:2], "seed")  # the index is written again
        _assert_pages_agree(store, _combos(store, every=False), 4)
        every = sorted(s.id for s in store.list_games(include_deleted=True))
    manifest = json.loads((data_dir / "index" / "manifest.json").read_bytes())
    in_blocks = [
        gid
        for block in manifest["blocks"]
        for gid in (
            e["id"]
            for e in json.loads((data_dir / "index" / f"b{block['id']}.json").read_bytes())[
                "games"
            ].values()
        )
    ]
    assert sorted(in_blocks) == every  # each game in one block
    assert sum(b["games"] for b in manifest["blocks"]) == len(every)
    with open_store(data_dir) as store:
        _assert_pages_agree(store, _combos(store, every=False), 5)
        assert store.check() == []


def test_a_game_dropped_from_a_block_not_read_leaves_its_count(
    data_dir: Path, small_blocks: None
) -> None:
    history = _history(30, seed=4)
    with open_store(data_dir, durable=False) as store:
        store.import_json(history)
    time.sleep(0.2)  # past the "racy" margin (see index.py) ...
    with open_store(data_dir, durable=False):
        pass  # ... the games written just before the index are read again, once
    oldest = next(g for g in history["games"] if not g["deleted"])
    with open_store(data_dir, durable=False) as store:
        index = store._s.index
        before, _ = store.page_games(0, 5)
        store.record_hand(oldest["id"], Hand.knock(oldest["setup"]["players"][0], 2, 9))
        assert not index._all and len(index._loaded) < len(index.blocks()) - 1
        index.drop(oldest["id"])  # as a purge would (its block not read)
        total, _ = store.page_games(0, 5)
        assert total == before - 1
        assert oldest["id"] not in {s.id for s in store.list_games()}
        assert len(store.list_games()) == total


def _export_of(created: dict[str, datetime]) -> dict[str, Any]:
    """An export of games with no hands, each created at the time given."""
    rules = rules_to_doc(PRESETS["seed"])
    games: list[dict[str, Any]] = [
        {
            "id": gid,
            "setup": {"format": "standard", "players": PLAYERS[:2], "first_dealer": PLAYERS[0]},
            "rules": rules,
            "rules_name": "seed",
            "created_at": time_to_doc(when),
            "updated_at": time_to_doc(when),
            "finished_at": None,
            "deleted": False,
            "hands": [],
        }
        for gid, when in created.items()
    ]
    people = [{"id": p, "name": f"Player {i}", "hidden": False} for i, p in enumerate(PLAYERS)]
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "players": people, "games": games}


def test_a_block_split_by_a_fold_that_failed_is_written_at_the_next(
    data_dir: Path, small_blocks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fold splits a block (games written in its file move to a new one)
    and the old block's write fails: the next fold writes it too, though no
    change left in the journal is in it, so no game is in two blocks."""
    t0 = datetime(2021, 1, 1, tzinfo=UTC)
    at = {f"g{i}": t0 + timedelta(hours=10 * i) for i in range(8)}
    with open_store(data_dir, durable=False) as store:
        store.import_json(_export_of(at))  # blocks [g0..g3] [g4..g7]
        older = {f"a{i}": t0 + timedelta(hours=i) for i in range(1, 4)}
        store.import_json(_export_of(older))  # the first: g0 a1 a2 a3 g1 g2 g3, not split
        first = min(store._s.index.blocks(), key=lambda b: b["start"])["id"]
        assert first == 0 and store._s.index.blocks()[-1]["games"] == 7
        real = atomic_write_bytes  # what the index writes its blocks with

        def failing(path: Path, payload: bytes, **kwargs: Any) -> None:
            if path.name == "b0.json":
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, payload, **kwargs)

        monkeypatch.setattr(index_module, "atomic_write_bytes", failing)
        # Eight games: split into g0 a1 a2 a3 | g1 g2 p g3; b0.json can't be written.
        store.import_json(_export_of({"p": t0 + timedelta(hours=25)}))
        assert store._s.index._failed is not None
        assert store.page_games(0, 3)[0] == len(store.list_games()) == 12
        monkeypatch.setattr(index_module, "atomic_write_bytes", real)
        store.flush()
    manifest = json.loads((data_dir / "index" / "manifest.json").read_bytes())
    in_blocks = [
        e["id"]
        for block in manifest["blocks"]
        for e in json.loads((data_dir / "index" / f"b{block['id']}.json").read_bytes())[
            "games"
        ].values()
    ]
    assert sorted(in_blocks) == sorted([*at, *older, "p"])
    with open_store(data_dir) as store:
        assert store.check() == [] and store.page_games(0, 3)[0] == 12


def test_pages_of_an_old_single_file_index(data_dir: Path, small_blocks: None) -> None:
    """Earlier versions kept one ``index.json``: a read-only view of it (not
    folded into blocks) pages from every entry; the first open taking it
    over pages from the blocks."""
    with open_store(data_dir, durable=False) as store:
        store.import_json(_history(25, seed=9))
        entries = dict(store._s.index.entries)
    shutil.rmtree(data_dir / "index")
    old = {
        "meta": {"1": {"flushed_ns": time.time_ns()}},
        "games": dict(enumerate(entries.values())),
    }
    (data_dir / "index.json").write_text(json.dumps(old), encoding="utf-8")
    with open_store(data_dir, read_only=True) as view:
        assert view._s.index.spans() is None  # no blocks to count from
        _assert_pages_agree(view, _combos(view, every=False), 4)
    with open_store(data_dir) as store:
        assert store._s.index.spans() is not None
        _assert_pages_agree(store, _combos(store, every=False), 4)
    assert not (data_dir / "index.json").exists()
