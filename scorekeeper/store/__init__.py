"""Durable history: players, games and hands in a crash-safe TinyDB store.

The only package that imports ``tinydb``.  What is stored is the engine's
ledger (the hands as entered, with an audit trail of undone and edited
versions); every total is derived by replaying it with the engine.

>>> import tempfile
>>> from scorekeeper.engine import Format, Hand
>>> folder = tempfile.mkdtemp()
>>> with open_store(folder) as store:
...     ann, bob = store.add_player("Ann"), store.add_player("Bob")
...     gid = store.create_game(Format.STANDARD, [ann.id, bob.id], "seed", first_dealer=ann.id)
...     _ = store.record_hand(gid, Hand.gin(bob.id, 12))
>>> with open_store(folder, read_only=True) as again:
...     again.game(gid).standings.totals[bob.id]
37

Modules: ``storage`` (atomic commits, backups, repair), ``lock`` (one
writer), ``docs`` (engine values <-> JSON), ``gamefile`` / ``players`` /
``index`` (the files), ``migrations``, ``exchange`` (export, import, CSV),
``backup``, ``store`` (the :class:`Store`, put together from its rooms: ``base``,
``shared``, ``roster``, ``games``, ``listing``, ``bin``, ``transfer``, ``maintenance``),
``cli`` (``scorekeeper export|import|backup|check``).
"""

from .errors import StaleGameError, StoreError, StoreLockedError
from .model import GameSummary, ImportReport, Player
from .paths import default_data_dir
from .query import GameQuery
from .store import Store, open_store

__all__ = [
    "GameQuery",
    "GameSummary",
    "ImportReport",
    "Player",
    "StaleGameError",
    "Store",
    "StoreError",
    "StoreLockedError",
    "default_data_dir",
    "open_store",
]
