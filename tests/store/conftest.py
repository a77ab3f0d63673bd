"""Shared fixtures for the store tests: every test gets its own data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.store import Player, Store, open_store


@pytest.fixture(autouse=True)
def _never_the_real_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Anything that falls back to default_data_dir() lands in the test's folder.
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "default-data"))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path) -> Iterator[Store]:
    with open_store(data_dir) as s:
        yield s


@pytest.fixture
def ann_bob(store: Store) -> tuple[Player, Player]:
    return store.add_player("Ann"), store.add_player("Bob")
