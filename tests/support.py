"""Helpers shared by the test packages: the engine's own view of a duel, readable diffs, and
the size of the sweeps over the roster."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judge.battlecon import Duel
from judge.battlecon.notation import state_json


def engine_state(duel: Duel, n: int) -> dict:
    """The engine's state JSON after event n, with the prompt there and its event number."""
    out = state_json(duel.state_at(n), duel.need_at(n))
    out["event"] = n
    return out


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ, for readable failures."""
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: only on one side ({a.get(key)!r} / {b.get(key)!r})"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


# The sweeps over every pairing of the roster run in full on demand
# (``BATTLECON_FULL_SWEEPS=1 bash scripts/test.sh``); CI runs a fixed sample in which every
# fighter meets two others, one on each side, and a few mirror matches (docs: README, Tests).
FULL_SWEEPS = os.environ.get("BATTLECON_FULL_SWEEPS", "") not in ("", "0")


def sampled_pairings(fighters: Sequence[str], pairs: Sequence[tuple[str, str]]
                     ) -> list[tuple[str, str]]:
    """``pairs`` (in their order), all of them under ``FULL_SWEEPS``, otherwise those of the
    CI sample: fighter i against fighter i + 7 (each fighter on each side once) and every
    sixth fighter's mirror match. A pair counts in either order."""
    if FULL_SWEEPS:
        return list(pairs)
    n = len(fighters)
    chosen = {frozenset((fighters[i], fighters[(i + 7) % n])) for i in range(n)}
    chosen |= {frozenset((fighters[i],)) for i in range(0, n, 6)}
    return [p for p in pairs if frozenset(p) in chosen]


def passes_on_the_source(nodeid: str) -> bool:
    """Whether this process runs the source (then the caller goes on), else runs test
    ``nodeid`` in a process on the source (``JUDGE_BUILD=pure``, docs/compiled.md) and
    asserts that it passed. For sweeps that read the source of what the rules call: a
    compiled function has neither source nor the closure cells a sweep follows."""
    from judge.builds import compiled_modules as running

    if not running():  # no module of the rules core runs compiled
        return True
    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:xdist", nodeid], cwd=root,
                         env={**env, "JUDGE_BUILD": "pure", "PYTHONPATH": str(root)},
                         capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
    return False
