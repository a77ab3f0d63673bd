"""The flat walks of scorekeeper.ui.fletpatch change nothing a browser gets."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flet.controls import object_patch

from scorekeeper.store import open_store
from scorekeeper.ui import fletpatch

from .test_app_render import Table, long_game


def session(data: Path) -> list[str]:
    """A scripted session: every message sent, with run-specific values masked,
    then the controls each diff found added and removed (which the session
    indexes and unindexes: they never reach the browser)."""
    diffs: list[str] = []
    from_diff = object_patch.ObjectPatch.from_diff

    def recording(*args: Any, **kwargs: Any) -> Any:
        patch, added, removed = from_diff(*args, **kwargs)
        diffs.append(repr([[(type(c).__name__, c.key) for c in cs] for cs in (added, removed)]))
        return patch, added, removed

    object_patch.ObjectPatch.from_diff = recording  # type: ignore[method-assign]
    try:
        sent = _session(data)
        return sent + [re.sub(r"screen:sheet:\d+", "screen:sheet:N", d) for d in diffs]
    finally:
        object_patch.ObjectPatch.from_diff = from_diff  # type: ignore[method-assign]


def _session(data: Path) -> list[str]:
    with open_store(data, durable=False) as store:
        gid, ann, bob = long_game(store, 23)
        t = Table(store)
        t.tap(t.m.open_game, gid)
        t.quick_hand(ann, 2, 9)
        t.quick_hand(bob, 0, 31)
        t.tap(t.m.undo)
        t.tap(t.m.open_hand, 3)  # edit an old hand, then leave it
        t.tap(t.m.cancel_hand)
        t.tap(t.m.open_hand)
        form = t.m.hand
        assert form is not None
        t.tap(form.set_mode, "cards")
        t.tap(form.set_mode, "hands")
        t.tap(t.m.cancel_hand)
        t.tap(t.m.go_home)
        t.tap(t.m.open_new)
        t.tap(t.m.go_home)
        t.tap(t.m.open_game, gid)
        t.quick_hand(ann, 5, 25)
        sent = t.conn.log
        ids = {gid: "GAME", ann: "ANN", bob: "BOB"}
    found: set[int] = set()

    def ids_in(value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k == "_i":
                    found.add(v)
                ids_in(v)
        elif isinstance(value, list):
            for v in value:
                ids_in(v)

    for m in sent:
        ids_in(m)
    rank = {v: i for i, v in enumerate(sorted(found))}  # controls numbered in creation order

    def mask(value: Any) -> Any:
        if isinstance(value, dict):
            return {
                k: rank[v] if k == "_i" else "ID" if k in ("uid", "session_id") else mask(v)
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [mask(v) for v in value]
        if isinstance(value, str):
            for real, fake in ids.items():
                value = value.replace(real, fake)
            value = re.sub(r"screen:sheet:\d+", "screen:sheet:N", value)  # a frame counter
            return re.sub(r"\d\d:\d\d", "HH:MM", value)
        return value

    return [json.dumps(mask(m), sort_keys=True, default=str) for m in sent]


def test_install_replaces_both_walks_and_uninstall_restores_them() -> None:
    cls = object_patch.DiffBuilder
    assert fletpatch.install()
    assert cls._configure_dataclass is fletpatch.configure_dataclass
    assert cls._removed_controls is fletpatch.removed_controls
    fletpatch.uninstall()
    assert cls._configure_dataclass is not fletpatch.configure_dataclass
    assert fletpatch.source_hash("_removed_controls") == fletpatch.KNOWN_SOURCE["_removed_controls"]
    assert fletpatch.install()


def test_a_session_sends_the_same_messages_with_and_without_them(tmp_path: Path) -> None:
    fletpatch.uninstall()
    try:
        flet_own = session(tmp_path / "a")
    finally:
        assert fletpatch.install()
    flat = session(tmp_path / "b")
    assert len(flat) == len(flet_own) >= 15
    assert flat == flet_own
