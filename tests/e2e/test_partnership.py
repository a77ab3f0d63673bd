"""Partnership gin (RULES §11) in the browser, from the new-game form to the
game's end: four players, partners opposite, each deal entered hand by hand
at the pairing the sheet names, the sides' scores as the rules' example."""

from __future__ import annotations

from tests.support.browser import DESKTOP, Server, Ui


def test_a_partnership_game_from_setup_to_its_end(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.click("New game")
    ui.click("Partnership")
    for name in ("Ann", "Bob", "Cy"):
        ui.add_player(name)
    ui.add_player("Dan", shows="Sides: Ann & Cy v Bob & Dan")  # partners sit opposite
    ui.shot("-form-phone")
    ui.click_until("Start game", "Deal 1: Ann v Bob · Cy v Dan")
    ui.see("Ann & Cy v Bob & Dan")
    ui.see("Partnership gin · to 125 · knock ≤ 10 · gin +25 · undercut +10")  # §11: to 125

    # The rules' worked example: deal 1, Ann knocks 3 v Bob 19; Cy gin v Dan 12
    ui.quick_hand("Ann", k="3", d="19", defender="Bob")
    ui.see("Deal 1: now Cy v Dan")  # the deal's second table
    ui.quick_hand("Cy", "Gin", d="12", defender="Dan")
    ui.see("Deal 2: Ann v Dan · Cy v Bob")  # opponents alternate
    # deal 2: Ann knocks 2 v Dan 9 (+7); Cy knocks 8, Bob has 5: undercut, Bob +13
    ui.quick_hand("Ann", k="2", d="9", defender="Dan")
    ui.quick_hand("Cy", k="8", d="5", defender="Bob")
    # deal 3: a draw, and Cy knocks 4 v Dan 30 (+26)
    ui.quick_hand(None, "Draw")
    ui.quick_hand("Cy", k="4", d="30", defender="Dan")
    ui.see("Score: Ann & Cy 79 · Bob & Dan 6")
    ui.shot("-sheet-phone")
    # Undo takes back the whole deal, Redo puts it back
    ui.click_until("Undo last hand", "Deal 3 taken back")
    ui.see("Score: Ann & Cy 53 · Bob & Dan 6")
    ui.click_until("Redo", "Deal 3 is back")
    ui.see("Score: Ann & Cy 79 · Bob & Dan 6")
    # deal 4 (Ann v Dan, Cy v Bob): Ann gin v Dan 21 (+46), a draw: 125, the end
    ui.quick_hand("Ann", "Gin", d="21", defender="Dan")
    ui.quick_hand(None, "Draw")
    ui.see("Ann & Cy win!")
    ui.see("Ann & Cy win by 119")
    ui.shot("-over-phone")
    ui.shot("-over-desktop", DESKTOP)
