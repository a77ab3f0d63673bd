"""Engine values <-> plain JSON documents, written out field by field.

The stored and exported form of a value is part of the data format, so it is
spelled out here rather than left to ``dataclasses.asdict`` or pickling: a
new field in the engine must not silently change (or break) files written
by older versions.  Every ``*_from_doc`` validates what it reads and raises
:class:`StoreError` with a message a player can act on.

Cards are stored as their two-letter codes (``"TD"``), enums as their values,
times as UTC ISO 8601 strings.

>>> from scorekeeper.engine import Hand
>>> doc = hand_to_doc(Hand.knock("p1", 4, 30, upcard="7C"))
>>> for key, value in doc.items():
...     print(f"{key}: {value!r}")
entry: 'result'
claim: 'knock'
by: 'p1'
knocker_deadwood: 4
defender_deadwood: 30
knocker_cards: []
defender_cards: []
upcard: '7C'
>>> hand_from_doc(doc) == Hand.knock("p1", 4, 30, upcard="7C")
True
>>> hand_from_doc(dict(doc, knocker_deadwood=-1))
Traceback (most recent call last):
...
scorekeeper.store.errors.StoreError: the knocker's deadwood can't be negative (-1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.engine import Card, Claim, Entry, Format, Hand, RuleError, Rules, card
from scorekeeper.engine.errors import N_

from .documents import HandFields, SetupFields
from .errors import StoreError, reason

HAND_FIELDS = (
    "entry",
    "claim",
    "by",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
    "upcard",
)


# --- hands -------------------------------------------------------------------


def hand_to_doc(hand: Hand) -> HandFields:
    """A hand as entered: how, what was claimed, by whom, the counts or the cards."""
    return {
        "entry": hand.entry.value,
        "claim": None if hand.claim is None else hand.claim.value,
        "by": hand.by,
        "knocker_deadwood": hand.knocker_deadwood,
        "defender_deadwood": hand.defender_deadwood,
        "knocker_cards": [c.code for c in hand.knocker_cards],
        "defender_cards": [c.code for c in hand.defender_cards],
        "upcard": None if hand.upcard is None else hand.upcard.code,
    }


def hand_from_doc(doc: object) -> Hand:
    """Rebuild a :class:`Hand` from :func:`hand_to_doc`; the engine re-checks it."""
    if not isinstance(doc, Mapping):
        raise StoreError("a hand must be a record of fields")
    unknown = set(doc) - set(HAND_FIELDS)
    if unknown:
        raise StoreError(
            "a hand has unknown fields: {fields}", fields=", ".join(sorted(map(str, unknown)))
        )
    entry = _enum(
        Entry,
        doc.get("entry", Entry.RESULT.value),
        N_("unknown way of entering a hand: {value!r}"),
    )
    claim_value = doc.get("claim")
    claim = (
        None
        if claim_value is None
        else _enum(Claim, claim_value, N_("unknown hand result: {value!r}"))
    )
    by = doc.get("by")
    if by is not None and not isinstance(by, str):
        raise StoreError("a hand's knocker must be a player id")
    upcard = doc.get("upcard")
    try:
        return Hand(
            entry,
            claim,
            by,
            _optional_int(
                doc.get("knocker_deadwood"),
                N_("the knocker's deadwood must be a whole number, not {value!r}"),
            ),
            _optional_int(
                doc.get("defender_deadwood"),
                N_("the defender's deadwood must be a whole number, not {value!r}"),
            ),
            _cards(
                doc.get("knocker_cards", []),
                N_("the knocker's cards must be a list of card codes"),
            ),
            _cards(
                doc.get("defender_cards", []),
                N_("the defender's cards must be a list of card codes"),
            ),
            None if upcard is None else _card(upcard),
        )
    except RuleError as exc:
        raise StoreError(exc.msg) from exc


# Each helper gets its whole message (marked with N_ where it is written), so
# that translators see whole sentences.


def _enum(cls: Any, value: object, message: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        raise StoreError(message, value=value) from None


def _optional_int(value: object, message: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(message, value=value)
    return value


def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise StoreError("{value!r} is not a card code", value=value)
    try:
        return card(value)
    except RuleError as exc:
        raise StoreError(exc.msg) from exc


def _cards(value: object, message: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise StoreError(message)
    return tuple(_card(v) for v in value)


# --- rules -------------------------------------------------------------------


def rules_to_doc(rules: Rules) -> dict[str, Any]:
    """Every option, by name (see :meth:`Rules.to_dict`).

    >>> rules_from_doc(rules_to_doc(Rules(target=250))) == Rules(target=250)
    True
    """
    return rules.to_dict()


def rules_from_doc(doc: object) -> Rules:
    """Options missing from older data get their defaults; unknown ones are refused."""
    if not isinstance(doc, dict):
        raise StoreError("the rules must be a record of options")
    try:
        return Rules.from_dict(doc)
    except (RuleError, TypeError) as exc:
        raise StoreError("the rules: {reason}", reason=reason(exc)) from exc


# --- game setup ----------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """How a game started: everything but the rules and the hands."""

    format: str
    players: tuple[str, ...]  # player ids in seat order
    first_dealer: str | None = None
    draw: tuple[str, ...] | None = None  # three-hand: card codes, in seat order


def setup_to_doc(setup: Setup) -> SetupFields:
    """
    >>> setup_to_doc(Setup(Format.THREE_HAND.value, ("a", "b", "c"), draw=("KS", "7H", "2C")))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'format': 'three-hand', 'players': ['a', 'b', 'c'], 'first_dealer': None,
     'draw': ['KS', '7H', '2C']}
    """
    return {
        "format": setup.format,
        "players": list(setup.players),
        "first_dealer": setup.first_dealer,
        "draw": None if setup.draw is None else list(setup.draw),
    }


def setup_from_doc(doc: object) -> Setup:
    """
    >>> setup_from_doc(
    ...     {"format": Format.STANDARD.value, "players": ["a", "b"], "first_dealer": "b"}
    ... )
    Setup(format='standard', players=('a', 'b'), first_dealer='b', draw=None)
    """
    if not isinstance(doc, Mapping):
        raise StoreError("the game setup must be a record")
    fmt = doc.get("format")
    if fmt not in {f.value for f in Format}:
        raise StoreError("unknown game format: {value!r}", value=fmt)
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise StoreError("the game's players must be a list of player ids")
    dealer = doc.get("first_dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise StoreError("the first dealer must be a player id")
    draw = doc.get("draw")
    if draw is not None:
        draw = tuple(_card(c).code for c in _list(draw, N_("the drawn cards must be a list")))
    assert isinstance(fmt, str)
    return Setup(fmt, tuple(players), dealer, draw)


def _list(value: object, message: str) -> Sequence[object]:
    if not isinstance(value, list):
        raise StoreError(message)
    return value


# --- times ---------------------------------------------------------------------


#: The years a stored time may fall in.
MIN_YEAR = 1970
MAX_YEAR = 9998


def now() -> datetime:
    """The current time in UTC (what every stored time is in)."""
    return datetime.now(UTC)


def time_to_doc(value: datetime) -> str:
    """
    >>> time_to_doc(datetime(2024, 5, 1, 10, 30, tzinfo=UTC))
    '2024-05-01T10:30:00.000000+00:00'
    """
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def time_from_doc(value: object) -> datetime:
    """Aware UTC datetime; a time without zone is taken as UTC.

    >>> time_from_doc("2024-05-01T10:30:00Z")
    datetime.datetime(2024, 5, 1, 10, 30, tzinfo=datetime.timezone.utc)
    """
    if not isinstance(value, str):
        raise StoreError("{value!r} is not a time", value=value)
    try:
        parsed = datetime.fromisoformat(value[:64])
        if parsed.tzinfo is not None:
            parsed = parsed.astimezone(UTC)  # may overflow at the ends of the calendar
    except ValueError:
        raise StoreError("{value!r} is not a time (expected ISO 8601)", value=value[:64]) from None
    except OverflowError:
        parsed = datetime.min  # out of range, said below
    if not MIN_YEAR <= parsed.year <= MAX_YEAR:
        raise StoreError(
            "{value!r} is not a time between the years {first} and {last}",
            value=value[:64],
            first=MIN_YEAR,
            last=MAX_YEAR,
        )
    return parsed.replace(tzinfo=UTC)


def optional_time(value: object) -> datetime | None:
    return None if value is None else time_from_doc(value)
