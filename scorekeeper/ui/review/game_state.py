"""A past game's screen state (``review.past_game``): the replayed game
(cached for every session of the process), its read-only sheet and score
race, sharing it, and its exports (the score sheet as CSV, its picture).
"""

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.engine import Game
from scorekeeper.store import StoreError

from ..state.share import Shared, shared
from .common import Review, ScreenState
from .data_state import Download
from .game_model import GameView, build_game_view

if TYPE_CHECKING:  # imported where used: the statistics are not needed to start
    from scorekeeper.statistics import ScoreRace

__all__ = ["CACHE_GAMES", "PastGameState"]

#: Replayed games kept in memory (shared by the sessions of one process).
CACHE_GAMES = 5000
_CACHE: OrderedDict[tuple[str, str], tuple[object, Game]] = OrderedDict()
_CACHE_LOCK = threading.Lock()


class PastGameState(ScreenState):
    """The game open read-only (``review.game_id``) and what it offers."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        #: A Hollywood sheet goes to BG Stats as a play per game (else one play).
        self.share_each_game = False

    def load_game(self, game_id: str) -> Game:
        """The replayed game, cached (for every session of this process) while
        neither its hands nor its players' names change."""
        s = self.store.summary(game_id)
        key = (os.path.realpath(self.review.data_dir), game_id)
        stamp = (s.updated_at, s.player_names)
        with _CACHE_LOCK:
            cached = _CACHE.get(key)
            if cached is not None and cached[0] == stamp:
                _CACHE.move_to_end(key)
                return cached[1]
        game = self.store.game(game_id)
        with _CACHE_LOCK:
            _CACHE[key] = (stamp, game)
            while len(_CACHE) > CACHE_GAMES:
                _CACHE.popitem(last=False)
        return game

    def _game_id(self, game_id: str | None) -> str:
        gid = game_id or self.review.game_id
        if gid is None:
            raise StoreError(self.t.gettext("There is no such page."))
        return gid

    def view(self, game_id: str | None = None) -> GameView:
        """The sheet of ``game_id`` (default: the game open)."""
        gid = self._game_id(game_id)
        s = self.store.summary(gid)
        return build_game_view(self.t, gid, self.load_game(gid), deleted=s.deleted)

    def race(self, game_id: str | None = None) -> ScoreRace:
        gid = self._game_id(game_id)
        from scorekeeper.statistics import score_race

        return score_race(self.load_game(gid))

    def shared(self, game_id: str) -> Shared:
        """What a finished game's sharing buttons carry (see ui/state/share.py)."""
        return shared(
            game_id,
            self.load_game(game_id),
            self.store.summary(game_id),
            self.t,
            each_game=self.share_each_game,
        )

    def toggle_share_each_game(self) -> None:
        self.share_each_game = not self.share_each_game

    # --- exports: a file in the exports folder (the desktop window), or a
    # download for a browser (nothing is written on the server) ---------------------

    def _sheet_csv(self, game_id: str) -> tuple[str, bytes]:
        s = self.store.summary(game_id)
        text = self.store.export_csv(game_id)
        stem = "game-" + re.sub(r"[^A-Za-z0-9]+", "-", "-v-".join(s.player_names)).strip("-")
        return stem[:60] or "game", text.encode("utf-8")

    def export_csv(self, game_id: str) -> Path:
        stem, payload = self._sheet_csv(game_id)
        path = self.review.data.save_export(stem, ".csv", payload)
        self.review.note = self.t.gettext("Saved the score sheet to {path}").format(path=str(path))
        return path

    def download_csv(self, game_id: str) -> Download:
        stem, payload = self._sheet_csv(game_id)
        name = f"{stem}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.csv"
        note = self.t.gettext("Saved the score sheet: {name} is in your downloads.").format(
            name=name
        )
        return Download(name, payload, note)

    def _picture(self, game_id: str) -> tuple[str, bytes]:
        from ..picture import game_picture  # Pillow, when a picture is asked for

        return game_picture(self.load_game(game_id), self.store.summary(game_id), self.t)

    def export_picture(self, game_id: str) -> Path:
        """The desktop window: the sheet's picture into the exports folder."""
        name, payload = self._picture(game_id)
        path = self.review.data.save_export(name.removesuffix(".png"), ".png", payload)
        self.review.note = self.t.gettext("Saved the picture to {path}").format(path=str(path))
        return path

    def download_picture(self, game_id: str) -> Download:
        """A browser: the sheet's picture as a download."""
        name, payload = self._picture(game_id)
        note = self.t.gettext("Saved the picture: {name} is in your downloads.").format(name=name)
        return Download(name, payload, note)
