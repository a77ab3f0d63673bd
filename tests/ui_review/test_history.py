"""History: listing, filters, the read-only sheet, delete with undo, the bin."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import Store, open_store
from scorekeeper.store import index as index_module
from scorekeeper.ui import routes
from scorekeeper.ui.review import PAGE, ReviewModel


def follow(model: ReviewModel, route: str) -> None:
    """The review's screen at ``route``, as a link or Back would show it."""
    found = routes.match(route)
    assert found is not None and found.name in routes.REVIEW, route
    routes.show_review(found, model)


def test_lists_every_game_newest_first(model: ReviewModel, ids: dict[str, str]) -> None:
    rows = model.history.rows()
    assert [r.id for r in rows] == [ids[k] for k in "DECBA"]
    a = rows[-1]
    assert (a.title, a.score, a.status, a.finished) == (
        "Ann v Bob",
        "Ann 102 · Bob 55",
        "Ann won",
        True,
    )
    assert a.detail.startswith("Standard · 5 hands · ")
    e = rows[1]
    assert (e.status, e.finished, e.score) == ("Unfinished", False, "Bob 7 · Cy 51")
    b = rows[3]
    # issue 9: games won first, as on the home screen and the game-over sheet
    assert b.score == "Games won: Ann 0, Bob 3 · Ann 10 / 0 / 0 · Bob 100 / 100 / 100"
    assert b.detail.startswith("Hollywood · 4 hands")


def test_filters_by_player_format_and_period(model: ReviewModel, ids: dict[str, str]) -> None:
    model.act(model.history.set_filter_player, ids["cy"])
    assert [r.id for r in model.history.rows()] == [ids["D"], ids["E"]]
    model.act(model.history.set_filter_format, "standard")
    assert [r.id for r in model.history.rows()] == [ids["E"]]
    model.act(model.history.set_filter_player, None)
    assert [r.id for r in model.history.rows()] == [ids["E"], ids["A"]]
    model.act(model.history.set_filter_format, "hollywood")
    assert [r.id for r in model.history.rows()] == [ids["C"], ids["B"]]
    model.act(model.history.set_filter_period, "7")
    assert len(model.history.rows()) == 2  # all made just now
    later = datetime.now(UTC) + timedelta(days=8)
    assert model.history.rows(now=later) == []
    model.act(model.history.set_filter_period, "bogus")
    assert model.error == "There is no such period."
    assert model.history.filter_period == "7"


def test_read_only_hollywood_sheet_has_three_columns(
    model: ReviewModel, ids: dict[str, str]
) -> None:
    model.act(model.go, "game", ids["C"])
    assert model.error is None and model.route == f"/review/game/{ids['C']}"
    v = model.past_game.view()
    assert [c.title for c in v.columns] == ["Game 1", "Game 2", "Game 3"]
    assert [(c.winner, c.closed) for c in v.columns] == [
        ("Ann", True),
        ("Bob", True),
        ("Ann", True),
    ]
    assert v.totals == ("120", "40", "60", "120", "100", "60")
    assert v.status == "Ann won"
    third = v.rows[2]  # Ann gin v 35 into columns 1 and 2
    assert third.text == "Ann went gin (35): Ann +60"
    assert third.breakdown == ("deadwood +35", "gin bonus +25")
    assert third.scored == (True, False, True, False, False, False)
    assert third.dealer.startswith("dealt by ")


def test_three_hand_roles_and_undercut_breakdown(model: ReviewModel, ids: dict[str, str]) -> None:
    v = model.past_game.view(ids["D"])
    assert v.rows[0].dealer == "box Ann · captain Bob · Cy sits out"
    assert v.rows[3].text == "Cy undercut Bob (9 v 9): Cy +10"
    assert "undercut bonus +10" in v.rows[3].breakdown
    assert v.rows[2].text == "Draw: no score, same dealer"  # as on the live sheet


def test_delete_and_undo_restore_exactly(
    model: ReviewModel, store: Store, ids: dict[str, str], changes: list[str]
) -> None:
    before = store.summary(ids["C"])
    view_before = model.past_game.view(ids["C"])
    model.act(model.history.ask_delete, ids["C"])
    assert model.history.confirm_delete == ids["C"]
    model.act(model.history.delete_game, ids["C"])
    assert model.error is None and changes == ["games"]
    assert ids["C"] not in [r.id for r in model.history.rows()]
    assert [r.id for r in model.history.deleted_rows()] == [ids["C"]]
    assert model.note == "Deleted Ann v Bob."
    model.act(model.history.undo_delete)
    after = store.summary(ids["C"])
    assert (after.totals, after.column_totals, after.hand_count, after.winner_id) == (
        before.totals, before.column_totals, before.hand_count, before.winner_id,
    )  # fmt: skip
    assert model.past_game.view(ids["C"]) == view_before
    assert [r.id for r in model.history.rows()][2] == ids["C"]  # back in its place
    assert model.history.deleted_rows() == []
    model.act(model.history.undo_delete)
    assert model.error == "There is nothing to undo."


def test_deleted_games_restore_and_empty(
    model: ReviewModel, store: Store, ids: dict[str, str]
) -> None:
    for k in "AB":
        model.act(model.history.delete_game, ids[k])
    model.act(model.history.restore_game, ids["A"])
    assert [r.id for r in model.history.deleted_rows()] == [ids["B"]]
    model.act(model.history.ask_empty)
    assert model.history.confirm_empty
    assert model.act(model.history.empty_deleted) == 1
    assert model.note == "1 game removed for good."
    assert model.history.deleted_rows() == []
    assert len(store.list_games(include_deleted=True)) == 4


def test_resume_calls_back_for_unfinished_only(store: Store, ids: dict[str, str]) -> None:
    resumed: list[str] = []
    m = ReviewModel(store, on_resume=resumed.append)
    m.act(m.history.resume, ids["E"])
    assert resumed == [ids["E"]] and m.error is None
    m.act(m.history.resume, ids["A"])
    assert m.error == "That game is finished." and resumed == [ids["E"]]
    bare = ReviewModel(store)
    bare.act(bare.history.resume, ids["E"])
    assert bare.error == "Resuming a game is not available here."


def test_errors_become_messages(model: ReviewModel) -> None:
    model.act(model.go, "game", "nope")
    assert model.error is not None and "nope" in model.error
    assert model.screen == "history"
    follow(model, "/review/nowhere")
    assert model.error == "There is no such page."


def test_routes_round_trip(model: ReviewModel, ids: dict[str, str]) -> None:
    for screen in ("stats", "players", "settings", "data", "deleted", "history"):
        model.act(model.go, screen)
        route = model.route
        model.act(model.go, "history")
        follow(model, route)
        assert model.screen == screen
    follow(model, f"/review/game/{ids['A']}")
    assert (model.screen, model.game_id) == ("game", ids["A"])
    model.act(model.back)
    assert model.screen == "history"


def test_game_view_follows_new_hands(model: ReviewModel, store: Store, ids: dict[str, str]) -> None:
    assert len(model.past_game.view(ids["E"]).rows) == 3
    store.record_hand(ids["E"], Hand.gin(ids["bob"], 10))
    assert len(model.past_game.view(ids["E"]).rows) == 4


def test_history_pages(store: Store, ids: dict[str, str]) -> None:
    seeded = len(store.list_games())
    for _ in range(2 * PAGE + 2):
        store.create_game("standard", [ids["ann"], ids["bob"]], "seed")
    m = ReviewModel(store)
    last = seeded + 2  # on the third page
    assert (len(m.history.rows()), m.history.total) == (PAGE, 2 * PAGE + last)
    m.act(m.history.older_page)
    assert (len(m.history.rows()), m.history.offset) == (PAGE, PAGE)
    m.act(m.history.older_page)
    assert (len(m.history.rows()), m.history.offset) == (last, 2 * PAGE)
    m.act(m.history.older_page)  # the last page stays the last
    assert (len(m.history.rows()), m.history.offset) == (last, 2 * PAGE)
    m.act(m.history.set_filter_player, ids["cy"])  # a new filter starts at the top again
    assert (len(m.history.rows()), m.history.total, m.history.offset) == (2, 2, 0)
    assert len(m.history.rows(limit=0)) == 2


def test_paging_shows_every_game_exactly_once(store: Store, ids: dict[str, str]) -> None:
    seeded = len(store.list_games())
    for i in range(5 * PAGE // 2):
        gid = store.create_game("standard", [ids["ann"], ids["bob"]], "seed")
        if i % 3 == 0:
            store.record_hand(gid, Hand.gin(ids["ann"], 80))  # 105: Ann wins
    m = ReviewModel(store)
    every = [s.id for s in store.list_games()]
    assert len(every) == len(set(every)) == seeded + 5 * PAGE // 2 > 2 * PAGE
    seen: list[str] = []
    pages = 0
    while True:
        rows = m.history.rows()
        assert 0 < len(rows) <= PAGE
        seen += [r.id for r in rows]
        pages += 1
        before = m.history.offset
        m.act(m.history.older_page)
        if m.history.offset == before:
            break
    assert (pages, seen) == (-(-len(every) // PAGE), every)  # each game once, newest first
    back: list[str] = []
    while True:  # and back to the newest, page by page
        back = [r.id for r in m.history.rows()] + back
        if m.history.offset == 0:
            break
        m.act(m.history.newer_page)
    assert back == every
    # the games in progress, as home's "All games in progress" shows them
    m.act(m.history.show_unfinished)
    unfinished = [s.id for s in store.list_games(finished=False)]
    assert PAGE < len(unfinished) < len(every)
    seen = []
    while True:
        seen += [r.id for r in m.history.rows()]
        if m.history.offset + PAGE >= m.history.total:
            break
        m.act(m.history.older_page)
    assert m.history.total == len(unfinished) and seen == unfinished


def test_a_page_past_the_end_falls_back_to_the_last(store: Store, ids: dict[str, str]) -> None:
    made = [
        store.create_game("standard", [ids["ann"], ids["bob"]], "seed") for _ in range(PAGE + 1)
    ]
    m = ReviewModel(store)
    m.history.rows()
    m.act(m.history.older_page)
    total = m.history.total
    assert len(m.history.rows()) == total - PAGE > 0
    for gid in made[: total - PAGE + 1]:
        store.delete_game(gid)  # deleted on another device meanwhile
    rows = m.history.rows()
    assert (m.history.offset, len(rows), m.history.total) == (0, PAGE - 1, PAGE - 1)


def test_deleted_games_show_the_newest_page(store: Store, ids: dict[str, str]) -> None:
    made = [
        store.create_game("standard", [ids["ann"], ids["bob"]], "seed") for _ in range(PAGE + 3)
    ]
    for gid in made:
        store.delete_game(gid)
    m = ReviewModel(store)
    rows = m.history.deleted_rows()
    assert (len(rows), m.history.deleted_total) == (PAGE, PAGE + 3)
    newest = [s.id for s in store.list_games(include_deleted=True) if s.deleted][:PAGE]
    assert [r.id for r in rows] == newest and set(newest) <= set(made)
    store.restore_game(newest[0])  # the next deleted game comes onto the page
    rows = m.history.deleted_rows()
    assert [r.id for r in rows] == [*newest[1:], made[2]] and m.history.deleted_total == PAGE + 2
    store.purge_deleted()
    assert (m.history.deleted_rows(), m.history.deleted_total) == ([], 0)


def test_deleted_games_read_only_the_blocks_they_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A history of many index blocks: the screen shows the newest deleted
    games and counts them all, reading only the blocks that hold them (the
    page: the rest are counted from the manifest; issue #10)."""
    monkeypatch.setattr(index_module, "BLOCK", 4)
    monkeypatch.setattr(index_module, "FOLD_EVERY", 5)
    data = tmp_path / "data"
    with open_store(data, durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        made = [store.create_game("standard", [ann, bob], "seed") for _ in range(40)]
        gone = made[:3] + made[20:40:3]  # some old, some new
        for gid in gone:
            store.delete_game(gid)
        store.flush()
    time.sleep(0.2)  # past the index's "racy" margin (see store/index.py) ...
    with open_store(data, durable=False):
        pass  # ... the games written just before the index are read again, once
    with open_store(data, durable=False) as store:
        index = store._s.index
        m = ReviewModel(store)
        rows = m.history.deleted_rows()
        holding = {b["id"] for b in index.blocks() if b["deleted"]}
        assert len(index.blocks()) >= 8 and index._loaded == holding and not index._all
        assert m.history.deleted_total == len(gone)
        assert [r.id for r in rows] == gone[::-1][:PAGE]


def test_a_players_and_a_pairs_details_have_addresses(
    model: ReviewModel, ids: dict[str, str]
) -> None:
    """Issue #17: statistics, a player's details and a head to head each
    have an address; following it opens the same details; Back (the
    statistics' own address) closes them; a stale one is refused."""
    model.act(model.go, "stats")
    model.act(model.stats.toggle_detail, f"player:{ids['ann']}")
    route = model.route
    assert route == f"/review/stats/player/{ids['ann']}"
    model.act(model.go, "history")
    model.stats.opened.clear()
    follow(model, route)  # a reload, a link
    assert (model.screen, model.stats.opened, model.route) == (
        "stats",
        {f"player:{ids['ann']}"},
        route,
    )
    pair = f"/review/stats/pair/{ids['ann']}/{ids['bob']}"
    follow(model, pair)
    assert model.stats.opened == {f"pair:{ids['ann']}:{ids['bob']}"} and model.route == pair
    follow(model, "/review/stats")  # Back
    assert model.route == "/review/stats" and model.error is None
    follow(model, "/review/stats/player/nobody")
    assert model.error == "There is no such page."
