"""Two (or three) browser contexts on one server: every screen is live, and
no write based on an old sheet can take a hand back that its player never saw."""

from __future__ import annotations

import re
import threading
from typing import Any

from playwright.sync_api import Browser, BrowserContext, WebSocketRoute, expect

from tests.support.browser import TIMEOUT_MS, Server, Ui, tab

#: How soon another session must show a change (the issue's "within one second").
LIVE_MS = 1000


def live(ui: Ui, text: str | re.Pattern[str]) -> None:
    """``text`` shows on ``ui`` within a second, without a reload."""
    expect(ui.page.get_by_text(text).first).to_be_visible(timeout=LIVE_MS)


def test_b_sees_a_save_undo_and_edit_within_a_second(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    a, b, home = (tab(browser, contexts, n) for n in ("live-a", "live-b", "live-home"))
    for u in (a, b, home):
        u.open(server.url)
    a.new_game(["Ann", "Bob"], dealer="Ann")
    live(home, "Resume Ann v Bob")
    live(b, "Resume Ann v Bob")
    b.click("Resume Ann v Bob")
    b.see("Ann deals next")

    a.quick_hand("Bob", k="4", d="30", defender="Ann")
    a.see("Score: Ann 0 · Bob 26")
    live(b, "Score: Ann 0 · Bob 26")
    live(b, "Bob knocked (4 v 30): Bob +26 · dealt by Ann")
    live(b, "Another device saved hand 1.")  # who did what, said on B's sheet
    live(home, re.compile(r"1 hand · Ann 0 · Bob 26"))

    a.click(re.compile(r"^Edit hand 1\b"))
    a.see("Hand 1 · Ann v Bob")
    a.knock("Ann")
    a.see("Ann knocked (4 v 30): Ann +26")
    a.click("Save changes")
    a.see("Score: Ann 26 · Bob 0")
    live(b, "Score: Ann 26 · Bob 0")
    live(b, "Another device changed hand 1.")
    live(home, re.compile(r"1 hand · Ann 26 · Bob 0"))

    watch_for_undo(a)
    a.click("Undo last hand")
    a.see("Hand 1 taken back")  # with Redo offered
    assert a.page.evaluate("window.__undone")  # the race test's watch sees it too
    live(b, "Score: Ann 0 · Bob 0")
    live(b, "Another device took back hand 1.")
    live(home, re.compile(r"0 hands · Ann 0 · Bob 0"))
    expect(b.button(re.compile(r"^Edit hand 1\b"))).to_have_count(0)


def test_an_open_hand_form_stays_open_and_its_preview_follows(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    a, b = tab(browser, contexts, "form-a"), tab(browser, contexts, "form-b")
    a.open(server.url)
    a.new_game(["Ann", "Bob"], dealer="Ann")
    b.open(server.url)
    b.click("Resume Ann v Bob")
    b.click("Enter hand")
    b.click("Knock")
    b.knock("Ann")
    b.type_count("Ann", "2")
    b.type_count("Bob", "12")
    b.see("Totals after: Ann 10 · Bob 0")
    a.quick_hand("Bob", k="4", d="30", defender="Ann")
    # B's form is still open, what B typed is there, the preview counts A's hand
    live(b, "Totals after: Ann 10 · Bob 26")
    expect(b.button(re.compile(r"^Bob's deadwood 12"))).to_be_visible()
    b.click("Save hand")  # over A's hand: B is asked first, and chooses to save it too
    b.see("Hand 1: Bob knocked (4 v 30): Bob +26")
    b.click("Save yours as hand 2")
    expect(b.button("Save yours as hand 2")).to_have_count(0, timeout=TIMEOUT_MS)
    b.see("Score: Ann 10 · Bob 26")
    live(a, "Score: Ann 10 · Bob 26")


class Held:
    """Holds the messages the server sends to one tab (as a slow network would),
    so that tab still shows an old sheet while its session has been told."""

    def __init__(self) -> None:
        self.holding = False
        self.queue: list[Any] = []
        self.lock = threading.Lock()
        self.client: WebSocketRoute | None = None

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self.client = ws

        def from_server(message: Any) -> None:
            with self.lock:
                if self.holding:
                    self.queue.append(message)
                    return
            ws.send(message)

        server.on_message(from_server)

    def release(self) -> None:
        with self.lock:
            self.holding = False
            queued, self.queue = self.queue, []
        assert self.client is not None
        for m in queued:
            self.client.send(m)


def test_a_stale_undo_never_takes_back_a_hand_it_did_not_show(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """The issue's story at its worst timing: A saves hand 1, B saves hand 2, and
    A taps Undo while A's screen still shows only hand 1."""
    a, b = tab(browser, contexts, "stale-a"), tab(browser, contexts, "stale-b")
    held = Held()
    a.page.route_web_socket(re.compile(r".*/ws$"), held.route)
    a.open(server.url)
    a.new_game(["Ann", "Bob"], dealer="Ann")
    b.open(server.url)
    b.click("Resume Ann v Bob")
    a.quick_hand("Bob", k="4", d="30", defender="Ann")  # hand 1, acknowledged to A
    live(b, "Score: Ann 0 · Bob 26")
    held.holding = True  # A's screen stops here: hand 1 only
    b.quick_hand("Ann", "Gin", d="10", defender="Bob")  # hand 2, acknowledged to B
    b.see("Score: Ann 35 · Bob 26")
    a.click("Undo last hand")  # on A's old screen: that button was hand 1's
    held.release()
    # refused (or dropped: the button A tapped is no longer on the server's
    # screen); A now shows both hands
    a.see("Score: Ann 35 · Bob 26")
    expect(a.page.get_by_text(TAKEN_BACK)).to_have_count(0)
    b.page.reload()
    b.open(server.url)
    b.click("Resume Ann v Bob")
    b.see("Score: Ann 35 · Bob 26")
    b.see("Ann went gin (10): Ann +35 · dealt by Bob")


#: What A's screen shows, for 10 s, when its undo was accepted.
TAKEN_BACK = re.compile(r"^Hand \d+ taken back$")


def watch_for_undo(ui: Ui) -> None:
    """Remember in the page which hand an accepted undo is reported to have
    taken back ("Hand 2 taken back": "2"), or "" for none (its snackbar goes
    after 10 s, maybe before the test looks on a slow machine)."""
    ui.page.evaluate(
        """() => {
            window.__undone = "";
            const said = /Hand (\\d+) taken back/;
            const seen = () => {
                const m = said.exec(document.body.textContent);
                if (m) return m[1];
                for (const e of document.querySelectorAll("[aria-label]")) {
                    const n = said.exec(e.getAttribute("aria-label"));
                    if (n) return n[1];
                }
                return "";
            };
            new MutationObserver(() => { window.__undone ||= seen(); }).observe(
                document.body,
                {subtree: true, childList: true, characterData: true, attributes: true});
        }"""
    )


def test_racing_saves_and_undo_lose_no_acknowledged_hand(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """The same story with no waiting between the taps.  Whatever the timing,
    no acknowledged hand is lost but the one A's Undo took back, and that is
    the last hand on A's screen when A tapped (the stale-undo test above holds
    A's screen back to prove it): A's own hand 1, as B's form, opened on an
    empty sheet, records nothing over A's hand without B's choice.  Two
    ways there:

    - B's Save first: A's hand 1 is on the sheet, so B's Save records
      nothing and asks (tests/ui/test_live.py); A's Undo then takes hand 1
      back, the sheet is as B's form was opened over again, and B saves;
    - A's Undo first: B's Save records B's gin at once.

    Either way B's gin is hand 1, dealt by Ann."""
    a, b = tab(browser, contexts, "race-a"), tab(browser, contexts, "race-b")
    a.open(server.url)
    a.new_game(["Ann", "Bob"], dealer="Ann")
    b.open(server.url)
    b.click("Resume Ann v Bob")
    b.click("Enter hand")
    b.click("Gin")
    b.knock("Ann")
    b.type_count("Bob", "10")
    a.quick_hand("Bob", k="4", d="30", defender="Ann")
    b.click("Save hand")  # asks (A's hand came first), or saves after A's Undo
    watch_for_undo(a)
    a.click("Undo last hand")
    # settle: A's Undo has been answered once a tap A made after it is (the
    # server handles one session's events in the order they came)
    a.click(re.compile("^Dark theme"))
    expect(a.button(re.compile("^Light theme"))).to_be_visible(timeout=TIMEOUT_MS)
    assert a.page.evaluate("window.__undone") == "1"
    gin = "Ann went gin (10): Ann +35 · dealt by Ann"
    on_sheet, save = b.page.get_by_text(gin).first, b.button("Save hand")
    # B's form, once A's Undo reached it, asks no more: its Save is back
    expect(on_sheet.or_(save)).to_be_visible(timeout=TIMEOUT_MS)
    if not on_sheet.is_visible():  # B's form kept, as typed: B saves
        expect(b.button(re.compile(r"^Bob's deadwood 10"))).to_be_visible()
        b.click("Save hand")
    for ui in (a, b):
        ui.see("Score: Ann 35 · Bob 0")
        ui.see(gin)
        # (not the sheet's "Bob knocked" button, which enters the next hand)
        expect(ui.page.get_by_text(re.compile(r"^Bob knocked \("))).to_have_count(0)


def test_the_same_hand_on_two_devices_is_saved_once_unless_a_player_chooses(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """A types "Bob knocked 4 v 30" while B saves that same hand: A's open
    form says so at once; A's Save records nothing, shows B's hand beside
    A's and asks; what A typed stays until A drops it."""
    a, b = tab(browser, contexts, "twice-a"), tab(browser, contexts, "twice-b")
    a.open(server.url)
    a.new_game(["Ann", "Bob"], dealer="Ann")
    b.open(server.url)
    b.click("Resume Ann v Bob")
    a.click_until("Enter hand", re.compile(r"^Hand · "))
    a.click("Knock")
    a.knock("Bob")
    a.type_count("Bob", "4")
    a.type_count("Ann", "30")
    a.see("Bob knocked (4 v 30): Bob +26")  # A's preview, not saved
    b.quick_hand("Bob", k="4", d="30", defender="Ann")
    b.see("Score: Ann 0 · Bob 26")
    live(a, "Another device saved hand 1.")  # on A's open form, at once
    a.see("Hand 1: Bob knocked (4 v 30): Bob +26")
    a.click("Save hand")
    a.see("While you typed, the sheet changed:")
    a.see("Yours: Bob knocked (4 v 30): Bob +26")
    expect(a.button("Save yours as hand 2")).to_be_visible()
    expect(a.button(re.compile(r"^Bob's deadwood 4"))).to_be_visible()  # A's entry, kept
    a.shot("-asks")
    a.click("Drop yours")
    for ui in (a, b):  # one hand of 26: a second copy would make Bob 52
        ui.see("Score: Ann 0 · Bob 26")
    assert len(list_hands(server)) == 1
    assert not a.errors and not b.errors


def list_hands(server: Server) -> list[object]:
    """The hands of the one game in the server's data folder, read from the
    store's own files (the server holds its lock: read without it)."""
    from scorekeeper.store import open_store

    with open_store(server.data_dir, read_only=True) as store:
        (game,) = store.list_games()
        return list(store.game(game.id).hands)


def test_a_correction_of_a_hand_another_device_took_back_is_kept_until_chosen(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """A corrects hand 1 (it was Ann who knocked) while B takes hand 1 back:
    A's form says so at once and keeps what A chose; A's Save asks, and A
    saves it as hand 1 again, corrected."""
    a, b = tab(browser, contexts, "edit-a"), tab(browser, contexts, "edit-b")
    a.open(server.url)
    a.new_game(["Ann", "Bob"], dealer="Ann")
    a.quick_hand("Bob", k="4", d="30", defender="Ann")
    b.open(server.url)
    b.click("Resume Ann v Bob")
    b.see("Score: Ann 0 · Bob 26")
    a.click(re.compile(r"^Edit hand 1\b"))
    a.see("Hand 1 · Ann v Bob")
    a.knock("Ann")
    a.see("Ann knocked (4 v 30): Ann +26")
    b.click("Undo last hand")
    b.see("Score: Ann 0 · Bob 0")
    live(a, "Another device took back hand 1.")  # on A's open form, at once
    a.click("Save hand")
    a.see("While you typed, the sheet changed:")
    a.see("Hand 1 was taken back")
    a.click("Save yours as hand 1")
    for ui in (a, b):
        ui.see("Score: Ann 26 · Bob 0")
    assert not a.errors and not b.errors
