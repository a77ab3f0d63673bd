"""The score sheet and the hand form, drawn over each other in one view.

The hand form opens over the sheet it adds a line to, and saving it shows
the sheet again.  Two views would make the new score wait for Flutter's
route transition (300 ms after each save, whatever the theme), so both are
in the one view.  But a control hidden with ``visible=False`` is not built
in the browser at all: showing the sheet again rebuilt every line of it,
which on a 200-hand sheet cost more than the transition it replaced.

So the sheet stays built under the form, on a layer of its own: at opacity 0
(not painted), left out of the accessibility tree, and covered by the form's
layer, whose background takes the taps.  Only two values of the sheet's
layer change, never its shape: a wrapper added or removed above the sheet
would rebuild everything under it too.  Each layer scrolls by itself, so
the sheet keeps its place while the form is open.

Opacity 0 is what keeps the sheet wholly out of the accessibility tree:
with the form's opaque background and ``exclude_semantics`` alone, an
empty node as large as the sheet's list was sometimes placed over the
form's buttons, and a tap on "Quick" reached it instead (the form opened
at its address: test_form_viewport, and 2 runs in 3 by hand).

The layer's opacity is animated (over 0 ms: it changes at once) so that
the browser wraps the sheet in the same widget whatever the opacity.  A
plain opacity of 1 is Flet's default, not sent: the browser drew the layer
with no opacity widget at all and added one as the form first opened, so
the whole sheet was built anew under it, back at its first line (a
cancelled form left a sheet scrolled to its end at hand 1), and the save
then laid out every line of the game to reach the end again: 370 ms from
Save to the new line on a 200-hand sheet, 78 ms with the wrapper kept.

The form's layer stays in the stack as well, hidden while no hand is
entered (``visible=False``: not built in the browser), and the last form
stays in it.  Taking the form out on each save made Flet walk its ~90
controls as removed (3-4 ms of a 12 ms save on the server, more in a
phone's Python), and the whole form went out again at the next hand
(8.6 KB); kept, the next form is matched with the last by key and only
what differs is sent (2.4 KB).

Still, the browser builds the sheet's layer again when the form opens and
closes (its opacity and ``disabled`` change, and every control under it
reads ``disabled``): so the sheet is a list whose lines are built only as
they come into view (sheet_view.SheetFrame), and that rebuild costs the
lines on screen, not every line of the game.

The bottom bar is shared the same way (:class:`BottomBar`): the sheet's
results stay in it, hidden, under the form's Save.
"""

from __future__ import annotations

import flet as ft

from .components import descendants


class Layers:
    """The stack of the sheet and, over it while a hand is entered, the form.

    Everything here is built anew for each sheet (each :class:`SheetFrame`,
    keyed anew), never matched with an earlier sheet's: Flet marks a matched
    control frozen, and a frozen layer would never again send its changes.
    """

    def __init__(self) -> None:
        self._sheet: ft.Control | None = None
        self.stack = ft.Stack()
        #: The form's own scroll (a new form opens at its top: app.py).
        self.form = ft.Column()
        #: The sheet's own scroll: the sheet itself (sheet_view.SheetFrame's list).
        self.sheet_scroll: ft.ListView | ft.Column = ft.Column()
        self._sheet_layer = ft.Container()
        self._semantics = ft.Semantics()
        self._form_layer = ft.Container()

    def show(
        self, sheet: ft.Control, scroll: ft.ListView, form: ft.Control | None = None
    ) -> ft.Stack:
        """The stack showing ``sheet`` (which scrolls in ``scroll``), or
        ``form`` over it (the sheet unseen)."""
        if sheet is not self._sheet:
            self._build(sheet, scroll)
        under = form is not None
        self._sheet_layer.opacity = 0.0 if under else 1.0
        # nor can a key reach it: Tab from the form's last field would stop
        # on a sheet button unseen under it, and the Enter that saves would
        # press that button too (the table view opened after a save); Flet
        # 1.0.5 has no other way (no ExcludeFocus or focus scope): a test in
        # test_sheet_layers reproduces it in a minimal app, and bench_app's
        # FLOOR_GUARD floor measures what the guard costs there
        self._sheet_layer.disabled = under
        self._semantics.exclude_semantics = under
        # the last form stays, hidden, to be patched into the next (above)
        if form is not None:
            self.form.controls = [form]
        self._form_layer.visible = under
        self.stack.controls = [self._sheet_layer, self._form_layer]
        return self.stack

    def first_button(self) -> _Focusable | None:
        """The form's first button, to take the keyboard's focus as the form
        opens.  The sheet under it takes none (disabled), so without it Tab
        (the form's key for the other count) moves the focus from nowhere to
        the first control of the page, Back, and the Enter that saves presses
        Back too; from a button of the form it moves to another of the form,
        which the same Enter then presses on a form already closed (nothing)."""
        for c in descendants(self.form, shown=True):
            if isinstance(c, _BUTTONS) and not c.disabled:
                return c
        return None

    def _build(self, sheet: ft.Control, scroll: ft.ListView) -> None:
        self._sheet = sheet
        k = sheet.key
        self.sheet_scroll = scroll
        self._semantics = ft.Semantics(content=sheet, exclude_semantics=False)
        # an opacity widget added only to hide the sheet would be a new
        # wrapper, and the sheet under it rebuilt: animated, it is there
        # whatever the opacity (1 is the default, not sent: see above)
        self._sheet_layer = _filling(
            ft.Container(
                self._semantics,
                opacity=1.0,
                animate_opacity=ft.Animation(0),
                disabled=False,
                key=f"layer:{k}",
            )
        )
        self.form = ft.Column(scroll=ft.ScrollMode.AUTO, key=f"form:{k}")
        # its background takes the taps, which would reach the sheet's lines
        self._form_layer = _filling(
            ft.Container(self.form, bgcolor=ft.Colors.SURFACE, key=f"form-layer:{k}")
        )
        self.stack = ft.Stack(expand=True, key=f"layers:{k}")


#: Controls that can take the keyboard's focus without opening a phone's
#: keyboard (a text field would).
_Focusable = ft.Button | ft.OutlinedButton | ft.TextButton | ft.IconButton
_BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton)


class BottomBar:
    """The view's one bottom bar: the sheet's one-tap results or, while a
    hand is entered, the form's score and Save.

    Flet sends a bar put in another's place whole, the results with it
    (1.5 KB after each save); here each part stays in the bar, the one not
    shown hidden, and only what changed in a part is sent.  Each part is a
    one-control list, so that a part drawn anew (the form's, on each tap)
    is matched with the last by key and patched."""

    def __init__(self) -> None:
        self._sheet = ft.Column(spacing=0, tight=True, key="bar:sheet")
        self._form = ft.Column(spacing=0, tight=True, key="bar:form")
        self.bar = ft.BottomAppBar(
            content=ft.Column([self._sheet, self._form], spacing=0, tight=True),
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )

    def show(
        self, sheet: tuple[ft.Control, float] | None, form: tuple[ft.Control, float] | None
    ) -> ft.BottomAppBar | None:
        """The bar showing ``form`` (its content and height), else ``sheet``;
        None if neither.  ``sheet`` is kept under the form (or left as it
        was, if None there)."""
        shown = form or sheet
        if shown is None:
            self._sheet.controls = []
            return None
        if sheet is not None and (
            not self._sheet.controls or self._sheet.controls[0] is not sheet[0]
        ):
            self._sheet.controls = [sheet[0]]
        self._form.controls = [form[0]] if form is not None else []
        self._sheet.visible = form is None
        self._form.visible = form is not None
        self.bar.height = shown[1]
        return self.bar


def _filling(layer: ft.Container) -> ft.Container:
    """``layer`` placed to fill the stack."""
    layer.left = layer.top = layer.right = layer.bottom = 0
    return layer
