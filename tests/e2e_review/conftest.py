"""Real-browser tests of the review screens: ``python -m scorekeeper.ui.review``
served in web mode on loopback, Debian's chromium driven by Playwright.

Fails (never skips) when chromium or Playwright is missing.  Screenshots go
to ``test-output/e2e_review/<test><suffix>.png``.  The data folder is seeded
through the store API before the server starts.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TIMEOUT_MS
from e2e.conftest import DESKTOP as DESKTOP  # re-exported for the tests
from e2e.conftest import Server as BaseServer
from e2e.conftest import hung_tab_watchdog as hung_tab_watchdog  # a hung tab fails one test
from playwright.sync_api import Browser, Locator, Page, Playwright, expect, sync_playwright
from ui_review.seed import seed_folder

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "e2e_review"


class Server(BaseServer):
    """``python -m scorekeeper.ui.review`` on a free loopback port."""

    command = ("-m", "scorekeeper.ui.review")

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.env = {"LANGUAGE": "en", "LANG": "C.UTF-8"}


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.fail(f"chromium not found at {CHROMIUM}: apt-get install chromium")
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def ids(data_dir: Path) -> dict[str, str]:
    """The known history of tests/ui_review/seed.py, entered before the server starts."""
    return seed_folder(data_dir)


@pytest.fixture
def server(data_dir: Path, ids: dict[str, str]) -> Iterator[Server]:
    srv = Server(data_dir)
    srv.start()
    yield srv
    srv.stop_checked()


class Ui:
    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url: str, ready: str = "History") -> None:
        self.page.goto(url)
        ph = self.page.locator("flt-semantics-placeholder")
        ph.wait_for(state="attached", timeout=60_000)
        ph.evaluate("el => el.click()")
        self.page.get_by_role("button", name=ready).first.wait_for(timeout=60_000)

    def button(self, name: str | re.Pattern[str]) -> Locator:
        return self.page.get_by_role("button", name=name, exact=isinstance(name, str)).first

    def click(self, name: str | re.Pattern[str]) -> None:
        self.button(name).click()

    def see(self, text: str | re.Pattern[str]) -> None:
        expect(self.page.get_by_text(text).first).to_be_visible(timeout=TIMEOUT_MS)

    def shot(self, suffix: str = "", size: dict[str, int] | None = None) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        if size:
            self.page.set_viewport_size(size)  # type: ignore[arg-type]
        self.page.wait_for_timeout(1200)  # the canvas paints after the semantics tree
        path = SHOTS / f"{self.name}{suffix}.png"
        self.page.screenshot(path=str(path))
        return path


@pytest.fixture
def ui(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Ui]:
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    u = Ui(page, request.node.name)
    yield u
    try:
        u.shot("-end")
    finally:
        context.close()
