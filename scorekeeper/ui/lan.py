"""``scorekeeper --lan``: the phones at the table join the host's server.

The rules of who may come in are in :mod:`scorekeeper.ui.join` (no flet).
Here each browser session is let in or shown only "Enter the code shown on
the host":

- the desktop window is the host; so is a browser that opened the host link
  (``...?host=TOKEN``, printed by ``scorekeeper --lan``).  The token is taken
  out of the address bar at once and a host device token is kept in the
  browser's storage (``ft.SharedPreferences``) instead.
- any other session sees the code screen until the right code is typed; its
  device token is then kept in the browser's storage and checked on the
  server, so a reload or a dropped connection does not ask again.
- "New code" (in the host's "Invite a device") revokes every joined device:
  each of their sessions is told (pubsub) and shows the code screen again.

No game data is sent to a session before it is let in: the app is not even
built for it.
"""

from __future__ import annotations

import io
import ipaddress
import logging
import socket
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import flet as ft
import segno

from scorekeeper.i18n import Translator
from scorekeeper.settings import load_settings

from .app import GinApp
from .join import JoinGate, Role
from .live import ACCESS
from .ports import StoreLike
from .widgets import TAP

log = logging.getLogger(__name__)

#: The browser-storage key of this device's token.
DEVICE_KEY = "scorekeeper.device"
#: The browser-storage keys of a joined device's own settings.
SETTINGS_KEY = "scorekeeper.settings"
DEVICE_SETTINGS = ("language", "theme")
#: The host link's query parameter.
HOST_PARAM = "host"


@dataclass
class Lan:
    """One ``--lan`` server: its gate and the address other devices open."""

    url: str
    gate: JoinGate = field(default_factory=JoinGate)
    #: the address on the host itself (loopback when the server listens there)
    local_url: str | None = None

    @property
    def host_link(self) -> str:
        """The host's own link: the address with the host token (keep it private)."""
        return f"{self.local_url or self.url}?{HOST_PARAM}={self.gate.host_token}"


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), best first.

    Found without sending anything: a UDP socket "connected" to a documentation
    address only asks the kernel which address it would use.
    """
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet is sent
            found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    out: list[str] = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and a not in out:
            out.append(a)
    return out


def server_names(host: str) -> list[str]:
    """The names and addresses a ``--lan`` server bound to ``host`` answers to."""
    if host in ("0.0.0.0", "", "::"):
        names = ["127.0.0.1", "localhost", *local_addresses()]
        hostname = socket.gethostname()
        if hostname:
            names += [hostname, f"{hostname}.local"]
        return list(dict.fromkeys(n.lower() for n in names))
    return [host]


def lan_url(host: str, port: int, names: Iterable[str] = ()) -> str:
    """The address the other devices open.

    >>> lan_url("0.0.0.0", 8550, ["127.0.0.1", "192.168.1.5"])
    'http://192.168.1.5:8550/'
    >>> lan_url("10.0.0.2", 8600)
    'http://10.0.0.2:8600/'
    """
    if host not in ("0.0.0.0", "", "::"):
        return f"http://{host}:{port}/"
    for n in names:
        try:
            ip = ipaddress.ip_address(n)
        except ValueError:
            continue
        if not ip.is_loopback:
            return f"http://{n}:{port}/"
    return f"http://127.0.0.1:{port}/"


def qr_png(text: str, scale: int = 6) -> bytes:
    """A QR code of ``text`` as PNG bytes (drawn by segno)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


def qr_text(text: str) -> str:
    """A QR code of ``text`` for a terminal (two rows per line of text)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def host_param(route: str | None) -> str | None:
    """The host token in a route's query, if any.

    >>> host_param("/?host=abc"), host_param("/game/1"), host_param(None)
    ('abc', None, None)
    """
    if not route or "?" not in route:
        return None
    query = urllib.parse.parse_qs(route.split("?", 1)[1])
    values = query.get(HOST_PARAM)
    return values[0] if values else None


class LanSession:
    """One browser session on a ``--lan`` server: the code screen, or the app."""

    def __init__(self, page: ft.Page, store: StoreLike, lan: Lan) -> None:
        self.page = page
        self.store = store
        self.lan = lan
        self.gate = lan.gate
        self.role: Role | None = None
        self.device: str | None = None
        self.app: GinApp | None = None
        self.prefs = ft.SharedPreferences()
        data_dir = getattr(store, "data_dir", None)
        code = load_settings(data_dir).language_code if data_dir is not None else "en"
        self.t = Translator(code)
        self._field: ft.TextField | None = None
        self._notice: ft.Text | None = None
        self._error: str | None = None
        self._invite: ft.AlertDialog | None = None
        self._code_text: ft.Text | None = None

    async def start(self) -> None:
        page = self.page
        page.title = self.t.gettext("Gin Scorekeeper")
        page.pubsub.subscribe_topic(ACCESS, self._on_access)
        if not page.web:  # the desktop window is the host
            self.role = "host"
            await self._open_app()
            return
        token = host_param(page.route)
        if token is not None:
            device = self.gate.admit_host(token)
            page.route = "/"
            await page.push_route("/")  # the token leaves the address bar at once
            if device is not None:
                await self.prefs.set(DEVICE_KEY, device)
                self.device = device
        if self.device is None:
            kept = await self.prefs.get(DEVICE_KEY)
            self.device = kept if isinstance(kept, str) else None
        self.role = self.gate.role(self.device or "")
        if self.role is None:
            self._show_code_screen()
        else:
            await self._open_app()

    # --- the app, for who is let in ------------------------------------------------

    async def _open_app(self) -> None:
        page = self.page
        if page.route and "?" in page.route:
            page.route = "/"
        actions = self._host_actions if self.role == "host" else None
        app = self.app = GinApp(page, self.store, actions=actions)
        if self.role == "guest":
            await self._device_settings(app)
        app.start()

    async def _device_settings(self, app: GinApp) -> None:
        """A joined device keeps its own language and theme (in its browser's
        storage); the host's stay in the data folder's settings."""
        review = app.review
        review.device_settings = frozenset(DEVICE_SETTINGS)
        kept: dict[str, Any] = {}
        for name in DEVICE_SETTINGS:
            value = await self.prefs.get(f"{SETTINGS_KEY}.{name}")
            if isinstance(value, str):
                kept[name] = value or None
        if kept:
            try:
                review.settings = review.settings.replace(**kept)
            except (TypeError, ValueError):
                log.info("ignored this device's kept settings: not valid")
            else:
                review.t = Translator(review.settings.language_code)
                app.model.t = review.t
        changed = review.on_change

        def on_change(kind: Any) -> None:
            if changed is not None:
                changed(kind)
            if kind in DEVICE_SETTINGS:
                self.page.run_task(self._keep_settings, review.settings)

        review.on_change = on_change

    async def _keep_settings(self, settings: Any) -> None:
        for name in DEVICE_SETTINGS:
            await self.prefs.set(f"{SETTINGS_KEY}.{name}", getattr(settings, name) or "")

    def _host_actions(self) -> list[ft.Control]:
        t = self.app.model.t if self.app is not None else self.t
        label = t.gettext("Invite a device")
        return [
            ft.Semantics(
                label=label,
                button=True,
                content=ft.IconButton(
                    ft.Icons.QR_CODE_2, tooltip=label, on_click=self._show_invite
                ),
            )
        ]

    def _shut_out(self) -> None:
        """This device's token was revoked: back to the code screen."""
        if self.app is not None:
            self.app.close()
            self.t = self.app.model.t
            self.app = None
        page = self.page
        page.on_route_change = None
        page.on_view_pop = None
        page.on_keyboard_event = None
        self.role = None
        self._error = self.t.gettext("The host drew a new code: enter it to join again.")
        self._show_code_screen()

    async def _on_access(self, topic: str, message: Any) -> None:
        """The join code changed (on this or another host window)."""
        try:
            if self.role == "guest" and self.gate.role(self.device or "") is None:
                self._shut_out()
            elif self._code_text is not None:
                self._code_text.value = self.gate.code
                self.page.update()
        except Exception:
            log.exception("could not show the new join code")

    # --- the code screen ------------------------------------------------------------

    def _show_code_screen(self) -> None:
        t = self.t
        page = self.page
        self._field = ft.TextField(
            label=t.gettext("Join code"),
            keyboard_type=ft.KeyboardType.NUMBER,
            max_length=7,
            text_size=28,
            on_submit=self._join,
            width=260,
        )
        wait = self.gate.wait_for(page.client_ip or "")
        controls: list[ft.Control] = [
            ft.Text(t.gettext("Gin Scorekeeper") + " ♠♥♦♣", size=24, weight=ft.FontWeight.BOLD),
            ft.Text(t.gettext("Enter the code shown on the host"), size=20),
            ft.Text(
                t.gettext("On the host, the code is under “Invite a device” in the top bar."),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            self._field,
            ft.FilledButton(t.gettext("Join"), height=TAP, on_click=self._join),
        ]
        if not self._error and wait > 0:
            self._error = self._wait_text(wait)
        # changed in place after a wrong code (the field is not rebuilt under the typing)
        self._notice = ft.Text(
            self._error or "",
            size=16,
            color=ft.Colors.ERROR,
            weight=ft.FontWeight.BOLD,
            visible=bool(self._error),
        )
        controls.append(self._notice)
        view = ft.View(
            route="/",
            controls=[ft.Column(controls, spacing=16)],
            padding=24,
            appbar=ft.AppBar(
                title=ft.Text(t.gettext("Join the table")), automatically_imply_leading=False
            ),
        )
        page.views.clear()
        page.views.append(view)
        page.update()

    def _wait_text(self, seconds: float) -> str:
        n = max(1, round(seconds))
        return self.t.ngettext(
            "Too many wrong codes: wait {n} second, then try again.",
            "Too many wrong codes: wait {n} seconds, then try again.",
            n,
        ).format(n=n)

    async def _join(self, e: Any = None) -> None:
        field = self._field
        typed = (field.value if field is not None else "") or ""
        if field is not None and getattr(e, "control", None) is field and e.data:
            typed = e.data  # Enter carries the text: the field's change may come after it
        attempt = self.gate.try_code(self.page.client_ip or "", typed)
        if attempt.ok and attempt.token:
            self.device = attempt.token
            await self.prefs.set(DEVICE_KEY, attempt.token)
            self.role = "guest"
            self._error = None
            await self._open_app()
            return
        if attempt.wait > 0:
            self._error = self._wait_text(attempt.wait)
        else:
            self._error = self.t.gettext(
                "That is not the code shown on the host. Check it and try again."
            )
        if self._notice is None or field is None:
            self._show_code_screen()
            return
        self._notice.value = self._error
        self._notice.visible = True
        field.value = ""
        self.page.update()

    # --- the host's "Invite a device" -----------------------------------------------

    def _show_invite(self, _: Any = None) -> None:
        t = self.app.model.t if self.app is not None else self.t
        url = self.lan.url
        self._code_text = ft.Text(
            self.gate.code, size=40, weight=ft.FontWeight.BOLD, key="join-code"
        )
        dialog = ft.AlertDialog(
            title=ft.Text(t.gettext("Invite a device")),
            content=ft.Column(
                [
                    ft.Text(
                        t.gettext(
                            "On a phone on the same network, scan this code or open the address:"
                        ),
                        size=15,
                    ),
                    ft.Image(src=qr_png(url), width=220, height=220),
                    ft.Text(url, size=16, weight=ft.FontWeight.BOLD),
                    ft.Text(t.gettext("Then enter the join code:"), size=15),
                    self._code_text,
                    ft.Text(
                        t.gettext(
                            "A new code shuts out every device that joined with the old one."
                        ),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                ],
                tight=True,
                spacing=10,
                scroll=ft.ScrollMode.AUTO,
            ),
            actions=[
                ft.TextButton(t.gettext("New code"), on_click=self._new_code),
                ft.TextButton(t.gettext("Close"), on_click=self._close_invite),
            ],
            on_dismiss=lambda _: setattr(self, "_code_text", None),
        )
        self._invite = dialog
        self.page.show_dialog(dialog)

    def _close_invite(self, _: Any = None) -> None:
        self._code_text = None
        self.page.pop_dialog()

    def _new_code(self, _: Any = None) -> None:
        if self.role != "host":
            return
        code = self.gate.new_code()
        if self._code_text is not None:
            self._code_text.value = code
        self.page.update()
        self.page.pubsub.send_others_on_topic(ACCESS, self.gate.generation)


def lan_main(store: StoreLike, lan: Lan) -> Any:
    """The session entry point of a ``--lan`` server."""

    async def main(page: ft.Page) -> None:
        await LanSession(page, store, lan).start()

    return main
