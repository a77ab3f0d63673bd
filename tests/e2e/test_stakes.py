"""Played for money (RULES §10): a Hollywood game for a cent a point, the
third game counting double, set up on the new-game form and played to its
end, shows who pays whom."""

from __future__ import annotations

import re

from tests.support.browser import DESKTOP, PHONE, Server, Ui

from .helpers import play_for_money, scroll, turn_on


def test_hollywood_for_a_cent_a_point_third_game_double_bob_pays_ann(
    server: Server, ui: Ui
) -> None:
    ui.open(server.url)
    ui.click("New game")
    ui.click("Hollywood")
    for name in ("Ann", "Bob"):
        ui.add_player(name)
    ui.click("Ann deals")
    play_for_money(ui, "EUR €", "0.01", "€0.01 a point: a game won by 100 pays €1.00")
    turn_on(ui, "Third game counts double")
    ui.shot("-form-desktop", DESKTOP)
    ui.resize(PHONE)
    scroll(ui, 3000)  # the stake is at the foot of the form
    ui.shot("-form-phone")
    ui.click_until("Start game", "Ann deals next")
    ui.see(re.compile(r"stake €0\.01 a point · third game counts double$"))
    ui.see("Nothing is owed until a game ends")

    # RULES §10: Ann wins 40, 40; Bob 30; Ann 25 (game 1: Ann 105-30) ...
    ui.quick_hand("Ann", k="2", d="42", defender="Bob")
    ui.quick_hand("Ann", "Gin", d="15", defender="Bob")
    ui.quick_hand("Bob", k="3", d="33", defender="Ann")
    ui.quick_hand("Ann", "Gin", d="0", defender="Bob")
    ui.see("Owed so far: Bob pays Ann €0.75")
    # ... Bob 50, 60 (game 2: Bob 110-65); Ann 80 (game 3: Ann 105-60)
    ui.quick_hand("Bob", "Gin", d="25", defender="Ann")
    ui.quick_hand("Bob", k="5", d="65", defender="Ann")
    ui.see("Owed so far: Bob pays Ann €0.30")
    scroll(ui, -5000)  # the status card, over the sheet
    ui.shot("-owed-phone")
    ui.quick_hand("Ann", "Gin", d="55", defender="Bob")
    ui.see("Ann wins!")
    ui.see("Bob pays Ann €1.20")  # 75 - 45 + 2 x 45 cents
    scroll(ui, -5000)  # the sheet follows the game to its end: the card is at the top
    ui.shot("-over-phone")
    ui.resize(DESKTOP)
    scroll(ui, -5000)
    ui.shot("-over-desktop")
    ui.resize(PHONE)
