"""The sheet and the hand form over it (ui/layers.py): the sheet stays built
under the form, but unseen in every way a player (or a screen reader) could
meet it, and keeps its place; after a save it follows the game."""

from __future__ import annotations

import contextlib
import re
import time
from functools import partial
from pathlib import Path

import msgpack
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    FloatRect,
    Locator,
    WebSocketRoute,
    expect,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper.engine import Hand, Rules
from scorekeeper.store import open_store
from tests.support.browser import DESKTOP, PHONE, Server, Ui, tab, wait_until

# how the sheet scrolls and follows saves: as it moves by default
pytestmark = pytest.mark.motion

HANDS = 12


def a_game(data_dir: Path, hands: int = HANDS) -> None:
    """Ann v Bob with ``hands`` hands, each Ann knocking 5 against 9 (+4)."""
    with open_store(data_dir, durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        gid = store.create_game("standard", [ann, bob], Rules(target=500), first_dealer=ann)
        for _ in range(hands):
            store.record_hand(gid, Hand.knock(ann, 5, 9))


def box_now(control: Locator) -> FloatRect | None:
    """Where the control is drawn, or None (not in the accessibility tree)."""
    return control.bounding_box() if control.count() else None


def between_the_bars(ui: Ui) -> tuple[float, float] | None:
    """What the window shows of the sheet, from its top to its bottom: under
    the top bar (its Back), above the bar of one-tap results."""
    bar = box_now(ui.button("Ann knocked"))
    back = box_now(ui.button(re.compile("^Back")))  # its label, then its tooltip
    if bar is None or back is None:
        return None
    return back["y"] + back["height"], bar["y"]


#: The accessibility nodes (Flutter's flt-semantics elements) at a point.
NODES_AT = """([x, y]) => document.elementsFromPoint(x, y)
    .filter(e => e.tagName.toLowerCase() === 'flt-semantics' && e.getAttribute('role'))
    .map(e => e.getAttribute('role') + ':' + (e.getAttribute('aria-label') || e.textContent))"""


#: Tab presses: more than the hand form has controls to focus (some 25)
TABS = 40

#: The label of the accessibility node that has the keyboard's focus ('' if none).
FOCUSED = """() => {
  const e = document.activeElement;
  const node = e && e.closest('flt-semantics');
  return node ? (node.getAttribute('aria-label') || node.textContent || '').trim() : '';
}"""


def tab_to_next(ui: Ui) -> str:
    """Press Tab; the label of what has the focus once it has moved."""
    before = ui.page.evaluate(FOCUSED)
    ui.page.keyboard.press("Tab")
    with contextlib.suppress(PlaywrightTimeoutError):  # the focus stayed: as it is
        ui.page.wait_for_function(
            f"(b) => ({FOCUSED})() !== b", arg=before, polling="raf", timeout=2000
        )
    return str(ui.page.evaluate(FOCUSED))


def test_the_sheet_under_the_form_is_not_seen_tapped_or_read_and_keeps_its_place(
    tmp_path: Path, ui: Ui
) -> None:
    a_game(tmp_path / "data")
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        ui.open(srv.url)
        ui.click("Resume Ann v Bob")
        ui.see(f"Score: Ann {4 * HANDS} · Bob 0")
        line = ui.button(re.compile(r"^Edit hand 3\b"))
        line.first.scroll_into_view_if_needed()
        box = line.first.bounding_box()
        assert box is not None
        # where each line in the window is: one of them will lie under a bare
        # part of the form
        lines = {n: box_now(ui.button(re.compile(rf"^Edit hand {n}\b"))) for n in range(1, 13)}
        height = PHONE["height"]

        ui.click("Enter hand")
        ui.see("Hand · Ann v Bob")
        # not in the accessibility tree while the form covers it
        expect(ui.button(re.compile(r"^Edit hand \d+\b"))).to_have_count(0)
        expect(ui.button("Undo last hand")).to_have_count(0)
        # a tap on the form where a line is underneath, off the form's own
        # controls, reaches nothing of the sheet
        spots = [
            (n, (b["x"] + b["width"] * i / 10, b["y"] + b["height"] / 2))
            for n, b in lines.items()
            if b is not None and b["y"] > 60 and b["y"] + b["height"] < height
            for i in range(1, 10)
        ]
        bare = [(n, p) for n, p in spots if not ui.page.evaluate(NODES_AT, list(p))]
        assert bare, "every spot over the sheet's lines is one of the form's controls"
        under, spot = bare[0]
        ui.page.mouse.click(*spot)
        # a session's taps are answered in order: once the theme has changed,
        # a tap that reached the line would have opened its hand
        ui.click(re.compile("^Dark theme"))
        expect(ui.button(re.compile("^Light theme"))).to_be_visible()
        ui.see("Hand · Ann v Bob")
        expect(ui.text(re.compile(rf"^Hand {under} · "))).to_have_count(0)

        # nor can the keyboard reach it: Tab goes round the form's controls,
        # never to the sheet's (Enter would then press one unseen).  A line
        # that took the focus would also be scrolled into view: the sheet
        # would not be back where it was below (112 px off, the list left
        # in reach)
        focused = [tab_to_next(ui) for _ in range(TABS)]
        assert "Save hand" in focused and "Cancel" in focused, focused
        sheet = re.compile(r"^(Edit hand \d+|Undo last hand|Enter hand|Table view)\b")
        assert not [f for f in focused if sheet.match(f)], focused
        ui.see("Hand · Ann v Bob")

        # cancelled: the sheet is back where it was, hand 3 in the same place
        ui.click("Cancel")
        ui.see(f"Score: Ann {4 * HANDS} · Bob 0")
        expect(line.first).to_be_visible()
        again = line.first.bounding_box()
        assert again is not None and abs(again["y"] - box["y"]) < 1

        # and a save draws the new line on it
        ui.quick_hand("Ann", k="5", d="9", defender="Bob")
        ui.see(f"Score: Ann {4 * (HANDS + 1)} · Bob 0")
        expect(ui.button(re.compile(rf"^Edit hand {HANDS + 1}\b")).first).to_be_attached()
    finally:
        srv.stop_checked()


class FloorServer(Server):
    """The minimal Flet app of the save benchmark (benchmarks/floor_sheet.py):
    a list of 30 lines, "Enter hand" showing a form over it in the page's
    overlay, the list built as its lines come into view as the sheet is."""

    command = (str(Path(__file__).parents[2] / "benchmarks" / "floor_sheet.py"),)

    def __init__(self, data_dir: Path, guard: bool) -> None:
        super().__init__(data_dir)
        self.env = {"FLET_FORCE_WEB_SERVER": "1", "FLOOR_HANDS": "30", "FLOOR_LIST": "1"}
        if guard:
            self.env["FLOOR_GUARD"] = "1"


@pytest.mark.parametrize("guard", [False, True], ids=["plain", "disabled"])
def test_in_flet_only_disabling_a_covered_list_keeps_tab_off_it(
    tmp_path: Path, ui: Ui, guard: bool
) -> None:
    """Why layers.py disables the sheet under the form, reproduced in a
    minimal app: Flet 1.0.5 has no control that keeps the keyboard's focus
    off what another control covers (Flutter's ``ExcludeFocus``, a focus
    scope): Tab from the form's Save goes on to the lines unseen under it,
    where Enter would press one.  ``disabled`` on the list is the one way
    Flet gives (bench_app's FLOOR_GUARD floor measures what it costs).  If
    this plain case ever stops reaching the lines, Flet has grown a way."""
    srv = FloorServer(tmp_path / "floor", guard)
    srv.start()
    try:
        ui.open(srv.url, ready="Enter hand")
        ui.click("Enter hand")
        ui.button("Save hand").wait_for()
        # round the page's controls: its two buttons, the form's Save and,
        # unless disabled, the lines under the form
        focused = [tab_to_next(ui) for _ in range(10)]
        under = [f for f in focused if re.match(r"Edit hand \d+", f)]
        if guard:
            assert "Save hand" in focused and not under, focused
        else:
            assert under, focused
        expect(ui.button("Save hand")).to_be_visible()  # the form still over the list
    finally:
        srv.stop()


def test_after_a_save_at_hand_25_on_a_phone_the_newest_line_and_the_totals_are_in_view(
    tmp_path: Path, ui: Ui
) -> None:
    a_game(tmp_path / "data", 24)
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        ui.open(srv.url)
        ui.click("Resume Ann v Bob")
        ui.see("Score: Ann 96 · Bob 0")
        ui.quick_hand("Ann", k="5", d="9", defender="Bob")
        ui.see("Score: Ann 100 · Bob 0")
        window = between_the_bars(ui)
        assert window is not None
        top, height = window[0], min(PHONE["height"], window[1])

        newest = ui.button(re.compile(r"^Edit hand 25\b")).first
        expect(newest).to_be_attached()
        # the scroll comes after the line is drawn
        ui.page.wait_for_function(IN_WINDOW, arg=[newest.element_handle(), height])
        whole = newest.bounding_box()
        assert whole is not None

        def in_view(box: FloatRect | None) -> bool:
            return box is not None and box["y"] >= top and box["y"] + box["height"] <= height

        def whole_line(box: FloatRect | None) -> bool:
            """A line wholly in view (one cut by an edge has a smaller box)."""
            return in_view(box) and box is not None and box["height"] >= whole["height"] - 1

        assert in_view(whole)
        assert in_view(ui.text(re.compile("^Σ$")).first.bounding_box())  # the totals
        lines = ui.page.get_by_role("button", name=re.compile(r"^Edit hand \d+\b"))
        seen = [i for i in range(lines.count()) if whole_line(lines.nth(i).bounding_box())]
        assert len(seen) >= 10, f"{len(seen)} hands in view"
        ui.shot("-hand-25")
    finally:
        srv.stop_checked()


#: Whether an element is wholly inside the window.
IN_WINDOW = """([e, height]) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= height;
}"""


def both_in_view(ui: Ui, one: Locator, other: Locator) -> bool:
    return wholly_in_view(ui, one) and wholly_in_view(ui, other)


def wholly_in_view(ui: Ui, control: Locator) -> bool:
    """Whether ``control`` is drawn wholly between the bars: not cut, not
    under either bar."""
    box, window = box_now(control), between_the_bars(ui)
    if box is None or window is None:
        return False
    return box["y"] >= window[0] - 1 and box["y"] + box["height"] <= window[1] + 1


def test_a_sheet_scrolled_to_its_end_follows_a_save_on_either_device(
    tmp_path: Path, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """Both devices at the end of a long sheet; one saves a hand; on both the
    new line and the sheet's end under it are in view.  Before, the first
    change after opening a sheet put the list back at its top (or at hand 126
    of 200) on some runs: turning its auto_scroll on rebuilt it at offset 0
    (app.py's _to_end).  Each round opens the sheet again on both devices."""
    hands = 60
    a_game(tmp_path / "data", hands)
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        a, b = tab(browser, contexts, "end-a"), tab(browser, contexts, "end-b")
        for n in range(hands + 1, hands + 4):
            for ui in (a, b):
                if n == hands + 1:
                    ui.open(srv.url)
                else:
                    ui.click(re.compile("^Back"))
                ui.click("Resume Ann v Bob")
                ui.see(f"Score: Ann {4 * (n - 1)} · Bob 0")
                last = ui.button(re.compile(rf"^Edit hand {n - 1}\b")).first
                totals = ui.text(re.compile("^Σ$")).first
                ui.page.mouse.move(195, 400)

                def at_the_end(ui: Ui = ui, last: Locator = last, totals: Locator = totals) -> bool:
                    if wholly_in_view(ui, last) and wholly_in_view(ui, totals):
                        return True
                    ui.page.mouse.wheel(0, 2000)
                    return False

                wait_until(at_the_end)
            a.click("Ann knocked")
            a.type_count("Ann", "5")
            a.type_count("Bob", "9")
            a.see("Ann knocked (5 v 9): Ann +4")
            a.click("Save hand")
            for ui in (a, b):
                ui.see(f"Score: Ann {4 * n} · Bob 0")
                newest = ui.button(re.compile(rf"^Edit hand {n}\b")).first
                # the sheet's very end, under the totals: a jump made before
                # the new line was laid out left it a line short
                end = ui.text("Tap a hand to open, correct or revert it.").first
                wait_until(partial(both_in_view, ui, newest, end))
    finally:
        srv.stop_checked()


def test_a_window_resized_while_a_hand_is_entered_still_follows_the_save(
    tmp_path: Path, ui: Ui
) -> None:
    """A phone turned (or a desktop window widened) while the form is open
    gives the sheet under it a new list for its new margins
    (sheet_view.SheetFrame); the save still shows the new line and the
    sheet's end.  Before, that list opened at its top, hand 1."""
    a_game(tmp_path / "data", 30)
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        ui.open(srv.url)
        ui.click("Resume Ann v Bob")
        ui.see("Score: Ann 120 · Bob 0")
        ui.click("Ann knocked")
        ui.type_count("Ann", "5")
        ui.resize(DESKTOP)
        ui.type_count("Bob", "9")
        ui.see("Ann knocked (5 v 9): Ann +4")
        ui.click("Save hand")
        ui.see("Score: Ann 124 · Bob 0")
        newest = ui.button(re.compile(r"^Edit hand 31\b")).first
        end = ui.text("Tap a hand to open, correct or revert it.").first

        def followed() -> bool:
            return wholly_in_view(ui, newest) and wholly_in_view(ui, end)

        wait_until(followed)
        assert box_now(ui.button(re.compile(r"^Edit hand 1\b")).first) is None  # not at its top
    finally:
        srv.stop_checked()


def test_a_sheet_scrolled_to_its_end_is_still_there_after_a_cancelled_form(
    tmp_path: Path, ui: Ui
) -> None:
    """A player at the end of a 40-hand sheet opens the hand form and cancels
    it: the sheet is where it was, its last line in view.  Before, the first
    form put an opacity widget round the sheet (opacity 1, Flet's default,
    had drawn none), which built the whole sheet anew, at hand 1; the first
    save then laid out every line to reach the end (layers.py)."""
    hands = 40
    a_game(tmp_path / "data", hands)
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        ui.open(srv.url)
        ui.click("Resume Ann v Bob")
        ui.see(f"Score: Ann {4 * hands} · Bob 0")
        last = ui.button(re.compile(rf"^Edit hand {hands}\b")).first
        first = ui.button(re.compile(r"^Edit hand 1\b")).first
        ui.page.mouse.move(195, 400)

        def at_the_end() -> bool:
            if wholly_in_view(ui, last):
                return True
            ui.page.mouse.wheel(0, 2000)
            return False

        wait_until(at_the_end)
        expect(first).to_have_count(0)  # the list holds only what is near its window
        ui.click("Ann knocked")
        ui.see("Hand · Ann v Bob")
        ui.click("Cancel")
        ui.see(f"Score: Ann {4 * hands} · Bob 0")
        wait_until(lambda: wholly_in_view(ui, last))
        expect(first).to_have_count(0)
    finally:
        srv.stop_checked()


class HeldAnswers:
    """Between a page and the server, the page's answers to the server's
    calls (scroll a list, focus a button) held back while :attr:`holding`,
    as a slow phone would be late with them; everything else goes through."""

    def __init__(self) -> None:
        self.holding = False
        self.held: list[bytes] = []
        self.from_server = 0
        self._to_server: WebSocketRoute | None = None

    def route(self, page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()
        self._to_server = server_side

        def up(message: str | bytes) -> None:
            if self.holding and isinstance(message, bytes) and is_answer(message):
                self.held.append(message)
            else:
                server_side.send(message)

        def down(message: str | bytes) -> None:
            self.from_server += 1
            page_side.send(message)

        page_side.on_message(up)
        server_side.on_message(down)

    def release(self) -> None:
        self.holding = False
        assert self._to_server is not None
        for message in self.held:
            self._to_server.send(message)
        self.held.clear()


def is_answer(message: bytes) -> bool:
    """A page's answer to a call of the server's (Flet's INVOKE_METHOD, 5:
    a frame is 0x00 and ``[action, body]`` in MessagePack)."""
    if not message or message[0] != 0:
        return False
    with contextlib.suppress(
        ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError
    ):
        frame = msgpack.unpackb(message[1:], strict_map_key=False)
        return isinstance(frame, list) and bool(frame) and frame[0] == 5
    return False


def test_a_screen_changed_before_the_browser_answers_a_scroll_keeps_the_session(
    tmp_path: Path, ui: Ui
) -> None:
    """After a save the sheet is scrolled to its end: the server asks the
    browser, which answers once it has.  A player who leaves the sheet
    before that answer reaches the server (a slow phone, a busy host) still
    gets the screen asked for, on the same session.  Before, the new screen
    took the list off the page at once, and its late answer was an error
    that ended the connection (Flet's "Control with ID ... is not
    registered"); the page reconnected.  The answers are held back here
    until the server has had the tap (app.py's _asking)."""
    a_game(tmp_path / "data")
    srv = Server(tmp_path / "data")
    srv.start()
    answers = HeldAnswers()
    try:
        ui.page.route_web_socket(re.compile(r"/ws$"), answers.route)
        ui.open(srv.url)
        ui.click("Resume Ann v Bob")
        ui.see(f"Score: Ann {4 * HANDS} · Bob 0")
        ui.click("Ann knocked")
        ui.type_count("Ann", "5")
        ui.type_count("Bob", "9")
        ui.see("Ann knocked (5 v 9): Ann +4")
        answers.holding = True
        ui.click("Save hand")
        ui.see(f"Score: Ann {4 * (HANDS + 1)} · Bob 0")

        def asked() -> bool:
            ui.page.evaluate("0")  # the page's messages are handled while it is waited on
            return bool(answers.held)

        wait_until(asked)  # the sheet's scroll to its end, unanswered
        before = answers.from_server
        ui.click(re.compile("^Back"))
        # the server has had the tap: it sends the new screen (or, waiting
        # for the answer, sends nothing; then the answer goes after a while)
        deadline = time.monotonic() + 3
        while answers.from_server == before and time.monotonic() < deadline:
            ui.page.evaluate("0")
        answers.release()
        ui.see("Resume Ann v Bob")
        ui.click("Resume Ann v Bob")
        ui.see(f"Score: Ann {4 * (HANDS + 1)} · Bob 0")
    finally:
        srv.stop_checked()
