"""Only who belongs gets in: a foreign Origin, ``Origin: null`` or a foreign Host
is refused with 403 on the page and on the WebSocket, before any session
starts; FastAPI's docs pages are not served; no request is logged."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.ui.server import allowed_authorities, is_allowed, names_for
from tests.support.browser import Server

from .helpers import raw_request, request_bytes, status_of, ws_request

FOREIGN = [
    pytest.param("127.0.0.1:{port}", "http://evil.example", id="foreign-origin"),
    pytest.param("127.0.0.1:{port}", "null", id="null-origin"),
    pytest.param("evil.example:{port}", None, id="foreign-host"),
    pytest.param("evil.example:{port}", "http://evil.example:{port}", id="rebound-host"),
    pytest.param("127.0.0.1:{port}", "http://127.0.0.1:1", id="other-port-origin"),
    pytest.param("127.0.0.1:{port}", "https://127.0.0.1:{port}", id="https-origin"),
    pytest.param("127.0.0.1:{port}", "https://127.0.0.1:{port}.evil.example", id="suffix-origin"),
    pytest.param("127.0.0.1:1", None, id="other-port-host"),
    pytest.param(None, None, id="no-host"),
]


def fill(value: str | None, port: int) -> str | None:
    return None if value is None else value.format(port=port)


@pytest.mark.parametrize(("host", "origin"), FOREIGN)
def test_page_refuses_foreign_callers(app_server: Server, host: str, origin: str) -> None:
    port = app_server.port
    for path in ("/", "/manifest.json", "/main.dart.js", "/review/history"):
        answer = raw_request(port, request_bytes("GET", path, fill(host, port), fill(origin, port)))
        assert status_of(answer) == 403, (path, answer[:300])
        assert b"flet" not in answer.lower()  # nothing of the app


@pytest.mark.parametrize(("host", "origin"), FOREIGN)
def test_websocket_refuses_foreign_callers(app_server: Server, host: str, origin: str) -> None:
    port = app_server.port
    answer = raw_request(port, ws_request("/ws", fill(host, port), fill(origin, port)))
    assert status_of(answer) == 403, answer[:300]


def test_upload_refuses_foreign_callers(app_server: Server) -> None:
    port = app_server.port
    req = request_bytes(
        "PUT", "/upload?f=x&e=y&s=z", f"127.0.0.1:{port}", "http://evil.example",
        ["Content-Length: 2"],
    )  # fmt: skip
    assert status_of(raw_request(port, req + b"{}")) == 403


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost", "[::1]"])
def test_own_names_get_the_page_and_the_websocket(app_server: Server, name: str) -> None:
    port = app_server.port
    host = f"{name}:{port}"
    page = raw_request(port, request_bytes("GET", "/", host, None))
    assert status_of(page) == 200
    same_origin = raw_request(port, request_bytes("GET", "/", host, f"http://{host}"))
    assert status_of(same_origin) == 200
    ws = raw_request(port, ws_request("/ws", host, f"http://{host}"))
    assert status_of(ws) == 101, ws[:300]


@pytest.mark.parametrize(
    "path", ["/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect", "/docs/"]
)
def test_no_docs_pages(app_server: Server, path: str) -> None:
    port = app_server.port
    answer = raw_request(port, request_bytes("GET", path, f"127.0.0.1:{port}", None))
    assert status_of(answer) == 404 or b"swagger" not in answer.lower()
    if path != "/docs/":
        assert status_of(answer) == 404


@pytest.mark.slow
def test_requests_are_not_logged(app_server: Server) -> None:
    port = app_server.port
    marker = "/review/history?secret=do-not-log-me"
    assert status_of(raw_request(port, request_bytes("GET", marker, f"127.0.0.1:{port}", None)))
    refused = ws_request("/ws?token=do-not-log-me", f"127.0.0.1:{port}", "null")
    assert status_of(raw_request(port, refused)) == 403
    out = app_server.stop()
    app_server.start()  # the module's other tests still have a server
    assert "do-not-log-me" not in out
    assert '"GET /' not in out
    assert "refused a WebSocket request" in out  # the refusal itself is logged


# --- the rule, as a pure function ---------------------------------------------------------


def test_is_allowed_by_hand() -> None:
    ok = allowed_authorities(names_for("127.0.0.1"), 8550)
    assert ok == {"127.0.0.1:8550", "localhost:8550", "[::1]:8550"}
    good = [
        ("127.0.0.1:8550", None),
        ("127.0.0.1:8550", "http://127.0.0.1:8550"),
        ("LOCALHOST:8550", "http://localhost:8550"),
        ("[::1]:8550", "http://[::1]:8550"),
    ]
    bad = [
        ("127.0.0.1:8550", "null"),
        ("127.0.0.1:8550", "http://evil.example"),
        ("127.0.0.1:8550", "http://localhost:8550"),  # a different origin than the Host
        ("127.0.0.1:8550", "https://127.0.0.1:8550"),  # another scheme: the server is http
        ("127.0.0.1:8550", "file://"),
        ("127.0.0.1:8550", "http://127.0.0.1:8550/path"),
        ("127.0.0.1:8550", "http://user@127.0.0.1:8550"),
        ("127.0.0.1", None),  # port 80 is not ours
        ("evil.example:8550", None),
        ("127.0.0.1.evil.example:8550", None),
        ("", None),
        (None, None),
    ]
    assert [is_allowed(h, o, ok) for h, o in good] == [True] * len(good)
    assert [is_allowed(h, o, ok) for h, o in bad] == [False] * len(bad)


def test_lan_names_are_added_by_the_caller() -> None:
    ok = allowed_authorities([*names_for("0.0.0.0"), "192.168.1.20"], 8550)
    assert is_allowed("192.168.1.20:8550", "http://192.168.1.20:8550", ok)
    assert not is_allowed("192.168.1.21:8550", "http://192.168.1.21:8550", ok)
    assert is_allowed("127.0.0.1:8550", None, ok)  # every interface includes loopback
    assert not is_allowed("0.0.0.0:8550", None, ok)
    with pytest.raises(ValueError):
        allowed_authorities(["evil.example/x"], 8550)


class AllowingServer(Server):
    """``scorekeeper --web`` told one more name it is reached by."""

    command = ("-m", "scorekeeper", "--web", "--allow-host", "box.example")


def test_a_name_not_allowed_is_told_how_to_allow_it_and_allow_host_does(tmp_path: Path) -> None:
    srv = AllowingServer(tmp_path / "data")
    srv.start()
    try:
        port = srv.port
        refused = raw_request(
            port, request_bytes("GET", "/", f"other.example:{port}", None), whole=True
        )
        assert status_of(refused) == 403
        assert b"--allow-host NAME" in refused
        allowed = raw_request(port, request_bytes("GET", "/", f"box.example:{port}", None))
        assert status_of(allowed) == 200
    finally:
        srv.stop_checked()
