"""Schema versions and the migration runner.

The data version is ``meta.schema`` in ``players.json``.  Opening a folder:

* no data at all: a new folder, written at :data:`SCHEMA_VERSION`;
* an older version: :func:`migrate` first zips the whole folder into
  ``backups/`` and then runs each step in turn, writing the new version after
  each one;
* a newer version (written by a later app): refused with a clear message,
  and nothing is touched.

Every step must be safe to run twice: a crash half-way leaves the old version
number in place, so the step runs again at the next open.  The steps here get
that by being deterministic (the same input always gives the same ids and the
same files) and by writing the version marker last.

Schema 0 (the prototype) kept everything in one TinyDB file written by
TinyDB's own ``JSONStorage``, ``scorekeeper.json``, with players named rather
than identified and hands as bare results::

    {"players": {"1": {"name": "Ann"}, ...},
     "games": {"1": {"format": "standard", "players": ["Ann", "Bob"],
                     "rules": "seed" | {<option>: <value>},
                     "first_dealer": "Ann" | null, "draw": ["KS", "7H", "2C"] | null,
                     "created": "2024-03-01T20:15:00",
                     "hands": [{"by": "Ann", "result": "knock",
                                "knocker": 4, "defender": 30,
                                "upcard": "7C" | null, "at": <time> | null}, ...]}}}

Step 0 -> 1 gives every player and game a stable id, writes one file per
game and ``players.json``, and renames the old file ``scorekeeper.v0.json``
(kept, never deleted).  A hand the rules refuse is kept as a superseded
version (so nothing is lost) and reported.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from scorekeeper.engine import PRESETS, Claim, Entry, Hand, RuleError
from scorekeeper.engine.errors import Msg, UserError

from .backup import make_backup
from .docs import (
    Setup,
    hand_to_doc,
    now,
    rules_from_doc,
    rules_to_doc,
    setup_to_doc,
    time_from_doc,
    time_to_doc,
)
from .errors import Notice, StoreError, reason, versus
from .gamefile import GAME_BACKUPS, build_game, game_data, numbered, summarize
from .gamefile import SCHEMA as GAME_SCHEMA
from .journal import Transaction
from .paths import GAMES_DIR, PLAYERS_FILE, V0_FILE
from .players import SCHEMA_VERSION as SCHEMA_VERSION
from .players import PlayersFile
from .storage import DEFAULT_BACKUPS, Data, fsync_dir, parse_tables

#: A step migrates a data folder from version n to n + 1 (it may add notices).
Step = Callable[[Path, list[str]], None]

#: Fixed forever: the ids a v0 folder migrates to must not change between runs.
_V0_NAMESPACE = uuid.UUID("5b0e7a0c-52a4-4c8e-9a55-2f1d8b7c6e01")


def newer_data_message(found: int) -> Msg:
    return Msg(
        "This data was written by a newer version of Gin Scorekeeper (data version "
        "{version}; this app reads up to {most}). Update the app to open it. "
        "Nothing was changed.",
        version=found,
        most=SCHEMA_VERSION,
    )


def migrate(
    data_dir: Path,
    found: int,
    notices: list[str],
    *,
    steps: Mapping[int, Step] | None = None,
    target: int = SCHEMA_VERSION,
    write_version: Callable[[Path, int], None] | None = None,
) -> Path | None:
    """Bring ``data_dir`` from version ``found`` to ``target``.

    Returns the backup taken first (None if nothing had to be done).
    """
    if found > target:
        raise StoreError(newer_data_message(found))
    if found == target:
        return None
    steps = STEPS if steps is None else steps
    write_version = write_version or _write_version
    missing = [v for v in range(found, target) if v not in steps]
    if missing:
        raise StoreError(
            "no way to upgrade data version {version}: please report this", version=missing[0]
        )
    backup = make_backup(data_dir, f"before-upgrade-v{found}-to-v{target}")
    for version in range(found, target):
        steps[version](data_dir, notices)
        write_version(data_dir, version + 1)
    notices.append(
        Notice(
            "Your data was upgraded from version {old} to {new}; "
            "a copy of the data as it was is in {path}.",
            old=found,
            new=target,
            path=str(backup),
        )
    )
    return backup


def _write_version(data_dir: Path, version: int) -> None:
    players = PlayersFile(data_dir)
    players.set_schema(version, time_to_doc(now()))
    players.close()


# --- step 0 -> 1 -----------------------------------------------------------------


def _v0_id(*parts: object) -> str:
    return uuid.uuid5(_V0_NAMESPACE, "\x1f".join(map(str, parts))).hex


def _v0_hand(doc: Mapping[str, Any], ids: Mapping[str, str]) -> Hand:
    result = doc.get("result")
    by = doc.get("by")
    upcard = doc.get("upcard")
    if result == "draw":
        return Hand.draw(upcard)
    try:
        claim = Claim(result)
    except ValueError:
        raise RuleError("unknown result {result!r}", result=result) from None
    if not isinstance(by, str) or by not in ids:
        raise RuleError("{name!r} is not one of the players", name=by)
    return Hand(
        Entry.RESULT,
        claim,
        ids[by],
        doc.get("knocker", 0 if claim in (Claim.GIN, Claim.BIG_GIN) else None),
        doc.get("defender"),
        upcard=upcard,
    )


def _v0_to_v1(data_dir: Path, notices: list[str]) -> None:
    source = data_dir / V0_FILE
    try:
        data = parse_tables(source.read_bytes())
    except (OSError, ValueError) as exc:
        raise StoreError(
            "{file} (data from an early version) can't be read: {reason}. Nothing was changed.",
            file=V0_FILE,
            reason=str(exc),
        ) from exc
    # Players: by name in v0.  Names only met in games become players too.
    names: dict[str, str] = {}
    for doc in data.get("players", {}).values():
        if isinstance(doc.get("name"), str) and doc["name"].strip():
            names.setdefault(doc["name"].strip(), _v0_id("player", doc["name"].strip()))
    games = sorted(data.get("games", {}).items(), key=lambda kv: int(kv[0]))
    for _, g in games:
        for name in g.get("players", []) or []:
            if isinstance(name, str) and name.strip():
                names.setdefault(name.strip(), _v0_id("player", name.strip()))
    id_names = {pid: name for name, pid in names.items()}

    games_dir = data_dir / GAMES_DIR
    games_dir.mkdir(exist_ok=True)
    # Every new file at once, or none (see journal.py): a crash half-way
    # leaves the v0 data as it was, and the next open migrates it again.
    tx = Transaction(data_dir)
    for key, g in games:
        made = _v0_game(games_dir, key, g, names, id_names, notices)
        if made is not None:
            tx.put(*made, backups=GAME_BACKUPS)
    created = time_to_doc(now())
    players = [
        {"id": pid, "name": name, "hidden": False, "created_at": created, "merged_into": None}
        for name, pid in sorted(names.items())
    ]
    tx.put(
        data_dir / PLAYERS_FILE,
        {
            "meta": {"1": {"schema": 1, "created_at": created}},
            "players": numbered(players),
            "aliases": {},
        },
        backups=DEFAULT_BACKUPS,
    )
    tx.commit()
    keep_v0_file(data_dir)


def keep_v0_file(data_dir: Path) -> None:
    """Keep the old file, renamed so it is not migrated again (also at open,
    for a migration whose commit was not followed by this)."""
    source, kept = data_dir / V0_FILE, data_dir / "scorekeeper.v0.json"
    if source.exists() and not kept.exists():
        os.replace(source, kept)
        fsync_dir(data_dir)


def _v0_game(
    games_dir: Path,
    key: str,
    g: Mapping[str, Any],
    ids: Mapping[str, str],
    id_names: Mapping[str, str],
    notices: list[str],
) -> tuple[Path, Data] | None:
    """A v0 game's new file (its path and content), or None (with a notice)."""
    created = g.get("created") or "1970-01-01T00:00:00"
    try:
        created_doc = time_to_doc(time_from_doc(created))
        rules_value = g.get("rules", "seed")
        rules_name: str | None
        if isinstance(rules_value, str):
            if rules_value not in PRESETS:
                raise StoreError("unknown preset {name!r}", name=rules_value)
            rules, rules_name = PRESETS[rules_value], rules_value
        else:
            rules = rules_from_doc(rules_value)
            rules_name = next((k for k, v in PRESETS.items() if v == rules), None)
        seat_names = [str(n).strip() for n in g.get("players", [])]
        dealer = g.get("first_dealer")
        setup = Setup(
            str(g.get("format")),
            tuple(ids.get(n, n) for n in seat_names),
            ids.get(dealer, dealer) if isinstance(dealer, str) else None,
            tuple(g["draw"]) if g.get("draw") else None,
        )
        game = build_game(setup, rules, (), id_names)
    except (UserError, TypeError, ValueError) as exc:
        notices.append(
            Notice(
                "An early-version game (number {key}) could not be moved over: {reason}.",
                key=key,
                reason=reason(exc),
            )
        )
        return None
    game_id = _v0_id("game", key, created)
    records: list[dict[str, Any]] = []
    refused: Msg | None = None
    for seq, h in enumerate(g.get("hands", []) or []):
        at = h.get("at") or created
        record = {
            "id": _v0_id("hand", game_id, seq),
            "seq": len(game.hands),
            "entered_at": time_to_doc(time_from_doc(at)),
            "hand": None,
            "superseded_at": None,
            "superseded_reason": None,
            "replaces": None,
        }
        try:
            hand = _v0_hand(h, ids)
            record["hand"] = hand_to_doc(hand)
            if refused is not None:
                raise RuleError(refused)
            game.record(hand)
        except RuleError as exc:
            if refused is None:
                refused = Msg("hand {n}: {reason}", n=seq + 1, reason=exc.msg)
            if record["hand"] is None:
                continue  # not even a hand: nothing to keep but the v0 file
            record["superseded_at"] = created_doc
            record["superseded_reason"] = "migration"
        records.append(record)
    if refused is not None:
        notices.append(
            Notice(
                "In the early-version game {players} ({created}) the rules refuse {refused}; "
                "that hand and the ones after it are kept, but not counted.",
                players=versus(seat_names),
                created=created,
                refused=refused,
            )
        )
    last = max([created_doc, *(r["entered_at"] for r in records)])
    finished = game.standings.finished
    meta = {
        "schema": GAME_SCHEMA,
        "id": game_id,
        "setup": setup_to_doc(setup),
        "rules": rules_to_doc(rules),
        "rules_name": rules_name,
        "created_at": created_doc,
        "updated_at": last,
        "finished_at": last if finished else None,
        "deleted_at": None,
        "rev": 1,
        "summary": summarize(game, id_names),
    }
    # A rerun makes the same content.
    return games_dir / f"{game_id}.json", game_data(meta, numbered(records))


STEPS: dict[int, Step] = {0: _v0_to_v1}


def detect_version(players: PlayersFile, data_dir: Path) -> int | None:
    """The folder's data version; None for a folder with no data yet."""
    version = players.schema()
    if version is not None:
        return version
    if (data_dir / V0_FILE).exists():
        return 0
    return None


def check_game_schema(meta: Mapping[str, Any]) -> None:
    schema = meta.get("schema", GAME_SCHEMA)
    if isinstance(schema, int) and schema > GAME_SCHEMA:
        raise StoreError(newer_data_message(schema))
