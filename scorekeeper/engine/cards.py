"""Cards: 52 immutable values, and a forgiving parser for what people type or tap.

There is exactly one :class:`Card` object per card of the deck, so cards
compare by identity as well as by value, and lookups stay cheap in the meld
search (each card carries its bit in the hand masks used there).

>>> parse_cards("AS, td 10♦ q♥")
Traceback (most recent call last):
...
scorekeeper.engine.errors.CardError: 10♦ is given twice
>>> cards = parse_cards("AS, td 9♦ q♥")
>>> [str(c) for c in cards]
['A♠', '10♦', '9♦', 'Q♥']
>>> [c.code for c in cards]
['AS', 'TD', '9D', 'QH']
>>> [c.value for c in cards]
[1, 10, 9, 10]
>>> parse_cards("ZZ")
Traceback (most recent call last):
...
scorekeeper.engine.errors.CardError: "ZZ" is not a card (try AS, 10D, K♣)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from .errors import CardError


class Suit(Enum):
    """The four suits, in the order used for sorting (♠ ♥ ♦ ♣)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_CODES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")

#: Each suit owns a 16-bit lane of a hand mask; rank r (1..13) is bit r-1.
LANE = 16


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card. ``rank`` is 1 (ace) to 13 (king); aces are always low.

    Use :data:`DECK` or :func:`card` rather than building cards yourself.
    """

    rank: int
    suit: Suit
    #: Position in :data:`DECK` (suit-major): also the card's bit in a hand mask.
    index: int = field(init=False, repr=False, compare=False)
    bit: int = field(init=False, repr=False, compare=False)
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise CardError("rank {rank} is not a card rank", token=str(self.rank), rank=self.rank)
        s = _SUIT_INDEX[self.suit]
        object.__setattr__(self, "index", s * 13 + self.rank - 1)
        object.__setattr__(self, "bit", 1 << (s * LANE + self.rank - 1))
        object.__setattr__(self, "value", min(self.rank, 10))

    @property
    def code(self) -> str:
        """Two ASCII characters: ``AS``, ``TD``, ``KC``."""
        return _RANK_CODES[self.rank] + self.suit.value

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank]

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
_BY_CODE = {c.code: c for c in DECK}

_SUIT_ALIASES = {
    "S": "S", "♠": "S", "♤": "S",
    "H": "H", "♥": "H", "♡": "H",
    "D": "D", "♦": "D", "♢": "D",
    "C": "C", "♣": "C", "♧": "C",
}  # fmt: skip
_RANK_ALIASES = {"A": "A", "1": "A", "T": "T", "10": "T", "J": "J", "Q": "Q", "K": "K"}
_RANK_ALIASES.update({str(n): str(n) for n in range(2, 10)})
_TOKEN = re.compile(r"^(10|[A2-9TJQK1])([SHDC♠♤♥♡♦♢♣♧])$")
_SEPARATORS = re.compile(r"[\s,;]+")


def card(token: str | Card) -> Card:
    """Read one card: ``AS``, ``as``, ``10d``, ``TD``, ``A♠``, ``10♦``.

    >>> card("10d") is card("T♦") is DECK[35]
    True
    """
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise CardError("{token} is not a card (try AS, 10D, K♣)", token=repr(token))
    text = token.strip().upper().replace("\ufe0f", "")
    m = _TOKEN.match(text)
    if m is None:
        raise CardError('"{token}" is not a card (try AS, 10D, K♣)', token=token)
    return _BY_CODE[_RANK_ALIASES[m.group(1)] + _SUIT_ALIASES[m.group(2)]]


def parse_cards(text_or_iterable: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards, separated by commas, spaces or semicolons.

    Accepts a string or an iterable of strings and :class:`Card` objects.
    Raises :class:`CardError` naming the first unreadable or repeated card.

    >>> parse_cards(["kc", DECK[0]])
    (Card(KC), Card(AS))
    >>> parse_cards("")
    ()
    """
    if isinstance(text_or_iterable, str):
        tokens: Iterable[str | Card] = [t for t in _SEPARATORS.split(text_or_iterable) if t]
    else:
        try:
            tokens = list(text_or_iterable)
        except TypeError:
            raise CardError(
                "{token} is not a list of cards", token=repr(text_or_iterable)
            ) from None
    out: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        c = card(token)
        if c in seen:
            raise CardError("{card} is given twice", token=str(token), card=str(c))
        seen.add(c)
        out.append(c)
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as players write them, sorted by suit then rank.

    >>> format_cards(parse_cards("KC 2S AS"))
    'A♠ 2♠ K♣'
    """
    return " ".join(str(c) for c in sorted(cards))


def cards_value(cards: Iterable[Card]) -> int:
    """The point total of some cards (A = 1, face cards 10).

    >>> cards_value(parse_cards("AS KD 7H"))
    18
    """
    return sum(c.value for c in cards)
