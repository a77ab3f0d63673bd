"""The sheet's Undo and what follows it: the button (a new one for each
revision), the mark beside it that tells when the browser has drawn a
change (:meth:`SheetUndo.drawn`), the offer to put a hand taken back again
("Hand 7 taken back — Redo") and the short notices over the sheet.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

import flet as ft

from ..widgets import Handler
from .sheet_parts import label

if TYPE_CHECKING:
    from ..shell import Shell


class SheetUndo:
    """One sheet's Undo (see the module's docstring)."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        #: the marks made (see drawn), those not yet laid out by the browser,
        #: and the place beside the newest Undo that waits for its mark
        self._marks = 0
        self._unseen: dict[int, asyncio.Event] = {}
        self._slot: ft.Container | None = None

    def _key(self, any_rows: bool) -> str:
        m = self.app.model
        return f"undo@{m.revision}:{any_rows}:{m.t.code}"  # its label is in the language

    def slot_key(self, any_rows: bool) -> str:
        """The key of Undo with its mark beside it (see button)."""
        return f"at:{self._key(any_rows)}"

    def button(self, any_rows: bool) -> ft.Control:
        """Undo, carrying the revision of the sheet it was drawn with, a new
        control per revision (a new key): a tap on a screen not yet showing
        another device's hand reaches a button the server no longer has, and
        can never take that hand back.  Beside who deals next, pinned above
        the sheet: in reach however far it is scrolled.  As wide as its
        longest word: "Undo last hand" is the longest label in every
        language, uk "Скасувати останню роздачу".  With the revision's mark
        (see _mark)."""
        m = self.app.model
        button = ft.OutlinedButton(
            content=label(m.t.gettext("Undo last hand")),
            width=132,
            height=44,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
            disabled=not any_rows,
            on_click=self.handler(m.revision),
            key=self._key(any_rows),
        )
        self._slot = ft.Container(width=0, height=0, key="mark")  # its mark: see send
        return ft.Stack([button, self._slot], key=self.slot_key(any_rows))

    def _mark(self) -> ft.Control:
        """A control of no size, new with each revision (beside Undo, in a
        stack: not a gap in the row), that tells the server once the
        browser has laid it out, and so the change sent before it (see
        drawn and send)."""
        self._marks += 1
        made = self._marks
        self._unseen[made] = asyncio.Event()
        for old in [k for k in self._unseen if k <= made - 16]:  # the sheet was left: none waits
            self._unseen.pop(old).set()

        async def laid_out(_: Any) -> None:  # on the event loop, as the waiters
            ft.context.disable_auto_update()  # type: ignore[no-untyped-call]  # no diff: nothing changed
            for k in [k for k in self._unseen if k <= made]:  # and what came before it
                self._unseen.pop(k).set()

        return ft.Container(width=0, height=0, on_size_change=laid_out, key=f"mark:{made}")

    async def drawn(self, undo_shown: bool, timeout: float = 5.0) -> bool:
        """Wait until the browser has laid out the sheet as last sent, at most
        ``timeout`` seconds.  The mark beside Undo (see _mark), sent after
        the change, reports its size once a frame that lays it out is made;
        a call to a control the browser has already built (a scroll, say) is
        answered before the change sent with it is laid out.  False when the
        sheet has no mark (a finished game) or no report came."""
        if not undo_shown:
            return False
        unseen = self._unseen.get(self._marks)
        if unseen is None:
            return True
        try:
            await asyncio.wait_for(unseen.wait(), timeout)
        except TimeoutError:  # another screen came first, or the browser went away
            return False
        return True

    def send(self, undo_shown: bool) -> None:
        """Send a new Undo's mark (see drawn), once the page's own update is
        sent, by itself: the browser may lay out each message by itself, and
        a mark sent with the page's update was laid out before the hand it
        came with (a sheet a line short)."""
        slot = self._slot
        if slot is not None and slot.content is None and undo_shown:
            slot.content = self._mark()
            with contextlib.suppress(RuntimeError):  # no longer on the page
                slot.update()

    def handler(self, revision: int | None) -> Handler:
        """Undo the last hand (based on ``revision``, the one drawn with the
        button), then offer it back: "Hand 7 taken back — Redo"."""
        undo = self.app.on(self.app.model.undo, revision)

        def handler(_: Any = None) -> None:
            m = self.app.model
            undo(None)
            if m.undone is not None:
                self.app.after_drawn(self._offer_redo)

        return handler

    def tell(self, text: str) -> None:
        """A short notice over the sheet (another device's change)."""
        self.app.page.show_dialog(
            ft.SnackBar(
                ft.Text(text, size=16),
                duration=ft.Duration(seconds=4),
                behavior=ft.SnackBarBehavior.FLOATING,
            )
        )

    def _offer_redo(self) -> None:
        m = self.app.model
        if m.undone is None:  # put back, or another change came first
            return
        self.app.page.show_dialog(
            ft.SnackBar(
                ft.Text(m.undone_text(), size=16),
                action=ft.SnackBarAction(
                    m.t.gettext("Redo"), on_click=self.app.on(m.redo, m.revision)
                ),
                duration=ft.Duration(seconds=10),
                show_close_icon=True,
                behavior=ft.SnackBarBehavior.FLOATING,
            )
        )
