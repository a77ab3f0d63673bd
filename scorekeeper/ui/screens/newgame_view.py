"""The new-game screen: format, players, first dealer (or the three-hand
draw) and the rules, drawn from :class:`~scorekeeper.ui.state.newgame_model.NewGameForm`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ..state.newgame_model import FORMATS, RANDOM, STAKE_LABEL, NewGameForm
from ..widgets import TAP, Handler, Screen, switched, typed
from ..widgets import choice as _choice
from ..widgets import muted_text as _muted_text
from ..widgets import section as _section
from ..widgets import slot as _slot
from ..widgets import switch_label as _switch_label
from ..widgets import text as _text

if TYPE_CHECKING:
    from ..shell import Shell


def new_game_screen(app: Shell) -> Screen:
    m = app.model
    t = m.t
    form = m.new_game
    if form is None:
        form = m.new_game = NewGameForm(t=t)
    out: list[ft.Control] = []  # a refusal shows beside its field, or by Start
    out.append(_section(t.gettext("Format")))
    formats = form.format_labels()
    out.append(
        ft.Row(
            [_choice(formats[f], form.format == f, app.on(form.set_format, f)) for f in FORMATS],
            wrap=True,
        )
    )

    out.append(_section(form.players_heading()))
    saved = m.saved_players()
    if form.seats:
        out.append(_text(form.playing_line(), weight="bold"))
    chips: list[ft.Control] = []
    for pid, name in saved:
        chips.append(_choice(name, form.is_seated(pid), app.on(form.toggle, pid, name)))
    for seat in form.seats:
        if seat.id is None:
            chips.append(_choice(seat.name, True, app.on(_unseat_new, form, seat.name)))
    if chips:
        out.append(ft.Row(chips, wrap=True))
    out.append(_slot(form.field_errors.get("players")))
    # names are kept as typed: no automatic capitals ("von" stays "von")
    name_field = ft.TextField(
        key=f"new-name-{len(form.seats)}",  # a new field (empty) after each add
        label=t.gettext("New player name"),
        value=form.new_name,
        on_change=lambda e: setattr(form, "new_name", typed(e)),
        on_submit=_add_submitted(app, form),
        error=form.field_errors.get("new_name"),
        error_max_lines=3,
        expand=True,
        text_size=18,
    )
    out.append(
        ft.Row(
            [
                name_field,
                ft.FilledTonalButton(
                    t.gettext("Add player"),
                    height=TAP,
                    on_click=app.on(_add_typed, app, form),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    )

    if form.spec.roles:
        out.append(_section(t.gettext("Box, captain and sitter")))
        out.append(
            ft.Row(
                [
                    _choice(
                        t.gettext("Let the app draw"),
                        form.draw_mode == RANDOM,
                        app.on(setattr, form, "draw_mode", RANDOM),
                    ),
                    _choice(
                        t.gettext("Enter the drawn cards"),
                        form.draw_mode != RANDOM,
                        app.on(setattr, form, "draw_mode", "cards"),
                    ),
                ],
                wrap=True,
            )
        )
        if form.draw_mode != RANDOM:
            out.append(
                _text(
                    t.gettext(
                        "Highest card takes the box and deals, the middle is captain, "
                        "the lowest sits out (K high, A low)."
                    ),
                    size=14,
                )
            )
            for seat in form.seats:
                out.append(
                    ft.TextField(
                        label=t.gettext("Card {name} drew").format(name=seat.name),
                        hint_text=t.gettext("e.g. K♠ or KS"),
                        value=form.draw_texts.get(seat.name, ""),
                        on_change=_draw_changed(app, form, seat.name),
                        text_size=18,
                    )
                )
            preview = form.roles_preview()
            if preview:
                out.append(_text(preview, weight="bold"))
    elif form.spec.applies("dealer"):  # a partnership's two tables deal by themselves
        out.append(_section(t.gettext("First dealer")))
        dealers = [
            _choice(
                t.gettext("Draw at random"),
                form.first_dealer == RANDOM,
                app.on(setattr, form, "first_dealer", RANDOM),
            )
        ]
        for seat in form.seats:
            dealers.append(
                _choice(
                    t.gettext("{name} deals").format(name=seat.name),
                    form.first_dealer == seat.name,
                    app.on(setattr, form, "first_dealer", seat.name),
                )
            )
        out.append(ft.Row(dealers, wrap=True))

    out.append(_section(t.gettext("Rules")))
    preset = form.preset_name()
    custom = [_choice(t.gettext("Custom"), True, lambda _: None)]
    out.append(
        ft.Row(
            [
                _choice(label, preset == key, app.on(form.set_preset, key), key=f"preset:{key}")
                for key, label in form.preset_labels().items()
            ]
            + (custom if preset == "custom" else []),
            wrap=True,
        )
    )
    to = t.gettext("To {target}")  # a game's target score, e.g. "To 150"
    out.append(
        ft.Row(
            [
                _choice(
                    to.format(target=target),
                    (form.values["target"] == target and "target" not in form.texts)
                    or form.text_of("target") == str(target),
                    app.on(form.set_field, "target", str(target)),
                )
                for target in sorted({100, 150, 250, form.spec.target or 100})
            ],
            wrap=True,
        )
    )
    out.extend(_rule_options(app, form))
    out.append(
        ft.FilledButton(
            t.gettext("Start game"),
            icon=ft.Icons.PLAY_ARROW,
            height=TAP + 8,
            on_click=app.on(m.start_game),
        )
    )
    out.append(_slot(form.error))
    return t.gettext("New game"), out


def _add_typed(app: Shell, form: NewGameForm) -> None:
    form.add_typed(app.model.saved_players())


def _add_submitted(app: Shell, form: NewGameForm) -> Handler:
    """Enter in the name field adds the name the submit event carries: the
    field's own change event may reach the server after it."""
    add = app.on(_add_typed, app, form)

    def handler(e: Any) -> None:
        if isinstance(e.data, str) and e.data.strip():
            form.new_name = e.data
        add(e)

    return handler


def _unseat_new(form: NewGameForm, name: str) -> None:
    form.seats = [s for s in form.seats if not (s.id is None and s.name == name)]
    form._forget(name)


def _draw_changed(app: Shell, form: NewGameForm, name: str) -> Handler:
    def handler(e: Any) -> None:
        form.draw_texts[name] = typed(e)
        form.error = None
        app.render()  # the roles preview follows the cards as they are typed

    return handler


def _rule_options(app: Shell, form: NewGameForm) -> list[ft.Control]:
    out: list[ft.Control] = []
    fields: list[ft.Control] = []
    for name, label, needs in form.number_options():
        if needs and not form.values[needs]:
            continue
        if name == "knock_limit" and form.oklahoma:
            continue
        fields.append(
            ft.Container(
                ft.TextField(
                    label=label,
                    value=form.text_of(name),
                    # no input filter: "-100" is refused with a message, not
                    # silently rewritten to 100
                    error=form.field_errors.get(name),
                    error_max_lines=3,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=_field_changed(form, name),
                    on_blur=lambda _: app.render(),
                    text_size=18,
                ),
                col={"xs": 6, "md": 4},
            )
        )
    out.append(ft.ResponsiveRow(fields))
    for name, label, needs in form.switch_options():
        if needs and not form.values[needs]:
            continue
        out.append(
            ft.Switch(
                label=_switch_label(app.page, label),
                value=bool(form.values[name]),
                on_change=_switch_changed(app, form, name),
            )
        )
    if form.values["classic_bonuses"]:
        out.append(
            ft.Row(
                [
                    _choice(
                        label,
                        form.values["shutout"] == key,
                        app.on(form.set_field, "shutout", key),
                    )
                    for key, label in form.shutout_labels().items()
                ],
                wrap=True,
            )
        )
    if form.spec.applies("dealer"):  # three-hand: the box always deals
        out.append(_muted_text(form.t.gettext("Next dealer after a won hand")))
        out.append(
            ft.Row(
                [
                    _choice(
                        label,
                        form.values["dealer"] == key,
                        app.on(form.set_field, "dealer", key),
                        key=f"dealer-rule:{key}",
                    )
                    for key, label in form.dealer_labels().items()
                ],
                wrap=True,
            )
        )
    if form.spec.applies("hollywood_rolling"):
        out.append(
            ft.Switch(
                label=_switch_label(
                    app.page, form.t.gettext("Rolling sheet: a new game opens whenever one ends")
                ),
                value=bool(form.values["hollywood_rolling"]),
                on_change=_switch_changed(app, form, "hollywood_rolling"),
            )
        )
    if form.spec.applies("partnership_hollywood"):
        out.append(
            ft.Switch(
                label=_switch_label(
                    app.page,
                    form.t.gettext("Hollywood scoring: each deal's win in three games at once"),
                ),
                value=bool(form.values["partnership_hollywood"]),
                on_change=_switch_changed(app, form, "partnership_hollywood"),
            )
        )
    out.extend(_money_options(app, form))
    return out


def _money_options(app: Shell, form: NewGameForm) -> list[ft.Control]:
    """Played for money (RULES §10): the stake a point, its currency and,
    in Hollywood, the third game counting double."""
    t = form.t
    out: list[ft.Control] = [
        ft.Switch(
            label=_switch_label(app.page, t.gettext("Played for money")),
            value=form.money,
            on_change=_money_changed(app, form),
        )
    ]
    if not form.money:
        return out
    stake = ft.TextField(
        label=t.gettext(STAKE_LABEL),
        value=form.stake_shown(),
        hint_text=t.gettext("e.g. {amount}").format(amount=form.stake_example()),
        suffix=form.currency,
        # no input filter: "-1" is refused with a message, not rewritten
        error=form.field_errors.get("stake"),
        error_max_lines=3,
        keyboard_type=ft.KeyboardType.NUMBER,
        on_change=_stake_changed(form),
        on_blur=lambda _: app.render(),
        on_submit=lambda _: app.render(),
        text_size=18,
    )
    out.append(ft.ResponsiveRow([ft.Container(stake, col={"xs": 8, "md": 5})]))
    out.append(
        ft.Row(
            [
                _choice(
                    form.currency_label(code),
                    form.currency == code,
                    app.on(form.set_currency, code),
                    key=f"currency:{code}",
                )
                for code in form.currencies()
            ],
            wrap=True,
        )
    )
    preview = form.stake_preview()
    if preview:
        out.append(_muted_text(preview))
    if form.spec.applies("third_game_double"):
        out.append(
            ft.Switch(
                label=_switch_label(app.page, t.gettext("Third game counts double")),
                value=bool(form.values["third_game_double"]),
                on_change=_switch_changed(app, form, "third_game_double"),
            )
        )
    return out


def _money_changed(app: Shell, form: NewGameForm) -> Handler:
    def handler(e: Any) -> None:
        app.model.act(form.set_money, switched(e))
        app.render()

    return handler


def _stake_changed(form: NewGameForm) -> Handler:
    def handler(e: Any) -> None:
        form.set_stake(typed(e))

    return handler


def _field_changed(form: NewGameForm, name: str) -> Handler:
    def handler(e: Any) -> None:
        form.set_field(name, typed(e))

    return handler


def _switch_changed(app: Shell, form: NewGameForm, name: str) -> Handler:
    def handler(e: Any) -> None:
        app.model.act(form.set_field, name, switched(e))
        app.render()

    return handler
