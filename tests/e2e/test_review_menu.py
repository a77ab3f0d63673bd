"""The review screens are reachable from the app's home screen and lead back."""

from __future__ import annotations

import re

from tests.support.browser import Server, Ui

BACK = re.compile(r"^Back")


def test_home_menu_opens_history_and_statistics_and_back(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.quick_hand("Bob", "Knock", k="4", d="30", defender="Ann")
    ui.see("Bob deals next")
    ui.click(BACK)
    ui.click("History")
    ui.see("Ann v Bob")
    ui.shot("-history")
    ui.click(BACK)
    ui.click("Statistics")
    ui.see("Per player")
    ui.shot("-stats")
    ui.click(BACK)
    ui.see("New game")
