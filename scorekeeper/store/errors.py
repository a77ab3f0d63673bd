"""The errors the store raises for things a player can act on.

Every message is written for the player (the UI shows it as it is), and says
what happened and what to do.  :class:`StoreError` is *not* a ``ValueError``:
rule refusals stay :class:`~scorekeeper.engine.RuleError` and reach the caller
unchanged, so the UI can tell "the rules refuse this hand" from "the data
folder has a problem".

>>> issubclass(StoreLockedError, StoreError)
True
"""

from __future__ import annotations


class StoreError(Exception):
    """A problem with the stored data or a request about it; the message is for the player."""


class StoreLockedError(StoreError):
    """Another program (or another copy of the app) has the data folder open for writing."""
