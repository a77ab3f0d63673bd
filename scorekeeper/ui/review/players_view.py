"""The players screen: rename, hide, merge, drawn from ``review.players``
(:class:`~scorekeeper.ui.review.players_state.PlayersState`)."""

from __future__ import annotations

import logging
from typing import Any, cast

import flet as ft

from ..widgets import TAP, Screen
from ..widgets import card_box as _box
from ..widgets import message as _message
from .context import ReviewContext, messages, muted

log = logging.getLogger(__name__)


def players_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    ps, t = m.players, m.t
    out: list[ft.Control] = messages(ctx)
    players = ps.all(include_hidden=True)
    if not players:
        out.append(muted(t.gettext("No players yet."), size=16))
    merging = ps.merge_from
    drop_name = next((p.name for p in players if p.id == merging), None)
    if merging is not None and drop_name is not None:
        out.append(
            _message(
                t.gettext("Merge {name} into which player? Their games will all follow.").format(
                    name=drop_name
                ),
                "info",
            )
        )
        out.append(ft.OutlinedButton(t.gettext("Cancel merge"), height=TAP,
                                     on_click=ctx.on(ps.cancel_merge)))  # fmt: skip
    if ps.confirm_merge is not None:
        keep, drop = ps.confirm_merge
        names = {p.id: p.name for p in players}
        out.append(
            _box(
                ft.Text(
                    t.gettext(
                        "Make {drop} and {keep} one player called {keep}? This can't be undone."
                    ).format(drop=names.get(drop, "?"), keep=names.get(keep, "?")),
                    size=16,
                ),
                ft.Row(
                    [
                        ft.FilledButton(t.gettext("Yes, merge"), height=TAP,
                                        on_click=ctx.on(ps.merge, keep, drop)),
                        ft.OutlinedButton(t.gettext("Cancel"), height=TAP,
                                          on_click=ctx.on(m.clear_messages)),
                    ],
                    wrap=True,
                ),
                color=ft.Colors.TERTIARY_CONTAINER,
            )
        )  # fmt: skip
    for p in players:
        items: list[ft.Control] = []
        head = ft.Row(
            [cast(ft.Control, ft.Text(p.name, size=18, weight=ft.FontWeight.BOLD, expand=True))]
            + ([muted(t.gettext("hidden"))] if p.hidden else []),
        )
        items.append(head)
        if ps.editing == p.id:
            field = ft.TextField(
                label=t.gettext("New name for {name}").format(name=p.name),
                value=p.name, autofocus=True, text_size=18,
            )  # fmt: skip

            def submit(e: Any = None, pid: str = p.id, f: ft.TextField = field) -> None:
                # Enter carries the text; the field's own change may reach us after it
                typed = e.data if getattr(e, "control", None) is f else f.value
                m.act(ps.rename, pid, typed or "")
                ctx._refresh()

            field.on_submit = submit
            items.append(field)
            items.append(
                ft.Row(
                    [
                        ft.FilledButton(t.gettext("Save name"), height=TAP, on_click=submit),
                        ft.OutlinedButton(t.gettext("Cancel"), height=TAP,
                                          on_click=ctx.on(ps.edit, None)),
                    ],
                    wrap=True,
                )
            )  # fmt: skip
        elif merging is not None and merging != p.id:
            items.append(
                ft.FilledButton(t.gettext("Merge into {name}").format(name=p.name), height=TAP,
                                on_click=ctx.on(ps.ask_merge, p.id))
            )  # fmt: skip
        elif ps.host:  # the player list is the host's (roles.MAY)
            items.append(
                ft.Row(
                    [
                        ft.OutlinedButton(
                            t.gettext("Rename {name}").format(name=p.name), icon=ft.Icons.EDIT,
                            height=TAP, on_click=ctx.on(ps.edit, p.id),
                        ),
                        ft.OutlinedButton(
                            (t.gettext("Show {name}") if p.hidden else t.gettext("Hide {name}"))
                            .format(name=p.name),
                            icon=ft.Icons.VISIBILITY if p.hidden else ft.Icons.VISIBILITY_OFF,
                            height=TAP, on_click=ctx.on(ps.set_hidden, p.id, not p.hidden),
                        ),
                        ft.OutlinedButton(
                            t.gettext("Merge {name}…").format(name=p.name),
                            icon=ft.Icons.MERGE, height=TAP,
                            on_click=ctx.on(ps.start_merge, p.id),
                        ),
                    ],
                    wrap=True, spacing=6, run_spacing=6,
                )
            )  # fmt: skip
        out.append(_box(*items, key=f"player:{p.id}"))
    out.append(muted(t.gettext("Hidden players keep their history but are left out of new games.")))
    return t.gettext("Players"), out


# --- settings -----------------------------------------------------------------------
