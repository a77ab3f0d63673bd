"""Every screen has an address in the browser (issue #17): Back goes to the
previous screen and never leaves the app from inside it, a reload comes back
to the same screen with the same content, a link to a game opens it, and a
link to a game that is gone lands on Home with a notice.

Points from RULES.md §3 (seed rules): Bob knocks 4 v 22, 22 − 4 = 18."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, expect

from tests.support.browser import TIMEOUT_MS, Server, Ui, tab

HOME = "New game"
SCORE = "Score: Ann 0 · Bob 18"
GAME = re.compile(r"/game/[0-9a-f]+$")


def load(u: Ui, url: str) -> None:
    """Open ``url`` in ``u``'s tab (typed, a link, or a reload) and wait for
    the app to start."""
    u.open(url, ready="")


def reload(u: Ui) -> None:
    """Reload the page at the address bar's address (wait for the screen's
    address first: the browser shows it a moment after the screen)."""
    load(u, u.page.url)


def address(u: Ui, server: Server) -> str:
    """The page's address inside the app (Back never left it)."""
    url = u.page.url
    assert url.startswith(server.url.rstrip("/")), url
    return url[len(server.url.rstrip("/")) :] or "/"


def at(u: Ui, server: Server, path: str | re.Pattern[str], shows: str) -> None:
    """The browser shows ``path`` and the app the screen with ``shows``."""
    expect(u.page.get_by_text(shows).or_(u.page.get_by_label(shows)).first).to_be_visible(
        timeout=TIMEOUT_MS
    )
    tail = path.pattern if isinstance(path, re.Pattern) else re.escape(path) + "$"
    expect(u.page).to_have_url(re.compile(re.escape(server.url.rstrip("/")) + tail))
    address(u, server)


def back(u: Ui) -> None:
    u.page.go_back()


def a_game(ui: Ui, server: Server) -> str:
    """Ann v Bob with one hand (Bob knocked 4 v 22); the sheet's address."""
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    expect(ui.page).to_have_url(GAME)
    sheet = ui.page.url
    ui.quick_hand("Bob", k="4", d="22", defender="Ann")
    ui.see(SCORE)
    # the form closed on its sheet: its address stays (see the next test)
    expect(ui.page).to_have_url(sheet + "/hand")
    return sheet


def test_back_goes_to_the_previous_screen(server: Server, ui: Ui) -> None:
    game = a_game(ui, server)
    path = game[len(server.url.rstrip("/")) :]
    # the new hand's form: Back closes it, nothing saved
    ui.click_until("Enter hand", re.compile(r"^Hand · "))
    at(ui, server, f"{path}/hand", "Save hand")
    back(ui)
    at(ui, server, path, SCORE)
    expect(ui.button("Save hand")).to_have_count(0)
    # the table view, and Back to the sheet
    ui.click("Table view")
    at(ui, server, f"{path}/table", "Sheet")
    back(ui)
    at(ui, server, path, SCORE)
    # home, then each review screen and Back home again
    ui.click(re.compile("^Back"))  # the app's own Back: home
    at(ui, server, "/", HOME)
    for name, route, shows in (
        ("History", "/review/history", "1 game"),
        ("Statistics", "/review/stats", "Statistics"),
        ("Settings", "/review/settings", "Big gin"),
    ):
        ui.click(name)
        at(ui, server, route, shows)
        back(ui)
        at(ui, server, "/", HOME)
    # a past game from the history, Back to the history, Back home
    ui.click("History")
    ui.click("Open Ann v Bob")
    at(ui, server, re.compile(r"/review/game/[0-9a-f]+$"), "Standard: Ann v Bob")
    back(ui)
    at(ui, server, "/review/history", "1 game")
    back(ui)
    at(ui, server, "/", HOME)
    # Forward too: the history again
    ui.page.go_forward()
    at(ui, server, "/review/history", "1 game")
    assert not ui.errors


def test_back_from_a_sheet_after_saves_skips_the_closed_forms(server: Server, ui: Ui) -> None:
    """Saving closes the form without a new entry in the browser's history:
    after three hands, Back reaches the screen before the sheet in two
    presses, never through a hand form (an entry per form would take seven)."""
    game = a_game(ui, server)
    path = game[len(server.url.rstrip("/")) :]
    for k in ("3", "5"):
        ui.quick_hand("Bob", k=k, d="20", defender="Ann")
    ui.see("Score: Ann 0 · Bob 50")  # 18 + 17 + 15
    for _ in range(2):
        back(ui)
        expect(ui.button("Save hand")).to_have_count(0)
        address(ui, server)
    at(ui, server, "/new", "Start game")  # the screen before the sheet
    back(ui)
    at(ui, server, "/", HOME)
    for _ in range(3):
        ui.page.go_forward()
    # Forward to the sheet's last entry: the sheet as it was shown, no form
    at(ui, server, f"{path}/hand", "Score: Ann 0 · Bob 50")
    expect(ui.button("Save hand")).to_have_count(0)
    assert not ui.errors


def test_a_reload_comes_back_to_the_same_screen(server: Server, ui: Ui) -> None:
    game = a_game(ui, server)
    path = game[len(server.url.rstrip("/")) :]
    reload(ui)
    at(ui, server, f"{path}/hand", SCORE)  # the closed form's address, the sheet
    expect(ui.button("Save hand")).to_have_count(0)
    # a hand form half filled: Ann knocked, her 3 typed, Bob's count not yet
    ui.click_until("Enter hand", re.compile(r"^Hand · "))
    ui.knock("Ann")
    ui.type_count("Ann", "3")
    at(ui, server, f"{path}/hand", "Save hand")
    reload(ui)
    at(ui, server, f"{path}/hand", "Save hand")
    expect(ui.button(re.compile(r"^Ann's deadwood 3"))).to_be_visible()
    expect(ui.button(re.compile(r"^Bob's deadwood –"))).to_be_visible()
    ui.type_count("Bob", "13")
    ui.see("Ann knocked (3 v 13): Ann +10")
    ui.save_hand()
    ui.see("Score: Ann 10 · Bob 18")
    # statistics, and a past game
    ui.click(re.compile("^Back"))
    ui.click("Statistics")
    at(ui, server, "/review/stats", "finished · 2 hands")  # the address first: a reload
    reload(ui)  # reads it from the address bar
    at(ui, server, "/review/stats", "finished · 2 hands")
    # a player's details have an address of their own
    ui.click(re.compile("^Show Ann: "))
    player = re.compile(r"/review/stats/player/[0-9a-f]+$")
    at(ui, server, player, "Hands won")
    reload(ui)
    at(ui, server, player, "Hands won")
    expect(ui.button(re.compile("^Hide Ann: "))).to_be_visible()
    back(ui)  # closes nothing it should not: the statistics again
    at(ui, server, "/review/stats", "finished · 2 hands")
    back(ui)
    at(ui, server, "/", HOME)
    ui.click("History")
    ui.click("Open Ann v Bob")
    past = re.compile(r"/review/game/[0-9a-f]+$")
    at(ui, server, past, "Ann knocked (3 v 13): Ann +10")
    reload(ui)
    at(ui, server, past, "Ann knocked (3 v 13): Ann +10")
    ui.see("Bob knocked (4 v 22): Bob +18")
    assert not ui.errors


def test_a_link_to_a_game_opens_it_and_a_stale_or_unknown_one_lands_home(
    server: Server, ui: Ui, browser: Browser, contexts: list[BrowserContext]
) -> None:
    game = a_game(ui, server)
    other = tab(browser, contexts, "link")
    load(other, game)  # another device, the link typed or shared
    at(other, server, game[len(server.url.rstrip("/")) :], SCORE)
    load(other, game + "/hand")  # a new hand's address, on a device that kept nothing
    at(other, server, game[len(server.url.rstrip("/")) :] + "/hand", "Save hand")
    load(other, server.url.rstrip("/") + "/game/0123456789abcdef")  # no such game
    at(other, server, "/", HOME)
    other.see("That game is not on this device.")
    # the game deleted: its link lands home too, with the notice
    ui.click(re.compile("^Back"))
    ui.click("History")
    ui.click("Delete")
    ui.click("Yes, delete it")
    ui.see("0 games")
    load(other, game)
    at(other, server, "/", HOME)
    other.see("That game is not on this device.")
    # an address of no screen (mistyped, from a later version): home, saying so
    load(other, server.url.rstrip("/") + "/games/list")
    at(other, server, "/", HOME)
    other.see("There is no such page.")
    assert not ui.errors and not other.errors
