"""C25: the four preview fighters' (and the generic Bases') 2011 card values, derived from
001's worked examples, which give attack *totals*, never a card's own value.

Each derived value names its passage and how it follows. A number on a card (range, power,
priority, Soak, Stun Guard) is applied under ``battlecon-2011`` where the stats read the
cards in force (``as_printed``); a difference 001 implies in an *effect* (Flare's Reveal
bonus, Kallistar's Human Form Soak, the window of Geomantic's spend) is applied by the
effect's 2011 twin on the card (``twins2011``; ``twin=True`` here). Every other value of
these cards is 2014's, listed as "2014 value used: no 2011 source" (``judge fighters
--ruleset battlecon-2011 --doubts``). A leaf: it reads card objects, imports nothing of the
engine.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Final

BC2011: Final = "battlecon-2011"
STAT_FIELDS: Final = ("range", "power", "priority", "soak", "stun_guard")


@dataclasses.dataclass(frozen=True)
class Derived:
    """One 2011 value: the card, the field, 001's value and 2014's, the passage and how."""

    card: str
    field: str
    value: Any
    value_2014: Any
    passage: str
    how: str
    applied: bool = True
    alternatives: tuple[Any, ...] = ()
    ruling: str = ""  # applied as the profile's default reading of this ruling instead
    twin: bool = False  # applied by the effect's 2011 twin on the card (twins2011)


DERIVED: Final[tuple[Derived, ...]] = (
    Derived("strike", "stun_guard", 4, 5, "001 Stun and Stun Guard, Examples 3, 4 and 5",
            "Mechanical Strike and Clockwork Strike have Stun Guard 4 and Mechanical Shot "
            "(Shot: 2) Stun Guard 2, so Mechanical adds 0 and Strike has 4"),
    Derived("mechanical", "stun_guard", 0, 0, "001 Stun and Stun Guard, Example 4",
            "Mechanical Shot has Stun Guard 2, all of it Shot's"),
    Derived("caustic", "power", -1, 1, "001 Stun and Stun Guard, Example 5",
            "Caustic Grasp in Elemental Form deals 3: Grasp 2, so Caustic and Elemental Form "
            "add 1 together where 2014 adds 3 (Caustic +1, Elemental +2); 001 does not say "
            "which of the two differs: Caustic's is changed (else Elemental Form's +2 is +0)"),
    Derived("flare", "priority", 1, 0, "001 Stun and Stun Guard, Example 4",
            "Flare Strike has priority 4 (Strike 3) and deals 7 (Strike 4, Flare 3) in Human "
            "Form, where 2014's Flare adds +3 priority at Reveal (6): Flare prints +1 and its "
            "Human Form Reveal effect gives no priority (its life loss 3 is 2014's: no 2011 "
            "source)"),
    Derived("flare", "reveal priority", 0, 3, "001 Stun and Stun Guard, Example 4",
            "no +3 priority at Reveal in Human Form (Flare Strike has priority 4)", twin=True),
    Derived("form-of-disaster", "soak", 0, 1, "001 Stun and Stun Guard, Examples 2 and 3",
            "Cadenza's 6 damage reaches Kallistar whole (\"score 6 damage\", \"hit Kallistar "
            "back for 6\"): no Human Form Soak 1", twin=True),
    Derived("geomantic", "timing", "reveal", "start_of_beat",
            "001 Character-Specific Questions, Hikaru",
            "\"use Hikaru's Geomantic style with my Wind token to create a priority tie during "
            "Reveal\": the extra token is spent at Reveal, before priority is compared (2014: "
            "Start of Beat, after it, R28.1)", twin=True),
    Derived("lure", "power", -1, 0, "001 Card Overview, Example Attack Pair: Lure Strike",
            "Lure Strike has power 3 (Strike 4): the profile's default reading of the "
            "lure-power ruling is -1", ruling="lure-power"),
)


@functools.cache
def _overrides() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for d in DERIVED:
        if (d.applied and not d.ruling and not d.twin and d.field in STAT_FIELDS
                and d.value != d.value_2014):
            out.setdefault(d.card, {})[d.field] = d.value
    return out


_PRINTED: dict[int, tuple[Any, Any]] = {}  # id(card): (card, its 2011 printing)


def _printed(c: Any) -> Any:
    """``c`` with its 2011 numbers, made once per card object (cards are not hashable)."""
    changes = _overrides().get(c.id)
    if not changes:
        return c
    kept = _PRINTED.get(id(c))
    if kept is None or kept[0] is not c:
        kept = _PRINTED[id(c)] = (c, dataclasses.replace(c, **changes))
    return kept[1]


def as_printed(profile: str, cards: Any) -> Any:
    """The cards in force with the numbers their 2011 printing has (2014's: as they are)."""
    if profile != BC2011:
        return cards
    return [_printed(c) for c in cards]


def doubts(cards: list[Any]) -> list[dict[str, Any]]:
    """Every number of ``cards`` under 001: derived (with its passage) or 2014's."""
    derived = {(d.card, d.field): d for d in DERIVED}
    out = []
    for c in cards:
        for f in STAT_FIELDS:
            d = derived.get((c.id, f))
            if d is None:
                out.append({"card": c.id, "field": f, "value": _json(getattr(c, f)),
                            "alternatives": [], "source": BC2011,
                            "why": "2014 value used: no 2011 source"})
                continue
            out.append({"card": c.id, "field": f, "value": d.value,
                        "alternatives": _others(d), "source": BC2011, "why": _why(d)})
    for d in DERIVED:  # an effect's value, or a card none of ``cards`` is
        if d.field not in STAT_FIELDS or not any(c.id == d.card for c in cards):
            out.append({"card": d.card, "field": d.field, "value": d.value,
                        "alternatives": _others(d), "source": BC2011, "why": _why(d)})
    return out


def _why(d: Derived) -> str:
    """The passage and how, and by what the engine applies it (or that it does not)."""
    how = " (not yet applied by the engine)" if not d.applied else \
        " (applied by the effect's 2011 twin)" if d.twin else ""
    return f"{d.passage}: {d.how}{how}"


def _others(d: Derived) -> list[Any]:
    """2014's value and any other reading, when they differ from 001's."""
    return [v for v in (d.value_2014, *d.alternatives) if v != d.value]


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
