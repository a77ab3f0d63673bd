"""The icons and manifest ship inside the package (what the server serves) and
the repository's ``assets/`` holds the same files."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.ui.launch import ASSETS

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def test_icons_and_manifest_ship_in_the_package() -> None:
    manifest = json.loads((ASSETS / "manifest.json").read_text())
    assert manifest["name"] == "Gin Scorekeeper"
    for entry in manifest["icons"]:
        icon = ASSETS / entry["src"]
        assert icon.is_file(), entry
        if entry["type"] == "image/png":
            data = icon.read_bytes()
            w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert data.startswith(PNG) and f"{w}x{h}" == entry["sizes"], entry
    for name in ("favicon.png", "icons/apple-touch-icon-192.png", "icons/loading-animation.png"):
        assert (ASSETS / name).read_bytes().startswith(PNG)


def test_repository_assets_are_the_same_files() -> None:
    icons = [f"icons/{p.name}" for p in (ASSETS / "icons").iterdir()]
    for name in ("manifest.json", "favicon.png", *icons):
        assert (ROOT / "assets" / name).read_bytes() == (ASSETS / name).read_bytes(), name
