"""The app's look is sent as ``ft.Theme`` would send it (widgets.theme_sent).

The app gives Flet its theme as the mapping a ``ft.Theme`` encodes to, so that
the phone's start does not import ``flet.controls.theme``; the browser must
get exactly what it would have got from the real ``ft.Theme``.  Each page is
encoded as the web server does it (tests/ui/flet_page.py)."""

from __future__ import annotations

import flet as ft

from scorekeeper.ui.widgets import FONT, apply_look
from tests.support.flet_page import new_page


def _page_props(set_look: object) -> dict[str, object]:
    page, conn = new_page()
    assert callable(set_look)
    set_look(page)
    page.update()
    (message,) = conn.take()
    props: dict[str, object] = {}
    for op in message[1]["patch"]:
        if op[0] == 0 and len(op) == 4 and op[1] == 0:  # a property of the page
            props[op[2]] = op[3]
    return props


def _with_flet_theme(page: ft.Page) -> None:
    page.fonts = {FONT: "fonts/DejaVuSans.ttf", f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf"}
    page.theme = ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.GREEN)
    page.dark_theme = ft.Theme(font_family=FONT, color_scheme_seed=ft.Colors.GREEN)


def test_the_theme_is_sent_as_ft_theme_sends_it() -> None:
    sent, expected = _page_props(apply_look), _page_props(_with_flet_theme)
    assert set(expected) == {"fonts", "theme", "dark_theme"}
    assert sent == expected
    assert expected["theme"] == {
        "color_scheme_seed": "green",
        "font_family": FONT,
        "page_transitions": {},
    }
