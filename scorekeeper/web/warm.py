"""What the first taps import, imported while the player looks at home.

Flet imports a control's module the first time the app names the control
(the module ``__getattr__`` of ``flet/__init__.py``).  The home screen does
not draw these; the first taps do, so their handlers paid for the imports
(bench_phone: the first tap on New game took 37 ms in its handler, a
second one 19 ms).  The phone build imports them in the worker once home is
drawn, one a turn of the event loop, so a tap that comes meanwhile waits
for one import at most.

>>> import asyncio
>>> async def demo():
...     async def drawn(): pass
...     return await warm_up(drawn, ("json", "not.a.module"))
>>> asyncio.run(demo())
['json']
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Awaitable, Callable, Iterable

log = logging.getLogger(__name__)

#: The modules the first taps import that the start does not, kept in this
#: one place: New game's form (a row of chips, the name field, the tonal
#: buttons, the switches) and a game's sheet (its list, its dividers).
#: tests/web/test_warm_up.py taps New game, then a game's sheet and a saved
#: hand, on an in-process page, and fails when one of them imports a module
#: this list lacks.
FIRST_TAPS = (
    "flet.controls.core.row",
    "flet.controls.material.textfield",  # the new players' names
    "flet.controls.material.filled_tonal_button",
    "flet.controls.material.switch",
    "flet.controls.material.divider",
    "flet.controls.core.list_view",
)


async def warm_up(
    drawn: Callable[[], Awaitable[None]], modules: Iterable[str] = FIRST_TAPS
) -> list[str]:
    """Once ``drawn()`` has returned (home's frames are on their way to the
    page), import ``modules``; return those imported."""
    await asyncio.sleep(0)  # flet's own update after the app's main goes first
    await drawn()
    done: list[str] = []
    for name in modules:
        await asyncio.sleep(0)  # a tap that came meanwhile goes first
        try:
            importlib.import_module(name)
        except ImportError as exc:  # a newer flet moved it: the tap imports what it needs
            log.warning("warm-up: %s", exc)
            continue
        done.append(name)
    return done
