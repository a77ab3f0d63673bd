"""Hollywood (the seeds' example) and three-hand (box win, box loss, draw)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import DESKTOP, PHONE, Server, Ui


def test_hollywood_seed_example(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Alexandra", "Bob"], fmt="Hollywood", dealer="Alexandra")
    ui.quick_hand("Bob", k="5", d="15", defender="Alexandra")
    ui.quick_hand("Alexandra", k="2", d="20", defender="Bob")
    ui.quick_hand("Bob", k="1", d="31", defender="Alexandra")
    ui.quick_hand(
        "Bob",
        k="3",
        d="7",
        defender="Alexandra",
        expect_preview="Totals after: Alexandra 18 / 0 / 0 · Bob 44 / 34 / 4",
    )
    # the totals row of the sheet: game 1, 2, 3 for Alexandra and Bob
    ui.see("Score: Alexandra 18 / 0 / 0 · Bob 44 / 34 / 4")
    ui.see("Games won: Alexandra 0, Bob 0")
    ui.shot("-desktop", DESKTOP)
    ui.resize(PHONE)


def test_three_hand_box_win_loss_and_draw(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.click("New game")
    ui.click("Three-hand")
    for n in ["Ann", "Bob", "Cy"]:
        ui.add_player(n)
    ui.click("Enter the drawn cards")
    # each card typed reaches the server once the form stops asking for it;
    # one lost to a redraw in flight (CI, once: Cy's field found empty) is
    # typed again, and typing a card again changes nothing
    missing = ui.page.get_by_text(re.compile(r"enter the card \w+ drew"))
    for _ in range(3):
        for n, c in [("Ann", "KS"), ("Bob", "7H"), ("Cy", "7C")]:
            ui.fill(f"Card {n} drew", c)
        try:
            expect(missing).to_have_count(0, timeout=5000)
            break
        except AssertionError:
            print(f"{ui.name}: the drawn cards typed again ({missing.first.inner_text()})")
    expect(missing).to_have_count(0)
    ui.click_until("Start game", "Bob and Cy both drew a 7: draw again")  # ties are refused
    ui.fill_until("Card Cy drew", "2C", "Box: Ann · Captain: Bob · Sits out: Cy")
    ui.click_until("Start game", "Next hand: Ann in the box deals · Bob is captain · Cy sits out")
    ui.click("Enter hand")
    ui.see("Ann knocked")
    assert ui.page.get_by_role("button", name="Cy knocked").count() == 0  # the sitter can't
    ui.click("Cancel")

    ui.quick_hand("Ann", k="2", d="12", defender="Bob")  # box wins
    ui.see("Next hand: Ann in the box deals · Cy is captain · Bob sits out")
    ui.quick_hand("Cy", k="3", d="13", defender="Ann")  # box loses
    ui.see("Next hand: Cy in the box deals · Bob is captain · Ann sits out")
    ui.quick_hand(None, "Draw")  # nobody moves
    ui.see("Next hand: Cy in the box deals · Bob is captain · Ann sits out")
    ui.see("Score: Ann 10 · Bob 0 · Cy 10")
    ui.see("Draw: no score, same dealer · box Cy · captain Bob · sits out Ann")
