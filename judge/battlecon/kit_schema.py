"""The record and state schemas with what the registered kits declare (``kit_parts``): a
fighter's own decision kinds, the fields it adds to a core decision, its per-beat fields
in the state. The files in ``schema/`` hold the core; a kit's fragments are added here, so
a fighter registered by a plug-in module is in the schemas the API serves.

A kit's kind goes where ``kit_decls.decision_kinds`` lists it: after the core's choices
(``pick``), before its procedures (``arrange``), in the kind enum and the ``oneOf`` alike.
"""

from __future__ import annotations

import copy
from typing import Any

from judge.battlecon.kit_decls import CORE_PROCEDURES, declared


def _insert_before(items: list[Any], new: list[Any], before: Any) -> list[Any]:
    """``items`` with ``new`` put before the first item equal to ``before`` (else at the end)."""
    at = items.index(before) if before in items else len(items)
    return items[:at] + new + items[at:]


def record(schema: dict[str, Any]) -> dict[str, Any]:
    """The record schema ``schema`` (the core's file) with the kits' decisions, a copy."""
    out = copy.deepcopy(schema)
    defs = out["$defs"]
    kinds = declared().kinds
    decision = defs["decision"]
    enum = decision["properties"]["kind"]["enum"]
    decision["properties"]["kind"]["enum"] = _insert_before(
        enum, [d.kind for d in kinds], CORE_PROCEDURES[0])
    decision["oneOf"] = _insert_before(
        decision["oneOf"], [{"$ref": f"#/$defs/{d.kind}"} for d in kinds],
        {"$ref": f"#/$defs/{CORE_PROCEDURES[0]}"})
    for d in kinds:
        defs[d.kind] = copy.deepcopy(d.schema)
    for f in declared().fields:
        target = defs[f.definition]
        target["properties"][f.field] = copy.deepcopy(f.schema)
        target["description"] = f"{target['description'].rstrip('.')}; {f.about}"
    return out


def state(schema: dict[str, Any]) -> dict[str, Any]:
    """The state schema ``schema`` (the core's file) with the kits' prompt kinds and
    per-beat player fields, a copy."""
    out = copy.deepcopy(schema)
    defs = out["$defs"]
    prompt_kind = defs["prompt"]["properties"]["kind"]
    prompt_kind["enum"] = _insert_before(
        prompt_kind["enum"], [d.kind for d in declared().kinds if d.prompt], CORE_PROCEDURES[0])
    player = defs["player"]["properties"]
    for f in declared().beat:
        player[f.key] = copy.deepcopy(f.schema)
    return out
