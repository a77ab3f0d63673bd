"""What the UI needs from the store, as typing protocols (no flet, no storage code).

The real implementation is :mod:`scorekeeper.store`; tests use a small fake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from scorekeeper.engine import Game, Hand, Rules
from scorekeeper.store import GameQuery
from scorekeeper.store import StaleGameError as StaleGameError  # a stale write, refused

GameId = Any


class PlayerLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def hidden(self) -> bool: ...


class SummaryLike(Protocol):
    @property
    def id(self) -> GameId: ...
    @property
    def format(self) -> str: ...
    @property
    def player_ids(self) -> Sequence[str]: ...
    @property
    def player_names(self) -> Sequence[str]: ...
    @property
    def created_at(self) -> datetime | str | None: ...
    @property
    def updated_at(self) -> datetime | str | None: ...
    @property
    def finished_at(self) -> datetime | str | None: ...
    @property
    def hand_count(self) -> int: ...
    @property
    def totals(self) -> Mapping[str, int]: ...
    @property
    def winner_id(self) -> str | None: ...


class StoreLike(Protocol):
    @property
    def notices(self) -> list[str]: ...

    def add_player(self, name: str) -> PlayerLike: ...
    def players(self, include_hidden: bool = False) -> Sequence[PlayerLike]: ...
    def create_game(
        self,
        format: str,
        player_ids: Sequence[str],
        rules: Rules | str,
        *,
        first_dealer: str | None = None,
        draw: Any = None,
    ) -> GameId: ...
    def game(self, game_id: GameId) -> Game: ...
    def revision(self, game_id: GameId) -> int: ...
    def game_with_revision(self, game_id: GameId) -> tuple[Game, int]: ...
    def last_change(self, game_id: GameId) -> Mapping[str, object] | None: ...
    def locked(self) -> AbstractContextManager[Any]: ...
    def record_hand(
        self,
        game_id: GameId,
        hand: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game: ...
    def undo(
        self, game_id: GameId, *, expect_revision: int | None = None, device: str | None = None
    ) -> Game: ...
    def redo(
        self, game_id: GameId, *, expect_revision: int | None = None, device: str | None = None
    ) -> Game: ...
    def edit_hand(
        self,
        game_id: GameId,
        index0: int,
        hand: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game: ...
    def revert_edit(
        self,
        game_id: GameId,
        index0: int,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game: ...
    def hand_versions(self, game_id: GameId, index0: int) -> Sequence[Any]: ...
    def summary(self, game_id: str) -> SummaryLike: ...
    def list_games(
        self, query: GameQuery | None = None, /, **filters: Any
    ) -> Sequence[SummaryLike]: ...
    def page_games(
        self, offset: int, limit: int, query: GameQuery | None = None, /, **filters: Any
    ) -> tuple[int, Sequence[SummaryLike]]: ...
