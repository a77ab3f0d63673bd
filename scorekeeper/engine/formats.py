"""The formats of gin this app keeps score for, and what each one is like.

One registry for the concept, as python-chess keeps its variants: every
:class:`Format` has a :class:`FormatSpec` in :data:`FORMATS`, and the forms,
labels, sheets, schemas and settings read the spec instead of spelling a
format's name.  A new format is one enum member and one spec here; whatever
asks "how many players?", "how many games at once?" or "does the dealer
option apply?" then knows it.

>>> format_spec(Format.HOLLYWOOD).columns, format_spec("three-hand").player_count
(3, 3)
>>> [f.value for f in FORMATS]
['standard', 'hollywood', 'three-hand', 'partnership']
>>> format_spec("three-hand").roles, format_spec("three-hand").applies("dealer")
(True, False)
>>> format_spec("rummy")
Traceback (most recent call last):
...
scorekeeper.engine.errors.RuleError: unknown format 'rummy'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from .errors import N_, RuleError

__all__ = ["FORMATS", "FORMAT_OPTIONS", "Format", "FormatSpec", "format_spec"]


class Format(Enum):
    STANDARD = "standard"
    HOLLYWOOD = "hollywood"
    THREE_HAND = "three-hand"
    PARTNERSHIP = "partnership"

    @property
    def player_count(self) -> int:
        return FORMATS[self].player_count

    @property
    def spec(self) -> FormatSpec:
        return FORMATS[self]


@dataclass(frozen=True)
class FormatSpec:
    """What a format is like, for everything outside the rules that asks.

    ``label`` and ``title`` are message ids (translated where shown): the
    format's name in a list of choices ("Hollywood") and as the kind of gin
    a game plays ("Hollywood gin").  ``columns``: the games scored at once
    (a rolling Hollywood sheet opens more as they end).  ``roles``: the
    players are box, captain and sitter, drawn at the start, and the box
    always deals.  ``sides``: the players play in two sides of two, partners
    sitting opposite (seats 1 and 3 against 2 and 4), one score a side.
    ``target``: the target a new game of the format starts with, when it is
    not the rules' own (partnership plays to 125).  ``options``: the
    :class:`~scorekeeper.engine.Rules` fields that only some formats use,
    those that apply to this one.
    """

    format: Format
    label: str
    title: str
    player_count: int
    columns: int
    roles: bool
    options: frozenset[str]
    sides: bool = False
    target: int | None = None

    @property
    def series(self) -> bool:
        """Several games at once on one sheet (a Hollywood series)."""
        return self.columns > 1

    def applies(self, option: str) -> bool:
        """Whether a format-bound rule option (see :data:`FORMAT_OPTIONS`) applies."""
        return option not in FORMAT_OPTIONS or option in self.options


#: The rule options only some formats use: who deals next (three-hand's box
#: always deals), Hollywood's rolling sheet and doubled third game, and a
#: partnership scored Hollywood-style.
FORMAT_OPTIONS = frozenset(
    {"dealer", "hollywood_rolling", "third_game_double", "partnership_hollywood"}
)

FORMATS: Mapping[Format, FormatSpec] = MappingProxyType(
    {
        Format.STANDARD: FormatSpec(
            Format.STANDARD,
            label=N_("Standard"),
            title=N_("Gin"),
            player_count=2,
            columns=1,
            roles=False,
            options=frozenset({"dealer"}),
        ),
        Format.HOLLYWOOD: FormatSpec(
            Format.HOLLYWOOD,
            label=N_("Hollywood"),
            title=N_("Hollywood gin"),
            player_count=2,
            columns=3,
            roles=False,
            options=frozenset({"dealer", "hollywood_rolling", "third_game_double"}),
        ),
        Format.THREE_HAND: FormatSpec(
            Format.THREE_HAND,
            label=N_("Three-hand"),
            title=N_("Three-hand gin"),
            player_count=3,
            columns=1,
            roles=True,
            options=frozenset(),
        ),
        Format.PARTNERSHIP: FormatSpec(
            Format.PARTNERSHIP,
            label=N_("Partnership"),
            title=N_("Partnership gin"),
            player_count=4,
            columns=1,
            roles=False,
            options=frozenset({"partnership_hollywood"}),
            sides=True,
            target=125,
        ),
    }
)


def format_spec(format: Format | str) -> FormatSpec:
    """The spec of a format, given as the enum or its stored name; a name
    that is none of ours is a :class:`RuleError`."""
    if isinstance(format, Format):
        return FORMATS[format]
    try:
        return FORMATS[Format(format)]
    except ValueError:
        raise RuleError("unknown format {format}", format=repr(format)) from None
