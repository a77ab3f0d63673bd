"""Random histories (Hypothesis strategies) for the statistics tests."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import strategies as st

from scorekeeper.engine import Format, Game, Hand, Rules
from scorekeeper.statistics import GameRecord

POOL = ["ann", "bob", "cy", "dee"]
START = datetime(2024, 1, 1)


@st.composite
def games(draw: st.DrawFn, index: int) -> GameRecord:
    fmt = draw(st.sampled_from(list(Format)))
    players = draw(st.permutations(POOL))[: fmt.player_count]
    rules = Rules(
        target=draw(st.sampled_from([30, 60, 100])),
        big_gin=draw(st.booleans()),
        hollywood_rolling=fmt is Format.HOLLYWOOD and draw(st.booleans()),
    )
    roles = players if fmt is Format.THREE_HAND else None
    game = Game(fmt, players, rules, roles=roles)
    for _ in range(draw(st.integers(0, 25))):
        if game.standings.finished:
            break
        now, pairings = game.standings.roles, game.standings.pairings
        active = [now.box, now.captain] if now else list(players)
        if pairings is not None:  # partnership: the two at this hand's table
            active = list(pairings[len(game.hands) % 2])
        by = draw(st.sampled_from(active))
        kind = draw(st.sampled_from(["draw", "knock", "knock", "knock", "gin", "big"]))
        deadwood = draw(st.integers(0, 40))
        if kind == "draw":
            hand = Hand.draw()
        elif kind == "gin" or (kind == "big" and not rules.big_gin):
            hand = Hand.gin(by, deadwood)
        elif kind == "big":
            hand = Hand.big_gin(by, deadwood)
        else:  # the engine decides: knock, undercut (K >= D) or gin (K = 0)
            hand = Hand.knock(by, draw(st.integers(0, 10)), deadwood)
        game.record(hand)
    # a few games share a start time: the id breaks the tie
    created = START + timedelta(days=draw(st.integers(0, 60)))
    return GameRecord(f"g{index:03}", game, created, None)


@st.composite
def histories(draw: st.DrawFn) -> list[GameRecord]:
    n = draw(st.integers(0, 8))
    return [draw(games(i)) for i in range(n)]
