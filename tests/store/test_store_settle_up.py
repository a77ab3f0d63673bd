"""Running balances and settle-ups (RULES §10) in the store: what each pair
owes over every finished game played for money, a settle-up recorded as an
entry of its own (never a change to a game), taken back, followed through a
player merge, kept across a reopen and a crash-safe rewrite of its file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from scorekeeper.engine import Balance, Hand, Rules
from scorekeeper.store import Store, StoreError, open_store
from scorekeeper.store.documents import SettleUpRecord
from scorekeeper.store.settle_ups import SETTLE_UPS_FILE, merge_settle_ups, read_settle_ups

CENT = Rules(stake=1)


def _bob_owes_ann(store: Store) -> tuple[str, str]:
    """Ann v Bob at a cent a point: Ann wins 105-0 and 115-0 (Bob owes her
    2.20); a third game in play and a fourth not for money owe nothing."""
    ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
    g1 = store.create_game("standard", [ann, bob], CENT, first_dealer=ann)
    store.record_hand(g1, Hand.gin(ann, 80))  # 105-0: Bob pays Ann 105
    g2 = store.create_game("standard", [ann, bob], CENT, first_dealer=ann)
    store.record_hand(g2, Hand.gin(ann, 90))  # 115-0: 115 more
    g3 = store.create_game("standard", [ann, bob], CENT, first_dealer=ann)
    store.record_hand(g3, Hand.knock(bob, 2, 40))  # in play: owes nothing yet
    g4 = store.create_game("standard", [ann, bob], "seed", first_dealer=ann)
    store.record_hand(g4, Hand.gin(bob, 80))  # not for money
    return ann, bob


def test_the_balance_adds_every_finished_game_for_money(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        assert store.balances() == [Balance(bob, ann, 220, "EUR", 2)]


def test_a_settle_up_moves_the_balance_and_no_game(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        revisions = {s.id: store.revision(s.id) for s in store.list_games()}
        paid = store.settle_up(bob, ann, 200, "EUR")
        assert store.balances(ann) == [Balance(bob, ann, 20, "EUR", 2)]
        assert {s.id: store.revision(s.id) for s in store.list_games()} == revisions
    with open_store(data_dir) as store:  # from the disk
        assert [s.id for s in store.settle_ups()] == [paid.id]
        store.undo_settle_up(paid.id)
        assert store.balances()[0].amount == 220 and store.settle_ups() == []
        with pytest.raises(StoreError, match="no settle-up"):
            store.undo_settle_up(paid.id)
    saved = json.loads((data_dir / SETTLE_UPS_FILE).read_text())
    assert saved["entries"][0]["undone_at"] is not None  # kept, marked undone


def test_a_settle_up_that_is_no_payment_is_refused_and_nothing_stored(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        for payer, payee, amount in ((bob, ann, 0), (bob, ann, -5), (ann, ann, 10)):
            with pytest.raises(Exception, match=r"payment|pay themselves"):
                store.settle_up(payer, payee, amount, "EUR")
        with pytest.raises(StoreError, match="no player"):
            store.settle_up("nobody", ann, 10, "EUR")
        assert store.settle_ups() == []


def test_a_merge_moves_the_settle_ups_with_the_games(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        robert = store.add_player("Robert").id
        store.settle_up(robert, ann, 20, "EUR")  # Bob, under a second name
        store.merge_players(bob, robert)
        assert store.balances() == [Balance(bob, ann, 200, "EUR", 2)]
        assert [(s.payer, s.payee) for s in store.settle_ups(bob)] == [(bob, ann)]


def test_a_summary_from_before_payments_were_kept_is_replayed(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        for _gid, entry in list(store._s.index.entries.items()):
            entry.pop("payments", None)  # as an earlier version indexed it
            entry.pop("currency", None)
        assert store.balances() == [Balance(bob, ann, 220, "EUR", 2)]
        # replayed once: what each owes is in the index now
        assert all("payments" in e for e in store._s.index.entries.values() if e["finished"])


def test_a_damaged_settle_ups_file_is_told_not_guessed(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        _bob_owes_ann(store)
        (data_dir / SETTLE_UPS_FILE).write_text('{"v": 1, "entries": [{"id": 3}]}')
        with pytest.raises(StoreError, match="damaged"):
            store.balances()


def test_export_and_import_carry_the_settle_ups_once(data_dir: Path, tmp_path: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        kept = store.settle_up(bob, ann, 200, "EUR")
        gone = store.settle_up(bob, ann, 5, "EUR")
        store.undo_settle_up(gone.id)
        data = store.export_json()
        assert [s["id"] for s in data["settle_ups"]] == [kept.id, gone.id]
        assert store.export_json([store.list_games()[0].id])["settle_ups"] == []
    with open_store(tmp_path / "phone") as phone:
        report = phone.import_json(json.dumps(data))
        assert report.settle_ups_added == 2
        assert [s.id for s in phone.settle_ups()] == [kept.id]  # the undone stays undone
        assert phone.balances() == [Balance(bob, ann, 20, "EUR", 2)]
        again = phone.import_json(json.dumps(data))
        assert (again.games_added, again.settle_ups_added) == (0, 0)  # nothing twice
    with open_store(tmp_path / "server") as server:  # a browser's upload: off the loop
        report = asyncio.run(server.import_json_async(json.dumps(data)))
        assert report.settle_ups_added == 2 and [s.id for s in server.settle_ups()] == [kept.id]


def test_an_import_matching_a_player_by_name_moves_their_settle_ups(
    data_dir: Path, tmp_path: Path
) -> None:
    """The phone's Bob is the desktop's Bob (same name, other id): the
    settle-ups the phone recorded follow him through the import's alias."""
    with open_store(tmp_path / "phone") as phone:
        ann, bob = _bob_owes_ann(phone)
        phone.settle_up(bob, ann, 220, "EUR")
        data = phone.export_json()
    with open_store(data_dir) as desk:
        my_bob = desk.add_player("Bob").id
        my_ann = desk.add_player("Ann").id
        desk.import_json(json.dumps(data))
        [b] = desk.balances()
        assert (b.debtor, b.creditor, b.amount) in ((my_bob, my_ann, 0), (my_ann, my_bob, 0))


def test_an_import_with_a_wrong_settle_up_is_refused_and_changes_nothing(
    data_dir: Path, tmp_path: Path
) -> None:
    with open_store(data_dir) as store:
        ann, bob = _bob_owes_ann(store)
        store.settle_up(bob, ann, 200, "EUR")
        data = store.export_json()
    for wrong in ({"amount": -3}, {"payer": "someone-else"}, {"currency": "eur"}, {"at": "x"}):
        bad = json.loads(json.dumps(data))
        bad["settle_ups"][0].update(wrong)
        with open_store(tmp_path / "phone") as phone:
            with pytest.raises(StoreError, match="settle-up 1"):
                phone.import_json(json.dumps(bad))
            assert phone.list_games() == [] and phone.settle_ups() == []


def test_a_settle_up_listed_again_undone_is_added_undone(tmp_path: Path) -> None:
    """A file naming one settle-up twice, then taken back, adds it once,
    taken back (the undo lands on the record kept, not on the file's)."""
    made: SettleUpRecord = {
        "id": "s1",
        "payer": "bob",
        "payee": "ann",
        "amount": 105,
        "currency": "EUR",
        "at": "2026-12-05T10:00:00+00:00",
        "undone_at": None,
    }
    undone: SettleUpRecord = {**made, "undone_at": "2026-12-05T11:00:00+00:00"}
    assert merge_settle_ups(tmp_path, [made, undone], durable=False) == 1
    assert [r["undone_at"] for r in read_settle_ups(tmp_path)] == [undone["undone_at"]]
    assert made["undone_at"] is None  # the import's own record is not changed
