"""What the registered kits declare about themselves (``kit_parts``), gathered for the core:
the decision kinds and fields the record accepts, the secret kinds, the narrative's words,
the facts that tell a decision, and the per-beat fields of the state JSON.

The core names no fighter: a kit registered later (a plug-in module, a test's fighter) is
seen from then on. What is gathered is kept while the registry holds the same kits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from judge.battlecon.fighters import fighter, fighter_ids
from judge.battlecon.kit_parts import BeatField, DecisionField, DecisionKind

# The core's decision kinds, in the order the record lists them; a fighter's own kinds go
# between its choices (up to ``pick``) and its procedures (``arrange`` onwards).
CORE_CHOICES: Final = ("attack_pair", "ante", "pass", "clash_base", "move", "place", "may",
                       "pick")
CORE_PROCEDURES: Final = ("arrange", "order", "concede")
CORE_FIELDS: Final = frozenset({"player", "kind", "style", "base", "token", "count",
                                "finisher", "to", "marker", "accept", "option", "spaces",
                                "effects"})
CORE_SECRET: Final = ("attack_pair", "clash_base")  # laid face down (R4.1, R6.7)


@dataclass(frozen=True)
class Declared:
    """Every registered kit's declarations, each list in fighter-id order."""

    kinds: tuple[DecisionKind, ...]
    fields: tuple[DecisionField, ...]
    beat: tuple[BeatField, ...]
    tells: tuple[tuple[str, str], ...]


_KEPT: dict[tuple[Any, ...], Declared] = {}


def declared() -> Declared:
    """The registered kits' declarations (kept while the same kits are registered)."""
    kits = [fighter(f) for f in fighter_ids()]
    key = tuple((k.id, k.decisions, k.decision_fields, k.beat_fields, k.tells) for k in kits)
    found = _KEPT.get(key)
    if found is None:
        _KEPT.clear()
        found = _KEPT[key] = Declared(
            kinds=tuple(sorted((d for k in kits for d in k.decisions), key=lambda d: d.kind)),
            fields=tuple(f for k in kits for f in k.decision_fields),
            beat=tuple(b for k in kits for b in k.beat_fields),
            tells=tuple(t for k in kits for t in k.tells))
    return found


def decision_kinds() -> tuple[str, ...]:
    """Every decision kind a record may hold: the core's and the kits' own."""
    return CORE_CHOICES + tuple(d.kind for d in declared().kinds) + CORE_PROCEDURES


def decision_fields() -> frozenset[str]:
    """Every field a decision may carry."""
    d = declared()
    return CORE_FIELDS | {f for k in d.kinds for f in k.fields} | {f.field for f in d.fields}


def own_kind(kind: str) -> DecisionKind | None:
    """A kit's own decision kind by name, or None (a core kind, or unknown)."""
    return next((d for d in declared().kinds if d.kind == kind), None)


def secret_kinds() -> tuple[str, ...]:
    """The decision kinds asked face down and shown at the Reveal."""
    return CORE_SECRET + tuple(d.kind for d in declared().kinds if d.secret)


def field_words(decision: dict) -> DecisionField | None:
    """The kit field whose words tell ``decision`` (Hepzibah's ``paid_by``), or None."""
    kind = decision.get("kind")
    return next((f for f in declared().fields
                 if f.kind == kind and f.field in decision and f.words is not None), None)


def tells(kind: str) -> tuple[str, ...]:
    """The kits' facts (type names) that tell what a ``kind`` decision decided."""
    return tuple(fact for k, fact in declared().tells if k == kind)


def beat_fields() -> tuple[BeatField, ...]:
    return declared().beat


def secret_beat_keys() -> tuple[str, ...]:
    """The per-beat fields of the state JSON hidden until the attack pairs are revealed."""
    return tuple(b.key for b in declared().beat if b.secret)
