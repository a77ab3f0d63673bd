"""A LAN session's view of the store (:class:`AdmittedStore`).

A device that is out (removed by the host, or shut out by a new code) is
out on the server: the store view its session was given refuses every call
from then on, whatever its browser still sends; and a player's device is
refused what the role table (:data:`~scorekeeper.ui.roles.MAY`) keeps for
the host.  Used by :mod:`scorekeeper.ui.lan_session`.  No flet here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.engine.errors import N_, Msg
from scorekeeper.store import StoreError

from .roles import HOST_ONLY, Role, may

__all__ = ["NOT_LET_IN", "AdmittedStore"]

NOT_LET_IN = N_("This device is no longer let in: join again with the code shown on the host.")


class AdmittedStore:
    """A session's view of the store: every use is checked at the time of
    the call against the device's admission and its role's row of
    :data:`MAY`, so a device shut out can do nothing, and a player's device
    nothing that is the host's alone, with whatever handler its browser
    still reaches."""

    def __init__(self, store: Any, admitted: Callable[[], bool], role: Role = "host") -> None:
        self._store = store
        self._admitted = admitted
        self.role: Role = role

    def _check(self, name: str) -> None:
        if not self._admitted():
            raise StoreError(Msg(NOT_LET_IN))
        if not may(self.role, name):
            raise StoreError(Msg(HOST_ONLY))

    def __getattr__(self, name: str) -> Any:
        self._check(name)
        attr = getattr(self._store, name)
        if not callable(attr):
            return attr

        def checked(*args: Any, **kwargs: Any) -> Any:
            self._check(name)
            return attr(*args, **kwargs)

        return checked
