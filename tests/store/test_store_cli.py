"""``scorekeeper export|import|backup|check``."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scorekeeper.engine import Hand
from scorekeeper.store import open_store
from scorekeeper.store.cli import main


@pytest.fixture
def filled(data_dir: Path) -> str:
    with open_store(data_dir) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 2, 20))
    return gid


def test_export_then_import_elsewhere(
    filled: str, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "all.json"
    assert main(["export", "--data-dir", str(data_dir), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["games"][0]["id"] == filled
    other = tmp_path / "other"
    assert main(["--data-dir", str(other), "import", str(out)]) == 0  # option before command
    assert "1 game added" in capsys.readouterr().out
    assert main(["import", str(out), "--data-dir", str(other), "--dry-run"]) == 0
    assert "would be: 0 players added, 0 games added" in capsys.readouterr().out
    with open_store(other) as store:
        totals = store.summary(filled).totals
        assert {p.name: totals[p.id] for p in store.players()} == {"Ann": 18, "Bob": 0}


def test_export_to_stdout_and_csv(
    filled: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--data-dir", str(data_dir), "--game", filled]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "gin-scorekeeper-export"
    assert main(["export", "--data-dir", str(data_dir), "--game", filled, "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "1,Ann,Ann,knock,2,20,18,Ann,18,0"
    assert main(["export", "--data-dir", str(data_dir), "--csv"]) == 2
    assert "exactly one --game" in capsys.readouterr().err


def test_backup(filled: str, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["backup", "--data-dir", str(data_dir)]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path.parent == (data_dir / "backups").resolve()
    assert zipfile.ZipFile(path).namelist() == [f"games/{filled}.json", "players.json"]


def test_check_reports_problems_with_exit_code_1(
    filled: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "checked 1 games and 2 players" in out and "all good" in out
    # A hand changed by hand so that the game no longer replays:
    path = data_dir / "games" / f"{filled}.json"
    data = json.loads(path.read_bytes())
    [hand] = data["hands"].values()
    hand["hand"]["knocker_deadwood"] = 15
    path.write_text(json.dumps(data))
    assert main(["check", "--data-dir", str(data_dir)]) == 1
    out = capsys.readouterr().out
    assert "problem:" in out and "can't knock with 15" in out


def test_check_reports_a_repair(
    filled: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data_dir / "players.json").write_text("")
    assert main(["check", "--data-dir", str(data_dir)]) == 1
    out = capsys.readouterr().out
    assert "repaired: players.json was damaged (the file is empty)" in out
    assert main(["check", "--data-dir", str(data_dir)]) == 0


def test_errors_are_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["import", str(bad), "--data-dir", str(tmp_path / "d")]) == 1
    assert capsys.readouterr().err == (
        'error: this is not a Gin Scorekeeper export (it should say "format": '
        '"gin-scorekeeper-export")\n'
    )
    assert main(["import", str(tmp_path / "missing.json")]) == 1
    assert "can't read" in capsys.readouterr().err
    assert main(["frobnicate"]) == 2


def test_the_console_entry_point(filled: str, data_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "all good" in result.stdout
