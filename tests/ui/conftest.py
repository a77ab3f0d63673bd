from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import open_store
from scorekeeper.ui.state.model import AppModel

from .fake_store import FakeStore


@pytest.fixture(params=["fake", "real"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The flows run against the contract fake and the real store."""
    if request.param == "fake":
        yield FakeStore()
        return
    with open_store(tmp_path / "data", durable=False) as real:
        yield real


@pytest.fixture
def app(store: Any) -> AppModel:
    return AppModel(store, random.Random(7))


def start(app: AppModel, fmt: str, names: list[str], **opts: object) -> None:
    """Fill the new-game form and start."""
    app.open_new()
    form = app.new_game
    assert form is not None
    form.set_format(fmt)
    if "preset" in opts:
        form.set_preset(str(opts.pop("preset")))
    for k, v in opts.items():
        if k in ("first_dealer", "draw_mode"):
            setattr(form, k, v)
        elif k == "draw":
            form.draw_mode = "cards"
            form.draw_texts = dict(zip(names, v, strict=True))  # type: ignore[call-overload]
        else:
            form.set_field(k, v)
    for n in names:
        form.new_name = n
        assert app.act(app.add_typed_player), form.error
    assert app.act(app.start_game), form.error
