"""One browser session on a ``scorekeeper --lan`` server: the code screen,
or the app for a device let in.

Who a session is comes only from what the server knows
(:mod:`scorekeeper.ui.peer`): the host by the host link's cookie, a joined
device by the device token the server gave it (kept in its browser's
storage and shown again on a reload), lockouts by the socket's address.

- any other session sees the code screen until the right code is typed,
  with a name for the device; no game data is sent to it (the app is not
  even built), it may send only small messages, and after
  :attr:`~scorekeeper.ui.lan.Lan.idle_seconds` idle its connection is closed.
- the host's "Invite a device" shows the address, its QR code, the code,
  "New code" (every joined device is out) and the joined devices, each with
  "Remove" (:mod:`.screens.invite_dialog`).  A device that is out is out on the
  server: its app is torn down (no handler or service of the app is left on
  its page), and the store view it was given refuses every call from then
  on (:class:`~.admitted_store.AdmittedStore`), whatever its browser still
  sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import flet as ft

from scorekeeper.engine.errors import N_
from scorekeeper.i18n import Translator
from scorekeeper.settings import load_settings

from .admitted_store import NOT_LET_IN as NOT_LET_IN
from .admitted_store import AdmittedStore as AdmittedStore
from .app import GinApp
from .join import MAX_TOTAL_FAILURES
from .lan import Lan
from .live import ACCESS
from .page_clear import clear_page
from .peer import current_peer
from .ports import StoreLike
from .roles import Role
from .screens.code_screen import code_screen
from .screens.invite_dialog import InviteDialog
from .watch import Watch
from .widgets import apply_look

log = logging.getLogger(__name__)

#: The browser-storage key of a joined device's token.
DEVICE_KEY = "scorekeeper.device"
#: The browser-storage keys of a joined device's own settings.
SETTINGS_KEY = "scorekeeper.settings"
DEVICE_SETTINGS = ("language", "theme")

#: What :data:`~scorekeeper.ui.live.ACCESS` messages say happened.
NEW_CODE, JOINED, REMOVED = "new-code", "joined", "removed"
#: Wrong codes made the gate guarded; a device asks the host; the host answered.
GUARDED, ASKED, ANSWERED = "guarded", "asked", "answered"
#: The host signed out every other host browser.
SIGNED_OUT = "signed-out"

#: Seconds a new page has to answer the server's first question (the device
#: token its browser kept); a browser answers in milliseconds.
FIRST_ANSWER_SECONDS = 10.0

WAITING = N_("The host is asked to let this device in. Keep this screen open.")
REFUSED = N_("The host did not let this device in.")


class LanSession:
    """One browser session on a ``--lan`` server: the code screen, or the app."""

    def __init__(self, page: ft.Page, store: StoreLike, lan: Lan) -> None:
        self.page = page
        self.store = store
        self.lan = lan
        self.gate = lan.gate
        #: the connection as the server saw it open (None: not served by our gate)
        self.peer = current_peer()
        self.role: Role | None = None
        self.device: str | None = None
        self.app: GinApp | None = None
        self.prefs = ft.SharedPreferences()
        data_dir = getattr(store, "data_dir", None)
        code = load_settings(data_dir).language_code if data_dir is not None else "en"
        self.t = Translator(code)
        self._field: ft.TextField | None = None
        self._name_field: ft.TextField | None = None
        self._typed_name = ""
        self._notice: ft.Text | None = None
        self._error: str | None = None
        #: The host's "Invite a device" while it is open (it shows each change
        #: of who is let in; the dialog clears this when closed).
        self.invite: InviteDialog | None = None
        self._last_try = time.monotonic()
        self._idle_task: Any = None
        #: this device typed the right code while the gate was guarded: the
        #: request the host answers (JoinGate.collect)
        self._asked: str | None = None
        #: the host's question on screen: the request it asks about
        self._question: str | None = None
        #: the watching screen, for a session the watch link let in
        self.watch: Watch | None = None

    @property
    def address(self) -> str:
        return self.peer.address if self.peer is not None else ""

    async def start(self) -> None:
        page = self.page
        page.title = self.t.gettext("Gin Scorekeeper")
        apply_look(page)  # the code screen in the app's font and colours
        page.pubsub.subscribe_topic(ACCESS, self._on_access)
        page.on_connect = self._on_connect
        if not self._host_by_cookie() and not self._viewer_by_cookie():
            kept = await self._kept_token()
            if isinstance(kept, str) and self.gate.role(kept) == "guest":
                self.role, self.device = "guest", kept
        if self.role is None:
            self._show_code_screen()
        elif self.role == "viewer":
            self._open_watch()
        else:
            await self._open_app()

    def _viewer_by_cookie(self) -> bool:
        """The watch link's cookie, sent with this connection, makes a
        screen that watches the table."""
        return self._by_cookie(self.lan.watch_cookie, "viewer")

    def _by_cookie(self, name: str, role: Role) -> bool:
        """The cookie ``name`` sent with this connection holds a key the gate
        gave out for ``role``: this session is that role's."""
        cookie = self.peer.cookie(name) if self.peer is not None else None
        if cookie and self.gate.role(cookie) == role:
            self.role, self.device = role, cookie
            return True
        return False

    def _open_watch(self) -> None:
        """The watching screen: the table in large type, nothing that writes
        (its store view is a viewer's: a write it sends is refused)."""
        if self.peer is not None:
            self.peer.admit()
        store = AdmittedStore(self.store, self._admitted, "viewer")
        self.watch = Watch(self.page, store, self.t)
        self.watch.start()

    async def _kept_token(self) -> object:
        """The device token this browser kept, if it answers in time: a page
        that never answers is shown the code screen (whose idle timer then
        closes it), not waited for."""
        try:
            return await asyncio.wait_for(self.prefs.get(DEVICE_KEY), FIRST_ANSWER_SECONDS)
        except Exception:  # no answer in time, or an error for an answer
            log.info("no device token read from %s: the code screen", self.address)
            return None

    def _host_by_cookie(self) -> bool:
        """The host link's cookie, sent with this connection, makes the host."""
        return self._by_cookie(self.lan.host_cookie, "host")

    def _admitted(self) -> bool:
        return self.role is not None and self.gate.role(self.device or "") == self.role

    async def _on_connect(self, _: Any = None) -> None:
        """The browser came back on a new connection (a reload, a dropped
        network: Flet keeps the session and its page)."""
        peer = current_peer()
        if peer is None:
            return
        self.peer = peer
        if self._admitted():
            peer.admit()
        elif self.app is not None or self.watch is not None:
            self._shut_out(self.t.gettext("The host drew a new code: enter it to join again."))
        elif self._host_by_cookie():  # the host link was opened in this tab since
            await self._open_app()
        elif self._viewer_by_cookie():  # the watch link, likewise
            self._open_watch()
        else:
            self._last_try = time.monotonic()
            self._watch_idle()

    # --- the app, for who is let in ------------------------------------------------

    async def _open_app(self) -> None:
        page = self.page
        if self.peer is not None:
            self.peer.admit()
        actions = self._host_actions if self.role == "host" else None
        name = self.gate.name(self.device or "") or self.t.gettext("The host")
        store = AdmittedStore(self.store, self._admitted, self.role or "guest")
        app = self.app = GinApp(page, store, actions=actions, device=name)
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

    def _shut_out(self, reason: str) -> None:
        """This device is out: tear its app down, back to the code screen."""
        if self.app is not None:
            self.app.close()
            self.t = self.app.model.t
            self.app = None
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        self._clear_page()
        if self.peer is not None:
            self.peer.put_out()
        self.role = self.device = None
        self._error = reason
        self._last_try = time.monotonic()
        self._show_code_screen()

    def _clear_page(self) -> None:
        clear_page(self.page)
        self.page.on_connect = self._on_connect

    async def _on_access(self, topic: str, message: Any) -> None:
        """The join code or the devices let in changed (on this or another session)."""
        try:
            if self.role is not None and not self._admitted():
                why = (
                    N_("The host removed this device.")
                    if message == REMOVED
                    else N_("This browser was signed out as the host: open a new host link.")
                    if message == SIGNED_OUT
                    else N_("The host drew a new code: enter it to join again.")
                )
                self._shut_out(self.t.gettext(why))
                return
            if self.role is None and self._asked is not None:
                await self._answered(self._asked)
            elif self.role == "host":
                if message == GUARDED and self.app is not None:
                    n = MAX_TOTAL_FAILURES
                    self._tell_host(
                        self.app.model.t.ngettext(
                            "{n} wrong code was tried: from now on, you let each new device in",
                            "{n} wrong codes were tried: from now on, you let each new device in",
                            n,
                        ).format(n=n)
                    )
                self._ask_host()
                if self.invite is not None:
                    self.invite.refresh()
                self.page.update()
        except Exception:
            log.exception("could not show a change of who is let in")

    def _tell(self, kind: str) -> None:
        self.page.pubsub.send_all_on_topic(ACCESS, kind)

    def _tell_host(self, text: str) -> None:
        self.page.show_dialog(
            ft.SnackBar(
                ft.Text(text, size=16),
                duration=ft.Duration(seconds=30),
                show_close_icon=True,
                behavior=ft.SnackBarBehavior.FLOATING,
            )
        )

    # --- the code screen ------------------------------------------------------------

    def _show_code_screen(self) -> None:
        wait = self.gate.wait_for(self.address)
        if not self._error and wait > 0:
            self._error = self._wait_text(wait)
        screen = code_screen(self.t, self._error, on_join=self._join, on_named=self._named)
        self._field, self._name_field, self._notice = screen.code, screen.name, screen.notice
        self.page.views.clear()
        self.page.views.append(screen.view)
        self.page.update()
        self._watch_idle()

    def _watch_idle(self) -> None:
        if self._idle_task is None or self._idle_task.done():
            try:
                self._idle_task = self.page.run_task(self._drop_when_idle)
            except Exception:  # no event loop running (in-process tests)
                self._idle_task = None

    async def _drop_when_idle(self) -> None:
        """A session left on the code screen is dropped after ``idle_seconds``
        without a code typed (a phone that comes back reconnects afresh)."""
        while self.role is None:
            left = self._last_try + self.lan.idle_seconds - time.monotonic()
            if left <= 0:
                if self.peer is not None:
                    log.info("closed a session from %s: idle on the code screen", self.address)
                    self.peer.close()
                return
            await asyncio.sleep(left)

    def _named(self, e: Any) -> None:
        self._last_try = time.monotonic()  # typing is not idling
        if isinstance(getattr(e, "data", None), str):
            self._typed_name = e.data  # the name as typed, whatever came first

    def _say(self, text: str) -> None:
        self._error = text
        if self._notice is None:
            self._show_code_screen()
            return
        self._notice.value = text
        self._notice.visible = True
        self.page.update()

    def _wait_text(self, seconds: float) -> str:
        n = max(1, round(seconds))
        return self.t.ngettext(
            "Too many wrong codes: wait {n} second, then try again.",
            "Too many wrong codes: wait {n} seconds, then try again.",
            n,
        ).format(n=n)

    async def _join(self, e: Any = None) -> None:
        if self.role is not None:
            return
        self._last_try = time.monotonic()
        field = self._field
        typed = (field.value if field is not None else "") or ""
        if field is not None and getattr(e, "control", None) is field and e.data:
            typed = e.data  # Enter carries the text: the field's change may come after it
        name = self._typed_name or (self._name_field.value if self._name_field else "") or ""
        if self._name_field is not None and getattr(e, "control", None) is self._name_field:
            name = e.data or name
        attempt = self.gate.try_code(self.address, str(typed), name=str(name))
        if attempt.ok and attempt.token:
            await self._let_in(attempt.token)
            return
        if attempt.asked:  # guarded: the host says yes or no
            self._asked = attempt.asked
            if field is not None:
                field.value = ""
            self._tell(ASKED)
            self._say(self.t.gettext(WAITING))
            return
        if attempt.guarded:
            self._tell(GUARDED)
        if attempt.wait > 0:
            text = self._wait_text(attempt.wait)
        else:
            text = self.t.gettext("That is not the code shown on the host. Check it and try again.")
        if field is not None:
            field.value = ""
        self._say(text)

    async def _let_in(self, token: str) -> None:
        self.device = token
        await self.prefs.set(DEVICE_KEY, token)
        self.role = "guest"
        self._error = None
        self._asked = None
        self._tell(JOINED)
        await self._open_app()

    async def _answered(self, request_id: str) -> None:
        """The host may have answered this device's request."""
        got = self.gate.collect(request_id)
        if got is None:
            return
        self._asked = None
        if got.ok and got.token:
            await self._let_in(got.token)
        else:
            self._say(self.t.gettext(REFUSED))

    # --- the host's answer to a device that asks -------------------------------------

    def _ask_host(self) -> None:
        """Ask the host about the oldest device waiting (one question at a
        time; another host browser may answer first: its question then goes)."""
        if self.role != "host" or not self._admitted() or self.app is None:
            return
        waiting = self.gate.requests()
        if self._question is not None:
            if any(r.id == self._question for r in waiting):
                return
            self._question = None
            with contextlib.suppress(Exception):  # closed meanwhile
                self.page.pop_dialog()
        if not waiting:
            return
        request = waiting[0]
        t = self.app.model.t
        name = request.name or t.gettext("A device")
        self._question = request.id
        self.page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text(t.gettext("Let this device in?")),
                content=ft.Text(
                    t.gettext(
                        "{name} typed the join code, from {address}. Wrong codes were"
                        " tried from elsewhere, so each new device waits for your yes."
                    ).format(name=name, address=request.address),
                    size=16,
                ),
                actions=[
                    ft.FilledButton(
                        t.gettext("Let in"),
                        on_click=lambda _: self.answer(request.id, True),
                    ),
                    ft.OutlinedButton(
                        t.gettext("Refuse"), on_click=lambda _: self.answer(request.id, False)
                    ),
                ],
            )
        )

    def answer(self, request_id: str, yes: bool) -> None:
        """The host's yes or no to a device that asked."""
        if self.role != "host" or not self._admitted():
            return
        if yes:
            self.gate.allow(request_id)
        else:
            self.gate.refuse(request_id)
        if self._question == request_id:
            self._question = None
            with contextlib.suppress(Exception):
                self.page.pop_dialog()
        self._tell(ANSWERED)

    # --- the host's "Invite a device" -----------------------------------------------

    def _show_invite(self, _: Any = None) -> None:
        if self.role != "host" or not self._admitted():
            return
        t = self.app.model.t if self.app is not None else self.t
        self.invite = InviteDialog(self, t)
        self.page.show_dialog(self.invite.dialog)

    def new_code(self) -> None:
        if self.role != "host" or not self._admitted():
            return
        self.gate.new_code()
        self._tell(NEW_CODE)

    def remove(self, device_id: str) -> None:
        if self.role != "host" or not self._admitted():
            return
        if self.gate.remove(device_id):
            self._tell(REMOVED)

    def sign_out_other_hosts(self) -> int:
        """Sign out every host browser but this one (a host link opened on
        another computer, a browser left signed in)."""
        if self.role != "host" or not self._admitted() or not self.device:
            return 0
        n = self.gate.sign_out_other_hosts(self.device)
        if n:
            self._tell(SIGNED_OUT)
        return n

    def block(self, address: str) -> None:
        if self.role != "host" or not self._admitted():
            return
        self.gate.block(address)


def lan_main(store: StoreLike, lan: Lan) -> Any:
    """The session entry point of a ``--lan`` server."""

    async def main(page: Any) -> None:
        await LanSession(page, store, lan).start()

    return main
