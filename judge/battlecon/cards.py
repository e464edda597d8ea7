"""Cards as declarations: stats are data, effects are tuples of named actions.

A Style carries modifiers (range as a ``(low, high)`` pair added to the Base's),
a Base or a Finisher carries absolute values. ``NA`` and ``X`` are the special
ranges and powers of R13.5, R13.6 and R2.6.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

NA: Final = "N/A"
X: Final = "X"

# Timing windows, in the order a beat reaches them (R3.1, R18.3).
REVEAL: Final = "reveal"
START_OF_BEAT: Final = "start_of_beat"
BEFORE_ACTIVATING: Final = "before_activating"
ON_HIT: Final = "on_hit"
ON_DAMAGE: Final = "on_damage"
AFTER_ACTIVATING: Final = "after_activating"
END_OF_BEAT: Final = "end_of_beat"
TIMINGS: Final = (REVEAL, START_OF_BEAT, BEFORE_ACTIVATING, ON_HIT, ON_DAMAGE, AFTER_ACTIVATING, END_OF_BEAT)
# Windows outside the beat's card triggers: the defender's own "when hit" effects (queued
# after the attacker's On Hit, before damage), and unique abilities that act after each
# beat, once recycling is done (R10.3).
ON_BEING_HIT: Final = "on_being_hit"
AFTER_RECYCLE: Final = "after_recycle"
INSTEAD: Final = "instead"  # what happens in place of a negated effect (hooks.NEGATES)
TIMING_NAMES: Final = {
    REVEAL: "Reveal",
    START_OF_BEAT: "Start of Beat",
    BEFORE_ACTIVATING: "Before Activating",
    ON_HIT: "On Hit",
    ON_DAMAGE: "On Damage",
    AFTER_ACTIVATING: "After Activating",
    END_OF_BEAT: "End of Beat",
    ON_BEING_HIT: "When Hit",
    AFTER_RECYCLE: "After Recycling",
    INSTEAD: "Instead",
}

Condition = Callable[[Any, int], bool]  # (state, owner) -> bool


@dataclass(frozen=True)
class Effect:
    """A triggered effect: a timing, a list of actions done in order, an optional gate."""

    timing: str
    actions: tuple
    text: str
    condition: Condition | None = None
    condition_text: str = ""


@dataclass(frozen=True)
class Passive:
    """A passive stat effect in force while its card is in the revealed attack (R18.2).

    ``amount`` is a number (or a ``(low, high)`` pair for range) or a function
    ``(state, owner) -> amount`` for effects that count something.
    """

    stat: str
    amount: Any
    text: str
    condition: Condition | None = None
    target: str = "self"


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str  # style | base | finisher | special
    range: Any = (0, 0)
    power: Any = 0
    priority: int = 0
    soak: int = 0
    stun_guard: int = 0
    stun_immunity: bool = False
    effects: tuple[Effect, ...] = ()
    passives: tuple[Passive, ...] = ()
    # Named hooks for behaviour that is not a stat (dodges, special ranges, locks): a callable,
    # or a flag such as Snare's ``locks_trap: True`` (hence Any, not Callable). Declared as
    # ``hooks=HOOK.on(fn) | ...``, which mypy checks against the hook's signature
    # (``judge.battlecon.hookspecs``); by name here, as the layers index them.
    hooks: dict[str, Any] = field(default_factory=dict)
    fighter: str = ""  # owner kit ("" for generic bases)

    # Derived once at construction, not fields of the card's data: each effect's key
    # (``card/timing/index``) and the indices of its effects by timing window, in printed
    # order, so finding a window's effects never scans the card's others. (Not
    # ``functools.cached_property``: compiled, it computes on every read.)
    effect_keys: tuple[str, ...] = field(init=False, repr=False, compare=False)
    timed: dict[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        timed: dict[str, tuple[int, ...]] = {}
        for i, e in enumerate(self.effects):
            timed[e.timing] = timed.get(e.timing, ()) + (i,)
        object.__setattr__(self, "timed", timed)
        object.__setattr__(self, "effect_keys", tuple(
            f"{self.id}/{e.timing}/{i}" for i, e in enumerate(self.effects)))

    def effect_key(self, index: int) -> str:
        return self.effect_keys[index]

    def is_style(self) -> bool:
        return self.kind == "style"

    def is_base(self) -> bool:
        return self.kind == "base"


def card_id(name: str) -> str:
    """Lowercase hyphenated id for a card or fighter name ("Hunter's" -> "hunters")."""
    keep = "".join(ch if ch.isalnum() or ch in " -" else "" for ch in name.lower())
    return "-".join(keep.split())
