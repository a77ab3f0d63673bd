"""The new-game form as plain Python: format, rules, players, first dealer or draw.

>>> form = NewGameForm()
>>> form.set_preset("oklahoma"); form.rules().target, form.oklahoma
(150, True)
>>> form.set_field("target", "250"); form.preset_name()
'custom'
>>> form.t = Translator("fi"); form.format_labels()[Format.THREE_HAND.value]
'Kolmen pelaajan peli'

Played for money (RULES §10): the stake is typed as money, a cent a point
being "0.01" (the language's own decimal comma too), and kept whole in the
currency's smallest unit.  A preset sets the scoring, never the stake:

>>> form = NewGameForm(); form.set_money(True); form.set_currency("EUR")
>>> form.set_stake("0.01"); form.rules().stake, form.stake_preview()
(1, '€0.01 a point: a game won by 100 pays €1.00')
>>> form.set_preset("classic"); form.rules().stake, form.preset_name()
(1, 'classic')
>>> form.set_stake("0.001"); form.field_errors["stake"]
'Stake per point: the smallest amount in EUR is €0.01'
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine import (
    DECK,
    MAX_STAKE,
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
from scorekeeper.engine.errors import N_, Msg
from scorekeeper.i18n import Translator
from scorekeeper.settings import FORMATS as FORMATS  # the formats offered, by name

# The labels below are msgids: the screen shows them through the form's
# translator (the methods of NewGameForm give them translated).
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

#: The options a preset leaves as they are: who deals, and the stake (a
#: stake is what the game is played for, not a house rule of scoring).
NOT_PRESET = ("dealer", "stake", "currency", "third_game_double")
#: The currencies offered for a stake; the language's own is added (uk: UAH).
CURRENCIES = ("EUR", "USD", "GBP")
STAKE_LABEL = N_("Stake per point")
#: A typed stake longer than this is refused unread (10,000.00 is 9).
MAX_STAKE_TEXT = 16
#: What a typed stake may hold: digits, a decimal point or comma, and the
#: spaces some languages group digits with (no sign, no exponent: "1e3").
_AMOUNT = re.compile(r"[0-9.,\u00a0\u202f ]+")


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
class NewGameForm:
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

    def format_labels(self) -> dict[str, str]:
        return {f: self.t.gettext(format_spec(f).label) for f in FORMATS}

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

    # --- played for money (RULES §10) ----------------------------------------

    @property
    def currency(self) -> str:
        return str(self.values["currency"])

    def currencies(self) -> list[str]:
        """The currencies to pick from: :data:`CURRENCIES`, the language's own
        and the one chosen (a game's, say), each once."""
        return list(dict.fromkeys((*CURRENCIES, self.t.currency, self.currency)))

    def currency_label(self, code: str) -> str:
        """A currency's code and, where the language has one, its sign: "EUR €"."""
        from babel import numbers

        sign = numbers.get_currency_symbol(code, locale=self.t.locale)
        return code if sign == code else f"{code} {sign}"

    def set_money(self, on: bool) -> None:
        """Played for money or not; the currency offered first is the language's."""
        self.money = bool(on)
        self.error = None
        if self.money and not self.currency_set:
            self.values["currency"] = self.t.currency
        if not self.money:
            self.field_errors.pop("stake", None)

    def set_currency(self, code: str) -> None:
        if code not in self.currencies():
            raise RuleError("unknown currency {code}", code=repr(code)[:12])
        if self.stake_text is None and self.values["stake"] > 0:
            self.stake_text = self.stake_shown()  # the same amount in the new currency
        self.values["currency"] = code
        self.currency_set = True
        self.error = None
        if self.stake_text is not None:
            self.set_stake(self.stake_text)  # "0.01" has no meaning in yen

    def set_stake(self, text: str) -> None:
        """The stake as typed ("0.01" or "0,01"); a refusal shows beside it and
        the last good stake stays."""
        self.error = None
        self.stake_text = str(text).strip()[: MAX_STAKE_TEXT + 1]
        self.field_errors.pop("stake", None)
        try:
            self.values["stake"] = self._stake(self.stake_text)
        except RuleError as exc:
            self.field_errors["stake"] = self.t.render(exc)

    def stake_shown(self) -> str:
        """The stake field's text: as typed, else the stake in the language's
        numbers ("0.01", lv "0,01"), "" for none."""
        if self.stake_text is not None:
            return self.stake_text
        stake = int(self.values["stake"])
        return self._amount_text(stake) if stake else ""

    def stake_preview(self) -> str:
        """What the stake means: "€0.01 a point: a game won by 100 pays €1.00"."""
        try:
            stake = self.rules().stake
        except RuleError:
            return ""
        if stake == 0:
            return ""
        return self.t.gettext("{stake} a point: a game won by 100 pays {amount}").format(
            stake=self.t.money(stake, self.currency),
            amount=self.t.money(100 * stake, self.currency),
        )

    def stake_example(self) -> str:
        """The currency's smallest unit as a stake is typed: "0.01" (lv "0,01")."""
        return self._amount_text(1)

    def _amount_text(self, minor: int) -> str:
        from decimal import Decimal

        from babel import numbers

        digits = numbers.get_currency_precision(self.currency)
        return numbers.format_decimal(
            Decimal(minor).scaleb(-digits), locale=self.t.locale, group_separator=False
        )

    def _stake_words(self) -> dict[str, object]:
        return {"label": Msg(STAKE_LABEL), "example": self.stake_example()}

    def _stake(self, text: str) -> int:
        """A typed stake in the currency's smallest unit, refused (never
        rounded) if it is not an amount of the currency from its smallest
        unit up to :data:`MAX_STAKE` a point."""
        from babel import numbers

        words = self._stake_words()
        if not text:
            raise RuleError("{label}: enter an amount, e.g. {example}", **words)
        if len(text) > MAX_STAKE_TEXT or not _AMOUNT.fullmatch(text):
            raise RuleError(
                "{label}: enter an amount like {example}, not “{text}”",
                text=text[:MAX_STAKE_TEXT] + ("…" if len(text) > MAX_STAKE_TEXT else ""),
                **words,
            )
        try:
            amount = numbers.parse_decimal(text, locale=self.t.locale, strict=True)
        except numbers.NumberFormatError:
            raise RuleError(
                "{label}: enter an amount like {example}, not “{text}”", text=text, **words
            ) from None
        minor = amount.scaleb(numbers.get_currency_precision(self.currency))
        if minor != minor.to_integral_value():
            raise RuleError(
                "{label}: the smallest amount in {currency} is {smallest}",
                currency=self.currency,
                smallest=self.t.money(1, self.currency),
                label=words["label"],
            )
        if minor <= 0:
            raise RuleError("{label}: enter an amount above 0", label=words["label"])
        if minor > MAX_STAKE:
            raise RuleError(
                "{label}: at most {most} a point",
                most=self.t.money(MAX_STAKE, self.currency),
                label=words["label"],
            )
        return int(minor)

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
