"""Every screen stays small whatever the history (issue #10): built, diffed and
encoded in this process over a big generated history (mostly unfinished games,
as abandoned games pile up in real use), each screen holds at most
``MAX_CONTROLS`` controls and sends at most ``MAX_BYTES`` to the browser.

Before, home listed every unfinished game and statistics drew every player's
and pair's full card: on this history both went over.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.store import Store, open_store
from scorekeeper.ui.app import GinApp
from scorekeeper.ui.review import PAGE
from scorekeeper.ui.state.model import HOME_UNFINISHED
from tests.support.flet_page import controls, new_page, strings

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_history import synthetic_history

MAX_CONTROLS = 1500
MAX_BYTES = 100_000
HANDS = 6000


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    folder = tmp_path_factory.mktemp("big") / "data"
    data, hands = synthetic_history(0, 20, hands=HANDS)
    assert hands == HANDS == sum(len(g["hands"]) for g in data["games"])
    with open_store(folder, durable=False) as store:
        store.import_json(data)
        yield store


class Session:
    def __init__(self, store: Store) -> None:
        self.page, self.conn = new_page()
        self.gin = GinApp(self.page, store)
        self.gin.model.rng = random.Random(7)
        self.mark = self.conn.sent_bytes
        self.gin.start()

    def sent(self) -> tuple[int, list[str]]:
        """Bytes sent since the last call, and their strings."""
        size, self.mark = self.conn.sent_bytes - self.mark, self.conn.sent_bytes
        return size, [s for msg in self.conn.take() for s in strings(msg)]

    def count(self) -> int:
        return sum(1 for view in self.page.views for _ in controls(view))

    def tap(self, handler: object) -> tuple[int, list[str]]:
        handler(None)  # type: ignore[operator]
        return self.sent()


def test_home_history_and_statistics_stay_small(big: Store) -> None:
    unfinished = big.list_games(finished=False)
    assert len(unfinished) > 200  # home listed all of them before
    s = Session(big)
    size, sent = s.sent()
    n = s.count()
    assert size < MAX_BYTES and n < MAX_CONTROLS, (size, n)
    total = len(unfinished)
    assert f"All games in progress ({total})" in sent
    resumes = [x for x in sent if x.startswith("Resume ") and " v " in x]
    assert len(resumes) == HOME_UNFINISHED

    # home's "All games in progress": the history, unfinished games, one page
    size, sent = s.tap(s.gin.show_all_unfinished)
    n = s.count()
    assert s.gin.review.screen == "history" and s.gin.review.history.filter_finished is False
    assert size < MAX_BYTES and n < MAX_CONTROLS, (size, n)
    assert f"Games 1–{PAGE} of {len(unfinished)}" in sent
    size, sent = s.tap(s.gin.review_ctx.on(s.gin.review.history.older_page))
    assert size < MAX_BYTES and s.count() < MAX_CONTROLS
    assert f"Games {PAGE + 1}–{2 * PAGE} of {len(unfinished)}" in sent

    # statistics: the summary and chart, details on demand
    size, sent = s.tap(s.gin.open_review("stats"))
    n = s.count()
    assert size < MAX_BYTES and n < MAX_CONTROLS, (size, n)
    stats = s.gin.review.stats.statistics()
    assert len(stats.players) == 8 and len(stats.pairs()) == 28
    assert "Games won per player" in sent or "Games won" in sent
    assert not any(x.startswith("Hands won") for x in sent)  # no card drawn yet
    first = next(iter(stats.players.values()))
    size, sent = s.tap(
        s.gin.review_ctx.on(s.gin.review.stats.toggle_detail, f"player:{first.player}")
    )
    assert "Hands won" in sent and size < MAX_BYTES and s.count() < MAX_CONTROLS
