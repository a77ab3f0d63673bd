"""A small known history, entered through the store (as the app would).

Players Ann, Bob, Cy.  Games in creation order (the hands are those of
``tests/stats/history.py`` games A, B, C, E, D, worked out by hand there):

A  standard, ann v bob, finished: Ann 102 - Bob 55
B  Hollywood, ann v bob: Bob sweeps the three columns
C  Hollywood, ann v bob: Ann wins the series 2-1
E  standard (big gin on), bob v cy, unfinished: Bob 7 - Cy 51
D  three-hand, box Ann, captain Bob, Cy sits out; Ann wins 110
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.engine import Hand, Rules
from scorekeeper.store import Store, open_store


def seed(store: Store) -> dict[str, str]:
    """Enter the history; returns ids: players by lower-case name, games by letter."""
    ann, bob, cy = (store.add_player(n).id for n in ("Ann", "Bob", "Cy"))
    ids = {"ann": ann, "bob": bob, "cy": cy}

    def play(key: str, fmt: str, players: list[str], hands: list[Hand], **kw: object) -> None:
        gid = store.create_game(fmt, players, kw.pop("rules", "seed"), **kw)  # type: ignore[arg-type]
        for h in hands:
            store.record_hand(gid, h)
        ids[key] = gid

    play("A", "standard", [ann, bob], [
        Hand.knock(ann, 5, 20), Hand.knock(bob, 8, 6), Hand.draw(),
        Hand.gin(bob, 30), Hand.gin(ann, 50),
    ], first_dealer=ann)  # fmt: skip
    play("B", "hollywood", [ann, bob], [
        Hand.knock(ann, 2, 12), Hand.gin(bob, 75), Hand.gin(bob, 75), Hand.gin(bob, 75),
    ], first_dealer=ann)  # fmt: skip
    play("C", "hollywood", [ann, bob], [
        Hand.knock(bob, 1, 41), Hand.gin(ann, 35), Hand.gin(ann, 35), Hand.knock(bob, 1, 61),
        Hand.knock(bob, 1, 61), Hand.knock(ann, 2, 32), Hand.draw(), Hand.gin(ann, 45),
    ], first_dealer=ann)  # fmt: skip
    play("E", "standard", [bob, cy], [
        Hand.knock(bob, 2, 9), Hand.big_gin(cy, 20), Hand.draw(),
    ], rules=Rules(big_gin=True), first_dealer=bob)  # fmt: skip
    play("D", "three-hand", [ann, bob, cy], [
        Hand.knock(ann, 4, 14), Hand.knock(cy, 3, 23), Hand.draw(),
        Hand.knock(bob, 9, 9), Hand.gin(ann, 75),
    ], draw=["KS", "7H", "2C"])  # fmt: skip
    return ids


def seed_folder(data_dir: Path) -> dict[str, str]:
    with open_store(data_dir, durable=False) as store:
        return seed(store)
