"""Only the review screens, served on their own (for e2e tests before integration).

    python -m scorekeeper.ui.review --data-dir DIR [--port 8551] [--host 127.0.0.1]

Web mode, offline (``no_cdn``), behind the server's Host/Origin gate, with
the app's DejaVu font, theme and language from ``settings.json``, as the core
app will have them.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from pathlib import Path

import flet as ft

from scorekeeper.store import Store, open_store

from .. import routes
from ..components import part
from ..widgets import apply_look, screen_body
from .model import ChangeKind, ReviewModel
from .screens import ReviewContext, menu, render_screen

__all__ = ["ASSETS", "ReviewApp", "main", "mount_demo", "theme_mode"]

ASSETS = Path(__file__).resolve().parent.parent / "assets"
log = logging.getLogger(__name__)


def theme_mode(theme: str) -> ft.ThemeMode:
    return {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(theme, ft.ThemeMode.SYSTEM)


class ReviewApp:
    """One browser session showing the review screens, with a menu between them."""

    def __init__(self, page: ft.Page, store: Store) -> None:
        self.page = page
        self.model = ReviewModel(store, on_change=self._changed)
        self.ctx = ReviewContext(self.model, self.render)
        self.view = ft.View(route="/review/history", scroll=ft.ScrollMode.AUTO, padding=12)

    def start(self) -> None:
        page = self.page
        page.title = "Gin Scorekeeper"
        apply_look(page)
        page.theme_mode = theme_mode(self.model.settings.theme)
        page.on_route_change = self._on_route
        page.views.clear()
        page.views.append(self.view)
        self.ctx.attach_file_picker(page)
        self._follow(page.route or "/")
        self.render()
        page.run_thread(self.model.stats.preload)  # the first statistics are then quick

    def _changed(self, kind: ChangeKind) -> None:
        if kind == "theme":
            self.page.theme_mode = theme_mode(self.model.settings.theme)

    def _on_route(self, e: ft.RouteChangeEvent) -> None:
        if e.route != self.model.route and self._follow(e.route):
            self.render()

    def _follow(self, route: str) -> bool:
        """Show the review screen ``route`` names; False if it names none."""
        found = routes.match(route)
        if found is None or found.name not in routes.REVIEW:
            return False
        routes.show_review(found, self.model)
        return True

    def render(self) -> None:
        m = self.model
        title, controls = render_screen(self.ctx)
        leading: ft.Control | None = None
        if m.screen in ("game", "deleted"):
            leading = ft.Semantics(
                label=m.t.gettext("Back"),
                button=True,
                content=ft.IconButton(
                    ft.Icons.ARROW_BACK, tooltip=m.t.gettext("Back"), on_click=self.ctx.on(m.back)
                ),
            )
        self.view.route = m.route
        self.view.appbar = ft.AppBar(
            leading=leading,
            automatically_imply_leading=False,
            title=ft.Text(title, size=20, overflow=ft.TextOverflow.ELLIPSIS),
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        )
        body: list[ft.Control] = [menu(self.ctx), *controls]
        col: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "lg": 10, "xl": 8}
        key = f"review:{m.screen}:{m.game_id or ''}"
        self.view.controls = [part(lambda: screen_body(body, col=col), key)]
        self.page.update()
        if self.page.route != m.route:  # Flet's page.route cannot be set: pushed
            self.page.run_task(self.page.push_route, m.route)


def mount_demo(page: ft.Page, store: Store) -> ReviewApp:
    """Show the review screens on ``page`` (one browser session)."""
    app = ReviewApp(page, store)
    app.start()
    return app


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m scorekeeper.ui.review",
        description="Gin Scorekeeper's history, statistics, players and settings on their own.",
    )
    p.add_argument("--data-dir", type=Path, required=True, help="where the games are kept")
    p.add_argument("--port", type=int, default=8551)
    p.add_argument("--host", default="127.0.0.1")
    return p.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    with open_store(args.data_dir) as store:
        from ..server import serve_web  # not in the phone build, which has no server

        def session(page: ft.Page) -> None:
            mount_demo(page, store)

        serve_web(
            session,
            host=args.host,
            port=args.port,
            assets_dir=str(ASSETS),
            on_started=lambda url: log.info("Gin Scorekeeper review at %s", url),
        )
    return 0
