"""Several sessions of one server in this process: a change made in one shows
in the others (pubsub), and a write based on an old sheet is refused and
loses nothing (the store's revision)."""

from __future__ import annotations

import gc
import random
import threading
import weakref
from pathlib import Path
from typing import Any

import flet as ft

from scorekeeper.engine import Hand, Rules
from scorekeeper.store import open_store
from scorekeeper.ui.app import GinApp
from scorekeeper.ui.live import Live, LiveStore
from scorekeeper.ui.screens.sheet_parts import LIT
from scorekeeper.ui.state.model import AppModel
from tests.support.flet_page import controls, new_page, strings, texts

from .fake_store import FakeStore
from .helpers import Server, enter_counts, new_game, tap


def shows(gin: GinApp, text: str) -> bool:
    return any(text in t for t in texts(gin.page))


def own_store(gin: GinApp) -> LiveStore:
    """The session's store: a write through it is told to the other sessions."""
    store = gin.model.store
    assert isinstance(store, LiveStore)
    return store


def test_a_saved_hand_shows_on_the_other_sheet_and_home(server: Server) -> None:
    a, b, home = server.session(), server.session(), server.session()
    gid, _ann, bob = new_game(server, a)
    server.pump()
    assert shows(home, "Ann v Bob")  # the new game is on the other home screen
    tap(b, b.model.open_game, gid)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    assert not shows(b, "Score: Ann 0 · Bob 26")
    server.pump()
    assert shows(b, "Score: Ann 0 · Bob 26")
    assert shows(home, "Ann 0 · Bob 26")
    # undo on B shows on A
    tap(b, b.model.undo)
    server.pump()
    assert shows(a, "Score: Ann 0 · Bob 0")
    assert b.model.revision == a.model.revision


def test_an_open_hand_form_stays_open_and_its_preview_follows(server: Server) -> None:
    a, b = server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, ann, "2", "12")
    b.render()
    assert shows(b, "Ann 10 · Bob 0")  # the preview's totals
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    server.pump()
    assert b.model.screen == "hand" and b.model.hand is not None
    assert b.model.hand.k_text == "2" and b.model.hand.d_text == "12"
    assert shows(b, "Ann 10 · Bob 26")  # the preview now counts A's hand


def test_a_stale_undo_is_refused_and_deletes_nothing(server: Server) -> None:
    """The issue's story, without the live update reaching A first."""
    a, b = server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)  # A saves hand 1 ...
    tap(b, b.model.open_hand)  # ... B, still showing 0-0 (not pumped), saves hand 2
    enter_counts(b, ann, "0", "20")
    tap(b, b.model.save_hand)
    assert b.model.screen == "hand"  # refused: B's form is kept
    assert b.model.hand is not None and b.model.hand.d_text == "20"
    assert "in the meantime" in (b.model.hand.error or "")
    assert len(server.store.game(gid).hands) == 1
    assert b.model.hand.asking == ("Hand 1: Bob knocked (4 v 30): Bob +26",)
    tap(b, b.model.save_hand)  # Save again: A's hand is shown beside B's, nothing recorded
    assert len(server.store.game(gid).hands) == 1
    tap(b, b.model.save_anyway, b.model.revision)  # B chose: "Save yours as hand 2"
    assert b.model.screen == "sheet"
    assert len(server.store.game(gid).hands) == 2
    # A, not yet told, undoes: refused, B's hand stays
    tap(a, a.model.undo)
    assert len(server.store.game(gid).hands) == 2
    assert "in the meantime" in (a.model.error or "")
    assert shows(a, "Nothing was changed: the sheet now shows the latest hands.")
    assert len(a.model.game().hands) == 2  # A sees the fresh sheet
    server.pump()


def test_each_write_says_the_device(server: Server) -> None:
    a = server.session()
    gid, _ann, bob = new_game(server, a)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    assert server.store.game(gid).hands[0].by == bob


def test_a_closed_session_hears_nothing(server: Server) -> None:
    a, b = server.session(), server.session()
    gid, _ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    b.close()
    server.store.record_hand(gid, Hand.knock(bob, 4, 30))
    a.model.store.record_hand(gid, Hand.knock(bob, 4, 30))
    server.pump()
    assert not shows(b, "Score: Ann 0 · Bob 52")


def test_a_session_hears_every_write_but_its_own(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        mine, theirs = LiveStore(store), LiveStore(store)
        told: list[Any] = []
        stop = mine.on_change(told.append)
        ann = theirs.add_player("Ann").id
        bob = mine.add_player("Bob").id  # its own: not told back
        gid = theirs.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
        mine.game(gid)
        theirs.list_games()  # reads are not told
        theirs.record_hand(gid, Hand.knock(bob, 4, 30))
        theirs.undo(gid)
        theirs.redo(gid)  # the write issue #15 found missing
        mine.undo(gid)
        store.rename_player(ann, "Anna")  # straight to the store: nobody's own
        theirs.backup()
        assert told == [None, None, gid, gid, gid, None, None]
        stop()
        theirs.redo(gid)
        assert len(told) == 7


class Hub:
    """Just enough of a session's pubsub for a Live."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def subscribe_topic(self, topic: str, handler: Any) -> None:
        pass

    def unsubscribe_topic(self, topic: str) -> None:
        pass

    def send_all_on_topic(self, topic: str, message: Any) -> None:
        self.sent.append(message)


def test_a_session_that_ends_without_closing_is_not_kept_by_the_store(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        hub = Hub()
        live = Live(hub, lambda change: None, LiveStore(store))
        store.add_player("Ann")
        assert [c[0] for c in hub.sent] == [None]
        gone = weakref.ref(live)
        del live  # the tab was closed: Flet drops the session, nobody calls close()
        gc.collect()
        assert gone() is None
        store.add_player("Bob")  # told to no one, and its listener goes
        assert len(hub.sent) == 1
        assert store._s.listeners == []


def test_a_write_in_a_worker_thread_reaches_the_other_sessions(server: Server) -> None:
    a, b = server.session(), server.session()
    gid, _ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    worker = threading.Thread(target=lambda: a.model.store.record_hand(gid, Hand.knock(bob, 4, 30)))
    worker.start()
    worker.join()
    server.pump()  # the redraw runs on the loop, scheduled from the worker
    assert shows(b, "Score: Ann 0 · Bob 26")


def test_redo_rename_and_import_reach_the_other_sessions(server: Server) -> None:
    a, b, players = server.session(), server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    players.open_review("players")(None)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    tap(a, a.model.undo)
    server.pump()
    assert shows(b, "Score: Ann 0 · Bob 0")
    tap(a, a.model.redo)
    server.pump()
    assert shows(b, "Score: Ann 0 · Bob 26")
    own_store(a).rename_player(ann, "Anna")
    server.pump()
    assert shows(players, "Anna")
    history = server.session()
    history.open_review("history")(None)
    assert shows(history, "Anna v Bob")
    export = own_store(a).export_json([gid])
    own_store(a).delete_game(gid)
    own_store(a).purge_deleted()
    server.pump()
    assert not shows(history, "Anna v Bob")
    own_store(a).import_json(export)  # the game is back, from the file
    server.pump()
    assert shows(history, "Anna v Bob")


def test_model_rebases_form_on_sync() -> None:
    store = FakeStore()
    m = AppModel(store, random.Random(1))
    ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
    gid = store.create_game("standard", [ann, bob], Rules(), first_dealer=ann)
    m.open_game(gid)
    m.open_hand(None)
    assert not m.sync()
    store.record_hand(gid, Hand.knock(bob, 4, 30))
    assert m.sync()
    assert m.hand is not None and len(m.hand.game.hands) == 1
    # an edit form whose hand was taken back elsewhere stays, as what was
    # typed for the next hand; its Save asks first
    m.cancel_hand()
    m.open_hand(0)
    store.undo(gid)
    assert m.sync()
    form = m.hand
    assert m.screen == "hand" and form is not None and form.edit_index is None
    assert form.moved  # told at once (the fake store names no change: a general word)
    m.save_hand()
    assert form.asking == ("Hand 1 was taken back",) and store.game(gid).hands == ()
    m.save_anyway()  # "Save yours as hand 1"
    assert len(store.game(gid).hands) == 1 and m.hand is None


def test_a_tap_on_a_button_drawn_before_the_update_is_refused(server: Server) -> None:
    """The browser may still show the old sheet when the session has been told:
    the Undo button carries the revision it was drawn with."""
    a, b = server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    drawn = a.model.revision  # A's screen: hand 1, Undo drawn with this revision
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, ann, "0", "20")
    tap(b, b.model.save_hand)
    server.pump()  # A's session is told (its browser may not have drawn it yet)
    assert a.model.revision != drawn
    tap(a, a.model.undo, drawn)
    assert len(server.store.game(gid).hands) == 2
    assert "in the meantime" in (a.model.error or "")
    tap(a, a.model.undo, a.model.revision)  # the fresh Undo button takes back hand 2
    assert len(server.store.game(gid).hands) == 1


def test_a_joined_device_keeps_its_language_and_theme_to_itself(tmp_path: Path) -> None:
    from scorekeeper.settings import load_settings
    from scorekeeper.ui.review.model import ReviewModel

    with open_store(tmp_path / "data", durable=False) as store:
        host = ReviewModel(store)
        host.options.set_language("fi")
        phone = ReviewModel(store)
        phone.device_settings = frozenset({"language", "theme"})
        phone.options.set_language("uk")
        phone.options.set_theme("dark")
        phone.options.update_settings(preset="oklahoma")  # rules are shared
        assert phone.settings.language == "uk" and phone.t.code == "uk"
        folder = load_settings(store.data_dir)
        assert (folder.language, folder.theme, folder.preset) == ("fi", "system", "oklahoma")


def test_the_history_screen_is_live_and_the_new_game_form_left_alone(server: Server) -> None:
    a, history, new = server.session(), server.session(), server.session()
    history.open_review("history")(None)
    tap(new, new.model.open_new)
    server.pump()  # the form's address goes to the browser on the loop
    new_conn = server.conns[2]
    new_conn.take()
    _gid, _ann, bob = new_game(server, a)
    server.pump()
    assert shows(history, "Ann v Bob")
    assert new.model.screen == "new"
    assert new_conn.take() == []  # the new-game form is not redrawn under the typing
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    server.pump()
    assert shows(history, "Ann 0 · Bob 26")


def snackbars(gin: GinApp) -> list[str]:
    """The texts of the notices shown over the session's screen, oldest first."""
    return [
        c.content.value
        for c in gin.page._dialogs.controls
        if isinstance(c, ft.SnackBar) and isinstance(c.content, ft.Text)
    ]


def lines(gin: GinApp) -> list[ft.Container]:
    """The sheet's lines as drawn (each tooltip says "Edit hand N")."""
    return [
        c
        for c in controls(gin.view)
        if isinstance(c, ft.Container) and str(c.tooltip).startswith("Edit hand ")
    ]


def marked(gin: GinApp) -> list[str]:
    """The sheet's lines drawn marked (their tooltips: "Edit hand N")."""
    return [str(c.tooltip) for c in lines(gin) if c.bgcolor == LIT]


def test_another_devices_change_is_told_by_its_name_and_its_line_marked(server: Server) -> None:
    a = server.session()
    page, conn = new_page(server.loop, server.hub)
    server.conns.append(conn)
    b = GinApp(page, server.store, device="Bob's phone")
    b.start()
    gid, ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, bob, "4", "30")
    tap(b, b.model.save_hand)
    server.pump()
    assert snackbars(a)[-1:] == ["Bob's phone saved hand 1."]
    assert marked(a) == ["Edit hand 1"] and marked(b) == []
    tap(b, b.model.open_hand)
    enter_counts(b, ann, "0", "20")
    a_conn = server.conns[0]
    a_conn.take()
    tap(b, b.model.save_hand)
    server.pump()
    assert marked(a) == ["Edit hand 2"]  # one mark: the newest change's
    # the mark moved by colour alone: hand 1's line is not sent again
    # (a line drawn anew went to the browser whole, 1.3 KB, for its mark)
    sent = [s for msg in a_conn.take() for s in strings(msg)]
    assert "Edit hand 2" in sent and "Edit hand 1" not in sent
    tap(b, b.model.undo)
    server.pump()
    assert snackbars(a)[-1:] == ["Bob's phone took back hand 2."]
    assert marked(a) == []  # nothing left to mark
    # A's own action takes the notice's mark off at once
    tap(b, b.model.redo)
    server.pump()
    assert snackbars(a)[-1:] == ["Bob's phone put back hand 2."]
    assert marked(a) == ["Edit hand 2"]
    a_conn.take()
    a.model.highlight = None  # the mark's time is up (live_view.Heard._unmark)
    a.render()
    sent = [s for msg in a_conn.take() for s in strings(msg)]
    assert marked(a) == [] and not [s for s in sent if s.startswith("Edit hand")]
    tap(b, b.model.undo)
    tap(b, b.model.redo)
    server.pump()
    assert marked(a) == ["Edit hand 2"]
    tap(a, a.model.undo)
    assert marked(a) == []


def test_a_session_of_this_computer_is_another_device(server: Server) -> None:
    a, b = server.session(), server.session()
    gid, _ann, bob = new_game(server, a)
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, bob, "4", "30")
    tap(b, b.model.save_hand)
    server.pump()
    assert snackbars(a)[-1:] == ["Another device saved hand 1."]


def buttons(gin: GinApp) -> list[str]:
    """The words on every button drawn."""
    return [
        c.content
        for view in gin.page.views
        for c in controls(view)
        if isinstance(c, ft.FilledButton | ft.OutlinedButton) and isinstance(c.content, str)
    ]


def counts(server: Server, gid: str, index0: int) -> tuple[int | None, int | None]:
    hand = server.store.game(gid).hands[index0]
    return hand.knocker_deadwood, hand.defender_deadwood


Typed = tuple[str, str, str]  # who knocked ("ann" or "bob"), the knocker's count, the other's


def a_types_while_b_saves(
    server: Server, mine: Typed, theirs: Typed, *, edit: int | None = None
) -> tuple[GinApp, str, dict[str, str]]:
    """Session A types ``mine`` into its hand form (a correction of hand
    ``edit`` + 1 when given: hand 1, Bob knocked 4 v 30, is saved first),
    while session B saves ``theirs`` (as a new hand, or as that correction);
    B's change has reached A.  A, the game's id, the players' ids by name."""
    a, b = server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    ids = {"ann": ann, "bob": bob}
    if edit is not None:
        tap(a, a.model.open_hand)
        enter_counts(a, bob, "4", "30")
        tap(a, a.model.save_hand)
    tap(b, b.model.open_game, gid)
    server.pump()
    tap(a, a.model.open_hand, edit)
    enter_counts(a, ids[mine[0]], mine[1], mine[2])
    tap(b, b.model.open_hand, edit)
    enter_counts(b, ids[theirs[0]], theirs[1], theirs[2])
    tap(b, b.model.save_hand)
    server.pump()
    return a, gid, ids


def test_the_same_hand_on_two_devices_is_never_recorded_twice_silently(server: Server) -> None:
    """A types "Bob knocked 4 v 30" while B saves that hand: A is told at
    once, on the form; A's Save records nothing but shows B's hand beside
    A's and asks; what A typed stays until A chooses."""
    a, gid, _ = a_types_while_b_saves(server, ("bob", "4", "30"), ("bob", "4", "30"))
    form = a.model.hand
    assert a.model.screen == "hand" and form is not None
    assert shows(a, "Another device saved hand 1.")  # at once, before A taps anything
    assert shows(a, "Hand 1: Bob knocked (4 v 30): Bob +26")

    tap(a, a.model.save_hand)
    assert len(server.store.game(gid).hands) == 1  # nothing recorded
    assert a.model.hand is form and (form.k_text, form.d_text) == ("4", "30")
    assert shows(a, "While you typed, the sheet changed:")
    assert shows(a, "Yours: Bob knocked (4 v 30): Bob +26")
    assert "Save yours as hand 2" in buttons(a)
    tap(a, a.model.save_hand)  # Save again: still asks, still nothing recorded
    assert len(server.store.game(gid).hands) == 1

    tap(a, a.model.cancel_hand)  # "Drop yours"
    assert a.model.hand is None and len(server.store.game(gid).hands) == 1


def test_a_hand_saved_as_well_after_the_choice_is_the_next_hand(server: Server) -> None:
    a, gid, ids = a_types_while_b_saves(server, ("ann", "2", "12"), ("bob", "4", "30"))
    tap(a, a.model.save_hand)
    assert len(server.store.game(gid).hands) == 1
    tap(a, a.model.save_anyway, a.model.revision)  # "Save yours as hand 2"
    assert [h.by for h in server.store.game(gid).hands] == [ids["bob"], ids["ann"]]
    assert a.model.hand is None and a.model.screen == "sheet"


def test_a_correction_asks_over_another_devices_change_to_that_hand(server: Server) -> None:
    a, gid, _ = a_types_while_b_saves(server, ("bob", "5", "30"), ("bob", "4", "31"), edit=0)
    tap(a, a.model.save_hand)
    assert counts(server, gid, 0) == (4, 31)  # B's, kept
    assert shows(a, "Hand 1: Bob knocked (4 v 31): Bob +27")
    assert "Save yours over hand 1" in buttons(a)
    tap(a, a.model.save_anyway, a.model.revision)
    assert counts(server, gid, 0) == (5, 30)


def test_a_change_to_another_hand_does_not_stop_a_correction(server: Server) -> None:
    """A corrects hand 1 while B saves hand 2: nothing to ask."""
    a, b = server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    tap(a, a.model.save_hand)
    tap(b, b.model.open_game, gid)
    server.pump()
    tap(a, a.model.open_hand, 0)
    enter_counts(a, bob, "5", "30")
    tap(b, b.model.open_hand)  # B saves hand 2 meanwhile
    enter_counts(b, ann, "2", "12")
    tap(b, b.model.save_hand)
    server.pump()
    tap(a, a.model.save_hand)
    hands = server.store.game(gid).hands
    assert len(hands) == 2 and counts(server, gid, 0) == (5, 30)
