"""The settings screen: new-game defaults, theme, language, keep the
screen on, backups; drawn from ``review.settings``
(:class:`~scorekeeper.ui.review.settings.Settings`) and changed through
``review.options`` (:class:`~scorekeeper.ui.review.settings_state.SettingsState`).
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from scorekeeper.i18n import LANGUAGES

from ..state.newgame_model import PRESET_LABELS
from ..widgets import TAP, Screen, typed
from ..widgets import section as _section
from .context import ReviewContext, chip_row, choice, messages, muted
from .game_model import format_label
from .settings import FORMATS, THEMES

log = logging.getLogger(__name__)


def settings_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    o, t = m.options, m.t
    s = m.settings
    out: list[ft.Control] = messages(ctx)
    out.append(_section(t.gettext("Language")))
    langs = [
        choice(t.gettext("System ({name})").format(name=LANGUAGES[s.language_code])
                if s.language is None else t.gettext("System"),
                s.language is None, ctx.on(o.set_language, None))
    ] + [
        choice(name, s.language == code, ctx.on(o.set_language, code))
        for code, name in LANGUAGES.items()
    ]  # fmt: skip
    out.append(chip_row(langs))
    out.append(_section(t.gettext("Theme")))
    theme_labels = {
        "system": t.gettext("System theme"),
        "light": t.gettext("Light"),
        "dark": t.gettext("Dark"),
    }
    out.append(
        chip_row([choice(theme_labels[k], s.theme == k, ctx.on(o.set_theme, k)) for k in THEMES])
    )
    if ctx.screen_keeper is not None:
        out.append(_section(t.gettext("This device")))
        out.append(
            ft.Switch(
                label=t.gettext("Keep the screen on while a game is open"),
                value=ctx.screen_keeper.enabled,
                on_change=ctx.keep_screen_on,
            )
        )
    if not o.host:  # a player's device: the folder's settings are the host's
        out.append(_section(t.gettext("Your data")))
        out.append(muted(o.backup_status(), size=15))
        return t.gettext("Settings"), out
    out.append(_section(t.gettext("New games")))
    out.append(muted(t.gettext("Format")))
    out.append(
        chip_row(
            [
                choice(
                    format_label(t, f), s.format == f, ctx.on(o.update_settings_one, "format", f)
                )
                for f in FORMATS
            ]
        )
    )
    out.append(muted(t.gettext("Rules")))
    presets = {key: t.gettext(label) for key, label in PRESET_LABELS.items()}  # as in New game
    out.append(
        chip_row(
            [
                choice(label, s.preset == key, ctx.on(o.update_settings_one, "preset", key))
                for key, label in presets.items()
            ]
        )
    )
    out.append(muted(t.gettext("Target")))
    targets: list[int | None] = [None, 100, 150, 250]
    out.append(
        chip_row(
            [
                choice(
                    t.gettext("Preset default") if v is None else str(v),
                    s.target == v,
                    ctx.on(o.update_settings_one, "target", v),
                )
                for v in targets
            ]
        )
    )
    out.append(
        ft.Switch(
            label=t.gettext("Big gin"), value=s.big_gin,
            on_change=ctx.on(o.update_settings_one, "big_gin", not s.big_gin),
        )
    )  # fmt: skip
    out.append(
        ft.Switch(
            label=t.gettext("Rolling Hollywood sheet"), value=s.hollywood_rolling,
            on_change=ctx.on(o.update_settings_one, "hollywood_rolling", not s.hollywood_rolling),
        )
    )  # fmt: skip
    out.append(_section(t.gettext("Your data")))
    if ctx.phone:
        out.extend(_phone_storage(ctx))
        return t.gettext("Settings"), out
    out.append(muted(t.gettext("Games are kept in this folder:"), size=15))
    out.append(ft.Text(str(m.data_dir), size=15, selectable=True))
    out.append(
        ft.FilledButton(
            t.gettext("Back up now"), icon=ft.Icons.BACKUP, height=TAP,
            on_click=ctx.on(o.backup_now),
        )
    )  # fmt: skip
    out.extend(_auto_backups(ctx))
    return t.gettext("Settings"), out


def _auto_backups(ctx: ReviewContext) -> list[ft.Control]:
    """Backups by themselves: the folder (a synced one works), when the last
    was made, and the backups there to restore."""
    m, t = ctx.model, ctx.model.t
    o = m.options
    out: list[ft.Control] = [_section(t.gettext("Backups by themselves"))]
    out.append(muted(o.backup_status(), size=15))
    chosen = m.settings.backup_folder
    shown = o.backup_text if o.backup_text is not None else (chosen or "")
    field = ft.TextField(
        label=t.gettext("Backup folder"), value=shown, text_size=16,
        hint_text=t.gettext("e.g. a folder your cloud drive syncs"),
        on_change=lambda e: o.set_backup_text(typed(e)),
    )  # fmt: skip

    def choose(_: Any = None) -> None:
        o.set_backup_text(field.value or "")
        m.act(o.set_backup_folder)
        ctx._refresh()

    field.on_submit = choose
    out.append(field)
    buttons: list[ft.Control] = [
        ft.FilledButton(t.gettext("Back up to this folder"), icon=ft.Icons.FOLDER, height=TAP,
                        on_click=choose)
    ]  # fmt: skip
    if chosen:
        buttons.append(
            ft.OutlinedButton(t.gettext("Turn off"), height=TAP,
                              on_click=ctx.on(o.stop_auto_backups))
        )  # fmt: skip
    out.append(ft.Row(buttons, wrap=True))
    files = o.backup_files()
    if files:
        out.append(muted(t.gettext("Restore a backup (the games not here yet are added):"), 15))
        for when, path in files:
            out.append(
                ft.TextButton(
                    t.gettext("Restore the backup of {when}").format(when=when),
                    icon=ft.Icons.RESTORE, height=TAP,
                    on_click=ctx.on(o.restore_backup, path),
                )
            )  # fmt: skip
    return out


# --- export and import ------------------------------------------------------------------


def _phone_storage(ctx: ReviewContext) -> list[ft.Control]:
    """Where the phone build keeps the games, and whether the browser keeps them."""
    t = ctx.model.t
    if ctx.storage_kept:
        kept = t.gettext("The browser keeps them: it will not clear them to free space.")
    elif ctx.storage_kept is False:
        kept = t.gettext(
            "The browser did not promise to keep them: it may clear them when space "
            "runs low, or (Safari) after 7 days without a visit. Add the app to the "
            "home screen, and export your games now and then."
        )
    else:
        kept = t.gettext("This browser does not say whether it keeps them.")
    return [
        muted(t.gettext("Games are kept in this browser's storage, on this device."), size=15),
        muted(kept, size=15),
        muted(t.gettext("To keep a copy elsewhere, export all games (Export and import)."), 15),
    ]
