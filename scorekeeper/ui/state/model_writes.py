"""The writes to the game on screen as plain Python (no flet): a hand saved,
taken back, put back or reverted, each based on the revision the player saw,
and the catching up with another device's change to the same game.

:class:`GameWrites` is a part of :class:`~scorekeeper.ui.state.model.AppModel`,
which holds the state named below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.engine import Game, RuleError
from scorekeeper.engine.errors import N_, Msg, UserError
from scorekeeper.store.changes import changed_hand, live_message

from ..ports import GameId, StaleGameError
from .hand_model import HandForm
from .model_messages import Message, Messages
from .sheet_model import Row, Sheet

#: The note on the sheet once the store refused a write based on an old one (msgid).
STALE_SHEET = N_("Nothing was changed: the sheet now shows the latest hands.")


class GameWrites(Messages):
    """The writes of one session to the game it shows."""

    game_id: GameId | None
    revision: int | None
    device: str | None
    after_hand: str
    remind_backups: bool
    undone: int | None
    heard: Message | None
    highlight: int | None
    _game: Game | None
    _previous: Sheet | None

    if TYPE_CHECKING:  # the model's own

        def game(self) -> Game: ...

        def sheet(self) -> Sheet: ...

        def go_home(self) -> None: ...

    # --- saving, undoing and redoing hands -----------------------------------------

    def save_hand(self, revision: int | None = None) -> None:
        """Save the form; ``revision`` is the one drawn with the Save button tapped
        (default: the one this session shows now)."""
        form = self.hand
        assert form is not None and self.game_id is not None
        hand = form.build()
        asking = self._changed_under(form)
        if asking:  # another device's hand: nothing is recorded before the player chooses
            form.asking = asking
            return
        was_over = self.game().standings.finished
        if form.edit_index is None:
            self._write(self.store.record_hand, hand, revision=revision)
        else:
            self._write(self.store.edit_hand, form.edit_index, hand, revision=revision)
        self.hand = None
        self.screen = self.after_hand  # the table view, when opened from it
        self.error = None
        self.note = None
        self.undone = None
        if self.remind_backups and not was_over and self.game().standings.finished:
            self.note = self._backup_reminder()

    def _changed_under(self, form: HandForm) -> tuple[str, ...]:
        """The sheet's lines another device saved, changed or took back since
        ``form`` was opened (or since the player last chose), in words; empty
        when a Save may go ahead.  A new hand asks over any change to the
        hands; a correction over a change to its own hand."""
        hands = self.game().hands
        based = form.based_on or ()  # (unchanged hands are the same objects: quick to compare)
        i = form.edit_index
        if i is None:
            if tuple(hands) == based:
                return ()
            rows = self.sheet().rows
            first = next(
                (n for n, (a, b) in enumerate(zip(hands, based, strict=False)) if a != b),
                min(len(hands), len(based)),
            )
            said = [self._row_words(rows, n) for n in range(first, len(hands))][-3:]
            if len(hands) < len(based):
                said.append(self.t.render(Msg("Hand {number} was taken back", number=len(based))))
            return tuple(said)
        if i < len(hands) and i < len(based) and hands[i] == based[i]:
            return ()
        return (self._row_words(self.sheet().rows, i),)

    def _row_words(self, rows: Sequence[Row], index0: int) -> str:
        row = rows[index0]
        return self.t.gettext("Hand {number}: {line}").format(number=row.number, line=row.text)

    def save_anyway(self, revision: int | None = None) -> None:
        """The player saw what changed (:attr:`HandForm.asking`) and saves
        what was typed all the same: as the next hand, or over the hand
        being corrected."""
        form = self.hand
        assert form is not None
        form.based_on = tuple(self.game().hands)
        form.asking = form.moved = ()
        self.save_hand(revision)

    def _backup_reminder(self) -> Msg | None:
        """After a game ends on the phone: "10 games since your last backup"
        each ``backup_every`` games (Settings)."""
        from scorekeeper.settings import load_settings

        from ..backups import finished_games, reminder

        data_dir = getattr(self.store, "data_dir", None)
        if data_dir is None:
            return None
        settings = load_settings(data_dir)
        since = reminder(finished_games(self.store), settings.exported_games, settings.backup_every)
        if since is None:
            return None
        return Msg.plural(
            "{n} game since your last backup: Export and import, then Export all games",
            "{n} games since your last backup: Export and import, then Export all games",
            since,
        )

    def undo(self, revision: int | None = None) -> None:
        assert self.game_id is not None
        hands = len(self.game().hands)
        if not hands:
            raise RuleError("there is no hand to undo")
        self._write(self.store.undo, revision=revision)
        self.error = None
        self.note = None
        self.undone = hands  # shown as "Hand 7 taken back — Redo"

    def undone_text(self) -> str:
        """The snackbar after an undo: "Hand 7 taken back"."""
        if self.undone is None:
            return ""
        if self._partnership_deal(self.undone):
            deal = self.undone // 2
            return self.t.gettext("Deal {number} taken back").format(number=deal)
        return self.t.gettext("Hand {number} taken back").format(number=self.undone)

    def _partnership_deal(self, hands: int) -> bool:
        """Whether an undo with ``hands`` hands on the sheet took back a
        partnership's whole deal (an even count: its two hands)."""
        return self.game().standings.sides is not None and hands % 2 == 0

    def redo(self, revision: int | None = None) -> None:
        """Put back the hand the last undo took back, exactly as it was
        (``revision``: the one the snackbar was shown with)."""
        assert self.game_id is not None
        number = self.undone
        self.undone = None
        if number is None:
            raise RuleError("there is no undone hand to put back")
        self._write(self.store.redo, revision=revision)
        self.error = None
        if self._partnership_deal(number):
            self.note = Msg("Deal {number} is back", number=number // 2)
        else:
            self.note = Msg("Hand {number} is back", number=number)

    def revert_edit(self, index0: int, revision: int | None = None) -> None:
        assert self.game_id is not None
        self._write(self.store.revert_edit, index0, revision=revision)
        self.undone = None
        self.hand = None
        self.screen = "sheet"
        self.error = None
        self.note = Msg("Hand {number} is back to how it was", number=index0 + 1)

    # --- several devices on one game -----------------------------------------------

    def _load(self, gid: GameId) -> None:
        """The game and the revision it is, read together."""
        game, self.revision = self.store.game_with_revision(gid)
        self._set_game(game)

    def _set_game(self, game: Game) -> None:
        if self._sheet is not None:
            # its rows serve the next sheet where the lines are the same objects
            self._previous = self._sheet
        self._game = game
        self._sheet = None
        self.highlight = None  # a mark is for one change, until the next

    def _write(self, method: Callable[..., Any], *args: Any, revision: int | None = None) -> None:
        """A write to the shown game, based on the revision the player saw: the
        one drawn with the button tapped (``revision``), else the one shown."""
        assert self.game_id is not None
        expect = self.revision if revision is None else revision
        try:
            with self.store.locked():  # the revision this write made, no other
                game = method(self.game_id, *args, expect_revision=expect, device=self.device)
                self.revision = self.store.revision(self.game_id)
        except StaleGameError as exc:
            self._stale(exc)
            raise
        self._set_game(game)

    def _stale(self, exc: StaleGameError) -> None:
        """Another device changed the game: show the fresh sheet, keep the form."""
        self.revision = exc.revision
        self._set_game(exc.game)
        self._rebase_form()
        self.note = STALE_SHEET
        if self.hand is not None:
            # the refusal goes on the form (act puts it there); say what is kept
            self.hand.error = None
            self.hand.asking = self._changed_under(self.hand)  # and what changed

    def _rebase_form(self) -> None:
        """The open hand form follows the fresh game; what was typed stays."""
        form = self.hand
        if form is None:
            return
        game = self.game()
        if form.edit_index is not None and form.edit_index >= len(game.hands):
            # the hand being corrected was taken back on another device: what
            # was typed stays, as the next hand's, and Save asks (the form
            # was typed over that hand, so it differs from the sheet now)
            form.edit_index = None
        if game.standings.finished and form.edit_index is None:
            self.hand = None
            self.screen = "sheet"
            return
        form.game = game

    def sync(self) -> bool:
        """Catch up with a change made elsewhere; returns whether anything changed
        for the game on screen (its sheet and any open form are then fresh)."""
        gid = self.game_id
        if gid is None or self.screen not in ("sheet", "hand", "table"):
            return False
        try:
            revision = self.store.revision(gid)
        except UserError:  # deleted on another device
            self.go_home()
            self.error = Msg("That game is not on this device.")
            return True
        if revision == self.revision:
            return False
        self._load(gid)
        self._rebase_form()
        try:
            change = self.store.last_change(gid)
        except UserError:
            change = None
        self.heard = live_message(change)
        self.highlight = changed_hand(change)
        form = self.hand
        if form is not None:  # told at once, on the form (its Save will ask)
            told = [self.t.render(self.heard)]
            if self.highlight is not None and self.highlight <= len(self.sheet().rows):
                told.append(self._row_words(self.sheet().rows, self.highlight - 1))
            form.moved = tuple(told)
            if form.asking:  # what it asks about, as the sheet is now (or no more)
                form.asking = self._changed_under(form)
        return True
