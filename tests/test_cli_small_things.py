"""`scorekeeper --help` names the data commands; `check` on a missing folder
says so and leaves no folder behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.__main__ import DATA_COMMANDS, main


def test_help_lists_the_data_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--web" in out and "data commands" in out
    for command in DATA_COMMANDS:
        assert f"\n  {command} " in out


def test_check_on_a_missing_folder_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "nowhere"
    assert main(["check", "--data-dir", str(missing)]) == 1
    err = capsys.readouterr().err
    assert f"there is no data folder at {missing}" in err
    assert not missing.exists()
    # the default folder too
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "default"))
    assert main(["--lang", "en", "check"]) == 1
    assert not (tmp_path / "default").exists()


def test_check_on_a_real_folder_still_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scorekeeper.store import open_store

    with open_store(tmp_path / "data"):
        pass
    assert main(["check", "--data-dir", str(tmp_path / "data")]) == 0
    assert "all good" in capsys.readouterr().out
