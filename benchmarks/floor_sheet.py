"""The floor for ``bench_app.py``'s save and undo: a minimal Flet app making
the same moves as the score sheet, written the plain Flet way.

    FLOOR_HANDS=200 FLET_FORCE_WEB_SERVER=1 python benchmarks/floor_sheet.py --port 8551

A list of ``FLOOR_HANDS`` lines, each a tappable row named "Edit hand i" with
a few texts; "Enter hand" shows a small form as a layer over the list, and its
"Save hand" appends a line and shows the list again; "Undo last hand" removes
the last line.  The lines are the server's, shared by every session as a
store's would be: a change made in one session is sent to the others
(Flet's pubsub), which append or remove the line too.  Each change updates
only the list (or the form and the list), so Flet sends what changed.

With ``FLOOR_LIST=1`` the lines are a ``ListView`` filling the window (the
browser builds only the lines in view, as it does the app's sheet) that
follows its end, under the two buttons; otherwise a column of all the lines
in the page's scroll.  ``FLOOR_GUARD=1``: the list is disabled while the
form is over it (no Tab or Enter reaches a line); ``FLOOR_HIDE=1``: it is
left out of the accessibility tree meanwhile (no screen reader reads it),
both as the app's sheet must be (layers.py).

Served in web mode on 127.0.0.1 with ``no_cdn``, as the app is; ``--data-dir``
is accepted (and ignored) so that ``tests.support.browser.Server`` starts it.
"""

from __future__ import annotations

import argparse
import os

import flet as ft

#: (hand number, Ann's points, Bob's points), shared by every session
LINES: list[tuple[int, int, int]] = [
    (i, 7 + i % 20 if i % 2 else 0, 0 if i % 2 else 7 + i % 20)
    for i in range(1, int(os.environ.get("FLOOR_HANDS", "200")) + 1)
]


def main(page: ft.Page) -> None:
    page.title = "Floor"
    listed = os.environ.get("FLOOR_LIST") == "1"
    guard = os.environ.get("FLOOR_GUARD") == "1"
    # and out of the accessibility tree while covered, as the app's sheet
    # (layers.py): a screen reader would otherwise read the lines under the form
    hide = os.environ.get("FLOOR_HIDE") == "1"
    page.scroll = None if listed else ft.ScrollMode.AUTO

    def line(number: int, ann: int, bob: int) -> ft.Control:
        return ft.Container(
            ft.Column(
                [
                    ft.Row([ft.Text(str(number)), ft.Text(f"Ann {ann}"), ft.Text(f"Bob {bob}")]),
                    ft.Text(f"knocked: +{ann or bob}", size=13),
                ],
                spacing=0,
                tight=True,
            ),
            padding=6,
            ink=True,
            tooltip=f"Edit hand {number}",
            on_click=lambda _: show_form(),
        )

    lines: ft.Column | ft.ListView = (
        ft.ListView([line(*hand) for hand in LINES], expand=True, auto_scroll=True)
        if listed
        else ft.Column([line(*hand) for hand in LINES], spacing=0)
    )
    form = ft.Container(
        ft.Column(
            [
                ft.Text("Hand · Ann v Bob", size=20),
                ft.Text("Ann knocked (2 v 9): Ann +7"),
                ft.FilledButton("Save hand", on_click=lambda _: save()),
            ]
        ),
        bgcolor=ft.Colors.SURFACE,
        padding=20,
        expand=True,
        visible=False,
    )
    page.overlay.append(form)
    hidden = ft.Semantics(content=lines, exclude_semantics=False, expand=listed) if hide else None
    shown = lines if hidden is None else hidden

    def cover(under: bool) -> None:
        """The list under the form (``under``), or shown again."""
        if guard:
            lines.disabled = under
        if hidden is not None:
            hidden.exclude_semantics = under

    def show_form() -> None:
        form.visible = True
        if guard or hide:
            cover(True)
            page.update()
        else:
            form.update()

    def save() -> None:
        number = len(LINES) + 1
        LINES.append((number, 7, 0))
        lines.controls.append(line(*LINES[-1]))
        form.visible = False
        cover(False)
        page.update()
        page.pubsub.send_others(len(LINES))

    def undo() -> None:
        if LINES:
            LINES.pop()
            lines.controls.pop()
            lines.update()
            page.pubsub.send_others(len(LINES))

    def follow(count: object) -> None:
        """Another session changed the lines: catch up with the shared list."""
        del lines.controls[len(LINES) :]
        lines.controls.extend(line(*hand) for hand in LINES[len(lines.controls) :])
        lines.update()

    page.pubsub.subscribe(follow)
    page.add(
        ft.Row(
            [
                ft.FilledButton("Enter hand", on_click=lambda _: show_form()),
                ft.OutlinedButton("Undo last hand", on_click=lambda _: undo()),
            ]
        ),
        shown,
    )


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--data-dir", help="ignored (the floor keeps nothing)")
    args = p.parse_args()
    ft.run(main, host="127.0.0.1", port=args.port, view=ft.AppView.WEB_BROWSER, no_cdn=True)
