"""Settings in a real browser: language (saved, screen re-rendered in it), theme,
players rename, export and import."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from scorekeeper.i18n import Translator
from scorekeeper.ui.review import load_settings

from .conftest import TIMEOUT_MS, Server, Ui


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
    deadline_ms = TIMEOUT_MS
    while load_settings(data_dir).language != "lv" and deadline_ms > 0:
        ui.page.wait_for_timeout(100)
        deadline_ms -= 100
    assert load_settings(data_dir).language == "lv"
    ui.shot("-lv")
    ui.click(lv.gettext("Dark"))
    ui.page.wait_for_timeout(300)
    assert load_settings(data_dir).theme == "dark"
    ui.shot("-lv-dark")
    assert not ui.errors


def test_rename_player_then_export_and_import(server: Server, ui: Ui, data_dir: Path) -> None:
    ui.open(server.url)
    ui.click("Players")
    ui.click("Rename Cy")
    box = ui.page.get_by_role("textbox", name="New name for Cy")
    box.fill("Cyrus")
    ui.click("Save name")
    ui.see("Renamed to Cyrus.")
    ui.click("History")
    ui.see(re.compile(r"^Bob v Cyrus$"))
    ui.click("Export and import")
    ui.click("Export all games")
    ui.see(re.compile(r"^Exported 5 games to .*exports/scorekeeper-export-.*\.json$"))
    exported = sorted((data_dir / "exports").glob("*.json"))
    assert len(exported) == 1
    ui.shot("-exported")
    # Pick the file from the folder list (the path then comes from the server): a typed
    # path could still be on its way from the browser when the click on Import lands.
    ui.click(exported[0].name)
    # the server has handled that click once it has cleared the export message
    expect(ui.page.get_by_text(re.compile("^Exported 5 games"))).to_have_count(0)
    ui.click("Import")
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
