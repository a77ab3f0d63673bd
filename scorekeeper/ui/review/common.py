"""What the review's screen states share: the screens' names, the period
filters, a date in words, :class:`ScreenState`, the base of each screen's
state (``history_state``, ``game_state``, ``stats_state``,
``players_state``, ``settings_state``, ``data_state``), and :class:`Review`,
what those states use of the review they belong to.  No flet here.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from scorekeeper.i18n import Translator

from ..roles import require, role_of

if TYPE_CHECKING:
    from scorekeeper.settings import Settings
    from scorekeeper.store import ImportReport, Store

__all__ = [
    "PERIODS",
    "SCREENS",
    "ChangeKind",
    "Exports",
    "Review",
    "Screen",
    "ScreenState",
    "date_words",
    "period_label",
    "period_range",
]

Screen = Literal["history", "deleted", "game", "stats", "players", "settings", "data"]
SCREENS: tuple[Screen, ...] = ("history", "deleted", "game", "stats", "players", "settings", "data")
#: Period filters: key -> days back (None: all time; "year": since 1 January).
PERIODS: tuple[str, ...] = ("all", "7", "30", "365")
ChangeKind = Literal["games", "players", "settings", "language", "theme"]


def period_range(
    period: str, now: datetime | None = None
) -> tuple[datetime | None, datetime | None]:
    """``(since, until)`` for a period key: all time, or the last 7/30/365 days.

    >>> period_range("all")
    (None, None)
    >>> period_range("7", datetime(2024, 5, 10, tzinfo=UTC))[0]
    datetime.datetime(2024, 5, 3, 0, 0, tzinfo=datetime.timezone.utc)
    """
    if period == "all":
        return None, None
    now = now or datetime.now(UTC)
    return now - timedelta(days=int(period)), None


def period_label(t: Translator, period: str) -> str:
    if period == "all":
        return t.gettext("Any time")
    n = int(period)
    return t.ngettext("Last {n} day", "Last {n} days", n).format(n=n)


def date_words(t: Translator, moment: datetime) -> str:
    """A moment as this device shows dates (local time)."""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return t.date_time(local)


class Exports(Protocol):
    """What the other screens' states ask of the data screen's
    (``review.data``, a :class:`~.data_state.DataState`): data_state imports
    this module, so it is named here by what it does."""

    def save_export(self, stem: str, suffix: str, payload: bytes) -> Path: ...

    def import_bytes(self, data: bytes) -> ImportReport: ...


class Review(Protocol):
    """What a screen's state uses of the review it belongs to
    (:class:`~.model.ReviewModel` is one).  A protocol, not the class: the
    model imports every screen's state, so they do not import it back.

    The attributes are the ones the states change (the message, the
    settings and words after a change, the screen after a delete); the
    properties they only read."""

    t: Translator
    note: str | None
    error: str | None
    settings: Settings
    screen: Screen

    @property
    def store(self) -> Store: ...

    @property
    def data_dir(self) -> Path: ...

    @property
    def device_settings(self) -> frozenset[str]: ...

    @property
    def game_id(self) -> str | None: ...

    @property
    def back_to(self) -> Screen: ...

    @property
    def on_resume(self) -> Callable[[str], None] | None: ...

    @property
    def data(self) -> Exports: ...

    def act(self, fn: Callable[..., Any], *args: Any) -> Any: ...

    def changed(self, kind: ChangeKind) -> None: ...

    def clear_messages(self) -> None: ...

    def go(self, screen: str, game_id: str | None = None) -> None: ...


class ScreenState:
    """One review screen's state and actions, over the review it belongs to:
    the store, the words (:attr:`t` follows a change of language), and the
    inline message (``review.note``; a refusal is raised, and
    ``review.act`` makes it ``review.error``)."""

    def __init__(self, review: Review) -> None:
        self.review = review

    @property
    def store(self) -> Store:
        return self.review.store

    @property
    def host(self) -> bool:
        """Whether this session is the host's (a player's device joined with
        the code is not): what :data:`~scorekeeper.ui.roles.MAY` keeps for
        the host is not offered to a player, and refused if asked for."""
        return role_of(self.store) == "host"

    def require(self, action: str) -> None:
        """Refuse ``action`` unless this session may take it (see
        :func:`scorekeeper.ui.roles.require`)."""
        require(self.store, action)

    @property
    def t(self) -> Translator:
        return self.review.t
