"""Sharing a finished game: the result as text, the sheet as a picture, the
play as BG Stats' push link.  The numbers are worked by hand (RULES §5, §6,
§10): classic bonuses are game 100, line 25 a hand won; a cent a point."""

from __future__ import annotations

import dataclasses
import io
import json
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from PIL import Image, ImageChops

from scorekeeper.engine import PRESETS, Format, Game, Hand, Rules
from scorekeeper.i18n import Translator
from scorekeeper.ui.picture import picture_name, sheet_picture
from scorekeeper.ui.state.model import AppModel
from scorekeeper.ui.state.share import bgstats_link, bgstats_plays, result_text
from scorekeeper.ui.state.sheet_model import build_sheet

from .helpers import quick, start

NAMES = {"p1": "Ann", "p2": "Bob"}
ENDED = datetime(2024, 5, 3, 21, 30, 15, tzinfo=UTC)


def classic_game() -> Game:
    """Ann deals; Bob knocks 4 v 30 (+26), Ann goes gin v 80 (+105): Ann
    105 reaches 100.  Bonuses: Ann game 100 and line 25, Bob line 25:
    finals 230 and 51, margin 179."""
    rules = dataclasses.replace(PRESETS["classic"], stake=1, currency="EUR")
    g = Game(Format.STANDARD, ["p1", "p2"], rules, names=NAMES, first_dealer="p1")
    g.record(Hand.knock("p2", 4, 30))
    g.record(Hand.gin("p1", 80))
    return g


def hollywood_game() -> Game:
    """RULES §10's Hollywood example: games Ann 105-30, Bob 110-65, Ann
    105-60; Bob dealt first, so Ann played first."""
    g = Game(Format.HOLLYWOOD, ["p1", "p2"], Rules(stake=1), names=NAMES, first_dealer="p2")
    for hand in [
        Hand.knock("p1", 2, 42),
        Hand.gin("p1", 15),
        Hand.knock("p2", 3, 33),
        Hand.gin("p1", 0),
        Hand.gin("p2", 25),
        Hand.knock("p2", 5, 65),
        Hand.gin("p1", 55),
    ]:
        g.record(hand)
    return g


def decoded(link: str) -> Any:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    return json.loads(parse_qs(parts.query, strict_parsing=True)["data"][0])


# --- the text ----------------------------------------------------------------------


def test_the_result_says_who_won_by_how_much_and_who_pays() -> None:
    g = classic_game()
    text = result_text(build_sheet(g), g.format, datetime(2024, 5, 3, 21, 30))
    assert text.replace("\u202f", " ").splitlines() == [
        "Ann v Bob",
        "Gin · May 3, 2024, 9:30 PM",
        "Ann wins!",
        "Score: Ann 105 · Bob 26",
        "Ann: game bonus +100",
        "Ann: line bonus +25",
        "Bob: line bonus +25",
        "Final scores: Ann 230, Bob 51",
        "Ann wins by 179 (hand points plus bonuses)",
        "Bob pays Ann €1.79",
    ]


def test_the_result_is_in_the_sessions_language() -> None:
    g = classic_game()
    lv = Translator("lv")
    text = result_text(build_sheet(g, lv), g.format, datetime(2024, 5, 3, 21, 30), lv)
    assert text.splitlines() == [
        "Ann pret Bob",
        "Džins · 2024. g. 3. maijs 21:30",
        "Uzvar Ann!",
        "Punkti: Ann 105 · Bob 26",
        "Ann: spēles bonuss +100",
        "Ann: bonuss par uzvarētām partijām +25",
        "Bob: bonuss par uzvarētām partijām +25",
        "Gala rezultāts: Ann 230, Bob 51",
        "Ann uzvar ar 179 punktu pārsvaru (partiju punkti un bonusi)",
        "Bob maksā Ann 1,79\xa0€",  # Babel: a no-break space
    ]


def test_a_game_not_for_money_owes_nothing_in_the_text() -> None:
    g = Game(Format.STANDARD, ["p1", "p2"], names=NAMES, first_dealer="p1")
    g.record(Hand.gin("p2", 80))
    assert result_text(build_sheet(g), g.format, None).splitlines() == [
        "Ann v Bob",
        "Gin",
        "Bob wins!",
        "Score: Ann 0 · Bob 105",
        "Bob wins by 105",
    ]


def test_a_hollywood_result_names_each_game_and_the_netted_payment() -> None:
    g = hollywood_game()
    lines = result_text(build_sheet(g), g.format, None).splitlines()
    assert lines[:3] == ["Ann v Bob", "Hollywood gin", "Ann wins!"]
    assert "Game 1: Ann wins by 75" in lines
    assert "Game 2: Bob wins by 45" in lines
    assert "Game 3: Ann wins by 45" in lines
    assert lines[-1] == "Bob pays Ann €0.75"  # 75 - 45 + 45


# --- BG Stats ------------------------------------------------------------------------


def test_the_bg_stats_link_carries_every_field_of_the_play() -> None:
    g = classic_game()
    started = ENDED - timedelta(minutes=42, seconds=20)
    (play,) = bgstats_plays(g, "g-17", started, ENDED)
    assert decoded(bgstats_link(play)) == {
        "sourceName": "Gin Scorekeeper",
        "sourcePlayId": "g-17",
        "playDate": "2024-05-03 21:30:15",
        "durationMin": 42,
        "game": {"name": "Gin Rummy", "sourceGameId": "gin-rummy", "highestWins": True},
        "players": [
            # Ann dealt the first hand: Bob, her opponent, played first
            {"name": "Ann", "sourcePlayerId": "p1", "score": 230, "winner": True,
             "startPlayer": False},
            {"name": "Bob", "sourcePlayerId": "p2", "score": 51, "winner": False,
             "startPlayer": True},
        ],
    }  # fmt: skip


def test_the_play_date_is_the_end_in_utc_and_an_unknown_start_has_no_duration() -> None:
    g = classic_game()
    helsinki = timezone_hours(3)
    (play,) = bgstats_plays(g, "g-17", None, datetime(2024, 5, 4, 0, 30, tzinfo=helsinki))
    data = decoded(bgstats_link(play))
    assert data["playDate"] == "2024-05-03 21:30:00"
    assert "durationMin" not in data


def timezone_hours(hours: int) -> Any:
    from datetime import timezone

    return timezone(timedelta(hours=hours))


def test_a_hollywood_series_is_one_play_of_the_three_games_added_up() -> None:
    (play,) = bgstats_plays(hollywood_game(), "h1", None, ENDED)
    players = decoded(bgstats_link(play))["players"]
    # Ann 105 + 65 + 105, Bob 30 + 110 + 60; Ann won two games: the series
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in players] == [
        ("Ann", 275, True, True),
        ("Bob", 200, False, False),
    ]


def test_a_hollywood_sheet_can_be_a_play_per_game() -> None:
    plays = bgstats_plays(hollywood_game(), "h1", None, ENDED, each_game=True)
    got = [
        (d["sourcePlayId"], [(p["score"], p["winner"]) for p in d["players"]])
        for d in map(decoded, map(bgstats_link, plays))
    ]
    assert got == [
        ("h1-1", [(105, True), (30, False)]),
        ("h1-2", [(65, False), (110, True)]),
        ("h1-3", [(105, True), (60, False)]),
    ]


def test_three_hand_the_first_captain_played_first() -> None:
    names = {"a": "Ann", "b": "Bob", "c": "Cy"}
    # K♠ puts Ann in the box, 9♦ makes Cy captain, Bob sits out
    g = Game(Format.THREE_HAND, ["a", "b", "c"], names=names, draw=["KS", "2H", "9D"])
    g.record(Hand.gin("c", 80))
    (play,) = bgstats_plays(g, "t1", None, ENDED)
    players = decoded(bgstats_link(play))["players"]
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in players] == [
        ("Ann", 0, False, False),
        ("Bob", 0, False, False),
        ("Cy", 105, True, True),
    ]


# --- the picture ---------------------------------------------------------------------


def test_the_picture_is_a_png_of_the_whole_sheet() -> None:
    g = classic_game()
    png = sheet_picture(build_sheet(g), "Gin · May 3, 2024")
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    assert img.width == 900
    # the title, two hands, the totals and eight game-over lines: a tall page
    assert 500 < img.height < 900
    assert picture_name(build_sheet(g), "20240503") == "gin-Ann-v-Bob-20240503.png"


def test_the_picture_draws_the_winner() -> None:
    sheet = build_sheet(classic_game())
    with_winner = Image.open(io.BytesIO(sheet_picture(sheet))).convert("RGB")
    blank = dataclasses.replace(sheet, headline=" ")  # the same lines, no winner named
    without = Image.open(io.BytesIO(sheet_picture(blank))).convert("RGB")
    assert with_winner.size == without.size
    box = ImageChops.difference(with_winner, without).getbbox()
    assert box is not None  # "Ann wins!" was drawn...
    top = with_winner.height - box[3]
    assert box[1] > with_winner.height / 2 and top > 100  # ...under the table, over the lines


def test_each_hands_scorer_is_marked_on_the_picture() -> None:
    sheet = build_sheet(classic_game())
    plain = dataclasses.replace(
        sheet, rows=[dataclasses.replace(r, scored=[False] * len(r.scored)) for r in sheet.rows]
    )
    marked = Image.open(io.BytesIO(sheet_picture(sheet))).convert("RGB")
    unmarked = Image.open(io.BytesIO(sheet_picture(plain))).convert("RGB")
    assert ImageChops.difference(marked, unmarked).getbbox() is not None


# --- the game-over card's model ---------------------------------------------------


def test_the_game_over_card_shares_the_game_on_screen(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    assert quick(app, "Bob", "gin", d="80")  # 80 + 25: Bob wins 105-0
    s = app.shared()
    assert s.text.splitlines()[2:] == ["Bob wins!", "Score: Ann 0 · Bob 105", "Bob wins by 105"]
    assert not s.series
    ((label, link),) = s.links
    assert label == "Send to BG Stats"
    play = decoded(link)
    assert play["sourcePlayId"] == str(app.game_id)
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", 0, False, False),
        ("Bob", 105, True, True),
    ]
    app.t = Translator("fi")  # a new language: the text follows
    assert app.shared().text.splitlines()[0] == "Ann – Bob"


def test_a_partnership_is_sent_to_bg_stats_each_partner_with_their_sides_score() -> None:
    """RULES §11's example to 75: Ann & Cy 79, Bob & Dan 6; partners share
    their side's score and its win."""
    from scorekeeper.engine import Rules

    g = Game(Format.PARTNERSHIP, ["Ann", "Bob", "Cy", "Dan"], Rules(target=75))
    g.record_deal(Hand.knock("Ann", 3, 19), Hand.gin("Cy", 12))
    g.record_deal(Hand.knock("Ann", 2, 9), Hand.knock("Cy", 8, 5))
    g.record_deal(Hand.draw(), Hand.knock("Cy", 4, 30))
    [play] = bgstats_plays(g, "g1", None, datetime(2026, 12, 5, 12, 0, tzinfo=UTC))
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Ann", 79, True),
        ("Bob", 6, False),
        ("Cy", 79, True),
        ("Dan", 6, False),
    ]
