"""One hand (deal): the fact as entered, and its score under a set of rules.

A :class:`Hand` records what the players said or tapped, nothing derived:

>>> rules = Rules()
>>> score_hand(Hand.knock("Bob", 4, 17), rules).points
13
>>> r = score_hand(Hand.knock("Bob", 9, 7), rules)
>>> r.outcome.value, r.winner_is_knocker, r.points
('undercut', False, 12)
>>> r = score_hand(Hand.gin("Ann", 23), rules)
>>> r.outcome.value, r.points, [(i.label, i.points) for i in r.breakdown]
('gin', 48, [('deadwood', 23), ('gin bonus', 25)])

Oklahoma takes the knock limit from the upcard, and a spade doubles:

>>> ok = Rules(oklahoma=True, oklahoma_spades_double=True)
>>> score_hand(Hand.knock("Bob", 12, 30, upcard="7C"), ok)
Traceback (most recent call last):
...
scorekeeper.engine.errors.RuleError: Bob can't knock with 12: the limit this hand is 7 (upcard 7♣)
>>> score_hand(Hand.knock("Bob", 3, 30, upcard="7S"), ok).points
54

From both players' full hands the engine finds melds and lay-offs itself:

>>> h = Hand.from_cards("Ann", "5S 6S 7S 9C 9D 9H 2C 3C 4C AD", "8S 9S KH QH JH 2D 3D 4H 4D TC")
>>> r = score_hand(h, rules)
>>> r.outcome.value, r.knocker_deadwood, r.defender_deadwood, r.points
('knock', 1, 14, 13)
>>> [str(c) for c in r.defender.laid_off]
['8♠', '9♠']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .cards import Card, Suit, card, cards_value, parse_cards
from .errors import N_, Msg, RuleError, Unfinished
from .melds import (
    Arrangement,
    MeldKind,
    best_arrangement,
    deadwood_of,
    knock_layouts,
    lay_off,
)
from .rules import Rules

#: Ten cards can leave at most 98 points of deadwood (two each of K Q J 10 9).
MAX_DEADWOOD = 98


class Claim(Enum):
    """What the players say happened (``None`` on a hand: let the cards decide)."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big-gin"
    UNDERCUT = "undercut"
    DRAW = "draw"


class Outcome(Enum):
    """What the hand scored as."""

    KNOCK = "knock"  # knocker wins the difference
    GIN = "gin"
    BIG_GIN = "big-gin"
    UNDERCUT = "undercut"  # defender wins
    DRAW = "draw"  # no score, same dealer


class Entry(Enum):
    """How the hand was entered (kept so an edit reopens the same form)."""

    RESULT = "result"  # result and deadwood counts
    DEADWOOD_CARDS = "deadwood-cards"  # each player's deadwood cards tapped
    FULL_HANDS = "full-hands"  # both players' whole hands tapped


CardsInput = str | Iterable[str | Card]


_KNOCKER_COUNT = (
    N_("the knocker's deadwood must be a whole number, not {value}"),
    N_("the knocker's deadwood can't be negative ({value})"),
    N_("the knocker's deadwood of {value} is impossible: ten cards leave at most 98"),
)
_DEFENDER_COUNT = (
    N_("the defender's deadwood must be a whole number, not {value}"),
    N_("the defender's deadwood can't be negative ({value})"),
    N_("the defender's deadwood of {value} is impossible: ten cards leave at most 98"),
)
#: The knock limit of the standard rules; any other is a house rule.
STANDARD_KNOCK_LIMIT = Rules().knock_limit
_OVER_LIMIT = N_("{name} can't knock with {k}: the limit this hand is {limit} ({why})")
_NO_UNDERCUT = N_("that is no undercut: {name} has {k}, less than the defender's {d}")


def _deadwood_count(value: object, messages: tuple[str, str, str]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(messages[0], value=repr(value))
    if value < 0:
        raise RuleError(messages[1], value=value)
    if value > MAX_DEADWOOD:
        raise RuleError(messages[2], value=value)
    return value


def _upcard(value: Card | str | None) -> Card | None:
    return None if value is None else card(value)


@dataclass(frozen=True)
class Hand:
    """The fact of one hand as entered. Build it with the class methods.

    ``by`` is the player who knocked (``None`` for a draw).  For
    ``Entry.RESULT`` the deadwood counts are given; for the card entries the
    cards are, and the counts are derived when the hand is scored.
    """

    entry: Entry
    claim: Claim | None
    by: str | None = None
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None
    knocker_cards: tuple[Card, ...] = ()
    defender_cards: tuple[Card, ...] = ()
    upcard: Card | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.entry, Entry):
            raise RuleError("unknown way of entering a hand: {entry}", entry=repr(self.entry))
        if self.claim is not None and not isinstance(self.claim, Claim):
            raise RuleError("unknown result: {claim}", claim=repr(self.claim))
        if self.upcard is not None and not isinstance(self.upcard, Card):
            object.__setattr__(self, "upcard", card(self.upcard))
        for name in ("knocker_cards", "defender_cards"):
            value = getattr(self, name)
            if not (isinstance(value, tuple) and all(isinstance(c, Card) for c in value)):
                object.__setattr__(self, name, parse_cards(value))
        if self.claim is Claim.DRAW:
            counts = (self.knocker_deadwood, self.defender_deadwood)
            if self.by is not None or any(c not in (None, 0) or type(c) is float for c in counts):
                raise RuleError("a draw has no knocker and no deadwood")
            return
        if not isinstance(self.by, str) or not self.by:
            raise Unfinished("say who knocked")
        both = set(self.knocker_cards) & set(self.defender_cards)
        if both:
            raise RuleError("{card} can't be in both hands", card=str(min(both)))
        if self.entry is Entry.RESULT:
            if self.knocker_cards or self.defender_cards:
                raise RuleError("a result entry takes deadwood counts, not cards")
            if self.claim is None:
                raise RuleError("say what the result was")
            _deadwood_count(self.knocker_deadwood, _KNOCKER_COUNT)
            _deadwood_count(self.defender_deadwood, _DEFENDER_COUNT)
        elif self.entry is Entry.DEADWOOD_CARDS:
            for cards, too_many in (
                (self.knocker_cards, N_("the knocker can't have {n} deadwood cards")),
                (self.defender_cards, N_("the defender can't have {n} deadwood cards")),
            ):
                if len(cards) > 10:
                    raise RuleError(too_many, n=len(cards))
            _deadwood_count(cards_value(self.defender_cards), _DEFENDER_COUNT)
        else:
            n = len(self.knocker_cards)
            if n not in (10, 11):
                raise Unfinished(
                    Msg.plural(
                        "the knocker's hand has {n} card: tap 10 (or 11 for big gin)",
                        "the knocker's hand has {n} cards: tap 10 (or 11 for big gin)",
                        n,
                    )
                )
            n = len(self.defender_cards)
            if n != 10:
                raise Unfinished(
                    Msg.plural(
                        "the defender's hand has {n} card: tap all 10",
                        "the defender's hand has {n} cards: tap all 10",
                        n,
                    )
                )

    def __hash__(self) -> int:
        # Hands are looked up in the score cache on every replay; hashing all
        # fields (enums hash slowly) each time would dominate, so keep it.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(
                (
                    self.entry.value,
                    self.claim.value if self.claim else None,
                    self.by,
                    self.knocker_deadwood,
                    self.defender_deadwood,
                    self.knocker_cards,
                    self.defender_cards,
                    self.upcard,
                )
            )
            object.__setattr__(self, "_hash", cached)
        return cached

    # --- constructors, one per way of entering a hand -----------------------

    @classmethod
    def knock(
        cls,
        by: str,
        knocker_deadwood: int,
        defender_deadwood: int,
        upcard: Card | str | None = None,
    ) -> Hand:
        """A knock with both deadwood counts (after lay-offs).

        K >= D scores as an undercut: the engine decides, not the form."""
        return cls(
            Entry.RESULT,
            Claim.KNOCK,
            by,
            knocker_deadwood,
            defender_deadwood,
            upcard=_upcard(upcard),
        )

    @classmethod
    def gin(cls, by: str, defender_deadwood: int, upcard: Card | str | None = None) -> Hand:
        return cls(Entry.RESULT, Claim.GIN, by, 0, defender_deadwood, upcard=_upcard(upcard))

    @classmethod
    def big_gin(cls, by: str, defender_deadwood: int, upcard: Card | str | None = None) -> Hand:
        return cls(Entry.RESULT, Claim.BIG_GIN, by, 0, defender_deadwood, upcard=_upcard(upcard))

    @classmethod
    def undercut(
        cls,
        by: str,
        knocker_deadwood: int,
        defender_deadwood: int,
        upcard: Card | str | None = None,
    ) -> Hand:
        """``by`` is the knocker who was undercut."""
        return cls(
            Entry.RESULT,
            Claim.UNDERCUT,
            by,
            knocker_deadwood,
            defender_deadwood,
            upcard=_upcard(upcard),
        )

    @classmethod
    def draw(cls, upcard: Card | str | None = None) -> Hand:
        return cls(Entry.RESULT, Claim.DRAW, None, upcard=_upcard(upcard))

    @classmethod
    def from_deadwood(
        cls,
        by: str,
        knocker_deadwood_cards: CardsInput,
        defender_deadwood_cards: CardsInput,
        upcard: Card | str | None = None,
        claim: Claim | None = None,
    ) -> Hand:
        """Each player's deadwood cards tapped; the counts are their sums.

        Deadwood is what no meld holds, so tapped cards that form a meld are
        refused, naming it (RULES §1):

        >>> h = Hand.from_deadwood("Ann", "3S 2H", "KD 9C 4H")
        >>> score_hand(h, Rules()).points
        18
        >>> Hand.from_deadwood("Ann", "AS", "TH JH QH KH")
        Traceback (most recent call last):
        ...
        scorekeeper.engine.errors.RuleError: 10♥ J♥ Q♥ K♥ is a run: tap only unmatched cards
        """
        hand = cls(
            Entry.DEADWOOD_CARDS,
            claim,
            by,
            knocker_cards=parse_cards(knocker_deadwood_cards),
            defender_cards=parse_cards(defender_deadwood_cards),
            upcard=_upcard(upcard),
        )
        for cards in (hand.knocker_cards, hand.defender_cards):
            meld_in_deadwood(cards)
        return hand

    @classmethod
    def from_cards(
        cls,
        by: str,
        knocker_cards: CardsInput,
        defender_cards: CardsInput,
        upcard: Card | str | None = None,
        claim: Claim | None = None,
    ) -> Hand:
        """Both full hands tapped (the knocker's 10 after the discard, or 11
        for big gin); the engine finds melds and lay-offs and decides the result.
        A ``claim`` given here is checked against the cards."""
        return cls(
            Entry.FULL_HANDS,
            claim,
            by,
            knocker_cards=parse_cards(knocker_cards),
            defender_cards=parse_cards(defender_cards),
            upcard=_upcard(upcard),
        )


def meld_in_deadwood(cards: tuple[Card, ...]) -> None:
    """Refuse tapped deadwood that holds a meld, naming the meld.

    (Stored hands are not checked: a game saved before this rule still loads,
    its hand scored with a note.)"""
    if len(cards) < 3:
        return
    melds = best_arrangement(cards).melds
    if melds:
        meld = melds[0]
        template = (
            N_("{meld} is a run: tap only unmatched cards")
            if meld.kind is MeldKind.RUN
            else N_("{meld} is a set: tap only unmatched cards")
        )
        raise RuleError(template, meld=str(meld))


@dataclass(frozen=True)
class Item:
    """One line of a score's breakdown, e.g. ``Item("gin bonus", 25)``."""

    label: str
    points: int


@dataclass(frozen=True)
class HandResult:
    """A hand scored under some rules."""

    outcome: Outcome
    #: True: the knocker scores; False: the defender; None: a draw.
    winner_is_knocker: bool | None
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    knock_limit: int
    multiplier: int
    breakdown: tuple[Item, ...]
    #: Full-hand entry: the knocker's shown melds and the defender's (with lay-offs).
    knocker: Arrangement | None = None
    defender: Arrangement | None = None
    #: Things worth telling the player that are not errors.
    notes: tuple[Msg, ...] = ()


def knock_limit(rules: Rules, upcard: Card | None) -> tuple[int, Msg]:
    """The knock limit of a hand and how to explain it.

    >>> knock_limit(Rules(oklahoma=True, oklahoma_ace_gin=True), card("AH"))
    (0, Msg('upcard A♥: gin only'))
    >>> knock_limit(Rules(), None), knock_limit(Rules(knock_limit=7), None)
    ((10, Msg('standard rules')), (7, Msg('house rule')))
    """
    if not rules.oklahoma:
        if rules.knock_limit == STANDARD_KNOCK_LIMIT:
            return rules.knock_limit, Msg("standard rules")
        return rules.knock_limit, Msg("house rule")
    if upcard is None:
        raise Unfinished("Oklahoma: enter the upcard first, it sets the knock limit")
    if upcard.rank == 1 and rules.oklahoma_ace_gin:
        return 0, Msg("upcard {card}: gin only", card=str(upcard))
    return upcard.value, Msg("upcard {card}", card=str(upcard))


def score_hand(hand: Hand, rules: Rules, knocker: str | None = None) -> HandResult:
    """Score one hand. ``knocker`` is the name used in messages (default ``hand.by``)."""
    name: str | Msg = knocker or hand.by or Msg("the knocker")
    mult = 2 if rules.oklahoma and rules.oklahoma_spades_double and _is_spade(hand.upcard) else 1
    if hand.claim is Claim.DRAW:  # scores nothing; the upcard is optional here
        return HandResult(Outcome.DRAW, None, 0, 0, 0, rules.knock_limit, mult, ())
    limit, why = knock_limit(rules, hand.upcard)

    k_arr = d_arr = None
    notes: list[Msg] = []
    claim: Claim | None = hand.claim
    if hand.entry is Entry.RESULT:
        k, d = hand.knocker_deadwood, hand.defender_deadwood
        assert k is not None and d is not None
    elif hand.entry is Entry.DEADWOOD_CARDS:
        k, d = cards_value(hand.knocker_cards), cards_value(hand.defender_cards)
        for cards, whose in (
            (hand.knocker_cards, N_("{name}'s deadwood holds a meld: {melds}")),
            (hand.defender_cards, N_("the defender's deadwood holds a meld: {melds}")),
        ):
            melds = best_arrangement(cards).melds if len(cards) >= 3 else ()
            if melds:
                shown = ", ".join(str(m) for m in melds)
                notes.append(Msg(whose, name=name, melds=shown))
        if claim is None:
            claim = Claim.GIN if k == 0 else Claim.KNOCK
    else:
        k_arr, d_arr, claim, layout_notes = _from_cards(hand, rules, limit, why, name)
        notes.extend(layout_notes)
        k, d = k_arr.deadwood, d_arr.deadwood

    big = claim is Claim.BIG_GIN
    if big and not rules.big_gin:
        raise RuleError("big gin is not played in this game (turn it on in the rules)")
    if claim in (Claim.GIN, Claim.BIG_GIN) and k != 0:
        raise RuleError("{name} can't go gin with {k} deadwood", name=name, k=k)
    if claim is Claim.UNDERCUT and k == 0:
        raise RuleError(
            "{name} knocked with 0 deadwood: that is gin, which can't be undercut", name=name
        )
    if claim is Claim.KNOCK and k == 0:
        claim = Claim.GIN  # a knock with no deadwood is gin by definition
    if claim not in (Claim.GIN, Claim.BIG_GIN) and k > limit:
        raise RuleError(_OVER_LIMIT, name=name, k=k, limit=limit, why=why)
    if claim is Claim.UNDERCUT and k < d:
        raise RuleError(_NO_UNDERCUT, name=name, k=k, d=d)

    items: list[Item] = []
    if claim in (Claim.GIN, Claim.BIG_GIN):
        outcome = Outcome.BIG_GIN if big else Outcome.GIN
        items.append(Item(N_("deadwood"), d))
        if big:
            items.append(Item(N_("big gin bonus"), rules.big_gin_bonus))
        else:
            items.append(Item(N_("gin bonus"), rules.gin_bonus))
        knocker_wins = True
    elif k < d:
        outcome, knocker_wins = Outcome.KNOCK, True
        items.append(Item(N_("deadwood difference"), d - k))
    else:
        outcome, knocker_wins = Outcome.UNDERCUT, False
        items.append(Item(N_("deadwood difference"), k - d))
        items.append(Item(N_("undercut bonus"), rules.undercut_bonus))
    points = sum(i.points for i in items)
    if mult > 1:
        items.append(Item(N_("spade upcard doubles"), points))
        points *= mult
    return HandResult(
        outcome, knocker_wins, points, k, d, limit, mult, tuple(items), k_arr, d_arr, tuple(notes)
    )


def _is_spade(c: Card | None) -> bool:
    return c is not None and c.suit is Suit.SPADES


def _from_cards(
    hand: Hand, rules: Rules, limit: int, why: Msg, name: str | Msg
) -> tuple[Arrangement, Arrangement, Claim, tuple[Msg, ...]]:
    """Melds, lay-offs, the result and notes from both full hands."""
    cards = hand.knocker_cards
    claim = hand.claim
    defender = hand.defender_cards
    if claim is Claim.BIG_GIN and not rules.big_gin:
        raise RuleError("big gin is not played in this game (turn it on in the rules)")
    tens: list[tuple[Card | None, tuple[Card, ...]]] = [(None, cards)]
    if len(cards) == 11:
        whole = best_arrangement(cards)
        if whole.deadwood == 0 and rules.big_gin and claim in (None, Claim.BIG_GIN):
            return whole, best_arrangement(defender), Claim.BIG_GIN, ()
        if claim is Claim.BIG_GIN:
            raise RuleError("{name}'s 11 cards are not all melded: no big gin", name=name)
        # Tapped before the discard: the knocker discards as suits him best.
        tens = [(c, tuple(x for x in cards if x is not c)) for c in cards]
    elif claim is Claim.BIG_GIN:
        raise RuleError("big gin needs all 11 of the knocker's cards")
    k = min(deadwood_of(ten) for _, ten in tens)
    if claim in (Claim.GIN, Claim.BIG_GIN) and k != 0:
        raise RuleError("{name}'s cards leave {k} deadwood: that is no gin", name=name, k=k)
    if k > limit:
        raise RuleError(_OVER_LIMIT, name=name, k=k, limit=limit, why=why)
    if k == 0:
        if claim is Claim.UNDERCUT:  # as in result entry: gin can't be undercut
            raise RuleError(
                "{name} knocked with 0 deadwood: that is gin, which can't be undercut", name=name
            )
        # Gin: the defender may not lay off; their own best melds count.
        gin = next(
            best_arrangement(ten)._replace(discard=c) for c, ten in tens if deadwood_of(ten) == 0
        )
        return gin, best_arrangement(defender), Claim.GIN, ()
    # RULES §1: the knocker lays out whatever scores best for him after the
    # defender's best lay-offs (any arrangement within the limit, not only the
    # least-deadwood ones); ties go to the lower deadwood.
    best: tuple[int, int, Arrangement, Arrangement] | None = None
    lowest: tuple[int, Arrangement, Arrangement] | None = None
    for c, ten in tens:
        for opt in knock_layouts(ten, limit):
            d = lay_off(opt.melds, defender)
            score = _knocker_score(opt.deadwood, d.deadwood, rules)
            if best is None or (score, -opt.deadwood) > (best[0], -best[1]):
                best = (score, opt.deadwood, opt._replace(discard=c), d)
            if opt.deadwood == k and (lowest is None or score > lowest[0]):
                lowest = (score, opt, d)
    assert best is not None and lowest is not None
    score, _, k_arr, d_arr = best
    derived = Claim.KNOCK if k_arr.deadwood < d_arr.deadwood else Claim.UNDERCUT
    if claim is Claim.UNDERCUT and derived is not Claim.UNDERCUT:
        raise RuleError(_NO_UNDERCUT, name=name, k=k_arr.deadwood, d=d_arr.deadwood)
    notes: tuple[Msg, ...] = ()
    if k_arr.deadwood != k:
        notes = (
            Msg(
                "{name} keeps {k} deadwood rather than the lowest {low}: it blocks lay-offs "
                "(the lowest-deadwood layout would score {alt} for {name}, this one {best})",
                name=name,
                k=k_arr.deadwood,
                low=k,
                alt=_signed(lowest[0]),
                best=_signed(score),
            ),
        )
    return k_arr, d_arr, derived, notes


def _knocker_score(k: int, d: int, rules: Rules) -> int:
    """The knocker's result of a knock (not gin): his points, or minus the
    defender's undercut points."""
    return d - k if k < d else -(k - d + rules.undercut_bonus)


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"
