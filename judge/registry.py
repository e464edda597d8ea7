"""The registry of rulesets, keyed by the name a record carries in ``ruleset``.

Built-in rulesets are imported on first use from the module named here, so that no module
outside a ruleset's package imports it (the import contract in pyproject.toml checks this);
a ruleset defined elsewhere (a test's, a plug-in's) calls ``register``. A stored setup
without a ``ruleset`` field was written by release 1, which knew only BattleCON 2014.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

from judge.errors import RecordError
from judge.ruleset import Ruleset

DEFAULT = "battlecon-2014"
BUILT_IN = {"battlecon-2014": "judge.battlecon.ruleset",
            "battlecon-2011": "judge.battlecon.ruleset2011",
            "artobattlers": "judge.artobattlers.ruleset"}

_RULESETS: dict[str, Ruleset] = {}
_lock = threading.Lock()


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` findable by its name; a second, different one of that name raises."""
    with _lock:
        known = _RULESETS.get(ruleset.name)
        if known is not None and known is not ruleset:
            raise ValueError(f"A ruleset named {ruleset.name!r} is already registered.")
        _RULESETS[ruleset.name] = ruleset
    return ruleset


def find(name: str) -> Ruleset:
    """The ruleset called ``name``; RecordError when there is none."""
    ruleset = _RULESETS.get(name)
    if ruleset is None and name in BUILT_IN:
        importlib.import_module(BUILT_IN[name])  # registers itself
        ruleset = _RULESETS.get(name)
    if ruleset is None:
        raise RecordError(f"Unknown ruleset {name!r}; known: {', '.join(names())}.",
                          "record.ruleset", field="ruleset")
    return ruleset


def names() -> list[str]:
    """Every ruleset that can be found, built-in or registered."""
    return sorted(set(BUILT_IN) | set(_RULESETS))


def default() -> Ruleset:
    return find(DEFAULT)


def of_record(record: Any) -> Ruleset:
    """The ruleset a record names (``ruleset``, else the one whose ``format`` it has)."""
    if not isinstance(record, dict):
        raise RecordError("A record must be a JSON object.", "record")
    name = record.get("ruleset")
    if name is None:
        for candidate in [DEFAULT, *names()]:  # a profile shares 2014's format
            if find(candidate).record_format == record.get("format"):
                return find(candidate)
        raise RecordError(f"Unknown record format {record.get('format')!r}; expected one of "
                          f"{', '.join(repr(find(n).record_format) for n in names())}.",
                          "record.format", field="format")
    if not isinstance(name, str):
        raise RecordError("ruleset must be a string.", "record.ruleset", field="ruleset")
    return find(name)


def of_setup(setup: dict[str, Any]) -> Ruleset:
    """The ruleset of a stored setup (release 1's setups name none: BattleCON 2014)."""
    return find(setup.get("ruleset", DEFAULT))


def from_record(record: Any) -> Any:
    """Judge a whole record under the ruleset it names."""
    return of_record(record).from_record(record)
