"""Keys for rebuilt screens: how a screen drawn again after every tap is
patched in place in the browser instead of replaced.

Flet matches the controls of a rebuilt list by key.  Every screen is built
fresh from its model, so :func:`autokey` gives each unkeyed control a key
that stays the same while the control means the same thing, and
:func:`sealed` marks a subtree built once (a hand of the sheet, a top bar) so
later passes stop at it.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterator
from typing import Any

import flet as ft

#: The ``data`` of a sealed subtree: already keyed, not walked again.
AUTOKEYED = object()


def _may_hold_control(t: Any) -> bool:
    """Whether a declared field type admits a control (``Control``,
    ``list[Control]``, ``str | Control``, ``Any``...)."""
    if t is Any:
        return True
    if isinstance(t, typing.ForwardRef):
        # A name flet has not loaded yet is looked at, not loaded: flet loads
        # a class's module when first named, and naming them here loaded
        # modules no screen uses at every start (the page's ``theme`` field:
        # flet.controls.theme and 17 more).  Looking at a field that holds
        # no control costs nothing.
        t = vars(ft).get(t.__forward_arg__)
        return t is None or _may_hold_control(t)  # unknown: look, to be safe
    if isinstance(t, str):
        return _may_hold_control(typing.ForwardRef(t))
    if isinstance(t, type):
        return issubclass(t, ft.BaseControl)
    return any(_may_hold_control(a) for a in typing.get_args(t))


@functools.cache
def child_fields(cls: type) -> tuple[str, ...]:
    """The fields of a control class that can hold controls, by their declared
    types.  A Flet control has some 70 fields, and reading every field of
    every control on each tap was most of the cost of keying a screen."""
    skip = ("data", "key", "parent", "page")
    return tuple(
        f.name
        for f in dataclasses.fields(cls)
        if not f.name.startswith(("_", "on_")) and f.name not in skip and _may_hold_control(f.type)
    )


def descendants(control: ft.BaseControl, *, shown: bool = False) -> Iterator[ft.BaseControl]:
    """``control`` and every control inside it, depth first in the order they
    are declared (drawn); with ``shown``, none inside a hidden one.

    >>> col = ft.Column([ft.Text("a"), ft.Container(ft.Text("b"), visible=False)])
    >>> [c.value for c in descendants(col) if isinstance(c, ft.Text)]
    ['a', 'b']
    >>> [c.value for c in descendants(col, shown=True) if isinstance(c, ft.Text)]
    ['a']
    """
    if shown and not getattr(control, "visible", True):
        return
    yield control
    for name in child_fields(type(control)):  # type: ignore[arg-type]  # classes hash
        value = getattr(control, name, None)
        if isinstance(value, ft.BaseControl):
            yield from descendants(value, shown=shown)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ft.BaseControl):
                    yield from descendants(item, shown=shown)


def autokey(control: ft.BaseControl, index: int = 0) -> str:
    """Give every unkeyed control a key; returns the control's key.

    Flet matches rebuilt controls in a list by key, so a screen rebuilt after
    each tap is patched in place instead of replaced: the browser keeps its
    widgets (and their accessibility nodes, so a quick second tap is never
    lost) and the update stays small.  A container is keyed after its first
    explicitly keyed child (stable when siblings come and go), text by its
    words, anything else by its type and place.
    """
    if getattr(control, "data", None) is AUTOKEYED:  # a cached, already keyed subtree
        return str(control.key)
    first_explicit: str | None = None
    for name in child_fields(type(control)):  # type: ignore[arg-type]  # classes hash
        value = getattr(control, name, None)
        if isinstance(value, ft.BaseControl):
            autokey(value)
        elif isinstance(value, list) and value and isinstance(value[0], ft.BaseControl):
            seen: set[str] = set()
            for i, item in enumerate(value):
                if not isinstance(item, ft.BaseControl):
                    continue
                explicit = getattr(item, "key", None) is not None
                k = autokey(item, i)
                if k in seen:  # keys must be unique among siblings
                    k = f"{k}#{i}"
                    item.key = k
                seen.add(k)
                if explicit and first_explicit is None:
                    first_explicit = k
    key = getattr(control, "key", None)
    if key is None:
        kind = type(control).__name__
        if first_explicit is not None:
            key = f"~{kind}<{first_explicit}>"
        elif isinstance(control, ft.Text) and control.value:
            key = f"~{kind}:{control.value}"
        else:
            key = f"~{kind}@{index}"
        control.key = key
    return str(key)


C = typing.TypeVar("C", bound=ft.BaseControl)


def sealed(control: C, key: str | None = None) -> C:
    """Key a built-once subtree (``key`` for its root, if given) and mark it so
    later passes of :func:`autokey` stop at it."""
    if key is not None:
        control.key = key
    autokey(control)
    control.data = AUTOKEYED
    return control
