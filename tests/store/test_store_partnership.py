"""A partnership game (RULES §11) in the store: started with four players,
each deal written as its two hands in one commit, undone and put back as a
deal, exported and imported like any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine import Hand, Payment, RuleError, Rules, settlement
from scorekeeper.store import StaleGameError, open_store
from scorekeeper.store.exchange import score_sheet_csv


def _example(data_dir: Path, rules: Rules | str = "seed") -> tuple[str, list[str]]:
    """The rules' worked example: Ann & Cy v Bob & Dan, three deals, 79-6."""
    with open_store(data_dir) as store:
        ann, bob, cy, dan = (store.add_player(n).id for n in ("Ann", "Bob", "Cy", "Dan"))
        gid = store.create_game("partnership", [ann, bob, cy, dan], rules)
        store.record_deal(gid, Hand.knock(ann, 3, 19), Hand.gin(cy, 12))
        store.record_deal(gid, Hand.knock(ann, 2, 9), Hand.knock(cy, 8, 5))
        store.record_deal(gid, Hand.draw(), Hand.knock(cy, 4, 30))
        return gid, [ann, bob, cy, dan]


def test_the_rules_example_is_stored_and_read_back(data_dir: Path) -> None:
    gid, (ann, bob, cy, dan) = _example(data_dir)
    with open_store(data_dir) as store:  # from the disk, not a cache
        game = store.game(gid)
        assert game.standings.sides == ((ann, cy), (bob, dan))
        assert game.standings.totals == {ann: 79, bob: 6}
        assert len(game.hands) == 6 and store.revision(gid) == 4  # one write a deal
        summary = store.summary(gid)
        assert summary.hand_count == 6
        assert store.check() == []


def test_undo_takes_back_a_whole_deal_and_redo_puts_it_back(data_dir: Path) -> None:
    gid, (ann, bob, _cy, _dan) = _example(data_dir)
    with open_store(data_dir) as store:
        assert store.undo(gid).standings.totals == {ann: 53, bob: 6}
        assert len(store.game(gid).hands) == 4
        assert store.redo(gid).standings.totals == {ann: 79, bob: 6}
        assert len(store.game(gid).hands) == 6
        with pytest.raises(StaleGameError):
            store.record_deal(gid, Hand.draw(), Hand.draw(), expect_revision=1)
        assert len(store.game(gid).hands) == 6


def test_a_deal_with_a_hand_the_rules_refuse_stores_neither(data_dir: Path) -> None:
    gid, (_ann, bob, _cy, _dan) = _example(data_dir)
    with open_store(data_dir) as store:
        before = store.revision(gid)
        # deal 4 pairs Ann v Dan and Cy v Bob: Bob can't knock at Ann's table
        with pytest.raises(RuleError, match="doesn't play at this table"):
            store.record_deal(gid, Hand.knock(bob, 2, 9), Hand.draw())
        assert store.revision(gid) == before and len(store.game(gid).hands) == 6


def test_export_and_import_round_trip_a_partnership(data_dir: Path, tmp_path: Path) -> None:
    gid, (ann, bob, cy, dan) = _example(data_dir, Rules(target=75, stake=10))
    with open_store(data_dir) as store:
        data = store.export_json()
        assert store.game(gid).standings.finished  # 79 reached 75
    [exported] = data["games"]
    assert exported["setup"]["format"] == "partnership"
    with open_store(tmp_path / "phone") as phone:
        report = phone.import_json(json.dumps(data))
        assert report.games_added == 1
        game = phone.game(gid)
        assert game.standings.totals == {ann: 79, bob: 6}
        # the losing side pays the winning side's players the margin, by seat
        assert settlement(game.standings) == (Payment(bob, ann, 730), Payment(dan, cy, 730))
        again = phone.import_json(json.dumps(data))
        assert again.games_added == 0 and again.games_differ == 0  # nothing twice


def test_the_csv_sheet_keeps_one_score_a_side(data_dir: Path) -> None:
    gid, _ = _example(data_dir)
    with open_store(data_dir) as store:
        rows = score_sheet_csv(store.game(gid)).splitlines()
    assert rows[0].endswith("winner,Ann & Cy,Bob & Dan")
    assert rows[2].split(",")[-2:] == ["53", "0"]  # deal 1 scored on its second hand
    assert rows[-1] == "final,,,,,,,,79,6"
