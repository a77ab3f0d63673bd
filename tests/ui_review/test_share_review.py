"""A past game's screen shares a finished game as the game-over card does:
Copy result, Save picture (a file in the exports folder on the desktop, a
download in a browser), Send to BG Stats (Hollywood: one play or a play per
game).  Game A of the seeds: Ann 102 - Bob 55; C: Ann wins the series 2-1."""

from __future__ import annotations

import io
import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft
from PIL import Image

from scorekeeper.ui.review import ReviewContext, ReviewModel, render_screen

from .helpers import walk


def buttons(controls: list[ft.Control]) -> dict[str, Any]:
    """The screen's buttons by their words."""
    found = {}
    for c in controls:
        for x in walk(c):
            if isinstance(x, ft.OutlinedButton | ft.FilledButton) and isinstance(x.content, str):
                found[x.content] = x
    return found


def screen(model: ReviewModel, game_id: str) -> list[ft.Control]:
    model.go("game", game_id)
    _, controls = render_screen(ReviewContext(model, lambda: None))
    return controls


def play_of(link: str) -> Any:
    return json.loads(parse_qs(urlsplit(link).query)["data"][0])


def test_a_finished_game_offers_copy_picture_and_bg_stats(
    model: ReviewModel, ids: dict[str, str]
) -> None:
    shown = buttons(screen(model, ids["A"]))
    assert {"Copy result", "Save picture", "Send to BG Stats"} <= set(shown)
    text = model.past_game.shared(ids["A"]).text
    assert text.splitlines()[0] == "Ann v Bob"
    assert text.splitlines()[2:] == ["Ann wins!", "Score: Ann 102 · Bob 55", "Ann wins by 47"]


def test_an_unfinished_game_has_nothing_to_share(model: ReviewModel, ids: dict[str, str]) -> None:
    shown = buttons(screen(model, ids["E"]))
    assert "Copy result" not in shown and "Send to BG Stats" not in shown


def test_a_hollywood_series_goes_to_bg_stats_as_one_play_or_a_play_per_game(
    model: ReviewModel, ids: dict[str, str]
) -> None:
    (one,) = model.past_game.shared(ids["C"]).links
    assert one[0] == "Send to BG Stats"
    assert play_of(one[1])["sourcePlayId"] == ids["C"]
    model.past_game.toggle_share_each_game()
    shown = buttons(screen(model, ids["C"]))
    assert {"Game 1 to BG Stats", "Game 2 to BG Stats", "Game 3 to BG Stats"} <= set(shown)
    links = model.past_game.shared(ids["C"]).links
    assert [play_of(link)["sourcePlayId"] for _, link in links] == [
        f"{ids['C']}-1",
        f"{ids['C']}-2",
        f"{ids['C']}-3",
    ]


def test_the_picture_goes_to_the_exports_folder_or_to_the_browser(
    model: ReviewModel, ids: dict[str, str]
) -> None:
    path = model.act(model.past_game.export_picture, ids["A"])
    assert path.parent == model.data.exports_dir and path.suffix == ".png"
    assert model.note == f"Saved the picture to {path}"
    assert Image.open(path).format == "PNG"
    d = model.act(model.past_game.download_picture, ids["A"])
    assert d.name.startswith("gin-Ann-v-Bob-") and d.name.endswith(".png")
    assert d.note == f"Saved the picture: {d.name} is in your downloads."
    assert Image.open(io.BytesIO(d.data)).size[0] == 900
