"""House rules: one frozen value, stored with every game.

A game keeps the :class:`Rules` it was started with, so changing a preset
later never rewrites history.  Presets are plain values:

>>> PRESETS["seed"].target, PRESETS["seed"].gin_bonus, PRESETS["seed"].undercut_bonus
(100, 25, 10)
>>> PRESETS["oklahoma"].target, PRESETS["oklahoma"].oklahoma
(150, True)
>>> PRESETS["classic"].classic_bonuses, PRESETS["classic"].game_bonus
(True, 100)
>>> PRESETS["seed"].replace(target=250).target
250
>>> PRESETS["seed"].replace(dealer="loser").dealer
<DealerRule.LOSER: 'loser'>
>>> Rules(target=0)
Traceback (most recent call last):
...
scorekeeper.engine.errors.RuleError: the target must be a whole number from 1 to 10000, not 0

A game may be played for money (RULES §10): ``stake`` is what one point is
worth in the smallest unit of ``currency`` (cents for euros), 0 (the default)
when the game is not played for money.  See :mod:`scorekeeper.engine.settlement`.

>>> penny = PRESETS["seed"].replace(stake=1, currency="GBP")
>>> penny.stake, penny.currency, penny.third_game_double
(1, 'GBP', False)
>>> for wrong in [{"currency": "eur"}, {"currency": "€"}, {"stake": -1}, {"stake": 0.5}]:
...     try:  # doctest: +ELLIPSIS
...         Rules(stake=1).replace(**wrong)
...     except RuleError as exc:
...         print(exc)
the currency must be a code like EUR (three capital letters), not 'eur'
the currency must be a code like EUR (three capital letters), not '€'
the stake must be a whole number of the currency's smallest unit ... from 0 to 1000000, not -1
the stake must be a whole number of the currency's smallest unit ... from 0 to 1000000, not 0.5
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from .errors import N_, RuleError, quoted


class Shutout(Enum):
    """What a shutout (the loser won no hand) does under classic bonuses."""

    OFF = "off"
    DOUBLE_ALL = "double-all"  # the winner's whole final score is doubled
    DOUBLE_GAME_BONUS = "double-game-bonus"  # only the game bonus is doubled


class DealerRule(Enum):
    """Who deals the next hand after a hand somebody won (RULES §4).

    After a draw the same dealer deals again, whatever the rule; in
    three-hand the box always deals.
    """

    WINNER = "winner"  # the seeds' rule
    LOSER = "loser"
    ALTERNATE = "alternate"


#: The highest stake a point may carry, in the currency's smallest unit.
MAX_STAKE = 1_000_000

# One whole sentence per option, so each translates on its own.
_RANGE = {
    "target": N_("the target must be a whole number from {lo} to {hi}, not {value}"),
    "knock_limit": N_("the knock limit must be a whole number from {lo} to {hi}, not {value}"),
    "gin_bonus": N_("the gin bonus must be a whole number from {lo} to {hi}, not {value}"),
    "undercut_bonus": N_(
        "the undercut bonus must be a whole number from {lo} to {hi}, not {value}"
    ),
    "big_gin_bonus": N_("the big gin bonus must be a whole number from {lo} to {hi}, not {value}"),
    "game_bonus": N_("the game bonus must be a whole number from {lo} to {hi}, not {value}"),
    "box_bonus": N_("the line bonus must be a whole number from {lo} to {hi}, not {value}"),
    "stake": N_(
        "the stake must be a whole number of the currency's smallest unit (cents for EUR) "
        "a point, "
        "from {lo} to {hi}, not {value}"
    ),
}
_INT_LIMITS = {
    "target": (1, 10_000),
    "knock_limit": (0, 10),
    "gin_bonus": (0, 1_000),
    "undercut_bonus": (0, 1_000),
    "big_gin_bonus": (0, 1_000),
    "game_bonus": (0, 10_000),
    "box_bonus": (0, 1_000),
    #: Up to 10,000.00 a point (a million of the smallest unit): more is a typo.
    "stake": (0, MAX_STAKE),
}
_CURRENCY = re.compile(r"[A-Z]{3}")


def _shown(value: object) -> str:
    """A refused value as the message quotes it: short, whatever was given."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to print (sys.get_int_max_str_digits)
        text = "…"
    return quoted(text, 40)


@dataclass(frozen=True)
class Rules:
    """Every scoring option of the rules, with the seeds' defaults."""

    #: A game (or Hollywood column) ends when a total reaches this.
    target: int = 100
    #: Highest deadwood a knock allows (seed: 10). Ignored under Oklahoma.
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 10
    #: Big gin: all 11 cards melded, no discard.
    big_gin: bool = False
    big_gin_bonus: int = 31
    #: Oklahoma: the upcard's value is the knock limit of the hand.
    oklahoma: bool = False
    #: Oklahoma option: an ace upcard means gin only.
    oklahoma_ace_gin: bool = False
    #: Oklahoma option: a spade upcard doubles every point of the hand.
    oklahoma_spades_double: bool = False
    #: Classic end-of-game bonuses (game, line, shutout); never count to the target.
    #: ``box_bonus`` is the line bonus per hand won (the stored name stays).
    classic_bonuses: bool = False
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: Shutout = Shutout.DOUBLE_ALL
    #: Hollywood option: a new column opens whenever one closes.
    hollywood_rolling: bool = False
    #: Who deals after a won hand (two-player formats).
    dealer: DealerRule = DealerRule.WINNER
    #: What a point is worth, in the currency's smallest unit (1 = a cent a
    #: point for EUR); 0: not played for money (RULES §10).
    stake: int = 0
    #: ISO 4217 code of the stake's currency.  Always a valid code, even for a
    #: stake of 0 (then unused), so no "no currency" case exists; the new-game
    #: form picks the player's own (e.g. from the locale) when a stake is set.
    currency: str = "EUR"
    #: Hollywood option: game 3's margin counts twice in the settlement
    #: (ignored by the other formats, like ``hollywood_rolling``).
    third_game_double: bool = False
    #: Partnership option (RULES §11): a side's net win of a deal is entered
    #: in its games like a Hollywood win, three games at once (ignored by
    #: the other formats).
    partnership_hollywood: bool = False

    def __post_init__(self) -> None:
        for name, (lo, hi) in _INT_LIMITS.items():
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise RuleError(_RANGE[name], lo=lo, hi=hi, value=_shown(v))
        for f in dataclasses.fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise RuleError("{option} must be on or off", option=f.name.replace("_", " "))
        if not isinstance(self.currency, str) or not _CURRENCY.fullmatch(self.currency):
            raise RuleError(
                "the currency must be a code like EUR (three capital letters), not {value}",
                value=_shown(self.currency),
            )
        if not isinstance(self.shutout, Shutout):
            try:
                object.__setattr__(self, "shutout", Shutout(self.shutout))
            except ValueError:
                raise RuleError("unknown shutout rule {value}", value=repr(self.shutout)) from None
        if not isinstance(self.dealer, DealerRule):
            try:
                object.__setattr__(self, "dealer", DealerRule(self.dealer))
            except ValueError:
                raise RuleError("unknown dealer rule {value}", value=repr(self.dealer)) from None

    def __hash__(self) -> int:
        # Part of the score cache's key on every replayed hand: computed once.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(self.__dict__[name] for name in _FIELD_NAMES))
            object.__setattr__(self, "_hash", cached)
        return cached

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like a new value)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RuleError("unknown rule option: {names}", names=", ".join(sorted(unknown)))
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain values only (enums as their strings), for storage and export."""
        d = dataclasses.asdict(self)
        d["shutout"] = self.shutout.value
        d["dealer"] = self.dealer.value
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild from :meth:`to_dict`; options missing from old data get defaults.

        >>> Rules.from_dict(PRESETS["classic"].to_dict()) == PRESETS["classic"]
        True
        """
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise RuleError("rules must be a mapping of option names to values")
        return cls().replace(**data)


_FIELD_NAMES = tuple(f.name for f in dataclasses.fields(Rules))

PRESETS: MappingProxyType[str, Rules] = MappingProxyType(
    {
        "seed": Rules(),
        "classic": Rules(classic_bonuses=True),
        "oklahoma": Rules(
            target=150, oklahoma=True, oklahoma_ace_gin=True, oklahoma_spades_double=True
        ),
    }
)
