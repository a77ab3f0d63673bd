"""The shape of every kind of stored file, checked when it is read from disk.

One schema per file kind (pydantic models, strict: a number is a number, a
text a text): a game file (its game record and hand records), ``players.json``
and the entries of ``index.json``.  A file that does not fit is *damaged*: the
storage moves it to ``damaged/`` and puts its newest good backup in its place
(see storage.py), so one bad file never stops the store from opening.  An
index entry that does not fit is not trusted: it is made again from its game
file.

What the schemas do not check, the store checks where it reads it: that the
hands replay (the engine), that a hand record's ``hand`` parses (docs.py).

>>> validate_game_data({"game": {"1": {"id": "x"}}}) is not None
True
>>> validate_index_entry({"id": "x"})
False
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from scorekeeper.engine.errors import Msg

from .docs import time_from_doc
from .errors import StoreError
from .model import MAX_NUMBER
from .paths import is_valid_id

Number = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Text = Annotated[str, Field(max_length=10_000)]
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
#: Hands, columns, players: generous, but not without end.
MAX_ITEMS = 1_000


def _time(value: object) -> object:
    if value is None:
        return None
    try:
        time_from_doc(value)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)


#: A stored format name: the values of :class:`~scorekeeper.engine.Format`
#: (the registry; a test holds the two together), spelled out here so that a
#: document is checked without the engine.
FormatName = Literal["standard", "hollywood", "three-hand", "partnership"]


class SetupDoc(_Strict):
    format: FormatName
    players: list[Id] = Field(min_length=2, max_length=4)
    first_dealer: Id | None = None
    draw: list[Annotated[str, Field(max_length=3)]] | None = Field(default=None, max_length=3)


class SummaryDoc(_Strict):
    hand_count: Count
    totals: dict[Id, Number]
    column_totals: dict[Id, list[Number]]
    final_totals: dict[Id, Number] = Field(default_factory=dict)
    # (added later: absent from older files; what the lists read when present)
    games_won: dict[Id, Number] = Field(default_factory=dict)
    column_final: dict[Id, list[Number]] = Field(default_factory=dict)
    winner: Id | None = None
    finished: bool
    next_dealer: Id | None = None
    names: dict[Id, Text] = Field(default_factory=dict)
    #: What the game owes: [payer, payee, amount] (settle_ups.py), in ``currency``.
    payments: list[Annotated[list[Id | Count], Field(min_length=3, max_length=3)]] = Field(
        default_factory=list, max_length=100
    )
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")] = "EUR"


class ChangeDoc(_Strict):
    kind: Text
    hand: Count | None = None
    device: Text | None = None


class GameDoc(_Strict):
    schema_: Annotated[int, Field(alias="schema", ge=1, le=MAX_NUMBER)] = 1
    id: Id
    setup: SetupDoc
    rules: dict[Text, Any]
    rules_name: Text | None = None
    created_at: str
    updated_at: str
    finished_at: str | None = None
    deleted_at: str | None = None
    rev: Annotated[int, Field(ge=1, le=MAX_NUMBER)]
    summary: SummaryDoc
    last_change: ChangeDoc | None = None

    @field_validator("created_at", "updated_at", "finished_at", "deleted_at")
    @classmethod
    def check_times(cls, value: object) -> object:
        return _time(value)


Card = Annotated[str, Field(min_length=2, max_length=3)]
Deadwood = Annotated[int, Field(ge=0, le=1_000)]


class HandDoc(_Strict):
    """A hand as entered (docs.hand_to_doc); the engine judges it by the rules."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    entry: Literal["result", "deadwood-cards", "full-hands"] = "result"
    claim: Literal["knock", "gin", "big-gin", "undercut", "draw"] | None = None
    by: Id | None = None
    knocker_deadwood: Deadwood | None = None
    defender_deadwood: Deadwood | None = None
    knocker_cards: list[Card] = Field(default_factory=list, max_length=11)
    defender_cards: list[Card] = Field(default_factory=list, max_length=11)
    upcard: Card | None = None


class HandRecordDoc(_Strict):
    id: Id
    seq: Count
    entered_at: str
    hand: HandDoc
    superseded_at: str | None = None
    superseded_reason: Text | None = None
    replaces: Id | None = None

    @field_validator("entered_at", "superseded_at")
    @classmethod
    def check_times(cls, value: object) -> object:
        return _time(value)


class PlayerDoc(_Strict):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=200)]
    hidden: bool = False
    created_at: str | None = None
    merged_into: Id | None = None


class AliasDoc(_Strict):
    from_: Annotated[Id, Field(alias="from")]
    to: Id
    reason: Text | None = None
    at: str | None = None


class PlayersMetaDoc(_Strict):
    schema_: Annotated[int, Field(alias="schema", ge=0, le=MAX_NUMBER)]
    created_at: str | None = None


class IndexEntryDoc(SummaryDoc):
    """A game's stored summary, with what the index adds to find and trust it."""

    id: Id
    format: FormatName
    players: list[Id] = Field(min_length=2, max_length=4)
    rules_name: Text | None = None
    created_at: str
    updated_at: str
    finished_at: str | None = None
    deleted: bool
    fp: list[int] | None = None
    sum: int | None = None

    @field_validator("created_at", "updated_at", "finished_at")
    @classmethod
    def check_times(cls, value: object) -> object:
        return _time(value)


def _problem(exc: ValidationError) -> dict[str, str]:
    """Where and what (pydantic's own words, in English) the first problem is."""
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(p) for p in first["loc"]) or "-"
    return {"field": where, "problem": str(first["msg"])[:200]}


def validate_game_data(data: dict[str, dict[str, Any]]) -> Msg | None:
    """What is wrong with a game file (None: it fits).  A file from a newer
    version is not judged here: the store refuses it with its own message."""
    meta = data.get("game", {}).get("1")
    if meta is None:
        return Msg("it has no game record")
    schema = meta.get("schema")
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > 1:
        return None
    try:
        GameDoc.model_validate(meta)
    except ValidationError as exc:
        return Msg("its game record: {field} is not right ({problem})", **_problem(exc))
    seqs: list[int] = []
    for key, doc in data.get("hands", {}).items():
        try:
            HandRecordDoc.model_validate(doc)
        except ValidationError as exc:
            return Msg(
                "hand record {key}: {field} is not right ({problem})", key=key, **_problem(exc)
            )
        if doc.get("superseded_at") is None:
            seqs.append(doc["seq"])
    if sorted(seqs) != list(range(len(seqs))):
        return Msg("its hands are out of sequence")
    return None


def validate_players_data(data: dict[str, dict[str, Any]], newest: int) -> Msg | None:
    """What is wrong with ``players.json`` (None: it fits)."""
    meta = data.get("meta", {}).get("1")
    if not isinstance(meta, dict) or not isinstance(meta.get("schema"), int):
        return Msg("it has no data version")
    try:
        PlayersMetaDoc.model_validate(meta)
    except ValidationError as exc:
        return Msg("its data version: {field} is not right ({problem})", **_problem(exc))
    if meta["schema"] > newest:
        return None  # not ours to judge: the store refuses it with its own message
    for key, doc in data.get("players", {}).items():
        try:
            PlayerDoc.model_validate(doc)
        except ValidationError as exc:
            return Msg(
                "player record {key}: {field} is not right ({problem})", key=key, **_problem(exc)
            )
    for key, doc in data.get("aliases", {}).items():
        try:
            AliasDoc.model_validate(doc)
        except ValidationError as exc:
            return Msg(
                "alias record {key}: {field} is not right ({problem})", key=key, **_problem(exc)
            )
    return None


def validate_index_entry(entry: object) -> bool:
    """Whether an index entry can be trusted to list its game (the rest of
    ``index.json`` is rebuilt from the game files when it can't)."""
    if not isinstance(entry, dict):
        return False
    try:
        IndexEntryDoc.model_validate(entry)
    except ValidationError:
        return False
    return is_valid_id(entry.get("id"))
