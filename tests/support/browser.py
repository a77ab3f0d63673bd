"""The one browser harness: the app served in web mode on loopback, Debian's
chromium driven by Python Playwright (tests/e2e, tests/e2e_review and the
browser tests of tests/web; the benchmarks borrow it too).

The tests fail (never skip) when chromium or Playwright is missing.  The
fixtures over these classes are in :mod:`tests.support.fixtures`.

Screenshots are taken on demand: with ``SCOREKEEPER_SHOTS=1`` every
:meth:`Ui.shot` is saved under ``test-output/<suite>/<test><suffix>.png``;
without it, :meth:`Ui.shot` only sets the window's size it was given.  A test
that asserts on pixels reads them itself (``page.screenshot()``).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Protocol, Self, TypeVar
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
SHOTS = OUTPUT / "e2e"
#: Every :meth:`Ui.shot` saved (``SCOREKEEPER_SHOTS=1``), for a person to look at.
SHOTS_ON = os.environ.get("SCOREKEEPER_SHOTS", "") not in ("", "0")
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
#: The browser most tests drive: Debian's build of the same Chromium's old
#: headless mode (package chromium-headless-shell), the one Playwright runs
#: headless tests in by default.  Chromium's own ``--headless`` opens a
#: whole browser window for each context, with a WebUI renderer for its
#: omnibox popup: a page load there cost 5.9 CPU-seconds, here 3.7 (same
#: Blink, V8 and CanvasKit; measured on a 2-core machine, median of 3).
#: The tests of the browser a player has (the phone site installed, Flet's
#: WebGL renderer) use :data:`CHROMIUM`, as do the benchmarks.
TEST_CHROMIUM = os.environ.get("SCOREKEEPER_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: What the tests' chromium adds (the benchmarks time the browser as it is):
#: no WebGL, so CanvasKit draws on the page's own thread with Skia's CPU
#: rasteriser instead of through SwiftShader, chromium's software GPU on a
#: machine without one (same pictures, a sixth less CPU for a test and a
#: tenth of the GPU process's).  Flet's own renderer, skwasm, is tried with
#: WebGL on (``test_browser_guard``).
TEST_ARGS = [*CHROMIUM_ARGS, "--disable-3d-apis"]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
TIMEOUT_MS = 20_000

try:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        Locator,
        Page,
        ViewportSize,
        WebSocket,
        expect,
    )
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
except ImportError as exc:  # pragma: no cover - CI installs it
    raise RuntimeError("the browser tests need Playwright: pip install -e '.[test]'") from exc


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_port(port: int, proc: subprocess.Popen[str], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stdout.read() if proc.stdout else ""
            raise RuntimeError(f"the app exited with {proc.returncode}:\n{out}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"the app did not open port {port} in {timeout}s")


def wait_until(condition: Callable[[], bool], timeout: float = TIMEOUT_MS / 1000) -> None:
    """Poll a condition the page cannot wait for itself (a redraw's sizes,
    a file the server writes)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def serve(
    cmd: list[str],
    port: int,
    *,
    stdout: int | IO[str],
    stdin: int = subprocess.DEVNULL,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[str]:
    """Start a server process (its errors with its output) and wait until
    it listens on ``port`` of 127.0.0.1."""
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT, text=True
    )
    wait_port(port, proc)
    return proc


def stop_process(proc: subprocess.Popen[str], timeout: float = 15) -> str:
    """Ask a process to end (killed if it has not in ``timeout`` s); what it
    printed to a pipe."""
    proc.terminate()
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    return out or ""


class Server:
    """``python -m scorekeeper --web`` on a free loopback port, one data folder."""

    #: How the app is started (the review suite serves its standalone screens).
    command: tuple[str, ...] = ("-m", "scorekeeper", "--web")
    #: The web client's renderer (``FLET_WEB_RENDERER``), None for Flet's own
    #: choice, which in chromium is its Wasm build drawing with skwasm.  Tests
    #: take CanvasKit, the renderer the phone build ships: under the software
    #: GL of a machine without a GPU, skwasm's render worker and the page have
    #: three times spun together at full CPU for good (a tab hung for 13 min in
    #: a CI run); CanvasKit draws on the page's own thread.  One test
    #: (``test_browser_guard``) opens the app with Flet's choice too, and the
    #: benchmarks time Flet's choice.
    #: ``SCOREKEEPER_TEST_RENDERER=auto`` runs the tests with Flet's choice.
    renderer: str | None = os.environ.get("SCOREKEEPER_TEST_RENDERER", "canvaskit")

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.proc: subprocess.Popen[str] | None = None
        self.env: dict[str, str] = {}  # extra environment for the app
        #: the app's standard input (never the terminal the tests run in)
        self.stdin: int = subprocess.DEVNULL

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        env = dict(os.environ, FLET_WEB_NO_CDN="1")
        if self.renderer:
            env["FLET_WEB_RENDERER"] = self.renderer
        env.update(self.env)
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        cmd = [
            sys.executable, *self.command,
            "--port", str(self.port), "--data-dir", str(self.data_dir),
        ]  # fmt: skip
        self.proc = serve(cmd, self.port, stdout=subprocess.PIPE, stdin=self.stdin, env=env)

    @contextlib.contextmanager
    def running(self) -> Iterator[Self]:
        """Started, and stopped after (failing on a traceback it printed)."""
        self.start()
        try:
            yield self
        finally:
            self.stop_checked()

    def stop_checked(self) -> None:
        """Stop, failing the test on any traceback the app left in the output."""
        out = self.stop()
        errors = app_tracebacks(out)
        assert not errors, f"{errors}\n{out[-4000:]}"

    def stop(self) -> str:
        """Stop the app; what it printed."""
        out = stop_process(self.proc) if self.proc is not None else ""
        self.proc = None
        return out


class LanServer(Server):
    """``python -m scorekeeper --lan``; reads the host link it prints."""

    command = ("-m", "scorekeeper", "--lan", "--host", "0.0.0.0", "--allow-host", "127.0.0.2")

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.host_link = ""
        self.links: list[str] = []  # every host link printed, in order
        self.printed: list[str] = []
        self.stdin = subprocess.PIPE  # Enter asks for a new host link
        self._new_link = threading.Condition()

    def start(self) -> None:
        super().start()
        assert self.proc is not None and self.proc.stdout is not None

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                self.printed.append(line)
                if line.startswith("Host link"):
                    with self._new_link:
                        self.links.append(line.rsplit(" ", 1)[1].strip())
                        self._new_link.notify_all()

        threading.Thread(target=read, daemon=True).start()
        with self._new_link:
            assert self._new_link.wait_for(lambda: self.links, 30), "".join(self.printed)
        self.host_link = self.links[0]
        # loopback only: the printed link is the host's own address
        assert self.host_link.startswith(f"http://127.0.0.1:{self.port}/?host=")

    def press_enter(self) -> str:
        """Enter in the server's terminal: the fresh host link it prints."""
        assert self.proc is not None and self.proc.stdin is not None
        before = len(self.links)
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        with self._new_link:
            assert self._new_link.wait_for(lambda: len(self.links) > before, 30)
        return self.links[-1]

    @property
    def phone_url(self) -> str:
        return f"http://127.0.0.2:{self.port}/"

    def stop(self) -> str:
        return "".join(self.printed) + super().stop()


class ReviewServer(Server):
    """``python -m scorekeeper.ui.review``: the review screens on their own,
    in English whatever the machine's language."""

    command = ("-m", "scorekeeper.ui.review")

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.env = {"LANGUAGE": "en", "LANG": "C.UTF-8"}


#: A browser test taking longer than this has a tab that stopped answering
#: (the longest, the phone's offline story, took 97 s on this 2-core machine).
HUNG_S = 600.0


def descendants(pid: int) -> set[int]:
    """The processes started by ``pid``, and by those, read from ``/proc``."""
    parents: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            # the parent's pid is the 2nd field after "(command)"; a process
            # may be gone meanwhile
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, parent in parents.items() if parent == p and c not in found]
        found.update(kids)
        todo.extend(kids)
    return found


def stop_renderers() -> list[int]:
    """Kill this process's chromium renderers (its tabs); the browser and
    Playwright stay.  A Playwright call waiting on a killed tab fails at once."""
    stopped = []
    for pid in descendants(os.getpid()):
        with contextlib.suppress(OSError):  # gone meanwhile
            # one string: chromium writes its arguments over its own argv
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGKILL)
                stopped.append(pid)
    return stopped


#: What the web server's transport logs when a browser tab closes while a
#: message is on its way to it: the browser's doing, not the app's.
CLIENT_GONE = (
    "starlette.websockets.WebSocketDisconnect",  # and WebSocketDisconnected
    "uvicorn.protocols.utils.ClientDisconnected",
    "websockets.exceptions.ConnectionClosed",  # and its OK and Error kinds
    "websockets.exceptions.InvalidState: connection is closing",  # the tab sent its close
    "RuntimeError: Unexpected ASGI message 'websocket.send', after sending 'websocket.close'",
)


def app_tracebacks(out: str) -> list[str]:
    r"""The tracebacks in a server's output, but those of a browser going away.

    >>> app_tracebacks("ok\nTraceback (most recent call last):\n  File x\nValueError: bad\n")
    ['ValueError: bad']
    >>> app_tracebacks("Traceback (most recent call last):\n  File y\n"
    ...                "uvicorn.protocols.utils.ClientDisconnected\n\nDuring handling of the "
    ...                "above exception, another exception occurred:\n\n"
    ...                "Traceback (most recent call last):\n  File y\n"
    ...                "starlette.websockets.WebSocketDisconnect\nINFO: bye\n")
    []
    """
    found = []
    for block in out.split("Traceback (most recent call last):")[1:]:
        # the exception is the first line after the indented frames
        error = next((ln for ln in block.splitlines()[1:] if ln and not ln[0].isspace()), "")
        if not error.startswith(CLIENT_GONE):
            found.append(error)
    return found


T = TypeVar("T")

#: Resolves once the browser has painted two frames from now (see :meth:`Ui.painted`).
PAINTED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
#: The addresses of the screens the server draws again for a new window size
#: (the sheet and the table view: ui/app.py's ``_on_resize``).
REDRAWN_ON_RESIZE = re.compile(r"/game/[^/]+(/table)?/?")
#: How long a resize on those screens may wait for the server's redraw; one
#: that changes nothing of the screen is answered with nothing.
ANSWER_MS = 5_000


def is_resize(frame: str | bytes) -> bool:
    """Whether a message of Flet's client to the server is its page's
    ``resize`` event (msgpack: the event name, a 6-letter string)."""
    return isinstance(frame, bytes) and b"\xa4name\xa6resize" in frame


class Ui:
    """A browser tab on the app, with the few moves the tests need."""

    def __init__(
        self, page: Page, name: str, *, shots: Path = SHOTS, ready: str = "New game"
    ) -> None:
        self.page = page
        self.name = name
        #: where :meth:`shot` saves (one folder per suite)
        self.shots = shots
        #: the button :meth:`open` waits for unless told another
        self.ready = ready
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        #: the page's WebSocket to the server (the newest), and what went
        #: over it in order: "resize" for each resize the client sent, "in"
        #: for each message from the server (see :meth:`resize`)
        self.socket: WebSocket | None = None
        self.frames: list[str] = []
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        self.socket = ws
        ws.on("framesent", lambda f: self.frames.append("resize") if is_resize(f) else None)
        ws.on("framereceived", lambda _: self.frames.append("in"))

    def open(self, url: str, ready: str | re.Pattern[str] | None = None) -> None:
        """Load ``url``, turn Flutter's accessibility tree on (the tests read
        it) and wait until the button ``ready`` is drawn (default:
        :attr:`ready`; "" for no wait)."""
        self.page.goto(url)
        ph = self.page.locator("flt-semantics-placeholder")
        ph.wait_for(state="attached", timeout=60_000)
        ph.evaluate("el => el.click()")
        ready = self.ready if ready is None else ready
        if ready:
            self.page.get_by_role("button", name=ready).first.wait_for(timeout=60_000)

    def button(self, name: str | re.Pattern[str]) -> Locator:
        return self.page.get_by_role("button", name=name, exact=isinstance(name, str)).first

    def click(self, name: str | re.Pattern[str]) -> None:
        button = self.button(name)
        self.bring(button)
        button.click()

    def bring(self, target: Locator) -> None:
        """Bring ``target`` inside the window before a tap on it, and wait
        until Flutter has followed.  Playwright scrolls a control outside
        the window into view by scrolling the accessibility tree's DOM, which
        Flutter follows by scrolling its list a frame or more later; a tap
        made in between lands where the control will be, on whatever the
        canvas still shows there (most likely how clean-clone runs started a
        game "to 150" and found the money switch off after the stake field).

        A redraw may replace the control's node between the look and the
        scroll ("Element is not attached to the DOM", seen in CI after a
        delete redrew the list): the locator is then resolved again."""
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        size = self.page.viewport_size or PHONE
        while True:
            try:
                target.wait_for(timeout=TIMEOUT_MS)
                box = target.bounding_box()
                if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]:
                    return
                target.scroll_into_view_if_needed(timeout=TIMEOUT_MS)
                self.settled(target.bounding_box, "a control scrolled into view")
                return
            except PlaywrightError as exc:
                if "not attached" not in str(exc) or time.monotonic() > deadline:
                    raise

    def add_player(
        self, name: str, shows: str | re.Pattern[str] | None = None, label: str = "New player name"
    ) -> None:
        """Type a new player's name and press Enter, as on a desktop keyboard,
        until the app shows ``shows`` (default: the name among the players).

        Not a click on "Add player": the browser may deliver a click before
        the text typed just before it (two channels, and a loaded machine
        reorders them), and the server then adds an empty name.  Enter goes
        down the same channel as the text, after it."""

        tries = 0

        def add() -> None:
            nonlocal tries
            tries += 1
            if tries > 1:
                # Typed again from an empty field: the same text filled over
                # itself is no edit to the app's field, so a name its field
                # missed (the app answered "type a name first") was missed
                # again on each try (the clean-clone CI at 88152dc, 5 tests).
                print(f"{self.name}: '{name}' typed again (the app did not add it)")
                self.fill(label, "")
            self.fill(label, name)
            self.page.get_by_role("textbox", name=label).press("Enter")

        # the field is a new one after each add: typing into the old one,
        # still on screen, is lost (and typed again)
        self.until(add, shows or re.compile(r"^Playing: .*" + re.escape(name)))

    def until(self, act: Callable[[], None], shows: str | re.Pattern[str]) -> None:
        """Do ``act`` until the app shows ``shows`` (at most three times)."""
        for _ in range(3):
            act()
            try:
                expect(self.page.get_by_text(shows).first).to_be_visible(timeout=5000)
                return
            except AssertionError:
                continue
        self.see(shows)

    def tap_cards(self, who: str, cards: list[str], summary: str) -> None:
        """Tap ``who``'s cards one by one on the card grid, each tap seen
        counted (``summary``: "full" for a whole hand, else "deadwood")."""
        self.click(f"Tapping {who}")

        def counted(n: int) -> Locator:
            if summary == "full":
                return self.text(re.compile(rf"^{who}: {n} of 10"))
            return self.text(re.compile(rf"^{who}: {n} cards?, deadwood"))

        for i, c in enumerate(cards, start=1):
            # a tap lost to a redraw in flight is tapped again, only while
            # the count still reads as before (a tap that took is never repeated)
            for _ in range(3):
                self.click(c)
                try:
                    expect(counted(i)).to_be_visible(timeout=5000)
                    break
                except AssertionError:
                    if not counted(i - 1).is_visible():
                        break
                    print(f"{self.name}: {c} tapped again (the count stayed at {i - 1})")
            expect(counted(i)).to_be_visible(timeout=TIMEOUT_MS)

    def reach(self, target: Locator, dy: int = -600) -> None:
        """Scroll the window's list (the mouse wheel over its middle, up for
        a negative ``dy``) until ``target`` can be tapped, as a player
        reaches a button the sheet has scrolled away.  Playwright's own
        scroll into view moves the page's DOM, which Flutter's list does
        not follow: the button stays under the bar pinned above the list."""
        target.wait_for()
        for _ in range(12):
            try:
                target.click(trial=True, timeout=1500)  # tappable: nothing over it
                return
            except PlaywrightTimeoutError:
                size = self.page.viewport_size or PHONE
                self.page.mouse.move(size["width"] / 2, size["height"] / 2)
                self.page.mouse.wheel(0, dy)
        target.click(trial=True)  # fails with Playwright's account of what covers it

    def click_until(
        self, name: str | re.Pattern[str], shows: str | re.Pattern[str] | Locator
    ) -> None:
        """Tap a button until the app shows ``shows``.  On a loaded machine a
        tap that lands while Flutter is still laying out the last redraw can
        be lost (the page stays as it was, the server never hears of it);
        the tap is repeated only while the button is still on screen, so a
        tap that did arrive is never made twice."""
        shown = shows if isinstance(shows, Locator) else self.page.get_by_text(shows).first
        for _ in range(3):
            self.click(name)
            try:
                expect(shown).to_be_visible(timeout=5000)
                return
            except AssertionError:
                if self.button(name).count() == 0:
                    break
                print(f"{self.name}: {name!r} tapped again (the app did not show {shows!r})")
        expect(shown).to_be_visible(timeout=TIMEOUT_MS)

    def choose(self, menu: str, item: str, chosen: str) -> None:
        """Open the drop-down menu ``menu`` and pick ``item`` in it, until the
        menu's button reads ``chosen``; each tap made again if it was lost to
        a redraw in flight (a CI run lost the tap that opens a menu)."""
        self.click_until(menu, self.button(item))
        self.click_until(item, self.button(chosen))

    def to_sheet(
        self,
        sheet: str = "Sheet",
        hint: str = "Tap a hand to open, correct or revert it.",
        table_view: str = "Table view",
    ) -> None:
        """From the table view back to the sheet (the words of its button, the
        sheet's hint under its hands and its "Table view" in the language on
        screen).  Tapped again if lost: the tap often follows a resize, and a
        CI run lost one to its redraw (the table view stayed)."""
        self.click_until(sheet, hint)
        expect(self.button(table_view)).to_be_visible(timeout=TIMEOUT_MS)

    def knock(self, who: str, label: str = "", shows: str = "") -> None:
        """Tap "``who`` knocked" on the hand form until the form shows it took:
        ``who`` named as the knocker, by their deadwood (a box, or a line
        after gin) or by "Tapping ``who``" on the card grid (``label`` and
        ``shows``: the button's words and the deadwood's or the grid's, in
        another language).  Before, both are named by role.  A tap lost to a
        redraw in flight is made again; a second one that did arrive changes
        nothing (it chooses the same knocker)."""
        names = [shows] if shows else [f"{who}'s deadwood", f"Tapping {who}"]
        pattern = re.compile("|".join(re.escape(n) for n in names))
        took = self.page.get_by_role("button", name=pattern).or_(self.page.get_by_text(pattern))
        for _ in range(3):
            self.click(label or f"{who} knocked")
            try:
                expect(took.first).to_be_visible(timeout=5000)
                return
            except AssertionError:
                print(f"{self.name}: '{who} knocked' tapped again (the form did not show it)")
        expect(took.first).to_be_visible(timeout=TIMEOUT_MS)

    def text(self, text: str | re.Pattern[str]) -> Locator:
        return self.page.get_by_text(text).first

    def see(self, text: str | re.Pattern[str]) -> None:
        expect(self.page.get_by_text(text).first).to_be_visible(timeout=TIMEOUT_MS)

    def fill(self, label: str, value: str) -> None:
        """Type into a field; typing lost to a redraw in flight is retried."""
        box = self.page.get_by_role("textbox", name=label)
        for _ in range(3):
            self.bring(box)
            box.click()
            box.fill(value)
            try:
                expect(box).to_have_value(value, timeout=3000)
                return
            except AssertionError:
                continue
        expect(box).to_have_value(value)

    def fill_until(self, label: str, value: str, shows: str) -> None:
        """Type into a field until the app shows ``shows``: a redraw still in
        flight from an earlier keystroke can put the field's old value back."""
        self.until(lambda: self.fill(label, value), shows)

    def painted(self) -> None:
        """Wait until the browser has painted a frame after everything the
        page has now: Flutter draws its canvas in the frame after it
        updated the semantics tree the tests wait on, so two animation
        frames from now the canvas shows it."""
        self.page.evaluate(PAINTED)

    def settled(self, read: Callable[[], T], what: str = "the page") -> T:
        """``read()`` once it gives the same twice running, a frame painted
        before each read: what the page shows once its layout (or its
        pixels: ``read`` may take a screenshot) stopped moving."""
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        self.painted()
        last = read()
        while True:
            self.painted()
            now = read()
            if now == last:
                return now
            assert time.monotonic() < deadline, f"{what} still changing after {TIMEOUT_MS} ms"
            last = now

    def answered(self, act: Callable[[], None]) -> None:
        """Do ``act`` (a tap the server answers with a redraw) and wait until
        a message from the server came in after it, then a painted frame."""
        ws = self.socket
        assert ws is not None, "no app on the page"
        before = len(self.frames)
        act()
        if "in" not in self.frames[before:]:
            ws.wait_for_event("framereceived", timeout=TIMEOUT_MS)
        self.painted()

    def resize(self, size: ViewportSize) -> None:
        """Set the window to ``size`` and wait until the app has followed:
        Flet's client tells the server of a new size after a pause of its
        own (~0.3 s), and on the sheet and the table view the server draws
        them again for it (ui/app.py, ``_on_resize``); a tap made before
        that redraw lands can be lost.  So: the resize seen going out, on
        those screens the server's answer seen coming in, then a frame
        painted after it."""
        if self.page.viewport_size == size:
            return
        ws = self.socket
        if ws is None or ws.is_closed():  # no app on the page (yet)
            self.page.set_viewport_size(size)
            self.painted()
            return
        redrawn = REDRAWN_ON_RESIZE.fullmatch(urlsplit(self.page.url).path) is not None
        with ws.expect_event("framesent", predicate=is_resize, timeout=TIMEOUT_MS):
            self.page.set_viewport_size(size)
        sent = len(self.frames) - 1 - self.frames[::-1].index("resize")
        if redrawn and "in" not in self.frames[sent:]:
            try:
                ws.wait_for_event("framereceived", timeout=ANSWER_MS)
            except PlaywrightTimeoutError:  # nothing of the screen changed with the size
                print(f"{self.name}: no redraw came {ANSWER_MS} ms after the resize")
        self.painted()

    def shot(self, suffix: str = "", size: ViewportSize | None = None) -> None:
        """Set the window to ``size`` (if given: :meth:`resize`) and, with
        ``SCOREKEEPER_SHOTS=1``, save what it shows as ``<test><suffix>.png``
        under :attr:`shots`."""
        if size:
            self.resize(size)
        if not SHOTS_ON:
            return
        self.painted()
        self.shots.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(self.shots / f"{self.name}{suffix}.png"))

    # --- app flows ------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        fmt: str = "Standard",
        dealer: str | None = None,
        preset: str | None = None,
    ) -> None:
        self.click("New game")
        self.click(fmt)
        for n in names:
            self.add_player(n)
        if dealer:
            self.click(f"{dealer} deals")
        if preset:
            self.click(preset)
        self.click_until("Start game", re.compile(r"deals next|in the box deals"))

    def type_count(self, who: str, digits: str) -> None:
        """Select a player's deadwood box and type on the keypad."""
        box = self.button(re.compile(f"^{re.escape(who)}'s deadwood"))
        box.click()
        self.click("C")
        expect(box).to_have_accessible_name(f"{who}'s deadwood –")
        for i, d in enumerate(digits):
            self.click(d)
            expect(box).to_have_accessible_name(f"{who}'s deadwood {int(digits[: i + 1])}")

    def quick_hand(
        self,
        knocker: str | None,
        result: str = "Knock",
        k: str = "",
        d: str = "",
        defender: str = "",
        expect_preview: str | None = None,
    ) -> None:
        # the sheet follows the game to its end: its head, with Enter hand,
        # may be scrolled away above
        self.reach(self.button("Enter hand"))
        # tapped again if lost: a resize just before makes a new sheet (a CI
        # run lost the tap to it, and the form never opened)
        self.click_until("Enter hand", re.compile(r"^Hand · "))
        self.click(result)
        if result == "Draw":  # a draw asks nobody who knocked: wait until it does not
            for _ in range(3):
                try:
                    expect(self.text("Who knocked?")).to_have_count(0, timeout=5000)
                    break
                except AssertionError:
                    print(f"{self.name}: 'Draw' tapped again (the form still asks who knocked)")
                    self.click(result)
        if knocker:
            self.knock(knocker)
        if k:
            self.type_count(knocker or "", k)
        if d:
            self.type_count(defender, d)
        if expect_preview:
            self.see(expect_preview)
        self.save_hand()

    def save_hand(self) -> None:
        """Tap Save hand until the form closes.  A tap lost to a redraw in
        flight is made again only while the form is still open; a second tap
        that did arrive changes nothing (Save carries the revision it was
        drawn with, and a saved hand's form is gone)."""
        save = self.button("Save hand")
        for _ in range(3):
            save.click()
            try:
                expect(save).to_have_count(0, timeout=5000)
                return
            except AssertionError:
                print(f"{self.name}: 'Save hand' tapped again (the form stayed open)")
        expect(save).to_have_count(0, timeout=TIMEOUT_MS)


class Motion:
    """Whether the devices of the running test ask for reduced motion, the
    setting a player may choose in the system ("reduce motion"): Flutter
    then leaves out its transitions and ripples, which chromium draws in
    software here (a third less CPU, a quarter less time for the same
    test).  Tests marked ``motion`` (scrolling, the renderer's own) see the
    app as it moves by default; tests/support/fixtures.py sets this."""

    reduced = True


def device(browser: Browser, viewport: ViewportSize = PHONE, **options: Any) -> BrowserContext:
    """A browser context: one device at the table, phone-sized unless told,
    with the test's motion setting (:class:`Motion`) and ``options``."""
    return browser.new_context(
        viewport=viewport,
        reduced_motion="reduce" if Motion.reduced else "no-preference",
        **options,
    )


def tab(browser: Browser, contexts: list[BrowserContext], name: str) -> Ui:
    """A tab at phone size in a context of its own: another device at the table."""
    ctx = device(browser)
    contexts.append(ctx)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return Ui(page, name)


@contextlib.contextmanager
def tab_in(
    context: BrowserContext, name: str, shots: Path = SHOTS, ready: str = "New game"
) -> Iterator[Ui]:
    """A tab in ``context`` (a device of the test's making), closed with it
    after its last screenshot (see :meth:`Ui.shot`)."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    u = Ui(page, name, shots=shots, ready=ready)
    try:
        yield u
    finally:
        try:
            u.shot("-end")
        finally:
            context.close()


class Closes(Protocol):
    def close(self) -> None: ...


C = TypeVar("C", bound=Closes)


def closed_after(made: list[C]) -> Iterator[list[C]]:
    """For a fixture: the list a test puts what it opens in (tabs' contexts,
    protocol clients, phones), each closed after the test."""
    yield made
    for thing in made:
        thing.close()
