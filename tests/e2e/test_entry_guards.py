"""Issue 9 at phone size (390×844): entry that cannot record what did not
happen, and summaries that agree with the game-over sheet."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import expect

from scorekeeper.i18n import Translator
from tests.support.browser import DESKTOP, PHONE, Server, Ui


def test_blank_deadwood_cards_are_not_a_gin(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.click("Enter hand")
    ui.click("Deadwood cards")
    ui.knock("Ann")
    ui.see("tap Ann's deadwood")  # not "Ann went gin": nothing was tapped
    ui.click("Save hand")
    ui.see("tap Ann's deadwood")
    expect(ui.button("Save hand")).to_be_visible()  # refused, still entering
    ui.click("Ann: no deadwood")  # said out loud: Ann has none
    ui.see("tap Bob's deadwood")
    ui.click("Tapping Bob")
    tap(ui, "K♦", "Bob: 1 card, deadwood 10", "Bob: 0 cards, deadwood 0")
    tap(ui, "9♣", "Bob: 2 cards, deadwood 19", "Bob: 1 card, deadwood 10")
    ui.see("Ann went gin (19): Ann +44")
    ui.shot("-entry")
    ui.click("Save hand")
    ui.see("Score: Ann 44 · Bob 0")


def test_a_card_of_the_other_hand_is_not_moved(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.click("Enter hand")
    ui.click("Full hands")
    ui.knock("Ann")
    ui.click("Tapping Ann")
    ann = "Ann: {n} of 10 cards"  # big gin is off: no word of 11
    tap(ui, "8♠", ann.format(n=1), ann.format(n=0))
    ui.click("Tapping Bob")
    tap(ui, "8♠", "8♠ is in Ann's hand", "Bob: 0 of 10 cards")
    ui.see(re.compile(r"^Bob: 0 of 10 cards$"))
    ui.see(re.compile(r"^Ann: 1 of 10 cards$"))
    ui.shot("-refused")


def test_classic_shutout_home_equals_game_over(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann", preset="Classic")
    ui.quick_hand("Ann", k="2", d="52", defender="Bob")  # +50
    ui.quick_hand("Ann", k="1", d="53", defender="Bob")  # +52: 102, game over
    # hand points 102, game bonus 100, line bonus 2 × 25 = 50: 252, doubled
    # for the shutout (Bob won no hand): 504
    ui.see("Ann wins!")
    ui.see("Final scores: Ann 504, Bob 0")
    ui.click("Home")
    ui.see(re.compile(r"Standard · 2 hands · Ann 504 · Bob 0 · Ann won"))


def test_hollywood_home_shows_games_won_and_columns_not_their_sum(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Alexandra", "Bob"], fmt="Hollywood", dealer="Alexandra")
    ui.quick_hand("Alexandra", k="2", d="20", defender="Bob")  # 18 in game 1
    for _ in range(3):  # gin, 98 + 25 = 123: games 1, 2 and 3 in turn
        ui.quick_hand("Bob", "Gin", d="98", defender="Alexandra")
    ui.see("Bob wins!")
    ui.see(re.compile(r"^Games won: Alexandra 0, Bob 3"))
    ui.see("Game 1: Bob wins by 105")  # 123 - 18: the sheet's columns, as home shows them
    ui.see("Game 3: Bob wins by 123")
    ui.click("Home")
    ui.see(
        re.compile(
            r"Hollywood · 4 hands · Games won: Alexandra 0, Bob 3 · "
            r"Alexandra 18 / 0 / 0 · Bob 123 / 123 / 123 · Bob won"
        )
    )
    expect(ui.text(re.compile(r"\b369\b"))).to_have_count(0)  # never the columns' sum


def test_new_game_fields_talk_beside_themselves(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.click("New game")
    expect(ui.text(re.compile("enter a whole number"))).to_have_count(0)  # not before acting
    ui.fill("Target score", "-100")
    ui.click("Loser deals")  # leaves the field: the refusal shows beside it
    ui.see("Target score: enter a whole number, not “-100”")
    ui.add_player("von Neumann", re.compile(r"^Playing: von Neumann$"))  # not "Von Neumann"
    ui.add_player("A" * 41, "that name is too long (41 letters, 40 at most)")
    ui.shot("-new-game")
    ui.click("To 100")
    ui.add_player("Bob", re.compile(r"^Playing: von Neumann, Bob$"))
    ui.click("von Neumann deals")
    ui.click("Start game")
    ui.see("von Neumann deals next")
    ui.quick_hand("von Neumann", k="2", d="20", defender="Bob")
    ui.see("Bob deals next")  # loser deals


def tap(ui: Ui, card: str, shows: str, before: str) -> None:
    """Tap a card until the app counts it: a tap that lands on a tile being
    redrawn (the last tap's redraw in flight, on a busy machine) is lost, and
    is tapped again only while the count still reads as before."""
    # not anchored: Flutter may merge neighbouring texts into one node
    after = ui.page.get_by_text(re.compile(re.escape(shows) + r"(?!\d)")).first
    still = ui.page.get_by_text(re.compile(re.escape(before) + r"(?!\d)")).first
    for _ in range(3):
        ui.click(card)
        try:
            expect(after).to_be_visible(timeout=5000)
            return
        except AssertionError:
            if not still.is_visible():
                break
    expect(after).to_be_visible()


def _hand_entry_shots(ui: Ui, t: Callable[..., str], lang: str) -> None:
    """Deadwood cards with "no deadwood", and full hands with the knocker's best
    layout (RULES §1's example), at phone and desktop size."""
    ui.click(t("Enter hand"))
    ui.click(t("Deadwood cards"))
    ui.knock(
        "Ann",
        t("{name} knocked", name="Ann"),
        t("Tapping {name}", name="Ann"),
    )
    ui.click(t("{name}: no deadwood", name="Ann"))
    ui.click(t("Tapping {name}", name="Ģirts"))
    ui.click("K♦")
    gin = t("{name} went gin ({d})", name="Ann", d=10)
    ui.see(t("{what}: {winner} +{points}", what=gin, winner="Ann", points=35))
    ui.shot(f"-{lang}-deadwood-390", PHONE)
    ui.shot(f"-{lang}-deadwood-1280", DESKTOP)
    ui.resize(PHONE)
    # each tap waits until it took: a tap on a form being redrawn can be lost
    ui.until(lambda: ui.click(t("Full hands")), t("Tap each player's whole hand"))
    ui.until(
        lambda: ui.click(t("Clear all cards")),
        re.compile(re.escape(t("{name}: {n} of 10 cards", name="Ģirts", n=0)) + r"(?!\d)"),
    )
    ui.click(t("Tapping {name}", name="Ann"))
    counted = "{name}: {n} of 10 cards"  # big gin is off: no word of 11
    for i, c in enumerate(["8♣", "9♣", "10♣", "J♣", "7♥", "8♥", "9♥", "10♥", "J♥", "A♠"], 1):
        tap(ui, c, t(counted, name="Ann", n=i), t(counted, name="Ann", n=i - 1))
    # Ann's hand is whole: the grid taps Ģirts's cards now, untold
    for i, c in enumerate(["4♣", "Q♣", "4♦", "10♦", "5♥", "6♥", "Q♥", "4♠", "10♠", "Q♠"], 1):
        tap(ui, c, t(counted, name="Ģirts", n=i), t(counted, name="Ģirts", n=i - 1))
    ui.see(t("{name} keeps unmelded: {cards}", name="Ann", cards="A♠ 7♥"))
    ui.shot(f"-{lang}-full-hands-390", PHONE)
    ui.shot(f"-{lang}-full-hands-1280", DESKTOP)
    ui.resize(PHONE)
    ui.click(t("Cancel"))


def test_hand_entry_screenshots_in_english_and_latvian(server: Server, ui: Ui) -> None:
    en = Translator("en")
    lv = Translator("lv")

    def english(msgid: str, **values: object) -> str:
        return en.gettext(msgid).format(**values)

    def latvian(msgid: str, **values: object) -> str:
        return lv.gettext(msgid).format(**values)

    ui.open(server.url)
    ui.new_game(["Ann", "Ģirts"], dealer="Ann")
    _hand_entry_shots(ui, english, "en")
    # the sheet's back arrow: home (again if the tap was lost to Cancel's redraw)
    ui.click_until(re.compile("^Back"), "Settings")
    ui.click("Settings")
    ui.click("Latviešu")
    ui.see(latvian("Saved."))
    ui.click(re.compile("^" + re.escape(latvian("Back"))))
    ui.click(latvian("Resume {game}", game="Ann pret Ģirts"))
    _hand_entry_shots(ui, latvian, "lv")
    assert not ui.errors
