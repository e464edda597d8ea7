"""The rules a duel is judged under: ``setup["rules"]``, beside the card data's
``setup["cards"]`` (``judge.battlecon.cardset``).

A fix to how the engine judges a decision must not change what a stored duel or an
exported record means. So each such fix is a *switch* at its choke point, keyed to the
stamp: ``fixed(s, SPENDING)`` is true for a duel stamped with a release that has the fix.

- A setup without a stamp (every duel and record made before the stamps) is judged
  exactly as before: level 1. It keeps taking decisions under it (a live table is never
  frozen by an upgrade), and it imports and verifies as it did.
- New duels name today's stamp (``TODAY``), as they name the recommended rulings: the
  new-duel page, ``judge new`` and the playouts. A fork with ``todays_rules`` re-stamps.
- A stamp this release does not know is refused (``level``).

The stamp is part of the setup, so the genesis hash covers it.
"""

from __future__ import annotations

from typing import Any, Final

from judge.errors import RecordError

LEGACY: Final = 1  # no stamp: the rules of every release before the stamps
# Each stamp this release judges, by its level (a later level keeps every earlier fix).
STAMPS: Final[dict[str, int]] = {"rules-2": 2}
TODAY: Final = "rules-2"

# The fixes, by name: the level that brings each, and what it changes (docs/fighters.md,
# "Blanket rules"; record-format.md, "The rules stamp").
SPENDING: Final = "spending"
ANTE_CANCEL: Final = "ante-cancel"
NEGATION: Final = "negation"
IGNORE_MOVEMENT: Final = "ignore-movement"
CLASH_REVEAL: Final = "clash-reveal"
AFTER_RECYCLING: Final = "after-recycling"
MOVE_DIRECTLY: Final = "move-directly"
FIXES: Final[dict[str, tuple[int, str]]] = {
    SPENDING: (2, "a spend forbidden (Naturalizing) forbids every token or counter given up "
                  "to pay for an effect"),
    ANTE_CANCEL: (2, "an ante cancelled (Naturalizing) cancels every effect of what was "
                     "anted, Start of Beat and passive ones included"),
    NEGATION: (2, "a triggered effect negated (Stasis Charge) is every triggered effect, "
                  "'whenever' ones included (R18.1)"),
    IGNORE_MOVEMENT: (2, "a fighter who may ignore movement (Exoskeletal, Rooted, Sturdy) is "
                         "asked before every movement effect"),
    CLASH_REVEAL: (2, "a Base played in a Clash does not trigger its Reveal effects "
                      "(R6.7a)"),
    AFTER_RECYCLING: (2, "unique abilities that act at the end of each beat act after "
                         "recycling (R10.3)"),
    MOVE_DIRECTLY: (2, "a 'move directly' effect always chooses an unoccupied space, never "
                       "the mover's own (R17.12)"),
}


def level(stamp: Any) -> int:
    """The level of a setup's stamp (``LEGACY`` when there is none), or a RecordError for
    a stamp this release does not know."""
    return LEGACY if stamp is None else known(stamp)


def known(stamp: Any) -> int:
    """The level of a stamp a record names, or a RecordError for one this release does not
    know (``null`` included: a record without a stamp leaves the field out)."""
    found = STAMPS.get(stamp) if isinstance(stamp, str) else None
    if found is None:
        known = ", ".join(sorted(STAMPS))
        raise RecordError(f"rules must be a rules version this release knows ({known}), not "
                          f"{stamp!r}: the duel was judged by rules this release cannot "
                          "apply.", "record.rules", field="rules")
    return found


def fixed(s: Any, fix: str) -> bool:
    """Whether the duel in state ``s`` is judged with ``fix`` (its stamp's level has it)."""
    return bool(s.rules >= FIXES[fix][0])


def todays(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup stamped with today's rules (a fork that re-judges under them)."""
    return {**setup, "rules": TODAY}


def fixes_between(old: int, new: int) -> list[str]:
    """The fixes a duel of level ``old`` lacks at level ``new``, by name."""
    return [name for name, (at, _) in FIXES.items() if old < at <= new]
