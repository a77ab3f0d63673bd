"""The static site ``scorekeeper build-web`` writes, built once per session
for every test that reads it or serves it (tests/web/test_build_web.py,
tests/e2e/test_phone.py): a plugin of tests/conftest.py.

A build takes 10 to 60 s on a 2-core machine (Pyodide compiles every
module under node), so it is made once and shared; the tests only read it
(a test that changes a site copies it first).
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: The project's root (the command runs there, as a user would run it).
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per run by the command a user runs.  Under
    pytest-xdist the workers share one build: the first to ask makes it in
    the run's common folder while the others wait on a lock."""
    base = tmp_path_factory.getbasetemp()
    # a worker's base is <run>/popen-gwN: the run's folder is its parent
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out = shared / "site"
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "site.built").exists():
            build(out)
            (shared / "site.built").touch()
    return out


def build(out: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "build-web", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"Built {out}:"), done.stdout
    assert (out / "index.html").is_file() and (out / "sw.js").is_file()
