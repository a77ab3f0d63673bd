"""The Data screen's import of an upload runs off the event loop (issue #15):
"Importing…" while it runs, then the same words as before."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from scorekeeper.engine import Hand
from scorekeeper.i18n import Translator
from scorekeeper.store import ImportReport, Store, open_store
from scorekeeper.ui.review.model import ReviewModel


def export_of_a_friend(folder: Path) -> bytes:
    with open_store(folder, durable=False) as store:
        dee, eve = store.add_player("Dee").id, store.add_player("Eve").id
        gid = store.create_game("standard", [dee, eve], first_dealer=dee)
        store.record_hand(gid, Hand.knock(dee, 3, 25))
        return json.dumps(store.export_json()).encode()


def test_an_upload_is_imported_off_the_loop_with_the_usual_words(tmp_path: Path) -> None:
    data = export_of_a_friend(tmp_path / "friend")
    with open_store(tmp_path / "data") as store:
        model = ReviewModel(store, Translator("en"))
        seen: list[tuple[str | None, bool]] = []
        real = Store.import_json_async

        async def watched(self: Store, raw: bytes | str) -> ImportReport:
            task = asyncio.ensure_future(real(self, raw))
            while not self.importing and not task.done():
                await asyncio.sleep(0)  # the loop runs on while the import works
            seen.append((model.note, model.data.importing))
            return await task

        store.import_json_async = watched.__get__(store)  # type: ignore[method-assign]
        report = asyncio.run(model.act_async(model.data.import_bytes_async, data))
        assert isinstance(report, ImportReport)
        assert seen == [("Importing…", True)]
        assert model.error is None
        assert model.note == "Added 2 players, 1 game and 1 hand."
        assert not model.data.importing
        asyncio.run(model.act_async(model.data.import_bytes_async, data))
        assert model.note == "Nothing new: everything in that file is already here."


def test_a_refused_upload_is_an_error_on_the_screen(tmp_path: Path) -> None:
    junk: dict[str, Any] = {"format": "gin-scorekeeper-export", "version": 1}
    junk |= {"players": [], "games": [0] * 1000}
    with open_store(tmp_path / "data") as store:
        model = ReviewModel(store, Translator("en"))
        got = asyncio.run(model.act_async(model.data.import_bytes_async, json.dumps(junk).encode()))
        assert got is None and model.note is None
        assert model.error is not None
        lines = model.error.splitlines()
        assert lines[0] == "This file can't be imported (nothing was changed):"
        assert lines[-1] == "- ... and at least 13 more problems (the check stops at 20)"
        assert store.list_games() == []
