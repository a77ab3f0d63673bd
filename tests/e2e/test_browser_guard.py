"""What the browser tests stand on: the app drawn by Flet's own renderer too
(the other tests take CanvasKit, see ``Server.renderer``), and a hung tab
stopped by the watchdog instead of holding the run."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Playwright

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, Server, stop_renderers, tab

# the renderers themselves, drawing as they do by default
pytestmark = pytest.mark.motion


@pytest.fixture
def webgl_browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium as a player has it: with WebGL, which skwasm draws with (the
    other tests' chromium has none, see ``TEST_ARGS``)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def test_flets_own_renderer_draws_a_hand(
    webgl_browser: Browser, contexts: list[BrowserContext], tmp_path: Path
) -> None:
    """Flet's choice in chromium (its Wasm build with skwasm), which a player's
    Chrome gets: the app opens and takes a hand."""
    browser = webgl_browser
    srv = Server(tmp_path / "data")
    srv.renderer = None
    srv.start()
    try:
        ui = tab(browser, contexts, "skwasm")
        fetched: list[str] = []
        ui.page.on("request", lambda r: fetched.append(r.url))
        ui.open(srv.url)
        assert any(u.endswith("/skwasm.wasm") for u in fetched), fetched
        assert not any(u.endswith("/canvaskit.wasm") for u in fetched), fetched
        ui.new_game(["Ann", "Bob"], dealer="Ann")
        ui.quick_hand("Bob", "Knock", k="4", d="30", defender="Ann",
                      expect_preview="Bob knocked (4 v 30): Bob +26")  # fmt: skip
        ui.see("Bob deals next")
        assert not ui.errors
    finally:
        srv.stop_checked()


def test_a_hung_tab_is_stopped_and_its_call_fails(browser: Browser) -> None:
    """``evaluate`` has no timeout: on a page that never answers it would wait
    for good.  Killing the tab's renderer, as the watchdog does, ends it."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto("about:blank")
        stopped: list[int] = []
        timer = threading.Timer(1.0, lambda: stopped.extend(stop_renderers()))
        timer.start()
        start = time.monotonic()
        with pytest.raises(Error):
            page.evaluate("() => { for (;;) {} }")
        timer.join()
        assert stopped, "no renderer was found to stop"
        assert time.monotonic() - start < 30
    finally:
        ctx.close()
