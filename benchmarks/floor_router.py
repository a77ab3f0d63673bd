"""Two minimal Flet apps with the same two screens, for ``bench_router.py``:
one routed by Flet's router (``ft.Router``), one the app's way.

    FLOOR_ROUTER=1 FLET_FORCE_WEB_SERVER=1 python benchmarks/floor_router.py --port 8552

Both have a home screen ("Open game") and a game's screen at
``/game/7`` ("Back home"), each a title, a button and ``FLOOR_LINES`` lines
of text, and both keep the browser's address and Back:

- ``FLOOR_ROUTER=1``: the declarative way of Flet's router example: the page
  renders a component (``page.render``) returning ``ft.Router`` over the two
  routes; a tap pushes the new address (``page.push_route``, Flet 1.0.5's one
  way to change it), and the router draws the screen when the browser's route
  change comes back;
- otherwise the app's way (``scorekeeper/ui/addresses.py``): a tap draws the
  new screen at once, then pushes its address; a route change the browser
  makes by itself (Back, Forward) is followed, the echo of a push is not.

Served in web mode on 127.0.0.1 with ``no_cdn``, as the app is; ``--data-dir``
is accepted (and ignored) so that ``tests.support.browser.Server`` starts it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

import flet as ft

LINES = int(os.environ.get("FLOOR_LINES", "20"))
GAME = "/game/7"


def screen(route: str, tap: Callable[[str], Callable[[Any], Any]]) -> ft.Control:
    """The screen of ``route``: its title, its button (``tap(to)``: its
    handler), its lines."""
    home = route != GAME
    title, label, to = ("Games", "Open game", GAME) if home else ("Game 7", "Back home", "/")
    return ft.Column(
        [
            ft.Text(title, size=20),
            ft.Button(label, on_click=tap(to)),
            *(ft.Text(f"{title}: line {i}") for i in range(1, LINES + 1)),
        ]
    )


@ft.component
def RoutedHome() -> ft.Control:
    return screen("/", push)


@ft.component
def RoutedGame() -> ft.Control:
    return screen(f"/game/{ft.use_route_params()['gid']}", push)


@ft.component
def Routed() -> ft.Control:
    return ft.Router(
        [
            ft.Route(index=True, component=RoutedHome),
            ft.Route(path="game/:gid", component=RoutedGame),
        ]
    )


def push(route: str) -> Callable[[Any], Any]:
    """The router's way to another screen: push its address."""

    async def tap(_: Any) -> None:
        await ft.context.page.push_route(route)

    return tap


def routed(page: ft.Page) -> None:
    page.title = "Floor (Flet's router)"
    page.render(Routed)


def direct(page: ft.Page) -> None:
    """The app's way: draw the screen at once, then push its address."""
    page.title = "Floor (drawn at once)"
    pushed: list[str] = []
    shown = [page.route or "/"]

    def show(route: str) -> None:
        shown[0] = route
        page.controls = [screen(route, lambda to: lambda _: go(to))]
        page.update()

    def go(route: str) -> None:
        show(route)
        pushed.append(route)
        page.run_task(page.push_route, route)

    def heard(e: ft.RouteChangeEvent) -> None:
        if e.route in pushed:  # the echo of an address pushed: not a Back
            del pushed[: pushed.index(e.route) + 1]
        elif e.route != shown[0]:
            show(e.route)

    page.on_route_change = heard
    show(shown[0])


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--data-dir", help="ignored (the floor keeps nothing)")
    args = p.parse_args()
    main = routed if os.environ.get("FLOOR_ROUTER") == "1" else direct
    ft.run(main, host="127.0.0.1", port=args.port, view=ft.AppView.WEB_BROWSER, no_cdn=True)
