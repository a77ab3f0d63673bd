"""Helpers shared by this package's tests."""

from __future__ import annotations

from typing import Any

import flet as ft


def walk(c: Any) -> list[Any]:
    out = [c]
    for name in ("content", "controls", "actions", "leading", "title"):
        v = getattr(c, name, None)
        if isinstance(v, list):
            for x in v:
                out += walk(x)
        elif isinstance(v, ft.BaseControl):
            out += walk(v)
    return out


def texts(controls: list[ft.Control]) -> list[str]:
    found = []
    for c in controls:
        for x in walk(c):
            if isinstance(x, ft.Text) and isinstance(x.value, str):
                found.append(x.value)
    return found
