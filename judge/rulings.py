"""Switchable rulings, one shape for every ruleset: a fork may answer "what if the other
reading applied" (issue 14) by naming rulings and readings that replace its parent's.

A ruleset describes its rulings as ``{id: {"rule", "title", "default", "recommended",
"readings": [{"value", "text"}]}}`` (``Ruleset.rulings``): ``default`` is the reading of a
record that names none (what records written before the ruling were judged under, so it never
changes), ``recommended`` the reading a new duel should name (the new-duel page and the
playouts name it). ``switched`` checks the readings a caller names against that description
and refuses, naming the ruling, anything it does not hold."""

from __future__ import annotations

from typing import Any

from judge.errors import RecordError


def reading(value: Any, text: str) -> dict[str, Any]:
    return {"value": value, "text": text}


def switched(described: dict[str, dict[str, Any]], current: dict[str, Any],
             changes: Any) -> dict[str, Any]:
    """``current`` (id -> reading) with ``changes`` applied; RecordError (field
    ``rulings.<id>``) for a ruling the ruleset does not switch or a reading it does not
    judge. A reading must match in type too: ``-1`` is not ``"-1"``."""
    if not isinstance(changes, dict):
        raise RecordError("rulings must be an object of ruling ids and readings.", "rulings",
                          field="rulings")
    out = dict(current)
    for ruling, value in changes.items():
        where = f"rulings.{ruling}"
        if ruling not in described:
            raise RecordError(f"There is no switchable ruling {ruling!r}; the rulings are "
                              f"{', '.join(described) or 'none'}.", "rulings", field=where)
        values = [r["value"] for r in described[ruling]["readings"]]
        if not any(value == v and type(value) is type(v) for v in values):
            raise RecordError(f"{value!r} is not a reading of the ruling {ruling!r}; its "
                              f"readings are {', '.join(repr(v) for v in values)}.",
                              described[ruling]["rule"], field=where)
        out[ruling] = value
    return out


def changed(before: dict[str, Any], after: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The rulings whose reading differs: id -> {"from", "to"}."""
    return {k: {"from": before.get(k), "to": v} for k, v in after.items()
            if before.get(k) != v}
