"""The hand-entry form as plain Python: quick entry, deadwood cards, full hands.

It only builds an engine :class:`Hand` from what was tapped and asks the
engine for a preview; every rule and every message comes from the engine.
:class:`HandForm` is made of parts kept beside it: the keypad of a quick
entry (:mod:`~scorekeeper.ui.state.hand_keypad`), the card grid
(:mod:`~scorekeeper.ui.state.hand_cards`) and the preview's words
(:mod:`~scorekeeper.ui.state.hand_preview`); their names are importable from here too.

>>> from scorekeeper.engine import Format, Game
>>> g = Game(Format.STANDARD, ["a", "b"], names={"a": "Ann", "b": "Bob"}, first_dealer="a")
>>> f = HandForm(g); f.begin("gin", "a"); f.set_count("defender", "12")
>>> f.preview().headline
'Ann went gin (12): Ann +37'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.engine import (
    Card,
    Claim,
    Entry,
    Game,
    Hand,
    Line,
    Outcome,
    RuleError,
    cards_value,
    deal_pairings,
    knock_limit,
)
from scorekeeper.engine.errors import N_, Msg, Unfinished
from scorekeeper.i18n import Translator

from .hand_cards import CardTaps
from .hand_cards import deck_by_suit as deck_by_suit
from .hand_keypad import MAX_DIGITS as MAX_DIGITS
from .hand_keypad import Keypad
from .hand_preview import Preview as Preview
from .hand_preview import line_preview
from .sheet_labels import ENGLISH, name_of
from .sheet_rules import upcard_info

#: The ways to enter a hand, with their labels (msgids: translate them with ``t``).
MODES = {"quick": N_("Quick"), "deadwood": N_("Deadwood cards"), "cards": N_("Full hands")}
#: The results of a quick entry, with their labels (msgids).
RESULT_LABELS = {
    "knock": N_("Knock"),
    "gin": N_("Gin"),
    "big-gin": N_("Big gin"),
    "undercut": N_("Undercut"),
    "draw": N_("Draw"),
}


def scratch_copy(game: Game) -> Game:
    """An unsaved copy of ``game`` to try an edit on."""
    return Game(
        game.format,
        game.players,
        game.rules,
        first_dealer=game.first_dealer if game.roles is None else None,
        roles=game.roles,
        hands=game.hands,
        names=game.names,
    )


@dataclass
class HandForm(Keypad, CardTaps):
    game: Game
    edit_index: int | None = None
    mode: str = "quick"
    knocker: str | None = None
    result: str = "knock"
    k_text: str = ""
    d_text: str = ""
    active: str = "knocker"  # which count the keypad types into
    #: The next digit replaces the active count instead of extending it (the
    #: count was finished, loaded from the saved hand, or just selected).
    fresh: bool = False
    #: Oklahoma: gin was chosen by an ace upcard, not by the player (another
    #: upcard gives the knock back).
    ace_chose_gin: bool = False
    upcard: Card | None = None
    knocker_cards: list[Card] = field(default_factory=list)
    defender_cards: list[Card] = field(default_factory=list)
    tapping: str = "knocker"  # whose cards a tap on the grid goes to
    error: str | None = None
    #: Oklahoma: the card grid picks the upcard (asked first).
    picking_upcard: bool = False
    #: Deadwood-cards mode: the players ("knocker", "defender") said to have no
    #: deadwood; an empty tap list means "not entered yet", not "none".
    no_deadwood: set[str] = field(default_factory=set)
    #: Whether the player has done anything yet: a refusal shows as an error
    #: only then (a blank form is not wrong, only unfinished).
    touched: bool = False
    #: Whether Save was tapped: from then on even "still to enter" is an error.
    save_tried: bool = False
    #: The language of every text the form makes.
    t: Translator = field(default=ENGLISH, repr=False, compare=False)
    #: The game's hands the form is typed over: as they were when it opened,
    #: or when the player last chose after another device changed them.  A
    #: Save over other hands records nothing before the player has chosen
    #: (:meth:`~scorekeeper.ui.state.model_writes.GameWrites.save_hand`).
    based_on: tuple[Hand, ...] | None = field(default=None, repr=False, compare=False)
    #: What another device changed while the form was open, in words (its
    #: notice, and the hand's line): shown on the form at once.
    moved: tuple[str, ...] = ()
    #: Save found the hands changed under the form: it shows what is on the
    #: sheet now beside what was typed, and asks (save mine too, or drop it).
    asking: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.based_on is None:
            self.based_on = tuple(self.game.hands)
        if self.edit_index is not None:
            self._load(self.game.hands[self.edit_index])
            self.fresh = True  # typing into a saved count starts it over
        self.picking_upcard = self.game.rules.oklahoma and self.upcard is None

    def _load(self, hand: Hand) -> None:
        self.mode = {
            Entry.RESULT: "quick",
            Entry.DEADWOOD_CARDS: "deadwood",
            Entry.FULL_HANDS: "cards",
        }[hand.entry]
        self.knocker = hand.by
        self.upcard = hand.upcard
        claim = hand.claim
        self.result = claim.value if claim is not None else "knock"
        if hand.entry is Entry.RESULT and claim is not Claim.DRAW:
            self.k_text = str(hand.knocker_deadwood or 0)
            self.d_text = str(hand.defender_deadwood or 0)
        self.knocker_cards = list(hand.knocker_cards)
        self.defender_cards = list(hand.defender_cards)
        if hand.entry is Entry.DEADWOOD_CARDS:
            taps = {"knocker": self.knocker_cards, "defender": self.defender_cards}
            self.no_deadwood = {who for who, cards in taps.items() if not cards}

    # --- who plays this hand ----------------------------------------------

    @property
    def names(self) -> dict[str, str]:
        return {p: name_of(self.game.names, p) for p in self.game.players}

    def _standings_before(self) -> tuple[str | None, tuple[str, ...]]:
        """(dealer, players who may knock) for the hand being entered."""
        st = self.game.standings
        if st.sides is not None:  # partnership: the pairing at this hand's table
            n = len(st.lines) if self.edit_index is None else self.edit_index % len(st.lines)
            return None, deal_pairings(st.sides, n // 2)[n % 2]
        if self.edit_index is not None:
            line = st.lines[self.edit_index]
            roles, dealer = line.roles, line.dealer
        else:
            roles, dealer = st.roles, st.next_dealer
        if roles is not None:
            return dealer, (roles.box, roles.captain)
        return dealer, tuple(self.game.players)

    @property
    def dealer(self) -> str | None:
        return self._standings_before()[0]

    def candidates(self) -> tuple[str, ...]:
        return self._standings_before()[1]

    def defender(self) -> str | None:
        if self.knocker is None:
            return None
        others = [p for p in self.candidates() if p != self.knocker]
        return others[0] if others else None

    # --- words for the screen ------------------------------------------------

    def mode_labels(self) -> dict[str, str]:
        """The entry modes and their labels in the form's language."""
        return {key: self.t.gettext(label) for key, label in MODES.items()}

    def result_labels(self) -> dict[str, str]:
        """The quick-entry results and their labels in the form's language."""
        return {key: self.t.gettext(label) for key, label in RESULT_LABELS.items()}

    def heading(self) -> str:
        """ "Hand 3" when correcting hand 3, else "Hand"."""
        if self.edit_index is None:
            return self.t.gettext("Hand")
        return self.t.gettext("Hand {number}").format(number=self.edit_index + 1)

    def dealt_line(self) -> str:
        """E.g. "Ann dealt this hand" (a partnership's: the deal and table)."""
        st = self.game.standings
        if st.sides is not None:
            n = len(st.lines) if self.edit_index is None else self.edit_index % len(st.lines)
            first, second = deal_pairings(st.sides, n // 2)[n % 2]
            # a line of its own, so a capital (the sheet's "· deal 2: …" has none)
            return self.t.gettext("Deal {deal}: {first} v {second}").format(
                deal=n // 2 + 1, first=self.names[first], second=self.names[second]
            )
        return self.t.gettext("{name} dealt this hand").format(
            name=self.names.get(self.dealer or "", "?")
        )

    def role_name(self, who: str) -> str:
        """The knocker's or the defender's name, or the role's name until one is chosen."""
        pid = self.knocker if who == "knocker" else self.defender()
        if pid:
            return name_of(self.game.names, pid)
        return self.t.gettext("Knocker") if who == "knocker" else self.t.gettext("Defender")

    def deadwood_label(self, who: str) -> str:
        """The label of a deadwood count: "Ann's deadwood"."""
        return self.t.gettext("{name}'s deadwood").format(name=self.role_name(who))

    def result_options(self) -> list[str]:
        opts = ["knock", "gin"]
        if self.game.rules.big_gin:
            opts.append("big-gin")
        return [*opts, "undercut", "draw"]

    # --- inputs --------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Switch the way of entry; what the cards tapped so far say is kept
        as the counts (a full hand's deadwood is not lost to the keypad)."""
        if mode not in MODES:
            raise RuleError("unknown entry mode {mode}", mode=repr(mode))
        if mode == "quick" and self.mode != "quick":
            self._counts_from_cards()
        self.mode = mode
        self.error = None
        self.touched = True
        if mode != "quick" and self.result not in ("knock", "big-gin"):
            self.result = "knock"
        self._ace_rule()

    def _counts_from_cards(self) -> None:
        """The counts (and result) of the cards entered, for the keypad: the
        engine's if the hand builds, else the tapped deadwood cards' sums."""
        try:
            line, _ = self.scored_line()
        except RuleError:
            line = None
        if line is not None and line.result.outcome is not Outcome.DRAW:
            r = line.result
            self.result = {
                Outcome.GIN: "gin",
                Outcome.BIG_GIN: "big-gin",
                Outcome.UNDERCUT: "undercut",
            }.get(r.outcome, "knock")
            self.k_text, self.d_text = str(r.knocker_deadwood), str(r.defender_deadwood)
        elif self.mode == "deadwood":
            for who, cards in (("knocker", self.knocker_cards), ("defender", self.defender_cards)):
                if cards or who in self.no_deadwood:
                    text = str(cards_value(cards))
                    if who == "knocker":
                        self.k_text = text
                    else:
                        self.d_text = text
        else:
            return
        self.active = "knocker" if self.result not in ("gin", "big-gin") else "defender"
        self.fresh = True

    def begin(self, result: str, by: str | None = None) -> None:
        """The result tapped on the sheet ("Bob knocked", "Bob gin", "Draw"):
        chosen, with the keypad on the first count still to enter."""
        if result != "draw" and by is not None:
            self.set_knocker(by)
        self.set_result(result)
        if result not in ("gin", "big-gin"):
            self.active = "knocker"

    def set_knocker(self, pid: str) -> None:
        if pid not in self.candidates():
            raise RuleError("{name} can't knock this hand", name=name_of(self.game.names, pid))
        self.knocker = pid
        self.error = None
        self.touched = True

    def set_result(self, result: str) -> None:
        if result not in RESULT_LABELS:
            raise RuleError("unknown result {result}", result=repr(result))
        was_gin = self.result in ("gin", "big-gin")
        self.result = result
        self.ace_chose_gin = False
        if result in ("gin", "big-gin"):
            self.k_text = "0"
            self.active = "defender"
            self.fresh = bool(self.d_text)
        elif was_gin and result != "draw" and self.k_text == "0":
            # gin's 0 was never typed: the knock's own count is still to enter
            self.k_text = ""
            self.active = "knocker"
            self.fresh = False
        if result == "draw":
            self.knocker = None
        self.error = None
        self.touched = True

    def gin_only(self) -> bool:
        """Oklahoma with an ace upcard (when the rule is on): only gin may end the hand."""
        rules = self.game.rules
        return (
            rules.oklahoma and self.upcard is not None and knock_limit(rules, self.upcard)[0] == 0
        )

    def set_upcard(self, c: Card | None) -> None:
        self.upcard = c
        self.picking_upcard = c is None and self.game.rules.oklahoma
        self.error = None
        self._ace_rule()

    def _ace_rule(self) -> None:
        """Oklahoma's ace: gin chosen for the player (the only result it allows);
        another upcard gives the knock back."""
        if self.mode != "quick":
            return
        if self.gin_only() and self.result in ("knock", "undercut"):
            self.set_result("gin")
            self.ace_chose_gin = True
        elif self.ace_chose_gin and self.result == "gin" and not self.gin_only():
            self.set_result("knock")

    def choose_upcard(self) -> None:
        """Show the grid to (re)pick the upcard."""
        self.picking_upcard = True

    def shows_as_error(self, p: Preview) -> bool:
        """Whether the preview's refusal is shown as an error (red): not on a
        blank form, and not a "still to enter" prompt before Save was tapped."""
        if p.error is None:
            return False
        return self.save_tried or (self.touched and not p.unfinished)

    @property
    def needs_upcard(self) -> bool:
        return self.game.rules.oklahoma and self.upcard is None

    def upcard_text(self) -> str:
        return upcard_info(self.game.rules, self.upcard, self.t)

    # --- the hand and its preview ----------------------------------------------

    def _count(self, text: str, who: str) -> int:
        if not text:
            if who == "knocker":
                raise Unfinished("enter the knocker's deadwood")
            raise Unfinished("enter the defender's deadwood")
        return int(text)

    def build(self) -> Hand:
        """The engine hand for what was entered (RuleError if incomplete)."""
        if self.game.rules.oklahoma and self.upcard is None:
            raise Unfinished("Oklahoma: enter the upcard first, it sets the knock limit")
        up = self.upcard
        if self.mode == "quick" and self.result == "draw":
            return Hand.draw(up)
        if self.knocker is None:
            raise Unfinished("say who knocked")
        by = self.knocker
        if self.mode == "quick":
            if self.result in ("gin", "big-gin"):
                d = self._count(self.d_text, "defender")
                make = Hand.gin if self.result == "gin" else Hand.big_gin
                return make(by, d, up)
            k = self._count(self.k_text, "knocker")
            d = self._count(self.d_text, "defender")
            if self.result == "undercut":
                return Hand.undercut(by, k, d, up)
            return Hand.knock(by, k, d, up)
        claim = Claim.BIG_GIN if self.result == "big-gin" else None
        if self.mode == "deadwood":
            for who, cards in (("knocker", self.knocker_cards), ("defender", self.defender_cards)):
                if not cards and who not in self.no_deadwood:
                    # nothing tapped is not "no deadwood": that must be said
                    raise Unfinished(Msg("tap {name}'s deadwood", name=self.role_name(who)))
            return Hand.from_deadwood(by, self.knocker_cards, self.defender_cards, up, claim)
        n = len(self.knocker_cards)
        if not self.game.rules.big_gin and n not in (10, 11):
            # the engine's own words offer big gin, which this game does not play
            raise Unfinished(
                Msg.plural(
                    "the knocker's hand has {n} card: tap 10",
                    "the knocker's hand has {n} cards: tap 10",
                    n,
                )
            )
        return Hand.from_cards(by, self.knocker_cards, self.defender_cards, up, claim)

    def scored_line(self) -> tuple[Line, Game]:
        hand = self.build()
        if self.edit_index is None:
            return self.game.preview(hand), self.game
        trial = scratch_copy(self.game).edit(self.edit_index, hand)
        return trial.standings.lines[self.edit_index], trial

    def preview(self) -> Preview:
        try:
            line, _ = self.scored_line()
        except RuleError as exc:
            return Preview(error=self.t.render(exc), unfinished=isinstance(exc, Unfinished))
        return line_preview(line, self.game, self.t)
