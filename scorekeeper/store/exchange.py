"""Moving history between devices: the export format, import, and CSV.

Export format, version 1 (JSON, UTF-8)::

    {
      "format": "gin-scorekeeper-export",      # always this string
      "version": 1,                            # this format's version
      "exported_at": "2024-05-01T20:15:00.000000+00:00",
      "app": {"name": "gin-scorekeeper", "version": "0.1.0"},
      "players": [{"id": "...", "name": "Ann", "hidden": false}, ...],
      "games": [{
        "id": "...",                           # stable across devices
        "setup": {"format": "standard" | "hollywood" | "three-hand" | "partnership",
                  "players": [<player id>, ...],          # seat order
                  "first_dealer": <player id> | null,
                  "draw": [<card code>, ...] | null},     # three-hand
        "rules": {<every option of Rules>: <value>},
        "rules_name": "seed" | "classic" | "oklahoma" | null,
        "created_at": <time>, "updated_at": <time>, "finished_at": <time> | null,
        "deleted": false,
        "hands": [{                            # every version of every hand
          "id": "...", "seq": 0,               # 0-based position in the ledger
          "entered_at": <time>,
          "superseded_at": <time> | null,      # null: counts (the ledger)
          "superseded_reason": "undo" | "edit" | "revert" | null,
          "replaces": <hand id> | null,        # the version an edit replaced
          "hand": {"entry": "result" | "deadwood-cards" | "full-hands",
                   "claim": "knock" | "gin" | "big-gin" | "undercut" | "draw" | null,
                   "by": <player id> | null,   # who knocked
                   "knocker_deadwood": <int> | null, "defender_deadwood": <int> | null,
                   "knocker_cards": [<card code>...], "defender_cards": [...],
                   "upcard": <card code> | null}
        }, ...],
        "hand_count": 7, "totals": {<player id>: <points>}   # informational only
      }, ...]
    }

Times are ISO 8601 in UTC; card codes are rank ``A 2-9 T J Q K`` then suit
``S H D C`` (``TD`` is the ten of diamonds).  The totals are never read as
facts: the importing copy replays the hands with its own engine (and says so
if it gets other totals).

Import checks everything (shape, ids, every hand, and a replay of every game)
before it changes anything (a refusal lists the first problems, and the check
stops at :data:`MAX_PROBLEMS`: a file of a million bad records is refused as
fast as one of twenty-one), and identifies players, games and hands by id, so
importing the same file twice, or a file sharing some games, adds nothing
twice.  A game already here is extended when the import has the same hands
plus more; a game changed differently on both devices is left as it is here,
and the report says so.  A player from elsewhere whose name matches one of
ours is taken to be that player (and remembered as such).  That matching is
:mod:`~scorekeeper.store.import_plan`; this module is the format: writing
it, and reading and checking it.

Ids follow one rule everywhere (:func:`~scorekeeper.store.paths.is_valid_id`,
matched whole, as the schemas do), and names the app's own
(:func:`~scorekeeper.store.names.clean_name`): nothing an import accepts is
refused when the data is next opened (tests/store/test_store_import_props.py).
A game here whose import differs (a hand of the same id that is not the same
hand, another setup, other hands) is kept as it is here, counted in
:attr:`ImportReport.games_differ`, and the report says why.

The report's remarks (:attr:`ImportReport.messages`) are
:class:`~scorekeeper.store.errors.Notice` values: English text that keeps its
translatable template in ``msg``.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from scorekeeper.engine import Game, Hand, RuleError, Rules, SettleUp
from scorekeeper.engine.errors import Msg

from .docs import (
    Setup,
    hand_from_doc,
    hand_to_doc,
    now,
    optional_time,
    rules_from_doc,
    setup_from_doc,
    time_from_doc,
    time_to_doc,
)
from .documents import ExportDoc, ExportGame, ExportHand, GameMeta, SettleUpRecord, StoredHand
from .errors import MsgLines, StoreError, versus
from .model import MAX_NUMBER, Player
from .names import clean_name
from .paths import is_valid_id
from .storage import MAX_DEPTH, nesting_depth

#: The most hand records (positions) one game may have.
MAX_HANDS = 1_000_000


def _short(value: object) -> object:
    """A value to show in a message: long text (or a huge number) cut short."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
        return Msg("a very large number")
    if isinstance(value, str) and len(value) > 80:
        return value[:80] + "..."
    if isinstance(value, (list, dict)):
        return type(value).__name__
    return value


EXPORT_FORMAT = "gin-scorekeeper-export"
EXPORT_VERSION = 1
#: Problems listed when an import is refused (the rest are counted).
MAX_ERRORS = 8
#: Problems after which the check of a file stops (see Errors).
MAX_PROBLEMS = 20


@dataclass
class StoredGame:
    """A game file's record and all its hand versions, as stored."""

    meta: GameMeta
    records: list[StoredHand]


# --- export ----------------------------------------------------------------------------


def _app_version() -> str:
    try:
        return metadata.version("gin-scorekeeper")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a checkout
        return "unknown"


def build_export(
    players: Sequence[Player],
    games: Sequence[StoredGame],
    settle_ups: Sequence[SettleUpRecord] = (),
) -> ExportDoc:
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": time_to_doc(now()),
        "app": {"name": "gin-scorekeeper", "version": _app_version()},
        "players": [{"id": p.id, "name": p.name, "hidden": p.hidden} for p in players],
        "games": [_game_to_export(g) for g in games],
        "settle_ups": list(settle_ups),
    }


def _game_to_export(g: StoredGame) -> ExportGame:
    meta = g.meta
    hands: list[ExportHand] = [
        {
            "id": r["id"],
            "seq": r["seq"],
            "entered_at": r["entered_at"],
            "superseded_at": r.get("superseded_at"),
            "superseded_reason": r.get("superseded_reason"),
            "replaces": r.get("replaces"),
            "hand": r["hand"],
        }
        for r in sorted(g.records, key=lambda r: (r["seq"], r["entered_at"]))
    ]
    return {
        "id": meta["id"],
        "setup": meta["setup"],
        "rules": meta["rules"],
        "rules_name": meta.get("rules_name"),
        "created_at": meta["created_at"],
        "updated_at": meta["updated_at"],
        "finished_at": meta.get("finished_at"),
        "deleted": meta.get("deleted_at") is not None,
        "hands": hands,
        "hand_count": meta["summary"]["hand_count"],
        "totals": meta["summary"]["totals"],
    }


# --- parsing and checking an export ----------------------------------------------------------


@dataclass(frozen=True)
class ImportedPlayer:
    id: str
    name: str
    hidden: bool


@dataclass
class ImportedGame:
    id: str
    label: Msg  # "game 3 (Ann vs Bob, 2024-05-01)", for messages
    setup: Setup
    rules: Rules
    rules_name: str | None
    created_at: str
    updated_at: str
    finished_at: str | None
    deleted: bool
    records: list[StoredHand]  # normalized hand records
    totals: dict[str, int] | None
    ledger: list[Hand]  # the hands that count, parsed (in the export's player ids)


@dataclass
class ParsedExport:
    players: list[ImportedPlayer]
    games: list[ImportedGame]
    #: Settle-ups between the file's players (RULES §10), checked.
    settle_ups: list[SettleUpRecord] = field(default_factory=list)


@dataclass
class SettleUpsPiece:
    """The file's settle-ups: the last piece of :func:`parse_pieces`."""

    records: list[SettleUpRecord]


class _TooMany(Exception):
    """Raised by :meth:`Errors.add` past :data:`MAX_PROBLEMS`: the check stops there."""


class Errors:
    """The problems found, at most :data:`MAX_PROBLEMS` of them: a file of a
    million bad records costs no more to refuse than one of twenty-one."""

    def __init__(self) -> None:
        self.items: list[Msg] = []
        self.stopped = False

    def add(self, message: Msg) -> None:
        if len(self.items) >= MAX_PROBLEMS:
            self.stopped = True
            raise _TooMany
        self.items.append(message)

    @contextlib.contextmanager
    def checking(self) -> Iterator[None]:
        """Check inside this block; past :data:`MAX_PROBLEMS` it ends the
        check with the problems found so far."""
        try:
            yield
        except _TooMany:
            self.raise_if_any()
            raise  # pragma: no cover - raise_if_any always raises here

    def raise_if_any(self) -> None:
        if not self.items:
            return
        shown = self.items[:MAX_ERRORS]
        more = len(self.items) - len(shown)
        if self.stopped:  # the count past here is not known: the check ended
            shown.append(
                Msg.plural(
                    "... and at least {n} more problem (the check stops at {most})",
                    "... and at least {n} more problems (the check stops at {most})",
                    more + 1,
                    most=MAX_PROBLEMS,
                )
            )
        elif more:
            shown.append(Msg.plural("... and {n} more problem", "... and {n} more problems", more))
        raise StoreError(
            "This file can't be imported (nothing was changed):\n{problems}",
            problems=MsgLines(shown),
        )


def _load_json(data: dict[str, Any] | ExportDoc | str | bytes) -> Mapping[str, Any]:
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise StoreError("this is not an export file: it is not text") from None
    if isinstance(data, str):
        if not data.strip():
            raise StoreError("this is not an export file: it is empty")
        if nesting_depth(data.encode("utf-8", "surrogatepass")) > MAX_DEPTH:
            raise StoreError(
                "this is not an export file: its lists and records nest more than {most} deep",
                most=MAX_DEPTH,
            )
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise StoreError(
                "this is not an export file: not valid JSON ({problem} at line {line})",
                problem=exc.msg,
                line=exc.lineno,
            ) from None
        except (ValueError, RecursionError) as exc:  # a number of thousands of digits
            raise StoreError(
                "this is not an export file: not valid JSON ({problem})",
                problem=str(exc)[:200],
            ) from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise StoreError(
            'this is not a Gin Scorekeeper export (it should say "format": "{format}")',
            format=EXPORT_FORMAT,
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StoreError("this export has no valid version number ({version!r})", version=version)
    if version > EXPORT_VERSION:
        raise StoreError(
            "this export was made by a newer version of Gin Scorekeeper (export version "
            "{version}; this app reads up to {most}). Update the app to import it.",
            version=version,
            most=EXPORT_VERSION,
        )
    return data


def parse_export(data: dict[str, Any] | ExportDoc | str | bytes) -> ParsedExport:
    """Check a whole export; raise :class:`StoreError` listing what is wrong
    (nothing is changed by this function in any case).  The games are
    replayed by :func:`plan_import`, once their players are matched to ours."""
    return collect(parse_pieces(data))


def collect(pieces: Iterator[Piece]) -> ParsedExport:
    """The whole export from its pieces (see :func:`parse_pieces`)."""
    players: list[ImportedPlayer] = []
    games: list[ImportedGame] = []
    settle_ups: list[SettleUpRecord] = []
    for piece in pieces:
        if isinstance(piece, ImportedGame):
            games.append(piece)
        elif isinstance(piece, Hands):
            games[-1].records.extend(piece.records)
            games[-1].ledger.extend(piece.ledger)
        elif isinstance(piece, SettleUpsPiece):
            settle_ups.extend(piece.records)
        else:
            players.extend(piece)
    return ParsedExport(players, games, settle_ups)


@dataclass
class Hands:
    """More hand records of the game just before (a long game comes in parts)."""

    records: list[StoredHand]
    ledger: list[Hand]


#: Hand records in one piece of :func:`parse_pieces`: small enough that
#: unpickling a piece never holds the interpreter for long (see importer.py).
PIECE = 2_000

Piece = list[ImportedPlayer] | ImportedGame | Hands | SettleUpsPiece


def parse_pieces(data: dict[str, Any] | ExportDoc | str | bytes) -> Iterator[Piece]:
    """:func:`parse_export` in pieces of at most :data:`PIECE` players or
    hand records: the players, then each game (a long one as an
    :class:`ImportedGame` with its first hands, then :class:`Hands`).  The
    whole file is checked before the first piece is given; a refusal raises
    :class:`StoreError` then."""
    doc = _load_json(data)
    errors = Errors()
    games: list[ImportedGame] = []
    with errors.checking():
        players = _parse_players(doc.get("players"), errors)
        errors.raise_if_any()
        names = {p.id: p.name for p in players}
        raw_games = doc.get("games")
        if not isinstance(raw_games, list):
            errors.add(Msg('"games" must be a list'))
            errors.raise_if_any()
        assert isinstance(raw_games, list)
        seen: set[str] = set()
        for n, raw in enumerate(raw_games, start=1):
            game = _parse_game(n, raw, names, errors)
            if game is None:
                continue
            if game.id.casefold() in seen:
                errors.add(
                    Msg("{game}: the game id {id} appears twice", game=game.label, id=game.id)
                )
            seen.add(game.id.casefold())
            games.append(game)
        settle_ups = _parse_settle_ups(doc.get("settle_ups", []), names, errors)
    errors.raise_if_any()
    del doc, raw_games
    for start in range(0, len(players), PIECE):
        yield players[start : start + PIECE]
    if not players:
        yield []
    for game in games:
        records, ledger = game.records, game.ledger
        # Records and ledger are cut at the same places: a ledger hand is one
        # of the records that count, so cut the ledger by how many of them
        # each part of the records holds.
        cut = count_active(records[:PIECE])
        yield dataclasses.replace(game, records=records[:PIECE], ledger=ledger[:cut])
        at, ledger_at = PIECE, cut
        while at < len(records):
            part = records[at : at + PIECE]
            n = count_active(part)
            yield Hands(part, ledger[ledger_at : ledger_at + n])
            at, ledger_at = at + PIECE, ledger_at + n
    if settle_ups:
        yield SettleUpsPiece(settle_ups)


def count_active(records: Sequence[Mapping[str, Any]]) -> int:
    return sum(1 for r in records if r["superseded_at"] is None)


def _parse_settle_ups(raw: object, names: dict[str, str], errors: Errors) -> list[SettleUpRecord]:
    """The file's settle-ups (optional: files from before them have none),
    each between two of its players."""
    if not isinstance(raw, list):
        errors.add(Msg('"settle_ups" must be a list'))
        return []
    out: list[SettleUpRecord] = []
    seen: set[str] = set()
    for n, r in enumerate(raw, start=1):
        try:
            if not isinstance(r, dict):
                raise StoreError("it is not a record")
            sid, payer, payee = r.get("id"), r.get("payer"), r.get("payee")
            if not is_valid_id(sid) or str(sid).casefold() in seen:
                raise StoreError("its id {id!r} is missing, not valid or repeated", id=_short(sid))
            if payer not in names or payee not in names:
                raise StoreError("it is not between two players of the file")
            at = time_to_doc(time_from_doc(r.get("at")))
            undone = optional_time(r.get("undone_at"))
            record: SettleUpRecord = {
                "id": str(sid),
                "payer": str(payer),
                "payee": str(payee),
                "amount": r.get("amount"),  # type: ignore[typeddict-item]
                "currency": r.get("currency"),  # type: ignore[typeddict-item]
                "at": at,
                "undone_at": None if undone is None else time_to_doc(undone),
            }
            SettleUp(sid, payer, payee, record["amount"], record["currency"], at)  # type: ignore[arg-type]
            if not isinstance(record["currency"], str) or not record["currency"].isupper():
                raise StoreError("its currency is not a code like EUR")
        except (StoreError, RuleError) as exc:
            errors.add(Msg("settle-up {n}: {reason}", n=n, reason=exc.msg))
            continue
        seen.add(str(sid).casefold())
        out.append(record)
    return out


def _parse_players(raw: object, errors: Errors) -> list[ImportedPlayer]:
    if not isinstance(raw, list):
        errors.add(Msg('"players" must be a list'))
        return []
    out: list[ImportedPlayer] = []
    seen: set[str] = set()
    for n, p in enumerate(raw, start=1):
        if not isinstance(p, dict):
            errors.add(Msg("player {n} is not a record", n=n))
            continue
        pid, name, hidden = p.get("id"), p.get("name"), p.get("hidden", False)
        if not is_valid_id(pid):
            errors.add(Msg("player {n} has no valid id ({id!r})", n=n, id=_short(pid)))
            continue
        assert isinstance(pid, str)
        if not isinstance(name, str) or not name.strip():
            errors.add(Msg("player {n} ({id}) has no name", n=n, id=pid))
            continue
        try:
            name = clean_name(name)  # the app's own rules for names
        except StoreError as exc:
            errors.add(Msg("player {n} ({id}): {reason}", n=n, id=pid, reason=exc.msg))
            continue
        if not isinstance(hidden, bool):
            errors.add(Msg("player {n} ({name}): hidden must be true or false", n=n, name=name))
            continue
        if pid.casefold() in seen:
            errors.add(
                Msg("player {n} ({name}): the id {id} appears twice", n=n, name=name, id=pid)
            )
            continue
        seen.add(pid.casefold())
        out.append(ImportedPlayer(pid, " ".join(name.split()), hidden))
    return out


def _parse_game(
    n: int, raw: object, names: Mapping[str, str], errors: Errors
) -> ImportedGame | None:
    label = Msg("game {n}", n=n)
    if not isinstance(raw, dict):
        errors.add(Msg("{game} is not a record", game=label))
        return None
    gid = raw.get("id")
    if not is_valid_id(gid):
        errors.add(Msg("{game} has no valid id ({id!r})", game=label, id=_short(gid)))
        return None
    assert isinstance(gid, str)
    before = len(errors.items)
    try:
        setup = setup_from_doc(raw.get("setup"))
        who = versus([names.get(p, p) for p in setup.players])
        label = Msg("game {n} ({players})", n=n, players=who)
        for p in setup.players:
            if p not in names:
                errors.add(
                    Msg("{game}: player {id} is not in the export's player list", game=label, id=p)
                )
        rules = rules_from_doc(raw.get("rules"))
        created = time_to_doc(time_from_doc(raw.get("created_at")))
        label = Msg("game {n} ({players}, {date})", n=n, players=who, date=created[:10])
        updated = time_to_doc(time_from_doc(raw.get("updated_at", raw.get("created_at"))))
        finished = optional_time(raw.get("finished_at"))
        rules_name = raw.get("rules_name")
        if rules_name is not None and not isinstance(rules_name, str):
            raise StoreError("rules_name must be a name or null")
        deleted = raw.get("deleted", False)
        if not isinstance(deleted, bool):
            raise StoreError("deleted must be true or false")
        totals = raw.get("totals")
        if totals is not None and not (
            isinstance(totals, dict)
            and all(
                isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_NUMBER
                for v in totals.values()
            )
        ):
            raise StoreError("totals must map player ids to numbers")
    except StoreError as exc:
        errors.add(Msg("{game}: {reason}", game=label, reason=exc.msg))
        return None
    parsed = _parse_records(label, raw.get("hands"), setup, errors)
    if parsed is None or len(errors.items) > before:
        return None
    records, ledger = parsed
    # Replayed by plan_import, once, after its players are matched to ours.
    return ImportedGame(
        gid,
        label,
        setup,
        rules,
        rules_name,
        created,
        updated,
        None if finished is None else time_to_doc(finished),
        deleted,
        records,
        totals,
        ledger,
    )


def _parse_records(
    label: Msg, raw: object, setup: Setup, errors: Errors
) -> tuple[list[StoredHand], list[Hand]] | None:
    """The normalized hand records, by position, and the parsed hands that count."""
    if not isinstance(raw, list):
        errors.add(Msg('{game}: "hands" must be a list', game=label))
        return None
    out: list[StoredHand] = []
    hands: list[Hand] = []
    ids: set[str] = set()
    for n, r in enumerate(raw, start=1):
        if not isinstance(r, dict):
            where = Msg("{game}, hand record {n}", game=label, n=n)
            errors.add(Msg("{game} is not a record", game=where))
            continue
        try:
            rid = r.get("id")
            if not is_valid_id(rid) or rid.casefold() in ids:  # type: ignore[union-attr]
                raise StoreError("its id {id!r} is missing, not valid or repeated", id=_short(rid))
            assert isinstance(rid, str)
            ids.add(rid.casefold())
            seq = r.get("seq")
            if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
                raise StoreError("its position {seq!r} is not a number from 0", seq=_short(seq))
            if seq > MAX_HANDS:
                raise StoreError(
                    "its position {seq} is more than {most}", seq=_short(seq), most=MAX_HANDS
                )
            hand = hand_from_doc(r.get("hand"))
            if hand.by is not None and hand.by not in setup.players:
                raise StoreError("the knocker {id} does not play in this game", id=hand.by)
            superseded = optional_time(r.get("superseded_at"))
            reason = r.get("superseded_reason")
            replaces = r.get("replaces")
            if reason is not None and not isinstance(reason, str):
                raise StoreError("superseded_reason must be text or null")
            if replaces is not None and not is_valid_id(replaces):
                raise StoreError("replaces must be a hand id or null")
        except StoreError as exc:
            where = Msg("{game}, hand record {n}", game=label, n=n)
            errors.add(Msg("{game}: {reason}", game=where, reason=exc.msg))
            continue
        out.append(
            {
                "id": rid,
                "seq": seq,
                "entered_at": time_to_doc(time_from_doc(r.get("entered_at"))),
                "hand": hand_to_doc(hand),
                "superseded_at": None if superseded is None else time_to_doc(superseded),
                "superseded_reason": reason if superseded is not None else None,
                "replaces": replaces,
            }
        )
        hands.append(hand)
    present = {r["id"] for r in out}
    for r in out:
        if r["replaces"] is not None and r["replaces"] not in present:
            errors.add(
                Msg(
                    "{game}: hand {n} replaces a version ({id}) that is not in the file",
                    game=label,
                    n=r["seq"] + 1,
                    id=r["replaces"],
                )
            )
            return None
    active = sorted(r["seq"] for r in out if r["superseded_at"] is None)
    if active != list(range(len(active))):
        errors.add(
            Msg("{game}: the hands that count are not numbered 0, 1, 2, ... in order", game=label)
        )
        return None
    order = sorted(range(len(out)), key=lambda i: (out[i]["seq"], out[i]["entered_at"]))
    ledger = [hands[i] for i in order if out[i]["superseded_at"] is None]
    return [out[i] for i in order], ledger


# --- CSV -------------------------------------------------------------------------------------


def _cell(text: str) -> str:
    # A spreadsheet would run a cell starting with = + - @ as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def score_sheet_csv(game: Game) -> str:
    """The score sheet hand by hand, with running totals per player (and per
    game of a Hollywood sheet), then the final scores with any bonuses.

    >>> from scorekeeper.engine import Format, Hand
    >>> g = Game(Format.STANDARD, ["a", "b"], first_dealer="a", names={"a": "Ann", "b": "Bob"})
    >>> _ = g.record(Hand.knock("b", 4, 30))
    >>> print(score_sheet_csv(g), end="")
    hand,dealer,knocker,result,knocker deadwood,defender deadwood,points,winner,Ann,Bob
    1,Ann,Bob,knock,4,30,26,Bob,0,26
    final,,,,,,,,0,26
    """
    st = game.standings
    names = game.names

    def name(pid: str | None) -> str:
        return "" if pid is None else _cell(names.get(pid, pid))

    def scorer(pid: str | None) -> str:  # a partnership's side: "Ann & Cy"
        side = None if pid is None else st.side_of(pid)
        return name(pid) if side is None else " & ".join(map(name, side))

    columns = len(st.columns)
    hollywood = st.series  # several games at once: a column a game
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = [
        "hand",
        "dealer",
        "knocker",
        "result",
        "knocker deadwood",
        "defender deadwood",
        "points",
        "winner",
    ]
    for c in range(columns):
        for p in st.scorers:
            header.append(f"{scorer(p)} game {c + 1}" if hollywood else scorer(p))
    writer.writerow(header)
    for line in st.lines:
        draw = line.result.outcome.value == "draw"
        row: list[object] = [
            line.number,
            name(line.dealer),
            name(line.knocker),
            line.result.outcome.value,
            "" if draw else line.result.knocker_deadwood,
            "" if draw else line.result.defender_deadwood,
            line.points,
            name(line.winner),
        ]
        for c in range(columns):
            totals = line.totals_after[c] if c < len(line.totals_after) else None
            row.extend("" if totals is None else totals[p] for p in st.scorers)
        writer.writerow(row)
    bonuses = [b for col in st.columns for b in col.bonuses]
    for b in bonuses:
        writer.writerow(["bonus", "", "", b.label, "", "", b.points, scorer(b.player)])
    final: list[object] = ["final", "", "", "", "", "", "", scorer(st.winner)]
    for col in st.columns:
        final.extend(col.final[p] for p in st.scorers)
    writer.writerow(final)
    return out.getvalue()
