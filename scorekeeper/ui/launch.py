"""Start the app: a desktop window where there is a display, else the web app.

    scorekeeper [--web] [--port 8550] [--host 127.0.0.1] [--data-dir DIR]
    scorekeeper --lan [--host 0.0.0.0] [--allow-host NAME]   phones at the table join

The web client is served from the installed flet-web package with
``no_cdn=True``, so it works with no internet, behind the Host/Origin gate
of :mod:`scorekeeper.ui.server`.  The font with the card suits
ships in the package (``scorekeeper/ui/assets``).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ASSETS = Path(__file__).resolve().parent / "assets"
DEFAULT_PORT = 8550
DEFAULT_HOST = "127.0.0.1"
LAN_HOST = "0.0.0.0"
#: What ``scorekeeper --help`` says of the data commands (each has its own --help).
DATA_COMMANDS_HELP = """data commands (scorekeeper COMMAND --help for each):
  export   write games as JSON (or one game's sheet as CSV)
  import   import an export file
  backup   zip the data folder into backups/
  check    replay every game and report problems (--repair fixes what it can)
they take --data-dir DIR, and --lang CODE for the language of what they print"""

log = logging.getLogger("scorekeeper")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """
    >>> a = parse_args(["--web", "--port", "9000"])
    >>> a.web, a.port, a.host, a.data_dir
    (True, 9000, '127.0.0.1', None)
    """
    p = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Gin Scorekeeper: the score sheet for Gin Rummy played with a real deck.",
        epilog=DATA_COMMANDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--web", action="store_true", help="serve the app to a browser")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="web port (default 8550)")
    p.add_argument(
        "--host", default=None, help="web address (default 127.0.0.1; with --lan all of them)"
    )
    p.add_argument("--data-dir", type=Path, default=None, help="where the games are kept")
    p.add_argument(
        "--lan",
        action="store_true",
        help="serve on the local network: other devices join with a code shown on the host",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="one more name or address the web server is reached by (repeatable)",
    )
    args = p.parse_args(list(argv))
    if args.host is None:
        args.host = LAN_HOST if args.lan else DEFAULT_HOST
    return args


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_app_store(data_dir: Path | None) -> Any:
    """The real store (imported late so ``--help`` stays fast)."""
    from scorekeeper.store import open_store  # type: ignore[attr-defined,unused-ignore]

    return open_store(data_dir)


def missing_extra(*, web: bool) -> str | None:
    """The extra to install for this way of running, if it is not installed
    (a phone needs neither, so they are not in the base dependencies)."""
    import importlib.util

    needed = ("flet_web", "fastapi", "uvicorn") if web else ("flet_desktop",)
    if all(importlib.util.find_spec(name) is not None for name in needed):
        return None
    return "server" if web else "desktop"


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    web = args.web or args.lan or not has_display()
    extra = missing_extra(web=web)
    if extra is not None:
        print(
            f"scorekeeper: this way of running needs the {extra} extra: "
            f"pip install 'gin-scorekeeper[{extra}]' (or '.[all]' from a clone)",
            file=sys.stderr,
        )
        return 2
    try:
        store_cm = open_app_store(args.data_dir)
        store = store_cm.__enter__() if hasattr(store_cm, "__enter__") else store_cm
    except Exception as exc:  # the folder is locked, unreadable...
        name = type(exc).__name__
        print(f"scorekeeper: can't open the data folder: {exc}", file=sys.stderr)
        if name == "StoreLockedError":
            print(
                "Another Gin Scorekeeper is already using this data folder: "
                "switch to it, or start this one with --data-dir.",
                file=sys.stderr,
            )
        return 2
    from .backups import start_backups, stop_backups

    start_backups(store)
    try:
        if args.lan:
            return serve_lan(store, host=args.host, port=args.port, extra_names=args.allow_host)
        return serve(
            store,
            web=args.web or not has_display(),
            host=args.host,
            port=args.port,
            extra_names=args.allow_host,
        )
    finally:
        stop_backups(store)
        if hasattr(store_cm, "__exit__"):
            store_cm.__exit__(None, None, None)


def serve(store: Any, *, web: bool, host: str, port: int, extra_names: Sequence[str] = ()) -> int:
    import flet as ft

    from .app import run_app

    def session(page: ft.Page) -> None:
        run_app(page, store, desktop=not web)

    if web:
        from .server import serve_web

        serve_web(
            session,
            host=host,
            port=port,
            allowed_hosts=extra_names,
            assets_dir=str(ASSETS),
            open_browser=has_display(),
            on_started=lambda url: log.info("Gin Scorekeeper at %s", url),
        )
        return 0
    ft.run(
        session,
        name="",
        host=host if web else None,
        port=port if web else 0,
        view=ft.AppView.WEB_BROWSER if web else ft.AppView.FLET_APP,
        assets_dir=str(ASSETS),
        no_cdn=True,
    )
    return 0


def serve_lan(store: Any, *, host: str, port: int, extra_names: Sequence[str] = ()) -> int:
    """Serve on the local network: print the address, its QR code and the host
    link (it works once: whoever opens it first is the host), open the host
    link here when there is a display.  Enter in the terminal prints a fresh
    host link.  The join code is shown in the app."""
    from .lan import PRE_JOIN_LIMIT, HostLink, Lan, lan_url, qr_text, server_names
    from .lan_session import lan_main
    from .server import serve_web

    names = [*server_names(host), *extra_names]
    loopback = host in ("0.0.0.0", "::", "") or host.startswith("127.")
    local = f"http://127.0.0.1:{port}/" if loopback else None
    # SCOREKEEPER_LAN_IDLE_SECONDS: how long a code screen may idle (tests shorten it)
    idle = float(os.environ.get("SCOREKEEPER_LAN_IDLE_SECONDS") or 300)
    lan = Lan(lan_url(host, port, names), local_url=local, idle_seconds=idle)

    def started(_: str) -> None:
        # printed, not logged: the host link holds the host token
        print(f"Gin Scorekeeper on the local network: {lan.url}", flush=True)
        print(qr_text(lan.url), flush=True)
        print("Other devices: scan the code or open the address, then enter the", flush=True)
        print("join code shown on the host (Invite a device).", flush=True)
        print_host_link(lan.host_link)
        threading.Thread(target=_reprint_on_enter, args=(lan,), daemon=True).start()
        if has_display():
            import webbrowser

            webbrowser.open(lan.host_link)

    serve_web(
        lan_main(store, lan),
        host=host,
        port=port,
        allowed_hosts=names,
        assets_dir=str(ASSETS),
        open_browser=False,
        on_started=started,
        pre_join_limit=PRE_JOIN_LIMIT,
        wrap=lambda app: HostLink(app, lan),
    )
    return 0


def print_host_link(link: str) -> None:
    print(
        f"Host link (open it on this computer, keep it private; it works once): {link}",
        flush=True,
    )
    print("Press Enter here for a new host link.", flush=True)


def _reprint_on_enter(lan: Any) -> None:
    """Each line typed in the terminal (Enter) prints a fresh host link; the
    one before is dead.  No terminal (standard input closed): nothing to do."""
    try:
        for _ in sys.stdin:
            print_host_link(lan.new_host_link())
    except (OSError, ValueError):  # no standard input
        return
