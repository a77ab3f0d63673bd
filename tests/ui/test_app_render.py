"""The Flet screens built, diffed and encoded in this process (no browser):
what a tap sends to the browser, and that a long sheet is patched, not resent."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from scorekeeper.engine import Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.store import Store, open_store
from tests.support.flet_page import RecordingConnection, controls, new_page, strings, texts

from .helpers import Table, texts_and_tooltips, words

#: Hands in the tests' long sheets: three screens of a phone.
BLOCK = 10


def long_game(store: Store, hands: int) -> tuple[str, str, str]:
    ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
    gid = store.create_game("standard", [ann, bob], Rules(target=10_000), first_dealer=ann)
    for i in range(hands):
        store.record_hand(gid, Hand.knock(ann if i % 2 == 0 else bob, 5, 6 + i % 20))
    return gid, ann, bob


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "data", durable=False) as s:
        yield s


def test_saving_a_hand_sends_its_line_and_the_totals_not_the_whole_sheet(store: Store) -> None:
    gid, ann, _ = long_game(store, 45)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    before = t.gin.sheet.frame
    sent = t.quick_hand(ann, 2, 9)
    assert "Edit hand 46" in sent  # the new line went to the browser
    totals = [str(v) for v in t.m.game().standings.totals.values()]
    assert all(v in sent for v in totals)
    assert "Edit hand 1" not in sent and "Edit hand 40" not in sent  # the rest did not
    assert t.gin.sheet.frame is before  # the same kept containers, patched
    assert texts(t.page).count("46") == 1


def test_the_next_hands_form_is_sent_as_a_patch_of_the_last(store: Store) -> None:
    """Saving hides the form's layer and keeps the form in it, so the next
    hand's form goes out as what differs from the last one (it went out
    whole, 8.6 KB, when a save took it out of the stack)."""
    gid, ann, bob = long_game(store, 10)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    t.quick_hand(ann, 2, 9)
    stack = t.gin.layers.stack
    assert len(stack.controls) == 2 and stack.controls[1].visible is False
    start = t.conn.sent_bytes
    t.tap(t.m.open_hand)
    assert t.conn.sent_bytes - start < 4096, t.conn.sent_bytes - start
    assert stack.controls[1].visible is True
    sent = t.quick_hand(bob, 3, 7)  # the patched form saves as a new one did
    assert len(t.m.game().hands) == 12 and "Edit hand 12" in sent


def test_a_tap_that_reaches_a_closed_forms_cancel_does_nothing(store: Store) -> None:
    """A closed form stays, hidden, in the page: a late second tap on its
    Cancel must not take the player back to the sheet."""
    gid, ann, _ = long_game(store, 3)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    t.tap(t.m.open_hand)
    cancel = next(
        c for v in t.page.views for c in controls(v) if getattr(c, "key", None) == "cancel"
    )
    t.quick_hand(ann, 2, 9)
    t.tap(t.m.go_home)
    cancel.on_click(None)  # type: ignore[attr-defined]
    assert t.m.screen == "home" and t.m.hand is None


def correct_hand_15(t: Table) -> list[str]:
    """Hand 15 opened from the sheet, the defender's count made 33, saved:
    the strings sent."""
    t.tap(t.m.open_hand, 14)
    form = t.m.hand
    assert form is not None
    form.set_active("defender")
    for ch in "C33":
        form.press(ch)
    return t.tap(t.m.save_hand)


def test_a_long_sheet_builds_only_the_lines_that_changed(store: Store) -> None:
    """The sheet's lines are memoised components: a save, an undo or a
    redo builds no line but the one it adds; an edit, the lines from the
    edited hand on (their running totals changed).  A line whose hand did
    not change is the same component, not a new one with the same body:
    Flet's diff passes over it at once (some 5 ms of a save's 15 ms on a
    200-hand sheet went in comparing 200 new components with the last)."""
    gid, *_ = long_game(store, 34)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    frame = t.gin.sheet.frame
    assert frame is not None

    def lines() -> dict[str, object]:
        """Each line's component, by the line's key."""
        return {str(c.key): c for c in frame.sheet.controls if str(c.key).startswith("hand:")}

    def bodies() -> dict[str, object]:
        """Each line's drawn body, by the line's key."""
        return {k: c._b for k, c in lines().items()}  # type: ignore[attr-defined]

    first, first_lines = bodies(), lines()
    assert list(first) == [f"hand:{n}" for n in range(1, 35)]
    t.quick_hand(t.m.game().standings.players[0], 3, 20)
    saved = bodies()
    assert len(saved) == 35 and all(saved[k] is v for k, v in first.items())
    assert all(lines()[k] is v for k, v in first_lines.items())
    items = frame.sheet.controls
    assert (items[0].key, items[1].key, items[-1].key) == ("head", "top", "foot")
    t.tap(t.m.undo)
    assert bodies() == {k: v for k, v in saved.items() if k != "hand:35"}
    assert all(bodies()[k] is v for k, v in first.items())
    edited_15 = correct_hand_15(t)
    assert "Edit hand 15" not in edited_15  # its line is patched, not sent anew
    edited = bodies()
    kept = [k for k, v in edited.items() if v is first[k]]
    assert kept == [f"hand:{n}" for n in range(1, 15)]
    assert [k for k, v in lines().items() if v is first_lines[k]] == kept
    assert t.gin.sheet.frame is frame  # the same list, its items drawn again


def test_a_change_sends_that_line_not_its_neighbours(store: Store) -> None:
    """Taking back hand 30 of 30 once re-sent all ten lines of its block
    (some 17 KB), correcting hand 15 the lines before it too."""
    gid, *_ = long_game(store, 3 * BLOCK)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    sent = t.tap(t.m.undo)
    assert not [n for n in range(1, 3 * BLOCK + 1) if f"Edit hand {n}" in sent]
    assert sum(len(x) for x in sent) < 1000
    assert "Edit hand 30" not in texts_and_tooltips(t.page)
    sent = t.tap(t.m.redo)
    assert [n for n in range(1, 3 * BLOCK + 1) if f"Edit hand {n}" in sent] == [30]
    assert "Edit hand 30" in texts_and_tooltips(t.page)
    sent = correct_hand_15(t)
    # hand 15's new words and the running totals after it: the values that
    # changed, not the lines (their tooltips did not change)
    rows = t.m.sheet().rows
    assert rows[14].detail in sent and rows[-1].cells[0] in sent  # Ann's total: hers changed
    assert not [n for n in range(1, 3 * BLOCK + 1) if f"Edit hand {n}" in sent]


def test_undo_and_edit_reach_the_browser(store: Store) -> None:
    gid, ann, _ = long_game(store, 12)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    t.quick_hand(ann, 2, 9)
    assert "Edit hand 13" in texts_and_tooltips(t.page)
    t.tap(t.m.undo)
    assert "Edit hand 13" not in texts_and_tooltips(t.page)
    # edit hand 1: every later total changes, and the new ones are sent
    t.tap(t.m.open_hand, 0)
    form = t.m.hand
    assert form is not None
    form.set_result("gin")
    form.set_active("defender")
    form.press("C")
    for ch in "40":
        form.press(ch)
    old_totals = [str(v) for v in t.m.game().standings.totals.values()]
    sent = t.tap(t.m.save_hand)
    assert t.m.screen == "sheet", t.m.error
    new_totals = [str(v) for v in t.m.game().standings.totals.values()]
    assert new_totals != old_totals
    assert all(v in sent for v, old in zip(new_totals, old_totals, strict=True) if v != old)
    assert all(v in texts(t.page) for v in new_totals)


def test_the_sheet_still_updates_after_leaving_it_and_coming_back(store: Store) -> None:
    gid, ann, bob = long_game(store, 15)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    t.tap(t.m.go_home)
    assert t.gin.sheet.frame is None
    t.tap(t.m.open_game, gid)
    sent = t.quick_hand(bob, 4, 30)
    assert "Edit hand 16" in sent
    sent = t.quick_hand(ann, 1, 7)
    assert "Edit hand 17" in sent


def test_a_new_game_from_a_finished_sheet_gets_a_fresh_sheet(store: Store) -> None:
    ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
    gid = store.create_game("standard", [ann, bob], Rules(target=25), first_dealer=ann)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    t.quick_hand(ann, 0, 30)  # knock with 0 against 30: 30 points, game over
    assert t.m.game().standings.finished
    old = t.gin.sheet.frame
    t.tap(t.m.play_again)
    assert t.m.screen == "sheet" and t.m.game_id != gid
    assert t.gin.sheet.frame is not old
    sent = t.quick_hand(t.m.game().standings.players[0], 3, 9)
    assert "Edit hand 1" in sent


def test_a_language_switch_redraws_the_sheet_and_its_lines(store: Store) -> None:
    gid, ann, _ = long_game(store, BLOCK + 2)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    t.quick_hand(ann, 2, 9)
    english = words(t.page)
    assert "Enter hand" in english and "Edit hand 1" in english
    assert any("dealt by" in w for w in english)
    frame = t.gin.sheet.frame
    lv = Translator("lv")
    t.m.t = lv
    t.gin.render()
    shown = words(t.page)
    sheet = t.m.sheet()
    assert sheet.language == "lv"
    assert t.gin.sheet.frame is frame  # still patched in place
    for row in sheet.rows:  # every line, and its tooltip
        assert row.detail in shown
        assert lv.gettext("Edit hand {number}").format(number=row.number) in shown
    for msgid in ("Enter hand", "Undo last hand", "Tap a hand to open, correct or revert it."):
        assert lv.gettext(msgid) in shown and msgid not in shown
    assert sheet.status in shown and sheet.rules in shown
    assert not any("dealt by" in w or w.startswith("Edit hand") for w in shown)
    # the hand form opened now speaks Latvian too
    t.tap(t.m.open_hand)
    shown = words(t.page)
    assert lv.gettext("Save hand") in shown and "Save hand" not in shown
    assert lv.gettext("Who knocked?") in shown


def test_choosing_a_language_in_settings_redraws_the_home_screen(store: Store) -> None:
    ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
    store.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
    t = Table(store)
    assert "New game" in words(t.page) and "Resume Ann v Bob" in words(t.page)
    review = t.gin.review
    t.gin.open_review("settings")(None)
    review.act(review.options.set_language, "lv")
    assert t.m.t.code == "lv"
    t.tap(t.m.go_home)
    lv = Translator("lv")
    shown = words(t.page)
    assert lv.gettext("New game") in shown and "New game" not in shown
    assert lv.gettext("Games in progress") in shown
    assert lv.gettext("Resume {game}").format(game="Ann pret Bob") in shown
    assert lv.gettext("Statistics") in shown  # the review menu
    # and a new game's form is in Latvian
    t.tap(t.m.open_new)
    shown = words(t.page)
    assert lv.gettext("Start game") in shown and lv.gettext("New player name") in shown
    assert "Start game" not in shown


def test_recording_connection_counts_bytes() -> None:
    page, conn = new_page()
    assert isinstance(conn, RecordingConnection)
    page.controls.append(ft.Text("hello"))
    page.update()
    assert "hello" in [s for m in conn.take() for s in strings(m)]
    assert conn.sent_bytes > 0


def test_an_address_outside_the_review_leaves_the_review_screens(store: Store) -> None:
    """Going Home (or to a game) by address from History, Statistics... shows
    it: the app's own model once took "/" for where it already was."""
    gid, *_ = long_game(store, 2)
    t = Table(store)
    for review in ("/review/history", "/review/statistics", f"/review/game/{gid}"):
        t.gin._go(review)
        assert t.m.screen == "review"
        t.gin._go("/")
        assert t.m.screen == "home", review
    t.gin._go("/review/history")
    t.gin._go(f"/game/{gid}")
    assert t.m.screen == "sheet" and t.m.game_id == gid


def test_every_handler_of_a_closed_form_changes_nothing(store: Store) -> None:
    """A client may send events for any control it was sent, shown or not:
    after an edit is saved, every tap on the closed form (kept, hidden, in
    its layer and in the bottom bar) leaves the game and the screen as they
    are, Revert edit and Save included."""
    gid, _, bob = long_game(store, 3)
    store.edit_hand(gid, 0, Hand.knock(bob, 4, 30))  # hand 1 has two versions
    t = Table(store)
    t.tap(t.m.open_game, gid)
    sheet = {id(c) for v in t.page.views for c in controls(v)}
    t.tap(t.m.open_hand, 0)
    assert t.m.hand is not None and t.m.hand.edit_index == 0
    frame = t.gin.sheet.frame
    assert frame is not None  # and the sheet under the form, drawn again with it
    sheet |= {id(c) for c in controls(frame.body)}
    closed = [  # the form's own controls: the ones the sheet did not have
        c
        for v in t.page.views
        for c in controls(v)
        if id(c) not in sheet
        and (callable(getattr(c, "on_click", None)) or callable(getattr(c, "on_change", None)))
    ]
    assert any(str(getattr(c, "key", "")).startswith("revert@") for c in closed)
    t.tap(t.m.save_hand)
    assert t.m.screen == "sheet"
    revision = store.revision(gid)
    for c in closed:
        for name in ("on_click", "on_change"):
            handler = getattr(c, name, None)
            if callable(handler):
                handler(None)
    assert store.revision(gid) == revision
    assert t.m.screen == "sheet" and t.m.hand is None and t.m.error is None


def test_a_page_update_that_is_not_a_redraw_keeps_the_sheets_buttons(store: Store) -> None:
    """Flet updates the page after every event, redrawn or not (a route
    heard, a size reported).  A component it built again then, unsent,
    left the browser with buttons the server had dropped: a tap on Enter
    hand did nothing."""
    gid, *_ = long_game(store, 3)
    t = Table(store)
    t.tap(t.m.open_game, gid)
    (button_id,) = (
        c._i
        for v in t.page.views
        for c in controls(v)
        if isinstance(c, ft.OutlinedButton)
        and isinstance(c.content, ft.Text)
        and c.content.value == "Enter hand"
    )
    t.page.update()  # no redraw: nothing changed
    gc.collect()  # the session holds its controls weakly
    t.page.session.connection.loop.run_until_complete(
        t.page.session.dispatch_event(button_id, "click", None)
    )
    assert t.m.screen == "hand"


def test_a_long_sheet_opens_in_parts_its_first_hands_first(store: Store) -> None:
    """Opened in a browser's session, a 100-hand sheet goes out 40 hands at
    a time (sheet_view.PART), the first ones first, each part once the one
    before is sent; the whole sheet is there once the parts are in."""
    gid, *_ = long_game(store, 100)
    t = Table(store)

    async def open_it() -> tuple[list[str], int]:
        t.conn.take()
        t.gin.on(t.m.open_game, gid)(None)  # on the loop, as in a browser's session
        first = [s for msg in t.conn.take() for s in strings(msg)]
        for _ in range(20):  # the parts, a turn of the loop each
            await asyncio.sleep(0)
        return first, len(t.conn.take())

    first, later = t.conn.loop.run_until_complete(open_it())
    assert "Edit hand 40" in first and "Edit hand 41" not in first
    assert later >= 2  # the other 60 hands, in messages of their own
    shown = texts_and_tooltips(t.page)
    assert all(f"Edit hand {n}" in shown for n in range(1, 101))
    frame = t.gin.sheet.frame
    assert frame is not None and frame.shown is None
    sent = t.quick_hand(t.m.game().standings.players[0], 3, 20)
    assert "Edit hand 101" in sent


def test_a_card_typed_while_an_earlier_redraw_waits_is_kept(store: Store) -> None:
    """The server applies a field's new text as it arrives, and runs the
    change events after it in turn.  A redraw still owed to an earlier
    field (Bob's card) then drew Cy's field from the model, without the card
    just typed there, and Cy's own change event read the field that redraw
    left: the card was lost (seen in CI: Start game said "enter the card Cy
    drew" under a field the browser had shown filled)."""
    t = Table(store)
    t.tap(t.m.open_new)
    form = t.m.new_game
    assert form is not None
    t.tap(form.set_format, "three-hand")
    for name in ("Ann", "Bob", "Cy"):
        form.new_name = name
        t.tap(t.m.add_typed_player)
    t.tap(setattr, form, "draw_mode", "cards")

    def field(label: str) -> int:
        (found,) = (
            c._i
            for v in t.page.views
            for c in controls(v)
            if isinstance(c, ft.TextField) and c.label == label
        )
        return found

    bob, cy = field("Card Bob drew"), field("Card Cy drew")
    session = t.page.session
    session.apply_patch(bob, {"value": "7H"})  # the browser: Bob's card...
    session.apply_patch(cy, {"value": "7C"})  # ... and Cy's, before either event ran
    run = session.connection.loop.run_until_complete
    run(session.dispatch_event(bob, "change", "7H"))
    run(session.dispatch_event(cy, "change", "7C"))
    assert form.draw_texts == {"Bob": "7H", "Cy": "7C"}
    assert field("Card Cy drew") == cy
    (shown,) = (
        c.value
        for v in t.page.views
        for c in controls(v)
        if isinstance(c, ft.TextField) and c.label == "Card Cy drew"
    )
    assert shown == "7C"


@pytest.mark.parametrize(("width", "shown"), [(390, ("A…er", "A…ra")), (1280, None)])
def test_hollywood_heads_tell_like_names_apart_on_a_phone(
    store: Store, width: int, shown: tuple[str, str] | None
) -> None:
    """Six columns of some 48 px: "Alexander" and "Alexandra" were both drawn
    "Alex…".  Where they would read the same they keep their ends; each is
    read aloud whole; a wide window shows them whole."""
    a, b = store.add_player("Alexander").id, store.add_player("Alexandra").id
    gid = store.create_game("hollywood", [a, b], Rules(), first_dealer=a)
    store.record_hand(gid, Hand.knock(a, 2, 15))
    t = Table(store)
    t.page.width = width
    t.tap(t.m.open_game, gid)
    heads = [
        c
        for v in t.page.views
        for c in controls(v)
        if isinstance(c, ft.Text)
        and c.weight == ft.FontWeight.BOLD
        and c.size == 15
        and c.value != "Σ"
    ]
    assert [h.semantics_label or h.value for h in heads] == ["Alexander", "Alexandra"] * 3
    assert [h.value for h in heads] == list(shown or ("Alexander", "Alexandra")) * 3
