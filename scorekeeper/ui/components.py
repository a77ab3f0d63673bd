"""Flet components inside the app's page: how a screen drawn anew after
every tap reaches the browser as a patch of what changed.

Each screen is built afresh from its model (``home_view``, ``hand_view``,
...) and handed to Flet as the body of a component (:data:`Part`): Flet
compares the new body with the last one, control by control (by place and
type, and by key where one is given), and sends only what differs.  The
browser keeps its widgets, and with them a quick second tap.

Every component placed in the page is memoised (:func:`memo`).  Flet builds
a component again whenever it looks at it, and it looks at the whole page
after every event, redrawn or not (a route heard, a size reported): a
plain component was then built anew and not sent, and the browser kept
controls the server had dropped (a tap on them did nothing).  A memo is
built again only when its arguments change: a part given a new builder
(:data:`Part`) at each redraw, a sheet's line when its hand does.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar, cast

import flet as ft
from flet.components.component import Component, Renderer

P = ParamSpec("P")
R = TypeVar("R")


def memo(fn: Callable[P, R]) -> Callable[P, R]:
    """``ft.memo``, typed: the component is built again only when an
    argument differs (``is`` or ``==``) from the last time.

    Each component of the app names a ``key`` parameter that it never reads:
    Flet takes a component's key from the call before the function sees
    it, and the parameter lets a typed call pass one."""
    return cast("Callable[P, R]", ft.memo(fn))  # type: ignore[no-untyped-call]


def rendered(build: Callable[[], R]) -> R:
    """Call components (``build``) from the code around them: Flet makes a
    component only inside a renderer."""
    return cast("R", Renderer().render(build))  # type: ignore[no-untyped-call]


def called_with(control: ft.Control | None, *args: Any) -> bool:
    """Whether ``control`` is a component called with ``args`` (equal, in
    order): drawn from the same things, it may be put in the page again
    as it is."""
    return isinstance(control, Component) and control.args == args


def _part(build: Callable[[], ft.Control], *, key: str | None = None) -> ft.Control:
    return build()


#: A part drawn anew at each redraw (a screen, the messages above the
#: sheet): ``build`` is called, and Flet sends what differs from the last.
Part = memo(ft.component(_part))


def part(build: Callable[[], ft.Control], key: str) -> ft.Control:
    """:data:`Part` of ``build``, ready to put in the page."""
    return rendered(lambda: Part(build, key=key))


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
def _child_fields(cls: type) -> tuple[str, ...]:
    """The fields of a control class that can hold controls, by their
    declared types (a Flet control has some 70 fields)."""
    skip = ("data", "key", "parent", "page")
    return tuple(
        f.name
        for f in dataclasses.fields(cls)
        if not f.name.startswith(("_", "on_")) and f.name not in skip and _may_hold_control(f.type)
    )


def descendants(control: ft.BaseControl, *, shown: bool = False) -> Iterator[ft.BaseControl]:
    """``control`` and every control inside it, depth first in the order they
    are declared (drawn), a component's body included; with ``shown``, none
    inside a hidden one.

    >>> col = ft.Column([ft.Text("a"), ft.Container(ft.Text("b"), visible=False)])
    >>> [c.value for c in descendants(col) if isinstance(c, ft.Text)]
    ['a', 'b']
    >>> [c.value for c in descendants(col, shown=True) if isinstance(c, ft.Text)]
    ['a']
    >>> drawn = part(lambda: ft.Column([ft.Text("c")]), key="k")
    >>> [c.value for c in descendants(ft.Column([drawn])) if isinstance(c, ft.Text)]
    []
    """
    if shown and not getattr(control, "visible", True):
        return
    yield control
    if isinstance(control, Component):
        body = control._b  # what it drew last (None before it is drawn)
        values: list[Any] = body if isinstance(body, list) else [body]
    else:
        values = [getattr(control, name, None) for name in _child_fields(type(control))]  # type: ignore[arg-type]  # classes hash
    for value in values:
        if isinstance(value, ft.BaseControl):
            yield from descendants(value, shown=shown)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ft.BaseControl):
                    yield from descendants(item, shown=shown)
