"""What the review's screen states share: the screens' names, the period
filters, a date in words, and :class:`ScreenState`, the base of each
screen's state (``history_state``, ``game_state``, ``stats_state``,
``players_state``, ``settings_state``, ``data_state``).  No flet here.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Literal

from scorekeeper.i18n import Translator

if TYPE_CHECKING:
    from scorekeeper.store import Store

    from .model import ReviewModel

__all__ = [
    "PERIODS",
    "SCREENS",
    "ChangeKind",
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


class ScreenState:
    """One review screen's state and actions, over the review it belongs to:
    the store, the words (:attr:`t` follows a change of language), and the
    inline message (``review.note``; a refusal is raised, and
    ``review.act`` makes it ``review.error``)."""

    def __init__(self, review: ReviewModel) -> None:
        self.review = review

    @property
    def store(self) -> Store:
        return self.review.store

    @property
    def t(self) -> Translator:
        return self.review.t
