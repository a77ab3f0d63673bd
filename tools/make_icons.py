"""Draw the app's icons (tab icon, home-screen icons) from one SVG.

    python tools/make_icons.py

Writes ``scorekeeper/ui/assets/icons/*.png``, ``favicon.png`` and
``icon.svg`` (the web server serves them in place of Flet's; the
repository's ``assets/`` is a link to that folder).  Renders with the same Debian chromium
the browser tests use (no image library needed).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "scorekeeper" / "ui" / "assets"
GREEN = "#2e7d32"

HEART = (
    "M50 88 C20 65 5 48 5 30 C5 15 17 5 30 5 C40 5 47 11 50 18 "
    "C53 11 60 5 70 5 C83 5 95 15 95 30 C95 48 80 65 50 88 Z"
)
SPADE = (
    "M50 5 C80 30 95 45 95 60 C95 74 84 82 72 82 C63 82 56 78 52 72 "
    "C53 82 57 90 64 95 L36 95 C43 90 47 82 48 72 C44 78 37 82 28 82 "
    "C16 82 5 74 5 60 C5 45 20 30 50 5 Z"
)


def svg(maskable: bool = False) -> str:
    """512×512: two fanned cards, a heart behind a spade, on the app's green.

    ``maskable``: a full-bleed square with the cards inside the safe circle.
    """
    background = (
        f'<rect width="512" height="512" fill="{GREEN}"/>'
        if maskable
        else f'<rect width="512" height="512" rx="104" fill="{GREEN}"/>'
    )
    scale = 0.72 if maskable else 1.0
    cards = f"""
  <g transform="translate(256 262) scale({scale}) translate(-256 -262)">
    <g transform="rotate(-14 256 300)">
      <rect x="112" y="92" width="200" height="290" rx="24" fill="#f4f4f4"
            stroke="#1b5e20" stroke-width="6"/>
      <path d="{HEART}" fill="#c62828" transform="translate(142 122) scale(0.62)"/>
    </g>
    <g transform="rotate(10 256 300)">
      <rect x="200" y="122" width="200" height="290" rx="24" fill="#ffffff"
            stroke="#1b5e20" stroke-width="6"/>
      <path d="{SPADE}" fill="#212121" transform="translate(235 197) scale(1.3)"/>
    </g>
  </g>"""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" '
        f'width="512" height="512">{background}{cards}\n</svg>\n'
    )


def main() -> None:
    icons = ASSETS / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (icons / "icon.svg").write_text(svg())
    jobs = [
        ("icons/icon-512.png", 512, False),
        ("icons/icon-192.png", 192, False),
        ("icons/icon-maskable-512.png", 512, True),
        ("icons/icon-maskable-192.png", 192, True),
        ("icons/apple-touch-icon-192.png", 192, True),  # iOS rounds the corners itself
        ("icons/loading-animation.png", 192, False),
        ("favicon.png", 64, False),
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless"])
        page = browser.new_page()
        for name, size, maskable in jobs:
            page.set_viewport_size({"width": size, "height": size})
            drawing = svg(maskable).replace('width="512"', f'width="{size}"', 1)
            drawing = drawing.replace('height="512"', f'height="{size}"', 1)
            page.set_content(f"<html><body style='margin:0'>{drawing}</body></html>")
            page.screenshot(path=str(ASSETS / name), omit_background=True)
        browser.close()


if __name__ == "__main__":
    main()
