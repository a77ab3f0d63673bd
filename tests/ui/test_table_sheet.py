"""The score sheet for the table: each hand's points as the main figure, the
table view, and undo offered back by a snackbar (in process, no browser)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorekeeper.engine import Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.store import Store, open_store
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.sheet_model import build_sheet
from tests.support.flet_page import controls, texts

from .helpers import Server as LiveServer
from .helpers import Table, enter_counts, new_game, start, tap, words


@pytest.fixture
def real(tmp_path: Path) -> Any:
    with open_store(tmp_path / "data", durable=False) as s:
        yield s


def test_each_row_shows_its_points_over_the_running_totals(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    gid = app.game_id
    app.store.record_hand(gid, Hand.knock(app.game().players[1], 4, 30))  # Bob +26
    app.store.record_hand(gid, Hand.draw())
    app.store.record_hand(gid, Hand.gin(app.game().players[0], 12))  # Ann +37
    app.reload()
    rows = app.sheet().rows
    assert [(r.points, r.cells) for r in rows] == [
        (["", "26"], ["0", "26"]),
        (["–", "–"], ["0", "26"]),  # a draw: a row of dashes, the totals unchanged
        (["37", ""], ["37", "26"]),
    ]


def test_hollywood_points_go_in_each_column_they_were_entered_in(app: AppModel) -> None:
    start(app, "hollywood", ["Ann", "Bob"], first_dealer="Ann")
    bob = app.game().players[1]
    app.store.record_hand(app.game_id, Hand.knock(bob, 4, 30))
    app.reload()
    assert app.sheet().rows[0].points == ["", "26", "", "", "", ""]
    app.store.record_hand(app.game_id, Hand.knock(bob, 5, 15))
    app.reload()
    assert app.sheet().rows[1].points == ["", "10", "", "10", "", ""]
    assert app.sheet().rows[1].cells == ["0", "36", "0", "10", "0", "0"]


def test_hands_won_show_beside_the_totals_only_with_the_line_bonus(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann", preset="classic")
    ann, bob = app.game().players
    for h in (Hand.knock(bob, 4, 30), Hand.knock(bob, 2, 9), Hand.gin(ann, 10)):
        app.store.record_hand(app.game_id, h)
    app.reload()
    assert app.sheet().boxes == ["1 won", "2 won"]
    start(app, "standard", ["Cy", "Di"], first_dealer="Cy")  # standard: no line bonus
    assert app.sheet().boxes == []


def test_three_hand_entry_says_who_is_box_and_captain(real: Store) -> None:
    ids = [real.add_player(n).id for n in ("Ann", "Bob", "Cy")]
    gid = real.create_game("three-hand", ids, Rules(), draw=["KS", "2H", "9D"])
    t = Table(real)
    t.tap(t.m.open_game, gid)
    t.tap(t.m.open_hand)
    assert "box Ann · captain Cy · sits out Bob" in texts(t.page)


def test_the_table_view_shows_big_totals_and_goes_back_in_one_tap(real: Store) -> None:
    ann, bob = real.add_player("Ann").id, real.add_player("Bob").id
    gid = real.create_game("standard", [ann, bob], "classic", first_dealer=ann)
    real.record_hand(gid, Hand.knock(bob, 4, 30))
    t = Table(real)
    t.tap(t.m.open_game, gid)
    t.tap(t.m.open_table)
    assert t.m.route == f"/game/{gid}/table"
    shown = [c for v in t.page.views for c in controls(v) if isinstance(c, ft.Text)]
    big = {c.value: c.size for c in shown if c.value in ("0", "26")}
    assert big["26"] is not None and big["26"] >= 80  # readable across the table
    assert {"Ann", "Bob", "Bob deals next", "0 won", "1 won"} <= set(texts(t.page))
    t.tap(t.m.close_table)
    assert t.m.screen == "sheet" and "Enter hand" in words(t.page)


def test_the_table_view_in_latvian_and_for_hollywood(real: Store) -> None:
    ann, bob = real.add_player("Ann").id, real.add_player("Bob").id
    gid = real.create_game("hollywood", [ann, bob], Rules(), first_dealer=ann)
    real.record_hand(gid, Hand.knock(bob, 4, 30))
    t = Table(real)
    t.m.t = Translator("lv")
    t.tap(t.m.open_game, gid)
    t.tap(t.m.open_table)
    shown = texts(t.page)
    assert {"1. spēle", "2. spēle", "3. spēle", "Nākamais dala Bob"} <= set(shown)
    assert "26" in shown and "Galda skats · Ann pret Bob" in shown


def test_undo_offers_the_hand_back_and_redo_restores_it_exactly(real: Store) -> None:
    ann, bob = real.add_player("Ann").id, real.add_player("Bob").id
    gid = real.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
    for i in range(7):
        real.record_hand(gid, Hand.knock(ann if i % 2 else bob, 3, 10 + i))
    before = real.game(gid)
    trail = real.hand_versions(gid, 6)
    t = Table(real)
    t.tap(t.m.open_game, gid)
    t.conn.take()
    t.gin.sheet.undo_handler(t.m.revision)(None)
    bars = [c for c in t.page._dialogs.controls if isinstance(c, ft.SnackBar)]
    assert bars and bars[-1].open
    bar = bars[-1]
    assert isinstance(bar.content, ft.Text) and bar.content.value == "Hand 7 taken back"
    assert isinstance(bar.action, ft.SnackBarAction) and bar.action.label == "Redo"
    assert len(real.game(gid).hands) == 6 and "Edit hand 7" not in tips(t.page)
    assert bar.action.on_click is not None
    # flet types a handler as taking the event or nothing (the app's takes it)
    bar.action.on_click(None)  # type: ignore[arg-type,call-arg]
    after = real.game(gid)
    assert after.hands == before.hands
    assert after.standings.totals == before.standings.totals
    assert real.hand_versions(gid, 6) == trail  # the same entry, not a copy
    assert "Edit hand 7" in tips(t.page) and "Hand 7 is back" in texts(t.page)
    assert t.m.sheet() == build_sheet(after)


def tips(page: ft.Page) -> list[str]:
    found = (getattr(c, "tooltip", None) for v in page.views for c in controls(v))
    return [t for t in found if isinstance(t, str)]  # (a service has none)


def ui_button(page: ft.Page, key: str) -> Any:
    """The button on ``page`` whose key starts with ``key``."""
    found = [
        c
        for v in page.views
        for c in controls(v)
        if isinstance(found_key := getattr(c, "key", None), str) and found_key.startswith(key)
    ]
    assert len(found) == 1, [getattr(c, "key", None) for c in found]
    return found[0]


def table_button(t: Table, key: str) -> Any:
    """The table view's button whose key starts with ``key``."""
    return ui_button(t.page, key)


def test_a_hand_entered_from_the_table_view_goes_back_to_it(real: Store) -> None:
    """Enter hand on the table view opens the sheet's hand form; saved (or
    cancelled) the table view is back, with the new totals: no tap through
    the sheet."""
    ann, bob = real.add_player("Ann").id, real.add_player("Bob").id
    gid = real.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
    t = Table(real)
    t.tap(t.m.open_game, gid)
    t.tap(t.m.open_table)
    assert table_button(t, "table-undo@").disabled  # no hand yet to take back
    enter = table_button(t, "table-enter")
    enter.on_click(None)
    assert t.m.screen == "hand" and t.m.route == f"/game/{gid}/hand"
    t.tap(t.m.cancel_hand)
    assert t.m.screen == "table"
    table_button(t, "table-enter").on_click(None)
    form = t.m.hand
    assert form is not None
    form.set_knocker(bob)
    form.set_active("knocker")
    form.press("4")
    form.set_active("defender")
    form.press("3")
    form.press("0")
    t.tap(t.m.save_hand)
    assert t.m.screen == "table" and t.m.route == f"/game/{gid}/table", t.m.error
    assert "26" in texts(t.page) and len(real.game(gid).hands) == 1
    t.tap(t.m.close_table)
    t.tap(t.m.open_hand)  # from the sheet, back to the sheet
    t.tap(t.m.cancel_hand)
    assert t.m.screen == "sheet"


def test_the_sheets_undo_is_offered_once_there_is_a_hand_and_is_new_per_revision(
    real: Store,
) -> None:
    """No hand, no Undo; after a save, an Undo (a new one: the revision it
    carries is the sheet's), and after the undo none again."""
    ann, bob = real.add_player("Ann").id, real.add_player("Bob").id
    gid = real.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
    t = Table(real)
    t.tap(t.m.open_game, gid)
    assert ui_button(t.page, "undo@").disabled
    t.tap(t.m.open_hand)
    enter_counts(t.gin, bob, "4", "9")
    t.tap(t.m.save_hand)
    undo = ui_button(t.page, "undo@")
    assert not undo.disabled and undo.key.startswith(f"undo@{t.m.revision}:")
    undo.on_click(None)
    assert real.game(gid).hands == ()
    assert ui_button(t.page, "undo@").disabled


def test_undo_on_the_table_view_is_the_sheets_and_carries_its_revision(
    server: LiveServer,
) -> None:
    """A's table view shows Undo; B saves a hand before A's browser drew it:
    A's Undo, based on what A saw, must not take B's hand back."""
    a, b = server.session(), server.session()
    b.device = b.model.device = "Bob's phone"
    gid, ann, bob = new_game(server, a)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    tap(a, a.model.open_table)
    drawn = ui_button(a.page, "table-undo@")
    assert drawn.key == f"table-undo@{a.model.revision}"
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, ann, "2", "20")
    tap(b, b.model.save_hand)
    assert a.model.sync()  # A's session heard of it; its browser has not drawn it yet
    drawn.on_click(None)
    assert len(server.store.game(gid).hands) == 2  # B's hand is still there
    assert a.model.error == "Bob's phone saved hand 2 in the meantime."
    assert a.model.screen == "table"
    a.render()
    assert a.model.error in texts(a.page)  # said on the table view
    # the fresh Undo takes back hand 2 and offers it back, as the sheet's does
    ui_button(a.page, "table-undo@").on_click(None)
    assert len(server.store.game(gid).hands) == 1 and a.model.screen == "table"
    bars = [c for c in a.page._dialogs.controls if isinstance(c, ft.SnackBar)]
    assert bars and bars[-1].open and isinstance(bars[-1].content, ft.Text)
    assert bars[-1].content.value == "Hand 2 taken back"


def test_the_table_view_follows_a_hand_saved_on_another_device(server: LiveServer) -> None:
    a, b = server.session(), server.session()
    gid, _ann, bob = new_game(server, a)
    tap(a, a.model.open_table)
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, bob, "4", "30")
    tap(b, b.model.save_hand)
    assert "26" not in texts(a.page)
    server.pump()
    assert a.model.screen == "table" and "26" in texts(a.page)
    assert a.model.revision == b.model.revision  # A's Undo is based on B's hand


def test_the_table_view_of_a_finished_game_has_undo_but_no_enter_hand(real: Store) -> None:
    ann, bob = real.add_player("Ann").id, real.add_player("Bob").id
    gid = real.create_game("standard", [ann, bob], Rules(target=50), first_dealer=ann)
    real.record_hand(gid, Hand.gin(ann, 40))  # 65: Ann wins
    t = Table(real)
    t.tap(t.m.open_game, gid)
    t.tap(t.m.open_table)
    assert "Ann wins!" in texts(t.page)
    keys = [getattr(c, "key", None) for v in t.page.views for c in controls(v)]
    assert "table-enter" not in keys
    assert table_button(t, "table-undo@").disabled is False
