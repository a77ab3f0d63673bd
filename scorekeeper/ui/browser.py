"""The phone build's entry: the app running in the browser itself (Pyodide).

Beside the desktop window and the table server (:mod:`.launch`), this is
the third way to run the same app: ``scorekeeper build-web`` packs it into a
static site, whose worker runs :func:`main`.  What differs from the other
two is decided in :mod:`scorekeeper.runtime` (no threads, no processes, no
hard links) and here, at the edges:

* **Storage**: the data folder ``/data`` is Emscripten's IDBFS, an
  in-memory file system copied to and from IndexedDB (:func:`syncfs`, in
  :mod:`.browser_js` with the browser's other parts).  It is loaded once
  before the store opens; a save then copies only the files it wrote.
* **Durability**: every frame to the page waits until the writes before it
  are synced (:mod:`scorekeeper.web.durable`), so a hand shows as saved only
  once it is in IndexedDB.  The frames are held at the one place they all
  pass: the send callback the page hands to Flet's Pyodide connection when
  it connects (``flet_js.start_connection``, the bridge's public entry).
* **One writer**: a Web Lock and a BroadcastChannel (:mod:`scorekeeper.web.tabs`).
* **Validation**: the library that checks a file changed behind the store's
  back is fetched when first imported (:mod:`.validation_fetch`).
* **Files**: import reads the picked file's bytes (there is no upload
  server); export is a download, as in any browser.
* **Persistence**: the page asks for persistent storage (``site/boot.js``);
  Settings says whether the browser granted it.
"""

from __future__ import annotations

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
from scorekeeper.web.tabs import Role, Tab
from scorekeeper.web.warm import warm_up

# Looked up here when called (benchmarks/bench_phone.py times syncfs,
# mount_data and storage_persisted by replacing them in this module).
from .browser_js import DATA_DIR as DATA_DIR
from .browser_js import MIRROR_JS as MIRROR_JS
from .browser_js import BroadcastChannel as BroadcastChannel
from .browser_js import WebLock as WebLock
from .browser_js import _js
from .browser_js import mount_data as mount_data
from .browser_js import storage_persisted as storage_persisted
from .browser_js import syncfs as syncfs
from .validation_fetch import NOT_YET as NOT_YET
from .validation_fetch import VALIDATION_ARCHIVE as VALIDATION_ARCHIVE
from .validation_fetch import VALIDATION_PACKAGES as VALIDATION_PACKAGES
from .validation_fetch import FetchValidation as FetchValidation
from .widgets import TAP, apply_look

log = logging.getLogger(__name__)

#: Where the last build seen on this phone is noted ("Updated" once).
SEEN_BUILD = ".site-build"
#: The build's own id, written into the app archive by the builder.
BUILD_FILE = Path(__file__).resolve().parent.parent / "web" / "BUILD"


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
        from .page_clear import clear_page

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
