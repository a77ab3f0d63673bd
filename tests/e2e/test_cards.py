"""Hand entry on the card grid: both full hands with a lay-off, and deadwood cards."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import Server, Ui

ANN = ["5♠", "6♠", "7♠", "9♣", "9♦", "9♥", "2♣", "3♣", "4♣", "A♦"]
BOB = ["8♠", "9♠", "K♥", "Q♥", "J♥", "2♦", "3♦", "4♥", "4♦", "10♣"]


def test_full_hands_with_lay_off(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Bob")
    ui.click("Enter hand")
    ui.click("Full hands")
    ui.knock("Ann")
    ui.tap_cards("Ann", ANN, "full")
    ui.tap_cards("Bob", BOB, "full")
    ui.see("Ann knocked (1 v 14): Ann +13")
    ui.see("Ann's melds: 5♠ 6♠ 7♠ | 9♥ 9♦ 9♣ | 2♣ 3♣ 4♣")
    ui.see("Bob lays off: 8♠ 9♠")
    ui.see("Deadwood: Ann 1, Bob 14")
    ui.shot("-preview")
    ui.click("Save hand")
    ui.see("Score: Ann 13 · Bob 0")

    # deadwood cards: the sum is shown; a meld among them is refused, naming it
    # (issue 9: it used to be scored as 12 points of "deadwood")
    ui.click("Enter hand")
    ui.click("Deadwood cards")
    ui.knock("Ann")
    ui.tap_cards("Ann", ["2♠", "3♥"], "deadwood")
    ui.tap_cards("Bob", ["4♠", "4♥", "4♣", "K♦"], "deadwood")
    ui.see(re.compile(r"Bob: 4 cards, deadwood 22 · these cards hold a meld: 4♠ 4♥ 4♣"))
    ui.see("4♠ 4♥ 4♣ is a set: tap only unmatched cards")
    ui.click("Save hand")  # refused: nothing stored
    expect(ui.button("Save hand")).to_be_visible()
    ui.click("4♣")  # untapped: 4♠ 4♥ K♦ = 18
    ui.see(re.compile(r"^Bob: 3 cards, deadwood 18$"))
    ui.see("Ann knocked (5 v 18): Ann +13")
    ui.click("Save hand")
    ui.see("Score: Ann 26 · Bob 0")
    expect(ui.button("Save hand")).to_have_count(0)
