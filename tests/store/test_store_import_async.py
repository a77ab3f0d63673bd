"""An import off the event loop (issue #15, scorekeeper/store/importer.py):
the same result as :meth:`Store.import_json`, bounded refusals, and a save
made from another device while it runs is never lost."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import Hand
from scorekeeper.i18n import Translator
from scorekeeper.i18n.reports import import_summary
from scorekeeper.store import Store, StoreError, exchange, importer, open_store
from scorekeeper.store.docs import hand_to_doc


def files(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


@pytest.fixture
def there(tmp_path: Path) -> dict[str, Any]:
    """Another device: Cleo and Dan, a game of two hands (and its export
    without the second hand: what this device had imported before)."""
    with open_store(tmp_path / "there", durable=False) as other:
        cleo, dan = other.add_player("Cleo"), other.add_player("Dan")
        gid = other.create_game("standard", [cleo.id, dan.id], first_dealer=cleo.id)
        other.record_hand(gid, Hand.knock(cleo.id, 3, 25))
        other.record_hand(gid, Hand.knock(dan.id, 2, 12))
        full = other.export_json()
    # a plain copy (JSON, as a file holds it), to change as a file could be
    older: dict[str, Any] = json.loads(json.dumps(full))
    older["games"][0]["hands"] = older["games"][0]["hands"][:1]
    del older["games"][0]["totals"]
    return {"gid": gid, "cleo": cleo.id, "dan": dan.id, "full": full, "older": older}


def test_the_async_import_adds_what_the_import_adds(tmp_path: Path, there: dict[str, Any]) -> None:
    raw = json.dumps(there["full"]).encode()
    with open_store(tmp_path / "sync", durable=False) as a:
        expected = a.import_json(raw)
        hands = a.game(there["gid"]).hands
    with open_store(tmp_path / "async") as b:
        report = asyncio.run(b.import_json_async(raw))
        assert report == expected
        assert b.game(there["gid"]).hands == hands
        assert sorted(p.name for p in b.players()) == ["Cleo", "Dan"]
        assert not b.importing
        again = asyncio.run(b.import_json_async(raw))
        assert (again.games_added, again.games_skipped) == (0, 1)


def test_a_long_game_comes_back_from_the_check_whole(there: dict[str, Any]) -> None:
    """A game of more hands than one piece holds is cut in pieces by the
    child process and put together again here, in order."""
    doc = copy.deepcopy(there["full"])
    game = doc["games"][0]
    first = game["hands"][0]
    game["hands"] = [
        dict(first, id=f"h{n}", seq=n, hand=hand_to_doc(Hand.draw()))
        for n in range(exchange.PIECE * 2 + 7)
    ]
    del game["totals"]
    raw = json.dumps(doc).encode()
    here = importer.read_export(raw)
    assert here == exchange.parse_export(raw)
    assert len(here.games[0].records) == len(here.games[0].ledger) == exchange.PIECE * 2 + 7
    assert [r["id"] for r in here.games[0].records[:3]] == ["h0", "h1", "h2"]


def junk(games: object, players: object = ()) -> bytes:
    return json.dumps(
        {"format": "gin-scorekeeper-export", "version": 1, "players": players, "games": games}
    ).encode()


def test_a_file_of_many_bad_records_is_refused_after_twenty(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with open_store(folder) as store:
        store.add_player("Ann")
    before = files(folder)
    with open_store(folder) as store:
        with pytest.raises(StoreError) as caught:
            asyncio.run(store.import_json_async(junk([0] * 200_000)))
        lines = str(caught.value).splitlines()
        assert lines[0] == "This file can't be imported (nothing was changed):"
        assert lines[1:9] == [f"- game {n} is not a record" for n in range(1, 9)]
        assert lines[9:] == ["- ... and at least 13 more problems (the check stops at 20)"]
        with pytest.raises(StoreError, match="player 1 has no valid id"):
            asyncio.run(store.import_json_async(junk([], [{}] * 100_000)))
        assert [p.name for p in store.players()] == ["Ann"]
    assert files(folder) == before


def test_a_few_problems_are_counted_exactly() -> None:
    with pytest.raises(StoreError) as caught:
        exchange.parse_export(junk([0] * 11))
    assert str(caught.value).splitlines()[-1] == "- ... and 3 more problems"


def test_a_hand_that_differs_from_ours_is_reported(tmp_path: Path, there: dict[str, Any]) -> None:
    """The same hand id with another hand: kept as it is here, and the
    report says so, never "Nothing new"."""
    changed = copy.deepcopy(there["older"])
    changed["games"][0]["hands"][0]["hand"]["knocker_deadwood"] = 4
    with open_store(tmp_path / "here", durable=False) as store:
        store.import_json(there["older"])
        report = store.import_json(changed)
        assert report.games_differ == 1
        assert [m.split(": ", 1)[1] for m in report.messages] == [
            "hand 1 in the import is not the hand with the same id here; kept the version here"
        ]
        text = import_summary(Translator("en"), report)
        assert text == (
            "Nothing was added. 1 game in that file is not the same as the one here: "
            "kept as it is here."
        )
        assert store.game(there["gid"]).hands == (Hand.knock(there["cleo"], 3, 25),)


@pytest.mark.parametrize("when", ["while planned", "before the commit"])
def test_a_hand_saved_during_the_import_is_kept(
    tmp_path: Path, there: dict[str, Any], monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    """Another device saves a hand in the game the import would extend,
    after the import planned it: the import is planned again, the saved
    hand stays, and the import says the two versions differ."""
    ours = Hand.knock(there["dan"], 1, 30)
    with open_store(tmp_path / "here") as store:
        store.import_json(there["older"])
        calls: list[str] = []
        flags: list[bool] = []

        def save_once() -> None:
            flags.append(store.importing)
            if not calls:
                calls.append("saved")
                store.record_hand(there["gid"], ours)

        if when == "while planned":
            stage = Store._stage

            def staging(self: Store, *args: Any, **kwargs: Any) -> Any:
                save_once()
                return stage(self, *args, **kwargs)

            monkeypatch.setattr(Store, "_stage", staging)
        else:
            commit = Store._commit_import

            def committing(self: Store, *args: Any, **kwargs: Any) -> Any:
                save_once()
                return commit(self, *args, **kwargs)

            monkeypatch.setattr(Store, "_commit_import", committing)
        report = asyncio.run(store.import_json_async(json.dumps(there["full"])))
        assert calls == ["saved"] and len(flags) == 2 and all(flags)
        assert not store.importing
        assert store.game(there["gid"]).hands == (Hand.knock(there["cleo"], 3, 25), ours)
        assert (report.games_updated, report.games_differ) == (0, 1)
    with open_store(tmp_path / "here") as store:
        assert store.notices == []
        assert store.game(there["gid"]).hands == (Hand.knock(there["cleo"], 3, 25), ours)
        assert store.check() == []


def test_an_import_into_a_read_only_store_is_refused(tmp_path: Path, there: dict[str, Any]) -> None:
    folder = tmp_path / "data"
    open_store(folder).close()
    with open_store(folder, read_only=True) as store, pytest.raises(StoreError, match="read-only"):
        asyncio.run(store.import_json_async(json.dumps(there["full"])))


def test_a_save_while_an_import_is_put_in_place_is_refused_not_held(tmp_path: Path) -> None:
    """The save runs on the event loop every device shares: while an import
    holds the store to put its files in place, the save is refused at once,
    with a message to save again, instead of stalling every device."""
    import threading

    with open_store(tmp_path / "data") as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        held, release = threading.Event(), threading.Event()

        def commit() -> None:  # what importer.py's commit does: the lock, for a while
            with store._s.lock:
                held.set()
                release.wait(30)

        store._s.importing += 1
        worker = threading.Thread(target=commit)
        worker.start()
        try:
            assert held.wait(30)
            with pytest.raises(StoreError, match="save again in a moment"), store.locked():
                store.record_hand(gid, Hand.knock(ann.id, 2, 20))
        finally:
            release.set()
            worker.join()
            store._s.importing -= 1
        assert store.game(gid).hands == ()
        with store.locked():  # the import done: the save goes through
            store.record_hand(gid, Hand.knock(ann.id, 2, 20))
        assert len(store.game(gid).hands) == 1
