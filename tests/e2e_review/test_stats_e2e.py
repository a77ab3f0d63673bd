"""The statistics screen in a real browser shows the seeded history's known figures."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import DESKTOP, Server, Ui


def test_stats_show_known_figures(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.click("Statistics")
    ui.see("8 games finished · 25 hands")  # as the player lines count them
    page = ui.page
    expect(page.get_by_text("Ann: Games won 4 / 8")).to_have_count(0)  # details on demand
    for who in (
        "Ann: 4 of 8 games won",
        "Bob: 4 of 8 games won",
        "Cy: 0 of 1 games won",
        "Ann v Bob",
    ):
        ui.click(f"Show {who}")
        ui.button(f"Hide {who}").wait_for()
    # each figure row is labelled "<player>: <figure> <value>"
    for label in (
        "Ann: Games won 4 / 8",
        "Ann: Hands won 10 / 20",
        "Ann: Average points per hand won 44.2",
        "Ann: Gins 5",
        "Bob: Hollywood sweeps 1",
        "Bob: Undercuts suffered 2",
        "Cy: Big gins 1",
        "Cy: Biggest hand 51",
        "Ann v Bob: Hollywood sweeps 0 · 1",
    ):
        expect(page.get_by_text(label).first).to_be_attached()
    expect(page.get_by_text("Games won per player").first).to_be_attached()
    ui.shot("-phone")
    ui.click("Hollywood")
    ui.see("6 games finished · 12 hands")
    ui.see("Each Hollywood column counts as a game (2 Hollywood sheets).")
    expect(page.get_by_text("Ann: Games won 2 / 6").first).to_be_attached()  # still open
    ui.click("Hide Ann: 2 of 6 games won")
    expect(page.get_by_text("Ann: Games won 2 / 6")).to_have_count(0)
    ui.shot("-hollywood-desktop", DESKTOP)
    assert not ui.errors
