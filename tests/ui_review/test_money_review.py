"""Who owes whom over every game played for money, on the statistics
screen: the running balance per pair, "Settle up" as an entry of its own,
and its Undo (RULES §10)."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.engine import Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.store import open_store
from scorekeeper.ui.review import ReviewContext, ReviewModel, render_screen

from .helpers import texts


def test_the_balance_is_shown_settled_and_the_settle_up_taken_back(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        for points in (80, 90):  # Ann wins 105-0 and 115-0 at a cent a point
            gid = store.create_game("standard", [ann, bob], Rules(stake=1), first_dealer=ann)
            store.record_hand(gid, Hand.gin(ann, points))
        m = ReviewModel(store, Translator("en"))
        [(text, balance)] = m.stats.balance_lines()
        assert text == "Bob owes Ann €2.20 over 2 games" and balance is not None
        m.go("stats")
        _, controls = render_screen(ReviewContext(m, lambda: None))
        assert {"Who owes whom", "Bob owes Ann €2.20 over 2 games"} <= set(texts(controls))
        m.act(m.stats.settle, balance)
        assert m.note == "Bob paid Ann €2.20."
        assert m.stats.balance_lines() == [("Ann and Bob are square over 2 games", None)] or (
            m.stats.balance_lines() == [("Bob and Ann are square over 2 games", None)]
        )
        m.act(m.stats.undo_settle)
        assert m.note == "The settle-up was taken back."
        assert m.stats.balance_lines()[0][0] == "Bob owes Ann €2.20 over 2 games"
        m.act(m.stats.undo_settle)
        assert m.error == "There is no settle-up to take back."
        lv = ReviewModel(store, Translator("lv"))
        assert lv.stats.balance_lines()[0][0] == "Bob ir parādā Ann 2,20\xa0€ pēc 2 spēlēm"


def test_the_player_and_head_to_head_cards_say_who_owes_whom(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        cy = store.add_player("Cy").id
        gid = store.create_game("standard", [ann, bob], Rules(stake=1), first_dealer=ann)
        store.record_hand(gid, Hand.gin(ann, 80))  # Bob owes Ann 1.05
        other = store.create_game("standard", [cy, bob], first_dealer=cy)
        store.record_hand(other, Hand.gin(cy, 80))  # not for money
        m = ReviewModel(store, Translator("en"))
        stats = m.stats.statistics()
        assert m.stats.player_card(stats.players[bob]).money == ("Bob owes Ann €1.05 over 1 game",)
        assert m.stats.player_card(stats.players[cy]).money == ()
        assert m.stats.head_to_head_card(stats.head_to_head(ann, bob)).money == (
            "Bob owes Ann €1.05 over 1 game",
        )
        assert m.stats.head_to_head_card(stats.head_to_head(bob, cy)).money == ()
