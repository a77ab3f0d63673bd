"""The figures every benchmark prints: p50, p95 and max, by nearest rank.

>>> spread([3.0, 1.0, 2.0]), rank([5.0, 1.0, 9.0, 7.0], 0.95), p50([])
('p50 2.00  p95 3.00  max 3.00  (n=3)', 9.0, nan)
>>> spread([1500.0], " ms", digits=1, width=8)
'p50   1500.0 ms  p95   1500.0 ms  max   1500.0 ms  (n=1)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["p50", "rank", "spread"]


def rank(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values`` by nearest rank; nan if none."""
    v = sorted(values)
    return v[max(math.ceil(q * len(v)) - 1, 0)] if v else math.nan


def p50(values: Sequence[float]) -> float:
    return rank(values, 0.50)


def spread(values: Sequence[float], unit: str = "", *, digits: int = 2, width: int = 0) -> str:
    """p50, p95 and max of ``values``, in their unit."""
    if not values:
        return "no samples"
    figures = (rank(values, 0.50), rank(values, 0.95), max(values))
    p, q, m = (f"{x:{width}.{digits}f}{unit}" for x in figures)
    return f"p50 {p}  p95 {q}  max {m}  (n={len(values)})"
