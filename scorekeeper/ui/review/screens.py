"""The review screens as flet controls, built from a :class:`ReviewModel`.

Each builder returns ``(title, controls)`` like the core app's screens and
wires every handler through :meth:`ReviewContext.on`, which runs the model
action (refusals become inline messages), then asks the host to re-render.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import flet as ft
import flet_charts as fch  # type: ignore[import-untyped,unused-ignore]

from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.statistics import Bar, ScoreRace

from ..newgame_model import PRESET_LABELS
from ..uploads import INBOX, UploadInbox
from ..wakelock import ScreenKeeper
from ..widgets import TAP
from ..widgets import card_box as _box
from ..widgets import message as _message
from ..widgets import section as _section
from .game_model import GameView, format_label
from .model import PAGE, PERIODS, Download, HistoryRow, ReviewModel, StatsCard, period_label
from .settings import FORMATS, THEMES

log = logging.getLogger(__name__)

__all__ = [
    "MENU",
    "ReviewContext",
    "data_screen",
    "deleted_screen",
    "game_review_screen",
    "history_screen",
    "menu",
    "menu_labels",
    "players_screen",
    "render_screen",
    "settings_screen",
    "stats_screen",
]

Handler = Callable[[Any], None]
Screen = tuple[str, list[ft.Control]]
LINE_COLORS = ("#1565c0", "#e65100", "#2e7d32")


@dataclass
class ReviewContext:
    """What the screens need from the host app.

    ``refresh()`` re-renders the current screen from the model (the host
    also re-reads ``model.screen`` to pick the builder).
    """

    model: ReviewModel
    refresh: Callable[[], None]
    #: Set by :meth:`attach_file_picker`: import then offers "Choose a file".
    file_picker: ft.FilePicker | None = None
    #: The page, once :meth:`attach_file_picker` is called.
    page: ft.Page | None = None
    #: The inbox slot of the import upload under way (web mode).
    upload_slot: str | None = None
    inbox: UploadInbox = INBOX
    #: The session's wakelock: Settings then offers "Keep the screen on".
    screen_keeper: ScreenKeeper | None = None

    @property
    def web(self) -> bool:
        """A browser session: import is an upload, export a download, and no
        path on the server is ever read from what the client sends."""
        return self.page is not None and bool(self.page.web)

    def attach_file_picker(self, page: ft.Page) -> ft.FilePicker:
        """Add a file picker service to ``page`` for importing an export file
        (and, in a browser, for downloading exports)."""
        picker = ft.FilePicker(on_result=self._picked, on_upload=self._uploaded)
        page.services.append(picker)
        self.file_picker = picker
        self.page = page
        self.model.allow_paths = not self.web
        return picker

    def _picked(self, e: Any) -> None:
        files = getattr(e, "files", None) or []
        if not files:
            return
        f = files[0]
        if self.web:
            self._upload(f)
        elif f.bytes is not None:
            self.model.act(self.model.import_bytes, bytes(f.bytes))
        else:
            self.model.act(self.model.import_file, f.path or "")
        self._refresh()

    def _upload(self, f: ft.FilePickerFile) -> None:
        """Send the picked file to the server's upload endpoint, into a fresh
        one-time inbox slot; :meth:`_uploaded` imports it once it is there."""
        m, t = self.model, self.model.t
        m.clear_messages()
        if self.upload_slot is not None:
            self.inbox.drop(self.upload_slot)
            self.upload_slot = None
        if f.size > self.inbox.limit:
            m.error = too_large(t, self.inbox.limit)
            return
        assert self.page is not None and self.file_picker is not None
        slot = self.upload_slot = self.inbox.expect()
        url = self.page.get_upload_url(slot, 600)
        m.note = t.gettext("Uploading {name}…").format(name=f.name)
        self.page.run_task(
            self.file_picker.upload, [ft.FilePickerUploadFile(upload_url=url, id=f.id)]
        )

    def _uploaded(self, e: ft.FilePickerUploadEvent) -> None:
        slot, m = self.upload_slot, self.model
        if slot is None:
            return
        if e.error:
            self.inbox.drop(slot)
            self.upload_slot = None
            m.clear_messages()
            if " 413" in e.error:
                m.error = too_large(m.t, self.inbox.limit)
            else:
                log.warning("an import upload failed: %s", e.error)
                m.error = m.t.gettext("The file could not be uploaded. Try again.")
            self._refresh()
            return
        if e.progress is None or e.progress < 1.0:
            return
        self.upload_slot = None
        data = self.inbox.take(slot)
        if data is None:
            m.clear_messages()
            m.error = m.t.gettext("The file could not be uploaded. Try again.")
        else:
            m.act(m.import_bytes, data)
        self._refresh()

    def download(self, fn: Callable[..., Download], *args: Any) -> Handler:
        """A handler: make an export with ``fn(*args)`` and hand it to the
        browser as a download (nothing is written on the server)."""

        def handler(_: Any = None) -> None:
            got = self.model.act(fn, *args)
            if isinstance(got, Download) and self.page is not None and self.file_picker:
                self.page.run_task(self._save, got)
            self._refresh()

        return handler

    async def _save(self, d: Download) -> None:
        assert self.file_picker is not None
        m = self.model
        try:
            await self.file_picker.save_file(file_name=d.name, src_bytes=d.data)
        except Exception:
            log.exception("the download of %s failed", d.name)
            m.clear_messages()
            m.error = m.t.gettext("Sorry, that did not work.")
        else:
            m.clear_messages()
            m.note = d.note
        self._refresh()

    def device_loaded(self) -> None:
        """The device's own choices arrived: redraw if they are on screen."""
        if self.model.screen == "settings":
            self._refresh()

    def keep_screen_on(self, e: Any) -> None:
        """The Settings switch: this device's choice, kept in its own storage."""
        if self.screen_keeper is None:
            return
        value = getattr(getattr(e, "control", None), "value", None)
        self.screen_keeper.set_enabled(bool(value))
        self.model.clear_messages()
        self.model.note = self.model.t.gettext("Saved on this device.")
        self._refresh()

    def on(self, fn: Callable[..., Any], *args: Any) -> Handler:
        """A handler: run ``fn(*args)`` through ``model.act``, then refresh."""

        def handler(_: Any = None) -> None:
            self.model.act(fn, *args)
            self._refresh()

        return handler

    def on_value(self, fn: Callable[[str], Any]) -> Handler:
        """A handler that passes the control's value (text fields, dropdowns)."""

        def handler(e: Any) -> None:
            value = getattr(getattr(e, "control", None), "value", None)
            self.model.act(fn, "" if value is None else str(value))
            self._refresh()

        return handler

    def _refresh(self) -> None:
        try:
            self.refresh()
        except Exception:  # never a traceback in the UI
            log.exception("could not redraw the review screen")


# --- small pieces --------------------------------------------------------------


def too_large(t: Translator, limit: int) -> str:
    return t.gettext("That file is too large: the limit is {mb} MB.").format(
        mb=limit // (1024 * 1024)
    )


def _muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def _messages(ctx: ReviewContext) -> list[ft.Control]:
    m = ctx.model
    out: list[ft.Control] = []
    if m.error:
        out.append(_message(m.error))
    if m.note:
        out.append(_message(m.note, "info"))
    if m.undo_game_id is not None:
        out.append(
            ft.OutlinedButton(
                m.t.gettext("Undo delete"), icon=ft.Icons.UNDO, height=TAP,
                on_click=ctx.on(m.undo_delete),
            )
        )  # fmt: skip
    return out


CHIP = 44
_CHIP_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))


def _choice(label: str, selected: bool, handler: Handler) -> ft.Control:
    """A filter or option chip: filled with a check mark when selected."""
    if selected:
        return ft.FilledButton(
            label, icon=ft.Icons.CHECK, height=CHIP, on_click=handler, style=_CHIP_STYLE
        )
    return ft.OutlinedButton(label, height=CHIP, on_click=handler, style=_CHIP_STYLE)


def _chips(items: list[ft.Control]) -> ft.Control:
    return ft.Row(items, wrap=True, spacing=6, run_spacing=6)


def _format_chips(
    ctx: ReviewContext, current: str | None, setter: Callable[..., Any]
) -> ft.Control:
    t = ctx.model.t
    items = [_choice(t.gettext("All formats"), current is None, ctx.on(setter, None))]
    items += [_choice(format_label(t, f), current == f, ctx.on(setter, f)) for f in FORMATS]
    return _chips(items)


def _period_chips(ctx: ReviewContext, current: str, setter: Callable[..., Any]) -> ft.Control:
    t = ctx.model.t
    return _chips([_choice(period_label(t, p), current == p, ctx.on(setter, p)) for p in PERIODS])


#: The review's screens in the menu, in order.
MENU: tuple[str, ...] = ("history", "stats", "players", "settings", "data")


def menu_labels(t: Any) -> dict[str, str]:
    """The menu entries' labels in ``t``'s language (screen -> label)."""
    return {
        "history": t.gettext("History"),
        "stats": t.gettext("Statistics"),
        "players": t.gettext("Players"),
        "settings": t.gettext("Settings"),
        "data": t.gettext("Export and import"),
    }


def menu(ctx: ReviewContext) -> ft.Control:
    """Buttons to move between the review screens (the standalone runner shows it)."""
    m = ctx.model
    labels = menu_labels(m.t)
    return _chips([_choice(labels[key], m.screen == key, ctx.on(m.go, key)) for key in MENU])


# --- history -------------------------------------------------------------------


def _history_card(ctx: ReviewContext, row: HistoryRow, *, deleted: bool = False) -> ft.Control:
    m = ctx.model
    t = m.t
    buttons: list[ft.Control] = []
    if deleted:
        buttons.append(
            ft.FilledButton(
                t.gettext("Restore {title}").format(title=row.title), icon=ft.Icons.RESTORE,
                height=TAP, on_click=ctx.on(m.restore_game, row.id),
            )
        )  # fmt: skip
    else:
        buttons.append(
            ft.FilledButton(
                t.gettext("Open {title}").format(title=row.title), height=TAP,
                on_click=ctx.on(m.go, "game", row.id),
            )
        )  # fmt: skip
        if not row.finished and m.on_resume is not None:
            buttons.append(
                ft.OutlinedButton(
                    t.gettext("Resume"), icon=ft.Icons.PLAY_ARROW, height=TAP,
                    on_click=ctx.on(m.resume, row.id),
                )
            )  # fmt: skip
        buttons.extend(_delete_buttons(ctx, row.id))
    return _box(
        ft.Row(
            [
                ft.Text(row.title, size=18, weight=ft.FontWeight.BOLD, expand=True),
                ft.Text(row.status, size=15, weight=ft.FontWeight.BOLD),
            ],
        ),
        ft.Text(row.score, size=16),
        _muted(row.detail),
        ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
        key=f"game:{row.id}",
    )


def _delete_buttons(ctx: ReviewContext, game_id: str) -> list[ft.Control]:
    m = ctx.model
    t = m.t
    if m.confirm_delete == game_id:
        return [
            ft.FilledButton(
                t.gettext("Yes, delete it"), icon=ft.Icons.DELETE, height=TAP,
                style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                on_click=ctx.on(m.delete_game, game_id),
            ),
            ft.OutlinedButton(t.gettext("Keep it"), height=TAP, on_click=ctx.on(m.cancel)),
        ]  # fmt: skip
    return [
        ft.TextButton(
            t.gettext("Delete"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
            on_click=ctx.on(m.ask_delete, game_id),
        )
    ]  # fmt: skip


def history_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out: list[ft.Control] = _messages(ctx)
    players = m.players(include_hidden=True)
    out.append(_section(t.gettext("Player")))
    chips = [
        _choice(t.gettext("Everyone"), m.filter_player is None, ctx.on(m.set_filter_player, None))
    ]
    chips += [
        _choice(p.name, m.filter_player == p.id, ctx.on(m.set_filter_player, p.id)) for p in players
    ]
    out.append(_chips(chips))
    out.append(_format_chips(ctx, m.filter_format, m.set_filter_format))
    out.append(_period_chips(ctx, m.filter_period, m.set_filter_period))
    out.append(_status_chips(ctx))
    rows = m.history_rows()
    total = m.history_total
    out.append(_muted(t.ngettext("{n} game", "{n} games", total).format(n=total), size=15))
    if not rows:
        out.append(_muted(t.gettext("No games match."), size=16))
    out.extend(_history_card(ctx, r) for r in rows)
    if total > len(rows):
        out.append(_pager(ctx, len(rows), total))
    out.append(
        ft.TextButton(
            t.gettext("Deleted games"), icon=ft.Icons.DELETE_SWEEP, height=TAP,
            on_click=ctx.on(m.go, "deleted"),
        )
    )  # fmt: skip
    return t.gettext("History"), out


def _status_chips(ctx: ReviewContext) -> ft.Control:
    m = ctx.model
    t = m.t
    return _chips(
        [
            _choice(label, m.filter_finished is value, ctx.on(m.set_filter_finished, value))
            for label, value in (
                (t.gettext("All games"), None),
                (t.gettext("In progress"), False),
                (t.gettext("Finished"), True),
            )
        ]
    )


def _pager(ctx: ReviewContext, shown: int, total: int) -> ft.Control:
    """The "Newer" / "Older" buttons and where this page is: the history shows one page
    of :data:`PAGE` games at a time, however long it is."""
    m = ctx.model
    t = m.t
    first = m.history_offset + 1
    return ft.Column(
        [
            _muted(
                t.gettext("Games {first}–{last} of {total}").format(
                    first=first, last=first + shown - 1, total=total
                ),
                size=15,
            ),
            ft.Row(
                [
                    ft.OutlinedButton(
                        t.gettext("Newer games"), icon=ft.Icons.NAVIGATE_BEFORE, height=TAP,
                        disabled=m.history_offset == 0, on_click=ctx.on(m.newer_page),
                    ),
                    ft.OutlinedButton(
                        t.gettext("Older games"), icon=ft.Icons.NAVIGATE_NEXT, height=TAP,
                        disabled=m.history_offset + PAGE >= total, on_click=ctx.on(m.older_page),
                    ),
                ],
                wrap=True, spacing=6, run_spacing=6,
            ),
        ],
        key="history-pager",
    )  # fmt: skip


def deleted_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out = _messages(ctx)
    rows = m.deleted_rows()
    out.append(_muted(t.gettext("Deleted games stay here until you empty the list."), size=15))
    if not rows:
        out.append(_muted(t.gettext("No deleted games."), size=16))
    out.extend(_history_card(ctx, r, deleted=True) for r in rows)
    total = m.deleted_total
    if total > len(rows):
        out.append(
            _muted(
                t.gettext("The {shown} newest of {total} deleted games are shown.").format(
                    shown=len(rows), total=total
                ),
                size=15,
            )
        )
    if rows:
        if m.confirm_empty:
            out.append(
                _box(
                    ft.Text(
                        t.ngettext(
                            "Remove {n} game for good? This can't be undone.",
                            "Remove {n} games for good? This can't be undone.",
                            total,
                        ).format(n=total),
                        size=16,
                    ),
                    ft.Row(
                        [
                            ft.FilledButton(
                                t.gettext("Yes, empty"), icon=ft.Icons.DELETE_FOREVER,
                                height=TAP,
                                style=ft.ButtonStyle(
                                    bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR
                                ),
                                on_click=ctx.on(m.empty_deleted),
                            ),
                            ft.OutlinedButton(
                                t.gettext("Keep them"), height=TAP, on_click=ctx.on(m.cancel)
                            ),
                        ],
                        wrap=True,
                    ),
                    color=ft.Colors.ERROR_CONTAINER,
                )
            )  # fmt: skip
        else:
            out.append(
                ft.OutlinedButton(
                    t.gettext("Empty deleted games"), icon=ft.Icons.DELETE_FOREVER,
                    height=TAP, on_click=ctx.on(m.ask_empty),
                )
            )  # fmt: skip
    return t.gettext("Deleted games"), out


# --- one game, read-only -----------------------------------------------------------


def _cell(text: str, *, bold: bool = False, mark: bool = False, size: int = 16) -> ft.Control:
    return ft.Container(
        ft.Text(
            text,
            size=size,
            weight=ft.FontWeight.BOLD if bold or mark else None,
            color=ft.Colors.PRIMARY if mark else None,
            text_align=ft.TextAlign.CENTER,
            no_wrap=True,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
        expand=True,
        alignment=ft.Alignment.CENTER,
    )


def _sheet_table(v: GameView) -> ft.Control:
    num_w = 30
    hollywood = v.format == "hollywood"
    rows: list[ft.Control] = []
    if hollywood:
        heads: list[ft.Control] = [ft.Container(width=num_w)]
        for c in v.columns:
            lines: list[ft.Control] = [
                ft.Text(
                    c.title,
                    size=14,
                    weight=ft.FontWeight.BOLD,
                    no_wrap=True,
                    text_align=ft.TextAlign.CENTER,
                ),
            ]
            if c.closed and c.winner:
                lines.append(
                    ft.Text(
                        f"✓ {c.winner}",
                        size=13,
                        no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        text_align=ft.TextAlign.CENTER,
                    )
                )
            heads.append(
                ft.Container(
                    ft.Column(lines, spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                    expand=len(v.players), alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if c.closed else None,
                    border_radius=6, padding=ft.Padding.symmetric(vertical=2),
                )
            )  # fmt: skip
        rows.append(ft.Row(heads, spacing=2))
    names = list(v.players) * (len(v.columns) if hollywood else 1)
    size = 13 if hollywood else 16
    rows.append(
        ft.Row(
            [ft.Container(ft.Text("#", size=14), width=num_w)]
            + [_cell(n, bold=True, size=size) for n in names],
            spacing=2,
        )
    )
    rows.append(ft.Divider(height=1))
    for r in v.rows:
        parts: list[ft.Control] = [
            ft.Row(
                [ft.Container(ft.Text(str(r.number), size=14), width=num_w)]
                + [_cell(c, mark=s, size=size) for c, s in zip(r.cells, r.scored, strict=True)],
                spacing=2,
            ),
            ft.Text(r.text, size=14),
            _muted(r.dealer, size=13),
        ]
        if r.breakdown:
            parts.append(_muted(" · ".join(r.breakdown), size=13))
        rows.append(
            ft.Container(
                ft.Column(parts, spacing=1, tight=True),
                key=f"hand{r.number}",
                padding=ft.Padding.symmetric(vertical=6, horizontal=2),
            )
        )
    rows.append(ft.Divider(height=1))
    rows.append(
        ft.Row(
            [ft.Container(ft.Text("Σ", size=15, weight=ft.FontWeight.BOLD), width=num_w)]
            + [_cell(x, bold=True, size=size + 2) for x in v.totals],
            spacing=2,
        )
    )
    return _box(*rows)


def _scale(top: int) -> tuple[int, int]:
    """A chart's top and grid step: round numbers, about four lines.

    >>> _scale(120), _scale(100), _scale(7), _scale(1234)
    ((150, 50), (100, 25), (8, 2), (1500, 500))
    """
    raw = max(top, 4) / 4
    magnitude = 10 ** (len(str(int(raw))) - 1)
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    step_i = max(1, int(step))
    return -(-max(top, 1) // step_i) * step_i, step_i


def race_chart(race: ScoreRace, t: Any, *, compact: bool = False) -> list[ft.Control]:
    """One line chart per column (Hollywood: three small panels)."""
    out: list[ft.Control] = []
    many = len(race.columns) > 1
    for col in race.columns:
        top, step = _scale(max([race.target] + [y for ln in col.lines for _, y in ln.points]))
        span = max(col.end - col.start, 1)
        series = [
            fch.LineChartData(
                points=[fch.LineChartDataPoint(x, y) for x, y in ln.points],
                color=LINE_COLORS[i % len(LINE_COLORS)],
                stroke_width=3,
            )
            for i, ln in enumerate(col.lines)
        ]
        chart = fch.LineChart(
            data_series=series,
            min_x=col.start,
            max_x=col.start + span,
            min_y=0,
            max_y=top,
            height=150 if many or compact else 220,
            expand=True,
            interactive=False,
            left_axis=fch.ChartAxis(label_size=40, label_spacing=step),
            # room for the labels' whole height (22 px cut the digits' lower half)
            bottom_axis=fch.ChartAxis(label_size=32, label_spacing=max(1, -(-span // 8))),
            horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5),
            vertical_grid_lines=fch.ChartGridLines(interval=span + 1, width=0),
        )
        title = t.gettext("Game {n}").format(n=col.index + 1) if many else t.gettext("Score race")
        out.append(
            ft.Semantics(
                label=t.gettext("Score race chart: {title}").format(title=title),
                container=True,
                content=ft.Column(
                    [
                        ft.Text(title, size=14, weight=ft.FontWeight.BOLD),
                        # room for the top label above the chart and the last one
                        # beside it (both are centred on their grid line)
                        ft.Container(chart, padding=ft.Padding.only(top=10, right=20)),
                    ],
                    spacing=4,
                ),
            )
        )
    legend: list[ft.Control] = [
        ft.Row(
            [ft.Container(width=16, height=4, bgcolor=LINE_COLORS[i % len(LINE_COLORS)]),
             ft.Text(ln.name, size=14)],
            spacing=6, tight=True,
        )
        for i, ln in enumerate(race.columns[0].lines)
    ] if race.columns else []  # fmt: skip
    out.append(ft.Row(legend, wrap=True, spacing=14))
    return out


def wins_chart(bars: list[Bar], t: Any) -> ft.Control:
    # whole numbers on the axis, one label per step (a fractional default
    # spacing gave labels like 0.2 that wrapped when the most wins was 1)
    top, step = _scale(max([b.wins for b in bars] + [1]))
    groups = [
        fch.BarChartGroup(
            x=i,
            rods=[
                fch.BarChartRod(
                    to_y=b.wins,
                    width=26 if len(bars) <= 5 else 14,
                    color=ft.Colors.PRIMARY,
                    tooltip=f"{b.name}: {b.wins}",
                )
            ],
        )
        for i, b in enumerate(bars)
    ]
    chart = fch.BarChart(
        groups=groups,
        max_y=top,
        height=200,
        expand=True,
        bottom_axis=fch.ChartAxis(
            labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(b.name, size=12, no_wrap=True))
                for i, b in enumerate(bars)
            ],
            label_size=28,
        ),
        left_axis=fch.ChartAxis(label_size=30, label_spacing=step),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5),
    )
    return ft.Semantics(
        label=t.gettext("Games won per player"),
        container=True,
        content=ft.Column(
            [ft.Text(t.gettext("Games won"), size=16, weight=ft.FontWeight.BOLD), chart]
        ),
    )


def game_review_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out: list[ft.Control] = _messages(ctx)
    v = m.game_view()
    out.append(
        _box(
            ft.Text(v.status, size=20, weight=ft.FontWeight.BOLD),
            _muted(t.gettext("Read only: open the game from the home screen to change it.")),
            color=ft.Colors.SECONDARY_CONTAINER,
        )
    )
    out.append(_sheet_table(v))
    if v.rows:
        out.extend(race_chart(m.race(), t))
    buttons: list[ft.Control] = []
    if not v.finished and not v.deleted and m.on_resume is not None:
        buttons.append(
            ft.FilledButton(
                t.gettext("Resume"), icon=ft.Icons.PLAY_ARROW, height=TAP,
                on_click=ctx.on(m.resume, v.game_id),
            )
        )  # fmt: skip
    buttons.append(
        ft.OutlinedButton(
            t.gettext("Export score sheet (CSV)"), icon=ft.Icons.DOWNLOAD, height=TAP,
            on_click=ctx.download(m.download_csv, v.game_id) if ctx.web
            else ctx.on(m.export_csv, v.game_id),
        )
    )  # fmt: skip
    if not v.deleted:
        buttons.extend(_delete_buttons(ctx, v.game_id))
    out.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return v.title, out


# --- statistics ------------------------------------------------------------------------


def _stats_card(card: StatsCard, key: str) -> ft.Control:
    rows: list[ft.Control] = [ft.Text(card.title, size=18, weight=ft.FontWeight.BOLD)]
    if len(card.players) > 1:
        rows.append(
            ft.Row(
                [ft.Container(expand=3)]
                + [
                    ft.Text(p, size=14, weight=ft.FontWeight.BOLD, expand=2,
                            text_align=ft.TextAlign.RIGHT)
                    for p in card.players
                ],
            )
        )  # fmt: skip
    for r in card.rows:
        rows.append(
            ft.Semantics(
                label=f"{card.title}: {r.label} " + " · ".join(r.values),
                container=True,
                content=ft.Row(
                    [cast(ft.Control, ft.Text(r.label, size=15, expand=3))]
                    + [
                        ft.Text(v, size=15, weight=ft.FontWeight.BOLD, expand=2,
                                text_align=ft.TextAlign.RIGHT)
                        for v in r.values
                    ],
                ),
            )
        )  # fmt: skip
    return _box(*rows, key=key)


def stats_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out: list[ft.Control] = _messages(ctx)
    out.append(_format_chips(ctx, m.stats_format, m.set_stats_format))
    out.append(_period_chips(ctx, m.stats_period, m.set_stats_period))
    stats = m.statistics()
    out.append(
        _muted(
            t.gettext("{games} · {hands}").format(
                games=t.ngettext("{n} game", "{n} games", stats.games).format(n=stats.games),
                hands=t.ngettext("{n} hand", "{n} hands", stats.hands).format(n=stats.hands),
            ),
            size=15,
        )
    )
    if not stats.players:
        out.append(_muted(t.gettext("No games yet for these filters."), size=16))
        return t.gettext("Statistics"), out
    out.append(wins_chart(m.bars(stats), t))
    # each player's and pair's figures on demand (a tap opens them): the
    # screen stays small however many players and pairs there are
    out.append(_section(t.gettext("Per player")))
    for p in stats.players.values():
        key = f"player:{p.player}"
        title = t.gettext("{name}: {won} of {played} games won").format(
            name=p.name, won=p.games_won, played=p.games_played
        )
        out.append(_detail_toggle(ctx, key, title))
        if key in m.stats_open:
            out.append(_stats_card(m.player_card(p), key))
    pairs = stats.pairs()
    if pairs:
        out.append(_section(t.gettext("Head to head")))
        for h in pairs:
            key = f"pair:{h.first.player}:{h.second.player}"
            title = t.gettext("{first} v {second}").format(first=h.first.name, second=h.second.name)
            out.append(_detail_toggle(ctx, key, title))
            if key in m.stats_open:
                out.append(_stats_card(m.head_to_head_card(h), key))
    return t.gettext("Statistics"), out


def _detail_toggle(ctx: ReviewContext, key: str, title: str) -> ft.Control:
    """A button that opens (or closes) one player's or pair's figures."""
    m = ctx.model
    opened = key in m.stats_open
    label = (m.t.gettext("Hide {what}") if opened else m.t.gettext("Show {what}")).format(
        what=title
    )
    return ft.TextButton(
        label,
        icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
        height=TAP,
        on_click=ctx.on(m.toggle_stats_detail, key),
        key=f"open:{key}",
    )


# --- players -----------------------------------------------------------------------


def players_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out: list[ft.Control] = _messages(ctx)
    players = m.players(include_hidden=True)
    if not players:
        out.append(_muted(t.gettext("No players yet."), size=16))
    merging = m.merge_from
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
                                     on_click=ctx.on(m.start_merge_cancel)))  # fmt: skip
    if m.confirm_merge is not None:
        keep, drop = m.confirm_merge
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
                                        on_click=ctx.on(m.merge_players, keep, drop)),
                        ft.OutlinedButton(t.gettext("Cancel"), height=TAP,
                                          on_click=ctx.on(m.cancel)),
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
            + ([_muted(t.gettext("hidden"))] if p.hidden else []),
        )
        items.append(head)
        if m.editing_player == p.id:
            field = ft.TextField(
                label=t.gettext("New name for {name}").format(name=p.name),
                value=p.name, autofocus=True, text_size=18,
            )  # fmt: skip

            def submit(e: Any = None, pid: str = p.id, f: ft.TextField = field) -> None:
                # Enter carries the text; the field's own change may reach us after it
                typed = e.data if getattr(e, "control", None) is f else f.value
                m.act(m.rename_player, pid, typed or "")
                ctx._refresh()

            field.on_submit = submit
            items.append(field)
            items.append(
                ft.Row(
                    [
                        ft.FilledButton(t.gettext("Save name"), height=TAP, on_click=submit),
                        ft.OutlinedButton(t.gettext("Cancel"), height=TAP,
                                          on_click=ctx.on(m.edit_player, None)),
                    ],
                    wrap=True,
                )
            )  # fmt: skip
        elif merging is not None and merging != p.id:
            items.append(
                ft.FilledButton(t.gettext("Merge into {name}").format(name=p.name), height=TAP,
                                on_click=ctx.on(m.ask_merge, p.id))
            )  # fmt: skip
        else:
            items.append(
                ft.Row(
                    [
                        ft.OutlinedButton(
                            t.gettext("Rename {name}").format(name=p.name), icon=ft.Icons.EDIT,
                            height=TAP, on_click=ctx.on(m.edit_player, p.id),
                        ),
                        ft.OutlinedButton(
                            (t.gettext("Show {name}") if p.hidden else t.gettext("Hide {name}"))
                            .format(name=p.name),
                            icon=ft.Icons.VISIBILITY if p.hidden else ft.Icons.VISIBILITY_OFF,
                            height=TAP, on_click=ctx.on(m.set_hidden, p.id, not p.hidden),
                        ),
                        ft.OutlinedButton(
                            t.gettext("Merge {name}…").format(name=p.name),
                            icon=ft.Icons.MERGE, height=TAP,
                            on_click=ctx.on(m.start_merge, p.id),
                        ),
                    ],
                    wrap=True, spacing=6, run_spacing=6,
                )
            )  # fmt: skip
        out.append(_box(*items, key=f"player:{p.id}"))
    out.append(
        _muted(t.gettext("Hidden players keep their history but are left out of new games."))
    )
    return t.gettext("Players"), out


# --- settings -----------------------------------------------------------------------


def settings_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    s = m.settings
    out: list[ft.Control] = _messages(ctx)
    out.append(_section(t.gettext("Language")))
    langs = [
        _choice(t.gettext("System ({name})").format(name=LANGUAGES[s.language_code])
                if s.language is None else t.gettext("System"),
                s.language is None, ctx.on(m.set_language, None))
    ] + [
        _choice(name, s.language == code, ctx.on(m.set_language, code))
        for code, name in LANGUAGES.items()
    ]  # fmt: skip
    out.append(_chips(langs))
    out.append(_section(t.gettext("Theme")))
    theme_labels = {
        "system": t.gettext("System theme"),
        "light": t.gettext("Light"),
        "dark": t.gettext("Dark"),
    }
    out.append(
        _chips([_choice(theme_labels[k], s.theme == k, ctx.on(m.set_theme, k)) for k in THEMES])
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
    out.append(_section(t.gettext("New games")))
    out.append(_muted(t.gettext("Format")))
    out.append(
        _chips(
            [
                _choice(
                    format_label(t, f), s.format == f, ctx.on(m.update_settings_one, "format", f)
                )
                for f in FORMATS
            ]
        )
    )
    out.append(_muted(t.gettext("Rules")))
    presets = {key: t.gettext(label) for key, label in PRESET_LABELS.items()}  # as in New game
    out.append(
        _chips(
            [
                _choice(label, s.preset == key, ctx.on(m.update_settings_one, "preset", key))
                for key, label in presets.items()
            ]
        )
    )
    out.append(_muted(t.gettext("Target")))
    targets: list[int | None] = [None, 100, 150, 250]
    out.append(
        _chips(
            [
                _choice(
                    t.gettext("Preset default") if v is None else str(v),
                    s.target == v,
                    ctx.on(m.update_settings_one, "target", v),
                )
                for v in targets
            ]
        )
    )
    out.append(
        ft.Switch(
            label=t.gettext("Big gin"), value=s.big_gin,
            on_change=ctx.on(m.update_settings_one, "big_gin", not s.big_gin),
        )
    )  # fmt: skip
    out.append(
        ft.Switch(
            label=t.gettext("Rolling Hollywood sheet"), value=s.hollywood_rolling,
            on_change=ctx.on(m.update_settings_one, "hollywood_rolling", not s.hollywood_rolling),
        )
    )  # fmt: skip
    out.append(_section(t.gettext("Your data")))
    out.append(_muted(t.gettext("Games are kept in this folder:"), size=15))
    out.append(ft.Text(str(m.data_dir), size=15, selectable=True))
    out.append(
        ft.FilledButton(
            t.gettext("Back up now"), icon=ft.Icons.BACKUP, height=TAP,
            on_click=ctx.on(m.backup_now),
        )
    )  # fmt: skip
    return t.gettext("Settings"), out


# --- export and import ------------------------------------------------------------------


def data_screen(ctx: ReviewContext) -> Screen:
    m = ctx.model
    t = m.t
    out: list[ft.Control] = _messages(ctx)
    out.append(_section(t.gettext("Export")))
    if ctx.web:  # a download, into this device's downloads
        out.append(_muted(t.gettext("The export file goes to this device's downloads."), 15))
        export = ctx.download(m.download_all)
    else:
        out.append(
            _muted(t.gettext("Exports are saved in {folder}").format(folder=str(m.exports_dir)), 15)
        )
        export = ctx.on(m.export_all)
    out.append(
        ft.FilledButton(
            t.gettext("Export all games"), icon=ft.Icons.UPLOAD_FILE, height=TAP,
            on_click=export,
        )
    )  # fmt: skip
    out.append(_section(t.gettext("Import")))
    if ctx.file_picker is not None:
        out.append(
            ft.FilledButton(
                t.gettext("Choose an export file…"), icon=ft.Icons.FOLDER_OPEN, height=TAP,
                action=ft.PickFiles(
                    ctx.file_picker, file_type=ft.FilePickerFileType.CUSTOM,
                    allowed_extensions=["json"], with_data=False,
                ),
            )
        )  # fmt: skip
    if ctx.web or not m.allow_paths:
        # A browser uploads the file: no path on the server is ever typed here.
        out.append(
            _muted(
                t.gettext("Up to {mb} MB; games already here are not added twice.").format(
                    mb=ctx.inbox.limit // (1024 * 1024)
                ),
                15,
            )
        )
        return t.gettext("Export and import"), out
    if ctx.file_picker is not None:
        out.append(_muted(t.gettext("Or type or paste the path of an export file."), 15))
    else:
        out.append(_muted(t.gettext("Type or paste the path of an export file."), 15))
    field = ft.TextField(
        label=t.gettext("Export file path"), value=m.import_path, text_size=16,
        on_change=lambda e: setattr(m, "import_path", e.control.value or ""),
    )  # fmt: skip

    def do_import(_: Any = None) -> None:
        m.import_path = field.value or ""
        m.act(m.import_file)
        ctx._refresh()

    field.on_submit = do_import
    out.append(field)
    out.append(
        ft.FilledButton(t.gettext("Import"), icon=ft.Icons.DOWNLOAD, height=TAP,
                        on_click=do_import)
    )  # fmt: skip
    files = m.export_files()
    if files:
        out.append(_muted(t.gettext("Files in the exports folder:"), 15))
        for f in files[:10]:
            out.append(
                ft.TextButton(
                    f.name, height=TAP,
                    on_click=ctx.on(m.set_import_path, str(f)),
                )
            )  # fmt: skip
    return t.gettext("Export and import"), out


BUILDERS: dict[str, Callable[[ReviewContext], Screen]] = {
    "history": history_screen,
    "deleted": deleted_screen,
    "game": game_review_screen,
    "stats": stats_screen,
    "players": players_screen,
    "settings": settings_screen,
    "data": data_screen,
}


def render_screen(ctx: ReviewContext) -> Screen:
    """The current screen of ``ctx.model``; a failure shows the history with a message."""
    m = ctx.model
    try:
        return BUILDERS[m.screen](ctx)
    except Exception:
        log.exception("could not draw the review screen %s", m.screen)
        m.screen = "history"
        m.error = m.t.gettext("Sorry, that page could not be shown.")
        try:
            return history_screen(ctx)
        except Exception:
            log.exception("could not draw the history")
            return m.t.gettext("History"), [_message(m.error)]
