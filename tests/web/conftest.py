"""The web server's tests: a real server (``python -m scorekeeper --web`` on a
free loopback port), spoken to by raw sockets (tests/web/helpers.py) so the
tests choose every header, or by the Flet protocol (tests/support/flet_client.py).
All traffic goes to the loopback range.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import LanServer, Server, app_tracebacks, closed_after
from tests.support.flet_client import FletClient


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("web") / "data").running() as srv:
        yield srv


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[LanServer]:
    """``scorekeeper --lan --host 0.0.0.0 --allow-host 127.0.0.2`` of its own data
    folder; its printed host link in ``host_link``."""
    srv = LanServer(tmp_path / "data")
    srv.start()
    yield srv
    out = srv.stop()
    srv.proc = None
    errors = app_tracebacks(out)
    assert not errors, f"{errors}\n{out[-4000:]}"
    token = srv.host_link.split("host=", 1)[1]
    assert out.count(token) == 1, out[-3000:]  # printed once, never logged


@pytest.fixture
def clients() -> Iterator[list[FletClient]]:
    """Protocol clients a test opens with :func:`open_client`, closed after it."""
    yield from closed_after([])
