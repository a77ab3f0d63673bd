"""A full standard game to 100 by quick entry, with undo and an edit on the way."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import DESKTOP, Server, Ui


def test_standard_game_to_100(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.shot("-home-empty")
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.see("Ann deals next")

    ui.quick_hand(
        "Bob",
        "Knock",
        k="4",
        d="30",
        defender="Ann",
        expect_preview="Bob knocked (4 v 30): Bob +26",
    )
    ui.see("Bob deals next")
    # an impossible entry: the engine's message inline, nothing stored (a
    # knock over the limit cannot be typed: the keypad moves on at 10)
    ui.click("Enter hand")
    ui.click("Undercut")
    ui.knock("Ann")
    ui.type_count("Ann", "2")
    ui.type_count("Bob", "30")
    ui.see("that is no undercut: Ann has 2, less than the defender's 30")
    ui.click("Save hand")  # refused: the message shows inline, next to the preview
    ui.see("that is no undercut: Ann has 2, less than the defender's 30")
    expect(ui.button("Save hand")).to_be_visible()
    ui.click("Cancel")
    ui.see("Bob deals next")

    ui.quick_hand("Ann", "Gin", d="40", defender="Bob", expect_preview="Ann went gin (40): Ann +65")
    ui.see("Ann deals next")
    ui.quick_hand(
        "Bob",
        "Undercut",
        k="9",
        d="7",
        defender="Ann",
        expect_preview="Ann undercut Bob (9 v 7): Ann +12",
    )
    ui.see(re.compile("^77$"))
    ui.click("Undo last hand")
    ui.see("Hand 3 taken back")  # with Redo offered
    expect(ui.text(re.compile("^77$"))).to_have_count(0)
    ui.shot("-sheet", DESKTOP)
    ui.resize({"width": 390, "height": 844})

    ui.quick_hand("Ann", "Knock", k="2", d="39", defender="Bob")
    ui.see("Ann wins!")
    ui.see(re.compile(r"^102$"))
    ui.see("Ann knocked (2 v 39): Ann +37 · dealt by Ann")
    expect(ui.button("Enter hand")).to_have_count(0)
    ui.shot("-over")
    ui.click("Home")
    ui.see("Recent finished games")
    ui.see(re.compile("Standard · 3 hands · Ann 102 · Bob 26 · Ann won"))
