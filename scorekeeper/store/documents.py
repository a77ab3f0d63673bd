"""The store's documents as types: what each stored record holds, by key.

The files are JSON and TinyDB hands their records back as dicts; these
``TypedDict`` types say which keys a record has and what each holds, so
that the type checker (``mypy --strict``) catches a misspelt key or a
value of the wrong kind inside the store, where the records travel as they
were read.  They cost nothing when the store runs (a TypedDict is a plain
dict): the index keeps tens of thousands of entries and reads them at
every start, where frozen objects made from each would cost the start its
time.  What a record read from the disk holds is checked once, at the edge,
by the pydantic models of :mod:`.schemas` (or by the check sum of the
store's own writing); these types describe what passed.

A record of an earlier version may lack a key a later one added: those
keys are ``NotRequired`` and read with ``.get``.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

__all__ = [
    "AliasRecord",
    "BlockDoc",
    "ExportDoc",
    "ExportGame",
    "ExportHand",
    "ExportPlayer",
    "Fingerprint",
    "GameMeta",
    "HandFields",
    "HandRecord",
    "HandUpdate",
    "IndexEntry",
    "JournalLine",
    "LastChange",
    "NewMeta",
    "PlayerRecord",
    "SettleUpRecord",
    "SetupFields",
    "Span",
    "SpanCounts",
    "StagedFile",
    "StoredHand",
    "Summary",
    "TransactionDoc",
]

#: A game file's fingerprint in the index: [mtime_ns, size, flushed_ns].
Fingerprint = list[int]


class SetupFields(TypedDict):
    """Who plays which format (docs.setup_to_doc)."""

    format: str
    players: list[str]
    first_dealer: str | None
    draw: list[str] | None


class LastChange(TypedDict):
    """What the last change to a game was (changes.change_doc)."""

    kind: str
    hand: int | None
    device: str | None


class Summary(TypedDict):
    """What a game file says of its replayed ledger (gamefile.summarize):
    what the lists show without replaying it."""

    hand_count: int
    totals: dict[str, int]
    column_totals: dict[str, list[int]]
    final_totals: NotRequired[dict[str, int]]
    games_won: NotRequired[dict[str, int]]
    column_final: NotRequired[dict[str, list[int]]]
    winner: str | None
    finished: bool
    next_dealer: str | None
    names: NotRequired[dict[str, str]]
    #: What the game owes (payer, payee, amount) in its currency, RULES §10.
    payments: NotRequired[list[list[Any]]]
    currency: NotRequired[str]


class NewMeta(TypedDict):
    """A game record an import makes, before its ledger's summary is added."""

    schema: int
    id: str
    setup: SetupFields
    rules: dict[str, Any]
    rules_name: str | None
    created_at: str
    updated_at: str
    finished_at: str | None
    deleted_at: str | None
    rev: int


class GameMeta(NewMeta):
    """A game file's one game record (gamefile.py's docstring)."""

    summary: Summary
    last_change: NotRequired[LastChange | None]


class HandFields(TypedDict):
    """A hand as entered (docs.hand_to_doc)."""

    entry: str
    claim: str | None
    by: str | None
    knocker_deadwood: int | None
    defender_deadwood: int | None
    knocker_cards: list[str]
    defender_cards: list[str]
    upcard: str | None


class HandRecord(TypedDict):
    """One version of one hand in a game file's audit trail."""

    id: str
    seq: int
    entered_at: str
    hand: HandFields
    superseded_at: str | None
    superseded_reason: str | None
    replaces: str | None


class StoredHand(HandRecord):
    """A hand record as an import compares it: with its TinyDB document id
    (absent from an export's records, which have none)."""

    doc_id: NotRequired[int]


class HandUpdate(TypedDict):
    """Whether a stored hand still counts, as an import brings it: the
    fields of its record an import may change."""

    superseded_at: str | None
    superseded_reason: str | None


class ExportPlayer(TypedDict):
    id: str
    name: str
    hidden: bool


class ExportHand(TypedDict):
    """A hand record in an export (exchange.py's docstring)."""

    id: str
    seq: int
    entered_at: str
    superseded_at: str | None
    superseded_reason: str | None
    replaces: str | None
    hand: HandFields


class ExportGame(TypedDict):
    """A game in an export (exchange.py's docstring)."""

    id: str
    setup: SetupFields
    rules: dict[str, Any]
    rules_name: str | None
    created_at: str
    updated_at: str
    finished_at: str | None
    deleted: bool
    hands: list[ExportHand]
    hand_count: int
    totals: dict[str, int]


class ExportDoc(TypedDict):
    """An export file, version 1 (exchange.py's docstring)."""

    format: str
    version: int
    exported_at: str
    app: dict[str, str]
    players: list[ExportPlayer]
    games: list[ExportGame]
    #: Every settle-up, undone ones too (an export of every game only).
    settle_ups: list[SettleUpRecord]


class IndexEntry(Summary):
    """A game's entry in the index (shared.index_entry): its summary, what
    the lists filter on, and what tells the index the file is unchanged."""

    id: str
    format: str
    players: list[str]
    rules_name: str | None
    created_at: str
    updated_at: str
    finished_at: str | None
    deleted: bool
    #: The statistics digest of its ledger (statistics/digest.py).
    digest: NotRequired[dict[str, Any]]
    #: The file as the entry saw it (fingerprints.py), and its content's sum.
    fp: NotRequired[Fingerprint | None]
    sum: NotRequired[int | None]


class BlockDoc(TypedDict):
    """A block of the index's games in the manifest (index_files.block_doc):
    the span of creation times it holds and what the lists count in it."""

    id: int
    start: str
    games: int
    unfinished: int
    deleted: int
    players: list[str]
    #: The block file's check sum and its games' fingerprints' sum.
    crc: NotRequired[int]
    agg: NotRequired[int]


class SpanCounts(TypedDict):
    """What the lists count in a block's games (index.GameIndex.spans)."""

    games: int
    unfinished: int
    deleted: int
    players: set[str]


class Span(SpanCounts):
    """A block's span of creation times (``start <= created_at < end``;
    ``end`` None for the newest) with its counts."""

    id: int
    start: str
    end: str | None


class JournalLine(TypedDict, total=False):
    """A line of the index's journal: a game's new entry, or a game gone."""

    put: IndexEntry
    drop: str


class PlayerRecord(TypedDict):
    """A player in ``players.json`` (merged players are kept, hidden)."""

    id: str
    name: str
    hidden: bool
    created_at: NotRequired[str | None]
    merged_into: NotRequired[str | None]


#: An old id that stands for another player now (a merge, an import).
AliasRecord = TypedDict(
    "AliasRecord",
    {"from": str, "to": str, "reason": NotRequired[str | None], "at": NotRequired[str | None]},
)


class SettleUpRecord(TypedDict):
    """A settle-up in ``settle_ups.json`` and in an export (settle_ups.py)."""

    id: str
    payer: str
    payee: str
    amount: int
    currency: str
    at: str
    undone_at: str | None


class StagedFile(TypedDict):
    """A file of a transaction: staged under its own name, put in place at
    ``target`` after rotating that many backups (journal.py)."""

    staged: str
    target: str
    backups: int


class TransactionDoc(TypedDict):
    """The journal of a transaction being committed (journal.py)."""

    staging: str
    files: list[StagedFile]
