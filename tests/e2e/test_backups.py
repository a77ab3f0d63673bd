"""Backups by themselves (#19 item 6) in the browser: a backup folder chosen
in Settings, a game played to its end, the dated backup written into the
folder; then a new device (an empty data folder) restores it from Settings
and finds the game in its history."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import expect

from scorekeeper.store.auto_backup import list_backups
from tests.support.browser import DESKTOP, PHONE, TIMEOUT_MS, Server, Ui


def to_the_end(ui: Ui) -> None:
    """Scroll the screen to its foot (the backups are the last section)."""
    size = ui.page.viewport_size or PHONE
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    ui.page.mouse.wheel(0, 5000)


def choose_folder(ui: Ui, folder: Path) -> None:
    ui.click("Settings")
    to_the_end(ui)
    ui.fill("Backup folder", str(folder))
    ui.click_until("Back up to this folder", f"Your games will be backed up to {folder}.")


def newest_holds_a_finished_game(folder: Path) -> bool:
    found = list_backups(folder)
    if not found:
        return False
    games = json.loads(found[0].read_bytes())["games"]
    return any(g["finished_at"] for g in games)


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_a_finished_game_is_backed_up_and_restored_on_a_new_device(
    server: Server, ui: Ui, tmp_path: Path
) -> None:
    folder = tmp_path / "cloud drive" / "gin"  # made when chosen
    ui.resize(DESKTOP)
    ui.open(server.url)
    choose_folder(ui, folder)
    ui.see("No backup yet.")  # nothing played yet: nothing to keep
    ui.click(re.compile("^Back"))
    ui.new_game(["Ann", "Bob"], dealer="Ann")
    ui.quick_hand("Ann", "Gin", d="80", defender="Bob")  # 105: Ann wins
    ui.see("Ann wins!")
    # the game began (the first backup) and ended (a backup after it)
    wait_for(lambda: newest_holds_a_finished_game(folder), "no backup of the finished game")
    made = list_backups(folder)
    assert len(made) == 2 and made[0].name.startswith("gin-scorekeeper-")

    # a new device: an empty data folder, the same synced folder
    fresh = Server(tmp_path / "new-phone")
    fresh.start()
    try:
        ui.open(fresh.url)
        choose_folder(ui, folder)
        ui.see(re.compile(r"^Last backup: "))
        restore = ui.page.get_by_role("button", name=re.compile("^Restore the backup of "))
        expect(restore).to_have_count(2)  # an empty device writes none of its own
        restore.first.click()  # the newest
        ui.see(re.compile(r"^Added 2 players, 1 game and 1 hand"))
        to_the_end(ui)
        ui.shot("-settings-desktop")
        ui.resize(PHONE)
        to_the_end(ui)
        ui.shot("-settings-phone")
        ui.click(re.compile("^Back"))
        ui.click("History")
        ui.see("Ann v Bob")
        ui.see(re.compile(r"Ann 105 · Bob 0"))
        assert not ui.errors
    finally:
        fresh.stop_checked()
