"""The players' room of the store: adding, renaming, hiding and merging players."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb import where

from scorekeeper.engine.errors import Msg

from .base import StoreBase, _reading, _writing
from .changes import change_doc
from .docs import Setup, hand_from_doc, now, setup_to_doc, time_to_doc
from .documents import IndexEntry, PlayerRecord
from .errors import StoreError
from .gamefile import GAME_BACKUPS, build_game, game_data, rules_of, setup_of, summarize
from .journal import Transaction
from .model import Player
from .names import clean_name, name_key
from .paths import PLAYERS_FILE
from .players import ALIASES_TABLE, PLAYERS_TABLE
from .shared import _add_records, _copy_tables, _player_doc, digest_doc, index_entry, new_id
from .storage import DEFAULT_BACKUPS, gc_paused


class Players(StoreBase):
    """The players: who plays, under which name, and who is whom after a merge."""

    def _player_value(self, doc: Mapping[str, Any]) -> Player:
        return Player(doc["id"], doc["name"], bool(doc.get("hidden")))

    def _player_doc(self, player_id: object) -> PlayerRecord:
        if not isinstance(player_id, str):
            raise StoreError("there is no player {player_id!r}", player_id=player_id)
        doc = self._s.players.get(self._s.resolve(player_id))
        if doc is None:
            raise StoreError("there is no player {player_id!r}", player_id=player_id)
        return doc

    def _check_name(
        self, name: object, *, except_id: str | None = None, unique: bool = True
    ) -> str:
        """The name as stored (spaces tidied); refuses an empty, overlong or
        (``unique``) taken one: visible players' names must differ."""
        clean = clean_name(name)  # the same rules as an import's (names.py)
        if not unique:
            return clean
        key = name_key(clean)
        for doc in self._s.players.values():
            if doc["id"] == except_id or doc.get("hidden") or doc.get("merged_into"):
                continue
            if name_key(doc["name"]) == key:
                raise StoreError("there is already a player called {name}", name=doc["name"])
        return clean

    @_writing
    def add_player(self, name: str) -> Player:
        clean = self._check_name(name)
        doc = _player_doc(new_id(), clean, time_to_doc(now()))
        self._s.players_file.players.insert(doc)
        self._s.load_players()
        return self._player_value(doc)

    @_reading
    def players(self, include_hidden: bool = False) -> list[Player]:
        docs = [
            d
            for d in self._s.players.values()
            if not d.get("merged_into") and (include_hidden or not d.get("hidden"))
        ]
        docs.sort(key=lambda d: (d["name"].casefold(), d["name"], d["id"]))
        return [self._player_value(d) for d in docs]

    @_reading
    def player(self, player_id: str) -> Player:
        return self._player_value(self._player_doc(player_id))

    def _update_player(self, player_id: str, fields: dict[str, Any]) -> Player:
        self._s.players_file.players.update(fields, where("id") == player_id)
        self._s.load_players()
        return self._player_value(self._s.players[player_id])

    @_writing
    def rename_player(self, player_id: str, name: str) -> Player:
        doc = self._player_doc(player_id)
        # A hidden player may share a visible one's name (unhiding checks it).
        clean = self._check_name(name, except_id=doc["id"], unique=not doc.get("hidden"))
        return self._update_player(doc["id"], {"name": clean})

    @_writing
    def hide_player(self, player_id: str, hidden: bool = True) -> Player:
        doc = self._player_doc(player_id)
        if not hidden:
            self._check_name(doc["name"], except_id=doc["id"])
        return self._update_player(doc["id"], {"hidden": bool(hidden)})

    @_writing
    def merge_players(self, keep_id: str, drop_id: str) -> Player:
        """Make ``drop`` the same person as ``keep``: all of drop's games follow keep.

        Refused if they ever played in the same game.  Each game file is
        rewritten (atomically) before the players file records the merge, so
        a crash half-way leaves both players and the merge can simply be
        asked for again.
        """
        keep = self._player_doc(keep_id)["id"]
        drop = self._player_doc(drop_id)["id"]
        if keep == drop:
            raise StoreError("those are the same player")
        games = [e for e in self._s.index.entries.values() if drop in e["players"]]
        both = [e for e in games if keep in e["players"]]
        if both:
            names = self._s.names()
            raise StoreError(
                Msg.plural(
                    "{keep} and {drop} played against each other ({n} game): "
                    "they can't be one person",
                    "{keep} and {drop} played against each other ({n} games): "
                    "they can't be one person",
                    len(both),
                    keep=names[keep],
                    drop=names[drop],
                )
            )
        # Every game file and the players file change together, or none does.
        tx = Transaction(self._s.data_dir, durable=self._s.durable)
        entries: dict[str, IndexEntry] = {}
        with self._s.index.held(), gc_paused():
            for entry in games:
                path, data, index_doc = self._rewrite_players(entry["id"], {drop: keep})
                tx.put(path, data, backups=GAME_BACKUPS)
                entries[entry["id"]] = index_doc
            stamp = time_to_doc(now())
            players = _copy_tables(self._s.players_file.storage.read())
            for doc in players.setdefault(PLAYERS_TABLE, {}).values():
                if doc.get("id") == drop:
                    doc.update(merged_into=keep, hidden=True)
            _add_records(
                players, ALIASES_TABLE, [{"from": drop, "to": keep, "reason": "merge", "at": stamp}]
            )
            tx.put(self._s.data_dir / PLAYERS_FILE, players, backups=DEFAULT_BACKUPS)
            self._s.commit(tx, entries, players=True)
        return self._player_value(self._s.players[keep])

    def _rewrite_players(
        self, game_id: str, mapping: Mapping[str, str]
    ) -> tuple[Path, dict[str, Any], IndexEntry]:
        """A game file with players renamed by ``mapping``: its path, its new
        content and its new index entry (nothing is written here)."""
        gf = self._s.game_file(game_id)
        meta = gf.meta()
        setup = setup_of(meta)
        new_setup = Setup(
            setup.format,
            tuple(mapping.get(p, p) for p in setup.players),
            mapping.get(setup.first_dealer, setup.first_dealer) if setup.first_dealer else None,
            setup.draw,
        )
        records = gf.records()
        updates: dict[int, dict[str, Any]] = {}
        for d in records:
            by = d["hand"].get("by")
            if by in mapping:
                updates[d.doc_id] = {"hand": dict(d["hand"], by=mapping[by])}
        ledger = [
            hand_from_doc(updates.get(d.doc_id, d)["hand"])
            for d in records
            if d.get("superseded_at") is None
        ]
        game = build_game(new_setup, rules_of(meta), ledger, self._s.names())
        changes = {
            "setup": setup_to_doc(new_setup),
            "rev": meta["rev"] + 1,
            "summary": summarize(game, self._s.names()),
            "last_change": change_doc("players"),
        }
        new_meta = {**meta, **changes}
        hands = {str(d.doc_id): {**d, **updates.get(d.doc_id, {})} for d in records}
        return gf.path, game_data(new_meta, hands), index_entry(new_meta, digest_doc(game))
