"""The exchange room of the store: export (JSON, CSV), import (all or
nothing, on or off the event loop, see importer.py) and backups."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .backup import KEEP_NOW, make_backup
from .changes import change_doc
from .documents import ExportDoc, GameMeta, IndexEntry, StoredHand
from .errors import StoreError
from .gamefile import (
    GAME_BACKUPS,
    build_game,
    game_data,
    game_version,
    numbered,
    rules_of,
    setup_of,
    summarize,
)
from .journal import Transaction, sync_files
from .model import ImportReport
from .names import name_key
from .paths import PLAYERS_FILE
from .players import ALIASES_TABLE, PLAYERS_TABLE
from .settle_ups import merge_settle_ups, read_settle_ups
from .storage import DEFAULT_BACKUPS, fsync_dir, gc_paused

if TYPE_CHECKING:  # imported where used: a phone's start never exports or imports
    from . import exchange, import_plan

from .base import StoreBase, _reading, _told_inside, _writing
from .games import Games
from .shared import _add_records, _copy_tables, digest_doc, index_entry


class Transfer(Games):
    """Data in and out of the folder: exports, imports, backups."""

    @_reading
    def export_json(self, game_ids: Sequence[str] | None = None) -> ExportDoc:
        """Games (default: all but the deleted) and their players, in the
        versioned export format documented in exchange.py."""
        if game_ids is None:
            ids = [gid for gid, e in self._s.index.entries.items() if not e["deleted"]]
        else:
            if isinstance(game_ids, str):
                raise StoreError("give the games as a list of ids")
            ids = list(dict.fromkeys(game_ids))
        from . import exchange

        games: list[exchange.StoredGame] = []
        for gid in ids:
            gf = self._s.game_file(gid)
            if not gf.exists():
                raise StoreError("there is no game {game_id!r}", game_id=gid)
            records = [cast(StoredHand, dict(d)) for d in gf.records()]
            games.append(exchange.StoredGame(gf.meta(), records))
        games.sort(key=lambda g: (g.meta["created_at"], g.meta["id"]))
        wanted = {p for g in games for p in g.meta["setup"]["players"]}
        players = [
            self._player_value(d)
            for d in self._s.players.values()
            if not d.get("merged_into") and (game_ids is None or d["id"] in wanted)
        ]
        players.sort(key=lambda p: (p.name.casefold(), p.id))
        # the money paid between games goes with an export of every game
        settled = read_settle_ups(self._s.data_dir) if game_ids is None else []
        return exchange.build_export(players, games, settled)

    @_writing
    def import_json(
        self,
        data: dict[str, Any] | ExportDoc | str | bytes | exchange.ParsedExport,
        *,
        dry_run: bool = False,
    ) -> ImportReport:
        """Import an export (see exchange.py): everything is checked, and every
        game replayed, before anything changes.  Importing the same data again
        adds nothing.  ``dry_run``: report what would happen, change nothing.
        This holds the store throughout: a server imports with
        :meth:`import_json_async` instead."""
        from . import exchange, import_plan

        try:
            with gc_paused():
                parsed = (
                    data if isinstance(data, exchange.ParsedExport) else exchange.parse_export(data)
                )
                plan = import_plan.plan_import(parsed, _Catalog(self))
                if not dry_run:
                    self._apply(plan)
                added = self._merge_settle_ups(parsed, dry_run=dry_run)
                plan.report = dataclasses.replace(plan.report, settle_ups_added=added)
        except RecursionError:  # an export given as nested objects, not text
            raise StoreError(
                "this file can't be imported (nothing was changed): "
                "its lists and records nest too deep"
            ) from None
        return plan.report

    def _merge_settle_ups(self, parsed: exchange.ParsedExport, *, dry_run: bool = False) -> int:
        """After the games and players: the file's settle-ups not here yet
        (their players reached through the aliases the import recorded)."""
        if not parsed.settle_ups:
            return 0
        return merge_settle_ups(
            self._s.data_dir, parsed.settle_ups, durable=self._s.durable, dry_run=dry_run
        )

    def _apply(self, plan: import_plan.ImportPlan) -> None:
        with self._s.index.held():
            tx, entries, players = self._stage(plan, contextlib.nullcontext)
            self._s.commit(tx, entries, players=players)

    def _stage(
        self,
        plan: import_plan.ImportPlan,
        reading: Callable[[], contextlib.AbstractContextManager[Any]],
        seen: Mapping[str, tuple[int, str] | None] | None = None,
    ) -> tuple[Transaction, dict[str, IndexEntry], bool]:
        """Stage every file of an import (see journal.py); returns the
        transaction, the index entries of the games it writes, and whether it
        writes players.json.  ``reading()`` is held around each read of the
        data here (the store's lock, for an import off the event loop: the
        rest, summaries and writing the staged files, is done without it);
        ``seen``: each updated game's (revision, updated_at) when planned: one
        changed since raises :class:`importer.Changed`, and nothing is staged."""
        # All or nothing: every file is staged, then all are put in place
        # together (see journal.py).  One write per file: linear in the hands.
        s = self._s
        tx = Transaction(s.data_dir, durable=s.durable)
        try:
            players = bool(plan.new_players or plan.new_aliases)
            with reading():
                data = _copy_tables(s.players_file.storage.read()) if players else {}
                names = s.names({d["id"]: d["name"] for d in plan.new_players})
            if players:
                _add_records(data, PLAYERS_TABLE, plan.new_players)
                _add_records(data, ALIASES_TABLE, plan.new_aliases)
                tx.put(s.data_dir / PLAYERS_FILE, data, backups=DEFAULT_BACKUPS)
                del data
            entries: dict[str, IndexEntry] = {}
            for new in plan.new_games:
                game = new.game  # replayed by the plan, or again now:
                if game is None:
                    game = build_game(setup_of(new.meta), rules_of(new.meta), new.ledger, names)
                made = cast(GameMeta, {**new.meta, "summary": summarize(game, names)})
                path = s.games_dir / f"{made['id']}.json"
                tx.put(path, game_data(made, numbered(new.records)), backups=GAME_BACKUPS)
                entries[made["id"]] = index_entry(made, digest_doc(game))
            for upd in plan.updated_games:
                with reading():
                    gf = s.game_file(upd.game_id)
                    meta = gf.meta()
                    hands = {str(d.doc_id): dict(d) for d in gf.records()}
                if seen is not None and seen.get(upd.game_id) != game_version(meta):
                    from .importer import Changed

                    raise Changed(upd.game_id)
                game = upd.game
                changes = {
                    "updated_at": max(meta["updated_at"], upd.updated_at),
                    "finished_at": (
                        meta.get("finished_at") or upd.finished_at or meta["updated_at"]
                    )
                    if game.standings.finished
                    else None,
                    "rev": meta["rev"] + 1,
                    "summary": summarize(game, names),
                    "last_change": change_doc("import"),
                }
                for doc_id, fields in upd.record_updates.items():
                    hands[str(doc_id)].update(fields)
                hands.update(numbered(upd.new_records, max(map(int, hands), default=0)))
                new_meta = {**meta, **changes}
                tx.put(gf.path, game_data(new_meta, hands), backups=GAME_BACKUPS)
                entries[upd.game_id] = index_entry(new_meta, digest_doc(game))
        except BaseException:
            tx.abort()
            raise
        return tx, entries, players

    @property
    def importing(self) -> bool:
        """Whether an import started by :meth:`import_json_async` is under
        way (never waits: the UI asks it to say "Importing…")."""
        return self._s.importing > 0

    @_told_inside
    async def import_json_async(self, data: bytes | str) -> ImportReport:
        """:meth:`import_json`, off the event loop: the file is read and
        checked in a separate process, the import planned (every game
        replayed) and staged in a worker thread without holding the store,
        which is held only to put the staged files in place.  Saves made
        meanwhile are kept (the import is planned again if one touched what
        it changes).  A crash at any moment leaves all of the import or none
        of it (tests/store/test_store_import_async.py,
        tests/store/test_store_import_kill.py)."""
        import asyncio  # here (as importer is) so that opening a store does not load it

        from scorekeeper.runtime import HAS_THREADS

        if not HAS_THREADS:  # the phone build: one session, nobody else to stall
            return self._run_import(data)
        return await asyncio.to_thread(self._run_import, data)

    def _run_import(self, data: bytes | str | exchange.ParsedExport) -> ImportReport:
        """:meth:`import_json_async`'s work, blocking (in a worker thread)."""
        from . import exchange, importer

        s = self._s
        # No full collection walking the import's many objects while it runs:
        # one holds the interpreter (every session) for as long as it takes
        # (see gc_paused); reference counting still frees everything.
        with self._counted(), gc_paused():
            parsed: exchange.ParsedExport = (
                data if isinstance(data, exchange.ParsedExport) else importer.read_export(data)
            )
            try:
                with s.import_lock:
                    return self._import_parsed(parsed)
            finally:
                importer.free_in_steps(parsed.games)

    def _import_parsed(self, parsed: exchange.ParsedExport) -> ImportReport:
        """Plan and stage without the lock, commit under it; planned again
        if a write changed what the plan relies on (importer.py)."""
        from . import import_plan, importer

        s = self._s
        for _ in range(importer.REPLANS):
            with s.lock:
                self._check_writable()
            catalog = importer.WatchedCatalog(s, _Catalog(self))
            try:
                plan = import_plan.plan_import(parsed, catalog, keep_games=False)
                tx, entries, players = self._stage(plan, lambda: s.lock, catalog.seen)
            except importer.Changed:
                continue
            try:
                if s.durable and tx.files:
                    # The slow sync before the lock; the commit's own is then quick.
                    try:
                        sync_files([tx.staging / e["staged"] for e in tx.files], tx.staging)
                        fsync_dir(tx.staging)
                    except OSError as exc:
                        tx.abort()
                        raise StoreError(
                            "could not save {file}: {reason}",
                            file=tx.name,
                            reason=exc.strerror or str(exc),
                        ) from exc
                # (Once the journal is written, a failure must not drop the
                # staged files: the next open puts them in place.)
                try:
                    self._commit_import(
                        tx, entries, players, functools.partial(catalog.unchanged, plan)
                    )
                except importer.Changed:
                    tx.abort()
                    continue
                with s.lock:  # the settle-ups' file, after the games it follows
                    added = self._merge_settle_ups(parsed)
                plan.report = dataclasses.replace(plan.report, settle_ups_added=added)
                return plan.report
            finally:
                importer.free_in_steps(plan.new_games)
                importer.free_in_steps(plan.updated_games)
        # Changed under it every time (a very busy table): hold the store.
        return self.import_json(parsed)

    @contextlib.contextmanager
    def _counted(self) -> Iterator[None]:
        """An import under way (:attr:`importing`), for every session to see."""
        s = self._s
        with s.lock:
            s.importing += 1
        try:
            yield
        finally:
            with s.lock:
                s.importing -= 1

    @_writing
    def _commit_import(
        self,
        tx: Transaction,
        entries: dict[str, IndexEntry],
        players: bool,
        unchanged: Callable[[], bool],
    ) -> None:
        """Put a staged import in place if ``unchanged()`` (checked under the
        store's lock); raises :class:`importer.Changed` (nothing changed, and
        nothing told) if not."""
        if not unchanged():
            from .importer import Changed

            raise Changed("the data changed while the import was planned")
        with self._s.index.held():
            self._s.commit(tx, entries, players=players)

    @_reading
    def export_csv(self, game_id: str) -> str:
        """The score sheet of one game, hand by hand, for spreadsheets."""
        from . import exchange

        return exchange.score_sheet_csv(self._load(game_id)[3])

    @_writing
    def backup(self) -> Path:
        """Zip the whole data folder into ``backups/``; returns the zip's path."""
        try:
            return make_backup(self.data_dir, keep=KEEP_NOW)
        except OSError as exc:
            raise StoreError(
                "could not make a backup: {reason}", reason=exc.strerror or str(exc)
            ) from exc


class _Catalog:
    """What :func:`import_plan.plan_import` may ask about the data already here."""

    def __init__(self, store: StoreBase) -> None:
        self._store = store
        self._s = store._s

    def resolve(self, player_id: str) -> str | None:
        pid = self._s.resolve(player_id)
        doc = self._s.players.get(pid)
        return pid if doc is not None else None

    def visible_player_by_name(self, name: str) -> str | None:
        key = name_key(name)
        for doc in self._s.players.values():
            if doc.get("hidden") or doc.get("merged_into"):
                continue
            if name_key(doc["name"]) == key:
                return str(doc["id"])
        return None

    def ids_here(self) -> set[str]:
        """Every game and player id here (to refuse ids that differ only by case)."""
        return set(self._s.index.entries) | set(self._s.players)

    def player_name(self, player_id: str) -> str:
        doc = self._s.players.get(player_id)
        return str(doc["name"]) if doc else player_id

    def game(self, game_id: str) -> exchange.StoredGame | None:
        gf = self._s.game_file(game_id)
        if not gf.exists():
            return None
        from . import exchange

        records = [cast(StoredHand, dict(d, doc_id=d.doc_id)) for d in gf.records()]
        return exchange.StoredGame(gf.meta(), records)
