"""Save, undo and live changes on a score sheet in chromium, timed and
weighed the same way for the app and for its floor (``floor_sheet.py``);
used by ``bench_app.py``.

A :class:`Side` is one server with two devices (browser contexts) on its
sheet.  Device A saves and takes back hands; device B makes the same moves
as live changes, which A receives (:data:`ROUND`).  For each move:

- **ms**: from the tap's ``pointerdown`` (on the device that taps) to the
  moment the line's "Edit hand N" button appears in (or is gone from) A's
  semantics tree, both read in the pages on the machine's clock: a
  MutationObserver sees the change as the browser makes it, where
  Playwright's own waits poll (after 20, 50, 100, 100 ms, then every 500).
- **bytes**: the websocket frames A receives from the tap until the side's
  next move begins (the other side's move runs in between, so a message sent
  just after the one that drew the change still counts; one sent seconds
  later, such as the end of a highlight, counts toward the next move).

Every wait is on a condition.  A tap is made again (at most twice) only if
nothing changed in 15 s and the button is still there, as a tap lost to a
redraw in flight is in the e2e tests; ``retaps`` counts them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Locator

from tests.support.browser import PHONE, Server, Ui

WAIT_MS = 120_000  # a generous ceiling for any one wait on a condition
RETAP_MS = 15_000  # nothing changed this long after a tap: it was lost
MOVES = ("save", "undo", "live save", "live undo")
#: One round, from a sheet of N hands: hand N+1 saved and taken back, then
#: hand N taken back and saved again (a long sheet may be cut in blocks, and
#: the last hand then ends one); the same by device B.  The sheet is N hands
#: long again after it.
ROUND = ("save", "undo", "undo", "save", "live save", "live undo", "live undo", "live save")

#: In every page, before its scripts: the times of the ``pointerdown`` events,
#: and ``wait(pattern, drawn)``: a promise of the moment a button whose label
#: matches ``pattern`` is in the semantics tree (``drawn``) or is not.
#: Times are ms on the machine's clock (``timeOrigin + now``), so a tap on
#: one page and a line drawn on another compare.
WATCH_JS = """
(() => {
  if (window.__bench) return;
  const B = window.__bench = { taps: [], waits: [], next: null };
  const now = () => performance.timeOrigin + performance.now();
  const shown = (re) => {
    for (const el of document.querySelectorAll("flt-semantics-host [role=button]")) {
      if (re.test((el.getAttribute("aria-label") || el.textContent || "").trim())) return true;
    }
    return false;
  };
  const check = () => {
    if (!B.waits.length) return;
    const at = now();
    B.waits = B.waits.filter((w) => (shown(w.re) === w.drawn ? (w.resolve(at), false) : true));
  };
  B.wait = (source, drawn) => new Promise((resolve) => {
    B.waits.push({ re: new RegExp(source), drawn, resolve });
    check();
  });
  window.addEventListener("pointerdown", () => { B.taps.push(now()); }, true);
  const start = () => new MutationObserver(check).observe(document.documentElement, {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ["aria-label", "role"],
  });
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, { once: true });
})();
"""


def line_label(n: int) -> str:
    """The pattern of hand ``n``'s line: "Edit hand 7", then its texts."""
    return rf"^Edit hand {n}(?!\d)"


def open_page(ui: Ui, url: str, ready: str) -> None:
    """Open ``url``, turn Flutter's semantics on, wait until ``ready`` is drawn."""
    ui.page.goto(url)
    ph = ui.page.locator("flt-semantics-placeholder")
    ph.wait_for(state="attached", timeout=WAIT_MS)
    ph.evaluate("el => el.click()")
    ui.button(ready).wait_for(timeout=WAIT_MS)


class Device:
    """A phone at the table: a browser context of its own, the sizes of the
    websocket frames its page receives (in order) and its page's watch."""

    def __init__(self, browser: Browser, name: str) -> None:
        self.ctx = browser.new_context(viewport=PHONE)
        self.ctx.add_init_script(WATCH_JS)
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.ui = Ui(self.page, name)
        self.frames: list[int] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload: bytes | str) -> None:
        self.frames.append(len(payload.encode() if isinstance(payload, str) else payload))

    def line(self, n: int) -> Locator:
        return self.page.get_by_role("button", name=re.compile(line_label(n))).first

    def arm(self, n: int, drawn: bool) -> None:
        """Watch for hand ``n``'s line drawn (or gone), from now on."""
        self.page.evaluate(
            "([s, d]) => { window.__bench.next = window.__bench.wait(s, d); }",
            [line_label(n), drawn],
        )

    def seen(self, within_ms: int) -> float | None:
        """When the armed change was seen, or None if not within ``within_ms``."""
        at = self.page.evaluate(
            """(ms) => Promise.race([window.__bench.next,
                 new Promise((ok) => setTimeout(() => ok(null), ms))])""",
            within_ms,
        )
        return None if at is None else float(at)

    def close(self) -> None:
        self.ctx.close()


class Side:
    """One server (the app or the floor) with devices A and B on its sheet of
    ``lines`` hands; ``fill_form`` opens and fills a device's hand form up to
    its "Save hand" (its second argument: which new hand, from 0)."""

    def __init__(
        self,
        name: str,
        browser: Browser,
        srv: Server,
        open_sheet: Callable[[Ui, str], None],
        fill_form: Callable[[Ui, int], None],
        lines: int,
    ) -> None:
        self.name, self.lines, self.fill_form = name, lines, fill_form
        self.a, self.b = Device(browser, f"{name}-a"), Device(browser, f"{name}-b")
        for d in (self.a, self.b):
            open_sheet(d.ui, srv.url)
            d.line(lines).wait_for(state="attached")
        self.ms: dict[str, list[float]] = {m: [] for m in MOVES}
        #: (the line the move drew or removed, the bytes A received for it)
        self.bytes: dict[str, list[tuple[int, int]]] = {m: [] for m in MOVES}
        self.retaps = 0
        #: the move whose frames still come in: its name, line, first frame
        self._open: tuple[str, int, int] | None = None

    def _settle(self) -> None:
        """The last move's bytes: every frame A received since its tap."""
        if self._open is not None:
            move, line, start = self._open
            self.bytes[move].append((line, sum(self.a.frames[start:])))
            self._open = None

    def move(self, move: str, i: int) -> None:
        """Make ``move`` (one of :data:`MOVES`; ``i``: which new hand)."""
        self._settle()
        by = self.b if move.startswith("live") else self.a
        adds = move.endswith("save")
        button = "Save hand" if adds else "Undo last hand"
        if adds:
            self.fill_form(by.ui, i)
        target = self.lines + 1 if adds else self.lines
        # the line the move removes is on A's sheet first (the floor's list
        # had once left it, scrolled out of its tree, and the watch then
        # saw it gone before the tap)
        if not adds:
            self.a.line(target).wait_for(state="attached")
        self.a.arm(target, drawn=adds)
        start = len(self.a.frames)
        by.page.evaluate("window.__bench.taps = []")
        for _ in range(3):
            by.ui.click(button)
            at = self.a.seen(RETAP_MS)
            if at is not None:
                break
            if by.ui.button(button).count() == 0:  # the tap did arrive: wait on
                at = self.a.seen(WAIT_MS)
                break
            self.retaps += 1
        if at is None:
            raise RuntimeError(f"{self.name}: {move} never drawn on device A")
        # from the last tap before the change (a tap made again came after it)
        taps = [float(t) for t in by.page.evaluate("window.__bench.taps") if t <= at]
        if not taps:
            raise RuntimeError(f"{self.name}: {move}: line {target} changed before the tap")
        self.ms[move].append(at - taps[-1])
        self._open = (move, target, start)
        self.lines += 1 if adds else -1
        # both devices show the new sheet before the next move (untimed)
        self.b.line(target).wait_for(state="attached" if adds else "detached")

    def finish(self) -> None:
        self._settle()

    def close(self) -> None:
        self.a.close()
        self.b.close()


class BenchServer(Server):
    """A server as a player's chromium gets it: Flet's own choice of web
    renderer (its Wasm build with skwasm), where the tests take CanvasKit."""

    renderer = None


class FloorServer(BenchServer):
    """``floor_sheet.py`` on a free loopback port, ``hands`` lines long."""

    command = (str(Path(__file__).with_name("floor_sheet.py")),)

    def __init__(self, data_dir: Path, hands: int) -> None:
        super().__init__(data_dir)
        self.env = {"FLET_FORCE_WEB_SERVER": "1", "FLOOR_HANDS": str(hands)}


def open_floor(ui: Ui, url: str) -> None:
    open_page(ui, url, "Enter hand")


def floor_form(ui: Ui, i: int) -> None:
    """The floor's hand form: shown, its Save button drawn."""
    ui.click("Enter hand")
    ui.button("Save hand").wait_for(timeout=WAIT_MS)
