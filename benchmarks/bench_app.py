"""App speed in a real browser, on an empty folder and on big histories:
launch -> home drawn in chromium (and the size of what the server sends for
it), "save hand" -> the updated sheet, and save, undo and another device's
changes on a long sheet beside a minimal Flet app making the same moves.

    python benchmarks/bench_app.py [--sizes 0,50000] [--runs 5] [--hands 200] [--saves 5]
                                   [--rounds 3]

For each size (stored hands), a data folder is filled once with the
project-shaped history of ``benchmarks/bench_history.py`` (exactly that many
hands; most games left unfinished, as abandoned games pile up in real use),
plus one game of ``--hands`` hands between Ann and Bob, the newest.

1. Launch: ``python -m scorekeeper --web`` is started as a subprocess
   (chromium is already running); the clock stops when the home screen's
   "New game" button is in chromium's semantics tree, i.e. drawn.  Every
   websocket frame the browser receives until then is counted: the first
   page message (home; the register answer and a few small calls come
   before it, each under 1 KB) and the total.  Targets (issue #10): under
   5 s at 200,000 hands, first message under 100 KB.
2. Save: on the same folder, with ``SCOREKEEPER_TIMING=1``, the Ann v Bob
   game is resumed and a few hands entered in chromium.  Timed: from the tap
   on "Save hand" to the new line's "Edit hand N" drawn in chromium (seen by
   Playwright's ``expect``, which polls: past 270 ms, every 500 ms; step 4
   times it in the page), and the server's own log of the handler (store
   write, replay, diff) as wall clock and CPU.  Target: under 50 ms on the
   server.  Before the game is resumed, the same session opens the history
   and the statistics (each drawn).
3. Memory: that server's peak resident memory so far (``VmHWM`` in
   ``/proc/<pid>/status`` of the ``python -m scorekeeper --web`` process,
   which has no child process), read once home, the history, the statistics,
   the long game's sheet and the last save are drawn; with the data folder's
   size on disk.
   Target (issue #10): under 150 MB at 200,000 hands.
4. Moves beside the floor (issue #17), run before step 2 on the same folder,
   the sheet ``--hands`` long: the app and ``floor_sheet.py`` (a minimal
   Flet app: a list of as many lines, a form over it, Save and Undo; web
   mode, ``no_cdn``, the same Flet), each served on loopback with two
   devices (browser contexts) on the sheet; once per floor (``--floors``):
   the floor's lines in a column (``column``), then in a list built as they
   come into view (``list``, ``FLOOR_LIST=1``, as the app's sheet is: the
   floor of the 1.5x target), then in that list disabled while the form is
   over it (``guard``, ``FLOOR_GUARD=1``, as the app's sheet must be to keep
   Tab and Enter off it), then disabled and out of the accessibility tree
   meanwhile (``hidden``, ``FLOOR_HIDE=1`` too, as the app's sheet must be
   for a screen reader): what each guard alone costs.
   ``--rounds`` times: device A saves hand N+1 and takes it back, takes
   back hand N and saves it again; then device B does the same while A
   watches (a live change).  The two sides take turns move by move (which
   goes first alternates by round), so a noisy machine weighs on both
   alike.  For each move: ms from the tap to
   the line's "Edit hand N" in (or gone from) A's semantics tree, timed in
   the pages; the app / floor ratio (target <= 1.5x for save and undo); the
   bytes A receives (target <= 4 KB each, whatever the sheet's length), by
   the line moved.  How: ``benchmarks/sheet_moves.py``; the app's hand form
   flow is :func:`enter_hand`, the one function to change with the form.

Each figure is printed with the data size it ran on, as p50, p95 and max.
Every wait is on a condition (a text drawn), never a fixed sleep.  Screenshots
of the long sheet go to ``test-output/bench/``.  Needs Debian's chromium and
Playwright (see the README).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_history import synthetic_history  # noqa: E402
from figures import p50, spread  # noqa: E402
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from sheet_moves import (  # noqa: E402
    MOVES,
    ROUND,
    BenchServer,
    FloorServer,
    Side,
    floor_form,
    open_floor,
)

from scorekeeper.engine import Hand, Rules  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from tests.support.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    Ui,
)

SHOTS = ROOT / "test-output" / "bench"
WAIT_MS = 120_000  # a generous ceiling for any one wait on a condition


def kb(n: float) -> str:
    return f"{n / 1024:.1f} KB"


def fill(data_dir: Path, hands: int, game_hands: int) -> dict[str, int]:
    """The history (exactly ``hands`` hands) and Ann v Bob's long game."""
    info = {"hands": 0, "games": 0, "unfinished": 0}
    with open_store(data_dir, durable=False) as store:
        if hands:
            data, made = synthetic_history(0, 20, hands=hands)
            assert made == hands
            store.import_json(data)
            del data
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game(
            "standard", [ann.id, bob.id], Rules(target=10_000), first_dealer=ann.id
        )
        for i in range(game_hands):
            store.record_hand(gid, Hand.knock(ann.id if i % 2 == 0 else bob.id, 5, 6 + i % 20))
        games = store.list_games()
        info["games"] = len(games)
        info["unfinished"] = sum(1 for s in games if not s.finished)
        info["hands"] = sum(s.hand_count for s in games)
    return info


def launch(browser: Browser, data_dir: Path) -> tuple[float, list[int]]:
    """Seconds from starting the server to home drawn; the frames received."""
    frames: list[int] = []

    def on_ws(ws: Any) -> None:
        ws.on(
            "framereceived",
            lambda payload: frames.append(len(payload) if isinstance(payload, bytes | str) else 0),
        )

    page = browser.new_page(viewport=PHONE)
    page.on("websocket", on_ws)
    srv = BenchServer(data_dir)
    t0 = time.perf_counter()
    srv.start()
    try:
        page.goto(srv.url)
        ph = page.locator("flt-semantics-placeholder")
        ph.wait_for(state="attached", timeout=WAIT_MS)
        ph.evaluate("el => el.click()")
        page.get_by_role("button", name="New game").wait_for(timeout=WAIT_MS)
        took = time.perf_counter() - t0
        return took, list(frames)
    finally:
        page.close()
        srv.stop()


def folder_bytes(folder: Path) -> int:
    """The size on disk of the files under ``folder``."""
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def peak_rss(pid: int) -> int:
    """The process's peak resident memory so far (``VmHWM``), in bytes."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"no VmHWM in /proc/{pid}/status")
    return int(found.group(1)) * 1024


def review_screens(page: Page, mark: Callable[[str], None]) -> None:
    """From home: the history drawn, back, the statistics drawn, back; ``mark``
    is called with each screen's name once it is drawn."""
    back = re.compile(r"^Back")
    home = page.get_by_role("button", name="New game")
    page.get_by_role("button", name="History", exact=True).first.click()
    expect(page.get_by_text(re.compile(r"^\d+ games?$")).first).to_be_visible(timeout=WAIT_MS)
    mark("history")
    page.get_by_role("button", name=back).first.click()
    home.wait_for(timeout=WAIT_MS)
    page.get_by_role("button", name="Statistics", exact=True).first.click()
    # (not anchored: Flutter may merge it with the note under it into one node)
    summary = page.get_by_text(re.compile(r"\d+ games?( finished)? · \d+ hands?")).first
    expect(summary).to_be_visible(timeout=WAIT_MS)
    mark("statistics")
    page.get_by_role("button", name=back).first.click()
    home.wait_for(timeout=WAIT_MS)


def enter_hand(ui: Ui, i: int) -> None:
    """The app's hand form for the ``i``-th new hand, filled until its preview
    is drawn; the caller taps "Save hand".  The one place that knows the
    form's flow: who knocked (in the bottom bar, in reach however far the
    sheet is scrolled), both counts."""
    knocker = "Ann" if i % 2 == 0 else "Bob"
    other = "Bob" if knocker == "Ann" else "Ann"
    ui.click(f"{knocker} knocked")
    ui.type_count(knocker, "2")
    ui.type_count(other, "9")
    ui.see(f"{knocker} knocked (2 v 9): {knocker} +7")  # the preview is drawn


def saves(browser: Browser, data_dir: Path, game_hands: int, n: int) -> dict[str, Any]:
    """Home, history, statistics, then ``n`` saves; the server's peak memory."""
    srv = BenchServer(data_dir)
    srv.env = {"SCOREKEEPER_TIMING": "1"}
    srv.start()
    page = browser.new_page(viewport=PHONE)
    drawn: list[float] = []
    #: the server's peak memory (MB) once each step is drawn
    peak: dict[str, float] = {}

    def mark(step: str) -> None:
        assert srv.proc is not None
        peak[step] = peak_rss(srv.proc.pid) / 2**20

    try:
        page.set_default_timeout(WAIT_MS)
        ui = Ui(page, "bench")
        ui.open(srv.url)
        mark("home")
        review_screens(page, mark)
        ui.click("Resume Ann v Bob")
        ui.see(re.compile("deals next"))
        mark(f"sheet of {game_hands}")
        for i in range(n):
            enter_hand(ui, i)
            line = page.get_by_role("button", name=f"Edit hand {game_hands + i + 1}")
            t = time.perf_counter()
            ui.click("Save hand")
            expect(line.first).to_be_attached(timeout=WAIT_MS)
            drawn.append((time.perf_counter() - t) * 1000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "sheet-phone.png"))
        page.set_viewport_size(DESKTOP)
        page.screenshot(path=str(SHOTS / "sheet-desktop.png"))
        mark(f"{n} saves")
    finally:
        page.close()
        out = srv.stop()
    logged = re.findall(r"timing: _?save_hand ([\d.]+) ms \(cpu ([\d.]+) ms\)", out)
    return {
        "drawn": drawn,
        "wall": [float(w) for w, _ in logged],
        "cpu": [float(c) for _, c in logged],
        "peak MB": peak,
    }


def open_app_sheet(ui: Ui, url: str) -> None:
    """Home drawn, then the Ann v Bob game's sheet."""
    ui.open(url)
    ui.click("Resume Ann v Bob")
    ui.see(re.compile("deals next"))
    # a sheet opens at its top, and a list's tree holds only what is near
    # its window: scrolled to its end, where the moves draw their lines
    ui.page.mouse.move(195, 400)
    for _ in range(120):  # until the totals under the last line are in the tree
        ui.page.mouse.wheel(0, 20_000)
        if ui.page.get_by_text("Σ").count():
            break
        ui.page.wait_for_timeout(250)


#: The floors the moves are run beside, each on its own: the name, its
#: environment for floor_sheet.py, and what it is, as printed.
FLOORS: dict[str, tuple[dict[str, str], str]] = {
    "column": ({}, "a column of its lines"),
    "list": (
        {"FLOOR_LIST": "1"},
        "its lines in a list built as they come into view (FLOOR_LIST=1, as the app's sheet)",
    ),
    "guard": (
        {"FLOOR_LIST": "1", "FLOOR_GUARD": "1"},
        "that list disabled under the form, as the app's sheet must be (FLOOR_GUARD=1)",
    ),
    "hidden": (
        {"FLOOR_LIST": "1", "FLOOR_GUARD": "1", "FLOOR_HIDE": "1"},
        "that list disabled and out of the accessibility tree under the form,"
        " as the app's sheet must be (FLOOR_GUARD=1 FLOOR_HIDE=1)",
    ),
}


def moves(browser: Browser, data_dir: Path, game_hands: int, rounds: int, floor: str) -> list[Side]:
    """The app and its floor side by side, each with two devices on a sheet of
    ``game_hands`` hands; ``rounds`` times each move, the two sides taking
    turns move by move, and which goes first changing every round.
    ``floor``: which of :data:`FLOORS`.  Two sides at a time: a third (six
    tabs on two cores) slowed the column floor 2.6-fold in one run."""
    app_srv = BenchServer(data_dir)
    floor_srv = FloorServer(data_dir.parent / f"floor-{floor}", game_hands)
    floor_srv.env.update(FLOORS[floor][0])
    sides: list[Side] = []
    try:
        app_srv.start()
        floor_srv.start()
        sides.append(Side("app", browser, app_srv, open_app_sheet, enter_hand, game_hands))
        sides.append(Side("floor", browser, floor_srv, open_floor, floor_form, game_hands))
        for r in range(rounds):
            for k, move in enumerate(ROUND):
                for side in sides if r % 2 == 0 else sides[::-1]:
                    side.move(move, r * len(ROUND) + k)
        for side in sides:
            side.finish()
        return sides
    finally:
        for side in sides:
            side.close()
        app_srv.stop()
        floor_srv.stop()


#: what each move is, as printed
MOVE_TEXT = {
    "save": "save hand -> new line drawn",
    "undo": "undo last hand -> line gone",
    "live save": "another device's save -> line drawn here",
    "live undo": "another device's undo -> line gone here",
}


def print_moves(sides: list[Side], size: int, game_hands: int, which: str) -> None:
    app, floor = sides
    kind = FLOORS[which][1]
    print(f"  moves on the {game_hands}-hand sheet ({size:,} history hands), app beside the"
          f" floor (floor_sheet.py: {kind}), interleaved; ms, tap to semantics node:")  # fmt: skip
    for move in MOVES:
        a, f = app.ms[move], floor.ms[move]
        print(f"    {MOVE_TEXT[move]}:")
        print(f"      app    {spread(a)}")
        print(f"      floor  {spread(f)}")
        if a and f:
            ratio = p50(a) / p50(f)
            target = "   (target <= 1.5x)" if move in ("save", "undo") else ""
            paired = spread([x / y for x, y in zip(a, f, strict=True)])
            print(f"      app / floor: {ratio:.2f}x (p50s){target}; move by move: {paired}")
    print(f"  bytes sent to device A per move ({game_hands}-hand sheet, {size:,} history"
          " hands), KB (target <= 4 KB each, whatever the sheet's length):")  # fmt: skip
    for move in MOVES:
        for line in sorted({n for n, _ in app.bytes[move]}, reverse=True):
            a = [b / 1024 for n, b in app.bytes[move] if n == line]
            f = [b / 1024 for n, b in floor.bytes[move] if n == line]
            over = "   over 4 KB!" if a and max(a) > 4 else ""
            print(f"    {move + ', hand ' + str(line) + ':':<20} app    {spread(a)}{over}")
            print(f"    {'':<20} floor  {spread(f)}")
    if app.retaps or floor.retaps:
        print(f"  taps made again (lost to a redraw): app {app.retaps}, floor {floor.retaps}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="0,50000", help="stored hands, comma separated")
    p.add_argument("--runs", type=int, default=5, help="launches per size")
    p.add_argument("--hands", type=int, default=200, help="hands in the game saved into")
    p.add_argument("--saves", type=int, default=5, help="saves timed on the server")
    p.add_argument("--rounds", type=int, default=3, help="rounds of moves beside the floor")
    p.add_argument(
        "--floors", default=",".join(FLOORS), help=f"floors, comma separated: {', '.join(FLOORS)}"
    )
    args = p.parse_args(argv)
    if args.rounds and args.hands < 1:
        p.error("the moves take back the sheet's last hand: --hands must be 1 or more")
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    floors = [f.strip() for f in args.floors.split(",") if f.strip()]
    if unknown := set(floors) - set(FLOORS):
        p.error(f"no such floor: {', '.join(sorted(unknown))}")
    failed = False
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for size in sizes:
                tmp = Path(tempfile.mkdtemp(prefix="bench-app-"))
                try:
                    t = time.perf_counter()
                    info = fill(tmp / "data", size, args.hands)
                    print(
                        f"\n== {size:,} history hands: {info['hands']:,} hands stored in "
                        f"{info['games']:,} games ({info['unfinished']:,} unfinished); "
                        f"filled in {time.perf_counter() - t:.1f} s"
                    )
                    boots = [launch(browser, tmp / "data") for _ in range(args.runs)]
                    # the register answer and a few small calls come first; the
                    # app's first page (home) is the one big message
                    pages = [max(f) / 1024 for _, f in boots if f]
                    print(f"  launch -> home drawn in chromium, s:  {spread([b for b, _ in boots])}"
                          "   (target < 5 s)")  # fmt: skip
                    print(f"  first page message (home), KB: {spread(pages)}"
                          "   (target < 100 KB)")  # fmt: skip
                    total = [sum(f) / 1024 for _, f in boots if f]
                    print(f"  all messages to home, KB: {spread(total)}")
                    data_mb = folder_bytes(tmp / "data") / 2**20
                    # the moves first: they leave the sheet as long as it was
                    m = [
                        moves(browser, tmp / "data", args.hands, args.rounds, floor)
                        for floor in (floors if args.rounds else ())
                    ]
                    s = saves(browser, tmp / "data", args.hands, args.saves)
                    print(f"  save hand -> new line drawn in chromium, ms: {spread(s['drawn'])}")
                    if s["cpu"]:
                        print(f"  save hand on the server, CPU ms:  {spread(s['cpu'])}"
                              "   (target < 50 ms)")  # fmt: skip
                        print(f"  save hand on the server, wall ms: {spread(s['wall'])}"
                              " (durable write's fsync included)")  # fmt: skip
                    else:
                        print("  save hand: no timings logged (is SCOREKEEPER_TIMING honoured?)")
                        failed = True
                    steps = ", ".join(f"{k} {v:.1f}" for k, v in s["peak MB"].items())
                    print(f"  server peak memory (VmHWM) once drawn, MB: {steps}"
                          "   (target < 150 MB at 200k)")  # fmt: skip
                    print(f"  data folder on disk: {data_mb:.1f} MB for {info['hands']:,} hands")
                    for sides, floor in zip(m, floors, strict=False):
                        print_moves(sides, size, args.hands, floor)
                finally:
                    shutil.rmtree(tmp, ignore_errors=True)
        finally:
            browser.close()
    print(f"\nscreenshots: {SHOTS / 'sheet-phone.png'}, {SHOTS / 'sheet-desktop.png'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
