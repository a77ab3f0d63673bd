"""A LAN session's view of the store refuses every call once its device is out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.store import StoreError, open_store
from scorekeeper.ui.join import JoinGate
from scorekeeper.ui.lan_session import NOT_LET_IN, AdmittedStore


def test_a_removed_devices_store_view_refuses_reads_and_writes(tmp_path: Path) -> None:
    gate = JoinGate(code="123456")
    token = gate.try_code("10.0.0.2", "123456", name="Ann's phone").token
    assert token
    with open_store(tmp_path) as store:
        view = AdmittedStore(store, lambda: gate.role(token) == "guest")
        ann = view.add_player("Ann")
        bob = view.add_player("Bob")
        game_id = view.create_game("standard", [ann.id, bob.id])
        record = view.undo  # a handler kept from before still holds the method
        assert gate.remove(gate.devices()[0].id)
        calls: list[Callable[[], object]] = [
            lambda: view.players(),
            lambda: view.game(game_id),
            lambda: record(game_id),
            lambda: view.add_player("Eve"),
        ]
        for call in calls:
            with pytest.raises(StoreError) as refused:
                call()
            assert refused.value.msg.template == NOT_LET_IN
        with pytest.raises(StoreError):
            _ = view.data_dir
        # nothing changed behind the refusals
        assert [p.name for p in store.players()] == ["Ann", "Bob"]
