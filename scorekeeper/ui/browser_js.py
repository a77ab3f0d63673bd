"""The browser's own parts the phone build uses: the data folder on
IndexedDB, the writer's Web Lock, the channel between tabs, persisted
storage.  They reach the browser through Pyodide (``js``, ``pyodide``,
imported only when called: only ever under Pyodide).

* **Storage**: the data folder ``/data`` is Emscripten's IDBFS, an
  in-memory file system copied to and from IndexedDB (:func:`syncfs`).
  IDBFS rather than OPFS: the store's synchronous file code runs on it
  unchanged (OPFS's synchronous handles must each be opened asynchronously
  first, and Pyodide's file system cannot mount it), and it is in every
  browser Pyodide runs in.  It is loaded once before the store opens; a save
  then copies only the files it wrote (:data:`MIRROR_JS`).
* **One writer**: :class:`WebLock` and :class:`BroadcastChannel`, for
  :mod:`scorekeeper.web.tabs`.

The phone build's entry, which uses them, is :mod:`scorekeeper.ui.browser`.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from scorekeeper.web.tabs import NAME

__all__ = [
    "DATA_DIR",
    "MIRROR_JS",
    "BroadcastChannel",
    "WebLock",
    "mount_data",
    "storage_persisted",
    "syncfs",
]

# (The name it logged under before browser.py was split: a log set up for it still hears it.)
log = logging.getLogger("scorekeeper.ui.browser")

DATA_DIR = Path("/data")


def _js() -> Any:
    import js  # type: ignore[import-not-found]

    return js


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def _js_object(values: dict[str, Any]) -> Any:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js(values, dict_converter=_js().Object.fromEntries)


def mount_data() -> None:
    fs = _fs()
    if not fs.analyzePath(str(DATA_DIR)).exists:
        fs.mkdir(str(DATA_DIR))
    fs.mount(fs.filesystems.IDBFS, _js_object({}), str(DATA_DIR))


#: The copy between the folder and IndexedDB, in IDBFS's own entry format
#: and with its own steps (``getLocalSet``, ``getRemoteSet``, ``reconcile``),
#: minus the one that grows with the history: ``FS.syncfs`` reads the keys of
#: every stored file back from IndexedDB (a cursor, one asynchronous step per
#: file) on each sync, to find what changed.  This tab is the only writer
#: (the Web Lock), so what IndexedDB holds is what this tab last copied: it
#: is kept here and compared with the folder, and a save sends just the files
#: it wrote.  The keys are read once, when the folder is filled.
MIRROR_JS = """
(IDBFS, mount) => {
  let known = null;  // {type: "remote", db, entries}: what IndexedDB holds
  const local = (then, fail) => {
    const started = Date.now();
    IDBFS.getLocalSet(mount, (err, set) => err ? fail(err) : then(set, started));
  };
  const remote = (then, fail) => known ? then(known) : IDBFS.getRemoteSet(
    mount, (err, set) => err ? fail(err) : then(set));
  return (populate) => new Promise((resolve, reject) => {
    const fail = (err) => { known = null; reject(err); };
    if (populate) known = null;  // another tab may have written since
    remote((idb) => local((folder, started) => {
      // the folder is read and its changes queued in this one step, so no
      // write can come between the two
      const [src, dst] = populate ? [idb, folder] : [folder, idb];
      IDBFS.reconcile(src, dst, (err) => {
        if (err) return fail(err);
        if (populate) {
          known = idb;  // the folder now holds just that, time stamps and all
        } else {
          // a file written again within the millisecond of this copy keeps
          // its time stamp: it is sent once more next time
          for (const e of Object.values(folder.entries))
            if (e.timestamp.getTime() >= started) e.timestamp = new Date(0);
          known = {type: "remote", db: idb.db, entries: folder.entries};
        }
        resolve(null);
      });
    }, fail), fail);
  });
}
"""

#: The copy made by :data:`MIRROR_JS` for this tab (None: FS.syncfs itself).
_mirror: list[Any] = []


def _copier() -> Any:
    """This tab's copy (made once the folder is mounted), or None."""
    if not _mirror:
        from pyodide.code import run_js  # type: ignore[import-not-found]

        fs = _fs()
        idbfs = fs.filesystems.IDBFS
        steps = ("getLocalSet", "getRemoteSet", "reconcile")
        if all(hasattr(idbfs, step) for step in steps):
            _mirror.append(run_js(MIRROR_JS)(idbfs, fs.lookupPath(str(DATA_DIR)).node.mount))
        else:  # another Emscripten: its own sync, whole
            log.warning("IDBFS without %s: every sync reads all of IndexedDB", steps)
            _mirror.append(None)
    return _mirror[0]


def syncfs(populate: bool) -> asyncio.Future[None]:
    """Begin copying IndexedDB into the folder (``populate``) or the folder
    into IndexedDB, now; the future is done once it has finished.  Filling
    the folder reads IndexedDB whole (another tab may have written it); a
    copy the other way sends only what this tab changed."""
    copy = _copier()
    if copy is not None:  # begun now; the future follows the copy's promise
        return asyncio.ensure_future(_settled(copy(populate)))
    from pyodide.ffi import create_once_callable, jsnull

    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def finished(err: Any = None) -> None:
        if done.done():
            return
        if err is None or err is jsnull:  # Emscripten says "no error" with JS null
            done.set_result(None)
        else:
            done.set_exception(OSError(f"IndexedDB: {err}"))

    _fs().syncfs(populate, create_once_callable(finished))
    return done


async def _settled(promise: Any) -> None:
    try:
        await promise
    except Exception as exc:  # a JsException: IndexedDB refused
        raise OSError(f"IndexedDB: {exc}") from exc


class WebLock:
    """The writer's Web Lock (``navigator.locks``), held until released."""

    def __init__(self) -> None:
        self._release: Any = None

    async def _request(self, *, wait: bool) -> bool:
        from pyodide.ffi import create_once_callable, create_proxy, jsnull

        js = _js()
        got: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def granted(lock: Any) -> Any:
            if lock is None or lock is jsnull:
                got.set_result(False)
                return None

            def hold(resolve: Any, _reject: Any) -> None:
                self._release = resolve

            got.set_result(True)
            return js.Promise.new(create_proxy(hold))

        options = _js_object({} if wait else {"ifAvailable": True})
        js.navigator.locks.request(NAME, options, create_once_callable(granted))
        return await got

    async def try_acquire(self) -> bool:
        return await self._request(wait=False)

    async def acquire(self) -> None:
        await self._request(wait=True)

    def release(self) -> None:
        release, self._release = self._release, None
        if release is not None:
            release()


class BroadcastChannel:
    def __init__(self, on_message: Any) -> None:
        from pyodide.ffi import create_proxy

        self._channel = _js().BroadcastChannel.new(NAME)
        self._channel.onmessage = create_proxy(lambda e: on_message(str(e.data)))

    def post(self, message: str) -> None:
        self._channel.postMessage(message)


async def storage_persisted() -> bool | None:
    """Whether the browser keeps this site's storage when space runs low."""
    try:
        return bool(await _js().navigator.storage.persisted())
    except Exception:
        return None
