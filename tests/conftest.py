"""What every test starts from."""

from __future__ import annotations

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
