"""When to log a refusal: at most one line a minute for each key (an
address), carrying how many came since, with the keys remembered bounded.

A stranger's flood (wrong codes, wrong host links, connections over the
bounds) must not flood the log too.  Used by the LAN join gate
(:mod:`.join`), the web gate (:mod:`.gate`) and the server's connection
bounds (:mod:`.server_limits`).  No flet here.

>>> now = [0.0]
>>> t = LogThrottle(every=60.0, keep=2, clock=lambda: now[0])
>>> t.due("a"), t.due("a"), t.due("a")  # the first is logged; two wait
(1, 0, 0)
>>> now[0] = 60.0
>>> t.due("a"), t.due("b"), t.due("c"), len(t)  # a minute on: those two and this one
(3, 1, 1, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["LogThrottle"]


class LogThrottle:
    """Counts refusals per key; says when one is to be logged."""

    def __init__(
        self,
        every: float = 60.0,
        keep: int = 4096,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.every = every
        self.keep = keep
        self._clock = clock
        #: key -> (when last logged, refusals since, not logged)
        self._since: dict[str, tuple[float | None, int]] = {}

    def __len__(self) -> int:
        return len(self._since)

    def due(self, key: str) -> int:
        """Count one refusal for ``key``: how many to log now (this one and
        those not logged yet), or 0 while the last line is under ``every``
        seconds old.  The oldest keys are forgotten past ``keep``."""
        now = self._clock()
        last, count = self._since.pop(key, (None, 0))
        count += 1
        if last is not None and now - last < self.every:
            self._since[key] = (last, count)
            due = 0
        else:
            self._since[key] = (now, 0)
            due = count
        while len(self._since) > self.keep:
            del self._since[next(iter(self._since))]
        return due
