"""Running balances and settle-ups (RULES §10) in the store: what each pair
owes over every finished game played for money, a settle-up recorded as an
entry of its own (never a change to a game), taken back, followed through a
player merge, kept across a reopen and a crash-safe rewrite of its file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine import Balance, Hand, Rules
from scorekeeper.store import Store, StoreError, open_store
from scorekeeper.store.settle_ups import SETTLE_UPS_FILE

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


def test_a_damaged_settle_ups_file_is_told_not_guessed(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        _bob_owes_ann(store)
        (data_dir / SETTLE_UPS_FILE).write_text('{"v": 1, "entries": [{"id": 3}]}')
        with pytest.raises(StoreError, match="damaged"):
            store.balances()
