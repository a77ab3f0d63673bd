"""Settings in a real browser: language (saved, screen re-rendered in it), theme,
players rename, export and import."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from scorekeeper.i18n import Translator
from scorekeeper.ui.review import load_settings
from tests.support.browser import Server, Ui, wait_until


def test_choose_latvian(server: Server, ui: Ui, data_dir: Path) -> None:
    ui.open(server.url)
    ui.click("Settings")
    ui.see("Language")
    ui.click("Latviešu")
    lv = Translator("lv")
    # passes before and after the catalogs are translated: whatever Latvian says
    expect(ui.page.get_by_role("heading", name=lv.gettext("Settings"))).to_be_visible()
    expect(ui.button(lv.gettext("Statistics"))).to_be_visible()
    ui.see(lv.gettext("Saved."))
    wait_until(lambda: load_settings(data_dir).language == "lv")
    ui.shot("-lv")
    ui.click(lv.gettext("Dark"))
    wait_until(lambda: load_settings(data_dir).theme == "dark")
    ui.shot("-lv-dark")
    assert not ui.errors


def test_rename_player_then_export_and_import(
    server: Server, ui: Ui, data_dir: Path, tmp_path: Path
) -> None:
    ui.open(server.url)
    ui.click("Players")
    ui.click("Rename Cy")
    box = ui.page.get_by_role("textbox", name="New name for Cy")
    box.fill("Cyrus")
    box.press("Enter")  # after the text on its channel (a click on Save could overtake it)
    ui.see("Renamed to Cyrus.")
    ui.click("History")
    ui.see(re.compile(r"^Bob v Cyrus$"))
    ui.click("Export and import")
    # a browser gets the export as a download, and nothing lands on the server
    with ui.page.expect_download() as got:
        ui.click("Export all games")
    ui.see(re.compile(r"^Exported 5 games: scorekeeper-export-.*\.json is in your downloads\.$"))
    assert not (data_dir / "exports").exists()
    exported = tmp_path / got.value.suggested_filename
    got.value.save_as(exported)
    assert "Cyrus" in exported.read_text(encoding="utf-8")
    ui.shot("-exported")
    # and it goes back in as an upload (no path is typed in a browser)
    expect(ui.page.get_by_role("textbox")).to_have_count(0)
    with ui.page.expect_file_chooser() as chooser:
        ui.click("Choose an export file…")
    chooser.value.set_files(str(exported))
    ui.see("Nothing new: everything in that file is already here.")
    ui.shot("-imported")
    assert not ui.errors


def test_import_with_the_file_picker(server: Server, ui: Ui, tmp_path: Path) -> None:
    from scorekeeper.engine import Hand
    from scorekeeper.store import open_store

    other = tmp_path / "other"
    with open_store(other, durable=False) as store:
        dee, eve = store.add_player("Dee").id, store.add_player("Eve").id
        gid = store.create_game("standard", [dee, eve], "seed")
        store.record_hand(gid, Hand.gin(dee, 12))
        store.record_hand(gid, Hand.knock(eve, 3, 20))
        export = tmp_path / "from-a-friend.json"
        export.write_text(json.dumps(store.export_json()))
    ui.open(server.url)
    ui.click("Export and import")
    with ui.page.expect_file_chooser() as chooser:
        ui.click("Choose an export file…")
    chooser.value.set_files(str(export))
    ui.see("Added 2 players, 1 game and 2 hands.")
    ui.shot("-picked")
    ui.click("History")
    ui.see("6 games")
    ui.see("Dee v Eve")
    assert not ui.errors
