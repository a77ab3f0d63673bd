"""One series per file: ``games/<game id>.json``, a TinyDB with two tables.

``game`` holds one record (doc id 1)::

    {"schema": 1, "id": ..., "setup": {format, players, first_dealer, draw},
     "rules": {...every option...}, "rules_name": "seed" | null,
     "created_at": ..., "updated_at": ..., "finished_at": ... | null,
     "deleted_at": ... | null, "rev": <commits so far: the game's revision>,
     "summary": {hand_count, totals, column_totals, final_totals, winner,
                 finished, next_dealer, names},
     "last_change": {kind, hand, device} (see changes.py; absent before any change)}

``hands`` holds every version of every hand ever entered (the audit trail)::

    {"id": ..., "seq": <0-based position>, "entered_at": ...,
     "hand": {...see docs.hand_to_doc...},
     "superseded_at": null | time, "superseded_reason": null | "undo" | "edit" | "revert",
     "replaces": null | <id of the version this one replaced by an edit>}

The *ledger* is the versions not superseded, ordered by ``seq``; it always
replays cleanly (the store writes nothing the engine refused).  The summary
is derived from the ledger and written in the same atomic commit, so the
file describes itself and the index can always be rebuilt from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper.engine import Game, Hand, Rules, settlement
from scorekeeper.engine.errors import Msg

from .docs import Setup, hand_from_doc, rules_from_doc, setup_from_doc
from .documents import GameMeta, Summary
from .errors import StoreError
from .storage import AtomicJSONStorage, Data

SCHEMA = 1
GAME_TABLE = "game"
HANDS_TABLE = "hands"
META_ID = 1
#: Game files keep fewer backups than players.json: there are thousands of them.
GAME_BACKUPS = 2

#: One read of a game file: the game record, every hand record (in
#: :meth:`GameFile.records` order) and the file's stamp (:meth:`GameFile.snapshot`).
Snapshot = tuple[GameMeta, list[Document], tuple[int, int, int] | None]

_META_KEYS = ("id", "setup", "rules", "created_at", "updated_at", "rev", "summary")
_HAND_KEYS = ("id", "seq", "entered_at", "hand")


def validate_game_data(data: Data) -> Msg | None:
    """Checks of a game file's shape (no replay); None when it fits (see
    schemas.py; imported here, as in players.py)."""
    from . import schemas

    return schemas.validate_game_data(data)


def validate_game_file(game_id: str) -> Callable[[Data], Msg | None]:
    """The checks of the file named for ``game_id``: its shape, and that the
    game in it is that one (a file copied over another game's is damage: its
    own backup is put back, and the copy kept aside)."""

    def validate(data: Data) -> Msg | None:
        problem = validate_game_data(data)
        if problem is not None:
            return problem
        meta = data.get(GAME_TABLE, {}).get(str(META_ID))
        if isinstance(meta, dict) and meta.get("id") != game_id:
            return Msg("it holds the game {other}, not the one its name says", other=meta.get("id"))
        return None

    return validate


class GameFile:
    """Typed access to one game's TinyDB file."""

    def __init__(
        self,
        path: Path,
        *,
        read_only: bool = False,
        durable: bool = True,
        quarantine: Path | None = None,
        notify: Callable[[str], None] | None = None,
        vouched: Callable[[], int | None] | None = None,
    ) -> None:
        self.path = path
        self.id = path.stem
        self.db = TinyDB(
            path,
            storage=AtomicJSONStorage,
            backups=GAME_BACKUPS,
            durable=durable,
            read_only=read_only,
            validator=validate_game_file(path.stem),
            vouched=vouched,
            quarantine=quarantine,
            notify=notify,
            label=f"{path.parent.name}/{path.name}",
        )
        self.storage = cast(AtomicJSONStorage, self.db.storage)
        self.games = self.db.table(GAME_TABLE)
        self.hands = self.db.table(HANDS_TABLE)

    def exists(self) -> bool:
        data = self.storage.read()
        return bool(data and data.get(GAME_TABLE))

    def meta(self) -> GameMeta:
        doc = self.games.get(doc_id=META_ID)
        if doc is None:
            raise StoreError("there is no such game (it may have been purged)")
        assert isinstance(doc, dict)
        schema = doc.get("schema", SCHEMA)
        if isinstance(schema, int) and schema > SCHEMA:
            raise StoreError(
                "{file} was written by a newer version of Gin Scorekeeper "
                "(data version {version}); update the app to open it.",
                file=self.path.name,
                version=schema,
            )
        return cast(GameMeta, doc)  # validated when the file was read (schemas.py)

    def snapshot(self) -> Snapshot | None:
        """The game record, every hand record (as :meth:`records` orders
        them) and the file's stamp, all from one read of the file: consistent
        even while another process replaces it.  None if it holds no game."""
        data = self.storage.read()
        meta = (data or {}).get(GAME_TABLE, {}).get(str(META_ID))
        if data is None or meta is None:
            return None
        stamp = self.storage.stamp
        docs = [Document(d, int(k)) for k, d in data.get(HANDS_TABLE, {}).items()]
        docs.sort(key=lambda d: (d["seq"], d["entered_at"], d.doc_id))
        return cast(GameMeta, dict(meta)), docs, stamp

    def records(self) -> list[Document]:
        """Every version of every hand, by position, then the order entered."""
        docs = self.hands.all()
        docs.sort(key=lambda d: (d["seq"], d["entered_at"], d.doc_id))
        return docs

    def update_hands(self, updates: Mapping[int, Mapping[str, Any]]) -> None:
        """Change fields of several hand records (doc id -> fields) in one
        table update (TinyDB's ``update`` rewrites the table per call)."""
        if not updates:
            return

        # What TinyDB's own update does, through its public parts: the
        # storage's data changed and written once, the table's cache dropped.
        data = self.storage.read() or {}
        table = data.setdefault(HANDS_TABLE, {})
        for doc_id, fields in updates.items():
            table[str(doc_id)].update(fields)
        self.storage.write(data)
        self.hands.clear_cache()

    def ledger(self) -> list[Document]:
        """The hands that count, in order."""
        return [d for d in self.records() if d.get("superseded_at") is None]

    def close(self) -> None:
        self.db.close()


def game_data(meta: Mapping[str, Any], hands: dict[str, Any]) -> Data:
    """A whole game file as TinyDB keeps it (for writing it in one piece;
    ``hands`` is taken as it is, not copied)."""
    return {GAME_TABLE: {str(META_ID): dict(meta)}, HANDS_TABLE: hands}


def numbered(records: Iterable[Mapping[str, Any]], after: int = 0) -> dict[str, Any]:
    """Records keyed by TinyDB document ids, from ``after + 1`` (not copied)."""
    return {str(i): r for i, r in enumerate(records, start=after + 1)}


def game_version(meta: Mapping[str, Any]) -> tuple[int, str]:
    """What tells one version of a game file from another: every write
    raises its revision (and a backup put back can't bring the same
    revision with another update time).  Here, not in transfer.py: the
    importer asks it too, and transfer.py imports the importer."""
    return int(meta["rev"]), str(meta["updated_at"])


def setup_of(meta: Mapping[str, Any]) -> Setup:
    return setup_from_doc(meta["setup"])


def rules_of(meta: Mapping[str, Any]) -> Rules:
    return rules_from_doc(meta["rules"])


def build_game(setup: Setup, rules: Rules, hands: Sequence[Hand], names: Mapping[str, str]) -> Game:
    """The engine :class:`Game` for a stored ledger, replayed once."""
    return Game(
        setup.format,
        setup.players,
        rules,
        first_dealer=setup.first_dealer,
        draw=setup.draw,
        names=names,
        hands=hands,  # the engine replays a given ledger once
    )


def ledger_hands(docs: Iterable[Mapping[str, Any]]) -> list[Hand]:
    return [hand_from_doc(d["hand"]) for d in docs]


def summarize(game: Game, names: Mapping[str, str]) -> Summary:
    """What the index keeps of a game, derived from its replay."""
    st = game.standings
    return {
        "hand_count": len(game.hands),
        "totals": st.totals,
        "column_totals": {p: list(v) for p, v in st.column_totals.items()},
        # per player (a partner has their side's score)
        "final_totals": {
            p: sum(c.final.get(st.scorer_of(p), 0) for c in st.columns) for p in st.players
        },
        # Hollywood is read per game: games won and each column with its bonuses
        "games_won": st.games_won,
        "column_final": {
            p: [c.final.get(st.scorer_of(p), 0) for c in st.columns] for p in st.players
        },
        "winner": st.winner,
        "finished": st.finished,
        "next_dealer": st.next_dealer,
        "names": {p: names.get(p, p) for p in st.players},
        # what is owed, for the running balances (settle_ups.py): no replay
        "payments": [[p.payer, p.payee, p.amount] for p in settlement(st)],
        "currency": game.rules.currency,
    }
