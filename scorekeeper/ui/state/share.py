"""A finished game, shared: its result as text to paste anywhere, and the
play for BG Stats as the push link it documents (no flet, no store here).

The text is the game-over card in words, in the session's language:

>>> from datetime import datetime
>>> from scorekeeper.engine import Format, Game, Hand, Rules
>>> from scorekeeper.ui.state.sheet_model import build_sheet
>>> g = Game(Format.STANDARD, ["a", "b"], Rules(stake=1), names={"a": "Ann", "b": "Bob"},
...          first_dealer="b")
>>> _ = g.record(Hand.gin("a", 80))
>>> when = datetime(2024, 5, 3, 14, 5)
>>> print(result_text(build_sheet(g), Format.STANDARD, when))  # doctest: +ELLIPSIS
Ann v Bob
Gin · May 3, 2024, 2:05...PM
Ann wins!
Score: Ann 105 · Bob 0
Ann wins by 105
Bob pays Ann €1.05

BG Stats takes a play as URL-encoded JSON on its ``createPlay.html`` page
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
``sourceName``, ``sourcePlayId`` and ``playDate`` (the UTC end time,
"YYYY-MM-DD HH:MM:SS") are required; the players carry their store ids, so
BG Stats matches them to its own players once and remembers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.util import find_spec
from typing import Any
from urllib.parse import quote

from scorekeeper.engine import Format, Game
from scorekeeper.i18n import Translator

from ..ports import GameId, SummaryLike
from .sheet_labels import ENGLISH
from .sheet_model import Sheet, build_sheet
from .sheet_rules import format_name

__all__ = [
    "BGSTATS_URL",
    "SOURCE_NAME",
    "Shared",
    "bgstats_link",
    "bgstats_plays",
    "play_date",
    "result_text",
    "shared",
]

#: BG Stats' documented page for a play pushed from another app.
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
#: Who the plays come from, as BG Stats shows and remembers it.
SOURCE_NAME = "Gin Scorekeeper"
#: The game, the same in every play (BG Stats matches it to its own once).
GIN_RUMMY: Mapping[str, Any] = {
    "name": "Gin Rummy",
    "sourceGameId": "gin-rummy",
    "highestWins": True,
}


def result_text(
    sheet: Sheet, fmt: Format | str, when: datetime | None, t: Translator = ENGLISH
) -> str:
    """The game-over card as text: the players, the format and when it
    ended (``when``, in the time zone to show), who won, the score, the
    bonuses and margin, and who pays whom when played for money."""
    lines = [
        sheet.title,
        subtitle(t, fmt, when),
        sheet.headline,
        sheet.tally,
        sheet.score,
        *sheet.final,
        *(sheet.payments or [sheet.owed]),
    ]
    return "\n".join(line for line in lines if line)


def play_date(moment: datetime) -> str:
    """A moment as BG Stats' ``playDate``: UTC, to the second.

    >>> from datetime import timedelta, timezone
    >>> play_date(datetime(2024, 5, 3, 23, 30, 5, 999, tzinfo=timezone(timedelta(hours=3))))
    '2024-05-03 20:30:05'
    """
    if moment.tzinfo is None:  # the store's times are UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def _start_player(game: Game) -> str:
    """Who played first: in gin the dealer's opponent leads (three-hand: the
    captain, as the box deals); the first seat if no hand says."""
    st = game.standings
    if not st.lines:
        return st.players[0]
    first = st.lines[0]
    if first.roles is not None:
        return first.roles.captain
    others = [p for p in st.players if p != first.dealer]
    return others[0] if first.dealer in st.players and others else st.players[0]


def bgstats_plays(
    game: Game,
    game_id: str,
    started: datetime | None,
    ended: datetime,
    *,
    each_game: bool = False,
) -> list[dict[str, Any]]:
    """The finished ``game`` as BG Stats plays: one play, or with
    ``each_game`` one per ended game of a Hollywood sheet (its id then
    ``<game id>-<n>``).  The scores are final scores, bonuses included
    (a Hollywood series as one play: the three games' added up); the
    duration runs from the game's start to its end, when the start is known."""
    st = game.standings
    names = game.names
    starter = _start_player(game)
    common: dict[str, Any] = {"sourceName": SOURCE_NAME, "playDate": play_date(ended)}
    if started is not None and ended > started:  # a game of seconds is a minute long
        common["durationMin"] = max(1, round((ended - started).total_seconds() / 60))
    common["game"] = dict(GIN_RUMMY)

    def play(play_id: str, scores: Mapping[str, int], winner: str | None) -> dict[str, Any]:
        return {
            **common,
            "sourcePlayId": play_id,
            "players": [
                {
                    "name": names.get(p, p),
                    "sourcePlayerId": p,
                    # a partner scores and wins with their side
                    "score": scores.get(st.scorer_of(p), 0),
                    "winner": winner is not None and st.scorer_of(p) == winner,
                    "startPlayer": p == starter,
                }
                for p in st.players
            ],
        }

    if each_game and len(st.columns) > 1:
        return [
            play(f"{game_id}-{c.index + 1}", c.final, c.winner) for c in st.columns if c.finished
        ]
    scores = {p: sum(c.final.get(p, 0) for c in st.columns) for p in st.scorers}
    return [play(str(game_id), scores, st.winner)]


def bgstats_link(play: Mapping[str, Any]) -> str:
    """The link that hands ``play`` to BG Stats (its app, or its web page).

    >>> bgstats_link({"sourceName": "Gin Scorekeeper"})
    'https://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22%3A%22Gin%20Scorekeeper%22%7D'
    """
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={quote(data, safe='')}"


#: Whether pictures can be drawn here: the phone build ships no Pillow.
PICTURES = find_spec("PIL") is not None


@dataclass(frozen=True)
class Shared:
    """What a finished game's sharing buttons carry, made when the card is
    drawn (the browser copies and opens them inside the tap itself)."""

    game_id: GameId
    text: str  # "Copy result"
    #: The BG Stats links: (button label, link): one, or one per Hollywood game.
    links: tuple[tuple[str, str], ...]
    #: Played as a Hollywood sheet: the choice of one play or a play per game.
    series: bool
    each_game: bool


def _moment(value: datetime | str | None) -> datetime | None:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value is not None and value.tzinfo is None:
        value = value.replace(tzinfo=UTC)  # the store keeps UTC
    return value


def when_played(summary: SummaryLike) -> tuple[datetime | None, datetime | None]:
    """When a game began and ended (its last change, if no end is kept)."""
    return _moment(summary.created_at), _moment(summary.finished_at or summary.updated_at)


def subtitle(t: Translator, fmt: Format | str, when: datetime | None) -> str:
    """The format and when the game ended (as given: in the zone to show)."""
    kind = format_name(t, fmt)
    if when is None:
        return kind
    return t.gettext("{format} · {date}").format(format=kind, date=t.date_time(when))


def shared(
    game_id: GameId,
    game: Game,
    summary: SummaryLike,
    t: Translator,
    *,
    each_game: bool = False,
    sheet: Sheet | None = None,
) -> Shared:
    """The text and BG Stats links of the finished ``game``."""
    sheet = sheet if sheet is not None else build_sheet(game, t)
    started, ended = when_played(summary)
    text = result_text(sheet, game.format, ended.astimezone() if ended else None, t)
    columns = game.standings.columns
    series = len(columns) > 1
    plays = bgstats_plays(
        game, str(game_id), started, ended or datetime.now(UTC), each_game=each_game and series
    )
    if each_game and series:
        label = t.gettext("Game {n} to BG Stats")
        ended_games = [c.index + 1 for c in columns if c.finished]
        links = tuple(
            (label.format(n=n), bgstats_link(p)) for n, p in zip(ended_games, plays, strict=True)
        )
    else:
        links = ((t.gettext("Send to BG Stats"), bgstats_link(plays[0])),)
    return Shared(game_id, text, links, series, each_game and series)
