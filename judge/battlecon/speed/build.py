"""Which build of the rules core runs, and why a stale compiled build never does.

Python imports a ``.so`` before the ``.py`` beside it, so a compiled module built before an
edit of its source would silently run instead of the edited source. The compiled build
therefore carries a stamp (``stamp.SOURCES``, ``stamp.DIGEST``: its sources and their
digest when it was built). When the package is imported, ``choose()`` compares it with the
sources as they are now (their modification times first, the digest only if one is newer
than the build), and where they differ, or where compiled modules carry no stamp, or where
``JUDGE_BUILD=pure`` is set, it makes every later import of ``judge.battlecon`` load the
``.py`` source, saying once on stderr why. ``scripts/setup.sh`` rebuilds a changed build.

This module imports nothing from ``judge``: ``scripts/mypyc_source.py`` loads it by path
to stamp a build, and the package runs it before any compiled module is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[3]  # the repository: judge/ is in it
PACKAGE = Path(__file__).resolve().parents[1]  # judge/battlecon
STAMP = "judge.battlecon.speed.stamp"


def digest(sources: Sequence[str], root: Path = ROOT) -> str:
    """The sha256 of the sources (paths from ``root``) and their contents, in order."""
    h = hashlib.sha256()
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return h.hexdigest()


def compiled_files() -> list[Path]:
    """The compiled modules present in the package (``.so`` files beside the sources)."""
    return sorted(PACKAGE.rglob("*.so"))


def _fresh(stamp: ModuleType, built: Path) -> bool:
    sources: tuple[str, ...] = stamp.SOURCES
    try:
        at = built.stat().st_mtime
        if all((ROOT / name).stat().st_mtime <= at for name in sources):
            return True
        return digest(sources) == stamp.DIGEST
    except OSError:
        return False  # a source is gone: the build does not match it


def why_pure() -> str:
    """Why the source must run instead of the compiled modules present ("": they may run,
    or there are none)."""
    if not compiled_files():
        return ""
    if os.environ.get("JUDGE_BUILD") == "pure":
        return "JUDGE_BUILD=pure"
    stamp = importlib.import_module(STAMP)
    built = Path(str(stamp.__file__))
    if built.suffix != ".so" or not stamp.DIGEST:
        return "the compiled modules carry no stamp (built by an older scripts/compile.sh)"
    if not _fresh(stamp, built):
        return "a compiled module's source changed since it was built"
    return ""


class PureSource(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of every ``judge.battlecon`` module, before the ``.so``."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not name.startswith("judge.battlecon.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for entry in path:
            source = Path(entry) / f"{leaf}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(name, source)
        return None


def choose() -> None:
    """Run the source where the compiled build may not run (above); say so once."""
    reason = why_pure()
    if reason and not any(isinstance(f, PureSource) for f in sys.meta_path):
        sys.meta_path.insert(0, PureSource())
        sys.modules.pop(STAMP, None)  # the compiled stamp read above: the source's from now
        if reason != "JUDGE_BUILD=pure":
            print(f"judge: running the rules core as pure Python: {reason}; "
                  "`bash scripts/setup.sh` rebuilds it (docs/compiled.md)", file=sys.stderr)
