"""The phone build's entry: the app running in the browser itself (Pyodide).

Beside the desktop window and the table server (:mod:`.launch`), this is
the third way to run the same app: ``scorekeeper build-web`` packs it into a
static site, whose worker runs :func:`main`.  What differs from the other
two is decided in :mod:`scorekeeper.runtime` (no threads, no processes, no
hard links) and here, at the edges:

* **Storage**: the data folder ``/data`` is Emscripten's IDBFS, an
  in-memory file system copied to and from IndexedDB (:func:`syncfs`).
  IDBFS rather than OPFS: the store's synchronous file code runs on it
  unchanged (OPFS's synchronous handles must each be opened asynchronously
  first, and Pyodide's file system cannot mount it), and it is in every
  browser Pyodide runs in.  It is loaded once before the store opens; a save
  then copies only the files it wrote (:data:`MIRROR_JS`).
* **Durability**: every frame to the page waits until the writes before it
  are synced (:mod:`scorekeeper.web.durable`), so a hand shows as saved only
  once it is in IndexedDB.  The frames are held at the one place they all
  pass: the send callback the page hands to Flet's Pyodide connection when
  it connects (``flet_js.start_connection``, the bridge's public entry).
* **One writer**: a Web Lock and a BroadcastChannel (:mod:`scorekeeper.web.tabs`).
* **Files**: import reads the picked file's bytes (there is no upload
  server); export is a download, as in any browser.
* **Persistence**: the page asks for persistent storage (``site/boot.js``);
  Settings says whether the browser granted it.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.abc
import importlib.machinery
import logging
import os
import sys
from pathlib import Path
from typing import Any

import flet as ft

from scorekeeper import runtime
from scorekeeper.engine.errors import N_, Msg
from scorekeeper.i18n import Translator
from scorekeeper.web.durable import Durable
from scorekeeper.web.tabs import NAME, Role, Tab
from scorekeeper.web.warm import warm_up

from .widgets import TAP, apply_look

log = logging.getLogger(__name__)

DATA_DIR = Path("/data")
#: Where the last build seen on this phone is noted ("Updated" once).
SEEN_BUILD = ".site-build"
#: The build's own id, written into the app archive by the builder.
BUILD_FILE = Path(__file__).resolve().parent.parent / "web" / "BUILD"


# --- the browser's parts (only ever imported under Pyodide) -----------------------


def _js() -> Any:
    import js  # type: ignore[import-not-found]

    return js


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def _js_object(values: dict[str, Any]) -> Any:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js(values, dict_converter=_js().Object.fromEntries)


def mount_data() -> None:
    fs = _fs()
    if not fs.analyzePath(str(DATA_DIR)).exists:
        fs.mkdir(str(DATA_DIR))
    fs.mount(fs.filesystems.IDBFS, _js_object({}), str(DATA_DIR))


#: The copy between the folder and IndexedDB, in IDBFS's own entry format
#: and with its own steps (``getLocalSet``, ``getRemoteSet``, ``reconcile``),
#: minus the one that grows with the history: ``FS.syncfs`` reads the keys of
#: every stored file back from IndexedDB (a cursor, one asynchronous step per
#: file) on each sync, to find what changed.  This tab is the only writer
#: (the Web Lock), so what IndexedDB holds is what this tab last copied: it
#: is kept here and compared with the folder, and a save sends just the files
#: it wrote.  The keys are read once, when the folder is filled.
MIRROR_JS = """
(IDBFS, mount) => {
  let known = null;  // {type: "remote", db, entries}: what IndexedDB holds
  const local = (then, fail) => {
    const started = Date.now();
    IDBFS.getLocalSet(mount, (err, set) => err ? fail(err) : then(set, started));
  };
  const remote = (then, fail) => known ? then(known) : IDBFS.getRemoteSet(
    mount, (err, set) => err ? fail(err) : then(set));
  return (populate) => new Promise((resolve, reject) => {
    const fail = (err) => { known = null; reject(err); };
    if (populate) known = null;  // another tab may have written since
    remote((idb) => local((folder, started) => {
      // the folder is read and its changes queued in this one step, so no
      // write can come between the two
      const [src, dst] = populate ? [idb, folder] : [folder, idb];
      IDBFS.reconcile(src, dst, (err) => {
        if (err) return fail(err);
        if (populate) {
          known = idb;  // the folder now holds just that, time stamps and all
        } else {
          // a file written again within the millisecond of this copy keeps
          // its time stamp: it is sent once more next time
          for (const e of Object.values(folder.entries))
            if (e.timestamp.getTime() >= started) e.timestamp = new Date(0);
          known = {type: "remote", db: idb.db, entries: folder.entries};
        }
        resolve(null);
      });
    }, fail), fail);
  });
}
"""

#: The copy made by :data:`MIRROR_JS` for this tab (None: FS.syncfs itself).
_mirror: list[Any] = []


def _copier() -> Any:
    """This tab's copy (made once the folder is mounted), or None."""
    if not _mirror:
        from pyodide.code import run_js  # type: ignore[import-not-found]

        fs = _fs()
        idbfs = fs.filesystems.IDBFS
        steps = ("getLocalSet", "getRemoteSet", "reconcile")
        if all(hasattr(idbfs, step) for step in steps):
            _mirror.append(run_js(MIRROR_JS)(idbfs, fs.lookupPath(str(DATA_DIR)).node.mount))
        else:  # another Emscripten: its own sync, whole
            log.warning("IDBFS without %s: every sync reads all of IndexedDB", steps)
            _mirror.append(None)
    return _mirror[0]


def syncfs(populate: bool) -> asyncio.Future[None]:
    """Begin copying IndexedDB into the folder (``populate``) or the folder
    into IndexedDB, now; the future is done once it has finished.  Filling
    the folder reads IndexedDB whole (another tab may have written it); a
    copy the other way sends only what this tab changed."""
    copy = _copier()
    if copy is not None:  # begun now; the future follows the copy's promise
        return asyncio.ensure_future(_settled(copy(populate)))
    from pyodide.ffi import create_once_callable, jsnull

    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def finished(err: Any = None) -> None:
        if done.done():
            return
        if err is None or err is jsnull:  # Emscripten says "no error" with JS null
            done.set_result(None)
        else:
            done.set_exception(OSError(f"IndexedDB: {err}"))

    _fs().syncfs(populate, create_once_callable(finished))
    return done


async def _settled(promise: Any) -> None:
    try:
        await promise
    except Exception as exc:  # a JsException: IndexedDB refused
        raise OSError(f"IndexedDB: {exc}") from exc


class WebLock:
    """The writer's Web Lock (``navigator.locks``), held until released."""

    def __init__(self) -> None:
        self._release: Any = None

    async def _request(self, *, wait: bool) -> bool:
        from pyodide.ffi import create_once_callable, create_proxy, jsnull

        js = _js()
        got: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def granted(lock: Any) -> Any:
            if lock is None or lock is jsnull:
                got.set_result(False)
                return None

            def hold(resolve: Any, _reject: Any) -> None:
                self._release = resolve

            got.set_result(True)
            return js.Promise.new(create_proxy(hold))

        options = _js_object({} if wait else {"ifAvailable": True})
        js.navigator.locks.request(NAME, options, create_once_callable(granted))
        return await got

    async def try_acquire(self) -> bool:
        return await self._request(wait=False)

    async def acquire(self) -> None:
        await self._request(wait=True)

    def release(self) -> None:
        release, self._release = self._release, None
        if release is not None:
            release()


class BroadcastChannel:
    def __init__(self, on_message: Any) -> None:
        from pyodide.ffi import create_proxy

        self._channel = _js().BroadcastChannel.new(NAME)
        self._channel.onmessage = create_proxy(lambda e: on_message(str(e.data)))

    def post(self, message: str) -> None:
        self._channel.postMessage(message)


async def storage_persisted() -> bool | None:
    """Whether the browser keeps this site's storage when space runs low."""
    try:
        return bool(await _js().navigator.storage.persisted())
    except Exception:
        return None


# --- the validation library, fetched when first needed ----------------------------

#: What comes in ``validation.tar.gz`` (scorekeeper.web.build.VALIDATION_DISTS).
VALIDATION_PACKAGES = ("pydantic", "pydantic_core", "annotated_types", "typing_inspection")
VALIDATION_ARCHIVE = "validation.tar.gz"


class FetchValidation(importlib.abc.MetaPathFinder):
    """Fetch the validation library the first time one of its packages is
    imported (only a file changed behind the store's back is checked, see
    storage.py): synchronously, as an import is, which a worker may do; the
    service worker answers from its cache when the phone is offline."""

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.partition(".")[0] not in VALIDATION_PACKAGES:
            return None
        import io
        import tarfile

        sys.meta_path.remove(self)
        js = _js()
        request = js.XMLHttpRequest.new()
        request.open("GET", VALIDATION_ARCHIVE, False)
        request.responseType = "arraybuffer"
        try:
            request.send(None)
        except Exception as exc:  # offline, and not kept yet
            sys.meta_path.insert(0, self)
            raise ImportError(NOT_YET) from exc
        if request.status != 200:
            sys.meta_path.insert(0, self)
            raise ImportError(NOT_YET)
        data = bytes(js.Uint8Array.new(request.response).to_py())
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(".", filter="data")  # its paths start with __pypackages__/
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(fullname, path)


#: Why a file could not be checked (a file changed behind the store's back,
#: on a phone offline before the checker was kept).
NOT_YET = "the app's file checker is not on this device yet: open the app once with a connection"


# --- frames wait for storage ----------------------------------------------------


def _hold_frames(durable: Durable) -> None:
    """Every frame to the page goes through ``durable`` (see the module's docstring)."""
    import flet_js  # type: ignore[import-not-found]

    connect = flet_js.start_connection  # set by ft.run's Pyodide connection

    async def start_connection(send_callback: Any) -> None:
        durable.connect(send_callback)
        await connect(durable.send)

    flet_js.start_connection = start_connection


# --- the session ----------------------------------------------------------------


class PhoneSession:
    """The one session of a tab: its turn as the writer, its store, its app."""

    def __init__(self, page: ft.Page, durable: Durable) -> None:
        self.page = page
        self.durable = durable
        self.store: Any = None
        self.app: Any = None
        self.mounted = False
        #: The language of Settings, once known (None: the phone's).
        self.language: str | None = None
        self.tab: Tab = Tab(
            WebLock(),
            BroadcastChannel(lambda m: page.run_task(self.tab.heard, m)),
            open_app=self._open_app,
            close_app=self._close_app,
            show=self._show,
        )

    async def start(self) -> None:
        apply_look(self.page)
        self.page.title = "Gin Scorekeeper"
        try:
            await self.tab.start()
        except Exception as exc:  # the browser's storage refused, a file could not be read
            log.exception("the games could not be opened")
            self._failed(exc)

    def sync_failed(self, exc: BaseException) -> None:
        t = self._translator()
        text = t.gettext(
            "This browser did not keep the last change ({reason}): free some space, "
            "then export your games."
        ).format(reason=str(exc))
        self.page.show_dialog(ft.SnackBar(ft.Text(text), duration=ft.Duration(seconds=30)))

    def _failed(self, exc: Exception) -> None:
        t = self._translator()
        why = t.render(exc)
        self.page.views.clear()
        self.page.views.append(
            ft.View(
                route="/",
                padding=24,
                controls=[
                    ft.Text(t.gettext("Sorry, your games could not be opened."), size=20),
                    ft.Text(why, selectable=True),
                    ft.Text(t.gettext("Nothing was changed. Reload the page to try again.")),
                ],
            )
        )
        self.page.update()

    async def _open_app(self) -> None:
        from scorekeeper.store import open_store

        from .app import run_app

        if not self.mounted:
            mount_data()
            self.mounted = True
        await syncfs(True)  # what the other tab (or the last visit) saved
        self.durable.stopped = False
        self.store = open_store(DATA_DIR)
        self.store.on_change(self.durable.changed)
        runtime.WRITE_LISTENERS[:] = [self.durable.changed]
        if not self.page.views:  # the app's services go on the root view
            self.page.views.append(ft.View(route="/"))
        if self._updated():  # told on the home screen, with the store's notices
            self.store.notices.append(Msg(N_("Updated")))
        self.app = run_app(self.page, self.store, phone=True)
        self.app.review_ctx.storage_kept = await storage_persisted()

    async def _close_app(self) -> None:
        from .app import clear_page

        await self.durable.flushed()  # every hand shown as saved is in IndexedDB
        self.durable.stop()  # ...and this tab's copy is never synced again
        runtime.WRITE_LISTENERS.clear()
        if self.app is not None:
            self.language = self.app.review.settings.language_code
            self.app.close()
            self.app = None
        if self.store is not None:
            self.store.close()
            self.store = None
        clear_page(self.page)
        self._show(Role.ELSEWHERE)

    def _show(self, role: Role) -> None:
        if role is Role.WRITER:
            return
        page, t = self.page, self._translator()
        if role is Role.ELSEWHERE:
            body: list[ft.Control] = [
                ft.Text(t.gettext("Gin Scorekeeper is open in another tab."), size=20),
                ft.Text(t.gettext("Use it there, or use it here: the other tab then stops.")),
                ft.FilledButton(t.gettext("Use here"), height=TAP, on_click=self._use_here),
            ]
        else:
            body = [ft.ProgressRing(), ft.Text(t.gettext("Waiting for the other tab to save…"))]
        page.views.clear()
        page.views.append(
            ft.View(
                route="/",
                padding=24,
                controls=[
                    ft.Column(body, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.START)
                ],
            )
        )
        page.update()

    def _translator(self) -> Translator:
        """The language chosen in Settings (the last one this tab saw), else the phone's."""
        if self.app is not None:
            self.language = self.app.review.settings.language_code
        return Translator(self.language)

    async def _use_here(self, _: Any = None) -> None:
        await self.tab.use_here()

    def _updated(self) -> bool:
        """Whether a new build took over since this phone last started (once:
        the build seen is noted in the data folder)."""
        try:
            build = BUILD_FILE.read_text().strip()
        except OSError:
            return False
        seen = DATA_DIR / SEEN_BUILD
        try:
            before: str | None = seen.read_text().strip()
        except OSError:
            before = None
        log.info("this build %s; the last one seen here %s", build, before)
        if before == build:
            return False
        seen.write_text(build)
        self.durable.changed()
        return before is not None


def main() -> None:
    """Run the app in this browser tab (the worker's ``main.py`` calls it)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # The phone's language is the app's default one (i18n reads LANGUAGE).
    os.environ.setdefault("LANGUAGE", str(_js().navigator.language).replace("-", "_"))
    holder: dict[str, PhoneSession] = {}

    def refused(exc: BaseException) -> None:
        # the hand stays in this tab's memory: tell the player it is not kept
        session = holder.get("session")
        if session is not None:
            session.sync_failed(exc)

    durable = Durable(lambda: syncfs(False), on_failure=refused)

    async def session(page: ft.Page) -> None:
        holder["session"] = PhoneSession(page, durable)
        await holder["session"].start()
        # what the first taps import, once home is drawn (a task: main's end is not delayed)
        page.run_task(warm_up, durable.flushed)

    sys.meta_path.append(FetchValidation())
    ft.run(session)
    _hold_frames(durable)
