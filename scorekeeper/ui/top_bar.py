"""The top bar of every screen of the app: its title, Back, and the
theme's button (and the LAN host's "Invite a device")."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.i18n import Translator

from .widgets import Handler


class TopBar:
    """One bar, changed in place (its title, its Back).  Flet sends a bar
    put in another's place whole, and the form's and the sheet's bars
    differ only in their title; a new one is made only for another theme
    or language (its labels and icon)."""

    def __init__(self, actions: Callable[[], list[ft.Control]], on_theme: Handler) -> None:
        #: More buttons for the bar (the LAN host's "Invite a device").
        self._actions = actions
        self._on_theme = on_theme
        self._bar: ft.AppBar | None = None
        #: the theme and language the bar was made for
        self._style: tuple[bool, str] = (False, "")
        self._title = ft.Text()
        self._back_button = ft.IconButton()
        self._back = ft.Semantics()

    def show(self, t: Translator, dark: bool, title: str, back: Handler | None) -> ft.AppBar:
        """The bar titled ``title``, with Back doing ``back`` (none if None)."""
        if self._bar is None or self._style != (dark, t.code):
            self._style = (dark, t.code)
            theme_label = t.gettext("Light theme") if dark else t.gettext("Dark theme")
            self._back_button = ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t.gettext("Back"))
            self._back = ft.Semantics(
                label=t.gettext("Back"), button=True, content=self._back_button
            )
            self._title = ft.Text(title, size=20, overflow=ft.TextOverflow.ELLIPSIS)
            self._bar = ft.AppBar(
                automatically_imply_leading=False,
                title=self._title,
                bgcolor=ft.Colors.PRIMARY_CONTAINER,
                actions=[
                    *self._actions(),
                    ft.Semantics(
                        label=theme_label,
                        button=True,
                        content=ft.IconButton(
                            ft.Icons.LIGHT_MODE if dark else ft.Icons.DARK_MODE,
                            tooltip=theme_label,
                            on_click=self._on_theme,
                        ),
                    ),
                ],
            )
        self._title.value = title
        self._back_button.on_click = back
        self._bar.leading = self._back if back is not None else None
        return self._bar
