"""What every review screen shares: the context the builders get
(:class:`ReviewContext`: the model, handlers that re-render, the file picker,
the screen keeper) and the small pieces they are built of (chips, messages).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scorekeeper.i18n import Translator

from .. import widgets
from ..uploads import INBOX, UploadInbox, UploadsBusy
from ..wakelock import ScreenKeeper
from ..widgets import TAP, Handler, switched
from ..widgets import message as _message
from .common import PERIODS, period_label
from .data_state import Download
from .game_model import format_label
from .model import ReviewModel
from .settings import FORMATS

log = logging.getLogger(__name__)


@dataclass
class ReviewContext:
    """What the screens need from the host app.

    ``refresh()`` re-renders the current screen from the model (the host
    also re-reads ``model.screen`` to pick the builder).
    """

    model: ReviewModel
    refresh: Callable[[], None]
    #: Set by :meth:`attach_file_picker`: import then offers "Choose a file".
    file_picker: ft.FilePicker | None = None
    #: The page, once :meth:`attach_file_picker` is called.
    page: ft.Page | None = None
    #: The inbox slot of the import upload under way (web mode).
    upload_slot: str | None = None
    inbox: UploadInbox = INBOX
    #: Who this session is to the inbox: it holds one slot at a time.
    upload_owner: object = field(default_factory=object)
    #: The session's wakelock: Settings then offers "Keep the screen on".
    screen_keeper: ScreenKeeper | None = None

    #: The desktop window (the launcher says so, never the client: a browser
    #: can claim ``page.web = False``): only there are paths on this computer
    #: read and written.
    desktop: bool = False
    #: The phone build (a browser running the app itself, ui/browser.py):
    #: export is a download as in any browser, but there is no upload server,
    #: so an import reads the picked file's bytes.
    phone: bool = False
    #: The phone build: whether the browser keeps this site's storage when
    #: space runs low (None: unknown), told in Settings.
    storage_kept: bool | None = None

    @property
    def web(self) -> bool:
        """A browser session: import is an upload, export a download, and no
        path on the server is ever read from what the client sends."""
        return not self.desktop

    def attach_file_picker(self, page: ft.Page) -> ft.FilePicker:
        """Add a file picker service to ``page`` for importing an export file
        (and, in a browser, for downloading exports)."""
        picker = ft.FilePicker(on_result=self._picked, on_upload=self._uploaded)
        page.services.append(picker)
        self.file_picker = picker
        self.page = page
        self.model.data.allow_paths = not self.web
        return picker

    def _picked(self, e: Any) -> None:
        files = getattr(e, "files", None) or []
        if not files:
            return
        if not self.model.data.host:  # importing is the host's: no upload slot held for it
            self.model.act(self.model.data.require, "import_json")
            self._refresh()
            return
        f = files[0]
        if self.phone and f.size > self.inbox.limit:
            self.model.clear_messages()
            self.model.error = too_large(self.model.t, self.inbox.limit)
        elif self.web and not self.phone:
            self._upload(f)
        elif f.bytes is not None and self.page is not None:
            self.model.clear_messages()
            self.model.note = self.model.t.gettext("Importing…")
            self.page.run_task(self._import, bytes(f.bytes))
        elif f.bytes is not None:
            self.model.act(self.model.data.import_bytes, bytes(f.bytes))
        else:
            self.model.act(self.model.data.import_file, f.path or "")
        self._refresh()

    def _upload(self, f: ft.FilePickerFile) -> None:
        """Send the picked file to the server's upload endpoint, into a fresh
        one-time inbox slot; :meth:`_uploaded` imports it once it is there."""
        m, t = self.model, self.model.t
        m.clear_messages()
        if self.upload_slot is not None:
            self.inbox.drop(self.upload_slot)
            self.upload_slot = None
        if f.size > self.inbox.limit:
            m.error = too_large(t, self.inbox.limit)
            return
        assert self.page is not None and self.file_picker is not None
        try:
            slot = self.upload_slot = self.inbox.expect(owner=self.upload_owner)
        except UploadsBusy:
            m.error = uploads_busy(t)
            return
        url = self.page.get_upload_url(slot, 600)
        m.note = t.gettext("Uploading {name}…").format(name=f.name)
        self.page.run_task(
            self.file_picker.upload, [ft.FilePickerUploadFile(upload_url=url, id=f.id)]
        )

    def _uploaded(self, e: ft.FilePickerUploadEvent) -> None:
        slot, m = self.upload_slot, self.model
        if slot is None:
            return
        if e.error:
            self.inbox.drop(slot)
            self.upload_slot = None
            m.clear_messages()
            if " 413" in e.error:
                m.error = too_large(m.t, self.inbox.limit)
            elif " 503" in e.error:
                m.error = uploads_busy(m.t)
            else:
                log.warning("an import upload failed: %s", e.error)
                m.error = m.t.gettext("The file could not be uploaded. Try again.")
            self._refresh()
            return
        if e.progress is None or e.progress < 1.0:
            return
        self.upload_slot = None
        data = self.inbox.take(slot)
        if data is None:
            m.clear_messages()
            m.error = m.t.gettext("The file could not be uploaded. Try again.")
        elif self.page is not None:
            # Off the event loop: the other devices at the table go on playing.
            self.page.run_task(self._import, data)
            m.clear_messages()
            m.note = m.t.gettext("Importing…")
        else:
            m.act(m.data.import_bytes, data)
        self._refresh()

    async def _import(self, data: bytes) -> None:
        await self.model.act_async(self.model.data.import_bytes_async, data)
        self._refresh()

    def download(self, fn: Callable[..., Download], *args: Any) -> Handler:
        """A handler: make an export with ``fn(*args)`` and hand it to the
        browser as a download (nothing is written on the server)."""

        def handler(_: Any = None) -> None:
            got = self.model.act(fn, *args)
            if isinstance(got, Download) and self.page is not None and self.file_picker:
                self.page.run_task(self._save, got)
            self._refresh()

        return handler

    async def _save(self, d: Download) -> None:
        assert self.file_picker is not None
        m = self.model
        try:
            await self.file_picker.save_file(file_name=d.name, src_bytes=d.data)
        except Exception:
            log.exception("the download of %s failed", d.name)
            m.clear_messages()
            m.error = m.t.gettext("Sorry, that did not work.")
        else:
            m.clear_messages()
            m.note = d.note
        self._refresh()

    def device_loaded(self) -> None:
        """The device's own choices arrived: redraw if they are on screen."""
        if self.model.screen == "settings":
            self._refresh()

    def keep_screen_on(self, e: Any) -> None:
        """The Settings switch: this device's choice, kept in its own storage."""
        if self.screen_keeper is None:
            return
        self.screen_keeper.set_enabled(switched(e))
        self.model.clear_messages()
        self.model.note = self.model.t.gettext("Saved on this device.")
        self._refresh()

    def on(self, fn: Callable[..., Any], *args: Any) -> Handler:
        """A handler: run ``fn(*args)`` through ``model.act``, then refresh."""

        def handler(_: Any = None) -> None:
            self.model.act(fn, *args)
            self._refresh()

        return handler

    def on_value(self, fn: Callable[[str], Any]) -> Handler:
        """A handler that passes the control's value (text fields, dropdowns)."""

        def handler(e: Any) -> None:
            value = getattr(getattr(e, "control", None), "value", None)
            self.model.act(fn, "" if value is None else str(value))
            self._refresh()

        return handler

    def _refresh(self) -> None:
        try:
            self.refresh()
        except Exception:  # never a traceback in the UI
            log.exception("could not redraw the review screen")


# --- small pieces --------------------------------------------------------------


def too_large(t: Translator, limit: int) -> str:
    return t.gettext("That file is too large: the limit is {mb} MB.").format(
        mb=limit // (1024 * 1024)
    )


def uploads_busy(t: Translator) -> str:
    return t.gettext("The server is busy with other uploads. Try again in a moment.")


def muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def messages(ctx: ReviewContext) -> list[ft.Control]:
    m = ctx.model
    undo = m.history.undo_game_id  # where a game was just deleted
    out: list[ft.Control] = []
    if m.error:
        out.append(_message(m.error))
    if m.note:
        out.append(_message(m.note, "info"))
    if undo is not None:
        out.append(
            ft.OutlinedButton(
                m.t.gettext("Undo delete"), icon=ft.Icons.UNDO, height=TAP,
                on_click=ctx.on(m.history.undo_delete),
            )
        )  # fmt: skip
    return out


CHIP = 44


CHIP_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))


def choice(label: str, selected: bool, handler: Handler) -> ft.Control:
    """A filter or option chip: the app's choice, a little lower."""
    return widgets.choice(label, selected, handler, height=CHIP, style=CHIP_STYLE, key=None)


def chip_row(items: list[ft.Control]) -> ft.Control:
    return ft.Row(items, wrap=True, spacing=6, run_spacing=6)


def format_chips(ctx: ReviewContext, current: str | None, setter: Callable[..., Any]) -> ft.Control:
    t = ctx.model.t
    items = [choice(t.gettext("All formats"), current is None, ctx.on(setter, None))]
    items += [choice(format_label(t, f), current == f, ctx.on(setter, f)) for f in FORMATS]
    return chip_row(items)


def period_chips(ctx: ReviewContext, current: str, setter: Callable[..., Any]) -> ft.Control:
    t = ctx.model.t
    return chip_row([choice(period_label(t, p), current == p, ctx.on(setter, p)) for p in PERIODS])
