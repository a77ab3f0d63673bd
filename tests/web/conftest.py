"""The web server's gate, uploads and browser-facing features.

A real server per test module (``python -m scorekeeper --web`` on a free
loopback port, as tests/e2e starts it); raw sockets speak HTTP to it so the
tests choose every header.  All traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e.conftest import Server

HOST = "127.0.0.1"


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "data")
    srv.start()
    yield srv
    srv.stop_checked()


def raw_request(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    """Send ``request`` as is; the server's answer up to the end of its headers
    (and whatever of the body came with them)."""
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


def status_of(answer: bytes) -> int:
    line = answer.split(b"\r\n", 1)[0]
    assert line.startswith(b"HTTP/1.1 "), answer[:200]
    return int(line.split()[1])


def request_bytes(
    method: str, path: str, host: str | None, origin: str | None, extra: list[str] | None = None
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    if origin is not None:
        lines.append(f"Origin: {origin}")
    lines += extra or []
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


WS_UPGRADE = [
    "Upgrade: websocket",
    "Connection: Upgrade",
    "Sec-WebSocket-Version: 13",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
]


def ws_request(path: str, host: str | None, origin: str | None) -> bytes:
    lines = [f"GET {path} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    if origin is not None:
        lines.append(f"Origin: {origin}")
    lines += WS_UPGRADE
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"
