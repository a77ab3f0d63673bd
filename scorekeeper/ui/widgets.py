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


def screen_body(
    controls: list[ft.Control],
    *,
    key: str,
    col: dict[str | ft.ResponsiveRowBreakpoint, int | float] | None = None,
) -> ft.ResponsiveRow:
    """A screen's content: one column, full width on a phone, centred and
    narrower on a wide window."""
    return ft.ResponsiveRow(
        [
            ft.Column(
                controls,
                spacing=14,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                col=col or {"xs": 12, "lg": 11, "xl": 9},
            )
        ],
        alignment=ft.MainAxisAlignment.CENTER,
        key=key,
    )
