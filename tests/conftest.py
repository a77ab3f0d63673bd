"""What every test starts from."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from flet.controls.context import _context_page

pytest_plugins = ["tests.support.fixtures", "tests.support.site"]

#: A test that asks for one of these starts chromium.
BROWSER_FIXTURES = frozenset({"playwright", "browser"})
#: A test that asks for one of these waits for what it makes (the phone's
#: site: a build under node, 10-60 s, once per run): slow.
SLOW_FIXTURES = frozenset({"site"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that starts chromium ``browser`` and every test that
    needs the site built ``slow`` (before ``-m`` reads the marks), and run
    the browser tests after all the others: they share one Playwright,
    whose loop counts as running between its calls, and the in-process
    tests run loops of their own (tests/support/fixtures.py)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if needs_site(item):
            item.add_marker(pytest.mark.slow)
    items.sort(key=run_order)


def needs_site(item: pytest.Item) -> bool:
    return bool(SLOW_FIXTURES & set(getattr(item, "fixturenames", ())))


def run_order(item: pytest.Item) -> tuple[bool, bool]:
    """Browser tests last; among them the phone's (Python started in the
    browser: one to two minutes each) first, so that under pytest-xdist
    the longest tests do not start last and keep one worker going alone."""
    return item.get_closest_marker("browser") is not None, not needs_site(item)


@pytest.fixture(autouse=True)
def _no_page_left_current() -> Iterator[None]:
    """No Flet page stays the current one from test to test.  A session's
    ``page.run_task`` makes its page current (as the server does for the
    session's code); a later test that made a service (a file picker, the
    device's storage) with none of its own current would give it to that
    page, whose session is gone by then."""
    token = _context_page.set(None)
    yield
    _context_page.reset(token)


@pytest.fixture(autouse=True)
def _page_loops_closed() -> Iterator[None]:
    """The loops of a test's in-process pages (tests/support/flet_page.py) are
    closed after it, what a session handed them cancelled.  The module is
    looked up, not imported: most tests have no page."""
    yield
    pages = sys.modules.get("tests.support.flet_page")
    if pages is not None:
        pages.close_loops()
