"""What Flet's router costs a screen change, in chromium: the two minimal
apps of ``floor_router.py`` (one routed by ``ft.Router``, one drawing the
screen at once and pushing its address, as the app does), side by side.

    python benchmarks/bench_router.py [--moves 20] [--lines 20]

Each app is served on loopback (web mode, ``no_cdn``, Flet's own choice of
renderer) and opened in a phone-sized chromium tab.  The two take turns:
one tap on "Open game", one on "Back home", the other app the same, and so on
(which goes first alternates), so a noisy machine weighs on both alike.

Timed in the page: from the tap's ``pointerdown`` to the new screen's button
in chromium's semantics tree (``sheet_moves.WATCH_JS``).  Printed per app
as p50, p95 and max, with the ratio of the p50s; then each app's address
after the moves and whether Back from the game's screen comes home (both
apps keep the browser's history: the comparison is of the same behaviour).

Why it matters (issue #17): with Flet 1.0.5's router a screen is drawn only
when the browser's route change comes back (``page.push_route`` is a round
trip through the browser and its history), where the app draws it in the
same message that answers the tap.  Every wait is on a condition, never a
fixed sleep.  Needs Debian's chromium and Playwright (see the README).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from figures import p50, spread  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402
from sheet_moves import WAIT_MS, WATCH_JS, BenchServer, open_page  # noqa: E402

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Ui  # noqa: E402

#: the button each screen shows, and the one the other screen shows
TO = {"Open game": "Back home", "Back home": "Open game"}


class RouterFloor(BenchServer):
    """``floor_router.py`` on a free loopback port: Flet's router or not."""

    command = (str(Path(__file__).with_name("floor_router.py")),)

    def __init__(self, data_dir: Path, routed: bool, lines: int) -> None:
        super().__init__(data_dir)
        self.env = {
            "FLET_FORCE_WEB_SERVER": "1",
            "FLOOR_ROUTER": "1" if routed else "0",
            "FLOOR_LINES": str(lines),
        }


def tap(page: Page, button: str) -> float:
    """Tap ``button``; ms from the tap to the other screen's button drawn."""
    page.evaluate(
        "(s) => { window.__bench.taps = []; window.__bench.next = window.__bench.wait(s, true); }",
        f"^{TO[button]}$",
    )
    page.get_by_role("button", name=button, exact=True).click()
    at = float(page.evaluate("window.__bench.next"))
    taps = [float(t) for t in page.evaluate("window.__bench.taps") if t <= at]
    if not taps:
        raise RuntimeError(f"{TO[button]} was drawn before the tap on {button}")
    return at - taps[-1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--moves", type=int, default=20, help="screen changes per app")
    p.add_argument("--lines", type=int, default=20, help="lines of text on each screen")
    args = p.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bench-router-"))
    names = {True: "Flet's router", False: "drawn at once"}
    servers = {r: RouterFloor(tmp / names[r], r, args.lines) for r in names}
    ms: dict[bool, list[float]] = {r: [] for r in names}
    try:
        for srv in servers.values():
            srv.start()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                pages: dict[bool, Page] = {}
                for r, srv in servers.items():
                    ctx = browser.new_context(viewport=PHONE)
                    ctx.add_init_script(WATCH_JS)
                    pages[r] = ctx.new_page()
                    pages[r].set_default_timeout(WAIT_MS)
                    open_page(Ui(pages[r], names[r]), srv.url, "Open game")
                button = {r: "Open game" for r in names}
                for i in range(args.moves):
                    for r in (True, False) if i % 2 == 0 else (False, True):
                        ms[r].append(tap(pages[r], button[r]))
                        button[r] = TO[button[r]]
                print(f"\n== a screen change, {args.lines} lines a screen, {args.moves} a side")
                print("   tap -> the other screen's button drawn in chromium, ms:")
                for r in names:
                    print(f"   {names[r]:>14}: {spread(ms[r])}")
                print(f"   ratio of p50s, router / at once: {p50(ms[True]) / p50(ms[False]):.2f}x")
                for r, page in pages.items():
                    if button[r] == "Open game":  # on Home: one more tap, untimed
                        tap(page, "Open game")
                    at = page.url
                    page.go_back()
                    page.get_by_role("button", name="Open game", exact=True).wait_for()
                    print(f"   {names[r]:>14}: at {at}, Back -> {page.url} (Home drawn)")
            finally:
                browser.close()
    finally:
        for srv in servers.values():
            srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
