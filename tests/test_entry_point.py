"""The console entry point sends data commands to the store CLI, the rest to the app."""

from __future__ import annotations

from scorekeeper.__main__ import _command


def test_data_command_is_found_after_the_data_dir_option() -> None:
    assert _command(["--data-dir", "/tmp/x", "export", "-o", "f.json"]) == "export"
    assert _command(["--data-dir=/tmp/x", "check"]) == "check"
    assert _command(["import", "f.json"]) == "import"
    assert _command(["--lang", "lv", "--data-dir", "/tmp/x", "backup"]) == "backup"


def test_app_options_are_not_commands() -> None:
    assert _command(["--web", "--port", "8600", "--host", "0.0.0.0"]) is None
    assert _command([]) is None
