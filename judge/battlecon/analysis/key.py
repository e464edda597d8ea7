"""A position's key for a cache of analyses: equal for the same position wherever it is
met (two duels, a shared position), whatever the players are called."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from judge.battlecon.state import DuelState


def position_key(s: DuelState) -> str:
    """The sha256 of the state's every compared field (its cache, which the state's
    equality leaves out, and the players' names left out)
    in a canonical JSON: sets and mappings sorted, so insertion order does not count."""
    values: dict[str, Any] = {f.name: canonical(getattr(s, f.name))
                              for f in dataclasses.fields(s) if f.compare}
    values["players"] = [{**canonical(p), "name": None} for p in s.players]
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def canonical(value: Any) -> Any:
    """``value`` as JSON data that is the same for equal values (dataclasses by their
    fields, read through ``dataclasses.fields``: a compiled class has no ``__dict__``)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return sorted(([canonical(k), canonical(v)] for k, v in value.items()), key=repr)
    if isinstance(value, set | frozenset):
        return sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return repr(value)
