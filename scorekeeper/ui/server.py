"""The web server: Flet's FastAPI app behind a gate, served by uvicorn.

Its parts, each in a module of its own:

- :mod:`.gate`: every HTTP request and the WebSocket upgrade pass
  :class:`~.gate.Gate` first (a foreign ``Host`` or ``Origin``: 403 before a
  session starts; FastAPI's ``/docs``, ``/redoc`` and ``/openapi.json`` are
  not served);
- :mod:`.upload_route`: imports are uploads to ``PUT /upload``, bounded in
  size, time and number;
- :mod:`.server_limits`: what one client can hold is bounded
  (:func:`server_config`): connections in all, the time to send a request's
  headers, a keep-alive connection's idle time, the size of a WebSocket
  message.

Here: Flet's app with those parts (:func:`build_app`) and the server that
runs it (:func:`serve_web`).  The names of the parts are kept importable
from here.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Collection, Sequence
from typing import Any

from .gate import DOCS_PATHS as DOCS_PATHS
from .gate import LOOPBACK_NAMES as LOOPBACK_NAMES
from .gate import SOCKETS_PER_ADDRESS as SOCKETS_PER_ADDRESS
from .gate import ASGIApp as ASGIApp
from .gate import Gate as Gate
from .gate import allowed_authorities as allowed_authorities
from .gate import is_allowed as is_allowed
from .gate import names_for as names_for
from .gate import split_authority as split_authority
from .server_limits import CONNECTIONS_PER_ADDRESS as CONNECTIONS_PER_ADDRESS
from .server_limits import HEADER_TIMEOUT as HEADER_TIMEOUT
from .server_limits import KEEP_ALIVE_TIMEOUT as KEEP_ALIVE_TIMEOUT
from .server_limits import MAX_CONNECTIONS as MAX_CONNECTIONS
from .server_limits import WS_MAX_SIZE as WS_MAX_SIZE
from .server_limits import server_config as server_config
from .upload_route import UPLOAD_PATH as UPLOAD_PATH
from .upload_route import upload_endpoint as upload_endpoint
from .uploads import INBOX, UploadInbox

__all__ = [
    "DOCS_PATHS",
    "HEADER_TIMEOUT",
    "KEEP_ALIVE_TIMEOUT",
    "LOOPBACK_NAMES",
    "MAX_CONNECTIONS",
    "UPLOAD_PATH",
    "WS_MAX_SIZE",
    "Gate",
    "allowed_authorities",
    "build_app",
    "is_allowed",
    "names_for",
    "serve_web",
    "server_config",
    "split_authority",
]

# --- the app and the server ------------------------------------------------------------


def build_app(
    session_main: Callable[[Any], Any],
    *,
    allowed_hosts: Collection[str],
    assets_dir: str | None,
    app_name: str = "Gin Scorekeeper",
    app_description: str = "The score sheet for Gin Rummy played with a real deck.",
    inbox: UploadInbox = INBOX,
    secret_key: str | None = None,
    pre_join_limit: int | None = None,
    wrap: Callable[[ASGIApp], ASGIApp] | None = None,
) -> ASGIApp:
    """Flet's FastAPI app for ``session_main`` (offline: ``no_cdn``), with the
    upload endpoint, without the docs pages, behind :class:`Gate`.

    ``allowed_hosts`` are ``name:port`` authorities (:func:`allowed_authorities`);
    ``wrap`` puts more middleware between the gate and the app (LAN mode's
    host link); ``pre_join_limit``: see :class:`Gate`.
    """
    import flet_web.fastapi as flet_fastapi  # type: ignore[import-untyped]
    from starlette.routing import Route

    key = secret_key or secrets.token_urlsafe(32)
    app = flet_fastapi.app(
        session_main,
        assets_dir=assets_dir,
        app_name=app_name,
        app_short_name="Gin Score",
        app_description=app_description,
        no_cdn=True,
        upload_endpoint_path=UPLOAD_PATH,
        secret_key=key,
    )
    # no docs pages; the upload route goes before the static files mounted at "/"
    routes = [r for r in app.router.routes if getattr(r, "path", None) not in DOCS_PATHS]
    routes.insert(0, Route(UPLOAD_PATH, upload_endpoint(inbox, key), methods=["PUT"]))
    app.router.routes[:] = routes
    app.openapi_url = app.docs_url = app.redoc_url = None
    inner: ASGIApp = app if wrap is None else wrap(app)
    return Gate(inner, allowed_hosts, pre_join_limit=pre_join_limit)


class _NoQueries(logging.Filter):
    """Drop query strings from the server's own log lines (they could hold a secret)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                a.split("?", 1)[0] + "?…" if isinstance(a, str) and "?" in a else a
                for a in record.args
            )
        return True


class _ShutdownCancels(logging.Filter):
    """A session still open when the server stops is cancelled once uvicorn's
    grace period is over; uvicorn logs that as an error with a traceback.  It
    is the stop the player asked for: say so in one line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, asyncio.CancelledError) and "graceful shutdown" in str(exc):
            record.msg, record.args = "a session still open at shutdown was closed", ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def serve_web(
    session_main: Callable[[Any], Any],
    *,
    host: str,
    port: int,
    allowed_hosts: Sequence[str] = (),
    assets_dir: str | None,
    open_browser: bool = False,
    on_started: Callable[[str], None] | None = None,
    **app_options: Any,
) -> None:
    """Serve ``session_main`` (called with each new ``ft.Page``) until stopped.

    The server answers to the names of ``host`` (:func:`names_for`: every
    loopback name for a loopback address) and to ``allowed_hosts`` (names or
    addresses, each with or without a port): LAN mode passes the machine's
    addresses here.  No access log; connections and messages bounded
    (:func:`server_config`).  ``on_started(url)`` is called once the port is
    open.
    """
    import uvicorn

    allowed = allowed_authorities([*names_for(host), *allowed_hosts], port)
    app = build_app(session_main, allowed_hosts=allowed, assets_dir=assets_dir, **app_options)
    url_host = host if host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    if ":" in url_host and not url_host.startswith("["):
        url_host = f"[{url_host}]"
    url = f"http://{url_host}:{port}/"

    async def started() -> None:
        if on_started is not None:
            on_started(url)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    # open to the network (a LAN table): connections bounded per address too
    lan = app_options.get("pre_join_limit") is not None
    config = server_config(app, host, port, per_address=CONNECTIONS_PER_ADDRESS if lan else None)
    logging.getLogger("uvicorn.error").addFilter(_NoQueries())
    logging.getLogger("uvicorn.error").addFilter(_ShutdownCancels())
    server = uvicorn.Server(config)
    _after_startup(server, started)
    server.run()


def _after_startup(server: Any, callback: Callable[[], Any]) -> None:
    """Run ``callback`` once uvicorn listens (its startup has no hook of its own)."""
    original = server.startup

    async def startup(*args: Any, **kwargs: Any) -> None:
        await original(*args, **kwargs)
        if server.started:
            await callback()

    server.startup = startup
