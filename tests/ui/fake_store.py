"""A small in-memory stand-in for scorekeeper.store, following its contract."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.engine import Game, Hand, RuleError, Rules
from scorekeeper.store import GameQuery
from scorekeeper.ui.ports import StaleGameError


@dataclass(frozen=True)
class FakePlayer:
    id: str
    name: str
    hidden: bool = False


@dataclass(frozen=True)
class FakeSummary:
    id: int
    format: str
    player_ids: list[str]
    player_names: list[str]
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    hand_count: int
    totals: dict[str, int]
    column_totals: dict[str, tuple[int, ...]]
    winner_id: str | None
    deleted: bool = False


@dataclass
class _Record:
    args: dict[str, Any]
    hands: list[Hand]
    #: hands taken back by undo, newest last (cleared by any other change)
    undone: list[Hand] = field(default_factory=list)
    versions: dict[int, list[Hand]] = field(default_factory=dict)
    created: datetime = field(default_factory=datetime.now)
    revision: int = 0


class FakeStore:
    def __init__(self) -> None:
        self.notices: list[str] = []
        self._players: dict[str, FakePlayer] = {}
        self._games: dict[int, _Record] = {}
        self.writes = 0
        #: (method, device) of every write, as the store was told
        self.devices: list[tuple[str, str | None]] = []

    def add_player(self, name: str) -> FakePlayer:
        name = name.strip()
        if not name:
            raise RuleError("every player needs a name")
        if any(p.name.casefold() == name.casefold() for p in self._players.values()):
            raise RuleError(f"there is already a player called {name}")
        p = FakePlayer(f"p{len(self._players) + 1}", name)
        self._players[p.id] = p
        return p

    def players(self, include_hidden: bool = False) -> list[FakePlayer]:
        return [p for p in self._players.values() if include_hidden or not p.hidden]

    def create_game(
        self,
        format: str,
        player_ids: Sequence[str],
        rules: Rules | str,
        *,
        first_dealer: str | None = None,
        draw: Any = None,
    ) -> int:
        args = dict(
            format=format,
            players=list(player_ids),
            rules=rules,
            first_dealer=first_dealer,
            draw=draw,
        )
        self._build(args, [])
        gid = len(self._games) + 1
        self._games[gid] = _Record(args, [])
        self.writes += 1
        return gid

    def _build(self, args: dict[str, Any], hands: list[Hand]) -> Game:
        names = {p: self._players[p].name for p in args["players"]}
        return Game(
            args["format"],
            args["players"],
            args["rules"],
            first_dealer=args["first_dealer"],
            draw=args["draw"],
            hands=hands,
            names=names,
        )

    def game(self, game_id: int) -> Game:
        r = self._games[game_id]
        return self._build(r.args, r.hands)

    def revision(self, game_id: int) -> int:
        return self._games[game_id].revision

    def game_with_revision(self, game_id: int) -> tuple[Game, int]:
        return self.game(game_id), self.revision(game_id)

    def last_change(self, game_id: int) -> dict[str, Any] | None:
        return None  # not kept: a change is told as "changed on another device"

    @contextlib.contextmanager
    def locked(self) -> Iterator[FakeStore]:
        yield self

    def _check(
        self, name: str, game_id: int, expect_revision: int | None, device: str | None
    ) -> _Record:
        r = self._games[game_id]
        if expect_revision is not None and expect_revision != r.revision:
            raise _stale(
                f"Another device saved hand {len(r.hands)} in the meantime.",
                self.game(game_id),
                r.revision,
            )
        self.devices.append((name, device))
        return r

    def record_hand(
        self,
        game_id: int,
        hand: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        r = self._check("record_hand", game_id, expect_revision, device)
        g = self.game(game_id).record(hand)
        r.hands.append(hand)
        r.revision += 1
        r.undone.clear()
        self.writes += 1
        return g

    def undo(
        self, game_id: int, *, expect_revision: int | None = None, device: str | None = None
    ) -> Game:
        r = self._check("undo", game_id, expect_revision, device)
        g = self.game(game_id).undo()
        r.undone.append(r.hands.pop())
        r.revision += 1
        return g

    def redo(
        self,
        game_id: int,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        r = self._check("redo", game_id, expect_revision, device)
        if not r.undone:
            raise RuleError("there is no undone hand to put back")
        g = self.game(game_id).record(r.undone[-1])
        r.hands.append(r.undone.pop())
        r.revision += 1
        return g

    def edit_hand(
        self,
        game_id: int,
        index0: int,
        hand: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        r = self._check("edit_hand", game_id, expect_revision, device)
        g = self.game(game_id).edit(index0, hand)
        r.undone.clear()
        r.versions.setdefault(index0, [r.hands[index0]]).append(hand)
        r.hands[index0] = hand
        r.revision += 1
        return g

    def revert_edit(
        self,
        game_id: int,
        index0: int,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        r = self._check("revert_edit", game_id, expect_revision, device)
        versions = r.versions.get(index0, [])
        if len(versions) < 2:
            raise RuleError(f"hand {index0 + 1} was never edited")
        g = self.game(game_id).edit(index0, versions[-2])
        versions.pop()
        r.hands[index0] = versions[-1]
        r.revision += 1
        return g

    def hand_versions(self, game_id: int, index0: int) -> list[Hand]:
        r = self._games[game_id]
        return list(r.versions.get(index0, [r.hands[index0]]))

    def list_games(self, query: GameQuery | None = None, /, **filters: Any) -> list[FakeSummary]:
        """Newest first.  Which games: a :class:`GameQuery` or its fields, as
        the store takes them; of its filters only ``finished`` is kept (the
        fake has no periods, and deletes no game)."""
        finished = _query(query, filters).finished
        out = []
        for gid, r in self._games.items():
            g = self.game(gid)
            st = g.standings
            if finished is not None and st.finished != finished:
                continue
            out.append(
                FakeSummary(
                    gid,
                    g.format.value,
                    list(g.players),
                    [g.names[p] for p in g.players],
                    r.created,
                    r.created,
                    r.created if st.finished else None,
                    len(g.hands),
                    st.totals,
                    st.column_totals,
                    st.winner,
                )
            )
        return out[::-1]

    def summary(self, game_id: object) -> FakeSummary:
        """One game's summary (a route's text or an id); an unknown one is
        refused with an error meant for the player, as the store does."""
        for s in self.list_games():
            if str(s.id) == str(game_id):
                return s
        raise RuleError(f"no game {game_id}")

    def page_games(
        self, offset: int, limit: int, query: GameQuery | None = None, /, **filters: Any
    ) -> tuple[int, list[FakeSummary]]:
        q = _query(query, filters)
        # (the fake deletes no game: deleted=True finds none)
        found = [] if q.deleted else self.list_games(finished=q.finished)
        return len(found), found[max(offset, 0) : max(offset, 0) + max(limit, 0)]


def _query(query: GameQuery | None, filters: dict[str, Any]) -> GameQuery:
    """The query asked for: given whole, or as its fields (as the store's)."""
    if query is not None and filters:
        raise TypeError("give a GameQuery or its fields, not both")
    return query if query is not None else GameQuery(**filters)


def _stale(message: str, game: Game, revision: int) -> StaleGameError:
    return StaleGameError(message, game=game, revision=revision)
