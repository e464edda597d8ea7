"""What a move counts against its target under the Special Ability verbs issue 33 adds,
after Damp Hide's ``reduce_move_dp_by_nature`` (abilities.py):

- ``nature_dp`` (004 §14 Important: a nature symbol matters when a Special Ability names
  it; §22): a move showing ``nature`` counts ``add`` more (or less) DP, or ``factor`` times
  its DP, when this character makes it (``moves: own``) or is its target (``against``),
  against a character ``versus`` a symbol when one is named (AG43);
- ``discard_damage_calculation`` (004 §26, A24.9): an attack move against this character
  that meets every condition counts as no damage (AG44).

Applied in that order (the mover's verb, then the target's, then a discard), before any
halving, shield or nullify arithmetic; the result is the move's "100%" (AG20)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from judge.artobattlers.abilities import move_dp_against
from judge.artobattlers.cards import Ability, Character, Move


@dataclass(frozen=True)
class Side:
    """A character in the attack: its card, and whether its striker is the one acting or
    aimed at (a striker has no Special Ability of its own, A18.3)."""

    card: Character | None
    striker: bool = False

    @property
    def ability(self) -> Ability | None:
        return None if self.striker or self.card is None else self.card.ability

    def symbols(self) -> frozenset[str]:
        """The nature symbols the character is "of": those its own moves show (AG43)."""
        if self.card is None:
            return frozenset()
        pool = self.card.striker.moves if self.striker and self.card.striker else (
            self.card.moves)
        return frozenset(n for m in pool for n in m.nature)


@dataclass
class Counted:
    """The DP a move counts, why, and each newer verb that changed it: (rule, whose ability:
    ``mover`` or ``target``, ``<card>/<ability id>``, text)."""

    dp: int
    notes: list[str] = field(default_factory=list)
    applied: list[tuple[str, str, str, str]] = field(default_factory=list)

    @property
    def note(self) -> str:
        return "; ".join(n for n in self.notes if n)


def count(move: Move, mover: Side, target: Side, rounding: str) -> Counted:
    """The DP ``move`` counts when ``mover`` makes it against ``target``; ``rounding`` is
    AG4's reading, for a factor that leaves a half."""
    dp, note = move_dp_against(move, None if target.striker else target.card)
    out = Counted(dp, [note])
    _nature(out, move, mover, target, "own", rounding)
    _nature(out, move, target, mover, "against", rounding)
    _discard(out, move, target)
    return out


def _nature(out: Counted, move: Move, owner: Side, other: Side, moves: str,
            rounding: str) -> None:
    ability = owner.ability
    verb = ability.params if ability and ability.action == "nature_dp" else None
    if ability is None or not verb or verb["moves"] != moves or (
            verb["nature"] not in move.nature):
        return
    if "versus" in verb and verb["versus"] not in other.symbols():
        return
    before = out.dp
    changed = (before + verb["add"] if "add" in verb else
               scaled(before, Fraction(str(verb["factor"])), rounding))
    out.dp = max(verb.get("minimum", 0), changed)
    whose = "this character's" if moves == "own" else "a"
    versus = f" against a {verb['versus'].upper()} character" if "versus" in verb else ""
    how = (f"{verb['add']:+d} DP" if "add" in verb else f"×{verb['factor']}")
    text = (f"{ability.name}: {whose} {verb['nature'].upper()} move counts {how}{versus}: "
            f"{before} → {out.dp}")
    assert owner.card is not None
    out.notes.append(text)
    role = "mover" if moves == "own" else "target"
    out.applied.append(("AG43", role, f"{owner.card.id}/{ability.id}", text))


def scaled(dp: int, factor: Fraction, rounding: str) -> int:
    """``dp`` times ``factor`` to the nearest whole number; a half goes up or down as AG4
    reads for 50% (AG43)."""
    exact = dp * factor
    low = exact.numerator // exact.denominator
    rest = exact - low
    if rest == Fraction(1, 2):
        return low + 1 if rounding == "round_up" else low
    return low + 1 if rest > Fraction(1, 2) else low


def _discard(out: Counted, move: Move, target: Side) -> None:
    ability = target.ability
    verb = ability.params if ability and ability.action == "discard_damage_calculation" \
        else None
    if ability is None or not verb or not discards(verb, move, out.dp):
        return
    text = (f"{ability.name}: the Damage Calculation is Discarded: {move.name} counts as no "
            f"damage ({out.dp} → 0)")
    assert target.card is not None
    out.dp = 0
    out.notes.append(text)
    out.applied.append(("A24.9", "target", f"{target.card.id}/{ability.id}", text))


def discards(verb: dict[str, object], move: Move, dp: int) -> bool:
    """Whether ``move`` meets every condition the verb names (AG44)."""
    kinds = verb.get("kinds")
    most = verb.get("dp_at_most")
    return ((verb.get("class") in (None, move.klass))
            and (not isinstance(kinds, list) or move.kind in kinds)
            and (verb.get("nature") in (None, *move.nature))
            and (not isinstance(most, int) or dp <= most))
