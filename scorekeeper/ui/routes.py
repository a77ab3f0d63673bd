"""Every screen's address in one table, and the screen each one shows (issue #17).

The models build the addresses (:attr:`AppModel.route`,
:attr:`ReviewModel.route`); this module reads them back, for a link, a
reload, Back and Forward.  They are matched by Flet's route matcher,
:class:`ft.TemplateRoute`, on the patterns Flet's ``Router`` reads
(``:name`` is one segment, ``:name(regex)`` one that must match it), so
no address is taken apart by hand.

Flet's ``Router`` component itself is not used: it draws in components
mode, one turn of the event loop after the browser's route change, and
the app draws as soon as a handler has run (app.py).  Flet 1.0.5 can also
only push an address, never replace one, which the hand form's address
needs (addresses.py).

>>> match("/game/ab12/hand/3")
Address(name='edit', params={'game': 'ab12', 'number': '3'})
>>> match("/review/stats/pair/a1/b2?x=1")
Address(name='pair', params={'player': 'a1', 'other': 'b2'})
>>> match("/game/ab12/hand/x") is None, match("/nowhere") is None
(True, True)
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple
from urllib.parse import urlsplit

import flet as ft

from scorekeeper.engine.errors import N_, Msg

from .review.model import ReviewModel
from .state.model import AppModel, GameView

__all__ = [
    "ADDRESSES",
    "NO_SUCH_PAGE",
    "REVIEW",
    "Address",
    "match",
    "on_statistics",
    "show",
    "show_app",
    "show_review",
]

#: Each screen's address pattern, by the name the app knows it by; the
#: first that matches wins.
ADDRESSES: Final[tuple[tuple[str, str], ...]] = (
    ("home", "/"),
    ("new", "/new"),
    ("sheet", "/game/:game"),
    ("table", "/game/:game/table"),
    ("hand", "/game/:game/hand"),
    ("edit", "/game/:game/hand/:number(\\d{1,6})"),
    ("history", "/review"),
    ("past_game", "/review/game/:game"),
    ("player", "/review/stats/player/:player"),
    ("pair", "/review/stats/pair/:player/:other"),
    ("review", "/review/:screen"),
)

#: The review's screens' names (review/, its model's own addresses).
REVIEW: Final = frozenset({"history", "past_game", "player", "pair", "review"})

#: The screen of each of a game's addresses (an edited hand's aside).
_VIEWS: Final[dict[str, GameView]] = {"sheet": "sheet", "table": "table", "hand": "hand"}

#: An address that names no screen lands on Home with this (a msgid).
NO_SUCH_PAGE: Final = N_("There is no such page.")

_NAMES = {pattern: re.findall(r":(\w+)", pattern) for _, pattern in ADDRESSES}


class Address(NamedTuple):
    """A matched address: the screen's name and the address's parts."""

    name: str
    params: dict[str, str]


def match(route: str) -> Address | None:
    """The screen ``route`` names (its query and fragment aside), or None."""
    found = ft.TemplateRoute(urlsplit(route).path or "/")
    for name, pattern in ADDRESSES:
        if found.match(pattern):
            return Address(name, {key: getattr(found, key) for key in _NAMES[pattern]})
    return None


def on_statistics(route: str) -> bool:
    """Whether ``route`` is the statistics' address, a detail's included.

    >>> on_statistics("/review/stats"), on_statistics("/review/stats/player/a")
    (True, True)
    >>> on_statistics("/review/statsx"), on_statistics("/review/history")
    (False, False)
    """
    found = match(route)
    if found is None:
        return False
    return found.name in ("player", "pair") or found.params.get("screen") == "stats"


def show(route: str, model: AppModel, review: ReviewModel) -> None:
    """Put the models on the screen ``route`` names: the review's, or the
    app's own (:func:`show_app`)."""
    found = match(route)
    if found is not None and found.name in REVIEW:
        show_review(found, review)
        model.go_home()
        model.screen = "review"
        return
    _show_app(route, found, model)


def show_app(route: str, model: AppModel) -> None:
    """Put the app's model on the screen ``route`` names, one of its own.
    Any other address, or a game not on this device, lands on Home with a
    notice."""
    _show_app(route, match(route), model)


def _show_app(route: str, found: Address | None, model: AppModel) -> None:
    if model.screen == "review":
        # the review's address is the review model's: the app's model would
        # take "/" for where it already is, and stay on the review
        model.go_home()
    elif route == model.route:
        return  # shown already: an open form keeps what was typed
    if found is None or found.name in REVIEW:
        model.go_home()
        model.error = Msg(NO_SUCH_PAGE)
        return
    name, params = found
    if name == "home":
        model.go_home()
    elif name == "new":
        model.act(model.go_new)
    elif name == "edit":
        model.act(model.go_game, params["game"], "hand", int(params["number"]))
    else:
        model.act(model.go_game, params["game"], _VIEWS[name])


def show_review(found: Address, review: ReviewModel) -> None:
    """Put the review's model on the screen of ``found``, a review address."""
    name, params = found
    if name == "history":
        review.act(review.go, "history")
    elif name == "past_game":
        review.act(review.go, "game", params["game"])
    elif name == "player":
        review.act(review.stats.open_detail, f"player:{params['player']}")
    elif name == "pair":
        review.act(review.stats.open_detail, f"pair:{params['player']}:{params['other']}")
    else:
        if params["screen"] == "stats":
            review.stats.focus = None  # the statistics, no details named
        review.act(review.go, params["screen"])
