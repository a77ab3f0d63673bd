"""Enter on the hand form saves on the sheet the form was drawn with, like
the Save button: a hand saved on another device since is never saved over."""

from __future__ import annotations

from types import SimpleNamespace

from .helpers import Server, enter_counts, new_game, tap


def test_enter_after_another_devices_save_not_yet_drawn_is_refused(server: Server) -> None:
    a, b = server.session(), server.session()
    gid, ann, bob = new_game(server, a)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    a.render()  # A's form, drawn on the empty sheet
    tap(b, b.model.open_game, gid)
    tap(b, b.model.open_hand)
    enter_counts(b, ann, "0", "20")
    tap(b, b.model.save_hand)
    assert a.model.sync()  # A's session heard of it; its browser has not drawn it yet
    a._on_key(SimpleNamespace(key="Enter"))  # type: ignore[arg-type]
    assert len(server.store.game(gid).hands) == 1  # only B's hand
    assert a.model.screen == "hand"  # the form stays, with what was typed
    form = a.model.hand
    assert form is not None and (form.k_text, form.d_text) == ("4", "30")
    # what is on the sheet now, beside A's (the view draws both, and the choice)
    assert form.asking == ("Hand 1: Ann went gin (20): Ann +45",)
    # drawn again, with B's hand on it: Enter still records nothing over it
    a._on_key(SimpleNamespace(key="Enter"))  # type: ignore[arg-type]
    assert len(server.store.game(gid).hands) == 1
    tap(a, a.model.save_anyway, a.model.revision)  # A chose "Save yours as hand 2"
    assert len(server.store.game(gid).hands) == 2


def test_save_pressed_after_enter_saved_adds_nothing(server: Server) -> None:
    """Enter saves; the Save the keyboard's focus was on gets pressed by the
    same Enter, and arrives after: nothing more is saved, nothing refused."""
    from scorekeeper.ui.screens.hand_view import save_hand

    a = server.session()
    gid, _, bob = new_game(server, a)
    tap(a, a.model.open_hand)
    enter_counts(a, bob, "4", "30")
    a.render()
    form, revision = a.model.hand, a.model.revision
    assert form is not None
    a._on_key(SimpleNamespace(key="Enter"))  # type: ignore[arg-type]
    assert len(server.store.game(gid).hands) == 1
    a.on(save_hand, a, form, revision)(None)  # the Save of the form just closed
    assert len(server.store.game(gid).hands) == 1
    assert a.model.screen == "sheet" and a.model.error is None
