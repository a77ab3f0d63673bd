"""Sharing a finished game from the game-over card: "Copy result" puts the
result on the clipboard, "Save picture" downloads a PNG of the sheet, and
"Send to BG Stats" opens BG Stats' push link with the play as JSON.

Nothing leaves loopback: BG Stats' page is answered by a stub in the
browser, and any other address off this machine is refused."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image
from playwright.sync_api import Browser, Download, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.browser import DESKTOP, PHONE, Server, Ui, device, tab_in

from .helpers import play_for_money, scroll

BGSTATS = re.compile(r"^https://app\.bgstatsapp\.com/")
#: Every address but this machine's.
OFF_LOOPBACK = re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])[a-z]+://")


@pytest.fixture
def share_ui(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Ui]:
    """A phone-sized tab that may read the clipboard and download, with BG
    Stats stubbed and the rest of the world refused."""
    context = device(
        browser,
        permissions=["clipboard-read", "clipboard-write"],
        accept_downloads=True,
    )

    def stub(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<title>BG Stats stub</title>")

    # the route added last is asked first
    context.route(OFF_LOOPBACK, lambda route: route.abort())
    context.route(BGSTATS, stub)
    with tab_in(context, request.node.name) as u:
        yield u


def download_of(ui: Ui, name: str) -> Download:
    """The download a tap on ``name`` starts, tapped again (at most twice)
    while none has started in 10 s and the button is still there: as
    Ui.click_until does for a tap lost while a redraw is laid out (in CI one
    tap on "Save picture" started no download in 20 s, 1 run in 1486)."""
    for _ in range(2):
        try:
            with ui.page.expect_download(timeout=10_000) as got:
                ui.click(name)
            return got.value
        except PlaywrightTimeout:
            if ui.button(name).count() == 0:
                raise
            print(f"{ui.name}: {name!r} tapped again (no download started)")
    with ui.page.expect_download(timeout=10_000) as got:
        ui.click(name)
    return got.value


def test_a_finished_game_is_copied_saved_as_a_picture_and_sent_to_bg_stats(
    server: Server, share_ui: Ui
) -> None:
    ui = share_ui
    ui.open(server.url)
    ui.click("New game")
    ui.click("Standard")
    for name in ("Ann", "Bob"):
        ui.add_player(name)
    ui.click("Ann deals")
    play_for_money(ui, "EUR €", "0.01", "€0.01 a point: a game won by 100 pays €1.00")
    scroll(ui, 3000)
    ui.click_until("Start game", "Ann deals next")
    # the address names the game once the sheet is shown (before: /game/new)
    ui.page.wait_for_url(re.compile(r"/game/(?!new$)[0-9a-z-]+$"))
    game_id = urlsplit(ui.page.url).path.rsplit("/", 1)[-1]

    # Bob goes gin against 80: 80 + 25 = 105, the game is over
    ui.quick_hand("Bob", "Gin", d="80", defender="Ann")
    ui.see("Bob wins!")
    ui.see("Ann pays Bob €1.05")
    scroll(ui, -5000)
    expect(ui.button("Copy result")).to_be_visible()
    ui.shot("-over-phone")
    ui.shot("-over-desktop", DESKTOP)
    ui.resize(PHONE)
    scroll(ui, -5000)

    # Copy result: the text on the clipboard, and a short notice (a tap
    # landing while the resize's redraw is laid out can be lost: tapped again,
    # which copies the same text)
    ui.click_until("Copy result", "Copied")
    ui.page.wait_for_function(
        "async () => (await navigator.clipboard.readText()).includes('Bob wins!')"
    )
    text = ui.page.evaluate("navigator.clipboard.readText()").replace("\u202f", " ")
    lines = text.splitlines()
    assert lines[0] == "Ann v Bob"
    assert re.fullmatch(r"Gin · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M", lines[1]), lines[1]
    assert lines[2:] == [
        "Bob wins!",
        "Score: Ann 0 · Bob 105",
        "Bob wins by 105",
        "Ann pays Bob €1.05",
    ]

    # Save picture: a PNG download of the sheet
    download = download_of(ui, "Save picture")
    assert re.fullmatch(r"gin-Ann-v-Bob-\d{8}-\d{4}\.png", download.suggested_filename)
    path = download.path()
    img = Image.open(io.BytesIO(path.read_bytes()))
    img.load()
    assert (img.format, img.width) == ("PNG", 900)
    darkest, _ = img.convert("L").getextrema()  # one band: (min, max)
    assert isinstance(darkest, int) and darkest < 100  # something is drawn on the paper
    ui.see(f"Saved the picture: {download.suggested_filename} is in your downloads.")

    # Send to BG Stats: a new tab on the push link, answered by the stub
    with ui.page.context.expect_page() as opened:
        ui.click("Send to BG Stats")
    tab = opened.value
    tab.wait_for_load_state()
    parts = urlsplit(tab.url)
    assert (parts.netloc, parts.path) == ("app.bgstatsapp.com", "/createPlay.html")
    play = json.loads(parse_qs(parts.query)["data"][0])
    assert play["sourceName"] == "Gin Scorekeeper"
    assert play["sourcePlayId"] == game_id
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert isinstance(play["durationMin"], int) and play["durationMin"] >= 1
    assert play["game"] == {"name": "Gin Rummy", "sourceGameId": "gin-rummy", "highestWins": True}
    players = play["players"]
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in players] == [
        ("Ann", 0, False, False),  # Ann dealt: Bob played first
        ("Bob", 105, True, True),
    ]
    ids = [p["sourcePlayerId"] for p in players]
    assert all(isinstance(i, str) and i for i in ids) and len(set(ids)) == 2
    tab.close()
