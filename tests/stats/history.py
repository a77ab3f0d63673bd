"""A hand-made history whose every statistic is worked out by hand.

Players (ids): ann, bob, cy.  Seven games, created in this order (the list
below is deliberately not in that order; the review sorts by ``created_at``):

A  standard, seed, ann v bob, 2024-01-10, finished (ann 102 - bob 55)
   A1 ann knocks 5 v 20       ann +15   [ann 15]
   A2 bob knocks 8 v 6        undercut: ann +(8-6)+10 = 12   [ann 27]
   A3 draw
   A4 bob gin, ann has 30     bob +55   [bob 55]
   A5 ann gin, bob has 50     ann +75   [ann 102: ann wins A]

B  Hollywood, seed, ann v bob, 2024-02-10: bob sweeps
   B1 ann knocks 2 v 12       ann +10   col 1: ann 10
   B2 bob gin v 75            bob +100  col 1: bob 100, closes, bob wins col 1
   B3 bob gin v 75            bob +100  col 2 (bob's 2nd win): closes, bob
   B4 bob gin v 75            bob +100  col 3: closes, bob; series bob, a sweep

C  Hollywood, seed, ann v bob, 2024-03-10: ann wins the series 2-1
   C1 bob knocks 1 v 41       bob +40   col 1: bob 40
   C2 ann gin v 35            ann +60   col 1: ann 60
   C3 ann gin v 35            ann +60   cols 1,2: ann 120 (closes: ann) / 60
   C4 bob knocks 1 v 61       bob +60   bob's 2nd win: col 2 only (1 closed): bob 60
   C5 bob knocks 1 v 61       bob +60   cols 2,3: col 2 bob 120 (closes: bob); col 3 bob 60
   C6 ann knocks 2 v 32       ann +30   col 3: ann 30
   C7 draw
   C8 ann gin v 45            ann +70   col 3: ann 100, closes: ann; series ann

E  standard, big gin on, bob v cy, 2024-03-20, unfinished (bob 7 - cy 51)
   E1 bob knocks 2 v 9        bob +7
   E2 cy big gin v 20         cy +20+31 = 51
   E3 draw

D  three-hand, seed, 2024-04-10; box ann, captain bob, cy sits out
   D1 (ann/bob, cy sits) ann knocks 4 v 14   ann +10 [ann 10]; box won: (ann, cy | bob sits)
   D2 (ann/cy, bob sits) cy knocks 3 v 23    cy +20 [cy 20];  box lost: (cy, bob | ann sits)
   D3 (cy/bob, ann sits) draw                nobody moves
   D4 (cy/bob, ann sits) bob knocks 9 v 9    tie = undercut: cy +0+10 [cy 30]; (cy, ann | bob)
   D5 (cy/ann, bob sits) ann gin v 75        ann +100 [ann 110]: ann wins D

F  standard, Oklahoma preset, ann v cy, 2024-05-10, unfinished
   F1 cy knocks 2 v 10, upcard 5♠ (limit 5, spade doubles)   cy +16
   F2 ann gin v 10, upcard A♥ (gin only)                      ann +35

G  three-hand, seed, 2024-06-10; box bob, captain cy, ann sits out;
   cy's display name is now "Cyrus" (the latest game's name is used)
   G1 (bob/cy, ann sits) cy knocks 5 v 15    cy +10; box lost: (cy, ann | bob sits)
   G2 (cy/ann, bob sits) cy gin v 80         cy +105 [cy 115]: cy wins G
"""

from __future__ import annotations

from datetime import datetime

from scorekeeper.engine import PRESETS, Game, Hand, Rules
from scorekeeper.statistics import GameRecord

NAMES = {"ann": "Ann", "bob": "Bob", "cy": "Cy"}


def _at(month: int) -> datetime:
    return datetime(2024, month, 10, 19, 30)


def game_a() -> Game:
    return Game(
        "standard",
        ["ann", "bob"],
        names=NAMES,
        first_dealer="ann",
        hands=[
            Hand.knock("ann", 5, 20),
            Hand.knock("bob", 8, 6),
            Hand.draw(),
            Hand.gin("bob", 30),
            Hand.gin("ann", 50),
        ],
    )


def game_b() -> Game:
    return Game(
        "hollywood",
        ["ann", "bob"],
        names=NAMES,
        hands=[
            Hand.knock("ann", 2, 12),
            Hand.gin("bob", 75),
            Hand.gin("bob", 75),
            Hand.gin("bob", 75),
        ],
    )


def game_c() -> Game:
    return Game(
        "hollywood",
        ["ann", "bob"],
        names=NAMES,
        hands=[
            Hand.knock("bob", 1, 41),
            Hand.gin("ann", 35),
            Hand.gin("ann", 35),
            Hand.knock("bob", 1, 61),
            Hand.knock("bob", 1, 61),
            Hand.knock("ann", 2, 32),
            Hand.draw(),
            Hand.gin("ann", 45),
        ],
    )


def game_d() -> Game:
    return Game(
        "three-hand",
        ["ann", "bob", "cy"],
        names=NAMES,
        roles=("ann", "bob", "cy"),
        hands=[
            Hand.knock("ann", 4, 14),
            Hand.knock("cy", 3, 23),
            Hand.draw(),
            Hand.knock("bob", 9, 9),
            Hand.gin("ann", 75),
        ],
    )


def game_e() -> Game:
    return Game(
        "standard",
        ["bob", "cy"],
        Rules(big_gin=True),
        names=NAMES,
        hands=[Hand.knock("bob", 2, 9), Hand.big_gin("cy", 20), Hand.draw()],
    )


def game_f() -> Game:
    return Game(
        "standard",
        ["ann", "cy"],
        PRESETS["oklahoma"],
        names=NAMES,
        hands=[Hand.knock("cy", 2, 10, upcard="5S"), Hand.gin("ann", 10, upcard="AH")],
    )


def game_g() -> Game:
    return Game(
        "three-hand",
        ["bob", "cy", "ann"],
        names={**NAMES, "cy": "Cyrus"},
        roles=("bob", "cy", "ann"),
        hands=[Hand.knock("cy", 5, 15), Hand.gin("cy", 80)],
    )


def history() -> list[GameRecord]:
    """The seven games, deliberately out of time order."""
    return [
        GameRecord("G", game_g(), _at(6), _at(6)),
        GameRecord("C", game_c(), _at(3), _at(3)),
        GameRecord("A", game_a(), _at(1), _at(1)),
        GameRecord("E", game_e(), datetime(2024, 3, 20, 21, 0), None),
        GameRecord("D", game_d(), _at(4), _at(4)),
        GameRecord("F", game_f(), _at(5), None),
        GameRecord("B", game_b(), _at(2), _at(2)),
    ]
