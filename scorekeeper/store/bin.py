"""The bin of the store: games deleted (kept, hidden), restored, or purged for good."""

from __future__ import annotations

from .base import _writing, _writing_game
from .changes import change_doc
from .docs import now, time_to_doc
from .errors import StoreError
from .gamefile import META_ID
from .games import Games
from .shared import _digest_current, index_entry


class Bin(Games):
    """Deleting a game moves it to the bin; only a purge removes it."""

    def _set_deleted(
        self, game_id: str, deleted: bool, expect_revision: int | None, device: str | None
    ) -> None:
        gf = self._s.game_file(game_id)
        if not gf.exists():
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        meta = gf.meta()
        self._refuse_stale(game_id, meta, expect_revision)
        if (meta.get("deleted_at") is not None) == deleted:
            return
        changes = {
            "deleted_at": time_to_doc(now()) if deleted else None,
            "rev": meta["rev"] + 1,
            "last_change": change_doc("delete" if deleted else "restore", None, device),
        }
        gf.games.update(changes, doc_ids=[META_ID])
        old = self._s.index.get(game_id)
        # The hands are as they were: so is the digest (made again if it isn't current).
        current = old is not None and _digest_current(old)
        kept = old.get("digest") if old is not None and current else self._s.replay_digest(game_id)
        self._s.index.put(game_id, index_entry({**meta, **changes}, kept), gf.storage.content_sum)

    @_writing_game
    def delete_game(
        self, game_id: str, *, expect_revision: int | None = None, device: str | None = None
    ) -> None:
        """Move a game to the bin: hidden from listings, kept until :meth:`purge_deleted`.
        (``expect_revision``, ``device``: see :meth:`record_hand`.)"""
        self._set_deleted(game_id, True, expect_revision, device)

    @_writing_game
    def restore_game(
        self, game_id: str, *, expect_revision: int | None = None, device: str | None = None
    ) -> None:
        """Take a game back out of the bin.
        (``expect_revision``, ``device``: see :meth:`record_hand`.)"""
        self._set_deleted(game_id, False, expect_revision, device)

    @_writing
    def purge_deleted(self) -> int:
        """Remove the games in the bin for good; returns how many."""
        doomed = [gid for gid, e in self._s.index.entries.items() if e["deleted"]]
        for gid in doomed:
            gf = self._s.game_file(gid)
            gf.storage.remove()
            gf.close()
            self._s.files.pop(gid, None)
            self._s.index.drop(gid)
        if doomed:
            self._s.index.flush()
        return len(doomed)
