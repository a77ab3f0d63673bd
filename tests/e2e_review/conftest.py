"""Real-browser tests of the review screens: ``python -m scorekeeper.ui.review``
served in web mode on loopback (tests/support/browser.py), its data folder
seeded through the store API before the server starts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import ReviewServer
from tests.support.seed import seed_folder


@pytest.fixture
def home_button() -> str:
    return "History"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def ids(data_dir: Path) -> dict[str, str]:
    """The known history of tests/support/seed.py, entered before the server starts."""
    return seed_folder(data_dir)


@pytest.fixture
def server(data_dir: Path, ids: dict[str, str]) -> Iterator[ReviewServer]:
    with ReviewServer(data_dir).running() as srv:
        yield srv
