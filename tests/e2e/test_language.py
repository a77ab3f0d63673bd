"""The whole app in Latvian: chosen in Settings, the home screen, a new game and
its sheet follow at once, and the choice survives a server restart."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.engine import Game, Hand
from scorekeeper.ui.state.sheet_model import build_sheet
from tests.support.browser import Server, Ui

from .helpers import LV, lv, open_in_latvian


def test_latvian_from_settings_to_the_sheet_and_after_a_restart(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.click("Settings")
    ui.see("Language")
    ui.click("Latviešu")
    ui.see(lv("Saved."))
    ui.click(re.compile("^" + re.escape(lv("Back"))))  # the label, then its tooltip

    # the home screen, in Latvian and no longer in English
    assert lv("New game") != "New game"
    expect(ui.button(lv("New game"))).to_be_visible()
    expect(ui.page.get_by_role("button", name="New game", exact=True)).to_have_count(0)
    ui.see(lv("No game in progress."))
    expect(ui.button(lv("Statistics"))).to_be_visible()
    ui.shot("-lv")

    # a new game, in Latvian from the form to the sheet
    ui.click(lv("New game"))
    ui.see(lv("First dealer"))
    for name in ("Ann", "Ģirts"):
        playing = re.compile("^" + re.escape(lv("Playing: {names}", names="")) + ".*" + name)
        ui.add_player(name, playing, label=lv("New player name"))
    ui.click(lv("{name} deals", name="Ann"))
    ui.click(lv("Start game"))
    ui.see(lv("{name} deals next", name="Ann"))
    ui.see(lv("No hands yet: after each deal, tap how it ended below."))

    # a hand: Ģirts knocks with 4, Ann has 30
    ui.click(lv("Enter hand"))
    ui.knock(
        "Ģirts",
        lv("{name} knocked", name="Ģirts"),
        lv("{name}'s deadwood", name="Ģirts"),
    )
    for who, digits in (("Ģirts", "4"), ("Ann", "30")):
        box = ui.button(re.compile("^" + re.escape(lv("{name}'s deadwood", name=who))))
        box.click()
        for d in digits:
            ui.click(d)
        expect(box).to_have_accessible_name(re.compile(re.escape(digits) + "$"))
    ui.click(lv("Save hand"))
    expect(ui.button(lv("Save hand"))).to_have_count(0)

    game = Game("standard", ["a", "g"], names={"a": "Ann", "g": "Ģirts"}, first_dealer="a")
    game.record(Hand.knock("g", 4, 30))
    sheet = build_sheet(game, LV)
    ui.see(sheet.status)
    ui.see(sheet.score)
    ui.see(sheet.rows[0].detail)  # the line under the numbers
    expect(
        ui.button(re.compile("^" + re.escape(lv("Edit hand {number}", number=1))))
    ).to_have_count(1)
    ui.see(lv("Tap a hand to open, correct or revert it."))
    ui.shot("-lv-sheet")
    assert not ui.errors

    # the choice is saved: after a restart the app opens in Latvian
    server.stop()
    server.start()
    open_in_latvian(ui, server.url)
    ui.see(lv("Games in progress"))
    ui.click(lv("Resume {game}", game=sheet.title))
    ui.see(sheet.rows[0].detail)
    ui.see(sheet.status)
    expect(ui.button(lv("Enter hand"))).to_be_visible()
    assert not ui.errors
