"""The README's two commands on a fresh Debian: a virtual environment, and
`apt-get update` before installing; `.ci/run` runs the test command as written;
the inner loop beside it leaves out the slow and the browser tests."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands() -> list[str]:
    """The one-line ``sh`` blocks of the README's "On a fresh machine"."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## On a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+)\n```", section)


def test_both_commands_make_and_use_a_virtual_environment() -> None:
    run, test, _ = commands()
    for command in (run, test):
        steps = [s.strip() for s in command.split("&&")]
        assert steps[0] == "$(command -v sudo) apt-get update"  # before any install
        assert "python3 -m venv .venv" in steps
        installs = [s for s in steps if "pip install" in s]
        assert installs and all(s.startswith(".venv/bin/python -m pip") for s in installs)
        # no bare `python` (Debian has none) and nothing run outside .venv
        assert not any(re.match(r"(python|pip|pytest)\b", s) for s in steps)
    assert "chromium" in test and test.endswith(".venv/bin/python -m pytest -n auto")
    assert run.endswith(".venv/bin/scorekeeper")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    out = subprocess.run(
        ["bash", str(ROOT / ".ci" / "run"), "--print-test-command"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == commands()[1]


def test_the_inner_loop_is_the_test_command_less_slow_and_browser_tests() -> None:
    _, test, inner = commands()
    assert test.endswith(".venv/bin/python -m pytest -n auto")
    assert inner == '.venv/bin/python -m pytest -n auto -m "not slow and not browser"'
