"""Issue 18 §1: the commonest hands in a few taps from the sheet, counted.

From the sheet: "Bob knocks, 4 v 22" in at most 5 taps, a gin in at most 4,
a draw in at most 2, at phone (390×844) and desktop (1280×800) size, with
every key tapped and Save inside the window (no scrolling).  The points are
worked by hand from RULES.md §3 (seed rules: knock limit 10, gin bonus 25).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, ViewportSize, expect

from tests.support.browser import DESKTOP, PHONE, TIMEOUT_MS, Server, Ui


class Taps:
    """The taps a player makes, counted; each waits until the app shows what
    it did.  A tap lost to a redraw in flight (the app still shows what it
    showed before, on a loaded machine) is tapped again but not counted:
    the count is what a player needs, not what the test machine lost."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.count = 0
        self.again = 0

    def tap(self, name: str, shows: Locator, before: Locator | None = None) -> None:
        button = self.ui.button(name)
        in_window(self.ui, button)
        self.count += 1
        for _ in range(3):
            button.click()
            try:
                expect(shows).to_be_visible(timeout=5000)
                return
            except AssertionError:
                if before is None or not before.is_visible():
                    break
                self.again += 1
                print(f"{self.ui.name}: {name!r} tapped again (lost to a redraw)")
        expect(shows).to_be_visible(timeout=TIMEOUT_MS)


def in_window(ui: Ui, control: Locator) -> None:
    """``control`` is inside the window as it is: tapped without scrolling."""
    expect(control).to_be_visible()
    box = control.bounding_box()
    size = ui.page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (box, size)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (box, size)


def count_box(ui: Ui, who: str, value: str) -> Locator:
    """The deadwood box of ``who`` showing ``value`` ("–" while blank)."""
    return ui.page.get_by_role("button", name=f"{who}'s deadwood {value}", exact=True)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_knock_gin_and_draw_in_five_four_and_two_taps(
    server: Server, ui: Ui, size: ViewportSize
) -> None:
    ui.resize(size)
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    tag = f"-{size['width']}"
    ui.shot(f"{tag}-sheet")

    # Bob knocks, 4 v 22: 22 − 4 = 18 to Bob
    knock = Taps(ui)
    knock.tap("Bob knocked", count_box(ui, "Bob", "–"))  # the form, keypad on Bob's count
    ui.shot(f"{tag}-form")
    for key in ["1", "9", "0", "C", "⌫"]:
        in_window(ui, ui.button(key))
    # 4: 40 would be over the knock limit of 10, so the keypad moves on to Ann
    knock.tap("4", count_box(ui, "Bob", "4"), before=count_box(ui, "Bob", "–"))
    knock.tap("2", count_box(ui, "Ann", "2"), before=count_box(ui, "Ann", "–"))
    knock.tap("2", count_box(ui, "Ann", "22"), before=count_box(ui, "Ann", "2"))
    ui.see("Bob knocked (4 v 22): Bob +18")
    ui.shot(f"{tag}-form-typed")
    save = ui.button("Save hand")
    knock.tap("Save hand", ui.text("Score: Ann 0 · Bob 18"), before=save)
    ui.see("Bob knocked (4 v 22): Bob +18 · dealt by Ann")
    assert knock.count == 5

    # Ann goes gin, Bob has 15: 15 + 25 = 40 to Ann
    gin = Taps(ui)
    gin.tap("Ann gin", count_box(ui, "Bob", "–"))  # the keypad on Bob's count: Ann has none
    gin.tap("1", count_box(ui, "Bob", "1"), before=count_box(ui, "Bob", "–"))
    gin.tap("5", count_box(ui, "Bob", "15"), before=count_box(ui, "Bob", "1"))
    ui.see("Ann went gin (15): Ann +40")
    gin.tap("Save hand", ui.text("Score: Ann 40 · Bob 18"), before=ui.button("Save hand"))
    assert gin.count == 4

    # a draw: no score, the same dealer (Ann won the gin: Ann deals)
    draw = Taps(ui)
    draw.tap("Draw", ui.text("Draw: no score, same dealer"))  # the form's preview
    draw.tap(
        "Save hand",
        ui.text("Draw: no score, same dealer · dealt by Ann"),
        before=ui.button("Save hand"),
    )
    ui.see("Score: Ann 40 · Bob 18")
    ui.see("Ann deals next")
    assert draw.count == 2
    ui.shot(f"{tag}-sheet-after")
    print(f"taps from the sheet: knock {knock.count}, gin {gin.count}, draw {draw.count}")
    print(f"taps made again (lost to a redraw): {knock.again + gin.again + draw.again}")


def test_typing_into_a_saved_count_replaces_it(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.quick_hand("Bob", k="4", d="22", defender="Ann")
    ui.see("Score: Ann 0 · Bob 18")
    ui.click(re.compile(r"^Edit hand 1\b"))
    box = count_box(ui, "Ann", "22")
    box.click()
    ui.click("2")
    expect(count_box(ui, "Ann", "2")).to_be_visible()  # 2, not 222
    ui.click("4")
    expect(count_box(ui, "Ann", "24")).to_be_visible()  # 24, not 2224
    ui.see("Bob knocked (4 v 24): Bob +20")
    ui.click("Save changes")
    ui.see("Score: Ann 0 · Bob 20")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_an_oklahoma_ace_chooses_gin_without_a_tap(
    server: Server, ui: Ui, size: ViewportSize
) -> None:
    ui.resize(size)
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Bob", preset="Oklahoma")
    taps = Taps(ui)
    taps.tap("Ann knocked", ui.text("Tap the upcard"))  # Oklahoma asks the upcard first
    # an ace: gin only, and gin it is: the keypad is on Bob's count at once
    taps.tap("A♥", ui.text("Upcard A♥: gin only"), before=ui.text("Tap the upcard"))
    expect(count_box(ui, "Bob", "–")).to_be_visible()
    expect(ui.text("Ann can't knock")).to_have_count(0)
    for key in ["1", "7", "0", "C"]:  # the upcard bar does not push the keypad under Save
        in_window(ui, ui.button(key))
    ui.shot(f"-{size['width']}-form")
    taps.tap("2", count_box(ui, "Bob", "2"), before=count_box(ui, "Bob", "–"))
    taps.tap("0", count_box(ui, "Bob", "20"), before=count_box(ui, "Bob", "2"))
    ui.see("Ann went gin (20): Ann +45")  # 20 + 25, A♥ is no spade: not doubled
    taps.tap("Save hand", ui.text("Score: Ann 45 · Bob 0"), before=ui.button("Save hand"))
    assert taps.count == 5  # the gin's own 4, and the upcard
