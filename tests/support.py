"""Helpers shared by the test packages: the engine's own view of a duel, readable diffs."""

from __future__ import annotations

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
