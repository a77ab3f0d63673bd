"""The rules of Gin Rummy as pure functions and frozen values.

No UI and no storage here: everything a score depends on is a value.

>>> from scorekeeper.engine import Game, Hand, parse_cards, best_arrangement
>>> best_arrangement(parse_cards("AS 2S 3S 7H 7D 7C KD")).deadwood
10
>>> g = Game("standard", ["Ann", "Bob"], "seed", first_dealer="Bob")
>>> g.record(Hand.knock("Ann", 3, 25)).standings.totals["Ann"]
22

Played for a cent a point (RULES §10), what is owed once the game ends:

>>> from scorekeeper.engine import Rules, settlement
>>> won = Game("standard", ["Ann", "Bob"], Rules(stake=1), hands=[Hand.gin("Ann", 75)])
>>> settlement(won.standings)
(Payment(payer='Bob', payee='Ann', amount=100),)
"""

from .cards import DECK, SUITS, Card, Suit, card, cards_value, format_cards, parse_cards
from .errors import CardError, RuleError, Unfinished, UserError
from .formats import FORMATS, Format, FormatSpec, format_spec
from .game import (
    Bonus,
    Column,
    Deal,
    Game,
    Line,
    Roles,
    Standings,
    deal_pairings,
    replay,
    roles_from_draw,
)
from .hand import (
    MAX_DEADWOOD,
    Claim,
    Entry,
    Hand,
    HandResult,
    Item,
    Outcome,
    knock_limit,
    score_hand,
)
from .melds import (
    Arrangement,
    Meld,
    MeldKind,
    all_best_arrangements,
    best_arrangement,
    best_knock,
    deadwood_of,
    knock_layouts,
    lay_off,
)
from .rules import MAX_STAKE, PRESETS, DealerRule, Rules, Shutout
from .settlement import Balance, Payment, SettleUp, balances, settlement

__all__ = [
    "DECK",
    "FORMATS",
    "MAX_DEADWOOD",
    "MAX_STAKE",
    "PRESETS",
    "SUITS",
    "Arrangement",
    "Balance",
    "Bonus",
    "Card",
    "CardError",
    "Claim",
    "Column",
    "Deal",
    "DealerRule",
    "Entry",
    "Format",
    "FormatSpec",
    "Game",
    "Hand",
    "HandResult",
    "Item",
    "Line",
    "Meld",
    "MeldKind",
    "Outcome",
    "Payment",
    "Roles",
    "RuleError",
    "Rules",
    "SettleUp",
    "Shutout",
    "Standings",
    "Suit",
    "Unfinished",
    "UserError",
    "all_best_arrangements",
    "balances",
    "best_arrangement",
    "best_knock",
    "card",
    "cards_value",
    "deadwood_of",
    "deal_pairings",
    "format_cards",
    "format_spec",
    "knock_layouts",
    "knock_limit",
    "lay_off",
    "parse_cards",
    "replay",
    "roles_from_draw",
    "score_hand",
    "settlement",
]
