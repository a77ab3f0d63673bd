"""The protocol client of the security tests (tests/web/flet_client.py), checked
against the real server: what it shows is what a browser shows.

``python -m scorekeeper --web`` and ``--lan`` on free loopback ports; the
client connects from 127.0.0.x only.
"""

from __future__ import annotations

import re

import pytest
from websockets.exceptions import InvalidStatus

from tests.support.browser import LanServer, Server
from tests.support.flet_client import (
    Control,
    FletClient,
    TreeModel,
    connect,
    http_get,
    open_host_link,
)

from .helpers import (
    CODE_SCREEN,
    WRONG_CODE,
    join_as_host,
    new_game,
    open_client,
    quick_hand,
    read_join_code,
    route_of,
    type_code,
    wrong_code,
)

# --- the model, without a server ------------------------------------------------------


def text(i: int, value: str, **kw: object) -> dict[str, object]:
    return {"_c": "Text", "_i": i, "value": value, **kw}


def page_with(*controls: dict[str, object]) -> TreeModel:
    m = TreeModel()
    view = {"_c": "View", "_i": 3, "route": "/", "controls": list(controls)}
    m.register(
        {
            "_c": "Page",
            "_i": 1,
            "views": [view],
            "_dialogs": {"_c": "Dialogs", "_i": 2, "controls": []},
        }
    )
    return m


def test_a_patch_moves_and_removes_list_items_in_order() -> None:
    m = page_with(text(10, "a"), text(11, "b"), text(12, "c"))
    tree = [0, {"controls": [1]}]
    # move "c" to the front, then remove what is then the last ("b")
    m.patch(3, [tree, [3, 1, 2, 1, 0], [2, 1, 2]])
    assert m.texts() == ["c", "a"]


def test_a_replaced_control_is_indexed_for_the_next_patch() -> None:
    m = page_with(text(10, "a"))
    m.patch(3, [[0, {"controls": [1]}], [0, 1, 0, text(20, "new")]])
    m.patch(20, [[0], [0, 0, "value", "newer"]])
    assert m.texts() == ["newer"]
    assert m.control(20).value == "newer"


def test_hidden_controls_and_closed_dialogs_show_nothing() -> None:
    m = page_with(text(10, "shown"), text(11, "hidden", visible=False))
    dialog = {"_c": "AlertDialog", "_i": 30, "open": False, "title": "Sure?"}
    m.patch(2, [[0, {"controls": [1]}], [1, 1, 0, dialog]])
    assert m.texts() == ["shown"]
    m.patch(30, [[0], [0, 0, "open", True]])
    assert m.texts() == ["shown", "Sure?"]


def test_button_contents_labels_hints_and_tooltips_are_texts() -> None:
    m = page_with(
        {"_c": "FilledButton", "_i": 10, "content": "Go", "on_click": True},
        {"_c": "TextField", "_i": 11, "label": "Name", "hint_text": "Ann", "value": "typed"},
        {"_c": "IconButton", "_i": 12, "tooltip": {"message": "Help"}},
        {"_c": "OutlinedButton", "_i": 13, "content": text(14, "Inner")},
    )
    assert m.texts() == ["Go", "Name", "Ann", "Help", "Inner"]
    assert Control(m.index[13]).texts() == ["Inner"]


def test_only_loopback_is_reached() -> None:
    with pytest.raises(ValueError, match="loopback"):
        connect(80, "192.0.2.1")
    with pytest.raises(ValueError, match="loopback"):
        connect(80, source="192.0.2.1")
    with pytest.raises(ValueError, match="loopback"):
        http_get("http://192.0.2.1/")


# --- the plain web app ------------------------------------------------------------------


def test_home_screen_arrives_and_new_game_opens_its_form(
    server: Server, clients: list[FletClient]
) -> None:
    c = open_client(clients, server.port).register()
    c.wait_text("New game", exact=True)
    assert {"Gin Scorekeeper", "No game in progress.", "History", "Settings"} <= set(c.texts())
    assert c.session_id

    c.click("New game")
    c.wait_text(re.compile(r"^Players \(0 of 2\)$"))
    field = c.wait_control(label="New player name")
    assert field.type == "TextField"
    assert c.find("Start game", type="FilledButton") is not None

    c.submit(field, "Ann")
    c.wait_text("Playing: Ann")


def test_a_typed_value_is_read_back_from_the_field(
    server: Server, clients: list[FletClient]
) -> None:
    c = open_client(clients, server.port).register()
    c.click("New game")
    field = c.type_text(c.wait_control(label="New player name"), "Zoe")
    c.click("Add player")
    c.wait_text("Playing: Zoe")
    # the app draws a new, empty field for the next name
    c.wait_for(lambda: (f := c.find(label="New player name")) is not None and not f.value)
    assert field.id in c.model.index


def test_a_game_and_a_hand_through_the_protocol(server: Server, clients: list[FletClient]) -> None:
    c = open_client(clients, server.port).register()
    new_game(c, ["Ann", "Bob"], dealer="Ann")
    quick_hand(c, "Bob", "Ann", k=4, d=30)
    # 30 - 4 = 26 for Bob's knock
    c.wait_text("Score: Ann 0 · Bob 26")


def test_the_chosen_user_agent_and_page_properties_reach_the_server(
    server: Server, clients: list[FletClient]
) -> None:
    c = open_client(clients, server.port, user_agent="Mozilla/5.0 (iPhone; test)")
    c.register("/", platform="ios", width=320.0, height=640.0)
    c.wait_text("New game")
    # the server's first patch of the page carries what it made of them
    page = c.model.page
    assert page.get("client_user_agent") == "Mozilla/5.0 (iPhone; test)"
    assert page.get("client_ip") == "127.0.0.1"
    assert (page.get("platform"), page.get("width"), page.get("height")) == ("ios", 320.0, 640.0)


def test_a_foreign_origin_is_refused_before_a_session(server: Server) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(server.port, origin="http://evil.example")
    assert refused.value.response.status_code == 403


def test_the_client_tells_who_closed_the_connection(server: Server) -> None:
    mine = connect(server.port).register()
    mine.wait_text("New game")
    mine.close()
    assert mine.ended and not mine.closed_by_server

    theirs = connect(server.port).register()
    theirs.wait_text("New game")
    server.stop()  # the server goes away under the open page
    assert theirs.wait_closed(20)
    assert theirs.closed_by_server
    theirs.close()


# --- the --lan server -------------------------------------------------------------------


def test_a_plain_session_on_lan_sees_only_the_code_screen(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    host = join_as_host(lan_server, clients)
    new_game(host, ["Ann", "Bob"], dealer="Ann")

    phone = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    phone.register()
    phone.wait_text(CODE_SCREEN)
    assert phone.model.page.get("client_ip") == "127.0.0.2"  # the server saw that peer
    assert not phone.shows(re.compile("Ann|Bob"))
    assert not phone.received(b"Ann") and not phone.received(b"Bob")

    type_code(phone, wrong_code(read_join_code(host)))
    phone.wait_text(WRONG_CODE)
    assert phone.shows(CODE_SCREEN)
    assert not phone.received(b"Ann")


def test_the_right_code_lets_a_phone_in(lan_server: LanServer, clients: list[FletClient]) -> None:
    host = join_as_host(lan_server, clients)
    new_game(host, ["Ann", "Bob"], dealer="Ann")
    phone = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    phone.register().wait_text(CODE_SCREEN)
    type_code(phone, read_join_code(host))
    phone.wait_text("Resume Ann v Bob")
    assert "scorekeeper.device" in phone.storage  # the device token, in its "browser"

    # a reload: a new connection and session, the same browser storage
    phone.close()
    again = open_client(
        clients, lan_server.port, host="127.0.0.2", source="127.0.0.2", storage=phone.storage
    )
    again.register().wait_text("Resume Ann v Bob")
    assert not again.shows(CODE_SCREEN)
    gets = [i for i in again.invocations if i.name == "get"]
    assert any(i.args == {"key": "scorekeeper.device"} and i.result for i in gets)


def test_the_printed_host_link_makes_the_host(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    assert route_of(lan_server.host_link).startswith("/?host=")
    host = join_as_host(lan_server, clients)
    host.wait_text("New game", exact=True)
    host.wait_text("Invite a device")
    assert not host.shows(CODE_SCREEN)
    # the token left the address bar
    host.wait_for(lambda: "host=" not in host.route, what="the route without the token")


def test_open_host_link_reads_what_the_link_answers(lan_server: LanServer) -> None:
    link = lan_server.press_enter()  # one of its own: a link works once
    cookie = open_host_link(link)  # the host's cookie, from the 303 to /
    assert cookie is not None and cookie.startswith(f"scorekeeper_host_{lan_server.port}=")
    answer = http_get(link)  # used up: the same redirect, no cookie
    assert answer.status == 303 and answer.header("location") == ["/"]
    assert open_host_link(link) is None
