"""The review's view model: plain Python, no flet, testable without a client.

It holds what the review screens show (which screen, the filters, an inline
message, the game whose deletion can be undone) and does every action
through the :class:`~scorekeeper.store.Store`.  :meth:`ReviewModel.act`
turns a refusal into an inline message; nothing raises into the UI.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from scorekeeper.engine import Format, Game
from scorekeeper.engine.errors import UserError
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.i18n.reports import import_summary
from scorekeeper.settings import Settings, load_settings, save_settings
from scorekeeper.statistics import Filter, GameRecord
from scorekeeper.store import GameQuery, GameSummary, ImportReport, Player, Store, StoreError

from ..home_model import listed_scorers, summary_score, won_words
from ..share import Shared, shared
from ..sheet_labels import versus
from .game_model import GameView, build_game_view, format_label

if TYPE_CHECKING:  # imported where used: the statistics are not needed to start
    from scorekeeper.engine import Balance
    from scorekeeper.statistics import (
        Bar,
        HeadToHead,
        PlayerStats,
        ScoreRace,
        SideStats,
        Statistics,
    )

log = logging.getLogger(__name__)

__all__ = [
    "PAGE",
    "PERIODS",
    "SCREENS",
    "Download",
    "FigureRow",
    "HistoryRow",
    "ReviewModel",
    "StatsCard",
    "import_summary",
    "period_range",
]

Screen = Literal["history", "deleted", "game", "stats", "players", "settings", "data"]
SCREENS: tuple[Screen, ...] = ("history", "deleted", "game", "stats", "players", "settings", "data")
#: Period filters: key -> days back (None: all time; "year": since 1 January).
PERIODS: tuple[str, ...] = ("all", "7", "30", "365")
#: Replayed games kept in memory (shared by the sessions of one process).
CACHE_GAMES = 5000
_CACHE: OrderedDict[tuple[str, str], tuple[object, Game]] = OrderedDict()
_CACHE_LOCK = threading.Lock()
#: History rows on one page ("Newer" / "Older" move by a page): the screen
#: holds one page whatever the history's size (issue #10).
PAGE = 25
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


@dataclass(frozen=True)
class Download:
    """An export for a browser: the file name, its bytes, and what to say once
    the browser has it."""

    name: str
    data: bytes
    note: str


@dataclass(frozen=True)
class HistoryRow:
    id: str
    title: str  # "Ann v Bob"
    detail: str  # "Hollywood · 12 hands · 3 May 2024"
    score: str  # "Ann 102 · Bob 55"
    status: str  # "Ann won" / "Unfinished"
    finished: bool


@dataclass(frozen=True)
class FigureRow:
    label: str
    values: tuple[str, ...]  # one per player shown


@dataclass(frozen=True)
class StatsCard:
    title: str
    players: tuple[str, ...]
    rows: tuple[FigureRow, ...]
    #: Who owes whom over their games for money ("Bob owes Ann €2.20 over 2 games").
    money: tuple[str, ...] = ()


def _date(t: Translator, moment: datetime) -> str:
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return t.date_time(local)


def _percent(t: Translator, value: float | None) -> str:
    return "–" if value is None else t.percent(value)


class ReviewModel:
    """History, statistics, players, settings and data for one UI session.

    ``on_change(kind)`` is called after an action changed something the
    rest of the app shows: ``"games"``, ``"players"``, ``"settings"``,
    ``"language"`` (then :attr:`t` is the new translator) or ``"theme"``.
    ``on_resume(game_id)`` is called by :meth:`resume`; the core app opens
    the game's sheet.
    """

    def __init__(
        self,
        store: Store,
        t: Translator | None = None,
        on_change: Callable[[ChangeKind], None] | None = None,
        *,
        on_resume: Callable[[str], None] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        self.store = store
        self.data_dir = Path(data_dir) if data_dir is not None else Path(store.data_dir)
        self.settings: Settings = load_settings(self.data_dir)
        self.t = t if t is not None else Translator(self.settings.language_code)
        self.on_change = on_change
        self.on_resume = on_resume
        self.screen: Screen = "history"
        self.game_id: str | None = None  # the game open read-only
        self.back_to: Screen = "history"
        # inline messages
        self.error: str | None = None
        self.note: str | None = None
        self.undo_game_id: str | None = None  # the last deleted game, for "Undo"
        self.confirm_delete: str | None = None  # a game awaiting "Delete? yes"
        self.confirm_empty = False
        self.confirm_merge: tuple[str, str] | None = None
        # history filters
        self.filter_player: str | None = None
        self.filter_format: str | None = None
        self.filter_period = "all"
        #: None: every game; False: games in progress only; True: finished only.
        self.filter_finished: bool | None = None
        #: The filter chips are shown (else one line says what is chosen: on a
        #: phone the chips took half the screen).
        self.filters_open = False
        self.history_offset = 0  # the first game of the page shown
        self.history_total = 0  # games matching the filters (set by history_rows)
        self.deleted_total = 0  # deleted games (set by deleted_rows)
        # statistics filters
        self.stats_format: str | None = None
        self.stats_period = "all"
        #: The statistics details opened ("player:<id>", "pair:<id>:<id>").
        self.stats_open: set[str] = set()
        #: The one last opened, still open: the statistics' address names it.
        self.stats_focus: str | None = None
        self._stats_kept: tuple[Any, list[GameRecord], Statistics] | None = None
        # players screen
        self.editing_player: str | None = None
        self.merge_from: str | None = None
        # data screen
        self.import_path = ""
        self.last_export: Path | None = None
        #: A Hollywood sheet goes to BG Stats as a play per game (else one play).
        self.share_each_game = False
        #: The settle-up this session recorded last (for its Undo).
        self.last_settle_up: str | None = None
        #: The backup folder as typed in Settings, not chosen yet (None: as set).
        self.backup_text: str | None = None
        #: Settings this device keeps for itself, not written to the folder's
        #: (a phone joined over the LAN: its language and theme).
        self.device_settings: frozenset[str] = frozenset()
        #: Whether import may read a path on this machine: the desktop window
        #: only.  A browser session uploads and downloads instead (the host
        #: sets this to False in web mode).
        self.allow_paths = True

    # --- plumbing ----------------------------------------------------------------

    def act(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run an action; a refusal or failure becomes :attr:`error` (never raised).

        Messages and questions of the previous action are cleared first.
        """
        self.clear_messages()
        try:
            return fn(*args)
        except Exception as exc:
            self._failed(fn, exc)
        return None

    async def act_async(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
        """:meth:`act` for an action that is awaited (run off the event loop)."""
        try:
            return await fn(*args)
        except Exception as exc:
            self.clear_messages()
            self._failed(fn, exc)
        return None

    def _failed(self, fn: Callable[..., Any], exc: Exception) -> None:
        if isinstance(exc, UserError):
            self.error = self.t.render(exc)
        elif isinstance(exc, OSError):
            self.error = self.t.gettext("The file could not be used: {reason}").format(
                reason=exc.strerror or str(exc)
            )
        else:
            log.error("review action %s failed", getattr(fn, "__name__", fn), exc_info=exc)
            self.error = self.t.gettext("Sorry, that did not work.")

    def _changed(self, kind: ChangeKind) -> None:
        if self.on_change is not None:
            self.on_change(kind)

    def clear_messages(self) -> None:
        self.error = self.note = None
        self.confirm_delete = None
        self.confirm_empty = False
        self.confirm_merge = None

    def go(self, screen: str, game_id: str | None = None) -> None:
        if screen not in SCREENS:
            raise StoreError(self.t.gettext("There is no such page."))
        if screen == "game":
            if game_id is None:
                raise StoreError(self.t.gettext("There is no such page."))
            self.store.summary(game_id)  # refuses an unknown game
            if self.screen != "game":
                self.back_to = self.screen
            self.game_id = game_id
        self.clear_messages()
        self.undo_game_id = None  # "Undo delete" is offered where the game was deleted
        self.screen = screen

    def back(self) -> None:
        self.go(self.back_to if self.screen == "game" else "history")

    @property
    def route(self) -> str:
        if self.screen == "game" and self.game_id:
            return f"/review/game/{self.game_id}"
        focus = self.stats_focus
        if self.screen == "stats" and focus is not None and focus in self.stats_open:
            # a player's details, "/review/stats/player/<id>"; a pair's,
            # "/review/stats/pair/<id>/<id>"
            return "/review/stats/" + focus.replace(":", "/")
        return f"/review/{self.screen}"

    def go_route(self, route: str) -> None:
        """Follow a route from :attr:`route` (``/review/...``)."""
        parts = [p for p in route.split("/") if p]
        if parts[:1] == ["review"]:
            parts = parts[1:]
        if not parts:
            self.go("history")
        elif parts[0] == "game" and len(parts) == 2:
            self.go("game", parts[1])
        elif parts[0] == "stats" and len(parts) > 1:
            self.open_stats_detail(":".join(parts[1:]))
        else:
            if parts[0] == "stats":
                self.stats_focus = None
            self.go(parts[0])

    # --- history -------------------------------------------------------------------

    def players(self, include_hidden: bool = False) -> list[Player]:
        return self.store.players(include_hidden=include_hidden)

    def toggle_filters(self) -> None:
        self.filters_open = not self.filters_open

    def set_filter_player(self, player_id: str | None) -> None:
        self.filter_player = player_id
        self.history_offset = 0

    def set_filter_format(self, fmt: str | None) -> None:
        self.filter_format = fmt
        self.history_offset = 0

    def set_filter_finished(self, finished: bool | None) -> None:
        self.filter_finished = finished
        self.history_offset = 0

    def show_unfinished(self) -> None:
        """The history of every game in progress (home's "All games in progress")."""
        self.go("history")
        self.filter_player = self.filter_format = None
        self.filter_period = "all"
        self.set_filter_finished(False)

    def set_filter_period(self, period: str) -> None:
        if period not in PERIODS:
            raise StoreError(self.t.gettext("There is no such period."))
        self.filter_period = period
        self.history_offset = 0

    def older_page(self) -> None:
        """The next page of older games (the last page stays the last)."""
        if self.history_offset + PAGE < self.history_total:
            self.history_offset += PAGE

    def newer_page(self) -> None:
        self.history_offset = max(self.history_offset - PAGE, 0)

    def query(self, now: datetime | None = None) -> GameQuery:
        """The history's filters as the store's query."""
        since, until = period_range(self.filter_period, now)
        return GameQuery(
            finished=self.filter_finished,
            player_id=self.filter_player,
            format=None if self.filter_format is None else Format(self.filter_format),
            since=since,
            until=until,
        )

    def summaries(self, *, now: datetime | None = None) -> list[GameSummary]:
        """Every game matching the filters (for exports and tests; the
        screen asks for one page: :meth:`history_rows`)."""
        return self.store.list_games(self.query(now))

    def history_row(self, s: GameSummary) -> HistoryRow:
        t = self.t
        scorers = listed_scorers(s)  # players, or a partnership's sides
        score = summary_score(s, t)  # the same words as the home screen's card
        if s.winner_id is not None:
            status = won_words(t, s, dict(scorers).get(s.winner_id, "?"))
        elif s.finished:
            status = t.gettext("Finished")
        else:
            status = t.gettext("Unfinished")
        hands = t.ngettext("{n} hand", "{n} hands", s.hand_count).format(n=s.hand_count)
        detail = " · ".join((format_label(t, s.format), hands, _date(t, s.created_at)))
        title = versus(t, [name for _, name in scorers])
        return HistoryRow(s.id, title, detail, score, status, s.finished)

    def history_rows(
        self, *, now: datetime | None = None, limit: int | None = None
    ) -> list[HistoryRow]:
        """The page of games matching the filters from :attr:`history_offset`,
        newest first, at most ``limit`` (default: :data:`PAGE`; 0: all from
        the offset); :attr:`history_total` counts every match.  A page past
        the end (games deleted meanwhile) falls back to the last page."""
        n = PAGE if limit is None else limit
        query = self.query(now)
        total, found = self.store.page_games(self.history_offset, n or 1 << 62, query)
        if not found and self.history_offset and total:
            self.history_offset = (total - 1) // PAGE * PAGE
            total, found = self.store.page_games(self.history_offset, n or 1 << 62, query)
        self.history_total = total
        return [self.history_row(s) for s in found]

    def deleted_rows(self) -> list[HistoryRow]:
        """The newest :data:`PAGE` deleted games (the screen stays small);
        :attr:`deleted_total` counts them all."""
        self.deleted_total, found = self.store.page_games(0, PAGE, deleted=True)
        return [self.history_row(s) for s in found]

    def resume(self, game_id: str) -> None:
        s = self.store.summary(game_id)
        if s.finished:
            raise StoreError(self.t.gettext("That game is finished."))
        if self.on_resume is None:
            raise StoreError(self.t.gettext("Resuming a game is not available here."))
        self.on_resume(game_id)

    def ask_delete(self, game_id: str) -> None:
        self.store.summary(game_id)
        self.confirm_delete = game_id

    def cancel(self) -> None:
        self.clear_messages()

    def delete_game(self, game_id: str) -> None:
        """Move a game to "Deleted games"; :meth:`undo_delete` puts it back."""
        s = self.store.summary(game_id)
        self.store.delete_game(game_id)
        self.confirm_delete = None
        self.undo_game_id = game_id
        title = versus(self.t, list(s.player_names))
        self.note = self.t.gettext("Deleted {title}.").format(title=title)
        if self.screen == "game" and self.game_id == game_id:
            self.screen = self.back_to if self.back_to != "game" else "history"
        self._changed("games")

    def undo_delete(self) -> None:
        if self.undo_game_id is None:
            raise StoreError(self.t.gettext("There is nothing to undo."))
        self.store.restore_game(self.undo_game_id)
        self.undo_game_id = None
        self.note = self.t.gettext("The game is back.")
        self._changed("games")

    def restore_game(self, game_id: str) -> None:
        self.store.restore_game(game_id)
        if self.undo_game_id == game_id:
            self.undo_game_id = None
        self.note = self.t.gettext("The game is back in the history.")
        self._changed("games")

    def ask_empty(self) -> None:
        self.confirm_empty = True

    def empty_deleted(self) -> int:
        n: int = self.store.purge_deleted()
        self.confirm_empty = False
        self.undo_game_id = None
        self.note = self.t.ngettext(
            "{n} game removed for good.", "{n} games removed for good.", n
        ).format(n=n)
        self._changed("games")
        return n

    # --- one game ------------------------------------------------------------------

    def load_game(self, game_id: str) -> Game:
        """The replayed game, cached (for every session of this process) while
        neither its hands nor its players' names change."""
        s = self.store.summary(game_id)
        key = (os.path.realpath(self.data_dir), game_id)
        stamp = (s.updated_at, s.player_names)
        with _CACHE_LOCK:
            cached = _CACHE.get(key)
            if cached is not None and cached[0] == stamp:
                _CACHE.move_to_end(key)
                return cached[1]
        game = self.store.game(game_id)
        with _CACHE_LOCK:
            _CACHE[key] = (stamp, game)
            while len(_CACHE) > CACHE_GAMES:
                _CACHE.popitem(last=False)
        return game

    def preload(self, stop: threading.Event | None = None) -> int:
        """Read what the statistics need ahead of time (may run in a background
        thread at session start); returns how many games.  The statistics
        read the store's digests, not replayed games, so this is quick: no
        game is replayed (the game screens replay theirs when opened)."""
        if stop is not None and stop.is_set():
            return 0
        try:
            return len(self.store.review_records())
        except UserError as exc:  # a closed store, a broken file: stats will say
            log.info("review preload stopped: %s", exc)
            return 0

    def game_view(self, game_id: str | None = None) -> GameView:
        gid = game_id or self.game_id
        if gid is None:
            raise StoreError(self.t.gettext("There is no such page."))
        s = self.store.summary(gid)
        return build_game_view(self.t, gid, self.load_game(gid), deleted=s.deleted)

    def shared(self, game_id: str) -> Shared:
        """What a finished game's sharing buttons carry (see ui/share.py)."""
        return shared(
            game_id,
            self.load_game(game_id),
            self.store.summary(game_id),
            self.t,
            each_game=self.share_each_game,
        )

    def toggle_share_each_game(self) -> None:
        self.share_each_game = not self.share_each_game

    def race(self, game_id: str | None = None) -> ScoreRace:
        gid = game_id or self.game_id
        if gid is None:
            raise StoreError(self.t.gettext("There is no such page."))
        from scorekeeper.statistics import score_race

        return score_race(self.load_game(gid))

    # --- statistics ----------------------------------------------------------------

    def records(self) -> list[GameRecord]:
        """Every game not deleted, as the statistics read it: the store's
        digest of each game's replayed ledger (no game is replayed here)."""
        return self.store.review_records()

    def set_stats_format(self, fmt: str | None) -> None:
        self.stats_format = fmt

    def toggle_stats_detail(self, key: str) -> None:
        """Open or close one player's (or pair's) figures on the statistics screen."""
        self.stats_open ^= {key}
        self.stats_focus = key if key in self.stats_open else None

    def open_stats_detail(self, key: str) -> None:
        """Show a player's (``player:<id>``) or a pair's (``pair:<id>:<id>``)
        figures, as their address asks; a player this folder does not know
        (merged, a stale link) is refused."""
        kind, *ids = key.split(":")
        if (kind, len(ids)) not in (("player", 1), ("pair", 2)):
            raise StoreError(self.t.gettext("There is no such page."))
        known = {p.id for p in self.store.players(include_hidden=True)}
        if not set(ids) <= known:
            raise StoreError(self.t.gettext("There is no such page."))
        self.go("stats")
        self.stats_open = {key}
        self.stats_focus = key

    def set_stats_period(self, period: str) -> None:
        if period not in PERIODS:
            raise StoreError(self.t.gettext("There is no such period."))
        self.stats_period = period

    def statistics(self, *, now: datetime | None = None) -> Statistics:
        """The statistics for the filters; kept while the store hands back the
        very same records (no game changed), so opening a player's details
        does not count every game again."""
        since, until = period_range(self.stats_period, now)
        records = self.records()
        key = (self.stats_format, since, until)
        kept = self._stats_kept
        if (
            kept is not None
            and kept[0] == key
            and len(kept[1]) == len(records)
            and all(a is b for a, b in zip(kept[1], records, strict=True))
        ):
            return kept[2]
        from scorekeeper.statistics import statistics

        result = statistics(records, Filter(self.stats_format, since, until))
        self._stats_kept = (key, records, result)
        return result

    def figures(self, p: PlayerStats) -> list[tuple[str, str]]:
        """One player's figures as (label, value) pairs, in the order shown."""
        t = self.t
        avg = p.average_points
        big = p.biggest_hand
        gins = p.gins + p.big_gins
        knocks = t.gettext("{knocks} · {gins} ({rate} gin)").format(
            knocks=t.ngettext("{n} knock", "{n} knocks", p.plain_knocks).format(n=p.plain_knocks),
            gins=t.ngettext("{n} gin", "{n} gins", gins).format(n=gins),
            rate=_percent(t, p.gin_rate),
        )
        return [
            (t.gettext("Games won"), f"{p.games_won} / {p.games_played}"),
            (t.gettext("Series won"), f"{p.series_won} / {p.series_played}"),
            (t.gettext("Hands won"), f"{p.hands_won} / {p.hands_played}"),
            (t.gettext("Gins"), str(p.gins)),
            (t.gettext("Big gins"), str(p.big_gins)),
            (t.gettext("Undercuts given"), str(p.undercuts_given)),
            (t.gettext("Undercuts suffered"), str(p.undercuts_suffered)),
            (t.gettext("Average points per hand won"), "–" if avg is None else t.decimal(avg)),
            (t.gettext("Biggest hand"), "–" if big is None else str(big.points)),
            (t.gettext("Longest winning streak"), str(p.longest_streak)),
            (t.gettext("Knock vs gin"), knocks),
            (t.gettext("Hollywood sweeps"), str(p.sweeps)),
        ]

    # --- money across games: balances and settle-ups (RULES §10) -------------------

    def balance_lines(self) -> list[tuple[str, Balance | None]]:
        """Each pair who played for money: "Bob owes Ann €2.20 over 2 games"
        with the balance to settle (None when they are square)."""
        return [(text, b) for text, b, _ in self._balances()]

    def _balances(self) -> list[tuple[str, Balance | None, tuple[str, str]]]:
        t = self.t
        names = {p.id: p.name for p in self.store.players(include_hidden=True)}
        out: list[tuple[str, Balance | None, tuple[str, str]]] = []
        for b in self.store.balances():
            pair = (b.debtor, b.creditor)
            debtor, creditor = names.get(b.debtor, "?"), names.get(b.creditor, "?")
            if b.amount == 0:
                text = t.ngettext(
                    "{first} and {second} are square over {n} game",
                    "{first} and {second} are square over {n} games",
                    b.games,
                ).format(first=debtor, second=creditor, n=b.games)
                out.append((text, None, pair))
                continue
            text = t.ngettext(
                "{debtor} owes {creditor} {amount} over {n} game",
                "{debtor} owes {creditor} {amount} over {n} games",
                b.games,
            ).format(
                debtor=debtor, creditor=creditor, amount=t.money(b.amount, b.currency), n=b.games
            )
            out.append((text, b, pair))
        return out

    def settle(self, balance: Balance) -> None:
        """Record that the debtor paid the creditor the whole balance."""
        paid = self.store.settle_up(
            balance.debtor, balance.creditor, balance.amount, balance.currency
        )
        self.last_settle_up = paid.id
        names = {p.id: p.name for p in self.store.players(include_hidden=True)}
        self.note = self.t.gettext("{payer} paid {payee} {amount}.").format(
            payer=names.get(paid.payer, "?"),
            payee=names.get(paid.payee, "?"),
            amount=self.t.money(paid.amount, paid.currency),
        )
        self._changed("games")

    def undo_settle(self) -> None:
        """Take back the settle-up just recorded."""
        if self.last_settle_up is None:
            raise StoreError(self.t.gettext("There is no settle-up to take back."))
        self.store.undo_settle_up(self.last_settle_up)
        self.last_settle_up = None
        self.note = self.t.gettext("The settle-up was taken back.")
        self._changed("games")

    def side_line(self, side: SideStats) -> str:
        """A partnership side in one line: "Ann & Cy: 2 of 3 games won · 9 of
        14 deals won"."""
        t = self.t
        games = t.gettext("{name}: {won} of {played} games won").format(
            name=side.name, won=side.games_won, played=side.games_played
        )
        deals = t.ngettext(
            "{won} of {n} deal won", "{won} of {n} deals won", side.deals_played
        ).format(won=side.deals_won, n=side.deals_played)
        return f"{games} · {deals}"

    def player_card(self, p: PlayerStats) -> StatsCard:
        money = tuple(text for text, b in self._money_of(p.player))
        return StatsCard(
            p.name,
            (p.name,),
            tuple(FigureRow(label, (v,)) for label, v in self.figures(p)),
            money,
        )

    def _money_of(self, *players: str) -> list[tuple[str, Balance | None]]:
        """The balances of one player, or between two (RULES §10)."""
        return [(text, b) for text, b, pair in self._balances() if all(p in pair for p in players)]

    def player_cards(self, stats: Statistics) -> list[StatsCard]:
        return [self.player_card(p) for p in stats.players.values()]

    def head_to_head_card(self, h: HeadToHead) -> StatsCard:
        a, b = self.figures(h.first), self.figures(h.second)
        rows = tuple(FigureRow(la, (va, vb)) for (la, va), (_, vb) in zip(a, b, strict=True))
        title = self.t.gettext("{first} v {second}").format(
            first=h.first.name, second=h.second.name
        )
        money = tuple(text for text, _ in self._money_of(h.first.player, h.second.player))
        return StatsCard(title, (h.first.name, h.second.name), rows, money)

    def bars(self, stats: Statistics) -> list[Bar]:
        from scorekeeper.statistics import wins_bars

        return wins_bars(stats)

    # --- players -------------------------------------------------------------------

    def rename_player(self, player_id: str, name: str) -> None:
        p = self.store.rename_player(player_id, name)
        self.editing_player = None
        self.note = self.t.gettext("Renamed to {name}.").format(name=p.name)
        self._changed("players")

    def set_hidden(self, player_id: str, hidden: bool) -> None:
        p = self.store.hide_player(player_id, hidden)
        self.note = (
            self.t.gettext("{name} is hidden from pickers.")
            if hidden
            else self.t.gettext("{name} is shown in pickers again.")
        ).format(name=p.name)
        self._changed("players")

    def edit_player(self, player_id: str | None) -> None:
        self.editing_player = player_id

    def start_merge_cancel(self) -> None:
        self.merge_from = None
        self.confirm_merge = None

    def start_merge(self, drop_id: str) -> None:
        self.store.player(drop_id)
        self.merge_from = drop_id
        self.confirm_merge = None

    def ask_merge(self, keep_id: str) -> None:
        if self.merge_from is None:
            raise StoreError(self.t.gettext("Choose the player to merge first."))
        self.confirm_merge = (keep_id, self.merge_from)

    def merge_players(self, keep_id: str, drop_id: str) -> None:
        drop = self.store.player(drop_id)
        keep = self.store.merge_players(keep_id, drop_id)
        self.merge_from = None
        self.confirm_merge = None
        self.note = self.t.gettext("{drop} and {keep} are now one player: {keep}.").format(
            drop=drop.name, keep=keep.name
        )
        self._changed("players")

    # --- settings ------------------------------------------------------------------

    def update_settings(self, **changes: Any) -> Settings:
        try:
            new = self.settings.replace(**changes)
        except (TypeError, ValueError):
            raise StoreError(self.t.gettext("That setting is not valid.")) from None
        shared = {k: v for k, v in changes.items() if k not in self.device_settings}
        if not self.device_settings:
            save_settings(self.data_dir, new)
        elif shared:  # the folder's settings, with only the shared ones changed
            save_settings(self.data_dir, load_settings(self.data_dir).replace(**shared))
        self.settings = new
        self.note = self.t.gettext("Saved.")
        kinds: list[ChangeKind] = ["settings"]
        if "theme" in changes:
            kinds.append("theme")
        if "language" in changes:
            self.t = Translator(new.language_code)
            self.note = self.t.gettext("Saved.")
            kinds.append("language")
        for k in kinds:
            self._changed(k)
        return new

    def update_settings_one(self, name: str, value: Any) -> Settings:
        return self.update_settings(**{name: value})

    def set_language(self, code: str | None) -> None:
        if code is not None and code not in LANGUAGES:
            raise StoreError(self.t.gettext("That language is not available."))
        self.update_settings(language=code)

    def set_theme(self, theme: str) -> None:
        self.update_settings(theme=theme)

    # --- backups by themselves (store/auto_backup.py) --------------------------------

    def set_backup_text(self, text: str) -> None:
        self.backup_text = text

    def set_backup_folder(self, text: str | None = None) -> Path:
        """Back up by themselves into the folder typed (made if missing; it
        must be writable); the first backup is made at once."""
        from scorekeeper.store.auto_backup import check_folder

        from ..backups import keeper_of

        typed = self.backup_text if text is None else text
        folder = check_folder(typed or "")
        self.update_settings(backup_folder=str(folder))
        self.backup_text = None
        keeper = keeper_of(self.data_dir)
        if keeper is not None:
            keeper.check()
        self.note = self.t.gettext("Your games will be backed up to {folder}.").format(
            folder=str(folder)
        )
        return folder

    def stop_auto_backups(self) -> None:
        self.update_settings(backup_folder=None)
        self.note = self.t.gettext("Backups by themselves are off.")

    def backup_status(self) -> str:
        """When the last backup was made, or why the last one failed."""
        from scorekeeper.store.auto_backup import last_backup

        from ..backups import keeper_of

        folder = self.settings.backup_folder
        if folder is None:
            return self.t.gettext("Choose a folder, and a backup is made after each finished game.")
        keeper = keeper_of(self.data_dir)
        if keeper is not None and keeper.failed is not None:
            when, exc = keeper.failed
            return self.t.gettext("The last backup failed ({when}): {reason}").format(
                when=_date(self.t, when), reason=self.t.render(exc)
            )
        last = last_backup(Path(folder))
        if last is None:
            return self.t.gettext("No backup yet.")
        return self.t.gettext("Last backup: {when}").format(when=_date(self.t, last))

    def backup_files(self) -> list[tuple[str, Path]]:
        """The backups in the chosen folder, newest first, each with when it was made."""
        from scorekeeper.store.auto_backup import KEEP, list_backups, made_at

        folder = self.settings.backup_folder
        if folder is None:
            return []
        out = []
        for path in list_backups(Path(folder))[:KEEP]:
            made = made_at(path)  # to the second: two may be minutes apart
            out.append(
                (self.t.date_time(made.astimezone(), seconds=True) if made else path.name, path)
            )
        return out

    def restore_backup(self, path: Path) -> ImportReport:
        """Import a backup (the games it holds that are not here yet)."""
        return self.import_bytes(path.read_bytes())

    def backup_now(self) -> Path:
        path: Path = self.store.backup()
        self.note = self.t.gettext("Backed up to {path}").format(path=str(path))
        return path

    # --- export / import -------------------------------------------------------------

    @property
    def exports_dir(self) -> Path:
        return self.data_dir / "exports"

    def _export_file(self, stem: str, suffix: str, payload: bytes) -> Path:
        from scorekeeper.store.storage import atomic_write_bytes

        folder = self.exports_dir
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stem}-{stamp}{suffix}"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{stamp}-{n}{suffix}"
            n += 1
        atomic_write_bytes(path, payload)
        self.last_export = path
        return path

    def _all_games(self) -> tuple[int, bytes]:
        import json

        data = self.store.export_json()
        return len(data.get("games", [])), json.dumps(data, indent=1, ensure_ascii=False).encode()

    def _sheet_csv(self, game_id: str) -> tuple[str, bytes]:
        s = self.store.summary(game_id)
        text = self.store.export_csv(game_id)
        stem = "game-" + re.sub(r"[^A-Za-z0-9]+", "-", "-v-".join(s.player_names)).strip("-")
        return stem[:60] or "game", text.encode("utf-8")

    def export_all(self) -> Path:
        n, payload = self._all_games()
        path = self._export_file("scorekeeper-export", ".json", payload)
        self._exported()
        self.note = self.t.ngettext(
            "Exported {n} game to {path}", "Exported {n} games to {path}", n
        ).format(n=n, path=str(path))
        return path

    def _exported(self) -> None:
        """Every game exported: the phone's reminder counts from here."""
        from ..backups import finished_games

        new = self.settings.replace(exported_games=finished_games(self.store))
        save_settings(self.data_dir, new)
        self.settings = new

    def export_csv(self, game_id: str) -> Path:
        stem, payload = self._sheet_csv(game_id)
        path = self._export_file(stem, ".csv", payload)
        self.note = self.t.gettext("Saved the score sheet to {path}").format(path=str(path))
        return path

    # A browser gets its exports as downloads: (file name, bytes, the note to
    # show once the browser has it); nothing is written on the server.

    def download_all(self) -> Download:
        n, payload = self._all_games()
        self._exported()
        name = f"scorekeeper-export-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json"
        note = self.t.ngettext(
            "Exported {n} game: {name} is in your downloads.",
            "Exported {n} games: {name} is in your downloads.",
            n,
        ).format(n=n, name=name)
        return Download(name, payload, note)

    def download_csv(self, game_id: str) -> Download:
        stem, payload = self._sheet_csv(game_id)
        name = f"{stem}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.csv"
        note = self.t.gettext("Saved the score sheet: {name} is in your downloads.").format(
            name=name
        )
        return Download(name, payload, note)

    def _picture(self, game_id: str) -> tuple[str, bytes]:
        from ..picture import game_picture  # Pillow, when a picture is asked for

        return game_picture(self.load_game(game_id), self.store.summary(game_id), self.t)

    def export_picture(self, game_id: str) -> Path:
        """The desktop window: the sheet's picture into the exports folder."""
        name, payload = self._picture(game_id)
        path = self._export_file(name.removesuffix(".png"), ".png", payload)
        self.note = self.t.gettext("Saved the picture to {path}").format(path=str(path))
        return path

    def download_picture(self, game_id: str) -> Download:
        """A browser: the sheet's picture as a download."""
        name, payload = self._picture(game_id)
        note = self.t.gettext("Saved the picture: {name} is in your downloads.").format(name=name)
        return Download(name, payload, note)

    def set_import_path(self, text: str) -> None:
        self.import_path = text

    def import_file(self, path: str | None = None) -> ImportReport:
        if not self.allow_paths:  # a browser never names a file on this machine
            raise StoreError(self.t.gettext("Choose the export file to upload."))
        raw = (path if path is not None else self.import_path).strip().strip('"').strip("'")
        if not raw:
            raise StoreError(self.t.gettext("Type or paste the path of an export file."))
        p = Path(raw).expanduser()
        if not p.is_absolute():
            p = self.data_dir / p
        return self.import_bytes(p.read_bytes())

    def import_bytes(self, data: bytes) -> ImportReport:
        return self._imported(self.store.import_json(data))

    async def import_bytes_async(self, data: bytes) -> ImportReport:
        """:meth:`import_bytes` off the event loop (the file is checked in
        another process, see scorekeeper/store/importer.py): a browser's upload,
        while the other devices at the table go on playing."""
        self.clear_messages()
        self.note = self.t.gettext("Importing…")
        return self._imported(await self.store.import_json_async(data))

    @property
    def importing(self) -> bool:
        """Whether an import into this data folder is under way (any session's)."""
        return bool(getattr(self.store, "importing", False))

    def _imported(self, report: ImportReport) -> ImportReport:
        self.clear_messages()
        lines = [import_summary(self.t, report), *(self.t.render(m) for m in report.messages)]
        self.note = "\n".join(lines)
        self._changed("games")
        return report

    def export_files(self) -> Sequence[Path]:
        folder = self.exports_dir
        if not folder.is_dir():
            return []
        return sorted(folder.glob("*.json"), reverse=True)
