"""Property tests (Hypothesis): arbitrary input gives a result or a RuleError,
never another exception; ledger invariants hold for random games."""

from __future__ import annotations

import contextlib
import copy
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    DECK,
    Card,
    Claim,
    Entry,
    Format,
    Game,
    Hand,
    RuleError,
    Rules,
    Shutout,
    Standings,
    cards_value,
    deadwood_of,
    deal_pairings,
    parse_cards,
    replay,
    score_hand,
)

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

card_alphabet = st.sampled_from(
    [*"AaSsHhDdCcTtJjQqKk1234567890♠♥♦♣♤♡♢♧ ,;\n\t", "\ufe0f", "10", "x", "ſ", "ß"]
)
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["AS", "10♦", "KD", "Bob", "Ann", "", "5"]),
)
names = st.sampled_from(["Ann", "Bob", "Cy", "Zed", ""])


@FAST
@given(st.one_of(st.text(max_size=40), st.lists(card_alphabet, max_size=40).map("".join)))
def test_parse_cards_any_text_gives_cards_or_a_card_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except RuleError:
        return
    assert len(set(cards)) == len(cards)
    # what was read reads back the same
    assert parse_cards(" ".join(c.code for c in cards)) == cards
    assert parse_cards(", ".join(str(c) for c in cards)) == cards


@FAST
@given(
    st.sampled_from(["knock", "gin", "big_gin", "undercut", "draw", "deadwood", "cards", "raw"]),
    names | junk,
    junk,
    junk,
    junk,
    st.sampled_from(list(Entry)) | junk,
    st.sampled_from([*list(Claim), None]) | junk,
)
def test_hand_constructors_any_input_give_a_hand_or_a_rule_error(
    kind: str,
    # junk: any of None, bools, numbers, text, whatever the signatures say
    by: Any,
    a: Any,
    b: Any,
    up: Any,
    entry: Any,
    claim: Any,
) -> None:
    try:
        if kind == "knock":
            h = Hand.knock(by, a, b, upcard=up)
        elif kind == "gin":
            h = Hand.gin(by, a, upcard=up)
        elif kind == "big_gin":
            h = Hand.big_gin(by, a, upcard=up)
        elif kind == "undercut":
            h = Hand.undercut(by, a, b, upcard=up)
        elif kind == "draw":
            h = Hand.draw(upcard=up)
        elif kind == "deadwood":
            h = Hand.from_deadwood(by, a, b, upcard=up)
        elif kind == "cards":
            h = Hand.from_cards(by, a, b, upcard=up)
        else:
            h = Hand(entry, claim, by, a, b, upcard=up)
    except RuleError:
        return
    assert isinstance(h, Hand)
    game = Game("standard", ["Ann", "Bob"])
    try:
        game.record(h)
    except RuleError:
        assert game.hands == ()
    for rules in (Rules(), Rules(oklahoma=True, oklahoma_spades_double=True, big_gin=True)):
        try:
            r = score_hand(h, rules)
        except RuleError:
            continue
        assert r.points >= 0


deal = st.permutations(DECK).map(lambda d: (d[:11], d[11:21]))


@FAST
@given(deal, st.booleans(), st.sampled_from([*list(Claim), None]), st.sampled_from(DECK))
def test_random_full_hands_score_or_refuse(
    cards: tuple[list[Card], list[Card]], eleven: bool, claim: Claim | None, upcard: Card
) -> None:
    knocker, defender = cards
    if not eleven:
        knocker = knocker[:10]
    for rules in (Rules(), Rules(big_gin=True, oklahoma=True)):
        try:
            h = Hand.from_cards("Ann", knocker, defender, upcard=upcard, claim=claim)
            r = score_hand(h, rules)
        except RuleError:
            continue
        assert r.knocker_deadwood <= r.knock_limit
        assert r.points >= 0


rules_st = st.builds(
    Rules,
    target=st.sampled_from([1, 25, 60, 100, 150]),
    knock_limit=st.integers(0, 10),
    gin_bonus=st.sampled_from([20, 25]),
    undercut_bonus=st.sampled_from([10, 20, 25]),
    big_gin=st.booleans(),
    big_gin_bonus=st.sampled_from([31, 50]),
    oklahoma=st.booleans(),
    oklahoma_ace_gin=st.booleans(),
    oklahoma_spades_double=st.booleans(),
    classic_bonuses=st.booleans(),
    box_bonus=st.sampled_from([20, 25]),
    shutout=st.sampled_from(list(Shutout)),
    hollywood_rolling=st.booleans(),
    partnership_hollywood=st.booleans(),
)
upcards = st.none() | st.sampled_from(DECK)
deadwood = st.integers(0, 15) | st.integers(0, 98)


def _deadwood_hand(by: str, deck: list[Card], up: Card | None) -> Hand:
    """Tapped deadwood: 2 and up to 5 cards, fewer when the 5 would hold a meld
    (tapped deadwood holding a meld is refused: tested in test_refusals)."""
    defender = deck[2:7] if deadwood_of(deck[2:7]) == cards_value(deck[2:7]) else deck[2:4]
    return Hand.from_deadwood(by, deck[:2], defender, upcard=up)


def hands_st(players: list[str]) -> st.SearchStrategy[Hand]:
    who = st.sampled_from([*players, "Zed"])
    return st.one_of(
        st.builds(Hand.knock, who, deadwood, deadwood, upcards),
        st.builds(Hand.undercut, who, deadwood, deadwood, upcards),
        st.builds(Hand.gin, who, deadwood, upcards),
        st.builds(Hand.big_gin, who, deadwood, upcards),
        st.builds(Hand.draw, upcards),
        st.builds(
            _deadwood_hand,
            who,
            st.permutations(DECK),
            upcards,
        ),
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, list[Hand]]:
    fmt = draw(st.sampled_from(list(Format)))
    rules = draw(rules_st)
    if fmt is Format.THREE_HAND:
        players = ["Ann", "Bob", "Cy"]
        ranks = draw(st.permutations(range(13)))[:3]
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3))
        game = Game(
            fmt, players, rules, draw=[DECK[s * 13 + r] for r, s in zip(ranks, suits, strict=True)]
        )
    elif fmt is Format.PARTNERSHIP:
        players = ["Ann", "Bob", "Cy", "Dan"]
        game = Game(fmt, players, rules)
    else:
        players = ["Ann", "Bob"]
        game = Game(fmt, players, rules, first_dealer=draw(st.sampled_from([None, *players])))
    hands = draw(st.lists(hands_st(players), max_size=25))
    return game, hands


def _deal_points(s: Standings, column: int) -> dict[str, int]:
    """A partnership's side totals in ``column``, added up deal by deal from
    the hands' lines as RULES §11 says (the side with more hand points
    scores the difference, in each game the deal's second line entered)."""
    assert s.sides is not None
    totals = dict.fromkeys(s.scorers, 0)
    for first, second in zip(s.lines[::2], s.lines[1::2], strict=False):
        net = 0
        for ln in (first, second):
            if ln.winner is not None:
                net += ln.points if ln.winner in s.sides[0] else -ln.points
        if net and column in second.columns:
            totals[s.sides[0][0] if net > 0 else s.sides[1][0]] += abs(net)
    return totals


def _check_invariants(game: Game) -> None:
    s = game.standings
    # totals equal the sum of line points per winner, column by column
    # (a partnership's, the deals' nets per side)
    for i, col in enumerate(s.columns):
        for p in s.scorers:
            if s.sides is not None:
                expected = _deal_points(s, i)[p]
            else:
                expected = sum(ln.points for ln in s.lines if ln.winner == p and i in ln.columns)
            assert col.totals[p] == expected
            bonus = sum(b.points for b in col.bonuses if b.player == p)
            assert col.final[p] == col.totals[p] + bonus
        reached = [p for p in s.scorers if col.totals[p] >= s.rules.target]
        assert col.finished == bool(reached)
        if col.finished:
            assert col.winner in reached
        if not s.rules.classic_bonuses:
            assert col.bonuses == ()
    for ln in s.lines:
        assert ln.points == (ln.result.points if ln.winner else 0)
        assert (ln.winner is None) == (ln.result.winner_is_knocker is None)
        if s.sides is not None:
            assert ln.number % 2 == 0 or ln.columns == ()  # a deal scores on its second
            assert s.series or ln.columns in ((), (0,))
            assert ln.dealer is None and ln.roles is None
            pair = deal_pairings(s.sides, (ln.number - 1) // 2)[(ln.number - 1) % 2]
            assert ln.winner is None or ln.winner in pair
        elif s.format is not Format.HOLLYWOOD and ln.winner:
            assert ln.columns == (0,)
        if ln.roles is not None:
            assert ln.winner != ln.roles.sitter and ln.knocker != ln.roles.sitter
            assert ln.dealer == ln.roles.box
    # the game ended exactly when a total reached the target: no line after it
    if not s.series and s.finished:
        ended_at = next(
            ln.number
            for ln in s.lines
            if any(v >= s.rules.target for v in ln.totals_after[0].values())
        )
        assert ended_at == len(s.lines)
        assert s.winner is not None
        assert s.totals[s.winner] >= s.rules.target
    # dealer: the winner deals; a draw keeps the dealer
    if s.format is Format.STANDARD:
        for prev, nxt in pairwise(s.lines):
            assert nxt.dealer == (prev.winner or prev.dealer)
    # replay is deterministic and equals the stored standings
    again = replay(
        s.format,
        s.players,
        s.rules,
        game.hands,
        first_dealer=game.first_dealer if game.roles is None else None,
        roles=game.roles,
        names=game.names,
    )
    assert again == s


@GAMES
@given(games())
def test_random_games_record_or_refuse_and_keep_invariants(
    setup: tuple[Game, list[Hand]],
) -> None:
    game, hands = setup
    for h in hands:
        before_hands, before = game.hands, copy.deepcopy(game.standings)
        try:
            game.record(h)
        except RuleError:
            # nothing half-applied
            assert game.hands == before_hands and game.standings == before
            continue
        after = copy.deepcopy(game.standings)
        _check_invariants(game)
        # undo after record restores identical standings; redo gives the same
        # again (a partnership's undo takes back the deal this hand completed)
        game.undo()
        if game.format is Format.PARTNERSHIP and len(before_hands) % 2:
            assert game.hands == before_hands[:-1]
            game.record(before_hands[-1])
        assert game.hands == before_hands and game.standings == before
        game.record(h)
        assert game.standings == after


@GAMES
@given(games(), st.data())
def test_random_edits_replay_or_refuse_without_change(
    setup: tuple[Game, list[Hand]], data: st.DataObject
) -> None:
    game, hands = setup
    for h in hands:
        with contextlib.suppress(RuleError):
            game.record(h)
    if not game.hands:
        return
    players = list(game.players)
    for _ in range(3):
        index = data.draw(st.integers(-len(game.hands), len(game.hands) - 1))
        new = data.draw(hands_st(players))
        before_hands, before = game.hands, copy.deepcopy(game.standings)
        try:
            game.edit(index, new)
        except RuleError:
            assert game.hands == before_hands and game.standings == before
            continue
        assert game.hands[index] == new
        _check_invariants(game)


@FAST
@given(
    st.one_of(st.sampled_from(["standard", "hollywood", "three-hand", "partnership"]), junk),
    st.lists(st.one_of(names, st.integers(), st.none()), max_size=4),
    st.one_of(st.sampled_from(["seed", "classic", "oklahoma"]), junk),
    st.one_of(st.none(), names),
    st.one_of(st.none(), st.lists(st.sampled_from(DECK), max_size=4), junk),
)
def test_game_constructor_any_input_gives_a_game_or_rule_error(
    # junk among them: whatever a caller could pass
    fmt: Any,
    players: list[Any],
    rules: Any,
    dealer: str | None,
    drawn: Any,
) -> None:
    try:
        g = Game(fmt, players, rules, first_dealer=dealer, draw=drawn)
    except RuleError:
        return
    assert g.standings.lines == ()
