"""Statistics over the hand-made history in ``history.py``, every figure by hand.

Each player's hands, in time order (W won, L lost, D draw, - sat out):

ann  A: W(knock 15) W(undercut 12, as defender) D L W(gin 75)
     B: W(knock 10) L L L
     C: L W(gin 60) W(gin 60) L L W(knock 30) D W(gin 70)
     D: W(knock 10, box v bob) L(v cy) - - W(gin 100, captain v cy)
     F: L W(gin 35)                       G: - L(v cy)
bob  A: L L(knocked, undercut) D W(gin 55) L
     B: L W(gin 100) W(gin 100) W(gin 100)
     C: W(knock 40) L L W(knock 60) W(knock 60) L D L
     E: W(knock 7) L D
     D: L - D L(knocked 9, undercut by cy) -   G: L -
cy   E: L W(big gin 51) D
     D: - W(knock 20) D W(undercut 10) L
     F: W(knock 16) L                     G: W(knock 10) W(gin 105)
"""

from __future__ import annotations

from datetime import datetime

import pytest

from scorekeeper.engine import Format, Outcome
from scorekeeper.statistics import (
    BiggestHand,
    Filter,
    GameRecord,
    PlayerStats,
    Statistics,
    select,
    statistics,
    wins_bars,
)

from .history import game_a, history


@pytest.fixture(scope="module")
def stats() -> Statistics:
    return statistics(history())


def test_totals(stats: Statistics) -> None:
    assert stats.games == 7
    # finished games as the players count them: A, B's 3 columns, C's 3, D, G
    # (E and F unfinished): no player can have played more than the summary says
    assert (stats.finished, stats.hollywood) == (1 + 3 + 3 + 1 + 1, 2)
    assert max(p.games_played for p in stats.players.values()) <= stats.finished
    # hands: A5 + B4 + C8 + E3 + D5 + F2 + G2 = 29; draws A3, C7, E3, D3
    assert stats.hands == 29
    assert stats.draws == 4
    # players ordered by display name; cy's latest name (game G) is "Cyrus"
    assert list(stats.players) == ["ann", "bob", "cy"]
    assert [s.name for s in stats.players.values()] == ["Ann", "Bob", "Cyrus"]


def test_ann(stats: Statistics) -> None:
    assert stats.player("ann") == PlayerStats(
        player="ann",
        name="Ann",
        # finished games: A (1), B (3 columns), C (3), D (1), G (1); F unfinished
        games_played=9,
        # A, C column 1, C column 3, D
        games_won=4,
        series_played=2,  # B, C
        series_won=1,  # C
        sweeps=0,
        # A5 + B4 + C8 + D3 (D1, D2, D5; sat out D3, D4) + F2 + G1 (G2; sat out G1)
        hands_played=23,
        hands_won=11,  # A1 A2 A5, B1, C2 C3 C6 C8, D1 D5, F2
        draws=2,  # A3, C7 (D3 was played by cy and bob)
        points_won=477,  # 15+12+75 + 10 + 60+60+30+70 + 10+100 + 35
        gins=6,  # A5, C2, C3, C8, D5, F2
        big_gins=0,
        undercuts_given=1,  # A2
        undercuts_suffered=0,
        knocks=10,  # A1 A5, B1, C2 C3 C6 C8, D1 D5, F2
        biggest_hand=BiggestHand(100, "D", 5, Outcome.GIN),
        # C6 W, C7 draw (neither extends nor breaks), C8 W, D1 W, then D2 L
        longest_streak=3,
    )
    ann = stats.player("ann")
    assert ann.hands_lost == 10  # A4, B2 B3 B4, C1 C4 C5, D2, F1, G2
    assert ann.average_points == pytest.approx(477 / 11)
    assert ann.gin_rate == pytest.approx(0.6)  # 6 gins of 10 knocks
    assert ann.knock_rate == pytest.approx(0.4)
    assert ann.plain_knocks == 4  # A1, B1, C6, D1
    assert ann.knocks_won == 4  # none of them undercut


def test_bob(stats: Statistics) -> None:
    assert stats.player("bob") == PlayerStats(
        player="bob",
        name="Bob",
        games_played=9,  # A, B x3, C x3, D, G (E unfinished)
        games_won=4,  # B columns 1, 2, 3; C column 2
        series_played=2,
        series_won=1,  # B
        sweeps=1,  # B
        # A5 + B4 + C8 + E3 + D3 (D1, D3, D4) + G1 (G1)
        hands_played=24,
        hands_won=8,  # A4, B2 B3 B4, C1 C4 C5, E1
        draws=4,  # A3, C7, E3, D3
        points_won=522,  # 55 + 3x100 + 40+60+60 + 7
        gins=4,  # A4, B2, B3, B4
        big_gins=0,
        undercuts_given=0,
        undercuts_suffered=2,  # A2 (by ann), D4 (by cy)
        knocks=10,  # A2 A4, B2 B3 B4, C1 C4 C5, E1, D4
        # three hands of 100 (B2, B3, B4): the earliest
        biggest_hand=BiggestHand(100, "B", 2, Outcome.GIN),
        longest_streak=4,  # B2 B3 B4 then C1: across two games
    )
    bob = stats.player("bob")
    assert bob.hands_lost == 12
    assert bob.average_points == 65.25  # 522 / 8
    assert bob.gin_rate == pytest.approx(0.4)
    assert bob.knock_rate == pytest.approx(0.6)
    assert bob.plain_knocks == 6  # A2, C1, C4, C5, E1, D4
    assert bob.knocks_won == 4  # less the two undercuts


def test_cy(stats: Statistics) -> None:
    assert stats.player("cy") == PlayerStats(
        player="cy",
        name="Cyrus",
        games_played=2,  # D, G (E and F unfinished)
        games_won=1,  # G
        series_played=0,
        series_won=0,
        sweeps=0,
        hands_played=11,  # E3 + D4 (sat out D1) + F2 + G2
        hands_won=6,  # E2, D2 D4, F1, G1 G2
        draws=2,  # E3, D3
        points_won=212,  # 51 + 20 + 10 + 16 + 10 + 105
        gins=1,  # G2
        big_gins=1,  # E2
        undercuts_given=1,  # D4
        undercuts_suffered=0,
        knocks=5,  # E2, D2, F1, G1, G2
        biggest_hand=BiggestHand(105, "G", 2, Outcome.GIN),
        # E2 W, E3 draw, (sat out D1), D2 W, D3 draw, D4 W, then D5 L
        longest_streak=3,
    )
    cy = stats.player("cy")
    assert cy.hands_lost == 3  # E1, D5, F2
    assert cy.average_points == pytest.approx(212 / 6)
    assert cy.gin_rate == pytest.approx(0.4)  # gin + big gin, of 5 knocks


def test_hands_won_plus_draws_is_every_hand(stats: Statistics) -> None:
    assert sum(s.hands_won for s in stats.players.values()) + stats.draws == stats.hands
    given = sum(s.undercuts_given for s in stats.players.values())
    assert given == sum(s.undercuts_suffered for s in stats.players.values()) == 2  # A2, D4


def test_head_to_head_ann_bob(stats: Statistics) -> None:
    h = stats.head_to_head("ann", "bob")
    # games both played: A, B, C, D, G; hands they faced each other: A, B, C and D1
    assert (h.games, h.series, h.hands, h.draws) == (9, 2, 18, 2)
    assert h.games_won == (4, 4)  # G was won by cy: nobody's here
    assert h.series_won == (1, 1)
    assert h.hands_won == (9, 7)  # ann: A1 A2 A5 B1 C2 C3 C6 C8 D1; bob: A4 B2 B3 B4 C1 C4 C5
    ann, bob = h.first, h.second
    assert (ann.player, bob.player) == ("ann", "bob")
    assert ann.points_won == 342  # 15+12+75 + 10 + 220 + 10
    assert bob.points_won == 515  # 55 + 300 + 160
    assert (ann.gins, bob.gins) == (4, 4)
    assert (ann.undercuts_given, bob.undercuts_suffered) == (1, 1)  # A2 only; D4 was v cy
    assert (ann.knocks, bob.knocks) == (8, 8)
    assert ann.biggest_hand == BiggestHand(75, "A", 5, Outcome.GIN)
    assert bob.biggest_hand == BiggestHand(100, "B", 2, Outcome.GIN)
    assert (ann.longest_streak, bob.longest_streak) == (3, 4)
    assert (ann.sweeps, bob.sweeps) == (0, 1)


def test_head_to_head_is_symmetric(stats: Statistics) -> None:
    h, r = stats.head_to_head("ann", "bob"), stats.head_to_head("bob", "ann")
    assert (h.first, h.second) == (r.second, r.first)


def test_head_to_head_ann_cy(stats: Statistics) -> None:
    h = stats.head_to_head("cy", "ann")
    # D2 (ann box v cy), D5 (cy box v ann), F1, F2, G2 (cy box v ann)
    assert (h.games, h.hands, h.draws) == (2, 5, 0)  # games D and G
    assert h.games_won == (1, 1)  # cy won G, ann won D
    assert h.hands_won == (3, 2)  # cy: D2 F1 G2; ann: D5 F2
    cy, ann = h.first, h.second
    assert (cy.points_won, ann.points_won) == (20 + 16 + 105, 100 + 35)
    assert (cy.longest_streak, ann.longest_streak) == (1, 1)  # they took turns
    assert (cy.gins, ann.gins) == (1, 2)


def test_head_to_head_bob_cy(stats: Statistics) -> None:
    h = stats.head_to_head("bob", "cy")
    # E1 E2 E3, D3 D4, G1
    assert (h.games, h.hands, h.draws) == (2, 6, 2)
    assert h.games_won == (0, 1)
    assert h.hands_won == (1, 3)  # bob: E1; cy: E2 D4 G1
    bob, cy = h.first, h.second
    assert (bob.undercuts_suffered, cy.undercuts_given, cy.big_gins) == (1, 1, 1)
    assert cy.points_won == 51 + 10 + 10
    assert cy.biggest_hand == BiggestHand(51, "E", 2, Outcome.BIG_GIN)
    assert cy.longest_streak == 3  # E2, (E3, D3 draws), D4, G1


def test_pairs_cover_every_hand_once(stats: Statistics) -> None:
    pairs = stats.pairs()
    assert [(h.first.player, h.second.player) for h in pairs] == [
        ("ann", "bob"),
        ("ann", "cy"),
        ("bob", "cy"),
    ]
    assert sum(h.hands for h in pairs) == stats.hands == 18 + 5 + 6


def test_strangers_and_unknown_players(stats: Statistics) -> None:
    nobody = stats.player("dee")
    assert (nobody.name, nobody.hands_played, nobody.biggest_hand) == ("dee", 0, None)
    assert nobody.average_points is None and nobody.gin_rate is None
    h = stats.head_to_head("ann", "dee")
    assert (h.first.name, h.hands, h.games_won) == ("Ann", 0, (0, 0))


def test_filter_standard(stats: Statistics) -> None:
    s = statistics(history(), Filter(format=Format.STANDARD))  # A, E, F
    assert (s.games, s.hands, s.draws) == (3, 10, 2)  # draws A3, E3
    ann, bob, cy = s.player("ann"), s.player("bob"), s.player("cy")
    # ann: A W W D L W, F L W
    assert (ann.hands_played, ann.hands_won, ann.draws, ann.longest_streak) == (7, 4, 1, 2)
    assert (ann.games_played, ann.games_won, ann.points_won) == (1, 1, 102 + 35)
    # bob: A L L D W L, E W L D
    assert (bob.hands_played, bob.hands_won, bob.draws, bob.games_played) == (8, 2, 2, 1)
    # cy: E L W D, F W L; the name "Cyrus" came from G, which this filter leaves out
    assert (cy.name, cy.hands_played, cy.hands_won, cy.games_played) == ("Cy", 5, 2, 0)


def test_filter_hollywood(stats: Statistics) -> None:
    s = statistics(history(), Filter(format="hollywood"))  # B, C
    ann, bob = s.player("ann"), s.player("bob")
    assert list(s.players) == ["ann", "bob"]
    assert (ann.games_played, ann.games_won, ann.series_won, ann.sweeps) == (6, 2, 1, 0)
    assert (bob.games_played, bob.games_won, bob.series_won, bob.sweeps) == (6, 4, 1, 1)
    assert (ann.hands_played, ann.hands_won, bob.hands_won, s.draws) == (12, 5, 6, 1)
    assert bob.longest_streak == 4
    # two sheets, six games: the summary counts what the player lines count
    assert (s.games, s.finished, s.hollywood) == (2, 6, 2)


def test_filter_three_hand(stats: Statistics) -> None:
    s = statistics(history(), Filter(format="three-hand"))  # D, G
    ann, bob, cy = s.player("ann"), s.player("bob"), s.player("cy")
    assert (ann.hands_played, ann.hands_won, ann.games_won) == (4, 2, 1)  # D1 D2 D5 G2
    assert (bob.hands_played, bob.hands_won, bob.draws) == (4, 0, 1)  # D1 D3 D4 G1
    assert (cy.hands_played, cy.hands_won, cy.draws, cy.games_won) == (6, 4, 1, 1)
    assert cy.longest_streak == 2  # D2 (D3 draw) D4, then D5 L; G1 G2
    assert s.hands == 7
    assert all(p.games_played == 2 for p in s.players.values())


def test_filter_period_is_half_open() -> None:
    c, e, d = (
        datetime(2024, 3, 10, 19, 30),
        datetime(2024, 3, 20, 21),
        datetime(2024, 4, 10, 19, 30),
    )
    s = statistics(history(), Filter(since=c, until=d))  # C and E; D starts at `until`
    assert (s.games, s.hands) == (2, 8 + 3)
    assert s.player("cy").hands_played == 3
    s = statistics(history(), Filter(since=e))  # E, D, F, G
    assert s.games == 4
    assert statistics(history(), Filter(until=datetime(2024, 1, 1))).players == {}


def test_filter_oklahoma() -> None:
    only = statistics(history(), Filter(oklahoma=True))  # F
    assert (only.games, only.hands) == (1, 2)
    cy = only.player("cy")
    assert (cy.points_won, cy.biggest_hand) == (16, BiggestHand(16, "F", 1, Outcome.KNOCK))
    without = statistics(history(), Filter(oklahoma=False))
    assert (without.games, without.hands) == (6, 27)


def test_tuples_are_accepted() -> None:
    g = game_a()
    s = statistics([("A", g, datetime(2024, 1, 1), None)])
    assert s.player("ann").games_won == 1


def test_wins_bars(stats: Statistics) -> None:
    assert wins_bars(stats) == [("Ann", 4), ("Bob", 4), ("Cyrus", 1)]
    assert wins_bars(stats, "series") == [("Ann", 1), ("Bob", 1), ("Cyrus", 0)]
    assert wins_bars(stats, "hands") == [("Ann", 11), ("Bob", 8), ("Cyrus", 6)]


def test_empty_history() -> None:
    s = statistics([])
    assert (s.games, s.hands, s.draws, dict(s.players), s.pairs()) == (0, 0, 0, {}, [])
    assert wins_bars(s) == []


def test_unfinished_hollywood_series_counts_once_decided() -> None:
    from scorekeeper.engine import Game, Hand

    g = Game("hollywood", ["ann", "bob"], hands=[Hand.gin("bob", 75)] * 2)
    # bob has won columns 1 and 2: the series is his, column 3 still open (bob 0)
    st = statistics([GameRecord("H", g, datetime(2024, 1, 1))])
    bob = st.player("bob")
    assert (bob.games_played, bob.games_won, bob.series_played, bob.series_won) == (2, 2, 1, 1)
    assert bob.sweeps == 0  # not yet: column 3 is open
    g.record(Hand.gin("bob", 75))
    bob = statistics([GameRecord("H", g, datetime(2024, 1, 1))]).player("bob")
    assert (bob.games_played, bob.games_won, bob.series_played, bob.sweeps) == (3, 3, 1, 1)


def test_rolling_hollywood_has_games_but_no_series() -> None:
    from scorekeeper.engine import Game, Hand, Rules

    g = Game(
        "hollywood", ["ann", "bob"], Rules(hollywood_rolling=True), hands=[Hand.gin("bob", 75)] * 3
    )
    bob = statistics([GameRecord("R", g, datetime(2024, 1, 1))]).player("bob")
    assert (bob.games_played, bob.games_won, bob.series_played, bob.sweeps) == (3, 3, 0, 0)


def test_period_mixes_aware_and_naive_times_as_utc() -> None:
    from datetime import UTC, timedelta, timezone

    records = [GameRecord(r.id, r.game, r.created_at.replace(tzinfo=UTC)) for r in history()]
    march = Filter(since=datetime(2024, 3, 1), until=datetime(2024, 4, 1))  # naive: UTC
    assert [r.id for r in select(records, march)] == ["C", "E"]
    assert statistics(records, march).hands == 8 + 3
    # 2024-04-10 19:30 UTC is 2024-04-10 21:30 at UTC+2: D is in "until 22:00 at UTC+2"
    plus2 = timezone(timedelta(hours=2))
    s = statistics(records, Filter(since=datetime(2024, 4, 10, 21, 0, tzinfo=plus2)))
    assert s.games == 3  # D, F, G
