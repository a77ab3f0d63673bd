"""The host's "Invite a device" on a ``scorekeeper --lan`` server.

The dialog shows the address, its QR code, the join code, "New code" (every
joined device is out), the joined devices, each with "Remove", and the
addresses wrong codes came from, each with "Block".  New code, Remove and
Block go through the host's session (:class:`~scorekeeper.ui.lan_session.LanSession`'s
``new_code`` and ``remove``), which checks that it is the host's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from scorekeeper.i18n import Translator

from ..lan import qr_png

if TYPE_CHECKING:
    from ..join import JoinGate
    from ..lan import Lan

__all__ = ["HostSession", "InviteDialog"]


class HostSession(Protocol):
    """What the dialog uses of the host's session: a
    :class:`~scorekeeper.ui.lan_session.LanSession`, which imports this module, so it is
    named here by what it does."""

    #: the dialog open (the dialog clears it when closed)
    invite: InviteDialog | None

    @property
    def lan(self) -> Lan: ...

    @property
    def gate(self) -> JoinGate: ...

    @property
    def page(self) -> ft.Page: ...

    def new_code(self) -> None: ...

    def remove(self, device_id: str) -> None: ...

    def block(self, address: str) -> None: ...

    def sign_out_other_hosts(self) -> int: ...


class InviteDialog:
    """The host's "Invite a device": address, QR code, join code, New code, and
    the joined devices with "Remove"."""

    def __init__(self, session: HostSession, t: Translator) -> None:
        self.session = session
        self.t = t
        url = session.lan.url
        self.code = ft.Text(session.gate.code, size=40, weight=ft.FontWeight.BOLD, key="join-code")
        self.devices = ft.Column(spacing=4, tight=True)
        # the watch link: changes with New code, so drawn in refresh
        self.watch_link = ft.Text("", size=13)
        self.watch_qr = ft.Image(src=qr_png(session.lan.watch_link), width=160, height=160)
        self.dialog = ft.AlertDialog(
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
                    self.code,
                    ft.Text(
                        t.gettext(
                            "A new code shuts out every device that joined with the old one."
                        ),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    self.devices,
                    ft.Text(t.gettext("Show on a TV"), size=18, weight=ft.FontWeight.BOLD),
                    ft.Text(
                        t.gettext(
                            "Open this link on a TV or a tablet: it shows the score in large"
                            " type as the game goes, and nothing on it can change a game."
                        ),
                        size=15,
                    ),
                    self.watch_qr,
                    self.watch_link,
                ],
                tight=True,
                spacing=10,
                scroll=ft.ScrollMode.AUTO,
            ),
            actions=[
                ft.TextButton(t.gettext("Sign out other host browsers"), on_click=self._sign_out),
                ft.TextButton(t.gettext("New code"), on_click=self._new_code),
                ft.TextButton(t.gettext("Close"), on_click=self._close),
            ],
            on_dismiss=self._dismissed,
        )
        self.refresh()

    def refresh(self) -> None:
        """Show the gate as it is now: the code and the joined devices."""
        t = self.t
        gate = self.session.gate
        self.code.value = gate.code
        link = self.session.lan.watch_link
        if self.watch_link.value != link:
            self.watch_link.value = link
            self.watch_qr.src = qr_png(link)
        joined = gate.devices()
        rows: list[ft.Control] = []
        if joined:
            rows.append(ft.Text(t.gettext("Devices that joined:"), size=15))
        for device in joined:
            rows.append(
                ft.Row(
                    [
                        ft.Text(device.name, size=16, expand=True),
                        ft.Semantics(
                            label=t.gettext("Remove {name}").format(name=device.name),
                            button=True,
                            content=ft.TextButton(
                                t.gettext("Remove"),
                                on_click=lambda _, d=device.id: self._remove(d),
                            ),
                        ),
                    ]
                )
            )
        guesses = gate.guesses()
        if guesses:
            rows.append(ft.Text(t.gettext("Wrong codes came from:"), size=15))
        for address, n in guesses:
            rows.append(
                ft.Row(
                    [
                        ft.Text(
                            t.ngettext(
                                "{address}: {n} wrong code", "{address}: {n} wrong codes", n
                            ).format(address=address, n=n),
                            size=16,
                            expand=True,
                        ),
                        ft.Semantics(
                            label=t.gettext("Block {address}").format(address=address),
                            button=True,
                            content=ft.TextButton(
                                t.gettext("Block"),
                                on_click=lambda _, a=address: self._block(a),
                            ),
                        ),
                    ]
                )
            )
        self.devices.controls = rows

    def _then_show(self, act: Callable[[], object]) -> None:
        """Do ``act`` (through the host's session, which checks it is the
        host's), then show the gate as it is now."""
        act()
        self.refresh()
        self.session.page.update()

    def _sign_out(self, _: Any = None) -> None:
        self._then_show(self.session.sign_out_other_hosts)

    def _block(self, address: str) -> None:
        self._then_show(lambda: self.session.block(address))

    def _new_code(self, _: Any = None) -> None:
        self._then_show(self.session.new_code)

    def _remove(self, device_id: str) -> None:
        self._then_show(lambda: self.session.remove(device_id))

    def _close(self, _: Any = None) -> None:
        self.session.invite = None
        self.session.page.pop_dialog()

    def _dismissed(self, _: Any = None) -> None:
        if self.session.invite is self:
            self.session.invite = None
