from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.i18n import Translator
from scorekeeper.store import Store, open_store
from scorekeeper.ui.review import ReviewModel
from tests.support.seed import seed


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "data", durable=False) as s:
        yield s


@pytest.fixture
def ids(store: Store) -> dict[str, str]:
    return seed(store)


@pytest.fixture
def changes() -> list[str]:
    return []


@pytest.fixture
def model(store: Store, ids: dict[str, str], changes: list[str]) -> ReviewModel:
    return ReviewModel(store, Translator("en"), changes.append)
