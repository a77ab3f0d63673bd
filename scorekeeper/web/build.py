"""``scorekeeper build-web OUT_DIR``: the whole app as a static site.

The site runs the app's own Python (engine, store, UI) in the phone's
browser with Pyodide, offline after the first visit, its history kept in
the browser (see :mod:`scorekeeper.ui.browser`).  It needs nothing but a
static file server (HTTPS, or localhost: service workers need a secure
context).

What is built, and why it is built here rather than by ``flet publish``
(which, as shipped in flet-cli 1.0.5, downloads a Pyodide it already has,
points the worker at a module URL it refuses, installs packages from the
network on every page load and leaves the site online-only):

* the web client of the installed ``flet-web`` (the same files the server
  mode serves): its Wasm build with skwasm where the browser has WasmGC
  (Chrome, Edge, Firefox, Safari 18.2+: 26 MB on a first visit, and it draws a
  tap's screen in half the time of the JavaScript build), else the
  JavaScript build with CanvasKit, as Flutter's loader picks; without debug
  symbols, an experimental renderer, Pyodide's command-line runner, and
  fonts the app never draws (KaTeX, Cupertino icons);
* ``app.tar.gz``: an entry ``main.py``, the ``scorekeeper`` package without
  its server and LAN modules, and the browser's dependencies vendored in
  ``__pypackages__`` (which the worker puts on ``sys.path``): pure-Python
  ones copied from this environment's installed distributions, compiled
  ones (pydantic-core, msgpack) as the Pyodide builds the package registry
  serves, downloaded once into a cache; Babel with the CLDR data of the
  app's four languages only, the catalogs compiled by it to ``.mo``.  No
  server or desktop package (fastapi, uvicorn, flet-web, flet-desktop) goes
  to the browser;
* the bytecode of every module, there and in the standard library's zip,
  compiled at build time by the browser's own Python (:mod:`.bytecode`),
  so that Pyodide compiles no source as the app starts;
* ``index.html`` set for Python in the browser (``./pyodide/pyodide.mjs``,
  local CanvasKit, hash routes, which any static host can serve), with a
  content security policy that keeps every request on the site's origin
  (the client would ask a CDN for ``rive_native.js``), the app's manifest
  and icons, and a start-up screen with progress while Python loads (``site/boot.js``);
* ``sw.js``, a service worker versioned by the content of the site, that
  precaches it (Flet's own is a stub that unregisters itself, and Flutter's
  loader would register it over ours: its settings are removed).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from importlib import metadata
from pathlib import Path

from scorekeeper.i18n import LANGUAGES

from .bytecode import CompileError, compile_sources
from .slim import strip_docstrings

PACKAGE = Path(__file__).resolve().parent.parent  # scorekeeper/
SITE = Path(__file__).resolve().parent / "site"
ASSETS = PACKAGE / "ui" / "assets"

#: The distributions the app imports in the browser (flet's own requirements
#: for Emscripten, the store's, pydantic's).  Kept explicit: the test
#: tests/web/test_build_web.py checks the list is closed under their
#: requirements, so none is forgotten and no server package slips in.
BROWSER_DISTS = (
    "flet",
    "flet-charts",
    "repath",
    "six",
    "msgpack",
    "tinydb",
    "platformdirs",
    "pydantic",
    "pydantic-core",
    "annotated-types",
    "typing-extensions",
    "typing-inspection",
    "babel",
)
#: The validation library (pydantic): needed only for a file changed behind
#: the store's back (storage.py's seals), so it is not in the app's download
#: but in ``validation.tar.gz``: fetched once the app runs (boot.js, so the
#: phone has it offline), imported only when a file must be checked
#: (:mod:`scorekeeper.ui.browser`): a second less of every start.
VALIDATION_DISTS = ("pydantic", "pydantic-core", "annotated-types", "typing-inspection")
#: What a minimal Flet app needs (the benchmarks' floor app).
FLOOR_DISTS = ("flet", "repath", "six", "msgpack")
#: The Pyodide platform of flet-web 1.0.5's runtime (Pyodide 314, Python 3.14).
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"
PYODIDE_ABI = "cp314"

#: Our modules the phone never runs: the table server and its LAN admission,
#: the launcher, this builder.
NOT_IN_BROWSER = (
    "ui/server.py",
    "ui/gate.py",
    "ui/upload_route.py",
    "ui/server_limits.py",
    "ui/lan.py",
    "ui/lan_session.py",
    "ui/watch.py",
    "ui/throttle.py",
    "ui/screens/invite_dialog.py",
    "ui/screens/code_screen.py",
    "ui/admitted_store.py",
    "ui/join.py",
    "ui/peer.py",
    "ui/launch.py",
    "ui/picture.py",  # Pillow is not shipped: the phone offers no "Save picture"
    "web/build.py",
    "web/bytecode.py",
    "i18n/extract.py",  # the catalogs' upkeep, and their reader: the phone
    "i18n/catalog.py",  # gets them compiled (see _app_files)
)
#: Babel's CLDR data the app reads: its four languages and the root they
#: inherit from (the wheel has ~1100 locales, 35 MB), and ``global.dat``.
BABEL_LOCALES = ("root", *LANGUAGES)
#: Babel's modules the phone never imports: the catalogs' tools (the phone
#: reads compiled ones with the standard library) and Windows' time zone.
BABEL_SKIPPED = ("babel/messages/", "babel/localtime/_win32.py")

#: Files of the web client no browser loads here.
CLIENT_SKIPPED = re.compile(
    r"""^(flutter_service_worker\.js
        |.*\.map
        |.*\.symbols
        |canvaskit/wimp[^/]*
        |canvaskit/experimental_webparagraph/.*
        |pyodide/(python|python\.bat|python\.exe|python_cli_entry\.mjs|.*\.d\.ts
                  |micropip-.*\.whl|packaging-.*\.whl|package\.json)
        |assets/packages/(flutter_math_fork|cupertino_icons)/.*
        )$""",
    re.VERBOSE,
)
#: Font families dropped from FontManifest.json with their files above.
FONTS_SKIPPED = ("packages/flutter_math_fork/", "packages/cupertino_icons/")

#: Every request stays on the site's origin (Pyodide compiles Wasm and
#: evaluates its own glue, hence the eval grants; Flutter inlines styles).
CSP = (
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "connect-src 'self' data: blob:; base-uri 'self'"
)
#: Icons Flutter's own widgets draw from the icon font (back buttons, menus,
#: pickers, chips, text fields), kept beside the app's own ``ft.Icons``.
FRAMEWORK_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward", "arrow_forward_ios",
    "arrow_drop_down", "arrow_drop_up", "arrow_upward", "arrow_downward", "close", "cancel",
    "check", "clear", "menu", "more_vert", "more_horiz", "search", "expand_more", "expand_less",
    "chevron_left", "chevron_right", "keyboard_arrow_left", "keyboard_arrow_right",
    "keyboard_arrow_up", "keyboard_arrow_down", "edit", "calendar_today", "date_range",
    "access_time", "keyboard", "error", "visibility", "visibility_off", "remove", "add",
)  # fmt: skip
#: What the app's text font keeps: the scripts of its four languages and of
#: most player names (Latin, Greek, Cyrillic), punctuation, the card suits,
#: arrows and symbols. A glyph outside it falls back to Roboto.
TEXT_RANGES = (
    (0x20, 0x24F), (0x370, 0x3FF), (0x400, 0x52F), (0x1E00, 0x1EFF), (0x2000, 0x206F),
    (0x20A0, 0x20CF), (0x2100, 0x214F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2300, 0x23FF),
    (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x2700, 0x27BF),
)  # fmt: skip
ICON_USE = re.compile(r"\bft\.Icons\.([A-Z0-9_]+)")

#: The validation library's own download (see VALIDATION_DISTS).
VALIDATION_ARCHIVE = "validation.tar.gz"
#: What marks a folder as a site of ours (so a rebuild may empty it).
MARK = ".scorekeeper-site"


class BuildError(Exception):
    """The site could not be built (the message says why)."""


def build(
    out_dir: Path, *, base: str = "/", cache_dir: Path | None = None, entry: str | None = None
) -> dict[str, int]:
    """Write the site into ``out_dir``; return its file count and size.

    ``entry``: the source of another ``main.py``, built the same way with
    flet alone and without the app (the benchmarks' floor: a minimal Flet
    app, benchmarks/bench_phone.py)."""
    import flet_web  # type: ignore[import-untyped]  # the installed web client

    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    client = Path(flet_web.__file__).resolve().parent / "web"
    out_dir = Path(out_dir)
    _prepare(out_dir)
    _copy_client(client, out_dir)
    _copy_tree(ASSETS, out_dir)  # the app's icons, fonts, manifest, favicon
    _trim_font_manifest(out_dir / "assets" / "FontManifest.json")
    _subset_fonts(out_dir)
    dists = FLOOR_DISTS if entry is not None else BROWSER_DISTS
    wheels = _browser_wheels(dists, cache_dir or _default_cache())
    app = {k: v for k, v in wheels.items() if k not in VALIDATION_DISTS}
    app_files = _app_files(app, entry)
    stdlib = out_dir / "pyodide" / "python_stdlib.zip"
    stdlib_files = _stdlib_files(stdlib)
    cache_tag, compiled = _bytecode(client / "pyodide", app_files, stdlib_files)
    (out_dir / "app.tar.gz").write_bytes(_app_archive(app_files, compiled, cache_tag))
    if entry is None:
        checker = {k: v for k, v in wheels.items() if k in VALIDATION_DISTS}
        (out_dir / VALIDATION_ARCHIVE).write_bytes(_packages_archive(checker))
    stdlib.write_bytes(_stdlib_archive(stdlib_files, compiled))
    _slim_lockfile(out_dir / "pyodide" / "pyodide-lock.json")
    for name in ("boot.js",):
        shutil.copyfile(SITE / name, out_dir / name)
    _patch_bootstrap(out_dir / "flutter_bootstrap.js")
    version = _version(out_dir)
    _write_index(client / "index.html", out_dir / "index.html", base=base, version=version)
    _write_service_worker(out_dir, version)
    (out_dir / MARK).write_text(version + "\n")
    files = [p for p in out_dir.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}


def _prepare(out_dir: Path) -> None:
    if out_dir.exists():
        if not out_dir.is_dir():
            raise BuildError(f"{out_dir} is not a folder")
        if any(out_dir.iterdir()):
            if not (out_dir / MARK).exists():
                raise BuildError(f"{out_dir} is not empty (and not a site built here)")
            for entry in out_dir.iterdir():
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()
    out_dir.mkdir(parents=True, exist_ok=True)


def _copy_client(client: Path, out_dir: Path) -> None:
    for src in sorted(client.rglob("*")):
        rel = src.relative_to(client).as_posix()
        if src.is_dir() or CLIENT_SKIPPED.match(rel):
            continue
        dst = out_dir / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)


def _copy_tree(src_dir: Path, out_dir: Path) -> None:
    for src in sorted(src_dir.rglob("*")):
        if src.is_file():
            dst = out_dir / src.relative_to(src_dir)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)


def _trim_font_manifest(path: Path) -> None:
    # Flutter's web engine downloads every font of the manifest at start.
    fonts = json.loads(path.read_text("utf-8"))
    kept = [f for f in fonts if not str(f.get("family", "")).startswith(FONTS_SKIPPED)]
    # Flutter's own fallback, from the client's copy rather than Google Fonts
    # (as flet-web's publish does).
    kept.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    path.write_text(json.dumps(kept, separators=(",", ":")), "utf-8")


def app_icons() -> set[str]:
    """The ``ft.Icons`` names the app's code uses (lower case, as in the font)."""
    found: set[str] = set()
    for src in (PACKAGE / "ui").rglob("*.py"):
        found.update(m.lower() for m in ICON_USE.findall(src.read_text("utf-8")))
    return found


def _icon_glyph(name: str) -> str:
    # Flutter's Icons.x is the glyph "x_baseline"; Icons.x_outlined is "x_outlined".
    glyph = name if name.endswith(("_outlined", "_rounded", "_sharp")) else f"{name}_baseline"
    return f"_{glyph}" if glyph[0].isdigit() else glyph


def _subset_fonts(out_dir: Path) -> None:
    """Keep only the glyphs the app can draw: Flutter's web engine downloads
    every font at start, and the icon font (1.3 MB) and the text font
    (1.5 MB) were a tenth of the first visit's bytes."""
    try:
        from fontTools import subset  # type: ignore[import-untyped]
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - the all extra has it
        raise BuildError("fontTools is missing: pip install 'gin-scorekeeper[all]'") from exc
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # "FFTM dropped": a timestamp
    icons = out_dir / "assets" / "fonts" / "MaterialIcons-Regular.otf"
    font = TTFont(icons, recalcTimestamp=False)  # the same bytes each build
    have = set(font.getGlyphOrder())
    wanted = {_icon_glyph(n) for n in app_icons() | set(FRAMEWORK_ICONS)}
    missing = sorted(g for g in wanted if g not in have)
    if missing:
        raise BuildError(f"icons not in Flutter's icon font: {', '.join(missing)}")
    options = subset.Options()
    options.layout_features = []  # no ligatures: Flutter draws icons by code point
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(glyphs=sorted(wanted))
    sub.subset(font)
    font.save(icons)
    text_options = subset.Options()
    text_options.layout_features = ["*"]  # kerning and the accents' placement
    text_options.name_IDs = ["*"]
    text_options.notdef_outline = True
    codepoints = [c for lo, hi in TEXT_RANGES for c in range(lo, hi + 1)]
    for path in sorted((out_dir / "fonts").glob("*.ttf")):
        font = TTFont(path, recalcTimestamp=False)
        sub = subset.Subsetter(text_options)
        sub.populate(unicodes=codepoints)
        sub.subset(font)
        font.save(path)


def _patch_bootstrap(path: Path) -> None:
    # Flutter's loader registers flutter_service_worker.js (Flet's stub
    # unregisters every worker of the site, ours too) when given these settings.
    text = path.read_text("utf-8")
    new, n = re.subn(r"serviceWorkerSettings:\s*\{[^}]*\},\s*", "", text)
    if n != 1:
        raise BuildError("flutter_bootstrap.js: the service worker settings were not found")
    path.write_text(new, "utf-8")


def _write_index(template: Path, out: Path, *, base: str, version: str) -> None:
    html = template.read_text("utf-8")
    config = "\n".join(
        [
            "flet.pyodide = true;",
            'flet.pythonModuleName = "main";',
            "flet.micropipIncludePre = false;",
            f'flet.appPackageUrl = "app.tar.gz?v={version}";',
            'flet.pyodideUrl = "./pyodide/pyodide.mjs";',
            f'flet.canvasKitBaseUrl = "{base}canvaskit/";',
            'flet.fontFallbackBaseUrl = "assets/fonts/";',
            "flet.noCdn = true;",
            'flet.webRenderer = "auto";',
            'flet.routeUrlStrategy = "hash";',
            f'flet.entrypointBaseUrl = "{base}";',
            f'flet.assetBase = "{base}";',
            f'flet.siteVersion = "{version}";',
        ]
    )
    replacements = [
        (r'<base href="/">', f'<base href="{base}">'),
        (
            r'<meta charset="UTF-8">',
            '<meta charset="UTF-8">\n  '
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n  '
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n  '
            '<meta name="theme-color" content="#2E7D32">',
        ),
        (r"<title>Flet</title>", "<title>Gin Scorekeeper</title>"),
        (
            r'content="Flet application."',
            'content="The score sheet for Gin Rummy played with a real deck."',
        ),
        (
            r'<meta name="apple-mobile-web-app-title" content="Flet">',
            '<meta name="apple-mobile-web-app-title" content="Gin Score">',
        ),
        (r"<!-- fletAppConfig -->", f"<script>\n{config}\n</script>"),
        # (boot.js covers it with the start-up screen as soon as the body exists)
        (r'<img src="icons/loading-animation.png" alt="" />',
         '<img src="icons/icon-192.png" alt="" />'),
        (r'<script src="python.js"></script>', '<script src="python.js"></script>\n  '
         '<script src="boot.js"></script>'),
        # boot.js starts it, once the service worker controls the page
        (r'<script src="flutter_bootstrap.js" async></script>', ""),
    ]  # fmt: skip
    for old, new in replacements:
        if old not in html:
            raise BuildError(f"index.html of flet-web: {old!r} not found")
        html = html.replace(old, new, 1)
    out.write_text(html, "utf-8")


def _site_files(out_dir: Path) -> list[str]:
    return sorted(
        p.relative_to(out_dir).as_posix()
        for p in out_dir.rglob("*")
        if p.is_file() and p.name not in ("sw.js", MARK, "index.html")
    )


def _version(out_dir: Path) -> str:
    digest = hashlib.sha256()
    for rel in _site_files(out_dir):
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((out_dir / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


#: Not kept for offline use: the licence texts and the video player's script
#: (never loaded), the icon for native builds.  (Both CanvasKit builds are in
#: the list; only the one the browser loads is kept: see sw.js.)
NOT_PRECACHED = re.compile(r"^(assets/NOTICES|assets/packages/media_kit/.*|icon\.png)$")


#: What the page loads before the service worker controls it (index.html
#: and the scripts and images of its head): the first install fetches these.
EARLY = ("./", "boot.js", "python.js", "manifest.json", "favicon.png", "icons/icon-192.png")


def _write_service_worker(out_dir: Path, version: str) -> None:
    files = {
        "./": _digest(out_dir / "index.html"),
        **{f: _digest(out_dir / f) for f in _site_files(out_dir) if not NOT_PRECACHED.match(f)},
    }
    template = (SITE / "sw.js").read_text("utf-8")
    text = (
        template.replace("__VERSION__", version)
        .replace("__FILES__", json.dumps(files, indent=1))
        .replace("__EARLY__", json.dumps(list(EARLY)))
    )
    (out_dir / "sw.js").write_text(text, "utf-8")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


# --- the Python side ------------------------------------------------------------


def _default_cache() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "gin-scorekeeper" / "wheels"


def _compiled(dist: metadata.Distribution) -> bool:
    return any(str(f).endswith((".so", ".pyd")) for f in dist.files or [])


def _browser_wheels(dists: Sequence[str], cache: Path) -> dict[str, Path | metadata.Distribution]:
    """Each browser distribution: the installed one (pure Python), or the
    path of its Pyodide wheel (compiled; downloaded once into ``cache``)."""
    out: dict[str, Path | metadata.Distribution] = {}
    for name in dists:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError as exc:
            raise BuildError(f"{name} is not installed (pip install -e .)") from exc
        out[name] = _pyodide_wheel(name, dist.version, cache) if _compiled(dist) else dist
    return out


def _pyodide_wheel(name: str, version: str, cache: Path) -> Path:
    stem = name.replace("-", "_")
    pattern = f"{stem}-{version}-*{PYODIDE_PLATFORM}.whl"
    found = sorted(cache.glob(pattern))
    if found:
        return found[0]
    cache.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--platform", PYODIDE_PLATFORM,
        "--python-version", PYODIDE_PYTHON, "--implementation", "cp", "--abi", PYODIDE_ABI,
        "--dest", str(cache), f"{name}=={version}",
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    found = sorted(cache.glob(pattern))
    if done.returncode or not found:
        raise BuildError(
            f"could not get the browser build of {name} {version} from the package "
            f"registry:\n{done.stderr.strip()[-2000:]}"
        )
    return found[0]


def _skip_python_file(rel: str) -> bool:
    parts = rel.split("/")
    return "__pycache__" in parts or rel.endswith((".pyc", ".so", ".pyd"))


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = 0
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


@contextlib.contextmanager
def _tar_gz(buf: io.BytesIO) -> Iterator[tarfile.TarFile]:
    # gzip's header holds a time: 0, so that a build of the same files is
    # the same bytes (the service worker's version is a hash of them)
    with (
        gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0) as gz,
        tarfile.open(fileobj=gz, mode="w") as tar,
    ):
        yield tar


def _slimmed(name: str, data: bytes) -> bytes:
    return _slim_source(data) if name.endswith(".py") else data


def _app_files(
    wheels: dict[str, Path | metadata.Distribution], entry: str | None
) -> list[tuple[str, bytes]]:
    """The files of ``app.tar.gz`` (their sources without docstrings), in order."""
    files: list[tuple[str, bytes]] = []
    main = entry.encode() if entry is not None else (SITE / "main.py").read_bytes()
    files.append(("main.py", _slim_source(main)))
    for src in sorted(PACKAGE.rglob("*")) if entry is None else []:
        rel = src.relative_to(PACKAGE).as_posix()
        if (
            src.is_dir()
            or _skip_python_file(rel)
            or rel in NOT_IN_BROWSER
            or rel.startswith(("ui/assets/", "web/site/"))
        ):
            continue
        if rel.startswith("i18n/locale/") and rel.endswith(".po"):
            files.extend(_catalog(rel, src))
            continue
        files.append((f"scorekeeper/{rel}", _slimmed(rel, src.read_bytes())))
    build_id = hashlib.sha256()
    for _name, what in wheels.items():
        for rel, data in _dist_files(what):
            build_id.update(rel.encode() + hashlib.sha256(data).digest())
            files.append((f"__pypackages__/{rel}", _slimmed(rel, data)))
    for src in sorted(PACKAGE.rglob("*.py")):
        build_id.update(hashlib.sha256(src.read_bytes()).digest())
    if entry is None:  # the app's own id: the phone says "Updated" once when it changes
        files.append(("scorekeeper/web/BUILD", build_id.hexdigest()[:16].encode()))
    return files


# --- bytecode (scorekeeper.web.bytecode) ------------------------------------------

#: The worker's folder (Pyodide's home), where it unpacks ``app.tar.gz``.
WORKER_HOME = "/home/pyodide/"
#: Where Pyodide puts the standard library's zip (``sys.path``).
STDLIB_ZIP = "/lib/python314.zip/"
#: Sources kept beside their bytecode (in ``__pycache__``, where the import
#: system looks first): the app's own, so that a traceback from a phone
#: shows the lines of our code.  Every other module (flet and the other
#: vendored packages, the standard library) ships as bytecode alone, in
#: place of its source: with every source kept, a first visit would have
#: grown by 3.3 MB, past 30 MB; as built it grew by 1.3 MB (27.8 -> 29.1 MB,
#: bench_phone).
SOURCE_KEPT = ("main.py", "scorekeeper/")


def _bytecode(
    runtime: Path,
    app_files: list[tuple[str, bytes]],
    stdlib_files: list[tuple[zipfile.ZipInfo, bytes]],
) -> tuple[str, dict[str, bytes]]:
    """The bytecode of every source of the app's archive and of the standard
    library, by the file's path in the browser."""
    sources = {WORKER_HOME + name: data for name, data in app_files if name.endswith(".py")}
    sources.update(
        (STDLIB_ZIP + info.filename, data)
        for info, data in stdlib_files
        if info.filename.endswith(".py")
    )
    try:
        return compile_sources(runtime, sources)
    except CompileError as exc:
        raise BuildError(str(exc)) from exc


def _cached(name: str, cache_tag: str) -> str:
    # importlib.util.cache_from_source, for the browser's Python
    folder, _, file = name.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.{cache_tag}.pyc".lstrip("/")


def _app_archive(
    files: list[tuple[str, bytes]], compiled: dict[str, bytes], cache_tag: str
) -> bytes:
    buf = io.BytesIO()
    with _tar_gz(buf) as tar:
        for name, data in files:
            pyc = compiled.get(WORKER_HOME + name)
            if pyc is None:
                _add_bytes(tar, name, data)
            elif name.startswith(SOURCE_KEPT):
                _add_bytes(tar, name, data)
                _add_bytes(tar, _cached(name, cache_tag), pyc)
            else:  # bytecode alone, where its source was (the import system's sourceless layout)
                _add_bytes(tar, name + "c", pyc)
    return buf.getvalue()


def _catalog(rel: str, src: Path) -> list[tuple[str, bytes]]:
    """A language's catalog, compiled by Babel: the ``.mo`` that the
    Translator reads with the standard library (English needs none)."""
    from scorekeeper.i18n import catalog

    code = rel.split("/")[2]
    if code == "en":
        return []
    with src.open("rb") as f:
        mo = catalog.compile_mo(catalog.read(f, code))
    return [(f"scorekeeper/{rel.removesuffix('.po')}.mo", mo)]


def _shipped(rel: str) -> bool:
    """A file of a vendored distribution the phone needs (Babel's pruned)."""
    if rel.startswith("babel/locale-data/"):
        return rel.removeprefix("babel/locale-data/").removesuffix(".dat") in BABEL_LOCALES
    return not rel.startswith(BABEL_SKIPPED)


def _packages_archive(wheels: dict[str, Path | metadata.Distribution]) -> bytes:
    buf = io.BytesIO()
    with _tar_gz(buf) as tar:
        for what in wheels.values():
            for rel, data in _dist_files(what):
                _add_bytes(tar, f"__pypackages__/{rel}", _slimmed(rel, data))
    return buf.getvalue()


def _slim_source(data: bytes) -> bytes:
    try:
        return strip_docstrings(data.decode("utf-8")).encode("utf-8")
    except UnicodeDecodeError:
        return data


#: Modules of the standard library nothing in the app, flet, tinydb or
#: pydantic imports (debuggers, profilers, the REPL, test runners, mail and
#: FTP clients, ...): not sent to the phone (tests/web/test_build_web.py
#: imports every module the app ships with the slimmed library, in Pyodide).
STDLIB_DROPPED = frozenset((
    "_pyrepl", "pydoc.py", "pdb.py", "bdb.py", "doctest.py", "unittest", "antigravity.py",
    "this.py", "__hello__.py", "__phello__", "mailbox.py", "imaplib.py", "poplib.py",
    "smtplib.py", "ftplib.py", "xmlrpc", "wsgiref", "tabnanny.py", "pyclbr.py", "trace.py",
    "cProfile.py", "profile.py", "pstats.py", "timeit.py", "zipapp.py", "modulefinder.py",
    "pickletools.py", "sqlite3", "wave.py", "rlcompleter.py", "shelve.py", "pty.py", "tty.py",
    "netrc.py",
))  # fmt: skip
#: The text encodings kept (the others are code pages of other scripts).
ENCODINGS_KEPT = re.compile(
    r"^encodings/(__init__|aliases|ascii|latin_1|utf_.*|idna|punycode|charmap"
    r"|raw_unicode_escape|unicode_escape|cp437|cp1252|iso8859_1|iso8859_15|mbcs|oem"
    r"|undefined|base64_codec|hex_codec|zlib_codec|bz2_codec|quopri_codec|uu_codec|rot_13)\.py$"
)


def _stdlib_kept(name: str) -> bool:
    if name.split("/")[0] in STDLIB_DROPPED:
        return False
    return not (name.startswith("encodings/") and not ENCODINGS_KEPT.match(name))


def _stdlib_files(path: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """Pyodide's standard library without its docstrings and what the app
    never imports (1 MB less)."""
    with zipfile.ZipFile(path) as src:
        return [
            (info, _slimmed(info.filename, src.read(info)))
            for info in src.infolist()
            if _stdlib_kept(info.filename)
        ]


def _stdlib_archive(
    files: list[tuple[zipfile.ZipInfo, bytes]], compiled: dict[str, bytes]
) -> bytes:
    """The standard library's zip, each module that compiles as bytecode
    alone (X.pyc in place of X.py: zipimport's layout)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info, data in files:
            name = info.filename
            pyc = compiled.get(STDLIB_ZIP + name)
            if pyc is not None:
                name, data = name + "c", pyc
            out = zipfile.ZipInfo(name, date_time=info.date_time)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = info.external_attr
            dst.writestr(out, data)
    return buf.getvalue()


def _slim_lockfile(path: Path) -> None:
    # Pyodide reads its package list at start; the app loads no package of it
    # (everything is vendored), so the list is left empty: 0.1 MB less.
    lock = json.loads(path.read_text("utf-8"))
    lock["packages"] = {}
    path.write_text(json.dumps(lock, separators=(",", ":")), "utf-8")


def _dist_files(what: Path | metadata.Distribution) -> Iterable[tuple[str, bytes]]:
    if isinstance(what, Path):  # a wheel: its files as they are
        with zipfile.ZipFile(what) as whl:
            for info in whl.infolist():
                if not info.is_dir() and ".dist-info/" not in info.filename:
                    yield info.filename, whl.read(info)
        return
    for f in what.files or []:
        rel = str(f).replace(os.sep, "/")
        if rel.startswith("..") or ".dist-info/" in rel or _skip_python_file(rel):
            continue
        if not _shipped(rel):
            continue
        path = Path(str(what.locate_file(f)))
        with contextlib.suppress(FileNotFoundError):
            yield rel, path.read_bytes()


# --- the command ----------------------------------------------------------------


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="scorekeeper build-web",
        description="Build the app as a static site that runs on a phone by itself, offline.",
    )
    p.add_argument("out_dir", type=Path, help="the folder to write the site into")
    p.add_argument("--base", default="/", help="the path the site is served under (default /)")
    args = p.parse_args(list(argv))
    try:
        size = build(args.out_dir, base=args.base)
    except BuildError as exc:
        print(f"scorekeeper build-web: {exc}", file=sys.stderr)
        return 2
    mb = size["bytes"] / 1e6
    print(f"Built {args.out_dir}: {size['files']} files, {mb:.1f} MB.")
    print("Serve it over HTTPS (or on localhost) from any static file server.")
    return 0
