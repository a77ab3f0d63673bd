"""Damage stays local (issue #11): one damaged file never stops the store.

Every case of the issue's "Why": the store opens (or refuses with one clear
message), nothing in another file is lost, the damaged piece is kept aside
in ``damaged/``, and ``check`` is clean after ``repair`` (``check --repair``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import Hand
from scorekeeper.settings import Settings, load_settings, save_settings
from scorekeeper.store import open_store
from scorekeeper.store.cli import main as cli

from .helpers import reseal_index

DEEP = "[" * 100_000


def build(data_dir: Path) -> dict[str, Any]:
    """Three players, game A (3 hands), game B (2 hands), game C (no hand:
    its file was written once, so it has no backup)."""
    with open_store(data_dir) as store:
        ann, bob, carl = (store.add_player(n) for n in ("Ann", "Bob", "Carl"))
        a = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        for k in (3, 4, 5):
            store.record_hand(a, Hand.knock(ann.id, k, 25))
        b = store.create_game("standard", [bob.id, carl.id], first_dealer=bob.id)
        store.record_hand(b, Hand.knock(carl.id, 2, 20))
        store.record_hand(b, Hand.gin(bob.id, 10))
        c = store.create_game("standard", [ann.id, carl.id], first_dealer=carl.id)
        hands = {gid: store.game(gid).hands for gid in (a, b, c)}
    save_settings(data_dir, Settings(theme="dark"))
    return {"a": a, "b": b, "c": c, "hands": hands}


def game_path(data_dir: Path, gid: str) -> Path:
    return data_dir / "games" / f"{gid}.json"


def damaged(data_dir: Path, name: str) -> list[Path]:
    folder = data_dir / "damaged"
    return sorted(folder.glob(f"{name}.*")) if folder.exists() else []


def edit_json(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data))


def assert_clean_after_repair(data_dir: Path) -> None:
    with open_store(data_dir) as store:
        store.repair()
        assert store.check() == []
    with open_store(data_dir) as store:
        assert store.notices == []
        assert store.check() == []


@pytest.mark.parametrize("name", ["players.json", "index/b0.json", "settings.json", "game"])
def test_deep_nesting_in_any_file_is_kept_aside_and_the_rest_opens(
    data_dir: Path, name: str
) -> None:
    made = build(data_dir)
    target = game_path(data_dir, made["b"]) if name == "game" else data_dir / name
    target.write_text(DEEP)
    with open_store(data_dir) as store:
        text = " ".join(store.notices)
        assert ("nest more than" in text) or name == "index/b0.json", store.notices
        # Nothing of the other files is lost; the damaged one is back from its backup.
        assert {p.name for p in store.players()} == {"Ann", "Bob", "Carl"}
        for key in ("a", "b", "c"):
            hands = made["hands"][made[key]]
            if name == "game" and key == "b":
                hands = hands[:1]  # its backup: the state before its last hand
            assert store.game(made[key]).hands == hands, key
        assert len(store.list_games()) == 3
        store.review_records()
    kept = damaged(data_dir, target.name)
    assert len(kept) == 1 and kept[0].read_text() == DEEP
    if name == "settings.json":
        assert load_settings(data_dir) == Settings()
    assert_clean_after_repair(data_dir)


def test_settings_too_deep_to_parse_give_the_defaults_even_before_the_store_opens(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(data_dir)
    (data_dir / "settings.json").write_text(DEEP)
    assert load_settings(data_dir) == Settings()
    assert cli(["check", "--data-dir", str(data_dir)]) == 1  # a repair to report
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    assert "settings.json was damaged" in out.out
    assert cli(["check", "--data-dir", str(data_dir)]) == 0


SHAPES: dict[str, Callable[[dict[str, Any]], None]] = {
    "setup oops": lambda d: d["game"]["1"].update(setup="oops"),
    "summary null": lambda d: d["game"]["1"].update(summary=None),
    "summary empty": lambda d: d["game"]["1"].update(summary={}),
    "created_at 5": lambda d: d["game"]["1"].update(created_at=5),
    "rev text": lambda d: d["game"]["1"].update(rev="7"),
    "hand seq missing": lambda d: d.setdefault("hands", {"1": {"id": "x"}})["1"].pop("seq", 0),
    "hands a list": lambda d: d.update(hands=[1, 2]),
    "huge number": lambda d: d["game"]["1"]["summary"].update(hand_count=10**30),
    "year one": lambda d: d["game"]["1"].update(created_at="0001-01-01T00:00+14:00"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_game_file_of_the_wrong_shape_is_kept_aside(data_dir: Path, shape: str) -> None:
    made = build(data_dir)
    for key in ("b", "c"):  # one with backups, one without
        edit_json(game_path(data_dir, made[key]), SHAPES[shape])
    with open_store(data_dir) as store:
        text = " ".join(store.notices)
        assert "was damaged" in text, store.notices
        games = {s.id: s for s in store.list_games()}
        # B came back from its backup; C had none: it is gone from the list
        # (its file is in damaged/); A is untouched.
        assert set(games) == {made["a"], made["b"]}
        assert store.game(made["a"]).hands == made["hands"][made["a"]]
        assert store.game(made["b"]).hands == made["hands"][made["b"]][:1]
        assert games[made["b"]].hand_count == 1
        store.review_records()
    for key in ("b", "c"):
        assert len(damaged(data_dir, f"{made[key]}.json")) == 1
    assert_clean_after_repair(data_dir)


def test_an_index_entry_of_the_wrong_shape_is_made_again(data_dir: Path) -> None:
    made = build(data_dir)
    index = data_dir / "index" / "b0.json"

    def drop_deleted(d: dict[str, Any]) -> None:
        for entry in d["games"].values():
            entry.pop("deleted")
        d["games"]["1"]["totals"] = "lots"

    edit_json(index, drop_deleted)
    with open_store(data_dir) as store:
        listed = {s.id: s for s in store.list_games()}
        assert set(listed) == {made["a"], made["b"], made["c"]}
        assert listed[made["a"]].hand_count == 3
        assert store.check() == []


def test_a_damaged_index_is_rebuilt_from_the_games(data_dir: Path) -> None:
    made = build(data_dir)
    (data_dir / "index" / "b0.json").write_bytes(b"\x00\xff garbage")
    with open_store(data_dir) as store:
        assert {s.id for s in store.list_games()} == {made["a"], made["b"], made["c"]}
        assert store.check() == []
    assert len(damaged(data_dir, "b0.json")) == 1


def test_lying_totals_in_the_index_are_found_and_repaired(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = build(data_dir)
    index = data_dir / "index" / "b0.json"
    # Game files written an hour ago, and an index flushed since: trusted as it is.
    old = time.time() - 3600
    for path in (data_dir / "games").glob("*.json"):
        os.utime(path, (old, old))
    with open_store(data_dir):
        pass

    def lie(d: dict[str, Any]) -> None:
        for entry in d["games"].values():
            if entry["id"] == made["a"]:
                entry["totals"] = dict.fromkeys(entry["totals"], 999)

    edit_json(index, lie)
    reseal_index(data_dir)
    with open_store(data_dir) as store:
        assert any(s.totals and 999 in s.totals.values() for s in store.list_games())
        problems = store.check()
        assert any("index is out of date" in p for p in problems), problems
    assert cli(["check", "--repair", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "its index entry was made again" in out and "all good" in out
    with open_store(data_dir) as store:
        assert not any(999 in s.totals.values() for s in store.list_games())
        assert store.check() == []


def test_a_dangling_reference_and_a_lying_summary_are_repaired(data_dir: Path) -> None:
    made = build(data_dir)

    def dangle(d: dict[str, Any]) -> None:
        first = d["hands"]["1"]
        first["replaces"] = "0123456789abcdef0123456789abcdef"
        d["game"]["1"]["summary"]["totals"] = dict.fromkeys(d["game"]["1"]["summary"]["totals"], 5)

    edit_json(game_path(data_dir, made["a"]), dangle)
    with open_store(data_dir) as store:
        problems = store.check()
        assert any("replaces a version that is gone" in p for p in problems), problems
        assert any("stored totals" in p for p in problems), problems
        rev = store.revision(made["a"])
        done = store.repair()
        assert any("dropped 1 reference" in d for d in done), done
        assert any("made again from its hands" in d for d in done), done
        assert store.revision(made["a"]) == rev + 1  # a change like any other
        assert store.game(made["a"]).hands == made["hands"][made["a"]]
        assert store.check() == []


def test_two_players_of_one_name_are_told_apart_by_repair(data_dir: Path) -> None:
    build(data_dir)
    path = data_dir / "players.json"
    edit_json(path, lambda d: d["players"]["3"].update(name="ann"))
    with open_store(data_dir) as store:
        assert any("two players are called" in p for p in store.check())
        done = store.repair()
        assert any("one is now ann (2)" in d for d in done), done
        assert sorted(p.name for p in store.players()) == ["Ann", "Bob", "ann (2)"]
        assert store.check() == []


# --- issue #15, section 9: each kind of damage gets a true notice ------------------


def check_output(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli(["check", "--data-dir", str(data_dir)])
    return code, capsys.readouterr().out


def test_a_recovery_that_worked_is_reported_repaired_and_check_exits_0(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = build(data_dir)
    game_path(data_dir, made["b"]).write_text("{ not json")
    code, out = check_output(data_dir, capsys)
    assert code == 0, out
    assert "repaired: games/" in out and "restored the backup from" in out
    assert "problem" not in out and out.endswith("all good\n")
    with open_store(data_dir) as store:
        assert store.game(made["b"]).hands == made["hands"][made["b"]][:1]
    assert check_output(data_dir, capsys)[0] == 0


def test_a_loss_is_still_a_problem(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = build(data_dir)
    game_path(data_dir, made["c"]).write_text("{ not json")  # C has no backup
    code, out = check_output(data_dir, capsys)
    assert code == 1
    assert "problem: games/" in out and "no readable backup was found" in out
    assert "repaired: " not in out
    assert check_output(data_dir, capsys)[0] == 0  # told once; C is in damaged/


def test_a_game_file_deleted_with_all_its_backups_is_told(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = build(data_dir)
    for path in (data_dir / "games").glob(f"{made['b']}.json*"):
        path.unlink()
    code, out = check_output(data_dir, capsys)
    assert code == 1, out
    assert f"problem: the game Bob v Carl ({made['b']}" in out, out
    assert "is gone: its file and its backups are no longer in games/" in out
    with open_store(data_dir) as store:
        assert store.notices == []  # told once: it is off the list now
        assert {s.id for s in store.list_games()} == {made["a"], made["c"]}
        assert store.check() == []


def test_a_game_file_holding_another_games_id_is_restored_from_its_backup(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = build(data_dir)
    game_path(data_dir, made["b"]).write_bytes(game_path(data_dir, made["a"]).read_bytes())
    with open_store(data_dir) as store:
        text = " ".join(store.notices)
        assert f"holds the game {made['a']}" in text, store.notices
        assert "restored the backup from" in text
        assert store.game(made["b"]).hands == made["hands"][made["b"]][:1]
        assert store.game(made["a"]).hands == made["hands"][made["a"]]
        assert len(store.list_games()) == 3
    assert len(damaged(data_dir, f"{made['b']}.json")) == 1
    assert_clean_after_repair(data_dir)


def test_a_copy_of_another_game_with_no_backup_is_kept_aside(data_dir: Path) -> None:
    made = build(data_dir)
    game_path(data_dir, made["c"]).write_bytes(game_path(data_dir, made["a"]).read_bytes())
    with open_store(data_dir) as store:
        text = " ".join(store.notices)
        assert f"holds the game {made['a']}" in text and "no readable backup" in text
        assert {s.id for s in store.list_games()} == {made["a"], made["b"]}
        assert store.check() == []


def test_a_game_file_replaced_by_a_folder_is_restored_from_bak1(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = build(data_dir)
    path = game_path(data_dir, made["b"])
    path.unlink()
    path.mkdir()
    (path / "inside.txt").write_text("kept")
    code, out = check_output(data_dir, capsys)
    assert code == 0, out
    assert "is a folder, not a file" in out and "restored the backup from" in out
    assert "bak1" in out and "problem" not in out
    with open_store(data_dir) as store:
        assert store.game(made["b"]).hands == made["hands"][made["b"]][:1]
        assert store.check() == []
    [kept] = damaged(data_dir, f"{made['b']}.json")
    assert (kept / "inside.txt").read_text() == "kept"  # moved aside, not deleted


def test_a_journal_naming_a_missing_staging_folder_is_told_and_kept_aside(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = build(data_dir)
    journal = {
        "staging": ".staging-0123456789abcdef",
        "files": [{"staged": "0.json", "target": f"games/{made['b']}.json", "backups": 2}],
    }
    (data_dir / "journal.json").write_text(json.dumps(journal))
    code, out = check_output(data_dir, capsys)
    assert code == 1, out
    assert "it has now been completed" not in out  # nothing of it could be
    assert "problem: journal.json names a staging folder that is gone" in out, out
    assert not (data_dir / "journal.json").exists()
    assert len(damaged(data_dir, "journal.json")) == 1
    with open_store(data_dir) as store:
        assert store.game(made["b"]).hands == made["hands"][made["b"]]  # as it was
        assert store.notices == [] and store.check() == []
