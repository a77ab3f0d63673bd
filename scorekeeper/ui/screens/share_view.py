"""A finished game's sharing buttons, the same on the game-over card and on
a past game's screen: "Copy result", "Save picture" and "Send to BG Stats"
(a Hollywood sheet: one play, or a play per game), drawn from
:class:`~scorekeeper.ui.state.share.Shared`.

Copying and opening the link are the browser's own actions, done inside
the tap (``ft.CopyToClipboard``, ``ft.OpenUrl``): a browser refuses both
once the tap has gone to the server and back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.i18n import Translator

from ..state.share import PICTURES, Shared
from ..widgets import TAP, Handler


def share_buttons(
    t: Translator,
    s: Shared,
    *,
    copied: Handler,
    picture: Handler,
    each_game: Handler,
) -> list[ft.Control]:
    """The buttons, and under them the Hollywood choice (one play or one
    per game) when the sheet is a series.  ``copied`` tells that the text
    went to the clipboard; ``picture`` saves the picture; ``each_game``
    switches the Hollywood choice."""
    copy = _action(lambda: ft.CopyToClipboard(s.text))

    async def copy_late(e: Any) -> None:
        await ft.Clipboard().set(s.text)
        copied(e)

    buttons: list[ft.Control] = [
        ft.OutlinedButton(
            t.gettext("Copy result"),
            icon=ft.Icons.CONTENT_COPY,
            height=TAP,
            action=copy,
            on_click=copied if copy is not None else copy_late,
        )
    ]
    if PICTURES:
        buttons.append(
            ft.OutlinedButton(
                t.gettext("Save picture"), icon=ft.Icons.IMAGE, height=TAP, on_click=picture
            )
        )
    buttons.extend(_link_button(label, link) for label, link in s.links)
    out: list[ft.Control] = [ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
    if s.series:
        out.append(
            ft.Checkbox(
                label=t.gettext("BG Stats: each game as a play of its own"),
                value=s.each_game,
                on_change=each_game,
            )
        )
    return out


def _action(make: Callable[[], ft.ClientAction]) -> ft.ClientAction | None:
    """The browser's own action, or None when drawn outside a session (its
    service needs the session's page): the tap then goes by the server."""
    try:
        return make()
    except RuntimeError:
        return None


def _link_button(label: str, link: str) -> ft.Control:
    """A button that opens ``link`` in a new tab (BG Stats' app, if installed)."""
    action = _action(lambda: ft.OpenUrl(link, target=ft.UrlTarget.BLANK))

    async def open_late(_: Any) -> None:
        await ft.UrlLauncher().launch_url(ft.Url(link, target=ft.UrlTarget.BLANK))

    return ft.OutlinedButton(
        label,
        icon=ft.Icons.OPEN_IN_NEW,
        height=TAP,
        action=action,
        on_click=None if action is not None else open_late,
    )


def tell_copied(page: ft.Page, t: Translator) -> None:
    """The short notice once the result is on the clipboard."""
    page.show_dialog(
        ft.SnackBar(
            ft.Text(t.gettext("Copied"), size=16),
            duration=ft.Duration(seconds=3),
            behavior=ft.SnackBarBehavior.FLOATING,
        )
    )
