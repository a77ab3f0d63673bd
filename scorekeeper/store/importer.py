"""An import that never stalls the other devices at the table.

Every phone at a LAN table is a session on one event loop (and one
interpreter), so a 20 MB import file must not be read on it, nor hold the
store while thousands of games are replayed.  :func:`import_off_loop` does it
in three rooms:

1. **Read and check, in a child process** (:func:`read_export`): parsing
   20 MB of JSON holds the interpreter for most of a second, and a file of a
   million bad records costs its checks; in a separate process that stalls
   no one.  The checked export comes back in pieces of at most
   :data:`exchange.PIECE` records, so no unpickling here holds the
   interpreter for long either; a refusal comes back as its message.
2. **Plan and stage, in a worker thread, without the store's lock**:
   replaying every game and writing the staged files takes seconds; each
   question to the store (a player, a game here) takes its lock for that
   question only, and what the plan saw is remembered.
3. **Commit, under the lock**: if nothing the plan relied on changed since
   (the players, every game it extends, no game of its new ids), the staged
   files are put in place together (journal.py: all or nothing, even if the
   process is killed); if something changed (a hand saved from another
   device meanwhile), the import is planned again from the start, so that
   save is never lost.

One import runs at a time per data folder; :attr:`Store.importing` says
that one is under way.  Where no child process can be started (a phone
build has no interpreter to start), the file is read in the worker thread.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.errors import Msg
from scorekeeper.runtime import HAS_PROCESSES

from . import exchange, import_plan
from .errors import StoreError
from .gamefile import GAME_BACKUPS, game_version
from .storage import backup_paths

if TYPE_CHECKING:
    from .shared import _Shared

log = logging.getLogger(__name__)

#: The largest file the child reads (the web upload's own limit is lower).
MAX_BYTES = 64 * 1024 * 1024
#: Seconds the child may take to give its next piece (a 20 MB file is checked in a few).
CHILD_TIMEOUT = 300.0
#: Times an import is planned again when the data changed under it, before
#: it is planned and put in place holding the store throughout.
REPLANS = 3


class Changed(Exception):
    """The data an import was planned against changed: plan it again."""


class _ChildFailed(Exception):
    """The child process could not be started or died: read the file here."""


# --- 1. read and check, in a child process ----------------------------------------


def read_export(data: bytes | str) -> exchange.ParsedExport:
    """The checked export (:func:`exchange.parse_export`), read in a child
    process; raises :class:`StoreError` with its problems."""
    payload = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if len(payload) > MAX_BYTES:
        raise StoreError(
            "That file is too large: the limit is {mb} MB.", mb=MAX_BYTES // (1024 * 1024)
        )
    if not HAS_PROCESSES:  # the phone build (runtime.py): read it here
        return _collect(exchange.parse_pieces(payload))
    try:
        return _collect(_pieces_from_child(payload))
    except _ChildFailed as exc:
        log.warning("import check in a child process failed (%s); checking here", exc)
        return _collect(exchange.parse_pieces(payload))


def _collect(pieces: Iterator[exchange.Piece]) -> exchange.ParsedExport:
    return exchange.collect(pieces)


def _pieces_from_child(payload: bytes) -> Iterator[exchange.Piece]:
    # A plain child interpreter (not multiprocessing's spawn, which would
    # import the server's main module again in the child), talking over its
    # stdin (the file) and stdout (length-prefixed pickles, one per piece).
    if getattr(sys, "frozen", False) or not sys.executable:
        raise _ChildFailed("no interpreter to start")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", _CHILD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
    except OSError as exc:
        raise _ChildFailed(str(exc)) from exc
    assert child.stdin is not None and child.stdout is not None
    watchdog = threading.Timer(CHILD_TIMEOUT, child.kill)
    watchdog.daemon = True
    watchdog.start()
    try:
        try:
            child.stdin.write(payload)
            child.stdin.close()
        except OSError as exc:
            raise _ChildFailed(f"could not send the file: {exc}") from exc
        started = False
        while True:
            head = child.stdout.read(_HEAD.size)
            if len(head) < _HEAD.size:
                if not watchdog.is_alive():
                    raise StoreError(
                        "This file can't be imported (nothing was changed): "
                        "checking it took too long."
                    )
                if started:  # pieces already given: it can't be read again here
                    raise StoreError(
                        "This file can't be imported (nothing was changed): checking it failed."
                    )
                raise _ChildFailed(f"the child ended (exit code {child.wait()})")
            (size,) = _HEAD.unpack(head)
            kind, value = pickle.loads(child.stdout.read(size))
            if kind == "piece":
                started = True
                yield value
            elif kind == "refused":  # the child's message (a Msg), translated here
                message: Msg = value
                raise StoreError(message)
            else:
                return
    finally:
        watchdog.cancel()
        child.stdout.close()
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


_HEAD = struct.Struct("!Q")
_CHILD = "from scorekeeper.store.importer import child_main; child_main()"


def child_main() -> None:
    """The child process: read the file from stdin, check it, hand it back
    in pieces on stdout (anything else written to stdout goes to stderr)."""
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)

    def send(kind: str, value: object) -> None:
        blob = pickle.dumps((kind, value), protocol=pickle.HIGHEST_PROTOCOL)
        out.write(_HEAD.pack(len(blob)))
        out.write(blob)

    try:
        payload = sys.stdin.buffer.read(MAX_BYTES + 1)
        try:
            for piece in exchange.parse_pieces(payload):
                send("piece", piece)
        except StoreError as exc:
            send("refused", exc.msg)
            return
        except RecursionError:
            send("refused", _TOO_DEEP)
            return
        except MemoryError:
            send("refused", _TOO_BIG)
            return
        send("done", None)
    except OSError:  # the server went away: nothing to tell
        pass
    finally:
        with contextlib.suppress(OSError):
            out.close()


_TOO_DEEP = Msg(
    "This file can't be imported (nothing was changed): its lists and records nest too deep"
)
_TOO_BIG = Msg("This file can't be imported (nothing was changed): it is too large to check.")


# --- 2. and 3. plan and stage without the lock, commit under it ----------------------------


class WatchedCatalog:
    """The store's answers to :func:`import_plan.plan_import`, each under the
    store's lock for that answer only, remembering what it saw (``inner``:
    the store's catalog, ``s``: its shared state, for the lock)."""

    def __init__(self, s: _Shared, inner: import_plan.Catalog) -> None:
        self._s = s
        self._inner = inner
        #: game id -> its (revision, updated_at) when asked (None: not here)
        self.seen: dict[str, tuple[int, str] | None] = {}
        with self._s.lock:
            # load_players makes new dicts: the same objects mean the same players.
            self._players, self._aliases = self._s.players, self._s.aliases

    def resolve(self, player_id: str) -> str | None:
        with self._s.lock:
            return self._inner.resolve(player_id)

    def visible_player_by_name(self, name: str) -> str | None:
        with self._s.lock:
            return self._inner.visible_player_by_name(name)

    def player_name(self, player_id: str) -> str:
        with self._s.lock:
            return self._inner.player_name(player_id)

    def ids_here(self) -> set[str]:
        with self._s.lock:
            return self._inner.ids_here()

    def game(self, game_id: str) -> exchange.StoredGame | None:
        with self._s.lock:
            got = None if _no_file(self._s, game_id) else self._inner.game(game_id)
        self.seen[game_id] = None if got is None else game_version(got.meta)
        return got

    def unchanged(self, plan: import_plan.ImportPlan) -> bool:
        """Whether what ``plan`` relies on is as the plan saw it (call it
        holding the store's lock)."""
        s = self._s
        if s.players is not self._players or s.aliases is not self._aliases:
            return False
        for new in plan.new_games:
            gid = new.meta["id"]
            if gid in s.index.entries or not _no_file(s, gid):
                return False
        for upd in plan.updated_games:
            gf = s.game_file(upd.game_id)
            if not gf.exists() or game_version(gf.meta()) != self.seen.get(upd.game_id):
                return False
        return True


def _no_file(s: _Shared, game_id: str) -> bool:
    """Whether no file of this game is here, not even a backup, so that it is
    not here (asked without opening it: an open file is a TinyDB, and 30,000
    of them are garbage only a full collection frees)."""
    if game_id in s.index.entries:
        return False
    path = s.games_dir / f"{game_id}.json"
    return not path.exists() and not any(p.exists() for p in backup_paths(path, GAME_BACKUPS))


def free_in_steps(items: list[Any]) -> None:
    """Empty a long list a few hundred items at a time: freeing 30,000 games
    in one go would hold the interpreter until the last is freed."""
    while items:
        del items[-200:]
