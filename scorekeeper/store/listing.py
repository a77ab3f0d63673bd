"""The listing room of the store: which games there are, page by page, from
the index (no game replayed), and the records the statistics read."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from scorekeeper.statistics.digest import GameDigest
from scorekeeper.statistics.records import GameRecord

from .base import StoreBase, _reading
from .docs import optional_time, time_from_doc
from .documents import BlockDoc, IndexEntry
from .errors import Notice, StoreError, reason
from .model import GameSummary
from .query import GameQuery
from .shared import _label
from .storage import gc_paused


def _by_creation(entry: IndexEntry) -> tuple[datetime, str]:
    """The sort key of :meth:`Store.list_games`' order (reversed: newest first)."""
    return (time_from_doc(entry["created_at"]), entry["id"])


class Listing(StoreBase):
    """The games as lists: filtered, paged, summarized."""

    @_reading
    def list_games(self, query: GameQuery | None = None, /, **filters: Any) -> list[GameSummary]:
        """Games newest first (by creation), from the index: no game is replayed.

        Which games: a :class:`GameQuery`, or its fields as keywords
        (``list_games(finished=False)``); none, every game not deleted.
        """
        q = self._query(query, filters)
        out = [self._summary(entry) for entry in self._matching(q)]
        out.sort(key=lambda s: (s.created_at, s.id), reverse=True)
        return out

    def _query(self, query: GameQuery | None, filters: Mapping[str, Any]) -> GameQuery:
        """The query asked for, its player id the one a merged player's old id
        now stands for."""
        if query is not None and filters:
            raise TypeError("give a GameQuery or its fields, not both")
        q = query if query is not None else GameQuery(**filters)
        if q.player_id is None:
            return q
        return q.with_player(self._s.resolve(q.player_id))

    def _matching(self, q: GameQuery) -> Iterator[IndexEntry]:
        """The index entries that ``q`` admits, in no order."""
        return (entry for entry in self._s.index.entries.values() if q.admits(entry))

    @_reading
    def page_games(
        self, offset: int, limit: int, query: GameQuery | None = None, /, **filters: Any
    ) -> tuple[int, list[GameSummary]]:
        """One page of :meth:`list_games` (the same query, the same order):
        ``(how many games match, the at most limit of them from offset)``.

        The screens ask for a page, never for the whole history (issue #10),
        and a page reads the index's blocks (see index.py), newest first,
        not every entry.  What is bounded, and what is not:

        * the page's games: only the blocks that hold them are read, their
          entries filtered and sorted, and only the page's games get a summary;
        * the total, with no filter but ``finished``, ``include_deleted``
          or ``deleted`` (the home screen, the history unfiltered, the
          deleted games): the per-block counts
          of the manifest; a block with changes not folded yet (a save, a
          delete: the few newest blocks, mostly) is read and counted;
        * a period (``since``/``until``): a block wholly outside it counts
          0, one wholly inside counts as above; only the (at most two)
          blocks it cuts are read;
        * ``player_id`` or ``format`` (or ``finished`` together with
          ``include_deleted`` or ``deleted=True``): the counts can't tell,
          so every block that
          may hold a match (a player's: those that name the player) is
          read to count its games: the first such page reads them once, as
          :meth:`list_games` does, later ones count them in memory.

        The blocks are spans of creation times as stored (the store writes
        every time in one form, UTC to the microsecond), so walking them
        newest first, each one's games sorted as :meth:`list_games` sorts
        them, gives its order.  When the blocks' counts can't be trusted (an
        old single-file index not folded into blocks yet), every entry is
        read and sorted, as :meth:`list_games` does.
        """
        start = max(offset, 0)
        stop = start + max(limit, 0)
        q = self._query(query, filters)
        index = self._s.index
        while (spans := index.spans()) is not None:
            counts = [q.span_count(s) for s in spans]
            # The blocks the counts can't answer: read, then counted.
            if index.read_blocks(s["id"] for s, n in zip(spans, counts, strict=True) if n is None):
                continue  # (reading can fold the journal: look at the blocks again)
            unknown = [s["id"] for s, n in zip(spans, counts, strict=True) if n is None]
            matches = {
                bid: [e for e in entries if q.admits(e)]
                for bid, entries in index.block_entries(unknown).items()
            }
            sizes = [
                len(matches[s["id"]]) if n is None else n
                for s, n in zip(spans, counts, strict=True)
            ]
            # The blocks that hold the page, newest first.
            page_blocks: list[tuple[int, int]] = []  # (block id, matches before it)
            seen = 0
            for span, n in zip(spans, sizes, strict=True):
                if n and seen < stop and seen + n > start:
                    page_blocks.append((span["id"], seen))
                seen += n
            if index.read_blocks(bid for bid, _ in page_blocks):
                continue
            page: list[IndexEntry] = []
            entries = index.block_entries(bid for bid, _ in page_blocks)
            for bid, before in page_blocks:
                found = matches.get(bid)
                if found is None:
                    found = [e for e in entries[bid] if q.admits(e)]
                found.sort(key=_by_creation, reverse=True)
                page.extend(found[max(start - before, 0) : stop - before])
            return seen, [self._summary(e) for e in page]
        # The blocks' counts can't be trusted: every entry, sorted.
        found = sorted(self._matching(q), key=_by_creation, reverse=True)
        return len(found), [self._summary(e) for e in found[start:stop]]

    def _summary(self, entry: IndexEntry) -> GameSummary:
        cached = self._s.summaries.get(entry["id"])
        if cached is not None and cached[0] is entry:
            return cached[1]
        names = self._s.names(entry.get("names"))
        players = tuple(entry["players"])
        summary = GameSummary(
            id=entry["id"],
            format=entry["format"],
            player_ids=players,
            player_names=tuple(names.get(p, p) for p in players),
            rules_name=entry.get("rules_name"),
            created_at=time_from_doc(entry["created_at"]),
            updated_at=time_from_doc(entry["updated_at"]),
            finished_at=optional_time(entry.get("finished_at")),
            hand_count=entry["hand_count"],
            totals=dict(entry["totals"]),
            column_totals={p: tuple(v) for p, v in entry["column_totals"].items()},
            winner_id=entry.get("winner"),
            deleted=bool(entry["deleted"]),
            finished=bool(entry.get("finished")),
            final_totals=dict(entry.get("final_totals", {})),
            next_dealer_id=entry.get("next_dealer"),
            games_won=dict(entry.get("games_won", {})),
            column_final={p: tuple(v) for p, v in entry.get("column_final", {}).items()},
        )
        self._s.summaries[entry["id"]] = (entry, summary)
        return summary

    @_reading
    def review_records(self) -> list[GameRecord]:
        """Every game not deleted, as the statistics read it: a
        :class:`~scorekeeper.statistics.GameRecord` holding the game's
        :class:`~scorekeeper.statistics.GameDigest` (kept in the index, made by
        replaying the ledger whenever the hands change), with the players'
        current names.  No game file is read unless its digest must be made
        again.  In no particular order (the statistics sort them)."""
        with gc_paused():  # (many objects that live on: see gc_paused)
            return self._review_records()

    def _review_records(self) -> list[GameRecord]:
        out: list[GameRecord] = []
        cache = self._s.records
        names: dict[str, str] | None = None
        for gid, entry in list(self._s.index.entries.items()):
            if entry["deleted"]:
                continue
            cached = cache.get(gid)
            if cached is not None and cached[0] is entry:
                out.append(cached[1])
                continue
            if names is None:
                names = self._s.names()
            try:
                record = self._record(gid, entry, names)
            except StoreError as exc:  # one game that does not replay: leave it out
                note = Notice(
                    "{file} is left out of the statistics: {reason}",
                    file=_label(gid),
                    reason=reason(exc),
                )
                if note not in self._s.notices:
                    self._s.notices.append(note)
                continue
            out.append(record)
            cache[gid] = (self._s.index.entries[gid], record)
        return out

    def _record(self, game_id: str, entry: IndexEntry, names: Mapping[str, str]) -> GameRecord:
        players = entry["players"]
        recorded = entry.get("names") or {}
        current = {p: names.get(p) or recorded.get(p) or p for p in players}
        found = GameDigest.from_doc(entry.get("digest"), players, current)
        if found is None or found.hand_count != entry["hand_count"]:
            # Missing or damaged: make it again from the ledger (and keep it).
            doc = self._s.replay_digest(game_id)
            found = None if doc is None else GameDigest.from_doc(doc, players, current)
            if found is None:
                raise StoreError("the stored hands of game {game_id} don't replay", game_id=game_id)
            self._s.index.set_fields(game_id, digest=doc)
        return GameRecord(
            game_id,
            found,
            time_from_doc(entry["created_at"]),
            optional_time(entry.get("finished_at")),
        )

    @_reading
    def summary(self, game_id: str) -> GameSummary:
        """One game's summary (as :meth:`list_games` lists it)."""
        entry = self._s.index.get(game_id) if isinstance(game_id, str) else None
        if entry is None:
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        return self._summary(entry)

    @_reading
    def game_blocks(self) -> list[BlockDoc]:
        """The blocks of the game index, newest first (see index.py): each
        a span of creation times with ``id``, ``start``, and how many
        ``games``, ``unfinished`` and ``deleted`` games it held when last
        written.  Enough to page through the games, or count them, without
        reading every game's summary: :meth:`block_games` gives one block's."""
        return self._s.index.blocks()

    @_reading
    def block_games(
        self, block_id: int, *, finished: bool | None = None, include_deleted: bool = False
    ) -> list[GameSummary]:
        """The games of one block of the index, newest first (by creation,
        as :meth:`list_games` orders them); reads at most that block."""
        out = [
            self._summary(entry)
            for entry in self._s.index.block(block_id)
            if (include_deleted or not entry["deleted"])
            and (finished is None or bool(entry.get("finished")) == finished)
        ]
        out.sort(key=lambda s: (s.created_at, s.id), reverse=True)
        return out

    @_reading
    def recent_games(self, limit: int, *, finished: bool | None = False) -> list[GameSummary]:
        """The ``limit`` newest games (by creation; default: unfinished ones,
        for the home screen), reading only the newest blocks that hold them."""
        out: list[GameSummary] = []
        for block in self._s.index.blocks():
            if len(out) >= limit:
                break
            out.extend(self.block_games(block["id"], finished=finished))
        out.sort(key=lambda s: (s.created_at, s.id), reverse=True)
        return out[:limit]
