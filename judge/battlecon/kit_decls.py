"""What the registered kits declare about themselves (``kit_parts``), gathered for the core:
the decision kinds and fields the record accepts, the secret kinds, the narrative's words,
the facts that tell a decision, and the per-beat fields of the state JSON.

The core names no fighter: a kit registered later (a plug-in module, a test's fighter) is
seen from then on. What is gathered is kept until a kit is registered or forgotten
(``fighters.generation``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from judge.battlecon.kit_parts import BeatField, DecisionField, DecisionKind
from judge.battlecon.kits import Fighter, fighter, fighter_ids, generation

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
    """Every registered kit's declarations, each list in fighter-id order (kinds by name),
    and what the core asks of them, computed once."""

    kinds: tuple[DecisionKind, ...]
    fields: tuple[DecisionField, ...]
    beat: tuple[BeatField, ...]
    tells: tuple[tuple[str, str], ...]
    all_kinds: tuple[str, ...] = ()
    all_fields: frozenset[str] = frozenset()
    secret: tuple[str, ...] = ()
    secret_beat: tuple[str, ...] = ()


def _gather(kits: list[Fighter]) -> Declared:
    kinds = tuple(sorted((d for k in kits for d in k.decisions), key=lambda d: d.kind))
    fields = tuple(f for k in kits for f in k.decision_fields)
    beat = tuple(b for k in kits for b in k.beat_fields)
    return Declared(
        kinds=kinds, fields=fields, beat=beat, tells=tuple(t for k in kits for t in k.tells),
        all_kinds=CORE_CHOICES + tuple(d.kind for d in kinds) + CORE_PROCEDURES,
        all_fields=CORE_FIELDS | {f for d in kinds for f in d.fields} | {f.field for f in fields},
        secret=CORE_SECRET + tuple(d.kind for d in kinds if d.secret),
        secret_beat=tuple(b.key for b in beat if b.secret))


_KEPT: list[tuple[int, Declared]] = []  # (registry generation, what it declared)


def declared() -> Declared:
    """The registered kits' declarations (kept until a kit is registered or forgotten)."""
    now = generation()
    if not _KEPT or _KEPT[0][0] != now:
        _KEPT[:] = [(now, _gather([fighter(f) for f in fighter_ids()]))]
    return _KEPT[0][1]


def decision_kinds() -> tuple[str, ...]:
    """Every decision kind a record may hold: the core's and the kits' own."""
    return declared().all_kinds


def decision_fields() -> frozenset[str]:
    """Every field a decision may carry."""
    return declared().all_fields


def own_kind(kind: str) -> DecisionKind | None:
    """A kit's own decision kind by name, or None (a core kind, or unknown)."""
    return next((d for d in declared().kinds if d.kind == kind), None)


def secret_kinds() -> tuple[str, ...]:
    """The decision kinds asked face down and shown at the Reveal."""
    return declared().secret


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
    return declared().secret_beat
