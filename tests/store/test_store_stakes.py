"""A game's stake (RULES §10) is one of its rules: stored, frozen, exported and
imported with it; games stored before stakes existed load as not for money."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine import PRESETS, Hand, Payment, Rules, settlement
from scorekeeper.store import Player, StoreError, open_store

PENNY = PRESETS["seed"].replace(stake=1, currency="GBP", third_game_double=True)
MONEY_KEYS = ("stake", "currency", "third_game_double")


def _game_file(data_dir: Path, gid: str) -> Path:
    return data_dir / "games" / f"{gid}.json"


def _hollywood_for_a_penny(data_dir: Path) -> tuple[str, str, str]:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("hollywood", [ann.id, bob.id], PENNY)
        store.record_hand(gid, Hand.gin(ann.id, 75))  # game 1: Ann 100-0
        return gid, ann.id, bob.id


def test_a_staked_game_round_trips_through_the_store(data_dir: Path) -> None:
    gid, ann, bob = _hollywood_for_a_penny(data_dir)
    with open_store(data_dir) as store:  # read back from disk, not from a cache
        game = store.game(gid)
        assert game.rules == PENNY
        assert (game.rules.stake, game.rules.currency, game.rules.third_game_double) == (
            1,
            "GBP",
            True,
        )
        assert settlement(game.standings) == (Payment(bob, ann, 100),)
        assert store.check() == []
    stored = json.loads(_game_file(data_dir, gid).read_text(encoding="utf-8"))
    rules = stored["game"]["1"]["rules"]
    assert {k: rules[k] for k in MONEY_KEYS} == {
        "stake": 1,
        "currency": "GBP",
        "third_game_double": True,
    }


def test_a_game_stored_before_stakes_loads_as_not_for_money(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], "seed")
        store.record_hand(gid, Hand.gin(ann.id, 75))
    path = _game_file(data_dir, gid)
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in MONEY_KEYS:  # what an earlier version wrote
        del data["game"]["1"]["rules"][key]
    path.write_text(json.dumps(data), encoding="utf-8")
    with open_store(data_dir) as store:
        game = store.game(gid)
        assert game.rules == PRESETS["seed"] and game.rules.stake == 0
        assert game.standings.finished and settlement(game.standings) == ()
        assert store.summary(gid).rules_name == "seed"
        assert store.check() == []


def test_export_and_import_carry_the_stake(data_dir: Path, tmp_path: Path) -> None:
    gid, ann, bob = _hollywood_for_a_penny(data_dir)
    with open_store(data_dir) as store:
        data = store.export_json()
    [exported] = data["games"]
    assert {k: exported["rules"][k] for k in MONEY_KEYS} == {
        "stake": 1,
        "currency": "GBP",
        "third_game_double": True,
    }
    with open_store(tmp_path / "phone") as phone:
        report = phone.import_json(json.dumps(data))
        assert report.games_added == 1
        game = phone.game(gid)
        assert game.rules == PENNY
        assert settlement(game.standings) == (Payment(bob, ann, 100),)
        again = phone.import_json(json.dumps(data))
        assert again.games_added == 0 and again.games_differ == 0  # nothing twice


def test_an_export_from_before_stakes_imports_as_not_for_money(
    store_with_players: tuple[Path, Player, Player], tmp_path: Path
) -> None:
    data_dir, ann, bob = store_with_players
    with open_store(data_dir) as store:
        gid = store.create_game("standard", [ann.id, bob.id], "classic")
        data = store.export_json()
    for key in MONEY_KEYS:
        del data["games"][0]["rules"][key]
    with open_store(tmp_path / "phone") as phone:
        assert phone.import_json(data).games_added == 1
        assert phone.game(gid).rules == PRESETS["classic"]


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("stake", -1, "the stake must be a whole number"),
        ("stake", 0.5, "the stake must be a whole number"),
        ("currency", "euro", "the currency must be a code like EUR"),
        ("third_game_double", "yes", "third game double must be on or off"),
    ],
)
def test_an_import_with_a_wrong_stake_is_refused_and_changes_nothing(
    store_with_players: tuple[Path, Player, Player],
    tmp_path: Path,
    key: str,
    value: object,
    words: str,
) -> None:
    data_dir, ann, bob = store_with_players
    with open_store(data_dir) as store:
        store.create_game("standard", [ann.id, bob.id], Rules(stake=2))
        data = store.export_json()
    data["games"][0]["rules"][key] = value
    with open_store(tmp_path / "phone") as phone:
        with pytest.raises(StoreError, match=words):
            phone.import_json(data)
        assert phone.list_games() == [] and phone.players() == []


@pytest.fixture
def store_with_players(data_dir: Path) -> tuple[Path, Player, Player]:
    with open_store(data_dir) as store:
        return data_dir, store.add_player("Ann"), store.add_player("Bob")
