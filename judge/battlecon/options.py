"""A duel's options (special actions, Finisher antes, the time limit, switched rulings),
read from a record or a position: a leaf, so that both ``record`` (which reads positions)
and ``position`` use the same rules without importing each other."""

from __future__ import annotations

from typing import Any

from judge.battlecon.rulings import KNOWN
from judge.errors import RecordError

DEFAULT_OPTIONS = {"special_actions": True, "ante_finishers": False, "time_limit": True,
                   "rulings": {}}
# Every ruling a record may name, with its readings: judge/battlecon/rulings.py declares them.
KNOWN_RULINGS: dict[str, tuple[Any, ...]] = KNOWN  # the core's and the registered kits'


def parse_options(raw: Any) -> dict:
    """The options with every default filled in, or a RecordError (also used by positions)."""
    options = dict(DEFAULT_OPTIONS)
    if not isinstance(raw, dict):
        raise RecordError("options must be an object.", "record.options", field="options")
    for key, value in raw.items():
        if key not in DEFAULT_OPTIONS:
            raise RecordError(f"Unknown option {key!r}.", "record.options", field="options")
        if key == "rulings":
            if not isinstance(value, dict):
                raise RecordError("options.rulings must be an object.", "record.options", field="options")
            for rk, rv in value.items():
                allowed = KNOWN_RULINGS.get(rk, ())
                if rv not in allowed or type(rv) not in {type(a) for a in allowed}:
                    raise RecordError(f"Unknown ruling {rk}={rv!r}; known: {KNOWN_RULINGS}.",
                                      "record.options", field="options")
        elif not isinstance(value, bool):
            raise RecordError(f"Option {key} must be true or false.", "record.options", field="options")
        options[key] = value
    return options
