"""Every review screen at phone and desktop size, for the eye; plus hide and merge a player."""

from __future__ import annotations

from tests.support.browser import DESKTOP, PHONE, Server, Ui


def test_every_screen_phone_and_desktop(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.see("5 games")
    ui.shot("-history")
    ui.shot("-history-desktop", DESKTOP)
    ui.resize(PHONE)
    ui.click("Open Ann v Bob v Cy")  # the three-hand game
    ui.see("box Ann · captain Bob · Cy sits out")
    ui.shot("-three-hand")
    ui.click("Players")
    ui.see("Hidden players keep their history but are left out of new games.")
    ui.shot("-players")
    ui.click("Hide Cy")
    ui.see("Cy is hidden from pickers.")
    ui.click("Merge Cy…")
    ui.click("Merge into Bob")
    ui.see("Make Cy and Bob one player called Bob? This can't be undone.")
    ui.shot("-merge-ask")
    ui.click("Yes, merge")
    ui.see("Bob and Cy played against each other (2 games): they can't be one person")
    ui.shot("-merge-refused")
    ui.click("Settings")
    ui.see("Games are kept in this folder:")
    ui.shot("-settings-desktop", DESKTOP)
    ui.click("Back up now")
    ui.see(str(server.data_dir / "backups"))
    ui.resize(PHONE)
    ui.click("History")
    ui.click("Delete")
    ui.click("Yes, delete it")
    ui.click("Deleted games")
    ui.see("Deleted games stay here until you empty the list.")
    ui.click("Empty deleted games")
    ui.shot("-empty-ask")
    ui.click("Yes, empty")
    ui.see("1 game removed for good.")
    ui.see("No deleted games.")
    assert not ui.errors
