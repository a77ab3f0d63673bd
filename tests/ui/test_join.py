"""The LAN join gate: host link, join code, device tokens, lockout, revocation."""

from __future__ import annotations

import logging

import pytest

from scorekeeper.ui.join import LOCKOUT_SECONDS, MAX_FAILURES, JoinGate, new_join_code


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
    # every failure logged, never a code
    failures = [r.getMessage() for r in caplog.records if "wrong join code" in r.getMessage()]
    assert len(failures) == MAX_FAILURES
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
