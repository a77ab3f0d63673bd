"""``players.json``: the players, their aliases, and the data's schema version.

Tables (a TinyDB file, written through :class:`AtomicJSONStorage`)::

    meta     {"schema": 1, "created_at": ...}                       (doc id 1)
    players  {"id", "name", "hidden", "created_at", "merged_into": null | id}
    aliases  {"from": id, "to": id, "reason": "merge" | "import", "at": time}

Player ids never change.  An alias says "games that name ``from`` mean
``to``": merging two players, or matching a player from another device to one
of ours by name on import, adds one, so the same export can be imported
again and map to the same people.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper.engine.errors import Msg

from .documents import AliasRecord, PlayerRecord
from .paths import PLAYERS_FILE
from .storage import DEFAULT_BACKUPS, AtomicJSONStorage, Data

#: The data version this app writes (see migrations.py for the older ones).
SCHEMA_VERSION = 1

META_TABLE = "meta"
PLAYERS_TABLE = "players"
ALIASES_TABLE = "aliases"
META_ID = 1


def validate_players_data(data: Data) -> Msg | None:
    """Checks of ``players.json``'s shape; None when it fits (see schemas.py,
    imported here: the phone build's start, which reads only sealed files, never
    pays for pydantic, see storage.py's seals)."""
    from . import schemas

    return schemas.validate_players_data(data, SCHEMA_VERSION)


class PlayersFile:
    def __init__(
        self,
        data_dir: Path,
        *,
        read_only: bool = False,
        durable: bool = True,
        quarantine: Path | None = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.db = TinyDB(
            data_dir / PLAYERS_FILE,
            storage=AtomicJSONStorage,
            backups=DEFAULT_BACKUPS,
            durable=durable,
            read_only=read_only,
            validator=validate_players_data,
            seal=True,
            quarantine=quarantine,
            notify=notify,
        )
        self.storage = cast(AtomicJSONStorage, self.db.storage)
        self.meta = self.db.table(META_TABLE)
        self.players = self.db.table(PLAYERS_TABLE)
        self.aliases = self.db.table(ALIASES_TABLE)

    def schema(self) -> int | None:
        """The data version, or None if there is no players file (yet)."""
        data = self.storage.read()
        if not data:
            return None
        meta = data.get(META_TABLE, {}).get(str(META_ID), {})
        value = meta.get("schema")
        return value if isinstance(value, int) else None

    def set_schema(self, version: int, created_at: str) -> None:
        doc = self.meta.get(doc_id=META_ID)
        if doc is None:
            self.meta.insert(Document({"schema": version, "created_at": created_at}, META_ID))
        else:
            self.meta.update({"schema": version}, doc_ids=[META_ID])

    def player_docs(self) -> list[PlayerRecord]:
        # validated when the file was read (schemas.py)
        return [cast(PlayerRecord, dict(d)) for d in self.players.all()]

    def alias_docs(self) -> list[AliasRecord]:
        return [cast(AliasRecord, dict(d)) for d in self.aliases.all()]

    def forget(self) -> None:
        """Read the file again when next needed (it was replaced from outside
        TinyDB, see journal.py): drop the cached data and the next ids."""
        self.storage.close()
        for table in (self.meta, self.players, self.aliases):
            table._next_id = None
            table.clear_cache()

    def close(self) -> None:
        self.db.close()
