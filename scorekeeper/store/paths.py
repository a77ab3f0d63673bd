"""Where the data lives, and the names of everything inside the data folder.

Layout of a data folder (schema 1)::

    .lock                   held by the one process that may write (see lock.py)
    players.json            players, name aliases, the schema version   (the truth)
    games/<game id>.json    one series: setup, frozen rules, every hand  (the truth)
    index/                  a summary of every game, for fast listing   (a cache):
                            blocks b<N>.json, manifest.json, journal.jsonl (index.py)
    *.bak1 .. *.bakN        the previous versions of each file (see storage.py)
    backups/                whole-folder zip copies (``scorekeeper backup``, migrations)
    damaged/                files that failed to read, moved aside, never overwritten
    settings.json           the app's settings (scorekeeper/settings.py; not the store's)
    journal.json            only while a change to many files is put in place (journal.py)
    .staging-*/             the files of such a change, before it is committed

Recording a hand rewrites only that game's file, so its cost does not grow
with the number of games; the index is rebuilt from the game files whenever
they disagree, so it can never hide or invent a hand.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

APP_NAME = "gin-scorekeeper"

LOCK_FILE = ".lock"
PLAYERS_FILE = "players.json"
INDEX_FILE = "index.json"  # the single-file index of earlier versions
INDEX_DIR = "index"
#: The app's settings (see scorekeeper/settings.py; not part of the store).
SETTINGS_FILE = "settings.json"
GAMES_DIR = "games"
BACKUPS_DIR = "backups"
DAMAGED_DIR = "damaged"
#: The prototype's single TinyDB file (schema 0), see migrations.py.
V0_FILE = "scorekeeper.json"

#: Ids are generated as 32 hex digits; imported ones must at least be safe file names.
#: Matched whole (``fullmatch``): a ``$`` would let "abc\n" through, which the
#: schemas (schemas.py ``Id``) refuse when the file is next read.
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: Names Windows keeps for devices: never a file name there, whatever the case.
_RESERVED = re.compile(r"(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])", re.IGNORECASE)


def default_data_dir() -> Path:
    """The data folder when none is given.

    Flet sets ``FLET_APP_STORAGE_DATA`` in mobile builds (the only folder the
    app may write there); ``SCOREKEEPER_DATA`` overrides the platform's user
    data folder on desktops; ``--data-dir`` (an argument to :func:`open_store`)
    overrides both.
    """
    for var in ("FLET_APP_STORAGE_DATA", "SCOREKEEPER_DATA"):
        value = os.environ.get(var)
        if value:
            return Path(value).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def is_valid_id(value: object) -> bool:
    """Whether ``value`` can be a player, game or hand id (and so a file name).

    >>> is_valid_id("3f2a9c"), is_valid_id("../etc"), is_valid_id(""), is_valid_id("nul")
    (True, False, False, False)
    >>> is_valid_id("3f2a9c\\n")
    False
    """
    return (
        isinstance(value, str)
        and _ID.fullmatch(value) is not None
        and _RESERVED.fullmatch(value) is None
    )
