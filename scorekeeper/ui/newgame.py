"""The new-game form as plain Python: format, rules, players, first dealer or draw.

>>> form = NewGameForm()
>>> form.set_preset("oklahoma"); form.rules().target, form.oklahoma
(150, True)
>>> form.set_field("target", "250"); form.preset_name()
'custom'
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine import DECK, PRESETS, Card, RuleError, Rules, card, roles_from_draw

FORMATS = ("standard", "hollywood", "three-hand")
FORMAT_LABELS = {"standard": "Standard", "hollywood": "Hollywood", "three-hand": "Three-hand"}
PRESET_LABELS = {"seed": "Seed rules", "classic": "Classic", "oklahoma": "Oklahoma"}
RANDOM = "random"

#: Whole-number options: (field, label, shown only when this flag is on).
NUMBER_OPTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("target", "Target score", None),
    ("knock_limit", "Knock limit", None),
    ("gin_bonus", "Gin bonus", None),
    ("undercut_bonus", "Undercut bonus", None),
    ("big_gin_bonus", "Big gin bonus", "big_gin"),
    ("game_bonus", "Game bonus", "classic_bonuses"),
    ("box_bonus", "Box bonus (each hand won)", "classic_bonuses"),
)
#: On/off options: (field, label, shown only when this flag is on).
SWITCH_OPTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("big_gin", "Big gin (all 11 cards melded)", None),
    ("oklahoma", "Oklahoma: the upcard sets the knock limit", None),
    ("oklahoma_ace_gin", "Oklahoma: an ace upcard means gin only", "oklahoma"),
    ("oklahoma_spades_double", "Oklahoma: a spade upcard doubles the hand", "oklahoma"),
    ("classic_bonuses", "Classic end-of-game bonuses (game, box, shutout)", None),
)
SHUTOUT_LABELS = {
    "double-all": "Shutout doubles the final score",
    "double-game-bonus": "Shutout doubles the game bonus",
    "off": "No shutout bonus",
}


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

    # --- rules -------------------------------------------------------------

    @property
    def oklahoma(self) -> bool:
        return bool(self.values["oklahoma"])

    def set_format(self, fmt: str) -> None:
        if fmt not in FORMATS:
            raise RuleError(f"unknown format {fmt!r}")
        self.format = fmt
        del self.seats[self.player_count :]
        self.error = None

    @property
    def player_count(self) -> int:
        return 3 if self.format == "three-hand" else 2

    def set_preset(self, name: str) -> None:
        self.values = PRESETS[name].to_dict()
        self.texts.clear()
        self.error = None

    def preset_name(self) -> str:
        try:
            current = self.rules()
        except RuleError:
            return "custom"
        for name, rules in PRESETS.items():
            if rules == current:
                return name
        return "custom"

    def set_field(self, name: str, value: Any) -> None:
        """Set one option; number fields accept the text being typed."""
        self.error = None
        if name == "shutout":
            self.values[name] = str(value)
            return
        default = dataclasses.asdict(Rules())[name]
        if isinstance(default, bool):
            self.values[name] = bool(value)
            return
        text = str(value).strip()
        self.texts[name] = text
        if text.isdigit():
            self.values[name] = int(text)

    def text_of(self, name: str) -> str:
        return self.texts.get(name, str(self.values[name]))

    def rules(self) -> Rules:
        for name, text in self.texts.items():
            if not text.isdigit():
                label = next((lbl for f, lbl, _ in NUMBER_OPTIONS if f == name), name)
                raise RuleError(f"{label}: enter a whole number")
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
            raise RuleError(
                f"{FORMAT_LABELS[self.format]} is for {self.player_count} players: "
                "tap a chosen name to remove it first"
            )
        self.seats.append(Seat(name, player_id))

    def add_new_name(self, saved: Sequence[tuple[str, str]] = ()) -> None:
        """Seat the typed name: an existing saved player of that name, or a new one."""
        name = " ".join(self.new_name.split())
        if not name:
            raise RuleError("type a name first")
        if any(s.name.casefold() == name.casefold() for s in self.seats):
            raise RuleError(f"{name} is already playing")
        if len(self.seats) >= self.player_count:
            raise RuleError(
                f"{FORMAT_LABELS[self.format]} is for {self.player_count} players: "
                "tap a chosen name to remove it first"
            )
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
                raise RuleError(f"enter the card {seat.name} drew (e.g. KS or 7♥)")
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
            return str(exc)
        return f"Box: {roles.box} · Captain: {roles.captain} · Sits out: {roles.sitter}"

    def validate(self) -> Rules:
        """Everything but saving: raises RuleError with the first problem."""
        rules = self.rules()
        if len(self.seats) != self.player_count:
            raise RuleError(
                f"choose {self.player_count} players "
                f"({len(self.seats)} chosen) for {FORMAT_LABELS[self.format]}"
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
