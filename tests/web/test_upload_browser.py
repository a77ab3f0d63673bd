"""A real browser (Debian's chromium, Playwright) reads the server's early
refusal of an upload: a 503 "try again in a moment", sent before the body is
read, reaches the page as a 503 with its text, not as a failed request, so
the player's Data screen can say why.  The server runs in this process on
127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from scorekeeper.ui.uploads import UploadInbox
from tests.support.browser import TIMEOUT_MS

from .helpers import Running

PUT = """async ([url, size]) => {
  try {
    const answer = await fetch(url, {method: 'PUT', body: new Uint8Array(size)});
    return [answer.status, await answer.text()];
  } catch (e) {
    return [0, String(e)];
  }
}"""


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    page.close()


@pytest.mark.parametrize("mb", [1, 15])
def test_the_browser_reads_a_busy_refusal(page: Page, mb: int) -> None:
    with Running(UploadInbox(max_held=0)) as srv:  # no room: every upload is refused
        page.goto(f"http://{srv.host}/")
        slot = srv.inbox.expect(owner=object())
        url = f"http://{srv.host}{srv.signed_url(slot)}"
        status, text = page.evaluate(PUT, [url, mb * 1024 * 1024])
        assert (status, text) == (503, "Busy: try again in a moment.")
        assert srv.inbox.is_expected(slot)
