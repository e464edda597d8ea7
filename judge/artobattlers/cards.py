"""Character cards as typed, immutable data (A1): the main card, attack moves, striker,
counterattacks, manual moves, Special Ability. Built from validated JSON (see catalogue)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COMBO_KINDS = frozenset({"BA-C", "DA-C", "DA-D"})  # shield overkill passes the excess (A7.4)


@dataclass(frozen=True)
class Cost:
    """One of the five cost forms (A1.11)."""

    form: str  # none | lp | pp | pp_and_lp | pp_or_lp
    lp: int = 0
    pp: int = 0

    def amounts(self, pay: str | None) -> tuple[int, int]:
        """(LP, PP) paid for this use; ``pay`` picks one amount of a PP-or-LP cost."""
        if self.form == "pp_or_lp":
            return (self.lp, 0) if pay == "lp" else (0, self.pp)
        return self.lp, self.pp

    def non_pp(self, pay: str | None) -> bool:
        """Whether this use is a non-PP use (A1.12)."""
        return self.form in ("none", "lp") or (self.form == "pp_or_lp" and pay == "lp")

    def describe(self) -> str:
        return {"none": "free", "lp": f"{self.lp} LP", "pp": f"{self.pp} PP",
                "pp_and_lp": f"{self.pp} PP and {self.lp} LP",
                "pp_or_lp": f"{self.pp} PP or {self.lp} LP"}[self.form]


@dataclass(frozen=True)
class Effect:
    """The bottom section of an attack move/effect (A13)."""

    name: str
    compatible: frozenset[str]  # character types ticked (A13.2)
    phases: int
    text: str
    action: str  # direct_hit_each_phase | forbid_replies | dice_duel_each_phase | captive
    #              | discard_from_play (A24.7, A24.8, AG40) | free_text (freetext.py)
    dp: int = 0
    replies: tuple[str, ...] = ()
    optional: bool = False  # card text "may": the attacker chooses (decision may)
    pick: bool = False  # the attacker picks one of ``replies`` (decision pick)
    each_phase: bool = False  # free text: asked again at the end of each turn it covers


@dataclass(frozen=True)
class Move:
    """An attack move or a striker attack move (A1.5, A1.6)."""

    id: str
    name: str
    klass: str  # body | distance
    kind: str  # BA-C ... DA-D
    dp: int
    cost: Cost
    nature: tuple[str, ...]
    overcome: tuple[str, ...]  # issue type 1 (A11.2)
    nullify: tuple[str, ...]  # type 2 (A11.3)
    double_impact: tuple[str, ...]  # type 3 (A11.4)
    overcome_mm: tuple[int, ...]  # type 4 (A11.5)
    defeats_defense: bool  # type 5, DEF (A11.6)
    force_challenge: str | None
    size_limit: int | None
    lp_limit: int | None
    chain: bool
    speed: bool
    grab_challenge: bool
    effect: Effect | None
    striker: bool = False
    notes: tuple[tuple[str, str], ...] = ()  # (text, timing): notes under the move (004 §5)


@dataclass(frozen=True)
class Counterattack:
    """A counterattack (A1.14, A1.15): its id, group and DP per attack class."""

    id: str
    group: str  # body | distance | both
    dp: tuple[tuple[str, int], ...]

    def fits(self, klass: str) -> bool:
        return self.group in (klass, "both")  # A5.2

    def dp_against(self, klass: str) -> int:
        return dict(self.dp)[klass]  # A5.4


@dataclass(frozen=True)
class ManualMove:
    """A manual move 1-4 (A1.18, A6)."""

    number: int
    kind: str
    cost: Cost
    pp: int = 0  # MM3: X PP ...
    negates: int = 0  # ... negate Y DP


@dataclass(frozen=True)
class Ability:
    """A Special Ability (A18), as one of the ability verbs of characters.yaml."""

    name: str
    text: str
    action: str  # reduce_direct_hit | reduce_move_dp_by_nature | restore_life_turn | free_text
    #              | nature_dp | discard_damage_calculation | dice_duel_turn | target_striker
    by: int  # restore_life_turn: the amount
    minimum: int
    nature: str | None = None
    timing: str | None = None  # free_text: when the table is asked, or "invoked" (A3.3 d)
    params: Any = None  # the verb as entered (``structured``): the newer verbs read it

    @property
    def id(self) -> str:
        """The ability's id in an ``ability_action`` decision: its name, lowercase and
        hyphenated ("Second Wind" -> "second-wind")."""
        return "-".join(self.name.lower().split())

    @property
    def turn_action(self) -> bool:
        """Whether the ability grants a turn action (A3.3 (d))."""
        return self.action in ("restore_life_turn", "dice_duel_turn") or (
            self.action == "free_text" and self.timing == "invoked")


@dataclass(frozen=True)
class Striker:
    name: str
    life: int
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class Character:
    """A main card with its attack cards (A1.1-A1.28)."""

    id: str
    name: str
    type: str
    dice_type: str
    size: int
    level_globes: int
    life: int
    power: tuple[int, int] | None  # (start, limit)
    raises: tuple[tuple[str, int], ...]  # (trigger, amount)
    shield: int | None
    striker: Striker | None
    manual_moves: tuple[ManualMove, ...]
    counterattacks: tuple[Counterattack, ...]
    ability: Ability | None
    moves: tuple[Move, ...]
    data: Any = None  # the JSON it was built from (for the catalogue)

    def move(self, move_id: str, striker: bool = False) -> Move | None:
        pool = self.striker.moves if striker and self.striker else self.moves
        return next((m for m in pool if m.id == move_id), None) if (
            not striker or self.striker) else None

    def manual(self, number: int) -> ManualMove | None:
        return next((m for m in self.manual_moves if m.number == number), None)

    def raise_amount(self, trigger: str) -> int:
        return sum(amount for t, amount in self.raises if t == trigger)
