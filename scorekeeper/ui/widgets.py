"""Small building blocks shared by the app's screens and the review screens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

#: The app's font: shipped in its assets, with the card suits ♠♥♦♣.
FONT = "DejaVu"


def theme_sent() -> dict[str, Any]:
    """The app's theme, light or dark (its font, seeded green), as the
    browser gets it.

    This is what ``ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.GREEN)``
    sends: a mapping of the same fields, which is all the browser reads
    (tests/ui/test_look.py checks that the two are sent alike).  ``ft.Theme``
    itself imports ``flet.controls.theme`` and the 17 modules its sub-themes
    name, some 95 dataclasses made at import: 230-380 ms of every start of
    the phone build, before home could be drawn, for a screen that names none
    of them."""
    return {"color_scheme_seed": ft.Colors.GREEN.value, "font_family": FONT, "page_transitions": {}}


def apply_look(page: ft.Page) -> None:
    """The app's font and green theme, light and dark, on ``page``."""
    page.fonts = {FONT: "fonts/DejaVuSans.ttf", f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf"}
    # the theme as sent, where Flet's field says Theme (see theme_sent)
    page.theme = cast("ft.Theme", theme_sent())
    page.dark_theme = cast("ft.Theme", theme_sent())


TAP = 52  # minimum height of a tap target at the table
#: An event handler, as the screens pass them to their controls.
Handler = Callable[[Any], None]
#: What a screen builder returns: its title and its controls.
Screen = tuple[str, list[ft.Control]]


def typed(e: Any) -> str:
    """The text a field's change event carries.

    Read from the event, never from ``e.control``: the server applies a
    field's new text as it arrives but runs the change events after it in
    turn, so a redraw still owed to an earlier event can draw the field again
    from the model, without what was just typed, and leave the handler a
    field that no longer holds it."""
    return e.data if isinstance(e.data, str) else str(e.control.value or "")


def switched(e: Any) -> bool:
    """Whether a switch's or checkbox's change turned it on (from the event,
    as :func:`typed`)."""
    return e.data if isinstance(e.data, bool) else bool(e.control.value)


def text(value: str, size: int = 16, **kw: Any) -> ft.Text:
    return ft.Text(value, size=size, **kw)


def score_text(value: str, size: int, *, bold: bool = False, scored: bool = False) -> ft.Text:
    """A figure in a score table's column (the sheet, a past game): centred
    on one line, cut short rather than wrapped; bold, and in the theme's
    colour where the hand scored."""
    return ft.Text(
        value,
        size=size,
        weight=ft.FontWeight.BOLD if bold or scored else None,
        color=ft.Colors.PRIMARY if scored else None,
        text_align=ft.TextAlign.CENTER,
        no_wrap=True,
        overflow=ft.TextOverflow.ELLIPSIS,
    )


def muted_text(value: str) -> ft.Text:
    return ft.Text(value, size=15, color=ft.Colors.ON_SURFACE_VARIANT)


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
    )


def slot(text: str | None, kind: str = "error") -> ft.Control:
    """A message, or an invisible placeholder that keeps the layout's positions."""
    if not text:
        return ft.Container(visible=False)
    return message(text, kind)


def readable_on(color: str) -> str | None:
    """The text colour (black or white) with the most contrast on ``color``
    (``"#rrggbb"``; None for a theme colour, whose own "on" colour the theme
    gives).  A filled button takes its text colour from the theme's primary:
    on a colour of its own (a player's blue) the dark theme's dark text is
    blue on blue.

    >>> readable_on("#1565c0"), readable_on("#e65100"), readable_on("primary")
    ('#ffffff', '#000000', None)
    """
    if len(color) != 7 or color[0] != "#":
        return None
    try:
        rgb = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    except ValueError:
        return None
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]  # WCAG 2
    on_white = 1.05 / (luminance + 0.05)
    on_black = (luminance + 0.05) / 0.05
    return "#ffffff" if on_white >= on_black else "#000000"


def choice(label: str, selected: bool, handler: Handler, **kw: Any) -> ft.Control:
    """One of a row of choices: filled (with a tick) when selected.  ``compact``
    makes it share a row evenly (``color``: its colour, e.g. a player's);
    other keywords go to the button (``height``, ``style``, ``key``)."""
    kw.setdefault("key", f"choice:{label}")
    if kw.pop("compact", False):
        color = kw.pop("color", None)
        style = ft.ButtonStyle(
            padding=ft.Padding.symmetric(horizontal=4), text_style=ft.TextStyle(size=14)
        )
        if selected:
            if color:
                style.bgcolor = color
                style.color = readable_on(color)  # light and dark theme alike
            return ft.FilledButton(
                label, height=TAP - 4, on_click=handler, expand=True, style=style, **kw
            )
        if color:
            style.color = color
        return ft.OutlinedButton(
            label, height=TAP - 4, on_click=handler, expand=True, style=style, **kw
        )
    kw.setdefault("height", TAP)
    if selected:
        return ft.FilledButton(label, icon=ft.Icons.CHECK, on_click=handler, **kw)
    return ft.OutlinedButton(label, on_click=handler, **kw)


def column_width(page: ft.Page | None) -> float:
    """The width of :func:`screen_body`'s column, in pixels, for the
    window's size at the last redraw (a wide window when unknown).

    >>> class P: width = 390
    >>> column_width(P()), column_width(None)
    (366.0, 942.0)
    """
    width = float(getattr(page, "width", None) or 1280)
    share = 12 if width < 992 else 11 if width < 1200 else 9  # screen_body's columns
    return (width - 24) * share / 12


def switch_label(page: ft.Page, text: str) -> ft.Text:
    """A switch's label that wraps: Flet lays it beside the switch on one
    line, cut off at the window's edge, unless it has a width (the
    screen's column, less the switch: every tap redraws)."""
    return ft.Text(text, width=max(160.0, column_width(page) - 84))
