"""Undo, edit and revert; then the server stops and restarts and the game resumes exactly."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import Server, Ui


def test_undo_edit_revert_and_restart(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.quick_hand("Bob", k="4", d="30", defender="Ann")
    ui.quick_hand("Ann", "Gin", d="40", defender="Bob")
    ui.see("Score: Ann 65 · Bob 26")

    # edit hand 1: it was Ann who knocked; totals and the dealer follow
    ui.click(re.compile(r"^Edit hand 1\b"))
    ui.see("Hand 1 · Ann v Bob")
    ui.knock("Ann")
    ui.see("Ann knocked (4 v 30): Ann +26")
    ui.click("Save changes")
    ui.see("Score: Ann 91 · Bob 0")
    ui.see("Ann went gin (40): Ann +65 · dealt by Ann")

    # revert the edit
    ui.click(re.compile(r"^Edit hand 1\b"))
    ui.click("Revert edit")
    ui.see("Hand 1 is back to how it was")
    ui.see("Score: Ann 65 · Bob 26")

    # undo the last hand
    ui.click("Undo last hand")
    ui.see("Score: Ann 0 · Bob 26")
    ui.see("Bob deals next")
    ui.shot("-before-restart")

    server.stop()
    server.start()
    ui.open(server.url)
    ui.see("Games in progress")
    ui.click("Resume Ann v Bob")
    ui.see("Score: Ann 0 · Bob 26")
    ui.see("Bob deals next")
    ui.see("Bob knocked (4 v 30): Bob +26 · dealt by Ann")
    expect(ui.button(re.compile(r"^Edit hand 2\b"))).to_have_count(0)
    # and play goes on
    ui.quick_hand("Bob", "Gin", d="10", defender="Ann")
    ui.see("Score: Ann 0 · Bob 61")
