"""Properties of the statistics over random histories, and a naive reference."""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Format, Game, Line, Standings, deal_pairings
from scorekeeper.statistics import Filter, GameRecord, score_race, select, statistics

from .strategies import histories

COUNTS = (
    "games_played",
    "games_won",
    "series_played",
    "series_won",
    "sweeps",
    "hands_played",
    "hands_won",
    "draws",
    "points_won",
    "gins",
    "big_gins",
    "undercuts_given",
    "undercuts_suffered",
    "knocks",
)


def _game(rec: GameRecord) -> Game:
    """The replayed game of a record (histories() makes only those, no digests)."""
    assert isinstance(rec.game, Game)
    return rec.game


def _table(st_: Standings, line: Line) -> tuple[str, str]:
    """Who played a partnership hand (a draw names nobody)."""
    assert st_.sides is not None
    return deal_pairings(st_.sides, (line.number - 1) // 2)[(line.number - 1) % 2]


def _reference(records: list[GameRecord]) -> dict[str, dict[str, object]]:
    """Hands won, points, biggest hand and streak, the slow obvious way."""
    results: dict[str, list[tuple[str, int, str, int]]] = defaultdict(list)
    for rec in sorted(records, key=lambda r: (r.created_at, r.id)):
        st_ = _game(rec).standings
        for line in st_.lines:
            both = (line.roles.box, line.roles.captain) if line.roles else st_.players
            if st_.sides is not None and line.knocker:
                assert line.defender is not None  # a knocker has a defender
                both = (line.knocker, line.defender)
            elif st_.sides is not None:
                both = _table(st_, line)
            for p in both:
                mark = "D" if line.winner is None else "W" if line.winner == p else "L"
                results[p].append((mark, line.points, rec.id, line.number))
    out: dict[str, dict[str, object]] = {}
    for p, rs in results.items():
        wins = [r for r in rs if r[0] == "W"]
        best = None
        for r in wins:
            if best is None or r[1] > best[1]:
                best = r
        streak = longest = 0
        for mark, *_ in rs:
            if mark == "W":
                streak += 1
                longest = max(longest, streak)
            elif mark == "L":
                streak = 0
        out[p] = {
            "hands_played": len(rs),
            "hands_won": len(wins),
            "draws": sum(1 for r in rs if r[0] == "D"),
            "points_won": sum(r[1] for r in wins),
            "biggest": None if best is None else (best[1], best[2], best[3]),
            "longest_streak": longest,
        }
    return out


@settings(max_examples=100, deadline=None)
@given(histories())
def test_every_hand_is_won_by_one_player_or_drawn(records: list[GameRecord]) -> None:
    s = statistics(records)
    players = s.players.values()
    assert sum(p.hands_won for p in players) + s.draws == s.hands
    assert sum(p.hands_played for p in players) == 2 * s.hands  # two play each hand
    assert sum(p.undercuts_given for p in players) == sum(p.undercuts_suffered for p in players)
    # a finished game has one winner (a partnership's: both partners)
    finished = sum(
        c.finished * (2 if _game(r).standings.sides else 1)
        for r in records
        for c in _game(r).standings.columns
    )
    assert sum(p.games_won for p in players) == finished
    for p in players:
        assert p.hands_lost >= 0
        assert p.longest_streak <= p.hands_won
        assert p.gins + p.big_gins + p.undercuts_suffered <= p.knocks
        assert p.games_won <= p.games_played
        assert p.sweeps <= p.series_won <= p.series_played
        if p.hands_won:
            assert p.biggest_hand is not None
            assert p.average_points is not None
            assert p.average_points <= p.biggest_hand.points


@settings(max_examples=100, deadline=None)
@given(histories())
def test_matches_a_naive_reference(records: list[GameRecord]) -> None:
    s = statistics(records)
    ref = _reference(records)
    for p, want in ref.items():
        got = s.player(p)
        best = got.biggest_hand
        assert {
            "hands_played": got.hands_played,
            "hands_won": got.hands_won,
            "draws": got.draws,
            "points_won": got.points_won,
            "biggest": None if best is None else (best.points, best.game_id, best.hand_number),
            "longest_streak": got.longest_streak,
        } == want


@settings(max_examples=100, deadline=None)
@given(histories())
def test_head_to_head_never_exceeds_the_players_figures(records: list[GameRecord]) -> None:
    s = statistics(records)
    pairs = s.pairs()
    assert sum(h.hands for h in pairs) == s.hands  # every hand is between one pair
    assert sum(h.draws for h in pairs) == s.draws
    for h in pairs:
        assert h.first.hands_played == h.second.hands_played
        assert h.first.games_played == h.second.games_played
        assert h.hands_won[0] + h.hands_won[1] + h.draws == h.hands
        for side in (h.first, h.second):
            whole = s.player(side.player)
            for name in COUNTS:
                assert getattr(side, name) <= getattr(whole, name), name
            if side.biggest_hand is not None:
                assert whole.biggest_hand is not None
                assert side.biggest_hand.points <= whole.biggest_hand.points
        assert s.head_to_head(h.second.player, h.first.player).first == h.second


@settings(max_examples=60, deadline=None)
@given(histories())
def test_format_filters_partition_the_history(records: list[GameRecord]) -> None:
    whole = statistics(records)
    parts = [statistics(records, Filter(format=f)) for f in Format]
    assert sum(p.games for p in parts) == whole.games
    assert sum(p.hands for p in parts) == whole.hands
    for player in whole.players:
        for name in COUNTS:
            got = sum(getattr(p.player(player), name) for p in parts)
            assert got == getattr(whole.player(player), name), name


@settings(max_examples=60, deadline=None)
@given(histories(), st.randoms(use_true_random=False))
def test_input_order_does_not_matter(records: list[GameRecord], rnd: random.Random) -> None:
    shuffled = list(records)
    rnd.shuffle(shuffled)
    a, b = statistics(records), statistics(shuffled)
    assert dict(a.players) == dict(b.players)
    assert a.pairs() == b.pairs()
    assert [r.id for r in select(shuffled)] == [r.id for r in select(records)]


@settings(max_examples=60, deadline=None)
@given(histories())
def test_score_race_ends_on_the_column_totals(records: list[GameRecord]) -> None:
    for rec in records:
        standings = _game(rec).standings
        race = score_race(_game(rec))
        assert len(race.columns) == len(standings.columns)
        for col, panel in zip(standings.columns, race.columns, strict=True):
            assert panel.winner == col.winner
            for line in panel.lines:
                hands = [n for n, _ in line.points]
                totals = [t for _, t in line.points]
                assert line.points[0] == (panel.start, 0)
                assert hands == list(range(panel.start, panel.end + 1))
                assert totals == sorted(totals)  # a total never goes down
                assert totals[-1] == col.totals[line.player]
