"""The launcher: options, the packaged font, a second instance on the same folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.store import open_store
from scorekeeper.ui import launch


def test_options_and_defaults() -> None:
    a = launch.parse_args([])
    assert (a.web, a.port, a.host, a.data_dir) == (False, 8550, "127.0.0.1", None)
    a = launch.parse_args(["--web", "--port", "9001", "--host", "0.0.0.0", "--data-dir", "/x"])
    assert (a.web, a.port, a.host, a.data_dir) == (True, 9001, "0.0.0.0", Path("/x"))


def test_no_display_means_web(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert launch.has_display() is (sys.platform in ("win32", "darwin"))


def test_font_with_suits_ships_inside_the_package() -> None:
    font = launch.ASSETS / "fonts" / "DejaVuSans.ttf"
    assert font.is_file() and font.stat().st_size > 100_000
    assert (launch.ASSETS / "fonts" / "LICENSE-DejaVu.txt").is_file()


def test_second_instance_on_the_same_folder_says_so(tmp_path: Path) -> None:
    with open_store(tmp_path / "data"):
        proc = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--web", "--port", "1",
             "--data-dir", str(tmp_path / "data")],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert proc.returncode == 2
    assert "Another Gin Scorekeeper is already using this data folder" in proc.stderr
    assert "Traceback" not in proc.stderr
