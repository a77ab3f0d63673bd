"""The phone build (issue #16) in chromium at phone size, beside a minimal
Flet app built the same way (the floor) and beside the server mode.

    python benchmarks/bench_phone.py [--runs 5] [--hands 3000] [--saves 5] [--quick]

Three sites are built with ``scorekeeper.web.build.build`` into a temporary
folder: the app; the floor (``entry=``: a Flet app of two screens, "New
game" then "Standard", with flet alone); and a profiling copy of the app
(the same site, its ``main.py`` in ``app.tar.gz`` replaced by one that times
every import, the store's open, the IndexedDB syncs and the store's writes,
and logs them on the worker's console).  Each site is served by a loopback
static server of this process that counts the bytes it sends; the server
mode is ``python -m scorekeeper --web --port P --data-dir D`` on an empty
folder (one unmeasured visit first, so its one-time imports are not in the
figures), twice: as Flet serves it (in chromium: its Wasm client, dart2wasm
+ skwasm) and as "server-ck" with the phone build's client (dart2js +
CanvasKit, ``FLET_WEB_RENDERER=canvaskit``), which tells the page's part
from Python's.  Chromium (Debian's, Playwright) runs at 390x844; every request to
anything but the page's own loopback server is counted (it must be 0) and
fails: no name but loopback resolves (``--host-resolver-rules``).  With
``--route`` they are aborted by Playwright's routing instead, which also
turns the browser's HTTP cache off (the first visit then fetches more: the
service worker's precache is no longer answered 304).  The CDN script the
web client asks for (rive_native.js) is refused by the site's own CSP
before any request leaves the page: counted apart.

Timed in the browser (``performance.now()`` of the page; "drawn" is the
moment the semantics tree holds the label, i.e. the frame that draws it):

1. first visit -> home drawn ("New game"), from the navigation's start, in
   a fresh browser context (no service worker, no cache): app, floor,
   server mode;
2. bytes the static server sent until home was drawn, and for the whole
   first visit (once the service worker holds the offline copy): app, floor.
   Target: <= 30 MB.  The static server does not compress (neither does
   ``python -m http.server``): these are the bytes as built;
3. offline reload -> home drawn: the same context set offline, reloaded.
   Target: app <= 1.3 x floor.  The static server must see no request;
4. tap "New game" -> the next screen drawn ("Standard"), from the
   ``pointerdown``: app (offline, after 3) vs server mode (and the floor).
   Target: app <= 1.5 x server mode;
5. save -> sheet: in the profiling copy (see above), an export of
   ``--hands`` hands made on the host with the store API (the history of
   ``benchmarks/bench_history.py``, finished and unfinished games, plus an
   unfinished Ann v Bob game, the newest) is imported through Export and
   import (the file chooser, as a phone picks it), Ann v Bob is resumed and
   ``--saves`` hands are entered; timed from the ``pointerdown`` on "Save
   hand" to the status card's new "Score: ...".  Target: <= 100 ms with
   the durable sync (the frame that shows the new score waits for it).  The
   worker's own log gives the store's write and the IndexedDB sync alone;
6. the built folder's bytes on disk: app, floor.

The profiling copy's first visit gives the start path: the worker's boot
(Pyodide, the app archive) from the page's console, then each import's own
and total time inside the browser, the store's open, the first sync.

Each figure is p50 / p95 / max over ``--runs`` runs (nearest rank).  Every
wait is on a condition, with a ceiling.  Needs the built sites' wheels
(``scorekeeper build-web`` downloads two Pyodide wheels once into a cache).
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import math
import os
import re
import shutil
import sys
import tarfile
import tempfile
import threading
import time
from datetime import UTC, datetime
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import figures  # noqa: E402
from bench_history import synthetic_history  # noqa: E402
from figures import p50  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright  # noqa: E402
from sheet_moves import BenchServer  # noqa: E402

from scorekeeper.engine import Hand, Rules  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from scorekeeper.web.build import build  # noqa: E402
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, Ui  # noqa: E402

#: No name but loopback resolves: a request off the machine fails.
BLOCK_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: --route: abort every other request with Playwright's routing instead
#: (which turns the HTTP cache off: the first visit then fetches more).
ROUTE = [False]
WAIT_MS = 180_000  # the ceiling of any one wait on a condition
GAME_HANDS = 40  # hands already in the Ann v Bob game the saves go into
#: bench_history's hands per game: with 40, most games are played to the end
#: (3,000 hands: 71 of 107 games finished), as a phone's history would be
PER_GAME = 40

#: The floor: a Flet app of two screens, built with flet alone.
FLOOR_MAIN = """\
import flet as ft


def main(page: ft.Page) -> None:
    def second(_: object) -> None:
        page.controls.clear()
        page.add(ft.Text("Choose the format"), ft.FilledButton("Standard"))
        page.update()

    page.title = "Floor"
    page.add(ft.FilledButton("New game", on_click=second))


ft.run(main)
"""

#: The profiling copy's main.py: the app's, with every import, the store's
#: open and writes and the IndexedDB syncs timed, logged on the worker's
#: console as "bench-phone {json}" (absolute times: timeOrigin + now, ms).
PROFILE_MAIN = '''\
import sys
import time

import js

_stack = []
_names = []
_rows = []


def _abs():
    return js.performance.timeOrigin + js.performance.now()


def _log(kind, **data):
    import json

    js.console.log("bench-phone " + json.dumps({"kind": kind, **data}))


_log("main", at=_abs())


class _Timed:
    """A loader that times create_module + exec_module (own and total)."""

    def __init__(self, loader, name):
        self._loader = loader
        self._name = name

    def __getattr__(self, attr):
        return getattr(self._loader, attr)

    def _timed(self, call, *args):
        t = time.perf_counter()
        parent = _names[-1] if _names else ""
        _stack.append(0.0)
        _names.append(self._name)
        try:
            return call(*args)
        finally:
            child = _stack.pop()
            _names.pop()
            total = time.perf_counter() - t
            if _stack:
                _stack[-1] += total
            _rows.append(
                [self._name, (total - child) * 1000, total * 1000, len(_stack), parent]
            )

    def create_module(self, spec):
        make = getattr(self._loader, "create_module", None)
        return None if make is None else self._timed(make, spec)

    def exec_module(self, module):
        return self._timed(self._loader.exec_module, module)


class _Finder:
    def find_spec(self, name, path, target=None):
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _Timed(spec.loader, name)
        return spec


sys.meta_path.insert(0, _Finder())


def _dump(step):
    rows, _rows[:] = list(_rows), []
    _log("imports", step=step, at=_abs(), rows=rows)


import os  # noqa: E402

os.environ["SCOREKEEPER_TIMING"] = "1"  # the app logs each action's handler
t = time.perf_counter()
import flet  # noqa: E402,F401
import scorekeeper.ui.browser as browser  # noqa: E402
import scorekeeper.store as store_module  # noqa: E402
import scorekeeper.ui.app as app_module  # noqa: E402
_log("imported", ms=(time.perf_counter() - t) * 1000, at=_abs())
_dump("entry")


def _timed_call(name, fn, is_async):
    if is_async:
        async def run(*a, **k):
            t0, at = time.perf_counter(), _abs()
            try:
                return await fn(*a, **k)
            finally:
                _log("call", name=name, args=repr(a[-1:])[:40], at=at,
                     ms=(time.perf_counter() - t0) * 1000)
        return run

    def run(*a, **k):
        t0, at = time.perf_counter(), _abs()
        try:
            return fn(*a, **k)
        finally:
            _log("call", name=name, args="", at=at, ms=(time.perf_counter() - t0) * 1000)
    return run


def _timed_start(name, fn):
    """``fn`` begins its work at the call and returns a future of its end:
    timed from the call to that end."""
    def run(*a, **k):
        t0, at = time.perf_counter(), _abs()
        future = fn(*a, **k)
        future.add_done_callback(lambda _: _log(
            "call", name=name, args=repr(a[-1:])[:40], at=at,
            ms=(time.perf_counter() - t0) * 1000))
        return future
    return run


_open_store = store_module.open_store


def open_store(*a, **k):
    t0, at = time.perf_counter(), _abs()
    store = _open_store(*a, **k)
    _log("call", name="open_store", args="", at=at, ms=(time.perf_counter() - t0) * 1000)
    for method in ("record_hand", "import_json"):
        try:
            setattr(store, method, _timed_call(method, getattr(store, method), False))
        except Exception as exc:
            _log("note", text=f"cannot time {method}: {exc}")
    return store


store_module.open_store = open_store
browser.syncfs = _timed_start("syncfs", browser.syncfs)
browser.mount_data = _timed_call("mount_data", browser.mount_data, False)
browser.storage_persisted = _timed_call("storage_persisted", browser.storage_persisted, True)
app_module.run_app = _timed_call("run_app", app_module.run_app, False)
app_module.GinApp.render = _timed_call("render", app_module.GinApp.render, False)
_open_app = browser.PhoneSession._open_app


async def _open_app_logged(self):
    t0, at = time.perf_counter(), _abs()
    await _open_app(self)
    _log("call", name="open_app", args="", at=at, ms=(time.perf_counter() - t0) * 1000)
    _dump("open_app")


browser.PhoneSession._open_app = _open_app_logged


def _compile_all(_event=None):
    """Compile again the source of every module imported from a .py file."""
    t0 = time.perf_counter()
    n = size = 0
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if not path.endswith(".py"):
            continue
        try:
            with open(path, "rb") as f:
                src = f.read()
        except OSError:
            continue
        compile(src, path, "exec", dont_inherit=True)
        n += 1
        size += len(src)
    _log("compile", n=n, bytes=size, ms=(time.perf_counter() - t0) * 1000,
         pyc=sum(1 for m in list(sys.modules.values()) if _from_bytecode(m)),
         dont_write_bytecode=sys.dont_write_bytecode)


def _from_bytecode(module):
    """Loaded from a .pyc: alone (flet, the standard library), or in
    __pycache__ beside its source (the app's own: its __file__ is the .py)."""
    path = getattr(module, "__file__", None) or ""
    cached = getattr(module, "__cached__", None) or ""
    return path.endswith(".pyc") or bool(cached and os.path.exists(cached))


from pyodide.ffi import create_proxy  # noqa: E402

_channel = js.BroadcastChannel.new("bench-phone")
_channel.onmessage = create_proxy(_compile_all)
_log("ft.run", at=_abs())
browser.main()
'''

#: In every page, before its scripts: semantics on as soon as the
#: placeholder is there, "New game" noted when drawn, the last pointerdown,
#: and waits for a label (exact, as a regular expression).
INIT_JS = """
(() => {
  if (window.__bench) return;
  const B = window.__bench = { t: {}, waits: [], tap: null, key: null, log: [] };
  const label = (el) => (el.getAttribute("aria-label") || el.textContent || "").trim();
  B.find = (re) => {
    for (const el of document.querySelectorAll("flt-semantics-host *")) {
      const text = label(el);
      if (re.test(text)) return text;
    }
    return null;
  };
  const check = () => {
    const ph = document.querySelector("flt-semantics-placeholder");
    if (ph && !B.t.placeholder) { B.t.placeholder = performance.now(); ph.click(); }
    if (!B.waits.length) return;
    const now = performance.now();
    B.waits = B.waits.filter((w) => {
      const found = B.find(w.re);
      if (found === null) return true;
      w.resolve({ at: now, text: found });
      return false;
    });
  };
  B.wait = (source) => new Promise((resolve) => {
    B.waits.push({ re: new RegExp(source), resolve });
    check();
  });
  B.wait("^New game$").then((r) => { B.t.home = r.at; });
  for (const kind of ["log", "warn", "error", "info", "debug"]) {
    const orig = console[kind].bind(console);
    console[kind] = (...args) => {
      B.log.push([performance.now(), args.map(String).join(" ").slice(0, 200)]);
      return orig(...args);
    };
  }
  // each frame from Python (the worker's messages) or the server (the WebSocket's)
  B.frames = [];
  const note = (e) => {
    if (typeof e.data === "string") return;
    B.frames.push(performance.now());
    B.sizes.push(e.data.byteLength || e.data.size || 0);
  };
  B.sizes = [];
  // (Python's worker only: skwasm's own render worker, in a cross-origin
  // isolated page, posts a message a frame)
  if (window.Worker) {
    window.Worker = class extends window.Worker {
      constructor(...args) {
        super(...args);
        if (String(args[0]).includes("python-worker")) this.addEventListener("message", note);
      }
    };
  }
  window.WebSocket = class extends window.WebSocket {
    constructor(...args) { super(...args); this.addEventListener("message", note); }
  };
  // the page's main thread busy for 50 ms or more at a time
  B.long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long task timing here */ }
  window.addEventListener("pointerdown", () => { B.tap = performance.now(); }, true);
  window.addEventListener("keydown", () => { B.key = performance.now(); }, true);
  const start = () => new MutationObserver(check).observe(document.documentElement, {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ["aria-label"],
  });
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, { once: true });
})();
"""

#: The page's resources (same origin) not yet in the service worker's cache;
#: null while no worker is active.
MISSING_JS = """
async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg || !reg.active || reg.active.state !== "activated") return null;
  const names = (await caches.keys()).filter((n) => n.startsWith("scorekeeper-"));
  if (!names.length) return null;
  const cache = await caches.open(names[0]);
  const missing = [];
  for (const e of performance.getEntriesByType("resource")) {
    const u = new URL(e.name);
    if (u.origin !== location.origin) continue;
    // an answer that was no file (the floor's site has no file checker, yet
    // its boot.js asks for one): nothing to keep
    if (e.responseStatus >= 400) continue;
    if (!(await cache.match(u.pathname, { ignoreSearch: true }))) missing.push(u.pathname);
  }
  if (!(await cache.match("./"))) missing.push("./");
  return missing;
}
"""


# --- figures ---------------------------------------------------------------------


def spread(values: list[float], unit: str = "") -> str:
    """p50, p95 and max of the values, to a tenth."""
    return figures.spread(values, unit, digits=1, width=8)


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def gzip_sizes(folder: Path) -> dict[str, int]:
    """Each file's size gzip-ed (level 6, as a static host compresses), by URL path."""
    import gzip

    return {
        "/" + f.relative_to(folder).as_posix(): len(gzip.compress(f.read_bytes(), 6))
        for f in folder.rglob("*")
        if f.is_file()
    }


def folder_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


# --- the static server ------------------------------------------------------------


class Counted(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.sent = 0  # body bytes sent
        self.requests = 0
        self.lock = threading.Lock()
        #: every answer: [path, status, body bytes]
        self.answers: list[list[Any]] = []


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base's own attribute, overridden)
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".woff2": "font/woff2",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        server = self.server
        assert isinstance(server, Counted)
        with server.lock:
            server.requests += 1
        return super().send_head()

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        server = self.server
        assert isinstance(server, Counted)
        self._answer = [self.path.split("?")[0], int(code), 0]
        with server.lock:
            server.answers.append(self._answer)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        server = self.server
        assert isinstance(server, Counted)
        n = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            n += len(chunk)
        with server.lock:
            server.sent += n
            self._answer[2] = n


class Static:
    """A loopback static server of one folder, counting what it sends."""

    def __init__(self, folder: Path) -> None:
        self.httpd = Counted(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def counts(self) -> tuple[int, int]:
        with self.httpd.lock:
            return self.httpd.sent, self.httpd.requests

    def answers(self, since: int = 0) -> list[list[Any]]:
        with self.httpd.lock:
            return [list(a) for a in self.httpd.answers[since:]]

    def mark(self) -> int:
        with self.httpd.lock:
            return len(self.httpd.answers)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# --- sites and data ------------------------------------------------------------------


def profiling_copy(site: Path, out: Path) -> None:
    """The app's site with PROFILE_MAIN as the archive's main.py."""
    shutil.copytree(site, out)
    raw = (site / "app.tar.gz").read_bytes()
    buf = io.BytesIO()
    with (
        tarfile.open(fileobj=io.BytesIO(raw), mode="r:gz") as src,
        tarfile.open(fileobj=buf, mode="w:gz", compresslevel=9) as dst,
    ):
        for info in src.getmembers():
            if info.name.startswith("__pycache__/main."):
                continue  # the bytecode of the main.py replaced (it is never checked)
            if info.name == "main.py":
                data = PROFILE_MAIN.encode()
                info.size = len(data)
                dst.addfile(info, io.BytesIO(data))
            else:
                dst.addfile(info, src.extractfile(info))
    (out / "app.tar.gz").write_bytes(buf.getvalue())


def export_file(path: Path, hands: int, tmp: Path) -> dict[str, int]:
    """An export of ``hands`` hands made with the store API: the project-shaped
    history (finished and unfinished games) plus Ann v Bob, unfinished, the newest."""
    folder = tmp / "export-src"
    with open_store(folder, durable=False) as store:
        data, made = synthetic_history(0, PER_GAME, hands=hands - GAME_HANDS)
        assert made == hands - GAME_HANDS
        store.import_json(data)
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game(
            "standard", [ann.id, bob.id], Rules(target=10_000), first_dealer=ann.id
        )
        for i in range(GAME_HANDS):
            store.record_hand(gid, Hand.knock(ann.id if i % 2 == 0 else bob.id, 5, 6 + i % 20))
        games = store.list_games()
        doc = store.export_json()
    path.write_text(json.dumps(doc), "utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    return {
        "hands": sum(s.hand_count for s in games),
        "games": len(games),
        "unfinished": sum(1 for s in games if not s.finished),
        "players": len(doc["players"]),
        "bytes": path.stat().st_size,
    }


# --- the browser -------------------------------------------------------------------


class Visit:
    """One browser context on one origin; every other request counted (and failed)."""

    def __init__(self, browser: Browser, origin: str) -> None:
        self.origin = origin.rstrip("/") + "/"
        self.blocked: list[str] = []
        self.console: list[tuple[float, str]] = []  # (host ms since goto, text)
        self.t0 = time.perf_counter()
        self.ctx: BrowserContext = browser.new_context(viewport=PHONE, locale="en-US")
        self.ctx.add_init_script(INIT_JS)
        if ROUTE[0]:  # Playwright then turns the browser's HTTP cache off
            self.ctx.route("**/*", self._route)
        else:  # off-machine names do not resolve (BLOCK_ARGS); others are counted
            self.ctx.on("request", self._on_request)
            self.ctx.on("requestfailed", self._on_failed)
        #: requests elsewhere the page's own CSP refused before any network
        self.csp: list[str] = []
        self.failures: list[str] = []
        self.page: Page = self.ctx.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.page.on("console", self._on_console)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)[:300]))

    def _route(self, route: Route) -> None:
        if route.request.url.startswith(self.origin):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def _on_request(self, request: Any) -> None:
        url = request.url
        if not url.startswith((self.origin, "data:", "blob:")):
            self.blocked.append(url)

    def _on_failed(self, request: Any) -> None:
        if request.url in self.blocked:
            failure = request.failure or ""
            if "CSP" in failure.upper():
                self.blocked.remove(request.url)
                self.csp.append(request.url)
            else:
                self.failures.append(f"{request.url}: {failure}")

    def _on_console(self, msg: Any) -> None:
        self.console.append(((time.perf_counter() - self.t0) * 1000, msg.text))

    def open(self) -> float:
        """Navigate; ms from the navigation's start to home drawn."""
        self.t0 = time.perf_counter()
        self.page.goto(self.origin, wait_until="commit")
        return self.home()

    def reload(self) -> float:
        self.t0 = time.perf_counter()
        self.page.reload(wait_until="commit")
        return self.home()

    def home(self) -> float:
        self.page.wait_for_function("window.__bench && window.__bench.t.home", timeout=WAIT_MS)
        return float(self.page.evaluate("window.__bench.t.home"))

    def offline_copy(self) -> list[str]:
        """Wait until the service worker holds every resource the page loaded."""
        deadline = time.monotonic() + WAIT_MS / 1000
        missing: list[str] | None = None
        while time.monotonic() < deadline:
            missing = self.page.evaluate(MISSING_JS)
            if missing == []:
                return []
            self.page.wait_for_timeout(200)  # polling the cache: no event tells it is full
        return missing or ["(no active service worker)"]

    def tap_until(self, button: str, shows: str) -> tuple[float, int, float, float]:
        """Tap ``button`` until a label matching ``shows`` is drawn: ms from
        the (last) pointerdown, the taps it took, when the tap and the
        drawing were (the page's clock)."""
        for taps in range(1, 4):
            self.page.evaluate(
                "s => { window.__bench.tap = null; window.__bench.next = window.__bench.wait(s); }",
                shows,
            )
            self.page.get_by_role("button", name=button, exact=True).first.click()
            got = self.page.evaluate(
                """async () => {
                  const r = await Promise.race([window.__bench.next,
                    new Promise((ok) => setTimeout(() => ok(null), 15000))]);
                  return r && [r.at - window.__bench.tap, window.__bench.tap, r.at];
                }"""
            )
            if got is not None:
                return float(got[0]), taps, float(got[1]), float(got[2])
            print(f"  ({button!r} tapped again: {shows!r} not drawn in 15 s)")
        raise RuntimeError(f"{shows!r} never drawn after tapping {button!r}")

    def page_side(self, tap_at: float, drawn_at: float) -> dict[str, float]:
        """What the page did between a tap and the drawing it led to."""
        frames, sizes, long = self.page.evaluate(
            """([a, b]) => {
              const B = window.__bench;
              const at = B.frames.map((t, i) => [t, B.sizes[i]]).filter(([t]) => t > a && t <= b);
              return [at.map(([t]) => t), at.map(([, n]) => n),
                      B.long.filter(([t]) => t > a && t <= b)];
            }""",
            [tap_at, drawn_at],
        )
        # the frame that drew it: the last one to arrive before it was drawn
        last = float(frames[-1]) if frames else math.nan
        return {
            "frames from tap to drawn": float(len(frames)),
            "their bytes": float(sum(sizes)),
            "tap -> last frame arrives": last - tap_at,
            "last frame -> drawn": drawn_at - last,
            "page busy (long tasks)": float(sum(d for _, d in long)),
            "page busy after last frame": float(sum(d for t, d in long if t >= last)),
        }

    def close(self) -> None:
        self.ctx.close()


def phone_run(browser: Browser, site: Static, next_screen: str) -> dict[str, Any]:
    """First visit, offline copy, offline reload, tap: one fresh context."""
    v = Visit(browser, site.url)
    try:
        sent0, _ = site.counts()
        mark0 = site.mark()
        first = v.open()
        home_bytes = site.counts()[0] - sent0
        mark1 = site.mark()
        missing = v.offline_copy()
        total_bytes = site.counts()[0] - sent0
        answers = site.answers(mark0)
        v.ctx.set_offline(True)
        _, req0 = site.counts()
        mark2 = site.mark()
        reload = v.reload()
        tap, taps, tap_at, drawn_at = v.tap_until("New game", next_screen)
        tap_side = v.page_side(tap_at, drawn_at)
        offline_requests = site.counts()[1] - req0
        return {
            "first": first, "reload": reload, "tap": tap, "taps": taps,
            "home_bytes": home_bytes, "total_bytes": total_bytes, "missing": missing,
            "answers": answers, "after_home": mark1 - mark0, "tap_side": tap_side,
            "offline_answers": site.answers(mark2),
            "offline_requests": offline_requests, "errors": v.errors,
            "blocked": list(v.blocked), "csp": list(v.csp),
        }  # fmt: skip
    finally:
        v.close()


def server_run(browser: Browser, srv: Server) -> dict[str, Any]:
    v = Visit(browser, srv.url)
    try:
        first = v.open()
        tap, taps, tap_at, drawn_at = v.tap_until("New game", "^Standard$")
        return {
            "first": first,
            "tap": tap,
            "taps": taps,
            "tap_side": v.page_side(tap_at, drawn_at),
            "blocked": list(v.blocked),
            "csp": list(v.csp),
        }
    finally:
        v.close()


def events(v: Visit) -> list[dict[str, Any]]:
    out = []
    for _, text in v.console:
        if text.startswith("bench-phone "):
            out.append(json.loads(text[len("bench-phone ") :]))
    return out


class CpuProfile:
    """The page's CPU profile (V8's sampling profiler, over CDP) while inside."""

    def __init__(self, v: Visit) -> None:
        self.cdp = v.ctx.new_cdp_session(v.page)
        self.summary: dict[str, Any] = {}

    def __enter__(self) -> CpuProfile:
        self.cdp.send("Profiler.enable")
        self.cdp.send("Profiler.setSamplingInterval", {"interval": 500})
        self.cdp.send("Profiler.start")
        return self

    def __exit__(self, *exc: object) -> None:
        profile = self.cdp.send("Profiler.stop")["profile"]
        self.cdp.detach()
        nodes = profile["nodes"]
        deltas = profile.get("timeDeltas", [])
        per_sample = (sum(deltas) / len(deltas) / 1000) if deltas else 0.5  # ms
        by_file: dict[str, float] = {}
        by_function: dict[str, float] = {}
        for node in nodes:
            ms = node.get("hitCount", 0) * per_sample
            if not ms:
                continue
            frame = node["callFrame"]
            where = frame["url"].rsplit("/", 1)[-1] or frame["functionName"] or "?"
            if where == "(idle)":
                continue
            by_file[where] = by_file.get(where, 0.0) + ms
            name = f"{frame['functionName'] or '(anonymous)'} ({where})"
            by_function[name] = by_function.get(name, 0.0) + ms
        self.summary = {
            "by_file": sorted(by_file.items(), key=lambda kv: -kv[1])[:8],
            "by_function": sorted(by_function.items(), key=lambda kv: -kv[1])[:8],
        }


def handler_ms(v: Visit, mark: int, action: str) -> float | None:
    """The app's own timing of ``action``'s handler, from the worker's log."""
    for _, text in v.console[mark:]:
        found = re.search(rf"timing: _?{action} ([\d.]+) ms", text)
        if found:
            return float(found.group(1))
    return None


def save_loop(v: Visit, ui: Ui, saves: int, origin: float | None) -> dict[str, Any]:
    """``saves`` hands into Ann v Bob (resumed from home): each timed from the
    pointerdown on Save hand to the new score drawn.  ``origin`` (the page's
    timeOrigin): the phone build's profiling copy, whose worker logs its
    steps; their times are read from its log."""
    ui.click("Resume Ann v Bob")
    ui.see(re.compile("deals next"))
    drawn: list[float] = []
    stages: list[dict[str, float]] = []
    cpu: dict[str, Any] = {}
    for i in range(saves + 1):  # the last one under the page's CPU profiler, not counted
        knocker = "Ann" if i % 2 == 0 else "Bob"
        other = "Bob" if knocker == "Ann" else "Ann"
        score = v.page.evaluate("window.__bench.find(/^Score: /)")
        scores = dict(re.findall(r"(Ann|Bob) (\d+)", score or ""))
        assert set(scores) == {"Ann", "Bob"}, score
        scores[knocker] = str(int(scores[knocker]) + 7)
        want = f"^Score: Ann {scores['Ann']} · Bob {scores['Bob']}$"
        ui.click(f"{knocker} knocked")  # the bottom bar's: in reach however far it scrolled
        ui.type_count(knocker, "2")
        ui.type_count(other, "9")
        ui.see(f"{knocker} knocked (2 v 9): {knocker} +7")
        mark = len(v.console)
        if i == saves:
            with CpuProfile(v) as cpu_profile:
                took, _, _, _ = v.tap_until("Save hand", want)
            cpu = {"ms": took, **cpu_profile.summary}
            break
        took, _, tap_at, drawn_at = v.tap_until("Save hand", want)
        drawn.append(took)
        page_side = v.page_side(tap_at, drawn_at)
        frame_at = tap_at + page_side["tap -> last frame arrives"]
        if origin is None:
            stages.append(page_side)
            continue
        # the worker's log of this save reaches us just after the frame
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            calls = [e for e in events_since(v, mark) if e.get("kind") == "call"]
            names = [e["name"] for e in calls]
            handler = handler_ms(v, mark, "save_hand")
            if {"record_hand", "syncfs", "render"} <= set(names) and handler is not None:
                w = next(e for e in calls if e["name"] == "record_hand")
                r = next(e for e in calls if e["name"] == "render")
                syncs = [e for e in calls if e["name"] == "syncfs"]
                sy, last = syncs[0], syncs[-1]
                stages.append(
                    {
                        "tap -> store write starts": w["at"] - origin - tap_at,
                        "store write (record_hand)": w["ms"],
                        "render (build + diff)": r["ms"],
                        "save handler in all": handler,
                        # < 0: the sync began at the write, inside the handler
                        "handler end -> sync starts": sy["at"] - (r["at"] + r["ms"]),
                        "IndexedDB sync (browser.syncfs)": sy["ms"],
                        "syncs in this save": len(syncs),
                        "sync end -> last frame arrives": frame_at
                        - (last["at"] - origin + last["ms"]),
                        **page_side,
                    }
                )
                break
            v.page.wait_for_timeout(50)  # polling our own console log
    return {"save": drawn, "stages": stages, "cpu": cpu}


def start_only(browser: Browser, site: Static) -> dict[str, Any]:
    """One more first visit of the profiling copy: its start path only."""
    v = Visit(browser, site.url)
    try:
        home = v.open()
        origin = float(v.page.evaluate("performance.timeOrigin"))
        deadline = time.monotonic() + 30
        while not any(e.get("step") == "open_app" for e in events(v)):
            if time.monotonic() > deadline:
                break
            v.page.wait_for_timeout(100)  # the worker's console reaches us a little later
        return {"home": home, "origin": origin, "start_events": events(v)}
    finally:
        v.close()


def package_times(p: dict[str, Any]) -> dict[str, float]:
    """Own import time by package (scorekeeper: by subpackage) of one start."""
    tops: dict[str, float] = {}
    for e in p["start_events"]:
        if e["kind"] != "imports":
            continue
        for name, own, *_ in e["rows"]:
            parts = name.split(".")
            top = ".".join(parts[:2]) if parts[0] == "scorekeeper" else parts[0]
            tops[top] = tops.get(top, 0.0) + own
    return tops


def start_steps(p: dict[str, Any]) -> dict[str, float]:
    """The start's steps of one first visit, ms."""
    ev = p["start_events"]
    origin = p["origin"]
    main_at = next((e["at"] - origin for e in ev if e["kind"] == "main"), math.nan)
    imported = next((e["ms"] for e in ev if e["kind"] == "imported"), math.nan)
    open_app = next((e["ms"] for e in ev if e.get("name") == "open_app"), math.nan)
    open_at = next((e["at"] - origin for e in ev if e.get("name") == "open_app"), math.nan)
    run_at = next((e["at"] - origin for e in ev if e["kind"] == "ft.run"), math.nan)
    return {
        "navigation -> main.py starts (Pyodide, archive)": main_at,
        "imports (flet, app, store)": imported,
        "ft.run -> session opens the app": open_at - run_at,
        "open_app (store open, first render)": open_app,
        "open_app ends -> home drawn": p["home"] - (open_at + open_app),
        "navigation -> home drawn": p["home"],
    }


def profile_and_saves(browser: Browser, site: Static, upload: Path, saves: int) -> dict[str, Any]:
    """The profiling copy: first visit (the start path), two taps on New
    game, the import, the saves, and what compiling the modules costs."""
    v = Visit(browser, site.url)
    ui = Ui(v.page, "bench-phone")
    out: dict[str, Any] = {}
    try:
        out["home"] = v.open()
        origin = float(v.page.evaluate("performance.timeOrigin"))
        out["page_log"] = v.page.evaluate("window.__bench.log")
        out["origin"] = origin
        # The start's last logged step (open_app) before the log is read.
        deadline = time.monotonic() + 30
        while not any(e.get("step") == "open_app" for e in events(v)):
            if time.monotonic() > deadline:
                break
            v.page.wait_for_timeout(100)  # the worker's console reaches us a little later
        out["start_events"] = events(v)
        taps = []
        for _ in range(2):
            mark = len(v.console)
            took, _, _, _ = v.tap_until("New game", "^Standard$")
            v.page.wait_for_timeout(300)  # the worker's log of it (read below)
            taps.append((took, handler_ms(v, mark, "open_new"), events_since(v, mark)))
            ui.click(re.compile(r"^Back"))
            ui.button("New game").wait_for()
        out["taps"] = taps
        # Import the export through Export and import.
        ui.click("Export and import")
        ui.see("Import")
        mark = len(v.console)
        t = time.perf_counter()
        with v.page.expect_file_chooser() as chooser:
            ui.click("Choose an export file…")
        chooser.value.set_files(str(upload))
        shows = re.compile(r"^Added \d+ player")
        ui.page.get_by_text(shows).first.wait_for(timeout=WAIT_MS * 3)
        out["import_s"] = time.perf_counter() - t
        out["import_msg"] = ui.page.get_by_text(shows).first.inner_text().splitlines()[0][:120]
        out["import_events"] = events_since(v, mark)
        ui.click(re.compile(r"^Back"))
        ui.button("New game").wait_for()
        out.update(save_loop(v, ui, saves, origin))
        mark = len(v.console)
        v.page.evaluate("new BroadcastChannel('bench-phone').postMessage('compile')")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done = [e for e in events_since(v, mark) if e["kind"] == "compile"]
            if done:
                out["compile"] = done[0]
                break
            v.page.wait_for_timeout(100)  # polling our own console log
        out["blocked"] = list(v.blocked)
        out["csp"] = list(v.csp)
        out["errors"] = v.errors
        out["late_imports"] = [e for e in events(v) if e["kind"] == "imports"][2:]
        return out
    finally:
        v.close()


def server_saves(
    browser: Browser, upload: Path, data: Path, saves: int, renderer: str | None = None
) -> dict[str, Any]:
    """The same saves in the server mode, on the same export imported on the host
    (``renderer``: the web client's, FLET_WEB_RENDERER; default: Flet's choice)."""
    with open_store(data, durable=False) as store:
        store.import_json(json.loads(upload.read_text("utf-8")))
    srv = BenchServer(data)
    srv.env = {"LANGUAGE": "en", "LANG": "C.UTF-8", "SCOREKEEPER_TIMING": "1"}
    if renderer:
        srv.env["FLET_WEB_RENDERER"] = renderer
    srv.start()
    v = Visit(browser, srv.url)
    try:
        v.open()
        got = save_loop(v, Ui(v.page, "bench-phone-server"), saves, None)
        got["blocked"] = list(v.blocked)
        got["csp"] = list(v.csp)
    finally:
        v.close()
        out = srv.stop()
    got["handler"] = [float(x) for x in re.findall(r"timing: _?save_hand ([\d.]+) ms", out)]
    return got


def events_since(v: Visit, mark: int) -> list[dict[str, Any]]:
    out = []
    for _, text in v.console[mark:]:
        if text.startswith("bench-phone "):
            out.append(json.loads(text[len("bench-phone ") :]))
    return out


# --- the report ------------------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "holds" if ok else "MISSED"


def print_profile(p: dict[str, Any]) -> None:
    """The start path of the profiling copy's first visit, on the page's clock."""
    origin: float = p["origin"]
    ev = p["start_events"]

    def rel(at: float) -> float:
        return at - origin

    print("\n== start path of the first visit (profiling copy; ms since the navigation's start)")
    marks = [
        ("Flutter app loaded", "Flutter's client (main.dart.js) running"),
        ("Starting up Python worker", "the Python worker started"),
        ("Python worker initialized", "Python connected (ft.run's session on its way)"),
        ("App session started", "the app's session started"),
    ]
    for at, text in p["page_log"]:
        for needle, what in marks:
            if needle in text:
                print(f"  {at:8.0f}  {what}   [{text[:60]}]")
    for e in ev:
        if e["kind"] == "main":
            print(f"  {rel(e['at']):8.0f}  main.py starts"
                  " (Pyodide booted, the app archive fetched and unpacked)")  # fmt: skip
        elif e["kind"] == "imported":
            print(f"  {rel(e['at']):8.0f}  flet + scorekeeper.ui.browser, store, app"
                  f" imported: {e['ms']:.0f} ms")  # fmt: skip
        elif e["kind"] == "ft.run":
            print(f"  {rel(e['at']):8.0f}  ft.run")
        elif e["kind"] == "call":
            print(f"  {rel(e['at']):8.0f}  {e['name']}{e['args']}: {e['ms']:.1f} ms")
    print(f"  {p['home']:8.0f}  home drawn")
    rows = [r for e in ev if e["kind"] == "imports" for r in e["rows"]]
    if not rows:
        return
    total = sum(r[1] for r in rows)
    print(f"\n== imports in the browser (first visit): {len(rows)} modules, {total:.0f} ms in all")
    tops: dict[str, float] = {}
    first_by: dict[str, str] = {}

    def top_of(name: str) -> str:
        parts = name.split(".")
        return ".".join(parts[:2]) if parts[0] == "scorekeeper" else parts[0]

    # rows are appended as each import finishes: the importer's own row comes later
    for name, own, _, _, parent in rows:
        top = top_of(name)
        tops[top] = tops.get(top, 0.0) + own
        if parent and top_of(parent) != top:
            first_by.setdefault(top, parent)
    print("  by package (own time of its modules, ms; first imported by):")
    for name, ms in sorted(tops.items(), key=lambda kv: -kv[1])[:22]:
        print(f"    {ms:8.1f}  {name:<28} <- {first_by.get(name, 'main.py')}")
    print("  the slowest modules (own time, ms; total with what they import; imported by):")
    for name, own, tot, _, parent in sorted(rows, key=lambda r: -r[1])[:22]:
        print(f"    {own:8.1f}  (total {tot:8.1f})  {name}  <- {parent or 'main.py'}")
    c = p.get("compile")
    if c:
        print(f"  compiling the {c['n']} modules that have a .py source again "
              f"({c['bytes'] / 1e6:.1f} MB of source) takes {c['ms']:.0f} ms in the worker"
              f" ({c['pyc']} modules came from .pyc; sys.dont_write_bytecode="
              f"{c['dont_write_bytecode']})")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5, help="runs of each figure")
    p.add_argument("--hands", type=int, default=3000, help="hands stored before the saves")
    p.add_argument("--saves", type=int, default=5, help="hands saved into the sheet")
    p.add_argument("--profiles", type=int, default=3, help="first visits of the profiling copy")
    p.add_argument(
        "--quick", action="store_true", help="a smoke run: 1 run, 300 hands, 2 saves, 1 profile"
    )
    p.add_argument(
        "--route",
        action="store_true",
        help="abort other requests with Playwright's routing (turns the HTTP cache off)",
    )
    args = p.parse_args(argv)
    ROUTE[0] = args.route
    if args.quick:
        args.runs, args.hands, args.saves, args.profiles = 1, 300, 2, 1
    started = datetime.now(UTC)
    failed: list[str] = []
    tmp = Path(tempfile.mkdtemp(prefix="bench-phone-"))
    statics: list[Static] = []
    srv: Server | None = None
    srv_ck: Server | None = None
    try:
        sites = {"app": tmp / "app", "floor": tmp / "floor"}
        t = time.perf_counter()
        build(sites["app"])
        build(sites["floor"], entry=FLOOR_MAIN)
        profiling_copy(sites["app"], tmp / "profile")
        print(f"sites built in {time.perf_counter() - t:.1f} s"
              f" (chromium {CHROMIUM}, {started:%Y-%m-%d %H:%M} UTC)")  # fmt: skip
        upload = tmp / "export.json"
        info = export_file(upload, args.hands, tmp)
        print(
            f"export file: {info['hands']:,} hands in {info['games']:,} games "
            f"({info['unfinished']:,} unfinished), {info['players']} players, {mb(info['bytes'])}"
        )
        static = {k: Static(v) for k, v in sites.items()}
        statics.extend(static.values())
        prof = Static(tmp / "profile")
        statics.append(prof)
        srv = BenchServer(tmp / "server-data")
        srv.env = {"LANGUAGE": "en", "LANG": "C.UTF-8"}
        srv.start()
        # The server mode with the phone build's web client (dart2js + CanvasKit):
        # Flet's own choice in chromium is its Wasm build with skwasm.
        srv_ck = BenchServer(tmp / "server-data-ck")
        srv_ck.env = {"LANGUAGE": "en", "LANG": "C.UTF-8", "FLET_WEB_RENDERER": "canvaskit"}
        srv_ck.start()
        runs: dict[str, list[dict[str, Any]]] = {
            "app": [], "floor": [], "server": [], "server_ck": [],
        }  # fmt: skip
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *BLOCK_ARGS]
            )
            try:
                server_run(browser, srv)  # the server's one-time imports, not measured
                server_run(browser, srv_ck)
                for i in range(args.runs):
                    # the side that follows the server mode's runs finds the
                    # machine still busy with them (a closed session, its
                    # renderer): the app and the floor take that turn in turn
                    for side in ("app", "floor") if i % 2 == 0 else ("floor", "app"):
                        runs[side].append(phone_run(browser, static[side], "^Standard$"))
                    runs["server"].append(server_run(browser, srv))
                    runs["server_ck"].append(server_run(browser, srv_ck))
                    a, f, s = runs["app"][-1], runs["floor"][-1], runs["server"][-1]
                    sc = runs["server_ck"][-1]
                    print(
                        f"  run {i + 1}: first visit app {a['first']:.0f} / floor {f['first']:.0f}"
                        f" / server {s['first']:.0f} ms; offline reload app {a['reload']:.0f} /"
                        f" floor {f['reload']:.0f} ms; tap app {a['tap']:.0f} / floor"
                        f" {f['tap']:.0f} / server {s['tap']:.0f} / server-ck {sc['tap']:.0f} ms",
                        flush=True,
                    )
                prof_out = profile_and_saves(browser, prof, upload, args.saves)
                more_starts = [start_only(browser, prof) for _ in range(args.profiles - 1)]
                SV = server_saves(browser, upload, tmp / "server-saves", args.saves)
                SVC = server_saves(
                    browser, upload, tmp / "server-saves-ck", args.saves, "canvaskit"
                )
            finally:
                browser.close()
    finally:
        for server in statics:
            server.stop()
        out = srv.stop() if srv is not None else ""
        if srv_ck is not None:
            out += srv_ck.stop()
        shutil_sizes = {k: folder_bytes(tmp / k) for k in ("app", "floor")}
        gz = {k: gzip_sizes(tmp / k) for k in ("app", "floor")}
        shutil.rmtree(tmp, ignore_errors=True)

    A, F, S, SC = runs["app"], runs["floor"], runs["server"], runs["server_ck"]

    def col(rs: list[dict[str, Any]], key: str) -> list[float]:
        return [float(r[key]) for r in rs]

    print(f"\n== phone build vs floor app vs server mode, {args.runs} runs each, chromium 390x844")
    print(f"   ({os.cpu_count()} cores; the app and the floor alternate which goes first)")
    print("first visit -> home drawn, ms (fresh context: no service worker, no cache)")
    for name, rs in (("app", A), ("floor", F), ("server", S), ("server-ck", SC)):
        print(f"  {name:<7} {spread(col(rs, 'first'))}")
    print(f"  app / floor (p50): {p50(col(A, 'first')) / p50(col(F, 'first')):.2f}x; "
          f"app / server (p50): {p50(col(A, 'first')) / p50(col(S, 'first')):.2f}x")  # fmt: skip
    print("offline reload -> home drawn, ms (same context, offline, reloaded)")
    for name, rs in (("app", A), ("floor", F)):
        print(f"  {name:<7} {spread(col(rs, 'reload'))}")
    ratio = p50(col(A, "reload")) / p50(col(F, "reload"))
    print(f"  app / floor (p50): {ratio:.2f}x   target <= 1.3x: {verdict(ratio <= 1.3)}")
    if ratio > 1.3:
        failed.append(f"offline reload {ratio:.2f}x the floor (target 1.3x)")
    offline = sum(1 for r in A + F for a in r["offline_answers"] if a[0] != "/sw.js")
    checks = sum(1 for r in A + F for a in r["offline_answers"] if a[0] == "/sw.js")
    print(f"  requests reaching the static server while offline: {offline} (must be 0)"
          f" + {checks} for /sw.js (the browser's own update check of the service"
          " worker, outside Playwright's offline emulation)")  # fmt: skip
    seen = sorted({f"{a[0]} ({a[1]})" for r in A + F for a in r["offline_answers"]})
    if offline:
        print(f"    {', '.join(seen[:10])}")
    if offline:
        failed.append(f"{offline} requests reached the server offline")
    print("tap 'New game' -> next screen drawn, ms (from the pointerdown; app offline)")
    for name, rs in (("app", A), ("floor", F), ("server", S), ("server-ck", SC)):
        extra = sum(r["taps"] - 1 for r in rs)
        print(
            f"  {name:<7} {spread(col(rs, 'tap'))}"
            + (f"  ({extra} taps repeated)" if extra else "")
        )
    print("  where the tap's time goes (the page's side; ms):")
    for key in A[0]["tap_side"]:
        for name, rs in (("app", A), ("floor", F), ("server", S), ("server-ck", SC)):
            print(f"    {key:<28} {name:<7} {spread([r['tap_side'][key] for r in rs])}")
    print(f"  app / server-ck (p50): {p50(col(A, 'tap')) / p50(col(SC, 'tap')):.2f}x"
          " (server-ck: the server mode with the phone's web client, dart2js + CanvasKit;"
          " the server mode picks Flet's Wasm client with skwasm in chromium)")  # fmt: skip
    ratio = p50(col(A, "tap")) / p50(col(S, "tap"))
    print(f"  app / server (p50): {ratio:.2f}x   target <= 1.5x: {verdict(ratio <= 1.5)}")
    if ratio > 1.5:
        failed.append(f"tap -> next screen {ratio:.2f}x the server mode (target 1.5x)")
    print("bytes fetched on the first visit (sent by the static server, uncompressed)")
    for name, rs in (("app", A), ("floor", F)):
        home = [r["home_bytes"] / 1e6 for r in rs]
        total = [r["total_bytes"] / 1e6 for r in rs]
        print(f"  {name:<7} until home drawn: {spread(home, ' MB')}")
        print(f"  {name:<7} whole visit (offline copy included): {spread(total, ' MB')}")
    for name, rs in (("app", A), ("floor", F)):
        sizes = gz[name]
        zipped = [
            sum(sizes.get("/index.html" if a[0] == "/" else a[0], a[2]) for a in r["answers"]
                if a[1] == 200) / 1e6
            for r in rs
        ]  # fmt: skip
        print(f"  {name:<7} whole visit if the host compresses (gzip -6, the same answers):"
              f" {spread(zipped, ' MB')}")  # fmt: skip
    worst = max(r["total_bytes"] for r in A) / 1e6
    print(f"  app, worst whole visit: {worst:.2f} MB   target <= 30 MB: {verdict(worst <= 30)}")
    if worst > 30:
        failed.append(f"first visit fetched {worst:.1f} MB (target 30 MB)")
    for name, rs in (("app", A), ("floor", F)):
        answers = rs[0]["answers"]
        by: dict[str, list[int]] = {}
        for path, code, n in answers:
            got = by.setdefault(path, [0, 0, 0])
            got[0] += 1
            got[1] += n
            got[2] += code == 200
        print(f"  {name} run 1: {len(answers)} answers ({rs[0]['after_home']} until home drawn);"
              " the largest (path: answers, of which 200, bytes):")  # fmt: skip
        for path, (count, n, ok) in sorted(by.items(), key=lambda kv: -kv[1][1])[:8]:
            print(f"    {path}: {count}, {ok}, {mb(n)}")
    missing = {m for r in A + F for m in r["missing"]}
    if missing:
        print(f"  NOT in the offline copy after the first visit: {sorted(missing)}")
    print("site size on disk, bytes of the built folder")
    print(f"  app     {mb(shutil_sizes['app'])}\n  floor   {mb(shutil_sizes['floor'])}")

    P = prof_out
    print(f"\n== save -> sheet, phone build (profiling copy), {info['hands']:,} hands stored "
          f"in {info['games']:,} games ({info['unfinished']:,} unfinished)")  # fmt: skip
    print(f"  import of the {mb(info['bytes'])} export through Export and import: "
          f"{P['import_s']:.1f} s ({P['import_msg']})")  # fmt: skip
    for e in P["import_events"]:
        if e.get("kind") == "call":
            print(f"    in the worker: {e['name']}{e['args']} {e['ms']:.0f} ms")
    print(f"  phone: tap Save hand -> new score drawn, ms: {spread(P['save'])}")
    print(f"  server mode, the same export and saves, ms:    {spread(SV['save'])}")
    print(f"  server-ck (the phone's web client), the same:   {spread(SVC['save'])}")
    for name, run in (("phone", P), ("server", SV), ("server-ck", SVC)):
        print(f"    {name}, each save in order: {', '.join(f'{ms:.0f}' for ms in run['save'])}")
    worst = max(P["save"]) if P["save"] else math.inf
    print(f"    target <= 100 ms (durable sync included), phone's worst: {verdict(worst <= 100)}"
          f" (p50 {p50(P['save']):.0f} ms: {p50(P['save']) / 100:.1f}x the target)")  # fmt: skip
    if worst > 100:
        failed.append(f"save -> sheet max {worst:.0f} ms (target 100 ms)")
    if P["stages"]:
        print("  where a phone save's time goes (the worker's log on the page's clock; ms):")
        for key in P["stages"][0]:
            print(f"    {key:<28} {spread([st[key] for st in P['stages']])}")
    if SV["handler"]:
        print(f"  server mode's save handler (its own log), ms: {spread(SV['handler'])}")
    if SV["stages"]:
        print("  where a server-mode save's time goes (ms):")
        for key in SV["stages"][0]:
            print(f"    {key:<28} {spread([st[key] for st in SV['stages']])}")
    if SVC["stages"]:
        print("  where a server-ck save's time goes (ms):")
        for key in SVC["stages"][0]:
            print(f"    {key:<28} {spread([st[key] for st in SVC['stages']])}")
    for who, run in (("phone", P), ("server mode", SV), ("server-ck", SVC)):
        cpu = run.get("cpu") or {}
        if cpu:
            print(f"  the page's CPU during one more save ({who}, under the profiler:"
                  f" {cpu['ms']:.0f} ms), self time in ms by file:"
                  f" {', '.join(f'{k} {v:.0f}' for k, v in cpu['by_file'])}")  # fmt: skip
            print(f"    by function: {', '.join(f'{k} {v:.0f}' for k, v in cpu['by_function'])}")
    print("  tap New game -> Standard drawn in the profiling copy (first tap, then again):")
    for took, handler, evs in P["taps"]:
        calls = ", ".join(f"{e['name']} {e['ms']:.0f} ms" for e in evs if e["kind"] == "call")
        h = f"{handler:.0f} ms" if handler is not None else "?"
        print(f"    {took:6.0f} ms; handler (open_new) {h}; {calls or 'no sync'}")
    print_profile(P)
    starts = [P, *more_starts]
    print(f"\n== the start path over {len(starts)} first visits of the profiling copy"
          " (p50 / p95 / max, ms)")  # fmt: skip
    steps = [start_steps(x) for x in starts]
    for key in steps[0]:
        print(f"  {key:<48} {spread([st[key] for st in steps])}")
    tops = [package_times(x) for x in starts]
    names = sorted({k for t in tops for k in t}, key=lambda k: -p50([t.get(k, 0) for t in tops]))
    total = [sum(t.values()) for t in tops]
    print(f"  own import time by package, all packages: {spread(total)}")
    for name in names[:16]:
        print(f"    {name:<28} {spread([t.get(name, 0.0) for t in tops])}")
    for e in P["late_imports"]:
        rows = e["rows"]
        if rows:
            ms = sum(r[1] for r in rows)
            print(f"  imported later ({e['step']}): {len(rows)} modules, {ms:.0f} ms")

    blocked = [u for r in A + F + S + SC for u in r["blocked"]]
    blocked += P["blocked"] + SV["blocked"] + SVC["blocked"]
    csp = [u for r in A + F + S + SC for u in r["csp"]] + P["csp"] + SV["csp"] + SVC["csp"]
    how = "aborted by Playwright's routing" if ROUTE[0] else "failed: no name resolves but loopback"
    print(f"\nrequests not to the page's own loopback server ({how}): {len(blocked)}"
          f" (must be 0); besides, {len(csp)} refused by the site's own CSP before any"
          f" network: {sorted(set(csp))}")  # fmt: skip
    for u in sorted(set(blocked))[:10]:
        print(f"  {u}")
    if blocked:
        failed.append(f"{len(blocked)} requests left loopback")
    errors = [e for r in A + F for e in r["errors"]] + P["errors"]
    if errors:
        print(f"page errors: {errors[:5]}")
    tracebacks = out.count("Traceback")
    if tracebacks:
        failed.append(f"the server printed {tracebacks} tracebacks")
    for miss in failed:
        print("TARGET MISSED:", miss)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
