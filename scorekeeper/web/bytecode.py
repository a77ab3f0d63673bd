"""Bytecode for the phone build, compiled by the browser's own Python.

Pyodide compiles every module it imports from source (it never writes
bytecode: ``sys.dont_write_bytecode``), and at each start that was ≈ 0.9 s
of the worker's time (benchmarks/bench_phone.py).  So the site ships the
``.pyc`` files instead, made at build time by the same CPython the browser
runs: flet-web's Pyodide, run by node (a ``.pyc`` is only valid for the
interpreter whose magic number it carries, and this machine's Python is
another version).

* ``unchecked-hash`` pycs: the browser unpacks the app with whatever
  timestamps, and nothing ever edits a source there, so the import system
  takes the bytecode without reading the source (``py_compile``'s
  ``PycInvalidationMode.UNCHECKED_HASH``);
* ``PYTHONHASHSEED=0`` (the order of a ``frozenset`` constant follows the
  hashes of its items) and one interpreter compiling the files in a fixed
  order: the same sources give the same bytes, and the service worker's
  content hash changes only when they do;
* ``PYTHONNODEBUGRANGES=1``: no column positions (a traceback loses its
  ``^^^`` marks, not its lines): the bytecode is a quarter smaller, which
  is what lets the first visit stay under 30 MB.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

#: Runs Pyodide under node with the work folder mounted at /build, and the
#: Python script given after it (node's argv: the runtime, the folder, the script).
NODE_DRIVER = """
import { pathToFileURL } from "node:url";
const [runtime, work, script] = process.argv.slice(-3);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const py = await loadPyodide({
  indexURL: runtime + "/",
  env: { HOME: "/", PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" },
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
});
py.FS.mkdirTree("/build");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/build");
py.runPython(script);
"""

#: Inside Pyodide: compile each job of /build/jobs.json ([number, the file's
#: name as the browser will see it]) from /build/src/N.py to /build/out/N.pyc;
#: a file that does not compile is left out (it ships as source).
COMPILE = """
import json, py_compile, sys
jobs = json.load(open("/build/jobs.json"))
for n, dfile in jobs:
    try:
        py_compile.compile(
            f"/build/src/{n}.py", cfile=f"/build/out/{n}.pyc", dfile=dfile, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    except py_compile.PyCompileError as exc:
        print(f"not compiled: {dfile}: {exc.msg}", file=sys.stderr)
json.dump({"cache_tag": sys.implementation.cache_tag}, open("/build/out/done.json", "w"))
"""


class CompileError(Exception):
    """The browser's Python could not be run to compile the bytecode."""


def compile_sources(
    runtime: Path, sources: Mapping[str, bytes], *, timeout: float = 600
) -> tuple[str, dict[str, bytes]]:
    """Compile ``sources`` ({the file's path in the browser: its source})
    with the Pyodide in ``runtime``; return its cache tag ("cpython-314")
    and the bytecode of each file that compiles."""
    node = shutil.which("node")
    if node is None:
        raise CompileError(
            "node (Node.js 18 or later) is needed to compile the app for the "
            "browser's Python: apt-get install nodejs"
        )
    names = sorted(sources)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-pyc-") as tmp:
        work = Path(tmp)
        (work / "src").mkdir()
        (work / "out").mkdir()
        for n, name in enumerate(names):
            (work / "src" / f"{n}.py").write_bytes(sources[name])
        (work / "jobs.json").write_text(json.dumps(list(enumerate(names))))
        done = subprocess.run(
            [
                node,
                "--input-type=module",
                "-e",
                NODE_DRIVER,
                "--",
                str(runtime.resolve()),
                str(work),
                COMPILE,
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        result = work / "out" / "done.json"
        if done.returncode or not result.exists():
            raise CompileError(
                f"the browser's Python did not compile the app:\n{done.stderr.strip()[-2000:]}"
            )
        cache_tag = str(json.loads(result.read_text())["cache_tag"])
        compiled = {
            name: (work / "out" / f"{n}.pyc").read_bytes()
            for n, name in enumerate(names)
            if (work / "out" / f"{n}.pyc").exists()
        }
    return cache_tag, compiled
