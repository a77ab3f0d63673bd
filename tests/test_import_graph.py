"""No module of scorekeeper imports itself back, by any path.

Every import counts: at the top, under ``if TYPE_CHECKING:`` and inside a
function.  A cycle that only the type checker sees, or that a function's
import hides from the interpreter, still ties the modules together: none
can be read, tested or moved without the others.  A module needs only
what it names; what it needs back goes through a protocol (see
ui/review/common.py's ``Review``) or moves to a module both may import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

Graph = dict[str, set[str]]


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module under ``root`` (the folder of ``package``) by its dotted
    name; a package is its ``__init__.py``."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> list[str]:
    """The dotted names an import statement in module ``name`` may refer to:
    ``from .x import y`` names ``pkg.x.y`` (if y is a module) and ``pkg.x``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        target = ".".join([*base, *([node.module] if node.module else [])])
    else:
        target = node.module or ""
    return [target, *(f"{target}.{alias.name}" for alias in node.names)]


def import_graph(root: Path, package: str) -> Graph:
    """Each module of ``package`` -> the modules of it that it imports.

    ``from . import x`` is an import of module ``x`` (not of the package);
    ``from .x import y`` of module ``x`` (or of ``x.y`` when that is a
    module); ``from . import y`` where ``y`` is no module, of the package.
    The packages an import passes through on its way are not counted:
    every module imports its package first, so they would make a cycle of
    every package's ``__init__`` importing its modules."""
    modules = module_names(root, package)
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = imported(node, name, is_package)
            if isinstance(node, ast.ImportFrom):
                target, *subs = names
                names = [s for s in subs if s in modules]
                if len(names) < len(subs):  # some names are the module's own
                    names.append(target)
            graph[name].update(n for n in names if n in modules and n != name)
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One cycle, as the modules along it back to the first, or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph[node]):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                cycle = visit(nxt)
                if cycle is not None:
                    return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            cycle = visit(start)
            if cycle is not None:
                return cycle
    return None


def test_scorekeeper_has_no_import_cycle() -> None:
    graph = import_graph(Path(scorekeeper.__file__).parent, "scorekeeper")
    assert len(graph) > 100  # the whole package was read
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_every_kind_of_import_counts(tmp_path: Path) -> None:
    """A cycle through a type checker's import, a function's import or
    ``from . import x`` is found, and an import of the package's own name is
    not taken for one of its modules."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "VERSION = 1\n",
        "a.py": "from .sub import b\n",
        "sub/__init__.py": "",
        "sub/b.py": "def f() -> None:\n    from .. import c\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import X\n",
        "d.py": "from . import VERSION\nimport pkg.sub.b\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    graph = import_graph(pkg, "pkg")
    assert graph == {
        "pkg": set(),
        "pkg.a": {"pkg.sub.b"},
        "pkg.sub": set(),
        "pkg.sub.b": {"pkg.c"},
        "pkg.c": {"pkg.a"},
        "pkg.d": {"pkg", "pkg.sub.b"},
    }
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]
    graph["pkg.c"].clear()
    assert find_cycle(graph) is None
