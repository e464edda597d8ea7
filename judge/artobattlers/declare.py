"""Declaring an attack (A10.1 steps 1-5): the move, its costs, its effectiveness against the
target, and the non-PP raise. The reply prompt follows unless the turn was wasted."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.abilities import not_effective
from judge.artobattlers.cards import Move
from judge.artobattlers.damage import destroy, raise_power
from judge.artobattlers.dpverbs import Side, count
from judge.artobattlers.facts import AbilityApplied, AttackDeclared, AttackNotEffective, CostPaid
from judge.artobattlers.table import Table
from judge.artobattlers.turns import end_turn


def declare(t: Table, d: dict[str, Any], chain_origin: str | None = None,
            kind: str = "normal") -> None:
    """Judge a legal ``attack`` or ``extra_attack`` decision, or a side attack's lead
    (``kind="lead"``)."""
    a = t.s.attack
    who = a.character if chain_origin and a else d["character"]
    target = a.target if chain_origin and a else d["target"]
    striker = bool(d.get("striker")) and not chain_origin
    aimed = a.target_striker if chain_origin and a else bool(d.get("target_striker"))
    move = t.card(who).move(d["move"], striker)
    assert move is not None
    counted = count(move, Side(t.card(who), striker), Side(t.card(target), aimed),
                    t.rulings["AG4"])
    kind = "extra" if chain_origin else kind
    t.emit(AttackDeclared(*_declared(t, d, who, move, target, chain_origin, kind), d["player"],
                          who,
                          striker, move.id, target, kind, d["pay"], d["sacrifice"], counted.dp,
                          counted.note, chain_origin, aimed))
    for rule, role, source, text in counted.applied:  # a newer verb changed it (dpverbs.py)
        owner = who if role == "mover" else target
        t.emit(AbilityApplied(rule, f"{text}.", source, owner, counted.dp))
    victim = t.fighter(target)
    stop = not_effective(move, victim.size, (victim.striker_life or 0) if aimed else victim.life)
    if stop is None or t.rulings["AG11"] == "costs_lost":
        pay_costs(t, who, move, d["pay"])
    if stop is not None:
        _wasted(t, stop, (who, striker) if d["sacrifice"] else None)
        return
    if move.cost.non_pp(d["pay"]):
        raise_power(t, who, "non_pp_attack", "A8.9", f"using {move.name}, a non-PP move")


def _declared(t: Table, d: dict[str, Any], who: str, move: Move, target: str,
              chain_origin: str | None, kind: str) -> tuple[str, str]:
    rule = "A14.3" if chain_origin else ("A9.3" if d["sacrifice"] else
                                         "A22.4" if kind == "lead" else "A3.5")
    attacker = t.fighter(who)
    label = f"{attacker.striker_name} ({attacker.label}'s striker)" if move.striker else (
        attacker.label)
    pay = f", paying {d['pay'].upper()}" if d["pay"] else ""
    how = " as a declared sacrifice" if d["sacrifice"] else ""
    lead = "strikes again at once" if chain_origin else (
        "leads the side attack" if kind == "lead" else "attacks")
    aimed = t.s.attack.target_striker if chain_origin and t.s.attack else bool(
        d.get("target_striker"))
    victim = t.fighter(target)
    on = f"{victim.striker_name} ({victim.label}'s striker)" if aimed else victim.label
    return ("AG46" if aimed and not chain_origin else rule), (
        f"{label} {lead}: {move.name} ({move.dp} DP, {move.cost.describe()}{pay}) on {on}{how}.")


def pay_costs(t: Table, who: str, move: Move, pay: str | None, rule: str = "") -> None:
    """Costs: PP from the character, LP from the character or its striker (A9.1, AG23);
    ``rule`` names the rule that charges them when another does (a joining move, A22.7)."""
    f = t.fighter(who)
    lp, pp = move.cost.amounts(pay)
    if pp:
        assert f.power is not None
        t.emit(CostPaid(rule or "A8.3", f"{f.label} pays {pp} PP: {f.power} → {f.power - pp}.", who,
                        "power", pp, f.power, f.power - pp))
    if lp and move.striker:
        assert f.striker_life is not None
        t.emit(CostPaid("AG23", f"{f.striker_name} pays {lp} LP: {f.striker_life} → "
                        f"{max(0, f.striker_life - lp)}.", who, "striker", lp, f.striker_life,
                        f.striker_life - lp))
    elif lp:
        t.emit(CostPaid(rule or "A9.1", f"{f.label} pays {lp} LP: {f.life} → {max(0, f.life - lp)}.",
                        who, "life", lp, f.life, f.life - lp))


def _wasted(t: Table, stop: tuple[str, int, int], sacrificer: tuple[str, bool] | None) -> None:
    """A move that is not effective: no reply, no damage, the turn is wasted (A12.4, AG11)."""
    limit, value, actual = stop
    a = t.s.attack
    assert a is not None
    what = f"size {actual} is above its size limit {value}" if limit == "size" else (
        f"LP {actual} are above its LP limit {value}")
    t.emit(AttackNotEffective("A12.4", f"{t.attack_move().name} is not effective: "
                              f"{t.name(a.target)}'s {what}. The turn is wasted.", limit, value,
                              actual))
    if destroy(t, sacrificer):
        return
    end_turn(t)
