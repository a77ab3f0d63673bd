"""The new-game form as plain Python: format, rules, players, first dealer or draw.

>>> form = NewGameForm()
>>> form.set_preset("oklahoma"); form.rules().target, form.oklahoma
(150, True)
>>> form.set_field("target", "250"); form.preset_name()
'custom'
>>> form.t = Translator("fi"); form.format_labels()[Format.THREE_HAND.value]
'Kolmen pelaajan peli'

The form is made of parts kept beside it: the options it offers and their
labels (:mod:`~scorekeeper.ui.state.newgame_options`) and the stake of a game
played for money (:mod:`~scorekeeper.ui.state.newgame_stake`); their names are
importable from here too.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine import (
    DECK,
    PRESETS,
    Card,
    Format,
    FormatSpec,
    RuleError,
    Rules,
    card,
    format_spec,
    roles_from_draw,
)
from scorekeeper.engine.errors import Msg
from scorekeeper.i18n import Translator
from scorekeeper.settings import FORMATS as FORMATS  # the formats offered, by name

from .newgame_options import DEALER_LABELS as DEALER_LABELS
from .newgame_options import NOT_PRESET as NOT_PRESET
from .newgame_options import NUMBER_OPTIONS as NUMBER_OPTIONS
from .newgame_options import PRESET_LABELS as PRESET_LABELS
from .newgame_options import SHUTOUT_LABELS as SHUTOUT_LABELS
from .newgame_options import SWITCH_OPTIONS as SWITCH_OPTIONS
from .newgame_options import OptionLabels
from .newgame_stake import CURRENCIES as CURRENCIES
from .newgame_stake import MAX_STAKE_TEXT as MAX_STAKE_TEXT
from .newgame_stake import STAKE_LABEL as STAKE_LABEL
from .newgame_stake import StakeEntry

#: The longest name a player may have (the store refuses longer ones too).
MAX_NAME = 40
RANDOM = "random"


def _too_many(fmt: str, n: int) -> RuleError:
    return RuleError(
        Msg.plural(
            "{format} is for {n} player: tap a chosen name to remove it first",
            "{format} is for {n} players: tap a chosen name to remove it first",
            n,
            format=Msg(format_spec(fmt).label),
        )
    )


@dataclass
class Seat:
    """A chosen player: an existing id, or a new name to save at start."""

    name: str
    id: str | None = None


@dataclass
class NewGameForm(OptionLabels, StakeEntry):
    format: str = Format.STANDARD.value
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
    #: Played for money: the stake is ``values["stake"]`` (the smallest unit
    #: of ``values["currency"]``) as last typed right, ``stake_text`` the text
    #: being typed (None: shown from the value).
    money: bool = False
    stake_text: str | None = None
    #: The player picked the currency (else the language's own is offered).
    currency_set: bool = False
    #: The language of every text the form makes.
    t: Translator = field(default_factory=lambda: Translator("en"), repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.values.get("stake", 0) > 0:  # the rules of a game played for money
            self.money = self.currency_set = True

    # --- words for the screen ------------------------------------------------

    def players_heading(self) -> str:
        """E.g. "Players (1 of 2)"."""
        return self.t.ngettext(
            "Players ({chosen} of {n})", "Players ({chosen} of {n})", self.player_count
        ).format(chosen=len(self.seats), n=self.player_count)

    def playing_line(self) -> str:
        """E.g. "Playing: Ann, Bob" (empty when nobody is chosen yet)."""
        if not self.seats:
            return ""
        if self.spec.sides and len(self.seats) == 4:  # partners sit opposite
            a, b, c, d = (s.name for s in self.seats)
            return self.t.gettext("Sides: {first} v {second}").format(
                first=f"{a} & {c}", second=f"{b} & {d}"
            )
        names = ", ".join(s.name for s in self.seats)
        return self.t.gettext("Playing: {names}").format(names=names)

    # --- rules -------------------------------------------------------------

    @property
    def oklahoma(self) -> bool:
        return bool(self.values["oklahoma"])

    def set_format(self, fmt: str) -> None:
        format_spec(fmt)  # an unknown name: a RuleError
        preset = self.preset_name()
        self.format = fmt
        del self.seats[self.player_count :]
        self.error = None
        if preset != "custom":  # the preset as this format plays it (its target)
            self.set_preset(preset)

    def _as_format_plays(self, rules: Rules) -> Rules:
        """A preset as the chosen format plays it: partnership to 125."""
        target = self.spec.target
        return rules if target is None else rules.replace(target=target)

    @property
    def spec(self) -> FormatSpec:
        return format_spec(self.format)

    @property
    def player_count(self) -> int:
        return self.spec.player_count

    def set_preset(self, name: str) -> None:
        kept = {k: self.values[k] for k in NOT_PRESET if k in self.values}
        self.values = self._as_format_plays(PRESETS[name]).to_dict() | kept
        self.texts.clear()
        self.error = None
        for key in [k for k in self.field_errors if k in self.values and k not in NOT_PRESET]:
            del self.field_errors[key]

    def preset_name(self) -> str:
        """The preset the scoring options match (whatever the deal and the
        stake), else "custom"."""
        try:
            current = self._scoring()
        except RuleError:
            return "custom"
        for name, preset in PRESETS.items():
            rules = self._as_format_plays(preset)
            if rules == current.replace(**{k: getattr(rules, k) for k in NOT_PRESET}):
                return name
        return "custom"

    def set_field(self, name: str, value: Any) -> None:
        """Set one option; number fields accept the text being typed."""
        self.error = None
        if name == "stake":
            self.set_stake(str(value))
            return
        if name == "currency":
            self.set_currency(str(value))
            return
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

    def _scoring(self) -> Rules:
        """The rules as entered, the stake as last typed right."""
        for name, text in self.texts.items():
            self._number(name, text)
        values = dict(self.values)
        for option in ("hollywood_rolling", "partnership_hollywood"):
            if not self.spec.applies(option):
                values[option] = False
        return Rules.from_dict(values)

    def rules(self) -> Rules:
        rules = self._scoring()
        if not self.money:
            return rules.replace(stake=0, third_game_double=False)
        stake = self._stake(self.stake_text) if self.stake_text is not None else rules.stake
        if stake == 0:
            raise RuleError("{label}: enter an amount, e.g. {example}", **self._stake_words())
        return rules.replace(
            stake=stake,
            third_game_double=rules.third_game_double and self.spec.applies("third_game_double"),
        )

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
        if not self.spec.roles or self.draw_mode == RANDOM or len(self.seats) != 3:
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
                    format=Msg(self.spec.label),
                )
            )
        if self.spec.roles and self.draw_mode != RANDOM:
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
