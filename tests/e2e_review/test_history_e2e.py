"""The history in a real browser: filters, a Hollywood series read-only, delete and undo."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import DESKTOP, Server, Ui


def test_filter_by_player_and_open_hollywood_series(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.see("5 games")
    # the filters fold into one line: on a phone the first game is in view
    # under it (the chips once took half the screen)
    expect(ui.button("Cy")).to_have_count(0)
    ui.see("All games")
    count = ui.page.get_by_text("5 games", exact=True)  # the line above the first game
    expect(count).to_be_visible()
    box = count.bounding_box()
    assert box is not None and box["y"] + box["height"] < 844 / 3, box
    ui.shot("-filters-folded")
    ui.click("Filters")
    # opened, the filters are four menus in two rows: the games start above
    # the middle of a phone's screen (chips for every choice went past it)
    box = count.bounding_box()
    assert box is not None and box["y"] + box["height"] < 844 / 2, box
    ui.choose("Player: Everyone", "Cy", "Player: Cy")
    ui.see("2 games")
    expect(ui.button("Open Bob v Cy")).to_be_visible()
    expect(ui.page.get_by_role("button", name="Open Ann v Bob", exact=True)).to_have_count(0)
    ui.shot("-filtered")
    ui.choose("Player: Cy", "Everyone", "Player: Everyone")
    ui.choose("Format: All formats", "Hollywood", "Format: Hollywood")
    ui.see("2 games")
    ui.click("Open Ann v Bob")  # newest first: the 2-1 series
    ui.see("Hollywood: Ann v Bob")
    for column in ("Game 1", "Game 2", "Game 3", "✓ Ann", "✓ Bob"):
        ui.see(column)
    ui.see("Ann won")
    ui.see("Ann went gin (35): Ann +60")
    ui.see("deadwood +35 · gin bonus +25")
    ui.shot("-series")
    ui.page.mouse.wheel(0, 2500)
    ui.shot("-series-charts")
    ui.shot("-series-desktop", DESKTOP)
    ui.click(re.compile(r"^Back"))
    ui.see("2 games")
    ui.click("Hide filters")
    ui.see("Hollywood")  # what is chosen, on the folded line
    expect(ui.button("Everyone")).to_have_count(0)
    assert not ui.errors


def test_delete_then_undo(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.see("5 games")
    ui.click("Delete")
    ui.click("Yes, delete it")
    ui.see("4 games")
    ui.see("Deleted Ann v Bob v Cy.")
    ui.shot("-deleted")
    ui.click("Undo delete")
    ui.see("5 games")
    ui.see("The game is back.")
    assert not ui.errors
