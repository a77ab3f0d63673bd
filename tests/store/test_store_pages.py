"""``Store.page_games``: one page of ``list_games``, every game exactly once."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.engine import Hand
from scorekeeper.store import open_store


def test_pages_cover_every_game_once_in_list_order(tmp_path: Path) -> None:
    with open_store(tmp_path / "data", durable=False) as store:
        ann, bob = store.add_player("Ann").id, store.add_player("Bob").id
        for i in range(23):
            gid = store.create_game("standard", [ann, bob], "seed")
            if i % 4 == 0:
                store.record_hand(gid, Hand.gin(ann, 80))  # 105: finished
        every = [s.id for s in store.list_games()]
        pages = [store.page_games(offset, 10) for offset in (0, 10, 20, 30)]
        assert [total for total, _ in pages] == [23] * 4
        assert [len(games) for _, games in pages] == [10, 10, 3, 0]
        assert [s.id for _, games in pages for s in games] == every
        total, games = store.page_games(0, 100, finished=False)
        assert total == 17 and [s.id for s in games] == [
            s.id for s in store.list_games(finished=False)
        ]
        assert store.page_games(-5, 2)[1] == store.list_games()[:2]
        assert store.page_games(0, 0) == (23, [])
