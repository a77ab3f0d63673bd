"""Keep the screen on while a game is open (Flet's ``Wakelock``).

A per-device choice, on by default: it is kept in the device's own storage
(``SharedPreferences``: the browser's local storage, or the desktop's), so
a phone at the table that turns it off leaves the laptop's on.

The host calls :meth:`ScreenKeeper.want` after each redraw with whether a
game is open; the lock is switched only when that (or the choice) changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

__all__ = ["PREF_KEY", "ScreenKeeper"]

log = logging.getLogger(__name__)

#: The device-storage key of the choice.
PREF_KEY = "scorekeeper.keep_screen_on"


class ScreenKeeper:
    """One session's wakelock and the device's choice about it."""

    def __init__(self, page: ft.Page, on_loaded: Callable[[], None] | None = None) -> None:
        self.page = page
        self.on_loaded = on_loaded
        #: The device's choice (``True`` until its storage says otherwise).
        self.enabled = True
        self.lock = ft.Wakelock()
        self.prefs = ft.SharedPreferences()
        page.services.extend([self.lock, self.prefs])
        self._wanted = False  # a game is open
        self._held = False  # what the lock was last told
        self._run(self._load)

    @property
    def holding(self) -> bool:
        """Whether the lock is (being) held: a game is open and the choice is on."""
        return self._held

    def want(self, game_open: bool) -> None:
        """A game is (or is no longer) open: hold or release the lock."""
        self._wanted = game_open
        self._sync()

    def set_enabled(self, on: bool) -> None:
        """The player's choice, kept on this device."""
        self.enabled = bool(on)
        self._run(self._store, self.enabled)
        self._sync()

    def _sync(self) -> None:
        hold = self._wanted and self.enabled
        if hold != self._held:
            self._held = hold
            self._run(self._apply, hold)

    def _run(self, fn: Callable[..., Any], *args: Any) -> None:
        try:
            loop = self.page.session.connection.loop
            if loop is None or not loop.is_running():
                return  # no live connection (a page built without a browser)
            self.page.run_task(fn, *args)
        except Exception:  # no running session (a closed tab): nothing to keep on
            log.debug("could not reach the device for the wakelock", exc_info=True)

    async def _apply(self, hold: bool) -> None:
        try:
            if hold:
                await self.lock.enable()  # type: ignore[no-untyped-call]
            else:
                await self.lock.disable()  # type: ignore[no-untyped-call]
        except Exception as exc:  # a browser may refuse (hidden tab, no permission)
            log.info("the device did not %s the wakelock: %s", "take" if hold else "drop", exc)

    async def _load(self) -> None:
        try:
            value = await self.prefs.get(PREF_KEY)
        except Exception as exc:
            log.info("could not read the device's keep-screen-on choice: %s", exc)
            return
        if isinstance(value, bool) and value != self.enabled:
            self.enabled = value
            self._sync()
            if self.on_loaded is not None:
                self.on_loaded()

    async def _store(self, value: bool) -> None:
        try:
            await self.prefs.set(PREF_KEY, value)
        except Exception as exc:
            log.info("could not keep the device's keep-screen-on choice: %s", exc)
