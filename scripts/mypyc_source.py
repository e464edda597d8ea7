"""The sources the compiled build compiles (``scripts/compile.sh``; docs/compiled.md).

mypyc leaves the ``__init__`` that ``@dataclass`` generates interpreted (about 20 times
slower than a compiled one), refuses a ``ClassVar`` declared in a dataclass body, and lets
no interpreted class subclass a compiled one unless the compiled one allows it. So each
module to compile is written again, for the build only, with these mechanical changes:

- every dataclass gets its own ``__init__`` with the parameters the generated one takes
  (fields in order, defaults, default factories, keyword-only fields; not the
  ``field(init=False)`` ones), calling ``__post_init__`` if the class has one, and
  ``init=False``; ``@fast_init`` (a pure-Python speed-up) is dropped;
- each ``ClassVar`` set in a dataclass body is set on the class after the body instead;
- in ``facts.py`` (whose classes the fighters and tests subclass), every class allows
  interpreted subclasses, and each fact class gets ``_from_stored`` (``Shape.read``'s
  way to build a complete stored fact when compiled); elsewhere each dataclass gets a ``__copy__`` through its
  ``__init__`` (``copy.copy`` of a compiled class with its own ``__init__`` would call it
  with no arguments), in place of the class's own ``__copy__`` if it has one (``state.py``'s
  copy ``__dict__``, which a compiled instance does not have).

The committed source is not changed and stays the truth: what runs compiled is this same
code, with the ``__init__`` each dataclass would have had written out.

    python scripts/mypyc_source.py OUT judge/battlecon/facts.py ...
"""

from __future__ import annotations

import ast
import importlib.util
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

SUBCLASSED = {"judge/battlecon/facts.py"}  # modules whose classes interpreted code extends
FACTORY = "_MYPYC_FACTORY"
STAMP = "judge/battlecon/speed/stamp.py"  # what a build was built from, filled in here
BUILD = "judge/battlecon/speed/build.py"  # its digest of the sources  # a parameter left to its default factory


@dataclass
class Param:
    name: str
    annotation: str
    default: str | None = None  # source of the default value
    factory: str | None = None  # source of the default factory
    kw_only: bool = False
    init: bool = True  # False: not a parameter; ``__post_init__`` sets it


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return target.id if isinstance(target, ast.Name) else ""


def _param(stmt: ast.AnnAssign) -> Param:
    name = stmt.target.id  # type: ignore[union-attr]
    p = Param(name, ast.unparse(stmt.annotation))
    value = stmt.value
    if isinstance(value, ast.Call) and _decorator_name(value) == "field":
        for kw in value.keywords:
            if kw.arg == "default":
                p.default = ast.unparse(kw.value)
            elif kw.arg == "default_factory":
                p.factory = ast.unparse(kw.value)
            elif kw.arg == "kw_only":
                p.kw_only = bool(ast.literal_eval(kw.value))
            elif kw.arg == "init":
                p.init = bool(ast.literal_eval(kw.value))
    elif value is not None:
        p.default = ast.unparse(value)
    return p


def _is_classvar(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.AnnAssign) and ast.unparse(stmt.annotation).startswith(
        "ClassVar")


def _unchanging(stmt: ast.stmt, cls: str, body: list[ast.stmt]) -> ast.stmt:
    """``apply = changes_nothing`` (a function as a class attribute, which mypyc does not
    make a method) as a method calling it, and the class named in ``UNCHANGING``."""
    if not (isinstance(stmt, ast.Assign) and ast.unparse(stmt) == "apply = changes_nothing"):
        return stmt
    body.append(ast.parse(f"UNCHANGING.add({cls})").body[0])
    return ast.parse("def apply(self, s: DuelState) -> None:\n"
                     "    changes_nothing(self, s)\n").body[0]


def _merge(fields: list[Param], own: list[Param]) -> list[Param]:
    """Dataclass field order: a base's fields first; a redeclared one keeps its place."""
    out = {p.name: p for p in fields}
    for p in own:
        out[p.name] = p
    return list(out.values())


def _init_source(fields: list[Param], frozen: bool, post_init: bool) -> str:
    fields = [p for p in fields if p.init]
    plain = [p for p in fields if not p.kw_only]
    keyword = [p for p in fields if p.kw_only]

    def parameter(p: Param) -> str:
        if p.factory is not None:
            return f"{p.name}: Any = {FACTORY}"
        return f"{p.name}: {p.annotation}" + (f" = {p.default}" if p.default else "")

    params = ["self", *map(parameter, plain), *(["*", *map(parameter, keyword)] if keyword
                                                 else [])]
    body = []
    for p in fields:
        value = p.name
        if p.factory is not None:
            value = f"({p.factory})() if {p.name} is {FACTORY} else {p.name}"
        body.append(f"object.__setattr__(self, {p.name!r}, {value})" if frozen
                    else f"self.{p.name} = {value}")
    if post_init:
        body.append("self.__post_init__()")
    return f"def __init__({', '.join(params)}) -> None:\n" + "".join(
        f"    {line}\n" for line in body or ["pass"])


def _arguments(fields: list[Param], value: str) -> str:
    """The arguments of a call of the ``__init__``: each field's ``value`` (a format with
    ``{}`` for its name), positionally, the keyword-only ones by name."""
    return ", ".join(value.format(p.name) if not p.kw_only else f"{p.name}={value.format(p.name)}"
                     for p in sorted(fields, key=lambda p: p.kw_only) if p.init)


def _copy_source(cls: str, fields: list[Param]) -> str:
    """``__copy__`` through the compiled ``__init__``: ``copy.copy`` would make the instance
    with ``cls.__new__``, which on a compiled class with its own ``__init__`` calls it."""
    return (f"def __copy__(self) -> {cls}:\n"
            f"    return {cls}({_arguments(fields, 'self.{}')})\n")


def _stored_source(cls: str, fields: list[Param]) -> str:
    """``_from_stored``: the fact stored as a dict that has exactly its fields and "type"
    (``Shape.read`` checks that first), through the compiled ``__init__``."""
    return (f"@staticmethod\ndef _from_stored(d: dict) -> {cls}:\n"
            f"    return {cls}({_arguments(fields, 'd[{!r}]')})\n")


def _dataclass_call(cls: ast.ClassDef) -> ast.Call | None:
    """The class's ``@dataclass(...)`` decorator, made a call if it was a bare name."""
    for k, d in enumerate(cls.decorator_list):
        if _decorator_name(d) == "dataclass":
            if not isinstance(d, ast.Call):
                d = cls.decorator_list[k] = ast.Call(ast.Name("dataclass"), [], [])
            return d
    return None


def transform(tree: ast.Module, subclassed: bool) -> ast.Module:
    known: dict[str, list[Param]] = {}  # this module's dataclasses and their fields
    body: list[ast.stmt] = []
    for node in tree.body:
        body.append(node)
        if not isinstance(node, ast.ClassDef):
            continue
        if subclassed:
            node.decorator_list.insert(0, ast.parse(
                "mypyc_attr(allow_interpreted_subclasses=True)", mode="eval").body)
        call = _dataclass_call(node)
        if call is None:
            continue
        node.decorator_list = [d for d in node.decorator_list
                               if _decorator_name(d) != "fast_init"]
        frozen = any(k.arg == "frozen" and ast.literal_eval(k.value) for k in call.keywords)
        inherited: list[Param] = []
        for base in node.bases:
            inherited = _merge(inherited, known.get(ast.unparse(base), []))
        after = [s for s in node.body if _is_classvar(s) and s.value is not None]
        node.body = [_unchanging(s, node.name, body) for s in node.body if s not in after]
        own = [_param(s) for s in node.body if isinstance(s, ast.AnnAssign)]
        fields = known[node.name] = _merge(inherited, own)
        methods = {s.name for s in node.body if isinstance(s, ast.FunctionDef)}
        if "__init__" not in methods:
            node.body.append(ast.parse(
                _init_source(fields, frozen, "__post_init__" in methods)).body[0])
            extra = _stored_source if subclassed else _copy_source
            if not subclassed:  # the source's own (interpreted: ``speed/shallow.py``) gives way
                node.body = [s for s in node.body
                             if not (isinstance(s, ast.FunctionDef) and s.name == "__copy__")]
            node.body.append(ast.parse(extra(node.name, fields)).body[0])
            call.keywords = [k for k in call.keywords if k.arg != "init"] + [
                ast.keyword("init", ast.Constant(False))]
        for s in after:
            body.append(ast.parse(f"{node.name}.{ast.unparse(s.target)} = "
                                  f"{ast.unparse(s.value)}").body[0])  # type: ignore[arg-type]
    tree.body = body
    return tree


def _prelude(subclassed: bool) -> list[ast.stmt]:
    lines = f"from typing import Any, Final\n{FACTORY}: Final[Any] = object()\n"
    if subclassed:
        lines += "from mypy_extensions import mypyc_attr\n"
    return ast.parse(lines).body


def write(module: str, out: Path) -> None:
    tree = ast.parse(Path(module).read_text(), module)
    subclassed = module in SUBCLASSED
    tree = transform(tree, subclassed)
    future = [s for s in tree.body if isinstance(s, ast.ImportFrom) and s.module == "__future__"]
    docstring = tree.body[:1] if tree.body and isinstance(tree.body[0], ast.Expr) else []
    rest = [s for s in tree.body if s not in future and s not in docstring]
    tree.body = docstring + future + _prelude(subclassed) + rest
    target = out / module
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(ast.unparse(tree) + "\n")


def main() -> None:
    out, modules = Path(sys.argv[1]), sys.argv[2:]
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree("judge", out / "judge", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    for module in modules:
        write(module, out)
    if STAMP in modules:
        stamp([m for m in modules if m != STAMP], out)


def stamp(sources: list[str], out: Path) -> None:
    """The build's copy of ``speed/stamp.py`` names the sources compiled and their digest,
    which the package compares with its sources at import (``judge.battlecon.speed.build``,
    loaded by path: importing the package here would run the build being replaced)."""
    spec = importlib.util.spec_from_file_location("_judge_build", BUILD)
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    (out / STAMP).write_text(
        '"""What this compiled build was built from (scripts/mypyc_source.py)."""\n'
        "from typing import Final\n"
        f"SOURCES: Final[tuple[str, ...]] = {tuple(sorted(sources))!r}\n"
        f"DIGEST: Final[str] = {build.digest(sources, Path.cwd())!r}\n")


if __name__ == "__main__":
    main()
