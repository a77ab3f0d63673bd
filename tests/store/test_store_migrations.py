"""Schema versions: migrating a hand-made v0 folder, the runner, newer data."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from scorekeeper.engine import PRESETS
from scorekeeper.store import StoreError, open_store
from scorekeeper.store.migrations import SCHEMA_VERSION, migrate
from scorekeeper.store.players import PlayersFile

#: A data folder as the prototype (schema 0) wrote it, by hand.
V0 = {
    "players": {"1": {"name": "Ann"}, "2": {"name": "Bob"}, "3": {"name": "Cy"}},
    "games": {
        "1": {
            "format": "standard",
            "players": ["Ann", "Bob"],
            "rules": "seed",
            "first_dealer": "Bob",
            "created": "2024-03-01T20:15:00",
            "hands": [
                {"by": "Bob", "result": "knock", "knocker": 4, "defender": 30},
                {"by": "Ann", "result": "gin", "defender": 20, "at": "2024-03-01T20:30:00"},
                {"result": "draw"},
                {"by": "Ann", "result": "undercut", "knocker": 9, "defender": 7},
            ],
        },
        "2": {
            "format": "hollywood",
            "players": ["Alexandra", "Bob"],  # Alexandra is not in the players table
            "rules": {"target": 100, "gin_bonus": 20},
            "created": "2024-03-02T19:00:00+02:00",
            "hands": [
                {"by": "Bob", "result": "knock", "knocker": 5, "defender": 15},
                {"by": "Alexandra", "result": "knock", "knocker": 2, "defender": 20},
                {"by": "Bob", "result": "knock", "knocker": 1, "defender": 31},
                {"by": "Bob", "result": "knock", "knocker": 3, "defender": 7},
            ],
        },
        "3": {
            "format": "three-hand",
            "players": ["Ann", "Bob", "Cy"],
            "rules": "oklahoma",
            "draw": ["KS", "7H", "2C"],
            "created": "2024-03-03T18:00:00",
            "hands": [
                {"by": "Bob", "result": "knock", "knocker": 2, "defender": 12, "upcard": "9H"},
                {"by": "Ann", "result": "knock", "knocker": 12, "defender": 30, "upcard": "5D"},
                {"by": "Cy", "result": "gin", "defender": 10, "upcard": "KH"},
            ],
        },
    },
}


def write_v0(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "scorekeeper.json"
    path.write_text(json.dumps(V0))
    return path


def game_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "games").glob("*.json"))}


def test_a_v0_folder_is_upgraded_with_a_backup_first(data_dir: Path) -> None:
    write_v0(data_dir)
    with open_store(data_dir) as store:
        players = {p.name: p.id for p in store.players()}
        assert sorted(players) == ["Alexandra", "Ann", "Bob", "Cy"]
        by_format = {s.format: s for s in store.list_games()}
        ann, bob, cy, alex = (players[n] for n in ("Ann", "Bob", "Cy", "Alexandra"))

        std = by_format["standard"]
        assert std.totals == {ann: 45, bob: 38}  # 26 to Bob, 45 to Ann, draw, undercut 12 to Bob
        assert std.hand_count == 4
        assert store.game(std.id).standings.next_dealer == bob
        assert std.created_at.isoformat() == "2024-03-01T20:15:00+00:00"

        holly = by_format["hollywood"]
        assert holly.column_totals == {alex: (18, 0, 0), bob: (44, 34, 4)}
        assert store.game(holly.id).rules == PRESETS["seed"].replace(gin_bonus=20)
        assert holly.created_at.isoformat() == "2024-03-02T17:00:00+00:00"

        three = by_format["three-hand"]
        assert three.hand_count == 1  # hand 2 is over the Oklahoma limit of 5
        versions = store.hand_versions(three.id, 1)
        assert [superseded for _, _, superseded in versions] == [True, True]
        assert three.rules_name == "oklahoma"

        notices = "\n".join(store.notices)
        assert "upgraded from version 0 to 1" in notices
        assert "hand 2" in notices and "kept, but not counted" in notices
        assert store.check() == []
        assert cy in three.player_ids

    [backup] = (data_dir / "backups").iterdir()
    assert zipfile.ZipFile(backup).namelist() == ["scorekeeper.json"]
    assert json.loads(zipfile.ZipFile(backup).read("scorekeeper.json")) == V0
    assert json.loads((data_dir / "scorekeeper.v0.json").read_bytes()) == V0  # kept
    assert not (data_dir / "scorekeeper.json").exists()
    with open_store(data_dir) as store:  # the second open migrates nothing
        assert store.notices == []


def test_the_v0_step_is_safe_to_run_twice(tmp_path: Path) -> None:
    once = tmp_path / "once"
    write_v0(once)
    with open_store(once):
        pass
    # A crash after the game files but before players.json marks version 1
    # leaves this folder; the rerun must give the very same games.
    twice = tmp_path / "twice"
    shutil.copytree(once / "games", twice / "games")
    write_v0(twice)
    with open_store(twice) as store:
        assert len(store.list_games()) == 3
    assert game_files(twice) == game_files(once)
    with open_store(once) as a, open_store(twice) as b:
        assert [p.id for p in a.players()] == [p.id for p in b.players()]


def test_an_unreadable_v0_file_changes_nothing(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / "scorekeeper.json").write_text('{"games": {"1": ')
    with pytest.raises(StoreError, match=r"scorekeeper\.json .* can't be read"):
        open_store(data_dir)
    assert (data_dir / "scorekeeper.json").read_text() == '{"games": {"1": '
    assert not (data_dir / "players.json").exists()


def test_old_data_is_not_upgraded_read_only(data_dir: Path) -> None:
    write_v0(data_dir)
    with pytest.raises(StoreError, match="must be upgraded"):
        open_store(data_dir, read_only=True)
    assert sorted(p.name for p in data_dir.iterdir()) == ["scorekeeper.json"]


@pytest.mark.parametrize("read_only", [False, True])
def test_data_from_a_newer_version_is_refused_untouched(data_dir: Path, read_only: bool) -> None:
    with open_store(data_dir) as store:
        store.add_player("Ann")
    path = data_dir / "players.json"
    data = json.loads(path.read_bytes())
    data["meta"]["1"]["schema"] = SCHEMA_VERSION + 1
    data["players"] = {"1": {"new": "shape"}}  # would look damaged to this version
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer version of Gin Scorekeeper") as info:
        open_store(data_dir, read_only=read_only)
    assert f"data version {SCHEMA_VERSION + 1}" in str(info.value)
    assert path.read_bytes() == before
    assert not (data_dir / "damaged").exists()


def test_the_runner_backs_up_first_and_records_each_step(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / "players.json").write_text("{}")
    calls: list[int] = []
    versions: list[int] = []

    def step(n: int, fail: bool = False) -> object:
        def run(folder: Path, notices: list[str]) -> None:
            assert list((folder / "backups").iterdir()), "the backup comes first"
            calls.append(n)
            if fail:
                raise RuntimeError("power cut")

        return run

    def write_version(folder: Path, version: int) -> None:
        versions.append(version)

    notices: list[str] = []
    with pytest.raises(RuntimeError):
        migrate(
            data_dir,
            0,
            notices,
            steps={0: step(0), 1: step(1, fail=True)},  # type: ignore[dict-item]
            target=2,
            write_version=write_version,
        )
    assert calls == [0, 1] and versions == [1]  # step 0 done and recorded; step 1 not
    backup = migrate(
        data_dir,
        versions[-1],
        notices,
        steps={0: step(0), 1: step(1)},  # type: ignore[dict-item]
        target=2,
        write_version=write_version,
    )
    assert calls == [0, 1, 1] and versions == [1, 2]  # only the unfinished step ran again
    assert backup is not None and backup.exists()
    assert "upgraded from version 1 to 2" in notices[-1]
    assert migrate(data_dir, 2, notices, steps={}, target=2) is None
    with pytest.raises(StoreError, match="newer version"):
        migrate(data_dir, 3, notices, steps={}, target=2)


def test_the_version_is_written_to_players_json(data_dir: Path) -> None:
    with open_store(data_dir):
        pass
    assert PlayersFile(data_dir, read_only=True).schema() == SCHEMA_VERSION
