"""The things a phone needs, in a real browser (Debian's chromium, Playwright):
the export is a download into the browser's download folder and imports back
by upload with "Nothing new"; no web screen takes a typed path; the tab says
"Gin Scorekeeper" with the app's icon and the page is installable; "Keep the
screen on while a game is open" is on by default and kept per device.

The app is ``python -m scorekeeper --web`` on a free 127.0.0.1 port, its data
folder seeded through the store first (tests/ui_review/seed.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from scorekeeper.ui.launch import ASSETS
from scorekeeper.ui.wakelock import PREF_KEY
from tests.support.browser import PHONE, TIMEOUT_MS, Server, Ui, device, tab_in
from tests.support.seed import seed_folder

NOTHING_NEW = "Nothing new: everything in that file is already here."

#: Stands in for the browser's Screen Wake Lock API and counts its use.
WAKELOCK_SPY = """
(() => {
  window.__wakelock = {requests: 0, releases: 0, held: false};
  const sentinel = () => {
    const s = new EventTarget();
    s.released = false;
    s.type = 'screen';
    s.release = async () => {
      if (!s.released) { s.released = true; window.__wakelock.releases++;
                         window.__wakelock.held = false; }
    };
    return s;
  };
  Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
    request: async () => { window.__wakelock.requests++; window.__wakelock.held = true;
                           return sentinel(); },
  }});
})();
"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    data = tmp_path / "data"
    seed_folder(data)
    srv = Server(data)
    srv.env = {"LANGUAGE": "en", "LANG": "C.UTF-8"}
    with srv.running():
        yield srv


def new_context(browser: Browser) -> BrowserContext:
    context = device(browser, accept_downloads=True)
    context.add_init_script(WAKELOCK_SPY)
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture
def ui(browser: Browser, request: pytest.FixtureRequest, shots: Path) -> Iterator[Ui]:
    with tab_in(new_context(browser), request.node.name, shots) as u:
        yield u


def open_data_screen(ui: Ui, url: str) -> None:
    ui.open(url)
    ui.click("Export and import")
    ui.see("Import")


def test_export_downloads_and_imports_back_with_nothing_new(
    server: Server, ui: Ui, downloads: Path
) -> None:
    open_data_screen(ui, server.url)
    ui.see("The export file goes to this device's downloads.")
    expect(ui.page.get_by_role("textbox")).to_have_count(0)  # no path to type
    with ui.page.expect_download() as got:
        ui.click("Export all games")
    download = got.value
    assert re.fullmatch(r"scorekeeper-export-\d{8}-\d{6}\.json", download.suggested_filename)
    saved = Path(download.path())
    assert saved.parent == downloads  # the browser's download folder
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert len(data["games"]) == 5
    ui.see(re.compile(r"^Exported 5 games: scorekeeper-export-.*\.json is in your downloads\.$"))
    assert not (server.data_dir / "exports").exists()  # nothing written on the server
    ui.shot("-exported", PHONE)
    named = downloads / download.suggested_filename
    download.save_as(named)
    with ui.page.expect_file_chooser() as chooser:
        ui.click("Choose an export file…")
    chooser.value.set_files(str(named))
    ui.see(NOTHING_NEW)
    ui.shot("-imported", PHONE)
    assert not ui.errors


def test_import_by_upload_adds_a_friends_games(server: Server, ui: Ui, tmp_path: Path) -> None:
    from scorekeeper.engine import Hand
    from scorekeeper.store import open_store

    with open_store(tmp_path / "other", durable=False) as store:
        dee, eve = store.add_player("Dee").id, store.add_player("Eve").id
        gid = store.create_game("standard", [dee, eve], "seed")
        store.record_hand(gid, Hand.gin(dee, 12))
        export = tmp_path / "from-a-friend.json"
        export.write_text(json.dumps(store.export_json()))
    open_data_screen(ui, server.url)
    with ui.page.expect_file_chooser() as chooser:
        ui.click("Choose an export file…")
    chooser.value.set_files(str(export))
    ui.see("Added 2 players, 1 game and 1 hand.")
    ui.click(re.compile(r"^Back"))
    ui.click("History")
    ui.see("6 games")
    assert not ui.errors


def test_a_file_over_the_limit_is_refused(server: Server, ui: Ui) -> None:
    open_data_screen(ui, server.url)
    ui.see("Up to 20 MB; games already here are not added twice.")
    big = b'{"games": [' + b" " * (21 * 1024 * 1024) + b"]}"
    with ui.page.expect_file_chooser() as chooser:
        ui.click("Choose an export file…")
    chooser.value.set_files({"name": "huge.json", "mimeType": "application/json", "buffer": big})
    ui.see("That file is too large: the limit is 20 MB.")
    assert not ui.errors


def test_tab_title_icon_and_manifest(server: Server, ui: Ui) -> None:
    requested: list[str] = []
    blocked: list[str] = []
    ui.page.on("request", lambda r: requested.append(r.url))
    ui.page.on("requestfailed", lambda r: blocked.append(f"{r.url} {r.failure}"))
    ui.open(server.url)
    expect(ui.page).to_have_title("Gin Scorekeeper")
    page_url = server.url
    # offline: the page loads everything from the app's own server, and the
    # server's policy stops the web client's one try elsewhere (a CDN script)
    elsewhere = [u for u in requested if not u.startswith((server.url, "data:", "blob:"))]
    assert all(f"{u} csp" in blocked for u in elsewhere), (elsewhere, blocked)
    policy = ui.page.request.get(page_url).headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    icon = ui.page.locator("link[rel=icon]").get_attribute("href")
    assert icon == "favicon.png"
    favicon = ui.page.request.get(page_url + "favicon.png")
    assert favicon.ok and favicon.body() == (ASSETS / "favicon.png").read_bytes()
    manifest = ui.page.request.get(page_url + "manifest.json").json()
    assert manifest["name"] == "Gin Scorekeeper"
    assert manifest["display"] == "standalone"
    sizes = {i["sizes"] for i in manifest["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for entry in manifest["icons"]:
        served = ui.page.request.get(page_url + entry["src"])
        assert served.ok, entry
        assert served.body() == (ASSETS / entry["src"]).read_bytes()  # ours, not Flet's
    touch = ui.page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert touch is not None
    assert ui.page.request.get(page_url + touch).body() == (ASSETS / touch).read_bytes()
    assert not ui.errors


def held(ui: Ui) -> bool:
    return bool(ui.page.evaluate("window.__wakelock.held"))


def wait_held(ui: Ui, value: bool) -> None:
    ui.page.wait_for_function(
        f"window.__wakelock.held === {'true' if value else 'false'}", timeout=TIMEOUT_MS
    )


def test_keep_screen_on_while_a_game_is_open(server: Server, browser: Browser) -> None:
    context = new_context(browser)
    ui = Ui(context.new_page(), "web-keep-screen-on")
    try:
        ui.open(server.url)
        assert not held(ui)
        ui.click(re.compile(r"^Resume Bob v Cy"))  # game E, unfinished
        ui.see(re.compile(r"deals next"))
        wait_held(ui, True)  # on by default while the game is open
        ui.click(re.compile(r"^Back"))
        ui.see("New game")
        wait_held(ui, False)
        # the switch, in Settings, on this device only
        ui.click("Settings")
        switch = ui.page.get_by_role("switch", name="Keep the screen on while a game is open")
        expect(switch).to_be_checked()
        ui.shot("-settings", PHONE)
        switch.click()
        ui.see("Saved on this device.")
        expect(switch).not_to_be_checked()
        stored = ui.page.evaluate("Object.entries(localStorage)")
        assert any(PREF_KEY in k and v == "false" for k, v in stored), stored
        # a new tab of the same browser (a new session): the choice is remembered
        ui.page.close()
        ui = Ui(context.new_page(), "web-keep-screen-on-again")
        ui.open(server.url)
        ui.click(re.compile(r"^Resume Bob v Cy"))
        ui.see(re.compile(r"deals next"))
        # a lock taken on opening would reach the browser before the next screens
        ui.click(re.compile(r"^Back"))
        ui.click("Settings")
        expect(
            ui.page.get_by_role("switch", name="Keep the screen on while a game is open")
        ).not_to_be_checked()
        assert ui.page.evaluate("window.__wakelock.requests") == 0
        # a tab opened straight on Settings shows this device's choice too
        tab = context.new_page()
        tab.goto(server.url + "review/settings")
        placeholder = tab.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=60_000)
        placeholder.evaluate("el => el.click()")
        expect(
            tab.get_by_role("switch", name="Keep the screen on while a game is open")
        ).not_to_be_checked(timeout=60_000)
        tab.close()
        # another device (a fresh browser context) still has it on
        other_ctx = new_context(browser)
        other = Ui(other_ctx.new_page(), "web-keep-screen-on-other")
        try:
            other.open(server.url)
            other.click(re.compile(r"^Resume Bob v Cy"))
            other.see(re.compile(r"deals next"))
            wait_held(other, True)
            assert not other.errors
        finally:
            other_ctx.close()
        assert not ui.errors
    finally:
        context.close()
