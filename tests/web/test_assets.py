"""The icons and manifest ship inside the package (what the server serves),
kept once: the repository's ``assets/`` is a link to them, not a copy."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.ui.launch import ASSETS

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"
#: Not the repository's: the environment and what an install builds in the
#: work tree (the README's app command, ``pip install '.[all]'``, leaves a
#: copy of the package in build/lib), all in .gitignore.
NOT_THE_REPOSITORY = {".venv", "build", "dist"}


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


def test_the_repository_keeps_each_asset_once() -> None:
    link = ROOT / "assets"
    assert link.is_symlink() and link.resolve() == ASSETS.resolve()
    fonts = sorted(
        p.relative_to(ROOT)
        for p in ROOT.rglob("*.ttf")
        if not NOT_THE_REPOSITORY & set(p.relative_to(ROOT).parts)
    )
    assert [str(p) for p in fonts if not p.is_relative_to("assets")] == [
        "scorekeeper/ui/assets/fonts/DejaVuSans-Bold.ttf",
        "scorekeeper/ui/assets/fonts/DejaVuSans.ttf",
    ]
