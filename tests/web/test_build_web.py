"""``scorekeeper build-web``: what the static site holds (the browser test,
tests/e2e/test_phone.py, runs it)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from scorekeeper.web.build import BROWSER_DISTS, MARK, build

#: What Pyodide 314 says of itself to a requirement's markers.
EMSCRIPTEN: dict[str, str] = {
    **{key: str(value) for key, value in default_environment().items()},
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "python_version": "3.14",
    "python_full_version": "3.14.0",
    "implementation_name": "cpython",
    "extra": "",
}
NEVER_IN_BROWSER = {"fastapi", "uvicorn", "starlette", "flet-web", "flet-desktop", "httptools"}


# ``site``: the site ``scorekeeper build-web`` writes, built once per session
# (tests/support/site.py, shared with tests/e2e/test_phone.py).


@pytest.fixture(scope="module")
def archive(site: Path) -> list[str]:
    with tarfile.open(site / "app.tar.gz") as tar:
        return tar.getnames()


def test_the_browser_dependencies_are_closed_and_hold_no_server_package() -> None:
    names = {canonicalize_name(n) for n in BROWSER_DISTS}
    for name in BROWSER_DISTS:
        for spec in metadata.distribution(name).requires or []:
            req = Requirement(spec)
            if req.marker is None or req.marker.evaluate(EMSCRIPTEN):
                assert canonicalize_name(req.name) in names, f"{name} needs {req.name}"
    assert not names & NEVER_IN_BROWSER


def test_index_runs_python_from_the_site_itself(site: Path) -> None:
    html = (site / "index.html").read_text()
    assert 'flet.pyodideUrl = "./pyodide/pyodide.mjs"' in html  # a module URL the worker takes
    assert "flet.pyodide = true" in html and "flet.noCdn = true" in html
    assert 'flet.webRenderer = "auto"' in html  # Flutter's loader picks the build
    assert 'flet.routeUrlStrategy = "hash"' in html  # any static host serves it
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert csp is not None and "connect-src 'self'" in csp.group(1)
    assert "https:" not in csp.group(1)
    assert '<script src="boot.js"></script>' in html
    # Flutter's loader registers no worker of its own (Flet's stub would unregister ours)
    assert 'serviceWorkerVersion: "' not in (site / "flutter_bootstrap.js").read_text()


def test_what_a_canvaskit_build_never_loads_is_left_out(site: Path) -> None:
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert "index.html" in files and "app.tar.gz" in files and "sw.js" in files
    assert not [f for f in files if re.search(r"wimp|\.symbols$|\.map$|webparagraph", f)]
    # both builds of the client: Wasm + skwasm where there is WasmGC, else JS + CanvasKit
    assert {"main.dart.wasm", "main.dart.js", "canvaskit/skwasm.wasm"} <= files
    assert "canvaskit/canvaskit.wasm" in files
    assert "pyodide/python.exe" not in files and "flutter_service_worker.js" not in files
    fonts = json.loads((site / "assets" / "FontManifest.json").read_text())
    assert {f["family"] for f in fonts} == {"MaterialIcons", "Roboto"}
    for family in fonts:
        for font in family["fonts"]:
            assert (site / "assets" / font["asset"]).exists(), font


def test_the_archive_holds_the_app_and_its_vendored_dependencies(archive: list[str]) -> None:
    names = set(archive)
    assert "main.py" in names and "scorekeeper/ui/browser.py" in names
    assert "scorekeeper/web/BUILD" in names
    assert "scorekeeper/ui/server.py" not in names and "scorekeeper/ui/lan.py" not in names
    # no file the worker would hand to micropip (it would install from the network)
    assert "requirements.txt" not in names and "pyproject.toml" not in names
    packages = {n.split("/")[1] for n in names if n.startswith("__pypackages__/")}
    assert {"flet", "flet_charts", "tinydb", "msgpack", "platformdirs"} <= packages
    assert not packages & {"fastapi", "uvicorn", "starlette", "flet_web", "flet_desktop"}
    # the validation library comes in its own download, when first needed
    assert not packages & {"pydantic", "pydantic_core", "annotated_types"}
    compiled = [n for n in names if n.endswith(".so")]
    assert compiled and all("wasm32-emscripten" in n for n in compiled)
    # bytecode: the app's own beside its sources, every other module's alone
    own = [n for n in names if n.endswith(".py") and not n.startswith("__pypackages__/")]
    assert own and all(_cached(n) in names for n in own)
    assert not [n for n in names if n.startswith("__pypackages__/") and n.endswith(".py")]
    assert "__pypackages__/flet/__init__.pyc" in names
    assert not [n for n in names if "__pycache__" in n and not n.endswith(".cpython-314.pyc")]


def _cached(name: str) -> str:
    folder, _, file = name.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.cpython-314.pyc".lstrip("/")


def _pyc_headers(site: Path) -> dict[str, bytes]:
    """The first 8 bytes (magic number, flags) of every shipped .pyc."""
    out: dict[str, bytes] = {}
    with tarfile.open(site / "app.tar.gz") as tar:
        for member in tar.getmembers():
            if member.name.endswith(".pyc"):
                f = tar.extractfile(member)
                assert f is not None
                out[member.name] = f.read(8)
    with zipfile.ZipFile(site / "pyodide/python_stdlib.zip") as z:
        for info in z.infolist():
            if info.filename.endswith(".pyc"):
                out["stdlib/" + info.filename] = z.read(info)[:8]
    return out


def test_the_standard_library_ships_as_bytecode(site: Path) -> None:
    with zipfile.ZipFile(site / "pyodide/python_stdlib.zip") as z:
        names = set(z.namelist())
    assert {"json/__init__.pyc", "asyncio/base_events.pyc", "pyodide/webloop.pyc"} <= names
    assert not [n for n in names if n.endswith(".py")]  # every module of it compiles


def test_babel_ships_the_four_languages_and_compiled_catalogs_only(archive: list[str]) -> None:
    data = {
        n.rsplit("/", 1)[1] for n in archive if n.startswith("__pypackages__/babel/locale-data/")
    }
    assert data == {"root.dat", "en.dat", "lv.dat", "fi.dat", "uk.dat"}
    assert "__pypackages__/babel/global.dat" in archive
    assert not [n for n in archive if n.startswith("__pypackages__/babel/messages/")]
    catalogs = {n for n in archive if "/i18n/locale/" in n}
    assert catalogs == {
        f"scorekeeper/i18n/locale/{c}/LC_MESSAGES/scorekeeper.mo" for c in ("lv", "fi", "uk")
    }


def test_the_validation_library_is_a_download_of_its_own(site: Path) -> None:
    from scorekeeper.ui.browser import VALIDATION_ARCHIVE, VALIDATION_PACKAGES

    with tarfile.open(site / VALIDATION_ARCHIVE) as tar:
        names = tar.getnames()
    packages = {n.split("/")[1] for n in names}
    assert {n.split("/")[0] for n in names} == {"__pypackages__"}
    assert packages == {"pydantic", "pydantic_core", "annotated_types", "typing_inspection"}
    assert set(VALIDATION_PACKAGES) == packages
    assert any(n.endswith("wasm32-emscripten.so") for n in names)


def test_sources_ship_without_docstrings_on_the_same_lines(site: Path) -> None:
    with tarfile.open(site / "app.tar.gz") as tar:
        member = tar.extractfile("scorekeeper/web/durable.py")
        assert member is not None
        shipped = member.read().decode()
    original = (Path(__file__).parents[2] / "scorekeeper/web/durable.py").read_text()
    assert "Pure asyncio" in original and "Pure asyncio" not in shipped
    assert shipped.count("\n") == original.count("\n")  # tracebacks keep their lines
    compile(shipped, "durable.py", "exec")


def test_the_service_worker_knows_every_file_by_its_content(site: Path) -> None:
    sw = (site / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]+)"', sw)
    assert version is not None and (site / MARK).read_text().strip() == version.group(1)
    files = json.loads(re.search(r"const FILES = (\{.*?\});", sw, re.S).group(1))  # type: ignore[union-attr]
    early = json.loads(re.search(r"const EARLY = (\[.*?\]);", sw, re.S).group(1))  # type: ignore[union-attr]
    assert {"./", "app.tar.gz", "pyodide/pyodide.asm.wasm", "main.dart.js"} <= set(files)
    assert "assets/NOTICES" not in files  # never loaded: not kept
    for path, digest in files.items():
        body = (site / ("index.html" if path == "./" else path)).read_bytes()
        assert hashlib.sha256(body).hexdigest()[:16] == digest, path
    # the first install fetches only what the page loaded before it was controlled
    assert set(early) <= set(files) and "main.dart.js" not in early
    html = (site / "index.html").read_text()
    assert "flutter_bootstrap.js" not in html  # boot.js starts it once controlled


@pytest.mark.slow
def test_a_rebuild_replaces_the_site_and_a_foreign_folder_is_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me")
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "build-web", str(foreign)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "not empty" in done.stderr
    assert (foreign / "notes.txt").read_text() == "keep me"
    out = tmp_path / "site"
    floor = 'import flet as ft\nft.run(lambda page: page.add(ft.Text("floor")))\n'
    build(out, entry=floor)
    first = (out / MARK).read_text()
    # the same inputs give the same bytes (the service worker's version is their hash)
    again = tmp_path / "again"
    build(again, entry=floor)
    assert _files(again) == _files(out)
    (out / "stale.txt").write_text("from an older build")
    build(out, entry=floor + "# changed\n")
    assert not (out / "stale.txt").exists()
    assert (out / MARK).read_text() != first  # a new build is a new service worker
    with tarfile.open(out / "app.tar.gz") as tar:
        assert not [n for n in tar.getnames() if n.startswith("scorekeeper/")]


def _files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_fonts_keep_every_glyph_the_app_draws(site: Path) -> None:
    import flet_web  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    from scorekeeper.web.build import app_icons

    full = TTFont(Path(flet_web.__file__).parent / "web/assets/fonts/MaterialIcons-Regular.otf")
    by_glyph = {glyph: cp for cp, glyph in full.getBestCmap().items()}
    kept = TTFont(site / "assets/fonts/MaterialIcons-Regular.otf").getBestCmap()
    assert "dark_mode" in app_icons() and "arrow_back" in app_icons()
    for name in app_icons():
        assert by_glyph[f"{name}_baseline"] in kept, name
    assert len(kept) < 200  # of 8,600: the font is a few kB, not 1.3 MB
    for face in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        cmap = TTFont(site / "fonts" / face).getBestCmap()
        for ch in "♠♥♦♣ āčēģīķļņšūž äöå їєґі ЖШЩ …–—’“”€×":
            assert ch == " " or ord(ch) in cmap, (face, ch)
        assert (site / "fonts" / face).stat().st_size < 400_000


#: Modules of the shipped packages that need what a phone never has (their
#: optional integrations): they fail to import there, and are never imported.
NEVER_IMPORTED = {
    "flet.fastapi": "flet_web",
    "flet.security": "cryptography",
    "flet.testing": "numpy",
    "flet.utils.griffe_deprecations": "griffe",
    "platformdirs.macos": "geteuid",
    "platformdirs.pytest_plugin": "pytest",
    "pydantic.mypy": "mypy",
    "pydantic.v1._hypothesis_plugin": "hypothesis",
    "pydantic.v1.mypy": "mypy",
    "scorekeeper.ui.review.__main__": "SystemExit",
    "tinydb.mypy_plugin": "mypy",
}

IMPORT_ALL = """
import builtins, importlib, importlib.util, json, pkgutil, sys
sys.path[:0] = [".", "__pypackages__"]
# every source the import system compiles (importlib's source loader and
# zipimport call the built-in compile): none should be, but the
# validation library's (shipped as sources, fetched when first needed)
compiled, _compile = [], builtins.compile
def compile(source, filename, *args, **kwargs):
    if str(filename).endswith(".py"):
        compiled.append(str(filename))
    return _compile(source, filename, *args, **kwargs)
builtins.compile = compile
failed, count = {}, 0
for root in %r:
    mod = importlib.import_module(root)
    names = [root]
    if hasattr(mod, "__path__"):
        names += [m.name for m in pkgutil.walk_packages(mod.__path__, root + ".")]
    for name in names:
        try:
            importlib.import_module(name)
            count += 1
        except BaseException as exc:
            failed[name] = f"{type(exc).__name__}: {exc}"
builtins.compile = _compile
magic = importlib.util.MAGIC_NUMBER.hex()
print(json.dumps({"count": count, "failed": failed, "compiled": compiled, "magic": magic}))
"""


def test_every_shipped_module_imports_in_pyodide_with_the_slimmed_stdlib(
    site: Path, tmp_path: Path
) -> None:
    """Pyodide itself (flet-web's copy, run by node) imports every module of
    the app and its packages from the site's archives, with the site's
    standard library: nothing the app needs was left out of it."""
    import shutil

    import flet_web

    node = shutil.which("node")
    assert node, "node is needed to run Pyodide here: apt-get install nodejs"
    runtime = tmp_path / "pyodide"
    shutil.copytree(Path(flet_web.__file__).parent / "web" / "pyodide", runtime)
    shutil.copyfile(site / "pyodide/python_stdlib.zip", runtime / "python_stdlib.zip")
    app = tmp_path / "app"
    for archive in ("app.tar.gz", "validation.tar.gz"):
        with tarfile.open(site / archive) as tar:
            tar.extractall(app, filter="data")
    roots = [
        *("scorekeeper", "flet", "flet_charts", "tinydb", "pydantic", "pydantic_core"),
        *("msgpack", "platformdirs", "annotated_types", "typing_inspection", "repath"),
        "babel",
    ]
    (app / "check.py").write_text(IMPORT_ALL % (roots,))
    done = subprocess.run(
        ["bash", str(runtime / "python"), "check.py"],
        cwd=app,
        capture_output=True,
        text=True,
        timeout=600,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["count"] > 400
    unexpected = {
        name: why
        for name, why in result["failed"].items()
        if NEVER_IMPORTED.get(name, "\0") not in why
    }
    assert not unexpected
    # ...and from the shipped bytecode: no source of the app, flet, the
    # other packages or the standard library was compiled there
    validation = ("pydantic", "pydantic_core", "annotated_types", "typing_inspection")
    compiled = [
        f for f in result["compiled"] if not f.split("__pypackages__/")[-1].startswith(validation)
    ]
    assert not compiled
    assert len(result["compiled"]) > 50  # (the hook saw the validation library's)
    # every .pyc is for this Pyodide (its magic number) and unchecked-hash (flags 0b01)
    headers = _pyc_headers(site)
    assert len(headers) > 700
    wrong = {
        n: h.hex()
        for n, h in headers.items()
        if h != bytes.fromhex(result["magic"]) + b"\x01\0\0\0"
    }
    assert not wrong
