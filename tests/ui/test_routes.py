"""Every screen's address read back to the same screen (ui/routes.py), and
addresses that name none, or a game not here, landing on Home with a notice."""

from __future__ import annotations

import pytest

from scorekeeper.ui import routes
from scorekeeper.ui.state.model import AppModel

from .helpers import quick, start


def where(app: AppModel) -> tuple[str, str, int | None]:
    hand = app.hand.edit_index if app.hand is not None else None
    return app.screen, app.route, hand


def test_every_address_the_app_builds_shows_its_screen_again(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    gid = app.game_id
    assert quick(app, "Bob", "knock", "4", "22") and quick(app, "Ann", "knock", "3", "10")
    seen = []
    for go in (
        app.go_home,
        app.open_new,
        lambda: app.open_game(gid),
        app.open_table,
        app.open_hand,
        lambda: app.open_hand(1),
    ):
        if app.screen == "hand":
            app.cancel_hand()
        go()
        seen.append(where(app))
        app.go_home()
        routes.show_app(seen[-1][1], app)
        assert where(app) == seen[-1] and app.error is None
    assert [route for _, route, _ in seen] == [
        "/",
        "/new",
        f"/game/{gid}",
        f"/game/{gid}/table",
        f"/game/{gid}/hand",
        f"/game/{gid}/hand/2",
    ]
    # a query, a fragment or a last "/" (a link pasted) name the same screen
    app.go_home()
    routes.show_app(f"/game/{gid}/table/?from=qr#top", app)
    assert app.screen == "table" and app.error is None


def test_an_open_form_keeps_what_was_typed_when_its_address_comes_again(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    app.open_hand()
    form = app.hand
    assert form is not None
    form.begin("knock", app.game().standings.players[1])
    form.press("4")
    routes.show_app(app.route, app)  # a reload there
    assert app.hand is form and app.screen == "hand"


@pytest.mark.parametrize(
    "route",
    ["/nowhere", "/game", "/game/{gid}/hand/x", "/game/{gid}/sheet", "/new/{gid}", "/review/game"],
)
def test_an_address_of_no_screen_lands_home_with_a_notice(app: AppModel, route: str) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann")
    routes.show_app(route.format(gid=app.game_id), app)
    assert app.screen == "home" and app.error == "There is no such page."


def test_a_game_not_here_lands_home_and_a_hand_it_has_not_on_its_sheet(app: AppModel) -> None:
    start(app, "standard", ["Ann", "Bob"], first_dealer="Ann", target="20")
    gid = app.game_id
    routes.show_app("/game/999/table", app)
    assert app.screen == "home" and app.error == "That game is not on this device."
    routes.show_app(f"/game/{gid}/hand/1", app)  # no hand 1 yet
    assert app.screen == "sheet" and app.hand is None and app.error is None
    assert quick(app, "Ann", "gin", d="5")  # 25 + 5: the game is over
    app.go_home()
    routes.show_app(f"/game/{gid}/hand", app)  # no new hand in a finished game
    assert app.screen == "sheet" and app.hand is None


def test_review_addresses_are_the_reviews() -> None:
    assert routes.match("/review") == routes.Address("history", {})
    assert routes.match("/review/game/ab") == routes.Address("past_game", {"game": "ab"})
    assert routes.match("/review/stats") == routes.Address("review", {"screen": "stats"})
    assert routes.match("/review/stats/player/a") == routes.Address("player", {"player": "a"})
    assert routes.match("/review/stats/pair/a/b/c") is None
    assert all(name in routes.REVIEW for name, p in routes.ADDRESSES if p.startswith("/review"))
