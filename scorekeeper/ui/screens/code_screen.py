"""The code screen of a ``--lan`` server: what a device sees until the code
shown on the host is typed (:mod:`~scorekeeper.ui.lan_session` decides
what a code lets in; here, only what is drawn)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.i18n import Translator

from ..join import CODE_DIGITS, MAX_NAME
from ..widgets import TAP


@dataclasses.dataclass(frozen=True)
class CodeScreen:
    """The screen's view and the controls its session reads or changes."""

    view: ft.View
    #: the join code typed
    code: ft.TextField
    #: the device's name typed
    name: ft.TextField
    #: the refusal (a wrong code, a wait), changed in place after a wrong
    #: code: the fields are not rebuilt under the typing
    notice: ft.Text


def code_screen(
    t: Translator,
    error: str | None,
    *,
    on_join: Callable[[Any], Any],
    on_named: Callable[[Any], None],
) -> CodeScreen:
    """The code screen in the language of ``t``, showing ``error`` if any."""
    code = ft.TextField(
        label=t.gettext("Join code"),
        keyboard_type=ft.KeyboardType.NUMBER,
        max_length=CODE_DIGITS,
        text_size=28,
        on_submit=on_join,
        width=260,
    )
    name = ft.TextField(
        label=t.gettext("This device's name"),
        hint_text=t.gettext("e.g. Sam's phone"),
        max_length=MAX_NAME,
        on_submit=on_join,
        # with a change handler the browser sends each change as typed, so
        # the name is here when Enter in the code field joins
        on_change=on_named,
        width=260,
    )
    notice = ft.Text(
        error or "",
        size=16,
        color=ft.Colors.ERROR,
        weight=ft.FontWeight.BOLD,
        visible=bool(error),
    )
    controls: list[ft.Control] = [
        ft.Text(t.gettext("Gin Scorekeeper") + " ♠♥♦♣", size=24, weight=ft.FontWeight.BOLD),
        ft.Text(t.gettext("Enter the code shown on the host"), size=20),
        ft.Text(
            t.gettext("On the host, the code is under “Invite a device” in the top bar."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        code,
        name,
        ft.FilledButton(t.gettext("Join"), height=TAP, on_click=on_join),
        notice,
    ]
    view = ft.View(
        route="/",
        controls=[ft.Column(controls, spacing=16)],
        padding=24,
        # the app's own top bar (top_bar.TopBar): the same green, the same words' size
        appbar=ft.AppBar(
            title=ft.Text(t.gettext("Join the table"), size=20),
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
            automatically_imply_leading=False,
        ),
    )
    return CodeScreen(view, code, name, notice)
