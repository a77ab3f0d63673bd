"""Planning an import against the data here: which players are ours
already (by id, by an alias, or by the same name), which games are new,
which extend a game we have, and which are kept as they are here (and why).
Nothing here writes: the store applies the plan (transfer.py), or the
bounded importer stages it (importer.py).  The export format and its
checks are in :mod:`~scorekeeper.store.exchange`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorekeeper.engine import Game, Hand, RuleError
from scorekeeper.engine.errors import Msg

from .docs import (
    Setup,
    hand_from_doc,
    now,
    rules_from_doc,
    rules_to_doc,
    setup_from_doc,
    setup_to_doc,
    time_to_doc,
)
from .documents import AliasRecord, HandFields, HandUpdate, NewMeta, PlayerRecord, StoredHand
from .errors import Notice, StoreError
from .exchange import Errors, ImportedGame, ParsedExport, StoredGame, count_active
from .gamefile import SCHEMA, build_game
from .model import ImportReport
from .names import name_key


class Catalog(Protocol):
    """What planning needs to know about the data already here."""

    def resolve(self, player_id: str) -> str | None: ...
    def visible_player_by_name(self, name: str) -> str | None: ...
    def player_name(self, player_id: str) -> str: ...
    def game(self, game_id: str) -> StoredGame | None: ...
    def ids_here(self) -> set[str]: ...


@dataclass
class NewGame:
    meta: NewMeta  # without a summary yet
    records: list[StoredHand]
    ledger: list[Hand]
    #: The ledger replayed (with the players' names here); None if the plan
    #: was asked not to keep it (replayed again when staged: less memory).
    game: Game | None


@dataclass
class UpdatedGame:
    game_id: str
    new_records: list[StoredHand]
    record_updates: dict[int, HandUpdate]  # doc id -> fields
    ledger: list[Hand]
    updated_at: str
    finished_at: str | None
    game: Game  # the ledger replayed (with the players' names here)


@dataclass
class ImportPlan:
    report: ImportReport
    new_players: list[PlayerRecord] = field(default_factory=list)
    new_aliases: list[AliasRecord] = field(default_factory=list)
    new_games: list[NewGame] = field(default_factory=list)
    updated_games: list[UpdatedGame] = field(default_factory=list)


def plan_import(parsed: ParsedExport, here: Catalog, *, keep_games: bool = True) -> ImportPlan:
    """Decide what an import changes; raises StoreError (changing nothing) if a
    game would not replay once its players are matched to ours.
    ``keep_games=False``: a new game's replay is not kept in the plan (a file
    of 30,000 short games would hold 30,000 of them at once)."""
    stamp = time_to_doc(now())
    messages: list[str] = []
    mapping: dict[str, str] = {}
    new_players: list[PlayerRecord] = []
    new_aliases: list[AliasRecord] = []
    new_names: dict[str, str] = {}  # casefolded name -> id, players this import adds
    local_names: dict[str, str] = {}
    for p in parsed.players:
        local = here.resolve(p.id)
        if local is not None:
            mapping[p.id] = local
            local_names[local] = here.player_name(local)
            continue
        match = None
        if not p.hidden:
            match = here.visible_player_by_name(p.name) or new_names.get(name_key(p.name))
        if match is not None:
            mapping[p.id] = match
            local_names.setdefault(match, here.player_name(match))
            new_aliases.append({"from": p.id, "to": match, "reason": "import", "at": stamp})
            here_name = local_names[match]
            messages.append(
                Notice(
                    "{name} in the import is taken to be {here} here (same name).",
                    name=p.name,
                    here=here_name,
                )
            )
            continue
        mapping[p.id] = p.id
        local_names[p.id] = p.name
        if not p.hidden:
            new_names[name_key(p.name)] = p.id
        new_players.append(
            {
                "id": p.id,
                "name": p.name,
                "hidden": p.hidden,
                "created_at": stamp,
                "merged_into": None,
            }
        )

    errors = Errors()
    plan = ImportPlan(ImportReport(), new_players, new_aliases)
    added = updated = skipped = differ = hands = 0
    with errors.checking():
        # Ids that differ from ours only by case would be one file on some systems.
        folded = {i.casefold(): i for i in here.ids_here()}
        for pid in [p.id for p in parsed.players] + [g.id for g in parsed.games]:
            ours = folded.get(pid.casefold())
            if ours is not None and ours != pid:
                errors.add(
                    Msg("the id {id} differs from {ours} here only by case", id=pid, ours=ours)
                )
        for g in parsed.games:
            setup, records, ledger = _mapped(g, mapping)
            if len(set(setup.players)) != len(setup.players):
                errors.add(Msg("{game}: two of its players are the same person here", game=g.label))
                continue
            try:
                game = build_game(setup, g.rules, ledger, local_names)
            except RuleError as exc:
                errors.add(Msg("{game}: {reason}", game=g.label, reason=exc.msg))
                continue
            if g.totals is not None:
                theirs = {mapping.get(k, k): v for k, v in g.totals.items()}
                if theirs != game.standings.totals:
                    messages.append(
                        Notice(
                            "{game}: replayed here, the totals are {totals}, "
                            "not what the other device had",
                            game=g.label,
                            totals=_totals(game, local_names),
                        )
                    )
            current = here.game(g.id)
            if current is None:
                kept = game if keep_games else None
                plan.new_games.append(NewGame(_new_meta(g, setup), records, ledger, kept))
                added += 1
                hands += len(ledger)
                continue
            change = _compare(g, setup, records, ledger, game, current, messages)
            if change is _SAME:
                skipped += 1
                continue
            if change is _DIFFERENT:  # not changed here either, but not "already here"
                skipped += 1
                differ += 1
                continue
            assert isinstance(change, UpdatedGame)
            plan.updated_games.append(change)
            updated += 1
            hands += len(ledger) - count_active(current.records)
    errors.raise_if_any()
    plan.report = ImportReport(
        len(new_players), added, updated, skipped, hands, messages, games_differ=differ
    )
    return plan


def _totals(game: Game, names: Mapping[str, str]) -> str:
    return ", ".join(f"{names.get(p, p)} {v}" for p, v in game.standings.totals.items())


def _mapped(
    g: ImportedGame, mapping: Mapping[str, str]
) -> tuple[Setup, list[StoredHand], list[Hand]]:
    def m(pid: str) -> str:
        return mapping.get(pid, pid)

    setup = Setup(
        g.setup.format,
        tuple(m(p) for p in g.setup.players),
        None if g.setup.first_dealer is None else m(g.setup.first_dealer),
        g.setup.draw,
    )
    if not any(m(p) != p for p in g.setup.players):
        return setup, g.records, g.ledger  # nobody is renamed: nothing to copy
    records: list[StoredHand] = []
    for r in g.records:
        by = r["hand"]["by"]
        hand: HandFields = {**r["hand"], "by": None if by is None else m(by)}
        records.append({**r, "hand": hand})
    ledger = [
        h if h.by is None or m(h.by) == h.by else dataclasses.replace(h, by=m(h.by))
        for h in g.ledger
    ]
    return setup, records, ledger


def _new_meta(g: ImportedGame, setup: Setup) -> NewMeta:
    return {
        "schema": SCHEMA,
        "id": g.id,
        "setup": setup_to_doc(setup),
        "rules": rules_to_doc(g.rules),
        "rules_name": g.rules_name,
        "created_at": g.created_at,
        "updated_at": g.updated_at,
        "finished_at": g.finished_at,
        "deleted_at": g.updated_at if g.deleted else None,
        "rev": 1,
    }


class _Kept(enum.Enum):
    SAME = "same"  # ours has every hand of the import: nothing to do
    DIFFERENT = "different"  # the two differ: ours is kept, and the report says so


_SAME, _DIFFERENT = _Kept.SAME, _Kept.DIFFERENT


def _compare(
    g: ImportedGame,
    setup: Setup,
    records: list[StoredHand],
    ledger: list[Hand],
    game: Game,
    current: StoredGame,
    messages: list[str],
) -> UpdatedGame | _Kept:
    """How the imported version of a game we have relates to ours: what to
    add, or why ours stays as it is."""
    ours_setup = setup_from_doc(current.meta["setup"])
    if ours_setup != setup or rules_from_doc(current.meta["rules"]) != g.rules:
        messages.append(
            Notice(
                "{game}: a game with the same id but a different setup is here; kept this one",
                game=g.label,
            )
        )
        return _DIFFERENT
    by_id = {r["id"]: r for r in current.records}
    for r in records:
        mine = by_id.get(r["id"])
        if mine is not None and not _same_hand(mine, r):
            messages.append(
                Notice(
                    "{game}: hand {n} in the import is not the hand with the same id here; "
                    "kept the version here",
                    game=g.label,
                    n=r["seq"] + 1,
                )
            )
            return _DIFFERENT

    def active(rs: Sequence[StoredHand]) -> list[str]:
        return [r["id"] for r in sorted(rs, key=lambda r: r["seq"]) if r["superseded_at"] is None]

    ours, theirs = active(current.records), active(records)
    if theirs == ours:
        return _SAME
    if theirs[: len(ours)] != ours:
        if ours[: len(theirs)] == theirs:
            messages.append(
                Notice(
                    "{game}: has more hands here than in the import; kept this one", game=g.label
                )
            )
            return _SAME
        messages.append(
            Notice(
                "{game}: was changed differently on the two devices; kept the version here",
                game=g.label,
            )
        )
        return _DIFFERENT
    new_records = [r for r in records if r["id"] not in by_id]
    updates: dict[int, HandUpdate] = {}
    for r in records:
        mine = by_id.get(r["id"])
        if mine is not None and mine.get("superseded_at") != r["superseded_at"]:
            updates[int(mine["doc_id"])] = {
                "superseded_at": r["superseded_at"],
                "superseded_reason": r["superseded_reason"],
            }
    return UpdatedGame(g.id, new_records, updates, ledger, g.updated_at, g.finished_at, game)


def _same_hand(mine: StoredHand, theirs: StoredHand) -> bool:
    """Whether a stored hand record and an imported one of the same id are
    the same hand at the same place (whether it still counts may differ: an
    undo or edit made on one device)."""
    if mine.get("seq") != theirs["seq"]:
        return False
    try:
        return hand_from_doc(mine.get("hand")) == hand_from_doc(theirs["hand"])
    except StoreError:
        return False
