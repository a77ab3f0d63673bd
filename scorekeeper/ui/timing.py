"""``SCOREKEEPER_TIMING=1`` logs how long each action takes on the server,
from the tap's handler to the updated screen sent, and each change heard
from another device (benchmarks/bench_app.py, bench_phone.py)."""

from __future__ import annotations

import logging
import os

timing_log = logging.getLogger("scorekeeper.ui.timing")
TIMING = os.environ.get("SCOREKEEPER_TIMING") == "1"
