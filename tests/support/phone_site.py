"""The phone build in chromium: the site served by a plain static server on
loopback, and a phone's browser that may ask that server and nothing else.

Python starts in the browser (Pyodide), so every start waits long (≈ 15 s
on a first visit, ≈ 8 s on a reload on a 2-core machine): waits are on
conditions, with :data:`START_MS` for a start.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route, expect

from .browser import SHOTS, TIMEOUT_MS, Ui, device, free_port, serve, stop_process

#: How long Python may take to start in the browser and draw the app.
START_MS = 120_000
#: How long a tap may take to show its result (one thread runs the app,
#: the store and the IndexedDB sync; the VM has two cores).
TAP_MS = 30_000


class StaticServer:
    """``python -m http.server`` over the built site, on a loopback port kept
    across a stop and a start (the site's origin, and so its storage, stays)."""

    def __init__(self, root: Path, log: Path) -> None:
        self.root = root
        self.port = free_port()
        self.log = log
        self.proc: subprocess.Popen[str] | None = None
        self._log_file: IO[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        # the request log goes to a file: a pipe nobody reads would fill and
        # stall the server
        self._log_file = self.log.open("a")
        cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(self.port)]
        self.proc = serve([*cmd, "-d", str(self.root)], self.port, stdout=self._log_file)

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc, timeout=10)
            self.proc = None
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None


class PhoneTab(Ui):
    """A tab of the phone's browser on the site."""

    def __init__(self, page: Page, name: str) -> None:
        super().__init__(page, name)
        self.console: list[str] = []
        page.on("console", self._console)
        page.set_default_timeout(TAP_MS)

    def _console(self, msg: ConsoleMessage) -> None:
        self.console.append(f"{msg.type}: {msg.text}"[:2000])

    def start(self, url: str | None = None, shows: str | re.Pattern[str] = "New game") -> float:
        """Load ``url`` (None: reload this tab) and wait until Python has
        started and the app shows ``shows``; return the seconds it took."""
        t0 = time.monotonic()
        if url is None:
            self.page.reload()
        else:
            self.page.goto(url)
        # Flutter draws on a canvas: its accessibility tree, which the tests
        # read, is built once the placeholder is clicked
        ph = self.page.locator("flt-semantics-placeholder")
        ph.wait_for(state="attached", timeout=START_MS)
        ph.evaluate("el => el.click()")
        expect(self.page.get_by_text(shows).first).to_be_visible(timeout=START_MS)
        return time.monotonic() - t0

    def see(self, text: str | re.Pattern[str]) -> None:
        expect(self.page.get_by_text(text).first).to_be_visible(timeout=TAP_MS)

    def save_log(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"{self.name}.log").write_text("\n".join(self.console + self.errors) + "\n")


#: The kill switch, put into the site's Python worker (python-worker.js, as
#: it is served to a phone that has one): once armed (:func:`arm_kill`),
#: the worker closes itself (the app, its store, an IndexedDB sync in
#: flight: all gone) right after it posted the first frame of the app's
#: screen, before the page has even read it.  A tab closed by its user
#: could not go sooner: a frame that shows a hand as saved must come only
#: once the hand is in IndexedDB.  Python's printed output also travels as
#: frames (a 0x00 byte, then msgpack [7, ...]): those pass.
KILL_ARM = """
self.__kill = { armed: false };
self.addEventListener("message", (event) => {
  if (event.data === "__arm_kill__") {
    self.__kill.armed = true;
    event.stopImmediatePropagation();  // not for the app
  }
});
"""
KILL_POST = "self.postMessage(bytes, [bytes.buffer]);"
KILL_POST_ARMED = """const output = bytes[1] === 0x92 && bytes[2] === 0x07;
    self.postMessage(bytes, [bytes.buffer]);
    if (self.__kill.armed && !output) self.close();"""
#: In the page: its workers, for :func:`arm_kill` to reach.
KEEP_WORKERS = """
(() => {
  const Native = window.Worker;
  window.__workers = [];
  window.Worker = class extends Native {
    constructor(...args) { super(...args); window.__workers.push(this); }
  };
})();
"""


#: In the app's worker: the files of the data folder and the files IndexedDB
#: holds (IDBFS's database, named after the folder), each path with its
#: text.
FOLDER_AND_STORAGE = """async () => {
  const FS = self.pyodide.FS, root = "/data", folder = {};
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = dir + "/" + name;
      if (FS.isDir(FS.lstat(path).mode)) walk(path);
      else folder[path] = new TextDecoder().decode(FS.readFile(path));
    }
  };
  walk(root);
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open(root);
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  const stored = await new Promise((ok, no) => {
    const out = {}, r = db.transaction("FILE_DATA").objectStore("FILE_DATA").openCursor();
    r.onsuccess = () => {
      const c = r.result;
      if (!c) return ok(out);
      if (c.value.contents) out[c.key] = new TextDecoder().decode(c.value.contents);
      c.continue();
    };
    r.onerror = () => no(r.error);
  });
  db.close();
  return { folder, stored };
}"""


def folder_and_storage(page: Page) -> tuple[dict[str, str], dict[str, str]]:
    """The app's data folder and IndexedDB's copy of it, file by file."""
    (worker,) = [w for w in page.workers if w.url.endswith("python-worker.js")]
    got = worker.evaluate(FOLDER_AND_STORAGE)
    return got["folder"], got["stored"]


def arm_kill(page: Page) -> None:
    page.evaluate("window.__workers.forEach((w) => w.postMessage('__arm_kill__'))")


class Phone:
    """One phone's browser (a context at 390×844): it may ask the test's own
    static server; every other request is refused and counted in
    :attr:`blocked`, which a test asserts empty."""

    def __init__(self, browser: Browser, origin: str, *, kill_switch: bool = False) -> None:
        self.origin = origin.rstrip("/") + "/"
        self.blocked: list[str] = []
        self.kill_switch = kill_switch
        self.context: BrowserContext = device(
            browser,
            accept_downloads=True,
            # the kill switch goes into the worker script as it is fetched,
            # by the page or by the service worker (whose own requests are
            # routed too), which then keeps the edited script
            service_workers="allow",
        )
        self.context.set_default_timeout(TIMEOUT_MS)
        self.context.route("**/*", self._route)
        if kill_switch:
            self.context.add_init_script(KEEP_WORKERS)
        self.tabs: list[PhoneTab] = []

    def _route(self, route: Route, *_: Any) -> None:
        url = route.request.url
        if self.kill_switch and url == self.origin + "python-worker.js":
            response = route.fetch()
            script = response.text()
            assert KILL_POST in script, (
                "python-worker.js changed: the kill switch needs a new place"
            )
            script = KILL_ARM + script.replace(KILL_POST, KILL_POST_ARMED)
            route.fulfill(response=response, body=script)
        elif url.startswith(self.origin):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def tab(self, name: str) -> PhoneTab:
        t = PhoneTab(self.context.new_page(), name)
        self.tabs.append(t)
        return t

    def close(self) -> None:
        for t in self.tabs:
            t.save_log()
        self.context.close()
