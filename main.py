"""The entry `flet build apk` / `flet build ipa` packages ([tool.flet] in
pyproject.toml): the app on a phone, natively, its games in the app's own
storage.  Like the phone build in a browser, export hands the file to the
system (a download or a share sheet) and import reads the picked file's
bytes; unlike it, the storage is the phone's file system, so a write is
durable when the store returns.

On a computer, run the app with ``scorekeeper`` instead (README).
"""

from __future__ import annotations

import os
from pathlib import Path

import flet as ft

from scorekeeper.store import open_store
from scorekeeper.ui.app import run_app


def main() -> None:
    # Flet tells a packaged app where its private storage is.
    storage = os.environ.get("FLET_APP_STORAGE_DATA")
    store = open_store(Path(storage) / "games" if storage else None)
    ft.run(lambda page: run_app(page, store, phone=True))


if __name__ == "__main__":
    main()
