"""The bottom bar of the app's view: the sheet's results in one tap
(sheet_parts.QuickBar), in reach however far the sheet is scrolled."""

from __future__ import annotations

import flet as ft


class BottomBar:
    """One bar, kept: its part is matched with the last by key and patched
    (Flet sends a bar put in another's place whole, the results with it,
    1.5 KB after each save)."""

    def __init__(self) -> None:
        self._part = ft.Column(spacing=0, tight=True)
        self.bar = ft.BottomAppBar(
            content=self._part,
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )

    def show(self, part: tuple[ft.Control, float] | None) -> ft.BottomAppBar | None:
        """The bar showing ``part`` (its content and height); None if none."""
        if part is None:
            self._part.controls = []
            return None
        self._part.controls = [part[0]]
        self.bar.height = part[1]
        return self.bar
