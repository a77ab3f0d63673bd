from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import open_store
from scorekeeper.ui.state.model import AppModel

from .fake_store import FakeStore
from .helpers import Server


@pytest.fixture(params=["fake", "real"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The flows run against the contract fake and the real store."""
    if request.param == "fake":
        yield FakeStore()
        return
    with open_store(tmp_path / "data", durable=False) as real:
        yield real


@pytest.fixture
def app(store: Any) -> AppModel:
    return AppModel(store, random.Random(7))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with open_store(tmp_path / "data", durable=False) as store:
        srv = Server(store)
        yield srv
        srv.close()
