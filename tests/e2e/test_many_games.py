"""A long history in a real browser (issue #10): home shows the newest games in
progress and a way to all of them; the history pages through them; the
statistics open a player's figures on demand."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.engine import Hand
from scorekeeper.store import open_store
from scorekeeper.ui.review import PAGE
from tests.support.browser import Server, Ui

GAMES = 62  # unfinished, three history pages


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[Server]:
    data = tmp_path / "data"
    with open_store(data, durable=False) as store:
        ids = [store.add_player(f"P{i:02d}").id for i in range(GAMES + 1)]
        ann = store.add_player("Ann").id
        for i in range(GAMES):  # P00 v P01 first ... P61 v P62 the newest
            gid = store.create_game("standard", [ids[i], ids[i + 1]], "seed")
            store.record_hand(gid, Hand.knock(ids[i], 3, 20))
        done = store.create_game("standard", [ann, ids[0]], "seed")
        store.record_hand(done, Hand.gin(ann, 80))  # Ann wins 105
    srv = Server(data)
    srv.start()
    yield srv
    srv.stop_checked()


def test_home_with_many_games_in_progress(crowded: Server, ui: Ui) -> None:
    ui.open(crowded.url)
    page = ui.page
    expect(ui.button("Resume P61 v P62")).to_be_visible()  # the newest first
    expect(page.get_by_role("button", name=re.compile(r"^Resume P"))).to_have_count(5)
    expect(ui.button("Resume P56 v P57")).to_have_count(0)
    ui.shot("-home")
    ui.click(f"All games in progress ({GAMES})")
    ui.see(f"Games 1–{PAGE} of {GAMES}")
    expect(ui.button("Open P61 v P62")).to_be_attached()
    expect(ui.button("Open P00 v P01")).to_have_count(0)
    expect(ui.button("Open Ann v P00")).to_have_count(0)  # finished: not listed
    ui.click("Older games")
    ui.see(f"Games {PAGE + 1}–{2 * PAGE} of {GAMES}")
    ui.click("Older games")
    ui.see(f"Games {2 * PAGE + 1}–{GAMES} of {GAMES}")
    expect(ui.button("Open P00 v P01")).to_be_attached()
    expect(ui.button("Open P61 v P62")).to_have_count(0)
    ui.click("Newer games")
    ui.see(f"Games {PAGE + 1}–{2 * PAGE} of {GAMES}")
    assert not ui.errors


def test_statistics_open_details_on_demand(crowded: Server, ui: Ui) -> None:
    ui.open(crowded.url)
    ui.click("Statistics")
    ui.see("1 game finished · 63 hands")  # the other 62 are unfinished
    page = ui.page
    expect(page.get_by_text("Ann: Games won 1 / 1")).to_have_count(0)
    ui.click("Show Ann: 1 of 1 games won")
    expect(page.get_by_text("Ann: Games won 1 / 1").first).to_be_attached()
    expect(page.get_by_text("Ann: Gins 1").first).to_be_attached()
    ui.shot("-stats")
    ui.click("Hide Ann: 1 of 1 games won")
    expect(page.get_by_text("Ann: Games won 1 / 1")).to_have_count(0)
    assert not ui.errors
