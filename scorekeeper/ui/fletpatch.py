"""Two walks of Flet 1.0.5's diff, made flat.

After diffing a page, Flet walks every added subtree (to configure and index
its controls) and every removed one (to unindex them) with recursive
generators: each control passes through one generator per level above it, so
the cost grows with depth times size.  Closing the hand-entry view after "Save
hand" removed some 120 controls about 20 levels deep, and that walk was the
largest single cost of the save.  These versions do the same work in the same
order with plain recursion into a list, several times faster.

They replace ``DiffBuilder._configure_dataclass`` and
``DiffBuilder._removed_controls`` only for the Flet version whose code they
were written from (checked by a hash of its source, so an upgrade falls back
to Flet's own code instead of silently changing behaviour), and
``tests/ui/test_fletpatch.py`` checks that a whole session sends the same
messages with and without them.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import inspect
import logging
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from flet.controls import object_patch

log = logging.getLogger(__name__)

#: sha256 of the source of the two methods replaced, in Flet 1.0.5.
KNOWN_SOURCE = {
    "_configure_dataclass": "fbbb21ab0ef5bcaa78b15d04710e34bc0c2fdfd9b9f310915cca91f7f516ca37",
    "_removed_controls": "a2053753507269d7dcac444cdce375ecb67d43da65f670a77357c26019d264d2",
}


#: Flet's own methods, while replaced.
_ORIGINALS: dict[str, Any] = {}


def source_hash(name: str) -> str:
    """The sha256 of Flet's own ``DiffBuilder.<name>`` source."""
    fn = _ORIGINALS.get(name) or getattr(object_patch.DiffBuilder, name)
    return hashlib.sha256(inspect.getsource(fn).encode()).hexdigest()


#: ``dataclasses.is_dataclass`` without its type narrowing (items stay ``Any``)
_is_dataclass: Callable[[Any], bool] = dataclasses.is_dataclass


#: Field values with nothing inside to walk.
_SCALARS = frozenset({str, int, float, bool, bytes})


@functools.cache
def _walked_fields(cls: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("skip", False))


def _configure(
    builder: Any, item: Any, parent: Any, frozen: bool, setattr_only: bool, out: list[Any]
) -> None:
    """``DiffBuilder._configure_dataclass``, appending to ``out`` what it yields."""
    if _is_dataclass(item):
        if parent is None:
            parent_ref = getattr(item, "_parent", None)
            parent = parent_ref() if parent_ref else None
        if parent:
            if parent is item:
                raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
            item._parent = weakref.ref(parent)
        if hasattr(item, "_frozen"):
            frozen = item._frozen
        elif frozen:
            item._frozen = frozen
        item_cls = item.__class__
        control_cls = builder.control_cls
        if getattr(item_cls, "__flet_control_cls__", None) is None:
            item_cls.__flet_control_cls__ = control_cls
        is_control = bool(control_cls) and isinstance(item, control_cls)
        if is_control:
            if not setattr_only:
                item.build()
                item._before_update_safe()
                object.__setattr__(item, "_initialized", True)
            out.append(item)
        if not setattr_only:
            child_parent = item if is_control else parent
            for name in _walked_fields(item_cls):
                value = getattr(item, name)
                if value is None or value.__class__ in _SCALARS:
                    continue  # nothing to configure in it (most of a control's ~70 fields)
                _configure(builder, value, child_parent, frozen, False, out)
        if not frozen:
            dirty = getattr(item, "_dirty", None)
            if dirty is not None:
                dirty.clear()
            else:
                cls: Any = item.__class__
                if cls.__setattr__ is not object_patch._control_setattr:
                    cls.__setattr__ = object_patch._control_setattr
                object.__setattr__(item, "__changes", {})
    elif isinstance(item, dict):
        for v in item.values():
            _configure(builder, v, parent, frozen, False, out)
    elif isinstance(item, list):
        for v in item:
            _configure(builder, v, parent, frozen, False, out)


def _removed(builder: Any, item: Any, recurse: bool, out: list[Any]) -> None:
    """``DiffBuilder._removed_controls``, appending to ``out`` what it yields."""
    control_cls = builder.control_cls
    if control_cls and isinstance(item, control_cls):
        if hasattr(item, "__prev_lists"):
            for key in ("__prev_lists", "__prev_dicts", "__prev_classes"):
                for v in getattr(item, key, {}).values():
                    _removed(builder, v, recurse, out)
        elif recurse:
            for name in _walked_fields(item.__class__):
                value = getattr(item, name)
                if value is not None and value.__class__ not in _SCALARS:
                    _removed(builder, value, recurse, out)
        out.append(item)
    elif isinstance(item, dict):
        for v in item.values():
            _removed(builder, v, recurse, out)
    elif isinstance(item, list):
        for v in item:
            _removed(builder, v, recurse, out)


def configure_dataclass(
    self: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Iterator[Any]:
    out: list[Any] = []
    _configure(self, item, parent, frozen, configure_setattr_only, out)
    return iter(out)


def removed_controls(self: Any, item: Any, recurse: bool) -> Iterator[Any]:
    out: list[Any] = []
    _removed(self, item, recurse, out)
    return iter(out)


REPLACEMENTS = {"_configure_dataclass": configure_dataclass, "_removed_controls": removed_controls}


def install() -> bool:
    """Replace the two walks if Flet's are the ones these were written from."""
    cls = object_patch.DiffBuilder
    if all(getattr(cls, name) is fn for name, fn in REPLACEMENTS.items()):
        return True
    for name, expected in KNOWN_SOURCE.items():
        if source_hash(name) != expected:
            log.info("flet's DiffBuilder.%s is not the known one: left as it is", name)
            return False
    for name, fn in REPLACEMENTS.items():
        _ORIGINALS[name] = getattr(cls, name)
        setattr(cls, name, fn)
    return True


def uninstall() -> None:
    """Put Flet's own walks back (for the equivalence test)."""
    cls = object_patch.DiffBuilder
    for name, fn in REPLACEMENTS.items():
        if getattr(cls, name) is fn:
            setattr(cls, name, _ORIGINALS.pop(name))
