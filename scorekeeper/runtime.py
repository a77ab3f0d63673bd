"""What differs when the app runs as Python inside a phone's browser.

The phone build (``scorekeeper build-web``, entry :mod:`scorekeeper.ui.browser`)
runs the same engine, store and UI under Pyodide.  Pyodide is CPython on
Emscripten: one thread, no processes, no hard links, no ``time.thread_time``,
and files that live in memory until they are synced to the browser's
IndexedDB.  Every place that must act differently asks this module, so the
differences are decided here and nowhere else:

* :data:`IN_BROWSER`: running under Pyodide (``sys.platform == "emscripten"``).
* :data:`HAS_THREADS` / :data:`HAS_PROCESSES`: an import is then done on the
  event loop in one go (importer.py), and no thread is started.
* :func:`hard_link`: the backup rotation links where it can, else copies.
* :func:`cpu_time`: the timing log's CPU clock.
* :func:`wrote` / :data:`WRITE_LISTENERS`: every file write outside the
  store's own announcements (the settings) is told, so the phone build can
  sync it to IndexedDB before the screen says it is saved.

>>> IN_BROWSER
False
>>> cpu_time() >= 0
True
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "HAS_PROCESSES",
    "HAS_THREADS",
    "IN_BROWSER",
    "WRITE_LISTENERS",
    "cpu_time",
    "hard_link",
    "wrote",
]

IN_BROWSER = sys.platform == "emscripten"
#: Pyodide has no threads: ``threading.Thread.start`` raises there.
HAS_THREADS = not IN_BROWSER
#: ... and no processes to start (no ``subprocess``, no ``fork``).
HAS_PROCESSES = not IN_BROWSER

#: Told (with no argument) after a file of a data folder was written outside
#: the store's own ``on_change`` announcements.
WRITE_LISTENERS: list[Callable[[], None]] = []


def wrote() -> None:
    for listener in list(WRITE_LISTENERS):
        listener()


def hard_link(src: Path, dst: Path) -> None:
    """``os.link`` where the file system has hard links; a copy where it has
    not (FAT, some Android storage: ``OSError``; Pyodide has no ``os.link``
    at all)."""
    link = getattr(os, "link", None)
    if link is not None:
        try:
            link(src, dst)
            return
        except OSError:
            pass
    shutil.copyfile(src, dst)


def cpu_time() -> float:
    """This thread's CPU seconds (the process's where there is no thread clock)."""
    clock = getattr(time, "thread_time", None) or time.process_time
    return float(clock())
