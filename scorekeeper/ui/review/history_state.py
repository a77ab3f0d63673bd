"""The history screen's state (``review.history``): its filters and page,
the deleted games, and delete with undo (also on a past game's screen).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.engine import Format
from scorekeeper.store import GameQuery, GameSummary, StoreError

from ..state.home_model import listed_scorers, summary_score, won_words
from ..state.sheet_labels import versus
from .common import PERIODS, Review, ScreenState, date_words, period_range
from .game_model import format_label

__all__ = ["PAGE", "HistoryRow", "HistoryState"]

#: History rows on one page ("Newer" / "Older" move by a page): the screen
#: holds one page whatever the history's size (issue #10).
PAGE = 25


@dataclass(frozen=True)
class HistoryRow:
    id: str
    title: str  # "Ann v Bob"
    detail: str  # "Hollywood · 12 hands · 3 May 2024"
    score: str  # "Ann 102 · Bob 55"
    status: str  # "Ann won" / "Unfinished"
    finished: bool


class HistoryState(ScreenState):
    """The history's filters, the page shown, and the deleted games."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        self.filter_player: str | None = None
        self.filter_format: str | None = None
        self.filter_period = "all"
        #: None: every game; False: games in progress only; True: finished only.
        self.filter_finished: bool | None = None
        #: The filter chips are shown (else one line says what is chosen: on a
        #: phone the chips took half the screen).
        self.filters_open = False
        self.offset = 0  # the first game of the page shown
        self.total = 0  # games matching the filters (set by rows)
        self.deleted_total = 0  # deleted games (set by deleted_rows)
        self.undo_game_id: str | None = None  # the last deleted game, for "Undo"
        self.confirm_delete: str | None = None  # a game awaiting "Delete? yes"
        self.confirm_empty = False

    def clear_questions(self) -> None:
        """Forget "Delete? Yes" and "Empty? Yes" (a new action starts)."""
        self.confirm_delete = None
        self.confirm_empty = False

    # --- filters and pages -----------------------------------------------------------

    def toggle_filters(self) -> None:
        self.filters_open = not self.filters_open

    def set_filter_player(self, player_id: str | None) -> None:
        self.filter_player = player_id
        self.offset = 0

    def set_filter_format(self, fmt: str | None) -> None:
        self.filter_format = fmt
        self.offset = 0

    def set_filter_finished(self, finished: bool | None) -> None:
        self.filter_finished = finished
        self.offset = 0

    def set_filter_period(self, period: str) -> None:
        if period not in PERIODS:
            raise StoreError(self.t.gettext("There is no such period."))
        self.filter_period = period
        self.offset = 0

    def show_unfinished(self) -> None:
        """The history of every game in progress (home's "All games in progress")."""
        self.review.go("history")
        self.filter_player = self.filter_format = None
        self.filter_period = "all"
        self.set_filter_finished(False)

    def older_page(self) -> None:
        """The next page of older games (the last page stays the last)."""
        if self.offset + PAGE < self.total:
            self.offset += PAGE

    def newer_page(self) -> None:
        self.offset = max(self.offset - PAGE, 0)

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
        screen asks for one page: :meth:`rows`)."""
        return self.store.list_games(self.query(now))

    # --- rows --------------------------------------------------------------------------

    def row(self, s: GameSummary) -> HistoryRow:
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
        detail = " · ".join((format_label(t, s.format), hands, date_words(t, s.created_at)))
        title = versus(t, [name for _, name in scorers])
        return HistoryRow(s.id, title, detail, score, status, s.finished)

    def rows(self, *, now: datetime | None = None, limit: int | None = None) -> list[HistoryRow]:
        """The page of games matching the filters from :attr:`offset`,
        newest first, at most ``limit`` (default: :data:`PAGE`; 0: all from
        the offset); :attr:`total` counts every match.  A page past the end
        (games deleted meanwhile) falls back to the last page."""
        n = PAGE if limit is None else limit
        query = self.query(now)
        total, found = self.store.page_games(self.offset, n or 1 << 62, query)
        if not found and self.offset and total:
            self.offset = (total - 1) // PAGE * PAGE
            total, found = self.store.page_games(self.offset, n or 1 << 62, query)
        self.total = total
        return [self.row(s) for s in found]

    def deleted_rows(self) -> list[HistoryRow]:
        """The newest :data:`PAGE` deleted games (the screen stays small);
        :attr:`deleted_total` counts them all."""
        self.deleted_total, found = self.store.page_games(0, PAGE, deleted=True)
        return [self.row(s) for s in found]

    # --- resume, delete, restore -----------------------------------------------------

    def resume(self, game_id: str) -> None:
        """Back to an unfinished game's sheet (the host's ``on_resume``)."""
        s = self.store.summary(game_id)
        if s.finished:
            raise StoreError(self.t.gettext("That game is finished."))
        on_resume = self.review.on_resume
        if on_resume is None:
            raise StoreError(self.t.gettext("Resuming a game is not available here."))
        on_resume(game_id)

    def ask_delete(self, game_id: str) -> None:
        self.store.summary(game_id)
        self.confirm_delete = game_id

    def delete_game(self, game_id: str) -> None:
        """Move a game to "Deleted games"; :meth:`undo_delete` puts it back."""
        review = self.review
        s = self.store.summary(game_id)
        self.store.delete_game(game_id)
        self.confirm_delete = None
        self.undo_game_id = game_id
        title = versus(self.t, list(s.player_names))
        review.note = self.t.gettext("Deleted {title}.").format(title=title)
        if review.screen == "game" and review.game_id == game_id:
            review.screen = review.back_to if review.back_to != "game" else "history"
        review.changed("games")

    def undo_delete(self) -> None:
        if self.undo_game_id is None:
            raise StoreError(self.t.gettext("There is nothing to undo."))
        self.store.restore_game(self.undo_game_id)
        self.undo_game_id = None
        self.review.note = self.t.gettext("The game is back.")
        self.review.changed("games")

    def restore_game(self, game_id: str) -> None:
        self.store.restore_game(game_id)
        if self.undo_game_id == game_id:
            self.undo_game_id = None
        self.review.note = self.t.gettext("The game is back in the history.")
        self.review.changed("games")

    def ask_empty(self) -> None:
        self.confirm_empty = True

    def empty_deleted(self) -> int:
        n: int = self.store.purge_deleted()
        self.confirm_empty = False
        self.undo_game_id = None
        self.review.note = self.t.ngettext(
            "{n} game removed for good.", "{n} games removed for good.", n
        ).format(n=n)
        self.review.changed("games")
        return n
