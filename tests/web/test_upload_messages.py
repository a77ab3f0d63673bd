"""What the player reads when the server cannot take an import right now:
the inbox is full, or the upload was refused with 503 because other uploads
are under way.  Either way a message in the player's language says to try
again in a moment, and nothing of another session's is touched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import flet as ft
import pytest

from scorekeeper.i18n import Translator
from scorekeeper.store import Store, open_store
from scorekeeper.ui.admitted_store import AdmittedStore
from scorekeeper.ui.review import ReviewContext, ReviewModel
from scorekeeper.ui.uploads import UploadInbox

LATVIAN_BUSY = "Serveris ir aizņemts ar citām augšupielādēm. Mēģiniet vēlreiz pēc brīža."


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "data", durable=False) as s:
        yield s


def browser_session(store: Store, inbox: UploadInbox) -> tuple[ReviewContext, list[Any]]:
    """A review context of a browser session in Latvian; the uploads it starts are listed."""
    started: list[Any] = []
    model = ReviewModel(store, Translator("lv"))
    ctx = ReviewContext(model, lambda: None, inbox=inbox)
    ctx.page = SimpleNamespace(  # type: ignore[assignment]
        web=True,
        get_upload_url=lambda name, seconds: f"/upload?f={name}",
        run_task=lambda fn, *args: started.append(args),
    )
    ctx.file_picker = ft.FilePicker()
    model.data.allow_paths = False
    return ctx, started


def pick(ctx: ReviewContext) -> None:
    export = SimpleNamespace(id=1, name="export.json", size=100, path=None, bytes=None)
    ctx._picked(SimpleNamespace(files=[export]))


def test_a_full_inbox_says_try_again_and_drops_no_one(store: Store) -> None:
    inbox = UploadInbox(max_slots=1)
    theirs = inbox.expect(owner="another session")
    ctx, started = browser_session(store, inbox)
    pick(ctx)
    assert ctx.model.error == LATVIAN_BUSY
    assert started == [] and ctx.upload_slot is None
    assert inbox.is_expected(theirs)


def test_a_busy_server_says_try_again(store: Store) -> None:
    inbox = UploadInbox()
    ctx, started = browser_session(store, inbox)
    pick(ctx)
    slot = ctx.upload_slot
    assert slot is not None and len(started) == 1
    refused = "Upload endpoint returned code 503: Busy: try again in a moment."
    ctx._uploaded(SimpleNamespace(file_name="export.json", progress=None, error=refused))  # type: ignore[arg-type]
    assert ctx.model.error == LATVIAN_BUSY
    assert ctx.upload_slot is None and not inbox.is_expected(slot)
    pick(ctx)  # the player tries again: a new slot, a new upload
    assert ctx.upload_slot is not None and len(started) == 2
    assert ctx.model.error is None


def test_a_players_device_holds_no_upload_place(store: Store) -> None:
    """Importing is the host's (scorekeeper/ui/roles.py): a joined device's
    pick takes no slot, so it cannot keep the host from importing."""
    inbox = UploadInbox(max_slots=1)
    guest = cast(Store, AdmittedStore(store, lambda: True, "guest"))
    ctx, started = browser_session(guest, inbox)
    pick(ctx)
    assert ctx.upload_slot is None and started == []
    assert ctx.model.error == "To var izdarīt tikai galvenajā ierīcē."
    inbox.expect(owner="the host")  # the one place is free for the host
