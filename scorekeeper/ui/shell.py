"""What a screen may ask of the app that shows it: the page, the models,
and handlers that act and redraw.

The screens (``home_view``, ``sheet_view``, ``hand_view``...) are given the
app as a :class:`Shell` and never import it: the app imports its screens,
not the other way round, so there is no import cycle between them, not
even one for the type checker.  :class:`~scorekeeper.ui.app.GinApp` is the
one shell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import flet as ft

    from .layers import Layers
    from .live import Live
    from .review import ReviewContext, ReviewModel
    from .state.model import AppModel
    from .widgets import Handler


class Shell(Protocol):
    """The app around a screen (see the module's docstring)."""

    @property
    def page(self) -> ft.Page: ...

    @property
    def model(self) -> AppModel:
        """The game side's state: the screen, the game, the forms."""

    @property
    def review(self) -> ReviewModel:
        """The review side's state (history, statistics, settings...)."""

    @property
    def review_ctx(self) -> ReviewContext: ...

    @property
    def base(self) -> tuple[str, Any]:
        """The (screen, game) drawn in the view: "sheet" also while the hand
        form is open over the sheet."""

    def on(self, fn: Callable[..., Any], *args: Any) -> Handler:
        """An event handler that runs a model action, then redraws."""

    def render(self) -> None:
        """Redraw from the models."""

    def after_drawn(self, notice: Callable[[], None]) -> None:
        """Show ``notice`` once the browser has drawn the sheet just sent."""

    def open_review(self, key: str) -> Handler:
        """A handler that shows the review screen ``key`` (history...)."""

    def show_all_unfinished(self, _: Any = None) -> None:
        """The history, filtered to the games in progress."""

    def on_loop(self) -> bool:
        """Whether the session runs on a browser's event loop (the in-process
        tests have none: nothing is waited for there)."""

    def undo_handler(self, revision: int | None) -> Handler:
        """Undo the last hand (based on ``revision``), offering it back."""


class SheetSide(Protocol):
    """The sheet, as the app's own parts see it (``screens.sheet_view.SheetView``)."""

    #: The bar under the sheet and its height, if one is drawn.
    bottom: tuple[ft.Control, float] | None

    async def drawn(self, timeout: float = 5.0) -> bool:
        """Wait for the browser's report that the sheet just sent is drawn."""

    def tell(self, text: str) -> None:
        """A short notice over the sheet (another device's change)."""


class Host(Shell, Protocol):
    """The app as its own parts (``scrolling``, ``live_view``) see it: the
    shell, and the view, its layers and the sheet they scroll and mark."""

    view: ft.View
    layers: Layers
    live: Live | None
    #: The session ended: nothing more is drawn.
    closed: bool

    @property
    def sheet(self) -> SheetSide: ...
