"""The app's state and flows as plain Python (no flet): testable without a client.

The Flet layer (:mod:`scorekeeper.ui.app` and its screen modules) renders
:class:`AppModel` and calls its methods from event handlers through
:meth:`AppModel.act`, which turns a
rule or store refusal into an inline message and any other failure into a
short apology (logged), so no traceback ever reaches the player.

:class:`AppModel` is made of parts kept beside it: its language and messages
(:mod:`~scorekeeper.ui.state.model_messages`) and its writes to the game on screen
(:mod:`~scorekeeper.ui.state.model_writes`); their names are importable from here too.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from scorekeeper.engine import Game, RuleError
from scorekeeper.engine.errors import Msg, UserError
from scorekeeper.i18n import Translator

from ..ports import GameId, StoreLike
from .hand_model import HandForm
from .home_model import GameCard, game_card
from .model_messages import SORRY as SORRY
from .model_messages import STALE_FORM as STALE_FORM
from .model_messages import Message as Message
from .model_messages import Messages
from .model_writes import STALE_SHEET as STALE_SHEET
from .model_writes import GameWrites
from .newgame_model import RANDOM, NewGameForm, Seat, random_draw
from .share import Shared, shared
from .sheet_model import Sheet, build_sheet

#: A game's screens that have an address of their own (routes.py).
GameView = Literal["sheet", "table", "hand"]

RECENT_FINISHED = 8
#: Games in progress on the home screen, most recent first; the rest are a
#: tap away ("All games in progress (n)"), so home stays small (issue #10).
HOME_UNFINISHED = 5


class AppModel(GameWrites, Messages):
    """One session's state.  ``t`` is its language: assigning another
    translator (``model.t = Translator("lv")``) is all it takes to switch, as
    every text is made from the model when the screen is drawn."""

    def __init__(
        self, store: StoreLike, rng: random.Random | None = None, t: Translator | None = None
    ) -> None:
        self.store = store
        self.rng = rng or random.Random()
        self.screen = "home"
        self.unfinished_total = 0  # every game in progress (set by home_games)
        self.game_id: GameId | None = None
        self.new_game: NewGameForm | None = None
        self.hand: HandForm | None = None
        self._t = t or Translator("en")
        #: The inline message on the current screen, and friendly information
        #: (e.g. who was drawn to deal): kept as messages, shown in ``t``'s language.
        self._error: Message | None = None
        self._note: Message | None = None
        #: The last refusal shown on a form (to show it again in a new language).
        self._form_error: tuple[Message, str] | None = None
        #: What the store told at open (repairs, upgrades): kept as messages
        #: (a store notice keeps its template), shown in ``t``'s language.
        self._notices: list[Message] = list(getattr(store, "notices", []) or [])
        self._backup_seen: Any = None  # the failed backup this session dismissed
        #: The phone's browser: remind the player to download an export now
        #: and then (no folder can be backed up into there).
        self.remind_backups = False
        self._game: Game | None = None
        self._sheet: Sheet | None = None
        self._previous: Sheet | None = None
        #: The store's revision of the game on screen: every write is based on
        #: it, and the store refuses it once another device changed the game.
        self.revision: int | None = None
        #: Who this session is, as the store tells the other devices.
        self.device: str | None = None
        #: The number of the hand the last undo took back, while a redo can
        #: still put it back (the snackbar's "Redo"); None otherwise.
        self.undone: int | None = None
        #: Another device's change to the game on screen, to tell once
        #: ("Bob's phone took back hand 7."), and the hand it left to find
        #: (marked on the sheet for a moment); None when there is none.
        self.heard: Message | None = None
        self.highlight: int | None = None
        #: Where the hand form goes back to once saved or cancelled: the
        #: sheet, or the table view it was opened from.
        self.after_hand: str = "sheet"
        #: A Hollywood sheet goes to BG Stats as a play per game (else one play).
        self.share_each_game = False
        self._shared: tuple[tuple[Any, ...], Shared] | None = None

    # --- navigation ---------------------------------------------------------------

    @property
    def route(self) -> str:
        if self.screen == "new":
            return "/new"
        if self.screen in ("sheet", "hand") and self.game_id is not None:
            base = f"/game/{self.game_id}"
            if self.screen == "hand" and self.hand is not None:
                if self.hand.edit_index is not None:
                    return f"{base}/hand/{self.hand.edit_index + 1}"
                return f"{base}/hand"
            return base
        if self.screen == "table" and self.game_id is not None:
            return f"/game/{self.game_id}/table"
        return "/"

    def go_new(self) -> None:
        """The new-game form as it was left (its address: a reload, Back)."""
        if self.new_game is None:
            self.new_game = NewGameForm(t=self.t)
        self.screen = "new"
        self.error = None

    def go_game(self, text: str, view: GameView = "sheet", number: int | None = None) -> None:
        """A game's screen from its address (a link, a reload, Back): its
        sheet, its table view, or the form of a new hand or of hand
        ``number`` (from 1).  A game not on this device (deleted, or
        another's) lands on Home with a notice; a finished game, or a hand
        it does not have, on its sheet."""
        gid = self._find_game(text)
        if gid is None:
            self.go_home()
            self.error = Msg("That game is not on this device.")
            return
        self.open_game(gid)
        if view == "table":
            self.open_table()
        elif view == "hand" and not self.sheet().finished:
            index = number - 1 if number is not None else None
            if index is None or 0 <= index < len(self.game().hands):
                self.open_hand(index)

    def _find_game(self, text: str) -> GameId | None:
        """The game of an address, when it is one and not deleted (even the
        one last shown: it may have been deleted on another device since)."""
        try:  # one index entry, not the whole history
            s = self.store.summary(text)
        except UserError:
            return None
        return None if getattr(s, "deleted", False) else s.id

    def go_home(self) -> None:
        self.screen = "home"
        self.hand = None
        self.error = None
        self.note = None

    def home_games(self) -> tuple[list[GameCard], list[GameCard]]:
        """(the most recent unfinished games, the most recent finished games),
        newest first; :attr:`unfinished_total` counts every unfinished game."""
        t = self.t
        # a page each: no summary is made for the rest of the history
        self.unfinished_total, found = self.store.page_games(0, HOME_UNFINISHED, finished=False)
        unfinished = [game_card(s, t) for s in found]
        done = [
            game_card(s, t) for s in self.store.page_games(0, RECENT_FINISHED, finished=True)[1]
        ]
        return unfinished, done

    # --- new game --------------------------------------------------------------------

    def open_new(self, like: Game | None = None) -> None:
        form = NewGameForm(t=self.t)
        if like is not None:
            form.format = like.format.value
            form.values = like.rules.to_dict()
            form.money = form.currency_set = like.rules.stake > 0
            form.seats = [Seat(like.names.get(p, p), p) for p in like.players]
        self.new_game = form
        self.screen = "new"
        self.error = None
        self.note = None

    def saved_players(self) -> list[tuple[str, str]]:
        return [(p.id, p.name) for p in self.store.players()]

    def add_typed_player(self) -> None:
        assert self.new_game is not None
        self.new_game.add_new_name(self.saved_players())

    def start_game(self) -> None:
        form = self.new_game
        assert form is not None
        rules = form.validate()
        ids: list[str] = []
        for seat in form.seats:
            if seat.id is None:
                seat.id = self.store.add_player(seat.name).id
            ids.append(seat.id)
        names = {s.id: s.name for s in form.seats if s.id is not None}
        note: Msg
        if form.spec.roles:
            cards = random_draw(self.rng) if form.draw_mode == RANDOM else form.drawn_cards()
            gid = self.store.create_game(form.format, ids, rules, draw=[c.code for c in cards])
            drawn = ", ".join(f"{names[i]} {c}" for i, c in zip(ids, cards, strict=True))
            if form.draw_mode == RANDOM:
                note = Msg("The app drew: {cards}", cards=drawn)
            else:
                note = Msg("Drawn: {cards}", cards=drawn)
        elif form.spec.sides:  # two tables, each dealing by itself: no first dealer
            gid = self.store.create_game(form.format, ids, rules)
            a, b, c, d = (names[i] for i in ids)
            note = Msg(
                "{first} v {second} and {third} v {fourth} play first",
                first=a,
                second=b,
                third=c,
                fourth=d,
            )
        else:
            dealer: str | None
            if form.first_dealer == RANDOM:
                dealer = self.rng.choice(ids)
                note = Msg("The app drew {name} to deal first", name=names[dealer])
            else:
                dealer = next(s.id for s in form.seats if s.name == form.first_dealer)
                assert dealer is not None
                note = Msg("{name} deals first", name=names[dealer])
            gid = self.store.create_game(form.format, ids, rules, first_dealer=dealer)
        self.new_game = None
        self.open_game(gid)
        self.note = note

    def play_again(self) -> None:
        """Same players, same rules, a fresh game (the dealer or roles drawn anew)."""
        g = self.game()
        form = NewGameForm(format=g.format.value, values=g.rules.to_dict(), t=self.t)
        form.seats = [Seat(g.names.get(p, p), p) for p in g.players]
        self.new_game = form
        self.screen = "new"
        self.start_game()

    new_series = play_again

    # --- the game -----------------------------------------------------------------------

    def open_game(self, gid: GameId) -> None:
        if gid != self.game_id:
            self.note = None
            self.undone = None
        self.game_id = gid
        self._load(gid)
        self.screen = "sheet"
        self.hand = None
        self.error = None

    def game(self) -> Game:
        if self._game is None:
            assert self.game_id is not None
            self._load(self.game_id)
        assert self._game is not None
        return self._game

    def sheet(self) -> Sheet:
        """The current game's sheet in the session's language (built once per change)."""
        if self._sheet is None or self._sheet.language != self.t.code:
            self._sheet = build_sheet(self.game(), self.t, self._previous)
            self._previous = None
        return self._sheet

    def shared(self) -> Shared:
        """What the game-over card's sharing buttons carry (made once per
        change of the game, the language or the Hollywood choice)."""
        gid = self.game_id
        assert gid is not None
        key = (gid, self.revision, self.t.code, self.share_each_game)
        if self._shared is None or self._shared[0] != key:
            made = shared(
                gid,
                self.game(),
                self.store.summary(str(gid)),
                self.t,
                each_game=self.share_each_game,
                sheet=self.sheet(),
            )
            self._shared = (key, made)
        return self._shared[1]

    def toggle_share_each_game(self) -> None:
        self.share_each_game = not self.share_each_game

    def open_hand(
        self, edit_index: int | None = None, result: str | None = None, by: str | None = None
    ) -> None:
        """The hand form; ``result`` (and ``by``): the result tapped on the sheet,
        chosen in it ("Bob knocked": "knock" by Bob)."""
        g = self.game()
        if edit_index is None and g.standings.finished:
            raise RuleError("this game is over: start a new one")
        form = HandForm(g, edit_index, t=self.t)
        if result is not None:
            form.begin(result, by)
        self.hand = form
        self.after_hand = "table" if self.screen == "table" else "sheet"
        self.screen = "hand"
        self.error = None
        self.note = None

    def cancel_hand(self) -> None:
        self.hand = None
        self.screen = self.after_hand
        self.error = None

    # --- the table view ----------------------------------------------------------

    def open_table(self) -> None:
        """The totals in big numbers, for everyone at the table to read."""
        assert self.game_id is not None
        self.hand = None
        self.screen = "table"
        self.error = None

    def close_table(self) -> None:
        self.screen = "sheet"

    def versions(self, index0: int) -> int:
        assert self.game_id is not None
        try:
            return len(self.store.hand_versions(self.game_id, index0))
        except UserError:
            return 1

    def reload(self) -> None:
        if self.game_id is not None:
            self._load(self.game_id)
