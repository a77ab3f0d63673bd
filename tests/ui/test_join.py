"""The LAN join gate: host link, join code, device tokens, lockout, revocation."""

from __future__ import annotations

import logging

import pytest

from scorekeeper.ui.join import (
    LOCKOUT_SECONDS,
    MAX_ADDRESSES,
    MAX_BLOCKED,
    MAX_FAILURES,
    MAX_NAME,
    MAX_REQUESTS,
    MAX_TOTAL_FAILURES,
    MAX_VIEWERS,
    JoinGate,
    new_join_code,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_code_is_six_digits_and_varies() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert all(len(c) == 6 and c.isdigit() for c in codes)
    assert len(codes) > 150


def test_host_link_admits_host_and_wrong_token_nobody() -> None:
    gate = JoinGate()
    token = gate.admit_host(gate.host_token)
    assert token is not None and token != gate.host_token
    assert gate.role(token) == "host"
    assert gate.admit_host(gate.host_token[:-1] + "x") is None
    assert gate.admit_host("") is None
    assert gate.role("") is None
    assert gate.role("made-up") is None


def test_right_code_gives_guest_token_spaces_allowed() -> None:
    gate = JoinGate(code="042917")
    r = gate.try_code("10.0.0.2", " 042 917 ")
    assert r.ok and r.token
    assert gate.role(r.token) == "guest"
    assert gate.try_code("10.0.0.2", "042918").ok is False


def test_five_failures_lock_the_address_for_60_s_others_unaffected(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    gate = JoinGate(code="111111", clock=clock)
    caplog.set_level(logging.INFO, logger="scorekeeper.join")
    for i in range(MAX_FAILURES - 1):
        r = gate.try_code("10.0.0.5", f"00000{i}")
        assert not r.ok and r.wait == 0
    r = gate.try_code("10.0.0.5", "999999")
    assert not r.ok and r.wait == LOCKOUT_SECONDS
    # even the right code waits now
    clock.now += 30
    r = gate.try_code("10.0.0.5", "111111")
    assert not r.ok and r.wait == pytest.approx(30)
    assert gate.wait_for("10.0.0.5") == pytest.approx(30)
    # another address is not held up
    assert gate.try_code("10.0.0.6", "111111").ok
    clock.now += 31
    assert gate.wait_for("10.0.0.5") == 0
    assert gate.try_code("10.0.0.5", "111111").ok
    # the failures logged as one line for the address in that minute, never a code
    failures = [r.getMessage() for r in caplog.records if "wrong join code" in r.getMessage()]
    assert failures == ["1 wrong join code(s) from 10.0.0.5"]
    text = caplog.text
    for secret in ("111111", "999999", "000000", gate.host_token):
        assert secret not in text


def test_new_code_revokes_guests_not_the_host() -> None:
    gate = JoinGate(code="123456")
    host = gate.admit_host(gate.host_token)
    guest = gate.try_code("10.0.0.7", "123456").token
    assert host and guest
    old = gate.code
    generation = gate.generation
    new = gate.new_code()
    assert gate.generation == generation + 1
    assert gate.role(guest) is None
    assert gate.role(host) == "host"
    if new != old:
        assert not gate.try_code("10.0.0.7", old).ok
    assert gate.try_code("10.0.0.7", new).ok


def test_tokens_are_kept_only_as_digests() -> None:
    gate = JoinGate(code="123456")
    guest = gate.try_code("10.0.0.7", "123456").token
    assert guest
    assert guest not in repr(vars(gate))


def test_wrong_codes_are_logged_once_a_minute_per_address_with_the_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    gate = JoinGate(code="111111", clock=clock, max_failures=1000, max_total_failures=1000)
    caplog.set_level(logging.INFO, logger="scorekeeper.join")
    for _ in range(301):  # a guesser at five a second for a minute
        gate.try_code("10.0.0.5", "222222")
        clock.now += 0.2
    gate.try_code("10.0.0.6", "222222")
    lines = [r.getMessage() for r in caplog.records if "wrong join code" in r.getMessage()]
    # the first; a minute later, the 299 since and that one; then the other address
    assert lines == [
        "1 wrong join code(s) from 10.0.0.5",
        "300 wrong join code(s) from 10.0.0.5",
        "1 wrong join code(s) from 10.0.0.6",
    ]


def test_twenty_wrong_codes_from_anywhere_make_the_host_let_each_device_in() -> None:
    gate = JoinGate(code="111111")
    guest = gate.try_code("10.0.0.1", "111111").token
    assert guest
    answers = []
    # four a address: none of them is locked out
    for i in range(MAX_TOTAL_FAILURES):
        answers.append(gate.try_code(f"10.0.1.{i // 4}", "000000"))
    assert all(a.wait == 0 for a in answers)
    assert [a.guarded for a in answers] == [False] * (MAX_TOTAL_FAILURES - 1) + [True]
    assert gate.guarded and gate.code == "111111"  # the code stays
    assert gate.role(guest) == "guest"  # and so do the devices in
    asked = gate.try_code("10.0.2.1", "111111", name="Ann's phone")
    assert not asked.ok and asked.token is None and asked.asked
    assert gate.collect(asked.asked) is None  # the host has not answered
    (request,) = gate.requests()
    assert (request.name, request.address) == ("Ann's phone", "10.0.2.1")
    assert gate.allow(request.id) and not gate.allow(request.id)
    got = gate.collect(asked.asked)
    assert got is not None and got.ok and gate.role(got.token or "") == "guest"
    assert gate.collect(asked.asked) is None  # collected once
    assert gate.name(got.token or "") == "Ann's phone"
    no = gate.try_code("10.0.2.2", "111111").asked
    assert no and gate.refuse(no)
    refused = gate.collect(no)
    assert refused is not None and refused.refused and not refused.ok
    assert gate.requests() == []


def test_strangers_guessing_from_80_addresses_never_keep_an_honest_phone_out() -> None:
    """The issue's table: 80 addresses, five wrong codes a minute each (under
    the lockout), for an hour; an honest phone that takes 4 s to type the
    code gets in at its first try, with the host's yes."""
    clock = Clock()
    gate = JoinGate(code="123456", clock=clock)
    for minute in range(60):
        for a in range(80):
            for _ in range(4):
                gate.try_code(f"10.9.{a}.{minute % 2}", "000000")
        clock.now += 60
    assert gate.code == "123456"
    clock.now += 4  # the honest phone types
    asked = gate.try_code("10.0.0.42", "123456", name="Bob's phone").asked
    assert asked and [r.name for r in gate.requests()] == ["Bob's phone"]
    assert gate.allow(gate.requests()[0].id)
    got = gate.collect(asked)
    assert got is not None and gate.role(got.token or "") == "guest"


def test_the_host_sees_where_wrong_codes_come_from_and_blocks_one() -> None:
    gate = JoinGate(code="123456", max_failures=1000)
    for _ in range(7):
        gate.try_code("10.0.0.66", "000000")
    for _ in range(2):
        gate.try_code("10.0.0.67", "000000")
    assert gate.guesses() == [("10.0.0.66", 7), ("10.0.0.67", 2)]
    gate.block("10.0.0.66")
    assert gate.guesses() == [("10.0.0.67", 2)]
    blocked = gate.try_code("10.0.0.66", "123456")  # even the right code
    assert not blocked.ok and blocked.asked is None and blocked.wait > 0
    for i in range(MAX_BLOCKED + 10):
        gate.block(f"10.1.{i // 256}.{i % 256}")
    assert len(gate._blocked) == MAX_BLOCKED


def test_a_new_code_ends_the_guard_and_drops_the_requests() -> None:
    gate = JoinGate(code="123456", max_total_failures=1)
    gate.try_code("10.0.0.5", "000000")
    asked = gate.try_code("10.0.0.6", "123456").asked
    assert asked and gate.guarded
    gate.new_code()
    assert not gate.guarded and gate.requests() == [] and gate.collect(asked) is None
    assert gate.try_code("10.0.0.6", gate.code).ok


def test_requests_waiting_are_bounded() -> None:
    gate = JoinGate(code="123456", max_total_failures=1)
    gate.try_code("10.0.0.5", "000000")
    for i in range(MAX_REQUESTS + 5):
        gate.try_code(f"10.0.3.{i}", "123456")
    assert len(gate.requests()) == MAX_REQUESTS
    assert gate.requests()[0].address == "10.0.3.5"  # the oldest went first


def test_the_host_link_works_once_and_a_new_one_kills_the_old() -> None:
    gate = JoinGate()
    link = gate.host_token
    assert gate.role(gate.admit_host(link) or "") == "host"
    assert gate.admit_host(link) is None
    unused = gate.host_token
    fresh = gate.new_host_token()
    assert fresh != unused
    assert gate.admit_host(unused) is None
    assert gate.role(gate.admit_host(fresh) or "") == "host"


def test_a_long_typed_code_is_refused_and_counts_as_a_wrong_code() -> None:
    gate = JoinGate(code="123456")
    r = gate.try_code("10.0.0.3", "123456" + " " * 40)  # the code, padded past 32 characters
    assert not r.ok
    assert gate.wrong_total == 1
    assert not gate.try_code("10.0.0.3", "1" * 10**6).ok


def test_devices_are_named_as_chosen_and_one_can_be_removed() -> None:
    gate = JoinGate(code="123456")
    ann = gate.try_code("10.0.0.3", "123456", name="  Ann's\tphone ").token
    other = gate.try_code("10.0.0.4", "123456").token
    assert ann and other
    assert [d.name for d in gate.devices()] == ["Ann's phone", "Device 2"]
    assert gate.name(ann) == "Ann's phone"
    first = gate.devices()[0]
    assert ann not in repr(first)
    assert gate.remove(first.id)
    assert gate.role(ann) is None and gate.role(other) == "guest"
    assert not gate.remove(first.id)
    assert [d.name for d in gate.devices()] == ["Device 2"]


def test_two_devices_that_chose_one_name_are_told_apart() -> None:
    """The stale-write message names the writer ("Phone saved hand 2 in the
    meantime"): two devices both called "Phone" must not read the same."""
    gate = JoinGate(code="123456")
    first = gate.try_code("10.0.0.3", "123456", name="Phone").token
    second = gate.try_code("10.0.0.4", "123456", name=" Phone ").token
    third = gate.try_code("10.0.0.5", "123456", name="x" * 99).token
    fourth = gate.try_code("10.0.0.6", "123456", name="x" * 99).token
    assert first and second and third and fourth
    assert gate.name(first) == "Phone" and gate.name(second) == "Phone 2"
    assert gate.name(fourth) == "x" * (MAX_NAME - 2) + " 2"
    assert len({d.name for d in gate.devices()}) == 4


def test_the_addresses_remembered_are_bounded() -> None:
    gate = JoinGate(code="123456", max_total_failures=10**9)
    for i in range(MAX_ADDRESSES + 500):
        gate.try_code(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}", "000000")
    assert len(gate._failures) <= MAX_ADDRESSES
    assert len(gate._wrong_log) <= MAX_ADDRESSES


def test_wrong_host_links_are_logged_once_a_minute_with_the_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    gate = JoinGate(clock=clock)
    caplog.set_level(logging.INFO, logger="scorekeeper.join")
    for _ in range(2000):  # a flood of made-up links
        assert gate.admit_host("made-up") is None
        clock.now += 0.01
    clock.now += 60
    gate.admit_host("made-up")
    lines = [r.getMessage() for r in caplog.records if "host link" in r.getMessage()]
    assert lines == [
        "1 host link(s) with a wrong or used token were opened",
        "2000 host link(s) with a wrong or used token were opened",
    ]


def test_the_host_signs_out_every_other_host_browser() -> None:
    gate = JoinGate()
    mine = gate.admit_host(gate.host_token)
    other = gate.admit_host(gate.new_host_token())
    guest = gate.try_code("10.0.0.3", gate.code).token
    assert mine and other and guest
    assert gate.sign_out_other_hosts(mine) == 1
    assert gate.role(mine) == "host" and gate.role(other) is None
    assert gate.role(guest) == "guest"  # players stay


def test_an_empty_code_is_no_guess() -> None:
    """Enter pressed in the name field before the code was typed."""
    gate = JoinGate(code="123456", max_total_failures=1)
    for _ in range(10):
        assert not gate.try_code("10.0.0.3", "  ").ok
    assert gate.wrong_total == 0 and not gate.guarded
    assert gate.try_code("10.0.0.3", "123456").ok


def test_the_watch_link_lets_in_each_screen_to_watch_until_a_new_code() -> None:
    gate = JoinGate(code="123456")
    link = gate.watch_token
    tv, tablet = gate.admit_viewer(link), gate.admit_viewer(link)  # the link works again
    assert tv and tablet and tv != tablet
    assert gate.role(tv) == "viewer" and gate.role(tablet) == "viewer"
    assert gate.admit_viewer("made-up") is None
    assert gate.devices() == []  # not in the host's list of devices that joined
    gate.new_code()
    assert gate.role(tv) is None and gate.admit_viewer(link) is None
    assert gate.role(gate.admit_viewer(gate.watch_token) or "") == "viewer"


def test_watching_screens_are_bounded() -> None:
    gate = JoinGate()
    first = gate.admit_viewer(gate.watch_token)
    for _ in range(MAX_VIEWERS):
        gate.admit_viewer(gate.watch_token)
    assert first and gate.role(first) is None  # the oldest was let go
