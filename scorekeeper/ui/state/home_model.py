"""The home screen as plain data: a card per game, with its score as the
game-over screen gives it (the history's cards say the same words).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.engine import format_spec
from scorekeeper.i18n import Translator

from ..ports import GameId, SummaryLike
from .sheet_labels import ENGLISH, versus


@dataclass(frozen=True)
class GameCard:
    """One game on the home screen."""

    id: GameId
    title: str
    detail: str


def _when(value: datetime | str | None, t: Translator = ENGLISH) -> str:
    """A stored moment in local time, in the language's date format."""
    if value is None:
        return ""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return str(value)
    if value.tzinfo is not None:
        value = value.astimezone()  # stored in UTC, shown in local time
    return t.date_time(value)  # each language writes dates its own way (Babel's CLDR)


def game_card(s: SummaryLike, t: Translator = ENGLISH) -> GameCard:
    """A game on the home screen: players, format, hands, score, winner and when.

    >>> from types import SimpleNamespace as S
    >>> from scorekeeper.engine import Format
    >>> g = S(id=1, format=Format.STANDARD, player_ids=["a", "b"], player_names=["Ann", "Bob"],
    ...       finished_at=None, updated_at=None, hand_count=1, totals={"a": 0, "b": 26},
    ...       winner_id=None)
    >>> game_card(g).detail
    'Standard · 1 hand · Ann 0 · Bob 26'
    >>> game_card(g, Translator("lv"))
    GameCard(id=1, title='Ann pret Bob', detail='Standarta · 1 partija · Ann 0 · Bob 26')
    """
    scorers = listed_scorers(s)
    label = t.gettext(format_spec(s.format).label)
    score = summary_score(s, t)
    hands = t.ngettext("{n} hand", "{n} hands", s.hand_count).format(n=s.hand_count)
    parts = [label, hands, score]
    if s.finished_at is not None:
        win = dict(scorers).get(s.winner_id or "", "")
        if win:
            parts.append(won_words(t, s, win))
        when = _when(s.finished_at, t)
    else:
        when = _when(s.updated_at, t)
    if when:
        parts.append(when)
    return GameCard(s.id, versus(t, [name for _, name in scorers]), " · ".join(parts))


def listed_scorers(s: SummaryLike) -> list[tuple[str, str]]:
    """Whom a listed game scores, (id, name): its players, or a
    partnership's sides under their first player's id ("Ann & Cy").

    >>> from types import SimpleNamespace as S
    >>> from scorekeeper.engine import Format
    >>> listed_scorers(S(format=Format.PARTNERSHIP, player_ids=["a", "b", "c", "d"],
    ...                  player_names=["Ann", "Bob", "Cy", "Dan"]))
    [('a', 'Ann & Cy'), ('b', 'Bob & Dan')]
    """
    pairs = list(zip(s.player_ids, s.player_names, strict=False))
    if not format_spec(s.format).sides or len(pairs) != 4:
        return pairs
    return [(pairs[i][0], f"{pairs[i][1]} & {pairs[i + 2][1]}") for i in (0, 1)]


def won_words(t: Translator, s: SummaryLike, winner: str) -> str:
    """ "Ann won", or a side's "Ann & Cy won"."""
    if format_spec(s.format).sides:
        return t.gettext("{names} won").format(names=winner)
    return t.gettext("{name} won").format(name=winner)


def summary_score(s: SummaryLike, t: Translator = ENGLISH) -> str:
    """A listed game's score as its game-over screen gives it: final scores
    with bonuses; Hollywood: games won and each game's score, never their sum.

    >>> from types import SimpleNamespace as S
    >>> from scorekeeper.engine import Format
    >>> g = S(format=Format.STANDARD, player_ids=["a", "b"], player_names=["Ann", "Bob"],
    ...       totals={"a": 102, "b": 0}, final_totals={"a": 504, "b": 0})
    >>> summary_score(g)
    'Ann 504 · Bob 0'
    >>> h = S(format=Format.HOLLYWOOD, player_ids=["a", "b"], player_names=["Ann", "Bob"],
    ...       totals={"a": 188, "b": 232}, games_won={"a": 1, "b": 2},
    ...       column_totals={"a": (104, 60, 24), "b": (92, 100, 40)}, column_final={})
    >>> summary_score(h)
    'Games won: Ann 1, Bob 2 · Ann 104 / 60 / 24 · Bob 92 / 100 / 40'
    """
    pairs = listed_scorers(s)
    columns = getattr(s, "column_final", None) or getattr(s, "column_totals", None) or {}
    # several games at once: Hollywood, or a partnership scored Hollywood-style
    if format_spec(s.format).series or any(len(v) > 1 for v in columns.values()):
        score = " · ".join(
            f"{n} " + " / ".join(str(v) for v in columns.get(i, ())) for i, n in pairs
        )
        won = getattr(s, "games_won", None)
        if not won:  # indexed before games won were kept
            return score
        tally = ", ".join(f"{n} {won.get(i, 0)}" for i, n in pairs)
        return t.gettext("Games won: {tally}").format(tally=tally) + " · " + score
    totals = getattr(s, "final_totals", None) or s.totals
    return " · ".join(f"{n} {totals.get(i, 0)}" for i, n in pairs)
