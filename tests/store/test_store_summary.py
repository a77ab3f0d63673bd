"""Issue 9: a listed game's summary carries what its game-over sheet shows:
final scores with classic bonuses, and Hollywood's games won and columns."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.engine import PRESETS, DealerRule, Hand
from scorekeeper.store import Player, Store, open_store


def test_classic_shutout_summary_has_the_final_score(
    store: Store, ann_bob: tuple[Player, Player]
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("standard", [ann.id, bob.id], PRESETS["classic"], first_dealer=ann.id)
    store.record_hand(gid, Hand.knock(ann.id, 2, 52))  # +50
    store.record_hand(gid, Hand.knock(ann.id, 1, 53))  # +52: 102
    s = store.summary(gid)
    # 102 + game bonus 100 + line bonus 2 x 25 = 252, doubled for the shutout
    assert s.totals == {ann.id: 102, bob.id: 0}
    assert s.final_totals == {ann.id: 504, bob.id: 0}


def test_hollywood_summary_has_games_won_and_each_column(
    store: Store, ann_bob: tuple[Player, Player], data_dir: Path
) -> None:
    ann, bob = ann_bob
    gid = store.create_game("hollywood", [ann.id, bob.id], PRESETS["seed"], first_dealer=ann.id)
    store.record_hand(gid, Hand.knock(ann.id, 2, 20))  # Ann 18 in game 1
    for _ in range(3):  # Bob: gin 98 + 25 = 123 in games 1, 2, 3 in turn
        store.record_hand(gid, Hand.gin(bob.id, 98))
    s = store.summary(gid)
    assert s.games_won == {ann.id: 0, bob.id: 3}
    assert s.column_final == {ann.id: (18, 0, 0), bob.id: (123, 123, 123)}
    assert s.column_totals == s.column_final  # no classic bonuses here
    store.close()
    with open_store(data_dir) as again:  # kept in the index
        assert again.summary(gid).games_won == {ann.id: 0, bob.id: 3}


def test_the_dealer_rule_is_stored_with_the_game(
    store: Store, ann_bob: tuple[Player, Player], data_dir: Path
) -> None:
    ann, bob = ann_bob
    rules = PRESETS["seed"].replace(dealer="loser")
    gid = store.create_game("standard", [ann.id, bob.id], rules, first_dealer=ann.id)
    store.record_hand(gid, Hand.knock(ann.id, 2, 20))  # Ann wins: Bob, the loser, deals
    store.close()
    with open_store(data_dir) as again:
        game = again.game(gid)
        assert game.rules.dealer is DealerRule.LOSER
        assert game.standings.next_dealer == bob.id
        assert again.summary(gid).next_dealer_id == bob.id
