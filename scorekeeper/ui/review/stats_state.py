"""The statistics screen's state (``review.stats``): its filters, the
player's (or pair's) details opened, the figures as cards, and who owes
whom with its settle-ups (RULES §10).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.errors import UserError
from scorekeeper.i18n import Translator
from scorekeeper.statistics import Filter, GameRecord
from scorekeeper.store import StoreError

from .common import PERIODS, Review, ScreenState, period_range

if TYPE_CHECKING:  # imported where used: the statistics are not needed to start
    from scorekeeper.engine import Balance
    from scorekeeper.statistics import Bar, HeadToHead, PlayerStats, SideStats, Statistics

log = logging.getLogger(__name__)

__all__ = ["FigureRow", "StatsCard", "StatsState"]


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


def _percent(t: Translator, value: float | None) -> str:
    return "–" if value is None else t.percent(value)


class StatsState(ScreenState):
    """The statistics' filters and details, and the settle-up to undo."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        self.format: str | None = None
        self.period = "all"
        #: The statistics details opened ("player:<id>", "pair:<id>:<id>").
        self.opened: set[str] = set()
        #: The one last opened, still open: the statistics' address names it.
        self.focus: str | None = None
        #: The settle-up this session recorded last (for its Undo).
        self.last_settle_up: str | None = None
        self._kept: tuple[Any, list[GameRecord], Statistics] | None = None

    @property
    def focused(self) -> str | None:
        """The details the address names: the last opened, if still open."""
        return self.focus if self.focus in self.opened else None

    # --- filters and details ---------------------------------------------------------

    def set_format(self, fmt: str | None) -> None:
        self.format = fmt

    def set_period(self, period: str) -> None:
        if period not in PERIODS:
            raise StoreError(self.t.gettext("There is no such period."))
        self.period = period

    def toggle_detail(self, key: str) -> None:
        """Open or close one player's (or pair's) figures on the statistics screen."""
        self.opened ^= {key}
        self.focus = key if key in self.opened else None

    def open_detail(self, key: str) -> None:
        """Show a player's (``player:<id>``) or a pair's (``pair:<id>:<id>``)
        figures, as their address asks; a player this folder does not know
        (merged, a stale link) is refused."""
        kind, *ids = key.split(":")
        if (kind, len(ids)) not in (("player", 1), ("pair", 2)):
            raise StoreError(self.t.gettext("There is no such page."))
        known = {p.id for p in self.store.players(include_hidden=True)}
        if not set(ids) <= known:
            raise StoreError(self.t.gettext("There is no such page."))
        self.review.go("stats")
        self.opened = {key}
        self.focus = key

    # --- the figures -----------------------------------------------------------------

    def records(self) -> list[GameRecord]:
        """Every game not deleted, as the statistics read it: the store's
        digest of each game's replayed ledger (no game is replayed here)."""
        return self.store.review_records()

    def preload(self, stop: threading.Event | None = None) -> int:
        """Read what the statistics need ahead of time (may run in a background
        thread at session start); returns how many games.  The statistics
        read the store's digests, not replayed games, so this is quick: no
        game is replayed (the game screens replay theirs when opened)."""
        if stop is not None and stop.is_set():
            return 0
        try:
            return len(self.records())
        except UserError as exc:  # a closed store, a broken file: stats will say
            log.info("review preload stopped: %s", exc)
            return 0

    def statistics(self, *, now: datetime | None = None) -> Statistics:
        """The statistics for the filters; kept while the store hands back the
        very same records (no game changed), so opening a player's details
        does not count every game again."""
        since, until = period_range(self.period, now)
        records = self.records()
        key = (self.format, since, until)
        kept = self._kept
        if (
            kept is not None
            and kept[0] == key
            and len(kept[1]) == len(records)
            and all(a is b for a, b in zip(kept[1], records, strict=True))
        ):
            return kept[2]
        from scorekeeper.statistics import statistics

        result = statistics(records, Filter(self.format, since, until))
        self._kept = (key, records, result)
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

    # --- money across games: balances and settle-ups (RULES §10) -------------------

    def balance_lines(self) -> list[tuple[str, Balance | None]]:
        """Each pair who played for money: "Bob owes Ann €2.20 over 2 games"
        with the balance to settle (None when they are square)."""
        return [(text, b) for text, b, _ in self._balances()]

    def _money_of(self, *players: str) -> list[tuple[str, Balance | None]]:
        """The balances of one player, or between two (RULES §10)."""
        return [(text, b) for text, b, pair in self._balances() if all(p in pair for p in players)]

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
        self.review.note = self.t.gettext("{payer} paid {payee} {amount}.").format(
            payer=names.get(paid.payer, "?"),
            payee=names.get(paid.payee, "?"),
            amount=self.t.money(paid.amount, paid.currency),
        )
        self.review.changed("games")

    def undo_settle(self) -> None:
        """Take back the settle-up just recorded."""
        if self.last_settle_up is None:
            raise StoreError(self.t.gettext("There is no settle-up to take back."))
        self.store.undo_settle_up(self.last_settle_up)
        self.last_settle_up = None
        self.review.note = self.t.gettext("The settle-up was taken back.")
        self.review.changed("games")
