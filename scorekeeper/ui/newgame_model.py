"""The new-game form as plain Python: format, rules, players, first dealer or draw.

>>> form = NewGameForm()
>>> form.set_preset("oklahoma"); form.rules().target, form.oklahoma
(150, True)
>>> form.set_field("target", "250"); form.preset_name()
'custom'
>>> form.t = Translator("fi"); form.format_labels()["three-hand"]
'Kolmen pelaajan peli'
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine import DECK, PRESETS, Card, RuleError, Rules, card, roles_from_draw
from scorekeeper.engine.errors import N_, Msg
from scorekeeper.i18n import Translator

# The labels below are msgids: the screen shows them through the form's
# translator (the methods of NewGameForm give them translated).
FORMATS = ("standard", "hollywood", "three-hand")
FORMAT_LABELS = {
    "standard": N_("Standard"),
    "hollywood": N_("Hollywood"),
    "three-hand": N_("Three-hand"),
}
#: The presets as players name them (the keys are public API and stay):
#: "Standard" has no end-of-game bonuses, "Classic" adds game, line and shutout.
PRESET_LABELS = {"seed": N_("Standard"), "classic": N_("Classic"), "oklahoma": N_("Oklahoma")}
#: Who deals after a won hand (a draw: the same dealer; three-hand: the box).
DEALER_LABELS = {
    "winner": N_("Winner deals"),
    "loser": N_("Loser deals"),
    "alternate": N_("Deal alternates"),
}
#: The longest name a player may have (the store refuses longer ones too).
MAX_NAME = 40
RANDOM = "random"

#: Whole-number options: (field, label, shown only when this flag is on).
NUMBER_OPTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("target", N_("Target score"), None),
    ("knock_limit", N_("Knock limit"), None),
    ("gin_bonus", N_("Gin bonus"), None),
    ("undercut_bonus", N_("Undercut bonus"), None),
    ("big_gin_bonus", N_("Big gin bonus"), "big_gin"),
    ("game_bonus", N_("Game bonus"), "classic_bonuses"),
    ("box_bonus", N_("Line bonus (per hand won)"), "classic_bonuses"),
)
#: On/off options: (field, label, shown only when this flag is on).
SWITCH_OPTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("big_gin", N_("Big gin (all 11 cards melded)"), None),
    ("oklahoma", N_("Oklahoma: the upcard sets the knock limit"), None),
    ("oklahoma_ace_gin", N_("Oklahoma: an ace upcard means gin only"), "oklahoma"),
    ("oklahoma_spades_double", N_("Oklahoma: a spade upcard doubles the hand"), "oklahoma"),
    ("classic_bonuses", N_("Classic end-of-game bonuses (game, line, shutout)"), None),
)
SHUTOUT_LABELS = {
    "double-all": N_("Shutout doubles the final score"),
    "double-game-bonus": N_("Shutout doubles the game bonus"),
    "off": N_("No shutout bonus"),
}


def _too_many(fmt: str, n: int) -> RuleError:
    return RuleError(
        Msg.plural(
            "{format} is for {n} player: tap a chosen name to remove it first",
            "{format} is for {n} players: tap a chosen name to remove it first",
            n,
            format=Msg(FORMAT_LABELS[fmt]),
        )
    )


@dataclass
class Seat:
    """A chosen player: an existing id, or a new name to save at start."""

    name: str
    id: str | None = None


@dataclass
class NewGameForm:
    format: str = "standard"
    values: dict[str, Any] = field(default_factory=lambda: PRESETS["seed"].to_dict())
    #: Raw text of number fields the player is typing (may be invalid for a moment).
    texts: dict[str, str] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    new_name: str = ""
    first_dealer: str = RANDOM  # a seat name, or RANDOM
    draw_mode: str = RANDOM  # RANDOM or "cards"
    draw_texts: dict[str, str] = field(default_factory=dict)  # seat name -> card text
    error: str | None = None
    #: Problems shown beside the field they concern ("new_name", "players", or
    #: a number option's name), set only once the player has acted there.
    field_errors: dict[str, str] = field(default_factory=dict)
    #: The language of every text the form makes.
    t: Translator = field(default_factory=lambda: Translator("en"), repr=False, compare=False)

    # --- words for the screen ------------------------------------------------

    def format_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in FORMAT_LABELS.items()}

    def preset_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in PRESET_LABELS.items()}

    def dealer_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in DEALER_LABELS.items()}

    def shutout_labels(self) -> dict[str, str]:
        return {key: self.t.gettext(label) for key, label in SHUTOUT_LABELS.items()}

    def number_options(self) -> list[tuple[str, str, str | None]]:
        """:data:`NUMBER_OPTIONS` with the labels in the form's language."""
        return [(name, self.t.gettext(label), needs) for name, label, needs in NUMBER_OPTIONS]

    def switch_options(self) -> list[tuple[str, str, str | None]]:
        """:data:`SWITCH_OPTIONS` with the labels in the form's language."""
        return [(name, self.t.gettext(label), needs) for name, label, needs in SWITCH_OPTIONS]

    def players_heading(self) -> str:
        """E.g. "Players (1 of 2)"."""
        return self.t.ngettext(
            "Players ({chosen} of {n})", "Players ({chosen} of {n})", self.player_count
        ).format(chosen=len(self.seats), n=self.player_count)

    def playing_line(self) -> str:
        """E.g. "Playing: Ann, Bob" (empty when nobody is chosen yet)."""
        if not self.seats:
            return ""
        names = ", ".join(s.name for s in self.seats)
        return self.t.gettext("Playing: {names}").format(names=names)

    # --- rules -------------------------------------------------------------

    @property
    def oklahoma(self) -> bool:
        return bool(self.values["oklahoma"])

    def set_format(self, fmt: str) -> None:
        if fmt not in FORMATS:
            raise RuleError("unknown format {format}", format=repr(fmt))
        self.format = fmt
        del self.seats[self.player_count :]
        self.error = None

    @property
    def player_count(self) -> int:
        return 3 if self.format == "three-hand" else 2

    def set_preset(self, name: str) -> None:
        dealer = self.values.get("dealer", "winner")  # the deal is not part of a preset
        self.values = PRESETS[name].to_dict()
        self.values["dealer"] = dealer
        self.texts.clear()
        self.error = None
        for key in [k for k in self.field_errors if k in self.values]:
            del self.field_errors[key]

    def preset_name(self) -> str:
        try:
            current = self.rules()
        except RuleError:
            return "custom"
        for name, rules in PRESETS.items():
            if rules == current.replace(dealer=rules.dealer):
                return name
        return "custom"

    def set_field(self, name: str, value: Any) -> None:
        """Set one option; number fields accept the text being typed."""
        self.error = None
        if name in ("shutout", "dealer"):
            self.values[name] = str(value)
            return
        default = dataclasses.asdict(Rules())[name]
        if isinstance(default, bool):
            self.values[name] = bool(value)
            return
        text = str(value).strip()
        self.texts[name] = text
        self.field_errors.pop(name, None)
        try:
            self.values[name] = self._number(name, text)
        except RuleError as exc:
            self.field_errors[name] = self.t.render(exc)

    def _number(self, name: str, text: str) -> int:
        """A number option's value, refused (never rewritten) if it is not a
        whole number in the option's range: "-100" is not 100, "1e3" not 13."""
        label = next((Msg(lbl) for f, lbl, _ in NUMBER_OPTIONS if f == name), name)
        if not (text.isascii() and text.isdigit()):
            if not text:
                raise RuleError("{label}: enter a whole number", label=label)
            raise RuleError("{label}: enter a whole number, not “{text}”", label=label, text=text)
        value = int(text)
        Rules().replace(**{name: value})  # the option's own range check
        return value

    def text_of(self, name: str) -> str:
        return self.texts.get(name, str(self.values[name]))

    def rules(self) -> Rules:
        for name, text in self.texts.items():
            self._number(name, text)
        values = dict(self.values)
        if self.format != "hollywood":
            values["hollywood_rolling"] = False
        return Rules.from_dict(values)

    # --- players -----------------------------------------------------------

    def toggle_player(self, player_id: str, name: str) -> None:
        self.error = None
        for seat in self.seats:
            if seat.id == player_id:
                self.seats.remove(seat)
                self._forget(seat.name)
                return
        if len(self.seats) >= self.player_count:
            raise _too_many(self.format, self.player_count)
        self.seats.append(Seat(name, player_id))

    def add_typed(self, saved: Sequence[tuple[str, str]] = ()) -> None:
        """:meth:`add_new_name`, with a refusal shown beside the name field."""
        self.field_errors.pop("new_name", None)
        try:
            self.add_new_name(saved)
        except RuleError as exc:
            self.field_errors["new_name"] = self.t.render(exc)

    def toggle(self, player_id: str, name: str) -> None:
        """:meth:`toggle_player`, with a refusal shown beside the players."""
        self.field_errors.pop("players", None)
        try:
            self.toggle_player(player_id, name)
        except RuleError as exc:
            self.field_errors["players"] = self.t.render(exc)

    def add_new_name(self, saved: Sequence[tuple[str, str]] = ()) -> None:
        """Seat the typed name: an existing saved player of that name, or a new one.

        The name is kept as typed, only trimmed ("von Neumann" stays so).

        >>> f = NewGameForm(new_name="  von Neumann "); f.add_new_name(); f.seats[0].name
        'von Neumann'
        >>> f.new_name = "x" * 41; f.add_new_name()
        Traceback (most recent call last):
        ...
        scorekeeper.engine.errors.RuleError: that name is too long (41 letters, 40 at most)
        """
        name = self.new_name.strip()
        if not name:
            raise RuleError("type a name first")
        if len(name) > MAX_NAME:
            raise RuleError(
                Msg.plural(
                    "that name is too long ({n} letter, {most} at most)",
                    "that name is too long ({n} letters, {most} at most)",
                    len(name),
                    most=MAX_NAME,
                )
            )
        if any(s.name.casefold() == name.casefold() for s in self.seats):
            raise RuleError("{name} is already playing", name=name)
        if len(self.seats) >= self.player_count:
            raise _too_many(self.format, self.player_count)
        for pid, pname in saved:
            if pname.casefold() == name.casefold():
                self.seats.append(Seat(pname, pid))
                break
        else:
            self.seats.append(Seat(name))
        self.new_name = ""
        self.error = None

    def _forget(self, name: str) -> None:
        if self.first_dealer == name:
            self.first_dealer = RANDOM
        self.draw_texts.pop(name, None)

    def is_seated(self, player_id: str) -> bool:
        return any(s.id == player_id for s in self.seats)

    # --- dealer / three-hand draw ------------------------------------------

    def drawn_cards(self) -> list[Card]:
        """The cards entered for the three-hand draw (seat order)."""
        out: list[Card] = []
        for seat in self.seats:
            text = self.draw_texts.get(seat.name, "").strip()
            if not text:
                raise RuleError("enter the card {name} drew (e.g. KS or 7♥)", name=seat.name)
            out.append(card(text))
        if len({c for c in out}) != len(out):
            raise RuleError("two players can't draw the same card")
        return out

    def roles_preview(self) -> str | None:
        """Who will be box / captain / sitter with the entered cards, or the problem."""
        if self.format != "three-hand" or self.draw_mode == RANDOM or len(self.seats) != 3:
            return None
        try:
            roles = roles_from_draw([s.name for s in self.seats], self.drawn_cards())
        except RuleError as exc:
            return self.t.render(exc)
        return self.t.gettext("Box: {box} · Captain: {captain} · Sits out: {sitter}").format(
            box=roles.box, captain=roles.captain, sitter=roles.sitter
        )

    def validate(self) -> Rules:
        """Everything but saving: raises RuleError with the first problem."""
        rules = self.rules()
        if len(self.seats) != self.player_count:
            raise RuleError(
                Msg.plural(
                    "choose {n} player ({chosen} chosen) for {format}",
                    "choose {n} players ({chosen} chosen) for {format}",
                    self.player_count,
                    chosen=len(self.seats),
                    format=Msg(FORMAT_LABELS[self.format]),
                )
            )
        if self.format == "three-hand" and self.draw_mode != RANDOM:
            roles_from_draw([s.name for s in self.seats], self.drawn_cards())
        return rules


def random_draw(rng: random.Random, n: int = 3) -> list[Card]:
    """``n`` cards of different ranks (a real tie would be redrawn anyway).

    >>> cards = random_draw(random.Random(1)); len({c.rank for c in cards})
    3
    """
    while True:
        cards = rng.sample(DECK, n)
        if len({c.rank for c in cards}) == n:
            return cards
