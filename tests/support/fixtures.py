"""The browser harness's fixtures (a pytest plugin, loaded by tests/conftest.py).

One Playwright and one chromium for the whole run (for each pytest-xdist
worker): the sync Playwright API allows one at a time in a process, and
between its calls it marks its loop as the running one, which the
in-process tests' own loops refuse to run beside.  So tests/conftest.py runs
every browser test after all the others, and the browser is started at the
first of them and stopped at the end.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

from .browser import (
    HUNG_S,
    OUTPUT,
    TEST_ARGS,
    TEST_CHROMIUM,
    Motion,
    Server,
    Ui,
    closed_after,
    device,
    stop_renderers,
    tab_in,
)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The browser's download folder."""
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="session")
def browser(playwright: Playwright, downloads: Path) -> Iterator[Browser]:
    if not (Path(TEST_CHROMIUM).exists() or shutil.which(TEST_CHROMIUM)):
        pytest.fail(
            f"chromium's headless shell not found at {TEST_CHROMIUM}:"
            " apt-get install chromium-headless-shell"
        )
    b = playwright.chromium.launch(
        executable_path=TEST_CHROMIUM, args=TEST_ARGS, downloads_path=str(downloads)
    )
    yield b
    b.close()


@pytest.fixture(autouse=True)
def motion(request: pytest.FixtureRequest) -> Iterator[None]:
    """Reduced motion for this test's devices unless it is marked ``motion``."""
    Motion.reduced = request.node.get_closest_marker("motion") is None
    yield
    Motion.reduced = True


@pytest.fixture(autouse=True)
def hung_tab_watchdog(request: pytest.FixtureRequest) -> Iterator[None]:
    """A hung tab fails its test, not the run.  Some Playwright calls have no
    timeout of their own (``evaluate``, a context's ``close``): a tab whose
    page never answers again would hold them, and the whole run, for good.
    After :data:`HUNG_S`, this test's renderers are killed, which ends such
    a call with an error, and the test fails saying so.  Browser tests only."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    stopped: list[int] = []
    timer = threading.Timer(HUNG_S, lambda: stopped.extend(stop_renderers()))
    timer.daemon = True
    timer.start()
    yield
    timer.cancel()
    if stopped:
        pytest.fail(
            f"a browser tab stopped answering: its renderer was killed after {HUNG_S:.0f} s"
        )


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """``scorekeeper --web`` over a fresh data folder of this test's own."""
    with Server(tmp_path / "data").running() as srv:
        yield srv


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Path:
    """Where this test's screenshots go: ``test-output/<its suite>/``."""
    node: pytest.Item = request.node
    return OUTPUT / node.path.parent.name


@pytest.fixture
def home_button() -> str:
    """The button that tells a test the app's first screen is drawn
    (tests/e2e_review overrides it: its app opens on History)."""
    return "New game"


@pytest.fixture
def ui(
    browser: Browser, request: pytest.FixtureRequest, shots: Path, home_button: str
) -> Iterator[Ui]:
    """A tab at phone size in a context of its own."""
    with tab_in(device(browser), request.node.name, shots, home_button) as u:
        yield u


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Browser contexts a test opens with :func:`tab` (one per device), closed after it."""
    yield from closed_after([])
