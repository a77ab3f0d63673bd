"""The score sheet for the table, in a real browser at phone size: each hand's
points over the running totals, the table view, undo then redo; and
screenshots of the sheet, the table view and hand entry at 390×844 and
1280×800, in English and Latvian (``test-output/e2e/``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, ViewportSize, expect

from scorekeeper.engine import Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.settings import Settings, save_settings
from scorekeeper.store import open_store
from scorekeeper.ui.state.sheet_labels import hand_roles, won_text
from tests.support.browser import DESKTOP, PHONE, TIMEOUT_MS, Server, Ui, wait_until

from .helpers import open_in_latvian, see_whole, visit

LANDSCAPE_PHONE: ViewportSize = {"width": 844, "height": 390}


def line(ui: Ui, number: int) -> Locator:
    """Hand ``number``'s line on the sheet (a button: tap it to correct the hand)."""
    return ui.page.get_by_role("button", name=re.compile(rf"^{number}\b|Edit hand {number}\b"))


def height_of(locator: Locator) -> float:
    """The control's height on the page (0 while it is being redrawn)."""
    box = locator.bounding_box() if locator.count() else None
    return 0.0 if box is None else float(box["height"])


def test_points_totals_table_view_undo_and_redo(server: Server, ui: Ui) -> None:
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.quick_hand("Bob", "Knock", k="4", d="30", defender="Ann")
    ui.quick_hand(None, "Draw")
    ui.quick_hand("Ann", "Gin", d="12", defender="Bob")

    # each hand's points as the main figure, the running totals under them
    # (read cell by cell: Ann's points (none) and total, then Bob's)
    expect(line(ui, 1)).to_have_accessible_name(re.compile(r"^Edit hand 1 1 0 26 26 Bob knocked"))
    expect(line(ui, 2)).to_have_accessible_name(re.compile(r"^Edit hand 2 2 – 0 – 26 Draw"))
    expect(line(ui, 3)).to_have_accessible_name(re.compile(r"^Edit hand 3 3 37 37 26 Ann went"))
    ui.see("Score: Ann 37 · Bob 26")
    ui.shot("-sheet-en-phone")
    ui.shot("-sheet-en-desktop", DESKTOP)

    ui.resize(PHONE)
    ui.click("Enter hand")
    ui.knock("Ann")
    ui.shot("-hand-en-phone-knocker")
    ui.type_count("Ann", "3")
    ui.shot("-hand-en-desktop", DESKTOP)
    ui.shot("-hand-en-phone", PHONE)
    for _ in range(3):  # a tap lost to a redraw in flight is tapped again
        if ui.button("Cancel").count():
            ui.click("Cancel")
        try:
            expect(ui.button("Save hand")).to_have_count(0, timeout=5000)
            break
        except AssertionError:
            print(f"{ui.name}: 'Cancel' tapped again (the form stayed open)")
    expect(ui.button("Save hand")).to_have_count(0, timeout=TIMEOUT_MS)

    # the table view: one tap away, the totals big enough to read across the table
    ui.click("Table view")
    expect(ui.button("Sheet")).to_be_visible()
    big = ui.page.get_by_text(re.compile("^37$")).first
    assert height_of(big) >= 80
    see_whole(ui, big)
    ui.see("Ann deals next")
    ui.shot("-table-en-phone")
    phone_height = height_of(big)
    ui.resize(LANDSCAPE_PHONE)
    wait_until(lambda: height_of(big) not in (0.0, phone_height))  # redrawn for the new size
    see_whole(ui, big)
    ui.shot("-table-en-landscape")
    ui.resize(DESKTOP)
    wait_until(lambda: height_of(big) >= 150)  # a desktop's numbers fill it
    see_whole(ui, big)
    ui.shot("-table-en-desktop")
    ui.resize(PHONE)
    ui.to_sheet()

    # undo, then redo: the same hand back
    ui.click("Undo last hand")
    ui.see("Hand 3 taken back")
    expect(line(ui, 3)).to_have_count(0)
    ui.see("Score: Ann 0 · Bob 26")
    ui.shot("-undo-snackbar")
    ui.click("Redo")
    ui.see("Hand 3 is back")
    ui.see("Score: Ann 37 · Bob 26")
    expect(line(ui, 3)).to_have_accessible_name(re.compile(r"Ann went gin \(12\): Ann \+37"))


def seed(data_dir: Path, language: str) -> dict[str, str]:
    """Three games to look at (classic with the line bonus, Hollywood and
    three-hand) and what their screens must show."""
    if language != "en":
        save_settings(data_dir, Settings(language=language))
    games: dict[str, str] = {}
    t = Translator(language)
    with open_store(data_dir, durable=False) as s:
        ann, girts, cy = (s.add_player(n).id for n in ("Ann", "Ģirts", "Cy"))
        g = s.create_game("standard", [ann, girts], "classic", first_dealer=ann)
        hands = [
            Hand.knock(girts, 4, 30),
            Hand.gin(ann, 12),
            Hand.draw(),
            Hand.knock(ann, 2, 21),
            Hand.undercut(girts, 8, 6),
            Hand.knock(girts, 1, 33),
        ]
        for hand in hands:
            s.record_hand(g, hand)
        won = s.game(g).standings.columns[0].hands_won
        games["classic-total"] = str(s.game(g).standings.totals[girts])
        games["classic-won"] = won_text(t, won[girts])
        h = s.create_game("hollywood", [ann, girts], Rules(), first_dealer=ann)
        for one in (Hand.knock(girts, 5, 15), Hand.knock(ann, 2, 20), Hand.knock(girts, 1, 31)):
            s.record_hand(h, one)
        three = s.create_game("three-hand", [ann, girts, cy], Rules(), draw=["KS", "2H", "9D"])
        s.record_hand(three, Hand.knock(cy, 3, 19))
        games["three-roles"] = hand_roles(s.game(three), None, t)
    return games


@pytest.fixture(params=["en", "lv"])
def seeded(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Server, str, dict[str, str]]]:
    srv = Server(tmp_path / "data")
    expected = seed(srv.data_dir, request.param)
    srv.start()
    yield srv, request.param, expected
    srv.stop_checked()


def test_screenshots_of_sheet_table_view_and_hand_entry(
    seeded: tuple[Server, str, dict[str, str]], ui: Ui
) -> None:
    server, lang, expected = seeded
    t = Translator(lang)

    def say(msgid: str, **values: object) -> str:
        return t.gettext(msgid).format(**values)

    if lang == "en":
        ui.open(server.url)
    else:
        open_in_latvian(ui, server.url)
    vs = t.gettext("{first} v {second}")

    def resume(index: int, *names: str) -> None:
        """Resume a game on the home screen (newest first)."""
        title = names[0]
        for name in names[1:]:
            title = vs.format(first=title, second=name)
        button = ui.page.get_by_role("button", name=say("Resume {game}", game=title), exact=True)
        button.nth(index).click()
        expect(ui.button(say("Enter hand"))).to_be_visible()

    def to_sheet() -> None:
        """Back from the table view, just after a resize (both() ends on one)."""
        ui.to_sheet(
            say("Sheet"), say("Tap a hand to open, correct or revert it."), say("Table view")
        )

    def to_sheet_then_home() -> None:
        to_sheet()
        ui.click(re.compile("^" + re.escape(say("Back"))))
        expect(ui.button(say("New game"))).to_be_visible()

    def both(name: str) -> None:
        ui.shot(f"-{name}-{lang}-phone", PHONE)
        ui.shot(f"-{name}-{lang}-desktop", DESKTOP)
        ui.resize(PHONE)

    # classic: the line bonus shows hands won beside the totals
    resume(1, "Ann", "Ģirts")
    ui.see(expected["classic-won"])
    both("sheet-classic")
    ui.click(say("Enter hand"))
    expect(ui.button(say("Save hand"))).to_be_visible()
    both("hand-classic")
    ui.click(say("Cancel"))
    ui.click(say("Table view"))
    expect(ui.button(say("Sheet"))).to_be_visible()
    see_whole(ui, ui.page.get_by_text(re.compile(f"^{expected['classic-total']}$")).first)
    ui.see(expected["classic-won"])
    both("table-classic")
    to_sheet_then_home()

    # Hollywood: three columns on the sheet and on the table view
    resume(0, "Ann", "Ģirts")
    ui.see(say("Game {n}", n=3))
    both("sheet-hollywood")
    ui.click(say("Table view"))
    expect(ui.button(say("Sheet"))).to_be_visible()
    see_whole(ui, ui.page.get_by_text(say("Game {n}", n=3)).first)
    both("table-hollywood")
    to_sheet_then_home()

    # three-hand: the roles on the table view and in hand entry
    resume(0, "Ann", "Ģirts", "Cy")
    ui.click(say("Table view"))
    expect(ui.button(say("Sheet"))).to_be_visible()
    ui.see(say("captain"))
    both("table-three")
    to_sheet()
    ui.click(say("Enter hand"))
    ui.see(expected["three-roles"])
    both("hand-three")


@pytest.mark.motion  # where a screen opens, scrolled as it is by default
def test_a_screen_opens_at_its_top(tmp_path: Path, ui: Ui) -> None:
    srv = Server(tmp_path / "data")
    with open_store(srv.data_dir, durable=False) as s:
        ann = s.add_player("Ann").id
        for n in range(8):  # a home screen longer than the window
            other = s.add_player(f"Bob{n}").id
            gid = s.create_game("standard", [ann, other], Rules(target=10_000), first_dealer=ann)
            for i in range(30):
                s.record_hand(gid, Hand.knock(ann if i % 2 else other, 3, 10 + i % 9))
    srv.start()
    try:
        ui.open(srv.url)
        oldest = ui.button("Resume Ann v Bob3")  # the oldest of the 5 home shows
        ui.page.mouse.move(200, 500)
        wait_until(lambda: scrolled_to(ui, oldest))
        oldest.click()
        see_whole(ui, ui.button("Enter hand"))  # the sheet from its top
        # the hand form, scrolled down and closed, opens again at its top
        ui.click("Enter hand")
        dealt = ui.text(re.compile("dealt this hand$"))
        see_whole(ui, dealt)
        ui.click("Full hands")  # two card grids: longer than the window
        ui.see("Tap each player's whole hand")
        wait_until(lambda: scrolled_away(ui, dealt))
        ui.click("Cancel")
        ui.click("Enter hand")
        see_whole(ui, ui.text(re.compile("dealt this hand$")))
        ui.click("Cancel")
    finally:
        srv.stop_checked()


@pytest.mark.motion  # details scrolled into view as they are by default
def test_statistics_details_open_where_tapped_and_a_link_shows_them(tmp_path: Path, ui: Ui) -> None:
    """A detail opened far down the statistics took the page back to its top
    (its address changes, and a new address opened at the top): it stays
    where the tap was.  A link to the details, opened in another tab, shows
    them.  (A reload keeps the page's session, and opens at the top.)"""
    srv = Server(tmp_path / "data")
    with open_store(srv.data_dir, durable=False) as s:
        ids = [s.add_player(n).id for n in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")]
        for i, a in enumerate(ids):  # many pairs: the head-to-heads run far below the window
            for b in ids[i + 1 :]:
                gid = s.create_game("standard", [a, b], Rules(), first_dealer=a)
                s.record_hand(gid, Hand.gin(a, 90))
    srv.start()
    try:
        visit(ui, f"{srv.url}review/stats")
        show = ui.button("Show Cy v Hal")
        ui.page.mouse.move(200, 500)
        wait_until(lambda: scrolled_to(ui, show))
        show.click()
        hide = ui.button("Hide Cy v Hal")
        see_whole(ui, hide)  # still where it was tapped
        expect(ui.button("All formats")).not_to_be_in_viewport()
        link = ui.page.url
        assert link.endswith(tuple(f"/{p}" for p in ids)), link

        tab = Ui(ui.page.context.new_page(), ui.name + "-tab")  # a link followed
        visit(tab, link)
        see_whole(tab, tab.button("Hide Cy v Hal"))
        tab.shot("-statistics-link")
    finally:
        srv.stop_checked()


def scrolled_away(ui: Ui, locator: Locator) -> bool:
    """Scroll down a step; whether ``locator`` has left the window at the top."""
    ui.page.mouse.wheel(0, 300)
    box = locator.bounding_box() if locator.count() else None
    return box is None or box["y"] + box["height"] < 56


def scrolled_to(ui: Ui, locator: Locator) -> bool:
    """Scroll down a step; whether ``locator`` is wholly in the window."""
    size = ui.page.viewport_size
    box = locator.bounding_box() if locator.count() else None
    if box is not None and size is not None and 56 <= box["y"] <= size["height"] - box["height"]:
        return True
    ui.page.mouse.wheel(0, 300)
    return False


def test_nothing_cut_off_at_390_px_in_latvian(tmp_path: Path, ui: Ui) -> None:
    """Closed Hollywood columns name their winner on a line of their own; the
    new-game switches' labels wrap; the score race's axis labels are whole."""
    srv = Server(tmp_path / "data")
    seed(srv.data_dir, "lv")
    with open_store(srv.data_dir, durable=False) as s:
        hollywood = next(g for g in s.list_games() if g.format == "hollywood")
        girts = hollywood.player_ids[1]
        s.record_hand(hollywood.id, Hand.gin(girts, 40))  # closes game 1
        standard = next(g for g in s.list_games() if g.format == "standard")
    srv.start()
    t = Translator("lv")
    try:
        visit(ui, f"{srv.url}game/{hollywood.id}")
        game1 = t.gettext("Game {n}").format(n=1)
        head = ui.page.get_by_text(re.compile("^" + re.escape(game1) + r"\s+✓ Ģirts$")).first
        see_whole(ui, head)
        assert height_of(head) > 30  # two lines, not one cut short
        ui.shot("-hollywood-heads")

        visit(ui, f"{srv.url}new")
        classic = t.gettext("Classic end-of-game bonuses (game, box, shutout)")
        switch = ui.page.get_by_role("switch", name=classic)
        expect(switch).to_have_count(1, timeout=TIMEOUT_MS)
        ui.page.mouse.move(200, 500)
        wait_until(lambda: scrolled_to(ui, switch))
        see_whole(ui, switch)  # (its label wraps: the screenshot shows it)
        ui.shot("-new-game-switches")

        visit(ui, f"{srv.url}review/game/{standard.id}")
        ui.page.mouse.move(200, 500)
        last = ui.button(t.gettext("Delete"))  # below the chart: all of the chart is in view
        wait_until(lambda: scrolled_to(ui, last))
        ui.shot("-score-race")
    finally:
        srv.stop_checked()
