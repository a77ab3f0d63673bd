"""The games' room of the store: starting a game, reading it, and every
change to its hands (record, undo, redo, edit, revert), each refused when stale."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from tinydb.table import Document

from scorekeeper.engine import PRESETS, Card, Format, Game, Hand, RuleError, Rules

from .base import _reading, _writing, _writing_game
from .changes import change_doc, stale_message
from .docs import (
    Setup,
    hand_from_doc,
    hand_to_doc,
    now,
    rules_to_doc,
    setup_to_doc,
    time_from_doc,
    time_to_doc,
)
from .documents import GameMeta, HandRecord, LastChange
from .errors import StaleGameError, StoreError
from .gamefile import (
    META_ID,
    SCHEMA,
    GameFile,
    build_game,
    ledger_hands,
    rules_of,
    setup_of,
    summarize,
)
from .roster import Players
from .shared import digest_doc, index_entry, new_id


class Games(Players):
    """One game at a time: its replayed ledger and every change to its hands."""

    def _load(self, game_id: str) -> tuple[GameFile, GameMeta, list[Document], Game]:
        """A game's file, its record, its ledger and its replayed Game."""
        gf = self._s.game_file(game_id)
        if not gf.exists():
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        meta = gf.meta()
        ledger = gf.ledger()
        names = self._s.names(meta["summary"].get("names"))
        # Parsing every stored hand again for each new one would cost more
        # than the replay: keep the parsed ledger while the file is unchanged.
        # The replayed Game is kept too (while the file and the names are
        # unchanged), so recording a hand does not replay the whole ledger.
        cached = self._s.ledgers.get(game_id)
        if cached is not None and cached[0] == gf.storage.stamp and len(cached[1]) == len(ledger):
            hands, known = cached[1], cached[2]
            if known is not None and dict(known.names) == dict(names):
                return gf, meta, ledger, known.copy()
        else:
            hands = tuple(ledger_hands(ledger))
        try:
            game = build_game(setup_of(meta), rules_of(meta), hands, names)
        except RuleError as exc:  # only if the file was changed by hand
            raise StoreError(
                "the stored hands of this game don't replay: {reason}", reason=exc.msg
            ) from exc
        self._s.remember_ledger(game_id, gf.storage.stamp, hands, game)
        return gf, meta, ledger, game

    def _commit(
        self,
        gf: GameFile,
        meta: GameMeta,
        game: Game,
        change: LastChange,
        *,
        insert: Sequence[HandRecord] = (),
        supersede: Mapping[int, str] = {},
        reactivate: Sequence[int] = (),
    ) -> None:
        """Write one change to a game as a single atomic commit, then index it.

        ``change`` is what it was (see changes.py): kept with the game, in
        the same commit, to tell a stale writer what happened."""
        stamp = time_to_doc(now())
        finished = game.standings.finished
        changes = {
            "updated_at": stamp,
            "finished_at": (meta.get("finished_at") or stamp) if finished else None,
            "rev": meta["rev"] + 1,
            "summary": summarize(game, self._s.names()),
            "last_change": change,
        }
        with gf.storage.batch():
            for doc_id, reason in supersede.items():
                gf.hands.update(
                    {"superseded_at": stamp, "superseded_reason": reason}, doc_ids=[doc_id]
                )
            for doc_id in reactivate:
                gf.hands.update(
                    {"superseded_at": None, "superseded_reason": None}, doc_ids=[doc_id]
                )
            gf.hands.insert_multiple(insert)
            gf.games.update(changes, doc_ids=[META_ID])
        self._s.remember_ledger(gf.id, gf.storage.stamp, game.hands, game)
        self._s.index.put(
            gf.id, index_entry({**meta, **changes}, digest_doc(game)), gf.storage.content_sum
        )

    def _load_for_change(
        self, game_id: str, expect_revision: int | None
    ) -> tuple[GameFile, GameMeta, list[Document], Game]:
        """:meth:`_load` for a change to the game's hands: refused, before
        anything changes, when stale (:meth:`_refuse_stale`) or in the bin."""
        gf, meta, ledger, game = self._load(game_id)
        self._refuse_stale(game_id, meta, expect_revision, game)
        self._refuse_deleted(meta)
        return gf, meta, ledger, game

    def _refuse_stale(
        self,
        game_id: str,
        meta: Mapping[str, Any],
        expect_revision: int | None,
        game: Game | None = None,
    ) -> None:
        """Raise :class:`StaleGameError` (before anything changes) when the
        caller based its change on another revision than the stored one."""
        if expect_revision is None:
            return
        current = meta["rev"]
        if type(expect_revision) is int and expect_revision == current:
            return
        if game is None:
            game = self._load(game_id)[3]
        raise StaleGameError(stale_message(meta.get("last_change")), game=game, revision=current)

    def _hand_for(self, game: Game, hand: Hand) -> Hand:
        # A hand may name a player by an id that was merged into another.
        if isinstance(hand, Hand) and hand.by is not None and hand.by not in game.players:
            resolved = self._s.resolve(hand.by)
            if resolved != hand.by:
                return dataclasses.replace(hand, by=resolved)
        return hand

    @_writing
    def create_game(
        self,
        format: Format | str,
        player_ids: Sequence[str],
        rules: Rules | str = "seed",
        *,
        first_dealer: str | None = None,
        draw: Sequence[Card | str] | None = None,
    ) -> str:
        """Start a game; the engine checks the setup first (RuleError unchanged)."""
        if isinstance(player_ids, str):
            raise StoreError("give the players as a list of ids")
        ids = [self._player_doc(p)["id"] for p in player_ids]
        dealer = self._s.resolve(first_dealer) if isinstance(first_dealer, str) else first_dealer
        names = self._s.names()
        game = Game(format, ids, rules, first_dealer=dealer, draw=draw, names=names)
        setup = Setup(
            game.format.value,
            game.players,
            None if game.roles is not None else game.first_dealer,
            None if game.draw is None else tuple(c.code for c in game.draw),
        )
        if isinstance(rules, str):
            rules_name: str | None = rules
        else:
            rules_name = next((k for k, v in PRESETS.items() if v == game.rules), None)
        stamp = time_to_doc(now())
        game_id = new_id()
        meta = {
            "schema": SCHEMA,
            "id": game_id,
            "setup": setup_to_doc(setup),
            "rules": rules_to_doc(game.rules),
            "rules_name": rules_name,
            "created_at": stamp,
            "updated_at": stamp,
            "finished_at": None,
            "deleted_at": None,
            "rev": 1,
            "summary": summarize(game, names),
        }
        gf = self._s.game_file(game_id)
        with gf.storage.batch():
            gf.games.insert(Document(meta, META_ID))
        self._s.index.put(game_id, index_entry(meta, digest_doc(game)), gf.storage.content_sum)
        return game_id

    @_reading
    def game(self, game_id: str) -> Game:
        """The game replayed from its stored ledger (a new object each call).

        ``Game.players`` are player ids; ``Game.names`` maps them to current names.
        """
        return self._load(game_id)[3]

    @_reading
    def revision(self, game_id: str) -> int:
        """The game's revision: a number that changes with every change of
        the game (a hand recorded, undone, edited or reverted, the game
        deleted or restored, hands imported into it, its players merged) and
        is never used again for it.  Pass it back as ``expect_revision`` to
        refuse a change based on an older sheet (see :class:`StaleGameError`).

        To know the revision a returned :class:`Game` shows, read both inside
        :meth:`locked` (or use :meth:`game_with_revision`).
        """
        gf = self._s.game_file(game_id)
        if not gf.exists():
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        return int(gf.meta()["rev"])

    @_reading
    def last_change(self, game_id: str) -> LastChange | None:
        """What the game's last change was (``{"kind", "hand", "device"}``, see
        :mod:`~scorekeeper.store.changes`; None before any)."""
        gf = self._s.game_file(game_id)
        if not gf.exists():
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        change = gf.meta().get("last_change")
        return change.copy() if change else None

    @_reading
    def game_with_revision(self, game_id: str) -> tuple[Game, int]:
        """The game (as :meth:`game`) and the revision it is, read together."""
        _, meta, _, game = self._load(game_id)
        return game, int(meta["rev"])

    @_writing_game
    def record_hand(
        self,
        game_id: str,
        hand: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        """Add a hand; the engine checks it first (RuleError unchanged, nothing stored).

        When this returns, the hand is on the disk.  ``expect_revision``: the
        revision the caller's sheet shows; if the game has changed since,
        nothing is stored and :class:`StaleGameError` says what changed.
        ``device``: a short label of who writes ("Bob's phone"), for that message.
        """
        gf, meta, ledger, game = self._load_for_change(game_id, expect_revision)
        hand = self._hand_for(game, hand)
        game.record(hand)
        doc = _hand_record(hand, len(ledger))
        self._commit(gf, meta, game, change_doc("record", len(ledger) + 1, device), insert=[doc])
        return game

    @_writing_game
    def record_deal(
        self,
        game_id: str,
        first: Hand,
        second: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        """Partnership: add a deal's two hands (the first pairing's, then the
        second's) in one commit, both or neither (see :meth:`record_hand`)."""
        gf, meta, ledger, game = self._load_for_change(game_id, expect_revision)
        first, second = self._hand_for(game, first), self._hand_for(game, second)
        game.record_deal(first, second)
        n = len(ledger)
        docs = [_hand_record(first, n), _hand_record(second, n + 1)]
        self._commit(gf, meta, game, change_doc("record", n + 2, device), insert=docs)
        return game

    @_writing_game
    def undo(
        self, game_id: str, *, expect_revision: int | None = None, device: str | None = None
    ) -> Game:
        """Take back the last hand (a partnership's last deal: its two
        hands); it is kept, marked superseded.
        (``expect_revision``, ``device``: see :meth:`record_hand`.)"""
        gf, meta, ledger, game = self._load_for_change(game_id, expect_revision)
        game.undo()
        taken = ledger[len(game.hands) :]
        self._commit(
            gf,
            meta,
            game,
            change_doc("undo", len(ledger), device),
            supersede={d.doc_id: "undo" for d in taken},
        )
        return game

    @_writing_game
    def redo(
        self, game_id: str, *, expect_revision: int | None = None, device: str | None = None
    ) -> Game:
        """Put back the hand the last undo took back: the same stored entry,
        active again (the audit trail keeps one entry for it, not a copy).

        Refused when nothing was undone, or when the game's last change is not
        that undo (a hand recorded, edited or put back since).
        (``expect_revision``, ``device``: see :meth:`record_hand`.)
        """
        gf, meta, ledger, game = self._load_for_change(game_id, expect_revision)
        seq = len(ledger)
        change = meta.get("last_change")
        kind, top = (change["kind"], change["hand"]) if change else (None, None)
        # The undo took back hands seq+1 .. top (one; two for a
        # partnership's deal): each comes back as its latest undone entry.
        taken = range(seq, top if type(top) is int and seq < top <= seq + 2 else seq + 1)
        undone = [
            d for d in gf.records() if d["seq"] in taken and d.get("superseded_reason") == "undo"
        ]
        if not any(d["seq"] == seq for d in undone):
            raise StoreError("there is no undone hand to put back")
        if kind != "undo" or top != taken[-1] + 1 or {d["seq"] for d in undone} != set(taken):
            raise StoreError("the game changed after the undo: there is nothing to redo")
        back = [
            max((d for d in undone if d["seq"] == i), key=lambda d: (d["superseded_at"], d.doc_id))
            for i in taken
        ]
        for d in back:
            game.record(self._hand_for(game, hand_from_doc(d["hand"])))
        self._commit(
            gf,
            meta,
            game,
            change_doc("redo", taken[-1] + 1, device),
            reactivate=[d.doc_id for d in back],
        )
        return game

    @_writing_game
    def edit_hand(
        self,
        game_id: str,
        index: int,
        hand: Hand,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        """Replace hand ``index`` (0-based); the old version is kept, marked superseded.
        (``expect_revision``, ``device``: see :meth:`record_hand`.)"""
        gf, meta, ledger, game = self._load_for_change(game_id, expect_revision)
        hand = self._hand_for(game, hand)
        game.edit(index, hand)  # checks the index too
        i = index if index >= 0 else len(ledger) + index
        old = ledger[i]
        doc = _hand_record(hand, i, replaces=old["id"])
        self._commit(
            gf,
            meta,
            game,
            change_doc("edit", i + 1, device),
            insert=[doc],
            supersede={old.doc_id: "edit"},
        )
        return game

    @_reading
    def hand_versions(self, game_id: str, index: int) -> list[tuple[Hand, datetime, bool]]:
        """Every version of hand ``index`` (0-based), oldest first:
        ``(hand, entered_at, superseded)``.  Includes hands undone at that position."""
        gf = self._s.game_file(game_id)
        if not gf.exists():
            raise StoreError("there is no game {game_id!r}", game_id=game_id)
        if index < 0:
            index += len(gf.ledger())
        docs = [d for d in gf.records() if d["seq"] == index]
        docs.sort(key=lambda d: (d["entered_at"], d.doc_id))
        return [
            (
                hand_from_doc(d["hand"]),
                time_from_doc(d["entered_at"]),
                d["superseded_at"] is not None,
            )
            for d in docs
        ]

    @_writing_game
    def revert_edit(
        self,
        game_id: str,
        index: int,
        *,
        expect_revision: int | None = None,
        device: str | None = None,
    ) -> Game:
        """Put back the version hand ``index`` had before its last edit.
        (``expect_revision``, ``device``: see :meth:`record_hand`.)"""
        gf, meta, ledger, game = self._load_for_change(game_id, expect_revision)
        if not -len(ledger) <= index < len(ledger):
            raise RuleError(
                "there is no hand {number} to revert", number=index + 1 if index >= 0 else index
            )
        i = index if index >= 0 else len(ledger) + index
        current = ledger[i]
        previous = next((d for d in gf.records() if d["id"] == current.get("replaces")), None)
        if previous is None:
            raise StoreError(
                "hand {number} was never edited: there is no earlier version", number=i + 1
            )
        game.edit(i, hand_from_doc(previous["hand"]))
        self._commit(
            gf,
            meta,
            game,
            change_doc("revert", i + 1, device),
            supersede={current.doc_id: "revert"},
            reactivate=[previous.doc_id],
        )
        return game

    def _refuse_deleted(self, meta: Mapping[str, Any]) -> None:
        if meta.get("deleted_at") is not None:
            raise StoreError("this game was deleted: restore it first to change it")


def _hand_record(hand: Hand, seq: int, *, replaces: str | None = None) -> HandRecord:
    return {
        "id": new_id(),
        "seq": seq,
        "entered_at": time_to_doc(now()),
        "hand": hand_to_doc(hand),
        "superseded_at": None,
        "superseded_reason": None,
        "replaces": replaces,
    }
