"""Small building blocks shared by the app's screens and the review screens."""

from __future__ import annotations

import flet as ft

TAP = 52  # minimum height of a tap target at the table


def section(title: str) -> ft.Text:
    return ft.Text(title, size=18, weight=ft.FontWeight.BOLD)


def card_box(
    *controls: ft.Control, color: str | None = None, key: str | None = None
) -> ft.Container:
    return ft.Container(
        key=key,
        content=ft.Column(list(controls), spacing=8, tight=True),
        padding=14,
        border_radius=12,
        bgcolor=color or ft.Colors.SURFACE_CONTAINER,
    )


def message(text: str, kind: str = "error") -> ft.Control:
    """An inline message: an error, or (``kind="info"``) friendly information."""
    error = kind == "error"
    return ft.Semantics(
        live_region=True,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE),
                    ft.Text(text, size=16, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            padding=12,
            border_radius=10,
            bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
        ),
    )
