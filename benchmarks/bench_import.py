"""Imports through a real server's web upload: the stall every other device
sees, and the server's memory, for a valid ~20 MB export and for 20 MB files
of tiny bad records.

    python benchmarks/bench_import.py [--cases valid,many,numbers,games,players] [--mb 19.5]

For each file: a fresh data folder (one game of two players in it), the app
started as ``python -m scorekeeper --web --port P --data-dir D`` on
127.0.0.1, and Debian's chromium (Playwright) on its Data screen: Import →
"Choose an export file…" → the file, uploaded to the server exactly as a
phone would.  Meanwhile another client (a thread) asks for a small static
file every 100 ms; the **stall** is the latency of each answer, from just
before the upload until the app shows the import's result.  **Memory** is the
server's peak resident size (VmHWM in /proc/PID/status) before the upload
and once the result is shown: the growth is what the import cost the server
(the check runs in a child process, whose memory is its own).

Files (each within the 20 MB upload limit):

- **valid**: ``bench_store.synthetic_export`` of enough hands for ~``--mb`` MB;
- **many**: a valid export of ~27,000 games without hands, one every
  50 minutes (the most games 20 MB holds: the most memory an import needs);
- **numbers**: ``"games": [0, 0, ...]``;
- **games**: ``"games": [{}, {}, ...]`` (empty games);
- **players**: ``"players": [{}, {}, ...]`` (empty players).

Targets: worst stall < 100 ms for the bad files and < 250 ms for the valid
ones; peak memory growth < 300 MB; every bad file refused with the data folder
byte for byte as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_store import synthetic_export, time_to_doc_ts  # noqa: E402
from figures import rank  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402
from sheet_moves import BenchServer  # noqa: E402

from scorekeeper.engine import Hand  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from scorekeeper.ui.uploads import MAX_UPLOAD  # noqa: E402
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, Ui  # noqa: E402

STATIC = "/favicon.png"
EVERY = 0.1  # seconds between the other client's requests
RESULT_MS = 600_000  # the longest an import may take to show its result
VALID = ("valid", "many")
HEAD = '{"format": "gin-scorekeeper-export", "version": 1, "players": '


def valid_file(path: Path, mb: float) -> int:
    """A synthetic export of about ``mb`` MB; returns its games."""
    per_hand = len(json.dumps(synthetic_export(2000))) / 2000
    hands = int(mb * 1e6 / per_hand) // 20 * 20
    doc = synthetic_export(hands)
    raw = json.dumps(doc).encode()
    while len(raw) > MAX_UPLOAD:
        hands -= 400
        doc = synthetic_export(hands)
        raw = json.dumps(doc).encode()
    path.write_bytes(raw)
    return len(doc["games"])


def many_file(path: Path) -> int:
    """A valid export of as many games without hands as fit in the limit."""
    doc = synthetic_export(20)
    game = dict(doc["games"][0], hands=[], hand_count=0)
    game.pop("totals", None)
    n = (MAX_UPLOAD - 4096) // (len(json.dumps(game)) + 2)
    t0 = time.time() - 86400 * 365 * 3
    doc["games"] = [
        dict(game, id=uuid.uuid4().hex, created_at=time_to_doc_ts(t0 + i * 3000)) for i in range(n)
    ]
    for g in doc["games"]:
        g["updated_at"] = g["created_at"]
    path.write_bytes(json.dumps(doc).encode())
    return n


def junk_file(path: Path, kind: str) -> None:
    """A file of tiny bad records, just under the upload limit."""
    room = MAX_UPLOAD - 200
    if kind == "numbers":
        body = HEAD + '[], "games": [' + ",".join(["0"] * (room // 2)) + "]}"
    elif kind == "games":
        body = HEAD + '[], "games": [' + ",".join(["{}"] * (room // 3)) + "]}"
    else:
        body = HEAD + "[" + ",".join(["{}"] * (room // 3)) + '], "games": []}'
    path.write_text(body)


def seed(folder: Path) -> None:
    with open_store(folder) as store:
        ann, bob = store.add_player("Ann"), store.add_player("Bob")
        gid = store.create_game("standard", [ann.id, bob.id], first_dealer=ann.id)
        store.record_hand(gid, Hand.knock(ann.id, 3, 25))


def folder_state(folder: Path) -> dict[str, str]:
    """Every file of the data, by content (the lock and the app's settings aside)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name not in (".lock", "settings.json")
    }


def hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


class Prober(threading.Thread):
    """The other device: a small static file every 100 ms, each answer timed."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.latencies: list[float] = []
        self.sent: list[float] = []  # when each request was sent (perf_counter)
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            started = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                conn.request("GET", STATIC)
                answer = conn.getresponse()
                answer.read()
                assert answer.status == 200, answer.status
            finally:
                conn.close()
            took = time.perf_counter() - started
            self.latencies.append(took * 1000)
            self.sent.append(started)
            self.stop.wait(max(0.0, EVERY - took))


def run_case(browser: Any, tmp: Path, kind: str, mb: float) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix=f"{kind}-", dir=tmp))
    data = work / "data"
    seed(data)
    upload = work / f"{kind}.json"
    games = 0
    if kind == "valid":
        games = valid_file(upload, mb)
    elif kind == "many":
        games = many_file(upload)
    else:
        junk_file(upload, kind)
    before_files = folder_state(data)
    srv = BenchServer(data)
    srv.env = {"LANGUAGE": "en", "LANG": "C.UTF-8"}
    srv.start()
    assert srv.proc is not None
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(60_000)
    ui = Ui(context.new_page(), f"bench-import-{kind}")
    try:
        ui.open(srv.url)
        ui.click("Export and import")
        ui.see("Import")
        probe = Prober(srv.port)
        hwm_before = hwm_mb(srv.proc.pid)
        probe.start()
        started = time.perf_counter()
        with ui.page.expect_file_chooser() as chooser:
            ui.click("Choose an export file…")
        chooser.value.set_files(str(upload))
        shows = re.compile(r"^Added \d+ player" if kind in VALID else r"^This file can't be")
        expect(ui.page.get_by_text(shows).first).to_be_visible(timeout=RESULT_MS)
        took = time.perf_counter() - started
        probe.stop.set()
        probe.join()
        hwm_after = hwm_mb(srv.proc.pid)
        message = ui.page.get_by_text(shows).first.inner_text()
    finally:
        context.close()
        out = srv.stop()
    if kind in VALID:
        with open_store(data, read_only=True) as store:
            changed = len(store.list_games()) == games + 1
    else:
        changed = folder_state(data) != before_files
    return {
        "kind": kind,
        "size": upload.stat().st_size,
        "seconds": took,
        "stalls": probe.latencies,
        "worst_at": probe.sent[probe.latencies.index(max(probe.latencies))] - started,
        "hwm_before": hwm_before,
        "hwm_after": hwm_after,
        "message": message.splitlines()[0][:100],
        "ok": changed if kind in VALID else not changed,
        "tracebacks": out.count("Traceback"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default="valid,many,numbers,games,players")
    parser.add_argument("--mb", type=float, default=19.5, help="size of the valid export")
    args = parser.parse_args()
    rows = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for kind in args.cases.split(","):
                rows.append(run_case(browser, Path(tmp), kind, args.mb))
                r = rows[-1]
                print(
                    f"{r['kind']:<8} {r['size'] / 1e6:5.1f} MB  {r['seconds']:5.1f} s  "
                    f"stall n={len(r['stalls']):<4} p50 {statistics.median(r['stalls']):6.1f} ms"
                    f"  p95 {rank(r['stalls'], 0.95):6.1f} ms  max {max(r['stalls']):7.1f} ms"
                    f" (at {r['worst_at']:.1f} s)  "
                    f"peak memory {r['hwm_before']:.0f} -> {r['hwm_after']:.0f} MB "
                    f"(+{r['hwm_after'] - r['hwm_before']:.0f})  "
                    f"{'ok' if r['ok'] else 'WRONG'}: {r['message']}",
                    flush=True,
                )
        finally:
            browser.close()
    failed = []
    for r in rows:
        limit = 250 if r["kind"] in VALID else 100
        if max(r["stalls"]) >= limit:
            failed.append(f"{r['kind']}: worst stall {max(r['stalls']):.0f} ms >= {limit} ms")
        if r["hwm_after"] - r["hwm_before"] >= 300:
            failed.append(f"{r['kind']}: memory grew {r['hwm_after'] - r['hwm_before']:.0f} MB")
        if not r["ok"]:
            failed.append(f"{r['kind']}: the data is not as it should be")
        if r["tracebacks"]:
            failed.append(f"{r['kind']}: the server printed {r['tracebacks']} tracebacks")
    for f in failed:
        print("TARGET MISSED:", f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
