"""Attacks on ``scorekeeper --lan`` by a client that speaks Flet's protocol
itself (tests/web/flet_client.py): what anyone with a browser's devtools
can send.  Each test asserts the safe behaviour (issue #15: each of these
attacks worked before the server decided access from its own facts).

Every page property a client sends is a claim (``web``, ``client_ip``,
``route``...), and a session the host shut out must stay out whatever
events it sends.  All traffic goes to 127.0.0.x; every wait is bounded.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scorekeeper.ui.gate import NEW_SOCKETS_PER_MINUTE
from scorekeeper.ui.lan import PRE_JOIN_LIMIT
from tests.support.browser import LanServer
from tests.support.flet_client import (
    ABSENT,
    SILENT,
    Control,
    FletClient,
    Invocation,
    connect,
    open_host_link,
)

from .helpers import (
    CODE_SCREEN,
    HALF_HEADERS,
    join_as_host,
    new_game,
    open_client,
    quick_hand,
    quiesce,
    read_join_code,
    strangers,
    type_code,
    wrong_code,
)

DEVICE_KEY = "scorekeeper.device"  # where the app keeps a device token in the browser
NAMES = re.compile("Ann|Bob")
LOCKED = re.compile(r"^Too many wrong codes: wait \d+ seconds?, then try again\.$")
#: what a session that was let in shows (the home screen, or a game)
LET_IN = re.compile(r"^(New game|Resume .*|Ann v Bob)$")


def settle(c: FletClient) -> str:
    """Wait until the session shows the code screen or the app; which one."""
    c.wait_for(lambda: c.shows(CODE_SCREEN) or c.shows(LET_IN), what="the first screen")
    return "code screen" if c.shows(CODE_SCREEN) else "app"


def host_with_game(lan: LanServer, clients: list[FletClient], hand: bool = False) -> FletClient:
    host = join_as_host(lan, clients)
    new_game(host, ["Ann", "Bob"], dealer="Ann")
    if hand:
        quick_hand(host, "Bob", "Ann", k=4, d=30)
        host.wait_text("Score: Ann 0 · Bob 26")  # 30 - 4 for Bob's knock
    return host


# --- 1. page.web is a claim --------------------------------------------------------------


@pytest.mark.parametrize("web", [False, ABSENT], ids=["web-false", "web-absent"])
def test_a_page_that_says_it_is_no_browser_is_not_the_host(
    lan_server: LanServer, clients: list[FletClient], web: object
) -> None:
    host_with_game(lan_server, clients)
    attacker = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    attacker.register(web=web)
    assert settle(attacker) == "code screen"
    assert not attacker.shows(NAMES)
    assert not attacker.received(b"Ann")


def test_a_browser_page_on_the_phone_address_gets_the_code_screen(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    """The baseline of the attack above: the same page with ``web`` true."""
    host_with_game(lan_server, clients)
    phone = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    phone.register(web=True)
    assert settle(phone) == "code screen"
    assert not phone.received(b"Ann")


def test_a_made_up_device_token_in_the_browser_storage_lets_nobody_in(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    host_with_game(lan_server, clients)
    tokens = ["", "x", "A" * 43, "host", "0" * 10_000]
    for n, token in enumerate(tokens):

        def forged(call: Invocation, _: FletClient, token: str = token) -> tuple[Any, None] | None:
            if call.name == "get" and call.args == {"key": DEVICE_KEY}:
                return token, None
            return None

        c = open_client(clients, lan_server.port, source=f"127.0.0.{10 + n}", answer=forged)
        c.register()
        if len(token) > PRE_JOIN_LIMIT:  # an answer that large: the connection is closed
            c.wait_closed()
            assert c.closed_by_server
        else:
            assert settle(c) == "code screen", token[:20]
        assert not c.received(b"Ann")
        assert any(i.args == {"key": DEVICE_KEY} for i in c.invocations)


# --- 2. page.client_ip is a claim --------------------------------------------------------


def test_five_wrong_codes_lock_the_address_out(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    host = join_as_host(lan_server, clients)
    code = read_join_code(host)
    phone = open_client(clients, lan_server.port, source="127.0.0.3")
    phone.register().wait_text(CODE_SCREEN)
    for _ in range(5):
        type_code(phone, wrong_code(code))
    phone.wait_text(LOCKED)
    type_code(phone, code)  # even the right code waits
    phone.wait_text(LOCKED)
    assert phone.shows(CODE_SCREEN)


def test_rewriting_client_ip_does_not_reset_the_lockout(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    host = join_as_host(lan_server, clients)
    code = read_join_code(host)
    attacker = open_client(clients, lan_server.port, source="127.0.0.3")
    attacker.register().wait_text(CODE_SCREEN)
    for n in range(5):
        attacker.update_props(attacker.page_id, client_ip=f"10.9.9.{n + 1}")
        type_code(attacker, wrong_code(code))
    assert attacker.shows(LOCKED), attacker.texts()


# --- 3. the join code is not guessed by many addresses ------------------------------------


def test_twenty_wrong_codes_in_all_make_the_host_let_each_device_in(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    """Wrong codes from five addresses never change the code (an honest phone
    typing it is never shut out by strangers): the right code then asks the
    host, who lets the honest phone in; the host sees where the guesses came
    from and blocks one, whose right code is then refused too."""
    host = join_as_host(lan_server, clients)
    code = read_join_code(host)
    waiting = open_client(clients, lan_server.port, source="127.0.0.9")  # an honest phone
    waiting.register().wait_text(CODE_SCREEN)
    attackers = []
    for last in range(2, 7):  # 127.0.0.2 .. 127.0.0.6, 4 codes each: under the per-address limit
        a = open_client(clients, lan_server.port, source=f"127.0.0.{last}")
        a.register().wait_text(CODE_SCREEN)
        attackers.append(a)
    guess = int(code)
    for a in attackers:
        for _ in range(4):
            guess = (guess + 1) % 1_000_000
            type_code(a, f"{guess:06d}")
            assert not a.shows(LOCKED)
    host.wait_text("20 wrong codes were tried: from now on, you let each new device in")
    assert host.shows(code, exact=True)  # the code stays
    type_code(waiting, code)
    waiting.wait_text("The host is asked to let this device in. Keep this screen open.")
    assert not waiting.shows(NAMES)
    host.wait_text("Let this device in?")
    host.wait_text(re.compile(r"typed the join code, from 127\.0\.0\.9\."))
    host.click("Let in", exact=True)
    waiting.wait_text("New game")
    # the guesses, by address, each with Block
    host.wait_text("127.0.0.2: 4 wrong codes")
    host.click("Block", exact=True)  # the first listed (all have 4): 127.0.0.2
    type_code(attackers[0], code)  # even the right code: refused, not asked
    attackers[0].wait_text(LOCKED)
    assert not host.shows("Let this device in?")


# --- 4. a session shut out by "New code" stays out, whatever it sends -----------------


@dataclass
class ShutOut:
    """A phone that joined, opened the game (one hand: Bob 26), went to its
    table view, and was then shut out by the host's "New code"."""

    host: FletClient
    phone: FletClient
    undo: Control  # the sheet's "Undo last hand", as the phone last saw it
    enter: Control  # the sheet's "Enter hand"
    picker: int  # the id of the app's file picker (the import's), as the phone last saw it
    wrong: str  # a code that is not the host's new one
    field: Control  # the code screen's "Join code" field
    shut_out_at: int  # how many messages the phone had when it was shut out

    def still_out(self) -> None:
        """A wrong code, answered after every event sent before it was handled
        (a session's events run in order): the code screen, and nothing else."""
        phone = self.phone
        if phone.ended:  # the server closed the old session: as safe
            return
        type_code(phone, self.wrong, self.field)
        assert phone.shows(CODE_SCREEN), phone.texts()
        assert not phone.shows(NAMES), phone.texts()
        assert not any(b"Ann" in f for f in phone.frames[self.shut_out_at :])

    def send(self, *events: Callable[[], None]) -> None:
        """What the old session's page can still send (unless the server closed it)."""
        with contextlib.suppress(ConnectionClosed):
            for e in events:
                e()

    def hand_is_kept(self) -> None:
        """The host opens the game afresh from the store: the hand is there."""
        host = self.host
        host.click("Close")
        host.click("Back")
        host.click("Resume Ann v Bob")
        host.wait_text("Score: Ann 0 · Bob 26")


@pytest.fixture(params=["new code", "remove"])
def shut_out(
    request: pytest.FixtureRequest, lan_server: LanServer, clients: list[FletClient]
) -> ShutOut:
    """A phone shut out by the host's New code, or by Remove in the host's list."""
    host = host_with_game(lan_server, clients, hand=True)
    phone = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    phone.register().wait_text(CODE_SCREEN)
    type_code(phone, read_join_code(host))
    phone.click("Resume Ann v Bob")
    phone.wait_text("Score: Ann 0 · Bob 26")
    undo = phone.wait_clickable("Undo last hand")
    enter = phone.wait_clickable("Enter hand")
    picker = phone.wait_for(
        lambda: next((i for i, c in phone.model.index.items() if c.get("_c") == "FilePicker"), 0),
        what="the file picker service",
    )
    phone.click("Table view")
    phone.wait_gone("Table view", exact=True)  # the sheet's button (the table view has
    phone.wait_clickable("Sheet", exact=True)  # an Enter hand and Undo of its own)
    quiesce(phone)  # no answer of the phone's is still on its way to a control
    if request.param == "new code":
        host.click("New code")
        phone.wait_text("The host drew a new code: enter it to join again.")
    else:
        host.wait_text("Device 1")  # the phone gave no name: the host's list numbers it
        host.click("Remove")  # the only device in the list
        phone.wait_text("The host removed this device.")
    wrong = wrong_code(read_join_code(host))
    field = phone.wait_control(label="Join code")
    return ShutOut(host, phone, undo, enter, picker, wrong, field, len(phone.frames))


def test_a_shut_out_session_cannot_undo_nor_navigate(shut_out: ShutOut) -> None:
    p = shut_out.phone
    shut_out.send(
        lambda: p.event(shut_out.undo, "click"),
        lambda: p.event(shut_out.enter, "click"),
        lambda: p.key("Backspace"),
        lambda: p.key("Enter"),
        lambda: p.go("/review/history"),
        lambda: p.view_pop("/"),
    )
    shut_out.still_out()
    shut_out.hand_is_kept()


def test_a_shut_out_sessions_file_picker_imports_nothing(shut_out: ShutOut) -> None:
    p = shut_out.phone
    picked = {"files": [{"id": 1, "name": "x.json", "size": 2, "bytes": None, "path": None}]}
    shut_out.send(
        lambda: p.event(shut_out.picker, "result", picked),
        lambda: p.event(shut_out.picker, "upload", {"file_name": "x.json", "progress": 1.0}),
    )
    shut_out.still_out()
    shut_out.hand_is_kept()


def test_a_shut_out_session_is_not_redrawn_by_a_resize(shut_out: ShutOut) -> None:
    p = shut_out.phone
    # the table view it was on redraws for a new size
    shut_out.send(lambda: p.resize(1280, 800))
    shut_out.still_out()
    shut_out.hand_is_kept()


def test_a_shut_out_session_is_back_under_the_small_message_limit(shut_out: ShutOut) -> None:
    """Let in, a session may send large messages; put out, it is a stranger
    again: a message over the pre-join limit closes its connection."""
    p = shut_out.phone
    if p.ended:  # the server closed the old session already: as safe
        return
    with contextlib.suppress(ConnectionClosed):
        p.send_raw(b"\x00" + b"\x90" * (PRE_JOIN_LIMIT + 1))
    p.wait_for(lambda: p.ended, what="the connection closed")
    assert p.close_code == 1009  # "message too big"
    shut_out.hand_is_kept()


def test_a_socket_registers_one_session_however_often_it_asks(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    """300 registrations with made-up session ids on one socket made 300
    sessions that were never let go; the second now closes the socket."""
    before = sessions_made(lan_server)
    c = open_client(clients, lan_server.port, source="127.0.0.3")
    c.register().wait_text(CODE_SCREEN)
    with contextlib.suppress(ConnectionClosed):
        for i in range(300):
            c.register(session_id=f"made-up-{i}", wait=False)
    assert c.wait_closed() and c.close_code == 1008  # policy
    made = sessions_made(lan_server) - before
    assert 1 <= made <= 2, made  # its one (logged, so counted), and no more


def test_opening_and_closing_the_code_screen_in_a_loop_makes_few_sessions(
    lan_server: LanServer,
) -> None:
    """600 code screens opened and closed from one address (85 a second made
    85 sessions a second, each kept an hour): past 20 new sockets a minute
    the address is refused before a session is made."""
    before = sessions_made(lan_server)
    opened = refused = 0
    for _ in range(600):
        try:
            c = connect(lan_server.port, source="127.0.0.3", timeout=10)
        except (InvalidStatus, ConnectionClosed):
            refused += 1
            continue
        opened += 1
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            c.register(wait=False)
        c.close()
    made = sessions_made(lan_server) - before
    assert opened <= NEW_SOCKETS_PER_MINUTE + 5 and made <= 50, (opened, refused, made)
    # another device's page is still served
    other = connect(lan_server.port, source="127.0.0.4")
    other.register().wait_text(CODE_SCREEN)
    other.close()


# --- 6. a screen that watches the table --------------------------------------------------


def test_a_watching_screen_sees_a_save_within_a_second_and_can_write_nothing(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    host = host_with_game(lan_server, clients)
    read_join_code(host)  # Invite a device, where the watch link is
    link = host.wait_text(re.compile(r"\?watch=[\w-]+$"))
    token = link.rsplit("=", 1)[1]
    cookie = open_host_link(f"http://127.0.0.2:{lan_server.port}/?watch={token}")
    assert cookie is not None and cookie.startswith(f"scorekeeper_watch_{lan_server.port}=")
    tv = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.6", cookie=cookie)
    tv.register().wait_text("Ann v Bob")
    tv.wait_text("Ann deals next")
    assert tv.clickable(re.compile(".")) is None  # nothing on it to tap
    host.click("Close")
    quick_hand(host, "Bob", "Ann", k=4, d=30)  # returns once the host's Save was answered
    start = time.monotonic()
    tv.wait_text("Bob deals next", timeout=1.0)  # within a second of the save
    print(f"the watching screen showed the save {time.monotonic() - start:.2f} s after it")
    tv.wait_text("26", exact=True)
    # what a watching screen sends changes nothing: no handler takes it
    tv.key("Enter")
    tv.go("/game/new")
    tv.view_pop("/")
    host.wait_text("Score: Ann 0 · Bob 26")
    quick_hand(host, "Ann", "Bob", k=2, d=12)  # the next hand still shows
    tv.wait_text("10", exact=True, timeout=5)
    tv.wait_text("Ann v Bob")
    # a made-up watch token sets no cookie; New code ends the link and the screen
    assert open_host_link(f"http://127.0.0.2:{lan_server.port}/?watch=made-up") is None
    host.click("Invite a device")
    host.click("New code")
    tv.wait_text(CODE_SCREEN)
    assert open_host_link(f"http://127.0.0.2:{lan_server.port}/?watch={token}") is None


def test_a_joined_device_saves_at_once_while_strangers_hold_a_thousand_sockets(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    """1,000 sockets held open from 32 addresses, silent or sending half
    their headers: a phone that joined before saves a hand in under 0.5 s."""
    host = host_with_game(lan_server, clients)
    phone = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    phone.register().wait_text(CODE_SCREEN)
    type_code(phone, read_join_code(host))
    phone.click("Resume Ann v Bob")
    phone.wait_text("Ann deals next")
    with strangers(lan_server.port, (b"", HALF_HEADERS)):
        took = quick_hand(phone, "Bob", "Ann", k=4, d=30)
        phone.wait_text("Score: Ann 0 · Bob 26")
    print(f"a joined phone's save, 1,000 strangers' sockets held: {took:.3f} s")
    assert took < 0.5, took


def sessions_made(lan: LanServer) -> int:
    """The sessions the server has made so far (Flet logs each)."""
    return sum("New session created" in line for line in list(lan.printed))


def test_new_code_shows_the_old_session_the_code_screen(
    lan_server: LanServer, clients: list[FletClient]
) -> None:
    """The baseline of the attack above: without hostile events."""
    host = host_with_game(lan_server, clients)
    phone = open_client(clients, lan_server.port, host="127.0.0.2", source="127.0.0.2")
    phone.register().wait_text(CODE_SCREEN)
    type_code(phone, read_join_code(host))
    phone.wait_text("Resume Ann v Bob")
    quiesce(phone)  # no answer of the phone's is still on its way to a control
    host.click("New code")
    phone.wait_text(CODE_SCREEN)
    assert not phone.shows(NAMES)


# --- 5. the host link admits once ---------------------------------------------------------


def test_the_host_link_admits_only_once(lan_server: LanServer, clients: list[FletClient]) -> None:
    first = join_as_host(lan_server, clients)
    first.wait_text("Invite a device")
    second = join_as_host(lan_server, clients)  # a new browser (no storage, no cookie)
    assert settle(second) == "code screen"
    assert "Invite a device" not in second.texts()  # no such button (the hint names it)


# --- 6. a session that never joins does not stay --------------------------------------


@pytest.mark.slow
def test_a_code_screen_left_idle_is_closed_by_the_server(tmp_path: Path) -> None:
    """Idle on the code screen: closed; so is a page that never answers the
    server's first question (it once stayed open for good)."""
    srv = LanServer(tmp_path / "data")
    srv.env["SCOREKEEPER_LAN_IDLE_SECONDS"] = "2"
    srv.start()
    try:
        idle = connect(srv.port, source="127.0.0.3")
        busy = connect(srv.port, source="127.0.0.4")
        mute = connect(srv.port, source="127.0.0.5", answer=lambda call, c: SILENT)
        mute.register()
        for c in (idle, busy):
            c.register().wait_text(CODE_SCREEN)
        deadline = time.monotonic() + 20
        while not idle.ended and time.monotonic() < deadline:
            type_code(busy, "000000")  # busy keeps typing (wrong codes, then locked out)
        assert idle.wait_closed(timeout=20) and idle.closed_by_server
        assert not busy.ended  # one that keeps typing is not idle
        # the first answer is waited for 10 s, then the code screen's 2 s
        assert mute.wait_closed(timeout=30) and mute.closed_by_server
        assert not mute.invocations[0].result  # it never answered
        for c in (idle, busy, mute):
            c.close()
    finally:
        srv.stop_checked()
