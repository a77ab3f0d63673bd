"""The data screen: export (a download in a browser) and import (an upload),
drawn from ``review.data`` (:class:`~scorekeeper.ui.review.data_state.DataState`)."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from ..widgets import TAP, Screen, typed
from ..widgets import section as _section
from .context import ReviewContext, messages, muted

log = logging.getLogger(__name__)


def data_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    d, t = m.data, m.t
    out: list[ft.Control] = messages(ctx)
    if not d.host:  # every game, and the host's disk: the host's (roles.MAY)
        out.append(muted(t.gettext("The host's computer keeps the games and their backups."), 15))
        out.append(muted(t.gettext("Export and import are on the host's screen."), 15))
        return t.gettext("Export and import"), out
    out.append(_section(t.gettext("Export")))
    if ctx.web:  # a download, into this device's downloads
        out.append(muted(t.gettext("The export file goes to this device's downloads."), 15))
        export = ctx.download(d.download_all)
    else:
        out.append(
            muted(t.gettext("Exports are saved in {folder}").format(folder=str(d.exports_dir)), 15)
        )
        export = ctx.on(d.export_all)
    out.append(
        ft.FilledButton(
            t.gettext("Export all games"), icon=ft.Icons.UPLOAD_FILE, height=TAP,
            on_click=export,
        )
    )  # fmt: skip
    out.append(_section(t.gettext("Import")))
    if ctx.file_picker is not None:
        out.append(
            ft.FilledButton(
                t.gettext("Choose an export file…"), icon=ft.Icons.FOLDER_OPEN, height=TAP,
                action=ft.PickFiles(
                    ctx.file_picker, file_type=ft.FilePickerFileType.CUSTOM,
                    allowed_extensions=["json"], with_data=ctx.phone,
                ),
            )
        )  # fmt: skip
    if ctx.web or not d.allow_paths:
        # A browser uploads the file: no path on the server is ever typed here.
        out.append(
            muted(
                t.gettext("Up to {mb} MB; games already here are not added twice.").format(
                    mb=ctx.inbox.limit // (1024 * 1024)
                ),
                15,
            )
        )
        return t.gettext("Export and import"), out
    if ctx.file_picker is not None:
        out.append(muted(t.gettext("Or type or paste the path of an export file."), 15))
    else:
        out.append(muted(t.gettext("Type or paste the path of an export file."), 15))
    field = ft.TextField(
        label=t.gettext("Export file path"), value=d.import_path, text_size=16,
        on_change=lambda e: d.set_import_path(typed(e)),
    )  # fmt: skip

    def do_import(_: Any = None) -> None:
        d.set_import_path(field.value or "")
        m.act(d.import_file)
        ctx._refresh()

    field.on_submit = do_import
    out.append(field)
    out.append(
        ft.FilledButton(t.gettext("Import"), icon=ft.Icons.DOWNLOAD, height=TAP,
                        on_click=do_import)
    )  # fmt: skip
    files = d.export_files()
    if files:
        out.append(muted(t.gettext("Files in the exports folder:"), 15))
        for f in files[:10]:
            out.append(
                ft.TextButton(
                    f.name, height=TAP,
                    on_click=ctx.on(d.set_import_path, str(f)),
                )
            )  # fmt: skip
    return t.gettext("Export and import"), out
