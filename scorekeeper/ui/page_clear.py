"""A page left by the app: a LAN device shut out, a phone tab that another
tab took over from.  Its session may go on (the code screen, a notice), but
nothing of the app may answer there any more."""

from __future__ import annotations

import dataclasses

import flet as ft


def clear_page(page: ft.Page) -> None:
    """No handler, service, dialog or view of the app is left on the page
    (a LAN device shut out, a phone tab that another tab took over from)."""
    for f in dataclasses.fields(page):
        if f.name.startswith("on_"):
            setattr(page, f.name, None)
    # a service stays in Flet's registry while anything holds it: its
    # handlers go, so an event for it does nothing
    for service in page.services:
        for f in dataclasses.fields(service):
            if f.name.startswith("on_"):
                setattr(service, f.name, None)
    page.services = []
    page.overlay.clear()
    for _ in range(8):  # a dialog over a dialog, at most a few
        try:
            if page.pop_dialog() is None:
                break
        except Exception:
            break
    page.views.clear()
