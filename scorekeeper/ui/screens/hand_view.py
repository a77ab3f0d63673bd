"""Hand entry: the result and the deadwood counts on a keypad, the deadwood
cards, or both whole hands, with the engine's preview and Save always in
reach in the bottom bar; drawn from :class:`~scorekeeper.ui.state.hand_model.HandForm`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.engine import Card, Suit

from ..state.hand_model import HandForm, deck_by_suit
from ..state.sheet_model import hand_roles
from ..widgets import TAP, Handler, message, switched
from ..widgets import card_box as _card_box
from ..widgets import choice as _choice
from ..widgets import section as _section
from ..widgets import slot as _slot
from ..widgets import text as _text

if TYPE_CHECKING:
    from ..shell import Shell

RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
RED = "#c62828"
KNOCKER_BG = "#1565c0"  # blue: the knocker's cards
DEFENDER_BG = "#e65100"  # orange: the defender's cards


def hand_screen(app: Shell) -> tuple[str, list[ft.Control], tuple[ft.Control, float]]:
    """The hand form: its title, its body, and its part of the bottom bar
    (the score and Save, and the bar's height: layers.BottomBar)."""
    m = app.model
    t = m.t
    form = m.hand
    assert form is not None
    left: list[ft.Control] = []
    editing = form.edit_index is not None
    p = form.preview()  # once: the full hands' preview searches the layouts
    if form.asking:  # Save found another device's hand: both, and the choice below
        mine = p.headline if not p.error else p.error
        said = [
            t.gettext("While you typed, the sheet changed:"),
            *form.asking,
            t.gettext("Yours: {line}").format(line=mine),
        ]
        left.append(message("\n".join(said), kind="error"))
    elif form.moved:  # told at once, as the sheet is (a live region: read out too)
        left.append(message("\n".join(form.moved), kind="info"))
    left.append(_text(form.dealt_line(), weight="bold"))
    roles = hand_roles(form.game, form.edit_index, t)  # three-hand: box and captain
    if roles:
        left.append(_text(roles, size=17, color=ft.Colors.TERTIARY, key="hand-roles"))
    left.append(
        ft.Row(
            [
                _choice(label, form.mode == key, app.on(form.set_mode, key), compact=True)
                for key, label in form.mode_labels().items()
            ],
            spacing=6,
        )
    )
    if form.game.rules.oklahoma:
        up_row: list[ft.Control] = [
            ft.Text(form.upcard_text(), size=17, weight=ft.FontWeight.BOLD, expand=True)
        ]
        if form.upcard is not None:
            up_row.append(
                ft.TextButton(t.gettext("Change upcard"), on_click=app.on(form.choose_upcard))
            )
        left.append(
            ft.Container(  # low: the keypad's last row stays above the Save bar on a phone
                ft.Row(up_row),
                padding=ft.Padding.symmetric(horizontal=14, vertical=2),
                border_radius=12,
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
            )
        )
    if form.picking_upcard:
        left.append(_section(t.gettext("Tap the upcard")))
        left.append(_slot(form.error))  # beside the grid the player taps
        left.append(_grid(app, form))
    else:
        left.extend(_entry(app, form))
        if form.mode == "quick" and form.result == "draw":
            left.append(_slot(form.error))

    right: list[ft.Control] = []
    if not form.picking_upcard and form.mode == "quick" and form.result != "draw":
        # the counts and their keypad head the second column: beside the
        # result on a wide window (all of it above the Save bar), under it on a phone
        right.extend(_counts(app, form))
    # A blank form is unfinished, not wrong: red only once the player acted
    # (and "still to enter" only once Save was tapped).
    red = form.error is not None or form.shows_as_error(p)
    problem = ft.Colors.ERROR if red else ft.Colors.ON_SURFACE_VARIANT
    box: list[ft.Control] = [_section(t.gettext("Preview"))]
    if p.error:
        box.append(ft.Text(p.error, size=16, color=problem))
    else:
        box.append(ft.Text(p.headline, size=19, weight=ft.FontWeight.BOLD))
        box.extend(_text(i, size=15) for i in p.items)
        box.extend(_text(i, size=15) for i in p.melds)
        box.extend(_text(i, size=15, color=ft.Colors.TERTIARY) for i in p.notes)
        box.append(_text(p.totals, size=15))
    right.append(_card_box(*box))
    actions: list[ft.Control] = [
        ft.FilledButton(
            t.gettext("Save changes") if editing else t.gettext("Save hand"),
            key=f"save@{m.revision}",  # saves on the revision the preview was shown with
            icon=ft.Icons.SAVE,
            height=TAP + 8,
            expand=True,
            on_click=app.on(save_hand, app, form, m.revision),
        ),
        ft.OutlinedButton(
            t.gettext("Cancel"),
            key="cancel",
            height=TAP + 8,
            on_click=_while_open(app, form, m.cancel_hand),
        ),
    ]
    if form.asking:
        actions = _choice_after_a_change(app, form)
    summary = ft.Text(
        t.gettext("Choose: save yours as well, or drop it.")
        if form.asking
        else form.error or p.error or p.headline,
        size=15,
        weight=ft.FontWeight.BOLD,
        color=problem if (form.error or p.error) else None,
        max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS,
    )
    # always in reach at the table: the bottom bar with the score and Save
    bottom = (ft.Column([summary, ft.Row(actions)], spacing=6, tight=True), 118)
    if editing and form.edit_index is not None and m.versions(form.edit_index) > 1:
        right.append(
            ft.OutlinedButton(
                t.gettext("Revert edit"),
                icon=ft.Icons.RESTORE,
                height=TAP,
                key=f"revert@{m.revision}",
                on_click=_while_open(app, form, m.revert_edit, form.edit_index, m.revision),
            )
        )
    layout = ft.ResponsiveRow(
        [
            # close together: at 390×844 the whole keypad and Save fit one
            # screen, with the Oklahoma upcard and the three-hand roles too
            ft.Column(left, col={"xs": 12, "lg": 7}, spacing=8),
            ft.Column(right, col={"xs": 12, "lg": 5}, spacing=8),
        ],
        spacing=16,
    )
    return f"{form.heading()} · {m.sheet().title}", [layout], bottom


def _choice_after_a_change(app: Shell, form: HandForm) -> list[ft.Control]:
    """The bottom bar's buttons once Save found the sheet changed under the
    form: save what was typed all the same (as the next hand, or over the
    hand being corrected), or drop it."""
    m, t = app.model, app.model.t
    if form.edit_index is None:
        keep = t.gettext("Save yours as hand {number}").format(number=len(form.game.hands) + 1)
    else:
        keep = t.gettext("Save yours over hand {number}").format(number=form.edit_index + 1)
    return [
        ft.FilledButton(
            keep,
            key=f"save-anyway@{m.revision}",
            icon=ft.Icons.SAVE,
            height=TAP + 8,
            expand=True,
            on_click=_while_open(app, form, m.save_anyway, m.revision),
        ),
        ft.OutlinedButton(
            t.gettext("Drop yours"),
            key="drop",
            height=TAP + 8,
            on_click=_while_open(app, form, m.cancel_hand),
        ),
    ]


def save_hand(app: Shell, form: HandForm, revision: int | None = None) -> None:
    """Save (``revision``: the one drawn with the Save button tapped).  A tap
    on a form already closed does nothing: the Enter that saved also presses
    the button that has the keyboard's focus, and Tab may have put it on
    this Save (kept, hidden, in the bottom bar) or on the form's own."""
    if not _is_open(app, form):
        return
    form.touched = form.save_tried = True  # a refusal now shows as an error
    app.model.save_hand(revision)


def _is_open(app: Shell, form: HandForm) -> bool:
    """Whether ``form`` is the hand form on screen (a closed one stays, hidden,
    in its layer and in the bottom bar: layers.py)."""
    return app.model.hand is form and app.model.screen == "hand"


def _while_open(app: Shell, form: HandForm, fn: Any, *args: Any) -> Handler:
    """``fn`` as a tap's handler that does nothing once ``form`` is closed
    (:func:`_is_open`): a second tap on Cancel or Revert edit can still arrive."""

    def act() -> None:
        if _is_open(app, form):
            fn(*args)

    return app.on(act)


def _entry(app: Shell, form: HandForm) -> list[ft.Control]:
    t = form.t
    names = form.names
    out: list[ft.Control] = []
    draw = form.mode == "quick" and form.result == "draw"
    if form.mode == "quick":
        out.append(_section(t.gettext("Result")))
        results = form.result_labels()
        out.append(
            ft.Row(
                [
                    _choice(
                        results[r],
                        form.result == r,
                        app.on(form.set_result, r),
                        compact=True,
                    )
                    for r in form.result_options()
                ],
                spacing=6,
            )
        )
    elif form.game.rules.big_gin:
        out.append(
            ft.Switch(
                label=t.gettext("Big gin (all 11 cards melded)"),
                value=form.result == "big-gin",
                on_change=_big_gin_changed(app, form),
            )
        )
    if not draw:
        out.append(
            _section(
                t.gettext("Who knocked?")
                if form.result != "undercut"
                else t.gettext("Who knocked (and was undercut)?")
            )
        )
        out.append(
            ft.Row(
                [
                    _choice(
                        t.gettext("{name} knocked").format(name=names[p]),
                        form.knocker == p,
                        app.on(form.set_knocker, p),
                        compact=True,
                    )
                    for p in form.candidates()
                ],
                spacing=6,
            )
        )
    if form.mode != "quick":
        out.extend(_card_entry(app, form))
    return out


def _big_gin_changed(app: Shell, form: HandForm) -> Handler:
    def handler(e: Any) -> None:
        form.result = "big-gin" if switched(e) else "knock"
        app.render()

    return handler


def _counts(app: Shell, form: HandForm) -> list[ft.Control]:
    t = form.t
    gin = form.result in ("gin", "big-gin")

    def box(which: str, label: str, value: str, enabled: bool) -> ft.Control:
        active = form.active == which and enabled
        return ft.Container(
            ft.Column(
                [
                    ft.Text(label, size=14, max_lines=2, text_align=ft.TextAlign.CENTER),
                    ft.Text(value or "–", size=28, weight=ft.FontWeight.BOLD),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                tight=True,
            ),
            expand=True,
            padding=4,
            border_radius=12,
            alignment=ft.Alignment.CENTER,
            border=ft.Border.all(
                3 if active else 1, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE
            ),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if active else None,
            on_click=app.on(form.set_active, which) if enabled else None,
            opacity=1.0 if enabled else 0.5,
        )

    out: list[ft.Control] = [
        _section(t.gettext("Deadwood (after lay-offs)")),
        ft.Row(
            [
                box("knocker", form.deadwood_label("knocker"), form.k_text, not gin),
                box("defender", form.deadwood_label("defender"), form.d_text, True),
            ]
        ),
        _slot(form.error),  # beside the counts it concerns
    ]
    # four keys a row, three rows: at 390×844 a fourth row would start
    # under the Save bar
    keys = ["1", "2", "3", "C", "4", "5", "6", "⌫", "7", "8", "9", "0"]
    # the keys' tooltips: clear the count, delete its last digit
    tips = {"C": t.gettext("Clear"), "⌫": t.gettext("Delete")}
    grid: list[ft.Control] = []
    for k in keys:
        label = tips.get(k, k)
        grid.append(
            ft.Container(
                ft.Button(
                    content=ft.Text(k, size=24),
                    tooltip=label if label != k else None,
                    height=TAP,
                    on_click=app.on(form.press, k),
                    style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10)),
                ),
                col=3,
            )
        )
    out.append(ft.ResponsiveRow(grid, spacing=8, run_spacing=4))
    return out


def _card_entry(app: Shell, form: HandForm) -> list[ft.Control]:
    t = form.t
    tapping = t.gettext("Tapping {name}")  # whose cards the next taps mark
    out: list[ft.Control] = [
        _section(
            t.gettext("Tap each player's deadwood cards")
            if form.mode == "deadwood"
            else t.gettext("Tap each player's whole hand")
        ),
        ft.Row(
            [
                _choice(
                    tapping.format(name=form.role_name("knocker")),
                    form.tapping == "knocker",
                    app.on(form.set_tapping, "knocker"),
                    compact=True,
                    color=KNOCKER_BG,
                ),
                _choice(
                    tapping.format(name=form.role_name("defender")),
                    form.tapping == "defender",
                    app.on(form.set_tapping, "defender"),
                    compact=True,
                    color=DEFENDER_BG,
                ),
            ]
        ),
        _text(form.card_summary("knocker"), size=15, color=KNOCKER_BG, weight="bold"),
        _text(form.card_summary("defender"), size=15, color=DEFENDER_BG, weight="bold"),
    ]
    if form.mode == "deadwood":  # nothing tapped is not "none": it must be said
        out.append(
            ft.Row(
                [
                    _choice(
                        form.no_deadwood_label(who),
                        who in form.no_deadwood,
                        app.on(form.set_no_deadwood, who, who not in form.no_deadwood),
                        compact=True,
                        key=f"no-deadwood:{who}",
                    )
                    for who in ("knocker", "defender")
                ],
                spacing=6,
            )
        )
    out += [
        _slot(form.error),  # beside the grid the player taps
        _grid(app, form),
        ft.TextButton(t.gettext("Clear all cards"), on_click=app.on(form.clear_cards)),
    ]
    return out


def _grid(app: Shell, form: HandForm) -> ft.Control:
    rows: list[ft.Control] = []
    for suit_cards in deck_by_suit():
        tiles: list[ft.Control] = [_card_tile(app, form, c) for c in suit_cards]
        # a phone shows A-7 and 8-K; wider screens a whole suit per line
        rows.append(ft.ResponsiveRow(tiles, columns=14, spacing=4, run_spacing=4))
    return ft.Column(rows, spacing=10)


def _card_tile(app: Shell, form: HandForm, c: Card) -> ft.Control:
    owner = form.owner(c) if not form.picking_upcard else None
    if form.picking_upcard and form.upcard == c:
        owner = "knocker"
    red = c.suit in RED_SUITS
    fg: str | None
    if owner == "knocker":
        bg, fg = KNOCKER_BG, ft.Colors.WHITE
    elif owner == "defender":
        bg, fg = DEFENDER_BG, ft.Colors.WHITE
    else:
        bg, fg = ft.Colors.SURFACE_CONTAINER_LOWEST, (RED if red else None)
    return ft.Button(
        content=ft.Text(
            str(c),
            size=15 if c.rank == 10 else 17,
            color=fg,
            weight=ft.FontWeight.BOLD,
            no_wrap=True,
        ),
        col={"xs": 2, "md": 1},
        height=48,
        bgcolor=bg,
        style=ft.ButtonStyle(
            padding=0,
            shape=ft.RoundedRectangleBorder(radius=8),
            side=ft.BorderSide(1, ft.Colors.OUTLINE),
        ),
        on_click=app.on(form.tap_card, c),
    )
