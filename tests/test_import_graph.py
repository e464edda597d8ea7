"""No import circle in ``judge/``, ``events/`` or ``api/`` (issue 30).

The graph is read from the code with ``ast``, every import counted alike: at the top of a
module, inside a function, under ``if TYPE_CHECKING:`` (a late import hides a circle from
Python, not from a reader). ``from pkg import name`` is an arrow to ``pkg.name`` when that
is a module, else to ``pkg``. A circle is a strongly connected component of more than one
module (or a module importing itself).

import-linter's ``layers`` contracts (pyproject.toml) order the packages and the modules of
``events`` and ``judge.battlecon``, but allow circles inside one layer; this test allows none.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("judge", "events", "api")

def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of the packages under root, by its dotted name (a package by its own)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a ``from`` import names, relative imports resolved against ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> Iterator[str]:
    """The modules of ``known`` that a module's code imports, wherever the import stands."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, module, is_package)
            for alias in node.names:
                if f"{source}.{alias.name}" in known:
                    yield f"{source}.{alias.name}"
                elif source in known:
                    yield source


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    """module -> the modules it imports, among the packages' own."""
    files = module_files(root, packages)
    known = set(files)
    return {module: set(imported(ast.parse(path.read_text("utf-8"), str(path)), module,
                                 path.name == "__init__.py", known))
            for module, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The import circles: strongly connected components of more than one module, or a
    module importing itself (Tarjan's algorithm, iterative: no recursion limit to meet)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start not in index:
            _strongconnect(start, graph, index, low, stack, on_stack, found)
    return found


def _strongconnect(start: str, graph: dict[str, set[str]], index: dict[str, int],
                   low: dict[str, int], stack: list[str], on_stack: set[str],
                   found: list[frozenset[str]]) -> None:
    work = [(start, iter(sorted(graph[start])))]
    index[start] = low[start] = len(index)
    stack.append(start)
    on_stack.add(start)
    while work:
        node, targets = work[-1]
        target = next(targets, None)
        if target is not None:
            if target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                on_stack.add(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in on_stack:
                low[node] = min(low[node], index[target])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[node])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(frozenset(component))


def test_no_import_circle() -> None:
    found = circles(import_graph(ROOT, PACKAGES))
    assert not found, f"an import circle (issue 30 allows none; break it): {sorted(map(sorted, found))}"


def test_the_graph_sees_the_arrows_the_circles_are_made_of() -> None:
    """The reader finds arrows of each kind in the real code (else an empty graph would
    pass the test above): top-level, ``from pkg import submodule``, in-function."""
    graph = import_graph(ROOT, PACKAGES)
    assert "judge.battlecon.position" in graph["judge.battlecon.record"]
    assert "judge.battlecon.options" in graph["judge.battlecon.position"]
    assert "judge.battlecon.rulestamp" in graph["judge.battlecon.record"]  # from pkg import mod
    assert "events.app" in graph["api.cli"]  # inside a function (a command loads the store late)
    assert "events.retraction" in graph["events.retractable"]  # from events import retraction
    assert "events.domain" not in graph["events.retraction"]


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


def test_every_kind_of_import_closes_a_circle(tmp_path: Path) -> None:
    """A late import, a TYPE_CHECKING import and a relative ``from . import mod`` are
    arrows like any other; an import from outside the packages is none."""
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "import json\nfrom pkg.b import thing\n",
        "pkg/b.py": "def f():\n    from pkg import c\n    return c\nthing = 1\n",
        "pkg/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n",
        "pkg/d.py": "from pkg.a import json\nimport pkg.d\n",
        "pkg/e.py": "from pkg import a\n",
    })
    graph = import_graph(tmp_path, ["pkg"])
    assert graph["pkg.b"] == {"pkg.c"} and graph["pkg.c"] == {"pkg.a"}
    assert sorted(map(sorted, circles(graph))) == [["pkg.a", "pkg.b", "pkg.c"], ["pkg.d"]]


def test_a_tree_has_no_circle(tmp_path: Path) -> None:
    _write(tmp_path, {"pkg/__init__.py": "from pkg.top import x\n",
                      "pkg/top.py": "from pkg.leaf import x\n", "pkg/leaf.py": "x = 1\n"})
    assert circles(import_graph(tmp_path, ["pkg"])) == []
