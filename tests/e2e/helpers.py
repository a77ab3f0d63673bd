"""Moves the browser tests of tests/e2e share (beside tests/support/browser.py)."""

from __future__ import annotations

import re

from playwright.sync_api import FloatRect, Locator, expect

from scorekeeper.i18n import Translator
from tests.support.browser import PHONE, TIMEOUT_MS, Ui, wait_until


def turn_on(ui: Ui, label: str) -> None:
    """Turn a switch on (one already on is left so).  A tap lost to a redraw
    in flight leaves it off (the switch turns as it is tapped) and is made
    again; one that turned it is not."""
    switch = ui.page.get_by_role("switch", name=label)
    expect(switch).to_be_visible(timeout=TIMEOUT_MS)
    if switch.is_checked():
        return
    for _ in range(3):
        switch.click()
        try:
            expect(switch).to_be_checked(timeout=5000)
            return
        except AssertionError:
            print(f"{ui.name}: {label!r} tapped again (the switch stayed off)")
    expect(switch).to_be_checked()


def play_for_money(ui: Ui, currency: str, stake: str, shows: str) -> None:
    """On the new-game form: "Played for money", the currency and the stake
    per point, until the form says what they mean (``shows``).  Each is
    done again if the app did not take it: the switch's redraw, in flight,
    can put a new, empty stake field in place of the one typed into, and a
    tap made meanwhile can land on whatever the redraw moved under it (a CI
    run found the switch off again, the stake unasked)."""
    tries = 0

    def once() -> None:
        nonlocal tries
        tries += 1
        turn_on(ui, "Played for money")
        ui.click(currency)
        if tries > 1:
            ui.fill("Stake per point", "")
        ui.fill("Stake per point", stake)

    ui.until(once, shows)


def scroll(ui: Ui, dy: int) -> None:
    """Scroll the screen by ``dy`` pixels (a mouse wheel over its middle) and
    wait for a frame painted after it: Flutter moves its list and the
    accessibility tree on its next frame, and a tap aimed by the tree before
    that lands where the button was, on whatever the scroll put there."""
    size = ui.page.viewport_size or PHONE
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    ui.page.mouse.wheel(0, dy)
    ui.painted()


#: Matches any button's name, the empty one too.
ANY_BUTTON = re.compile("")


def see_whole(ui: Ui, locator: Locator) -> None:
    """The control is inside the window, not cut off at its right or bottom edge."""
    expect(locator).to_be_visible(timeout=TIMEOUT_MS)
    boxes: list[FloatRect] = []

    def drawn() -> bool:
        """Not in the middle of a redraw (a resize redraws it more than once:
        the box is read in the same moment it is found drawn)."""
        box = locator.bounding_box() if locator.count() else None
        if box is None or box["height"] <= 0:
            return False
        boxes.append(box)
        return True

    wait_until(drawn)
    box = boxes[-1]
    size = ui.page.viewport_size
    assert size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, box


def visit(ui: Ui, url: str) -> None:
    """Load the app at ``url`` and wait for any button of the screen there."""
    ui.open(url, ready=ANY_BUTTON)


def open_in_latvian(ui: Ui, url: str) -> None:
    """``ui.open`` for an app that already speaks Latvian (it waits for the
    English "New game")."""
    ui.open(url, ready=lv("New game"))
    # the page before lost its server (a restart): its errors end with it
    ui.errors.clear()


LV = Translator("lv")


def lv(msgid: str, **values: object) -> str:
    """A message as the Latvian catalog words it."""
    return LV.gettext(msgid).format(**values)
