"""The statistics screen in a real browser shows the seeded history's known figures."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import DESKTOP, Server, Ui


def test_stats_show_known_figures(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.click("Statistics")
    ui.see("5 games · 25 hands")
    page = ui.page
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
    ui.see("2 games · 12 hands")
    expect(page.get_by_text("Ann: Games won 2 / 6").first).to_be_attached()
    ui.shot("-hollywood-desktop", DESKTOP)
    assert not ui.errors
