"""Who owes whom across games (RULES §10) in the browser: the statistics
screen shows each pair's running balance over every finished game played
for money; Settle up records the payment as an entry of its own, Undo
takes it back."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from scorekeeper.engine import Hand, Rules
from scorekeeper.store import open_store
from tests.support.browser import DESKTOP, PHONE, Server, Ui

OWES = "Bob owes Ann €2.20 over 2 games"


def seed(data_dir: Path) -> None:
    """Ann wins 105-0 and 115-0 at a cent a point: Bob owes her 2.20."""
    with open_store(data_dir, durable=False) as s:
        ann, bob = s.add_player("Ann").id, s.add_player("Bob").id
        for points in (80, 90):
            gid = s.create_game("standard", [ann, bob], Rules(stake=1), first_dealer=ann)
            s.record_hand(gid, Hand.gin(ann, points))


def test_the_balance_is_settled_and_the_settle_up_taken_back(tmp_path: Path, ui: Ui) -> None:
    seed(tmp_path / "data")
    srv = Server(tmp_path / "data")
    srv.start()
    try:
        ui.open(srv.url)
        ui.click("Statistics")
        ui.see("Who owes whom")
        ui.see(OWES)
        ui.text(OWES).scroll_into_view_if_needed()
        ui.shot("-phone")
        ui.shot("-desktop", DESKTOP)
        ui.resize(PHONE)
        ui.click_until("Settle up", "Bob paid Ann €2.20.")
        ui.see(re.compile(r"^(Ann and Bob|Bob and Ann) are square over 2 games$"))
        expect(ui.button("Settle up")).to_have_count(0)
        ui.click_until("Undo the settle-up", "The settle-up was taken back.")
        ui.see(OWES)
        assert not ui.errors
    finally:
        srv.stop_checked()
