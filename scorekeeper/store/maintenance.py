"""The maintenance room of the store: checking every file against a replay
of its hands, repairing what can be fixed without guessing, writing the index."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from scorekeeper.engine.errors import N_, Msg, UserError

from .base import _reading, _writing
from .changes import change_doc
from .docs import hand_from_doc
from .documents import GameMeta
from .errors import Notice, Repaired, StoreError, reason, versus
from .fingerprints import scan_game_ids
from .gamefile import (
    META_ID,
    GameFile,
    Snapshot,
    build_game,
    ledger_hands,
    rules_of,
    setup_of,
    summarize,
)
from .names import name_key
from .roster import Players
from .shared import _label, digest_doc, index_entry


class Maintenance(Players):
    """Check, repair, flush."""

    @_reading
    def check(self) -> list[str]:
        """Read every game file, replay every game, and compare with what is
        stored; returns the problems found (empty: all is well), each a
        :class:`Notice` (English text; ``.msg`` to translate it).

        Each game file is judged from one read of it, so a check run beside
        the app (read-only, while the app writes) sees every file whole; and
        what the app changed since this store was opened (an index flushed
        only now and then, a player added since) is not a problem."""
        problems: list[str] = []
        if self._s.read_only:
            self._s.load_players()  # as they are now, not as they were at open
        names = self._s.names()
        for game_id, has_main in sorted(scan_game_ids(self._s.games_dir).items()):
            label = _label(game_id)
            before = len(self._s.notices)
            gf = self._s.game_file(game_id)
            found: list[str] = []
            try:
                snap = gf.snapshot()
                if snap is not None:
                    found = self._check_game(label, gf, snap, names)
                elif has_main:
                    found = [Notice("{file}: holds no game", file=label)]
            except (UserError, KeyError, TypeError, ValueError) as exc:
                found = [Notice("{file}: {reason}", file=label, reason=reason(exc))]
            # A repair made while reading it first (it explains what follows).
            problems.extend(self._s.notices[before:])
            problems.extend(found)
        known = set(scan_game_ids(self._s.games_dir))
        for gid in self._s.index.entries:
            if gid not in known:
                problems.append(Notice("the index lists a game with no file: {id}", id=gid))
        seen: dict[str, str] = {}
        for doc in self._s.players.values():
            if doc.get("hidden") or doc.get("merged_into"):
                continue
            key = name_key(doc["name"])
            if key in seen:
                problems.append(Notice("two players are called {name}", name=doc["name"]))
            seen[key] = doc["id"]
        return problems

    def _check_game(
        self,
        file: str,
        gf: GameFile,
        snap: Snapshot,
        names: Mapping[str, str],
    ) -> list[str]:
        meta, records, stamp = snap
        problems: list[str] = []
        setup = setup_of(meta)
        who = versus([names.get(p, p) for p in setup.players])
        label = Msg(
            "{file} ({players}, {date})", file=file, players=who, date=meta["created_at"][:10]
        )
        missing = [p for p in setup.players if self._s.resolve(p) not in self._s.players]
        if missing and self._s.read_only:
            self._s.load_players()  # added by the app since this check began?
            missing = [p for p in missing if self._s.resolve(p) not in self._s.players]
        for p in missing:
            problems.append(
                Notice("{game}: player {id} is not in the player list", game=label, id=p)
            )
        ids = [d["id"] for d in records]
        if len(set(ids)) != len(ids):
            problems.append(Notice("{game}: two hand versions share an id", game=label))
        for d in records:
            try:
                hand_from_doc(d["hand"])
            except StoreError as exc:
                problems.append(
                    Notice(
                        "{game}: hand {n} ({id}): {reason}",
                        game=label,
                        n=d["seq"] + 1,
                        id=d["id"],
                        reason=exc.msg,
                    )
                )
            if d.get("replaces") and d["replaces"] not in ids:
                problems.append(
                    Notice(
                        "{game}: hand {n} replaces a version that is gone",
                        game=label,
                        n=d["seq"] + 1,
                    )
                )
        ledger = [d for d in records if d.get("superseded_at") is None]
        try:
            game = build_game(setup, rules_of(meta), ledger_hands(ledger), names)
        except UserError as exc:
            problem = Notice("{game}: the hands don't replay: {reason}", game=label, reason=exc.msg)
            return [*problems, problem]
        # (read by key from a table of keys: as mappings)
        fresh: Mapping[str, object] = summarize(game, names)
        stored: Mapping[str, object] = meta["summary"]
        for key, field in _CHECKED_FIELDS.items():
            if fresh[key] != stored.get(key):
                problems.append(
                    Notice(
                        "{game}: stored {field} {stored} but the hands replay to {fresh}",
                        game=label,
                        field=Msg(field),
                        stored=repr(stored.get(key)),
                        fresh=repr(fresh[key]),
                    )
                )
        entry = self._s.index.entries.get(meta["id"])
        # Read-only beside the app, which writes its index only now and then:
        # an entry made from another version of this file is not wrong, only older.
        if (
            self._s.read_only
            and stamp is not None
            and entry is not None
            and entry.get("fp") != [stamp[1], stamp[0], stamp[2]]
        ):
            return problems
        if entry is None:
            if not self._s.read_only:
                problems.append(Notice("{game}: missing from the index", game=label))
        elif any(entry.get(k) != v for k, v in index_entry(meta).items()):
            problems.append(Notice("{game}: the index is out of date", game=label))
        elif entry.get("digest") != digest_doc(game):
            problems.append(
                Notice(
                    "{game}: the statistics digest does not match a replay of the hands",
                    game=label,
                )
            )
        return problems

    @_writing
    def repair(self) -> list[str]:
        """Fix what :meth:`check` finds that can be fixed without guessing,
        and say what was done (each a :class:`Notice`): stored summaries and
        index entries made again from a replay of the hands, references to
        hand versions that are gone dropped, index entries of games that are
        gone dropped, players the games name but the list lacks restored,
        and two visible players of one name told apart.  Games whose hands
        don't replay are left as they are (and said so)."""
        done: list[str] = []
        names = self._s.names()
        with self._s.index.held():
            for game_id in sorted(scan_game_ids(self._s.games_dir)):
                label = _label(game_id)
                gf = self._s.game_file(game_id)
                try:
                    snap = gf.snapshot()
                    if snap is None:
                        continue
                    done.extend(self._repair_game(label, gf, snap, names))
                except (UserError, KeyError, TypeError, ValueError) as exc:
                    done.append(
                        Notice(
                            "{file}: not repaired (its hands don't replay: {reason}); "
                            "it is left as it is",
                            file=label,
                            reason=reason(exc),
                        )
                    )
            known = set(scan_game_ids(self._s.games_dir))
            for gid in [g for g in self._s.index.entries if g not in known]:
                self._s.index.drop(gid)
                done.append(
                    Repaired("dropped the index entry of a game with no file: {id}", id=gid)
                )
        before = len(self._s.notices)
        self._s.restore_missing_players()
        done.extend(self._s.notices[before:])
        seen: set[str] = set()
        for doc in sorted(self._s.players.values(), key=lambda d: d.get("created_at") or ""):
            if doc.get("hidden") or doc.get("merged_into"):
                continue
            key = name_key(doc["name"])
            if key in seen:
                n = 2
                while name_key(f"{doc['name']} ({n})") in seen:
                    n += 1
                new = f"{doc['name']} ({n})"
                self._update_player(doc["id"], {"name": new})
                done.append(
                    Repaired(
                        "two players were called {name}: one is now {new}",
                        name=doc["name"],
                        new=new,
                    )
                )
                key = name_key(new)
            seen.add(key)
        self._s.index.flush()
        return done

    def _repair_game(
        self,
        file: str,
        gf: GameFile,
        snap: Snapshot,
        names: Mapping[str, str],
    ) -> list[str]:
        meta, records, _ = snap
        done: list[str] = []
        ids = {d["id"] for d in records}
        dangling = {
            d.doc_id: {"replaces": None}
            for d in records
            if d.get("replaces") and d["replaces"] not in ids
        }
        ledger = [d for d in records if d.get("superseded_at") is None]
        game = build_game(setup_of(meta), rules_of(meta), ledger_hands(ledger), names)
        fresh = summarize(game, names)
        stored: Mapping[str, object] = meta["summary"]
        wrong = any(fresh.get(k) != stored.get(k) for k in _CHECKED_FIELDS)
        if dangling or wrong:
            changes = {
                "summary": fresh,
                "rev": meta["rev"] + 1,
                "last_change": change_doc("repair"),
            }
            with gf.storage.batch():
                gf.update_hands(dangling)
                gf.games.update(changes, doc_ids=[META_ID])
            meta = cast(GameMeta, {**meta, **changes})
            if dangling:
                done.append(
                    Repaired(
                        Msg.plural(
                            "{file}: dropped {n} reference to a hand version that is gone",
                            "{file}: dropped {n} references to hand versions that are gone",
                            len(dangling),
                            file=file,
                        )
                    )
                )
            if wrong:
                done.append(
                    Repaired("{file}: its stored totals were made again from its hands", file=file)
                )
        entry = self._s.index.entries.get(meta["id"])
        fresh_entry = index_entry(meta, digest_doc(game))
        if entry is None or any(entry.get(k) != v for k, v in fresh_entry.items()):
            self._s.index.put(meta["id"], fresh_entry, gf.storage.content_sum)
            done.append(Repaired("{file}: its index entry was made again", file=file))
        return done

    @_reading
    def flush(self) -> None:
        """Write the index now (it is also written at close and now and then)."""
        if not self._s.read_only:
            self._s.index.flush()


#: The parts of a game's stored summary ``check`` compares with a replay, as it names them.
_CHECKED_FIELDS = {
    "hand_count": N_("hand count"),
    "totals": N_("totals"),
    "column_totals": N_("column totals"),
    "final_totals": N_("final totals"),
    "winner": N_("winner"),
    "finished": N_("finished"),
}
