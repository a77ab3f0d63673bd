"""What every test starts from."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from flet.controls.context import _context_page


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
    """The loops of a test's in-process pages (tests/ui/flet_page.py) are
    closed after it, what a session handed them cancelled.  The module is
    looked up, not imported: most tests have no page (and no Flet); it may
    be loaded under either name, each a module of its own."""
    yield
    for name in ("ui.flet_page", "tests.ui.flet_page"):
        pages = sys.modules.get(name)
        if pages is not None:
            pages.close_loops()
