"""The table view at the table (issue #18): a hand entered and taken back
without going through the sheet; no text cut short at 390 px on the table
view or the sheet, in every language; and small things a player sees (the
dark theme's selected "Tapping" segment readable)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from PIL import Image
from playwright.sync_api import ViewportSize, expect

from scorekeeper.engine import Hand, Rules
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.settings import Settings, save_settings
from scorekeeper.store import open_store
from tests.support.browser import DESKTOP, PHONE, TIMEOUT_MS, Server, Ui, wait_until

from .helpers import see_whole, visit

#: Lays each text of the page out again in the app's own font and tells
#: whether it is whole.  Flutter's accessibility tree keeps a text's full
#: words however it is drawn, so the words alone cannot tell "Game 1 ✓ Ann"
#: from "Game 1 ✓ …"; its box can: the font size is the box's height over
#: its lines (Material's line height is 20/14 of the size), and the text,
#: wrapped at the box's width in that size, must take that many lines (give
#: or take 2 % of the width) with no word wider than the box.  A text cut
#: short has a box too narrow for one line and too low for two.
WHOLE_TEXTS = """
async ([fontUrl, lineHeight]) => {
  if (!window.__wholeFont) {
    const face = new FontFace("WholeCheckDejaVu", `url(${fontUrl})`);
    await face.load();
    document.fonts.add(face);
    window.__wholeFont = face;
  }
  const probe = document.createElement("div");
  probe.style.cssText = "position:absolute;left:-10000px;top:0;visibility:hidden;" +
    "font-family:WholeCheckDejaVu;white-space:pre-wrap;overflow-wrap:normal;word-break:normal";
  document.body.appendChild(probe);
  const out = [];
  for (const node of document.querySelectorAll("flt-semantics")) {
    const span = node.querySelector(":scope > span");
    if (!span || node.querySelector("flt-semantics")) continue;
    const text = span.textContent;
    const r = node.getBoundingClientRect();
    if (!text.trim() || r.width < 1 || r.height < 1) continue;
    // a list keeps nodes for what is near its window too, each box clipped
    // to the window or to the margin beyond it (250 px): a text is judged
    // only once wholly in the window (the caller scrolls), never by a box
    // cut at one of those edges
    // (a node that scrolls up and down: overflow-y scroll, or overflow
    // hidden while a gesture scrolls it; one with nothing to scroll has none)
    const list = node.parentElement.closest(
      "flt-semantics[style*='scrollbar-width'][style*='overflow-y: scroll']," +
      "flt-semantics[style*='scrollbar-width'][style*='overflow: hidden']");
    if (list) {
      const w = list.getBoundingClientRect();
      if (r.top <= w.top + 1 || r.bottom >= w.bottom - 1) continue;
    }
    const layout = (size, width) => {  // [lines taken, whether a word sticks out]
      probe.style.fontSize = `${size}px`;
      probe.style.lineHeight = `${size * lineHeight}px`;
      probe.style.width = `${width}px`;
      probe.textContent = text;
      return [Math.round(probe.scrollHeight / (size * lineHeight)),
              probe.scrollWidth > probe.clientWidth];
    };
    let lines = 0;
    for (let n = 1; n <= 8 && !lines; n++) {
      // the browser measures a little differently from Flutter: n lines
      // must be what the text takes at a width a little over the box's,
      // or at one a little under it
      const size = r.height / n / lineHeight;
      const [wide, out] = layout(size, r.width * 1.02 + 1);
      const [narrow] = layout(size, Math.max(1, r.width * 0.98 - 1));
      if (wide <= n && n <= narrow && !out) lines = n;
    }
    if (lines === 1) {
      // one line: Flutter ends it with "…" once it is wider than its box by
      // any amount (146 in a 48.7 px cell, 49.6 px wide), closer than the
      // 2 % above; a text that fits gets a box of its own width
      probe.style.width = "max-content";
      probe.style.fontSize = `${r.height / lineHeight}px`;
      probe.style.lineHeight = `${r.height}px`;
      probe.textContent = text;
      if (probe.getBoundingClientRect().width > r.width * 1.005 + 0.5) lines = 0;
    }
    out.push({text, lines, width: r.width, height: r.height,
              left: r.left, right: r.right});
  }
  probe.remove();
  return out;
}
"""
#: The Hollywood game's totals (hollywood_and_three).
TOTALS = ("146", "128", "80", "99", "89", "59")
#: Material 3's body text: 20 px lines for 14 px type.
LINE_HEIGHT = 20 / 14


def texts_cut(ui: Ui, url: str) -> tuple[list[str], list[dict[str, Any]]]:
    """(every text on the page, the texts cut short or out of the window)."""
    shown: list[dict[str, Any]] = ui.page.evaluate(
        WHOLE_TEXTS, [url + "fonts/DejaVuSans.ttf", LINE_HEIGHT]
    )
    width = PHONE["width"]
    cut = [t for t in shown if not t["lines"] or t["left"] < -1 or t["right"] > width + 1]
    return [t["text"] for t in shown], cut


def hollywood_and_three(data_dir: Path, language: str) -> dict[str, str]:
    """A Hollywood series with three-figure totals and two games closed, and
    a three-hand game; their ids."""
    save_settings(data_dir, Settings(language=language))
    with open_store(data_dir, durable=False) as s:
        ann, girts, cy = (s.add_player(n).id for n in ("Ann", "Ģirts", "Cy"))
        h = s.create_game("hollywood", [ann, girts], Rules(), first_dealer=ann)
        for hand in (
            Hand.knock(girts, 5, 15),
            Hand.knock(ann, 2, 20),
            Hand.knock(girts, 1, 31),
            Hand.knock(ann, 2, 50),
            Hand.knock(girts, 1, 60),
            Hand.knock(ann, 0, 55),
        ):
            s.record_hand(h, hand)
        three = s.create_game("three-hand", [ann, girts, cy], Rules(), draw=["KS", "2H", "9D"])
        s.record_hand(three, Hand.knock(cy, 3, 19))
        return {"hollywood": h, "three": three}


@pytest.fixture(params=list(LANGUAGES))
def games(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Server, str, dict[str, str]]]:
    srv = Server(tmp_path / "data")
    ids = hollywood_and_three(srv.data_dir, request.param)
    srv.start()
    yield srv, request.param, ids
    srv.stop_checked()


def test_no_text_is_cut_at_390_px_on_the_table_view_and_the_sheet(
    games: tuple[Server, str, dict[str, str]], ui: Ui
) -> None:
    """Hollywood's totals and heads, who deals next and the three-hand roles,
    in every language: whole, in the window."""
    server, lang, ids = games
    t = Translator(lang)
    game1 = t.gettext("Game {n}").format(n=1)
    deals = t.gettext("{name} deals next").format(name="Ann")

    # the Hollywood table view: totals 146 128 80 / 99 89 59, two games closed
    visit(ui, f"{server.url}game/{ids['hollywood']}/table")
    ui.see(re.compile("^" + re.escape(deals) + "$"))
    shown, cut = ui.settled(lambda: texts_cut(ui, server.url))
    assert {*TOTALS, deals} <= set(shown), shown
    assert any(s.startswith(game1) for s in shown), shown
    ui.shot(f"-table-hollywood-{lang}")
    assert not cut, cut

    # the sheet: its heads, its Σ line (at the bottom: scrolled to), its status
    visit(ui, f"{server.url}game/{ids['hollywood']}")
    ui.see(re.compile("^" + re.escape(deals) + "$"))
    seen: set[str] = set()
    for _ in range(12):
        shown, cut = ui.settled(lambda: texts_cut(ui, server.url))
        seen.update(shown)
        assert not cut, cut
        if "Σ" in shown:  # the Σ line judged, wholly in the window
            break
        ui.page.mouse.move(200, 500)
        ui.page.mouse.wheel(0, 400)
    assert {"Σ", "146", "99", deals} <= seen, seen
    ui.shot(f"-sheet-hollywood-{lang}")

    # three-hand: who deals, and each player's role
    visit(ui, f"{server.url}game/{ids['three']}/table")
    ui.see(t.gettext("captain"))
    shown, cut = ui.settled(lambda: texts_cut(ui, server.url))
    assert {t.gettext("captain"), t.gettext("sits out")} <= set(shown), shown
    ui.shot(f"-table-three-{lang}")
    assert not cut, cut


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_who_deals_next_keeps_a_long_name_whole_on_the_table_view(
    lang: str, tmp_path: Path, ui: Ui
) -> None:
    """A name as long as many are: in Ukrainian "Наступний здавальник:" took
    both of the status's two lines beside the Sheet button, and
    "Олександра", the one word that mattered, was cut off unseen."""
    srv = Server(tmp_path / "data")
    save_settings(srv.data_dir, Settings(language=lang))
    with open_store(srv.data_dir, durable=False) as s:
        long, bo = s.add_player("Олександра").id, s.add_player("Bo").id
        gid = s.create_game("standard", [long, bo], Rules(), first_dealer=bo)
        s.record_hand(gid, Hand.knock(long, 2, 12))  # the winner, Олександра, deals next
    srv.start()
    try:
        deals = Translator(lang).gettext("{name} deals next").format(name="Олександра")
        visit(ui, f"{srv.url}game/{gid}/table")
        ui.see(re.compile("^" + re.escape(deals) + "$"))
        found: list[list[Any]] = []

        def judged() -> bool:  # the canvas lays the text out after the accessibility tree
            shown, cut = texts_cut(ui, srv.url)
            found[:] = [shown, cut]
            return deals in shown and not cut

        try:
            wait_until(judged, timeout=5)
        except AssertionError:
            pass  # judged below, with what was cut
        finally:
            ui.shot(f"-table-long-name-{lang}")
        assert deals in found[0] and not found[1], found[1]
    finally:
        srv.stop_checked()


def test_a_hand_entered_and_taken_back_on_the_table_view(server: Server, ui: Ui) -> None:
    """Enter hand and Undo on the table view itself: the form is the sheet's,
    and saving it comes back to the table view with the new totals."""
    ui.open(server.url)
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.click("Table view")
    expect(ui.button("Sheet")).to_be_visible()
    enter, undo = ui.button("Enter hand"), ui.button("Undo last hand")
    see_whole(ui, enter)  # under the totals, where a thumb reaches
    see_whole(ui, undo)
    ui.shot("-table-empty")

    ui.quick_hand("Bob", "Knock", k="4", d="30", defender="Ann")  # Bob +26
    expect(ui.button("Sheet")).to_be_visible()  # back on the table view
    ui.see(re.compile("^26$"))
    ui.see("Bob deals next")
    ui.shot("-table-after-save")

    ui.click("Undo last hand")
    ui.see("Hand 1 taken back")
    expect(ui.page.get_by_text(re.compile("^26$"))).to_have_count(0)
    expect(ui.button("Sheet")).to_be_visible()  # still the table view
    ui.shot("-table-after-undo")
    ui.click("Redo")
    ui.see("Hand 1 is back")
    ui.see(re.compile("^26$"))

    # a phone held sideways and a desktop: the buttons beside the status
    sideways: ViewportSize = {"width": 844, "height": 390}
    for size in (sideways, DESKTOP):
        ui.resize(size)
        wait_until(lambda: (ui.button("Enter hand").bounding_box() or {"y": 999})["y"] < 150)
        see_whole(ui, ui.button("Enter hand"))
        see_whole(ui, ui.button("Undo last hand"))
    ui.shot("-table-desktop")
    ui.resize(PHONE)
    ui.to_sheet()
    ui.click("Enter hand")  # from the sheet, Cancel goes back to the sheet
    ui.click("Cancel")
    expect(ui.button("Table view")).to_be_visible(timeout=TIMEOUT_MS)
    assert not ui.errors


def contrast(png: bytes) -> float:
    """The WCAG contrast between a control's commonest colour (its fill) and
    the colour in it that differs most from that (its text)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    # an RGB image's colours are triples
    colours = cast(
        list[tuple[int, tuple[int, int, int]]], image.getcolors(image.width * image.height) or []
    )
    fill = max(colours)[1]

    def luminance(rgb: tuple[int, int, int]) -> float:
        lin = [(c / 255) / 12.92 if c <= 10 else (((c / 255) + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    base = luminance(fill)
    best = 1.0
    for _, rgb in colours:
        other = luminance(rgb)
        hi, lo = max(base, other), min(base, other)
        best = max(best, (hi + 0.05) / (lo + 0.05))
    return best


def test_dark_theme_selected_tapping_segment_is_readable(tmp_path: Path, ui: Ui) -> None:
    """The selected "Tapping Ann" segment is the knocker's blue: its words
    must read on it (the dark theme drew them dark blue on blue)."""
    srv = Server(tmp_path / "data")
    save_settings(srv.data_dir, Settings(theme="dark"))
    with open_store(srv.data_dir, durable=False) as s:
        ann, bob = s.add_player("Ann").id, s.add_player("Bob").id
        gid = s.create_game("standard", [ann, bob], Rules(), first_dealer=bob)
    srv.start()
    try:
        visit(ui, f"{srv.url}game/{gid}")
        ui.click("Enter hand")
        ui.knock("Ann")
        ui.click("Full hands")
        segment = ui.button("Tapping Ann")
        see_whole(ui, segment)
        ui.shot("-dark-tapping")
        ratio = contrast(ui.settled(segment.screenshot, "Tapping Ann's pixels"))
        assert ratio >= 4.5, ratio  # WCAG AA for text this size
        ui.answered(lambda: ui.click("Tapping Bob"))  # the selection drawn
        tapping_bob = ui.button("Tapping Bob")
        ratio = contrast(ui.settled(tapping_bob.screenshot, "Tapping Bob's pixels"))
        assert ratio >= 4.5, ratio
    finally:
        srv.stop_checked()
