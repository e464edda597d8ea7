"""The defender's reply (A3.7): the reply die (A4), a counterattack (A5, A11.2-A11.4), a
manual move (A6, A7, A11.5). Each works out the blows and hands them to ``conclude``."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.cards import COMBO_KINDS, Counterattack
from judge.artobattlers.charts import read
from judge.artobattlers.conclude import conclude
from judge.artobattlers.damage import Blow
from judge.artobattlers.faces import no_fit_words
from judge.artobattlers.facts import (
    CostPaid,
    CounterattackActivated,
    CounterattackChoiceOffered,
    CounterattackOvercome,
    DieRolled,
    DoubleImpact,
    ManualMoveOvercome,
    ManualMoveUsed,
    NoUsableCounterattack,
    Nullified,
)
from judge.artobattlers.legal import usable_counterattacks
from judge.artobattlers.phrases import article, one_of
from judge.artobattlers.rulings import half
from judge.artobattlers.table import Table


def _hit(t: Table, rule: str, note: str = "") -> Blow:
    a = t.s.attack
    assert a is not None
    return Blow(a.target, t.s.attack_pool(), a.dp, "attack", rule, note or a.dp_note)


def _half(t: Table, rule: str) -> Blow:
    a = t.s.attack
    assert a is not None
    dp = half(a.dp, t.rulings)
    return Blow(a.target, t.s.attack_pool(), dp, "attack", rule,
                f"50% of {a.dp}, rounded per AG4" if a.dp % 2 else f"50% of {a.dp}")


def die(t: Table, d: dict[str, Any]) -> None:
    """The reply die, read on the target's dice type (A4.1-A4.11)."""
    a = t.s.attack
    assert a is not None
    move, target = t.attack_move(), t.fighter(a.target)
    reading, modifier = read(target.dice_type, d["value"], move.speed, move.defeats_defense)
    why = {"speed": " (a speed move turns a 4 into a Hit)",
           "DEF": " (DEF beats the Defense)"}.get(modifier or "", "")
    t.emit(DieRolled("A11.6" if modifier == "DEF" else "A15.2" if modifier else "A4.2",
                     f"{t.pname(d['player'])} rolls {d['value']}: {article(reading)} {reading.title()} on the "
                     f"{target.dice_type.upper()} chart{why}.", d["player"], d["value"],
                     target.dice_type, reading, modifier))
    if reading == "hit":
        conclude(t, [_hit(t, "A4.4")], "full")
    elif reading in ("defense", "resist"):
        conclude(t, [_half(t, "A4.5" if reading == "defense" else "A4.6")], "partial")
    elif reading == "escape":
        conclude(t, [], "none")
    else:
        _counterattack_face(t)


def _counterattack_face(t: Table) -> None:
    usable = usable_counterattacks(t)
    if len(usable) == 1:
        counterattack(t, usable[0], forced=True)
    elif usable:
        quoted = one_of(['"' + u + '"' for u in usable])
        t.emit(CounterattackChoiceOffered("AG7", f"{len(usable)} counterattacks fit: which one "
                                          f"does {t.pname(t.s.defender())} use, {quoted}?",
                                          usable))
    else:  # the die buttons say the same words before the value is entered (faces.py)
        why = ("A striker has no counterattack of its own (AG46)" if t.s.attack and
               t.s.attack.target_striker else "No counterattack fits this attack's class")
        t.emit(NoUsableCounterattack("AG6", f"{why}: {no_fit_words(t)}."))
        if t.rulings["AG6"] == "as_hit":
            conclude(t, [_hit(t, "AG6")], "full")
        else:
            conclude(t, [], "none")


def counterattack(t: Table, ca_id: str, forced: bool = False,
                  index: int | None = None) -> None:
    """Activate counterattack ``ca_id`` (the one at ``index`` in the card's list when its id
    is used twice, else the first with the id); issue types 1-3 decide what it does
    (A11.2-A11.4)."""
    a = t.s.attack
    assert a is not None
    move = t.attack_move()
    listed = t.card(a.target).counterattacks
    ca = listed[index] if index is not None else next(c for c in listed if c.id == ca_id)
    dp = ca.dp_against(move.klass)
    t.emit(CounterattackActivated("A5.5" if not forced else "A5.6",
                                  f"{t.name(a.target)} counterattacks with \"{ca.id}\" "
                                  f"({dp} DP against a {move.klass} attack)"
                                  + (", the only one that fits." if forced else "."),
                                  a.target, ca.id, dp, forced))
    blows, klass = _counterattack_blows(t, ca, dp)
    conclude(t, blows, klass, counterattacked=True)


def _counterattack_blows(t: Table, ca: Counterattack, dp: int) -> tuple[list[Blow], str]:
    a = t.s.attack
    assert a is not None
    move = t.attack_move()
    back = Blow(a.character, "striker" if a.striker else "life", dp, "counterattack", "A5.6")
    if ca.id in move.overcome:
        t.emit(CounterattackOvercome("A11.2", f"{move.name} overcomes counterattack "
                                     f"\"{ca.id}\": it does nothing and the move hits in full.",
                                     ca.id))
        return [_hit(t, "A11.2")], "full"
    if ca.id in move.nullify:
        t.emit(Nullified("A11.3", f"{move.name} and counterattack \"{ca.id}\" cancel each "
                         "other: nobody takes damage.", ca.id))
        return [], "none"
    if ca.id in move.double_impact:
        t.emit(DoubleImpact("A11.4", f"Double impact: {move.name} and counterattack "
                            f"\"{ca.id}\" both land at once.", ca.id))
        return [_hit(t, "A11.4"), Blow(back.character, back.pool, dp, "counterattack",
                                       "A11.4")], "full"
    return [back], "none"


def manual_move(t: Table, d: dict[str, Any]) -> None:
    """A manual move instead of the die (A6): costs, then type 4 or its own working."""
    a = t.s.attack
    assert a is not None
    f = t.fighter(a.target)
    mm = t.card(a.target).manual(d["number"])
    assert mm is not None
    t.emit(ManualMoveUsed("A6.1", f"{f.label} uses manual move {mm.number} "
                          f"({mm.kind})" + (f" ×{d['multiple']}" if d["multiple"] else "")
                          + ".", d["player"], f.id, mm.number, d["multiple"], d["pay"]))
    lp, pp = mm.cost.amounts(d["pay"])
    pp += mm.pp * (d["multiple"] or 0)
    if pp:
        assert f.power is not None
        t.emit(CostPaid("A6.9" if mm.number == 3 else "A6.3", f"{f.label} pays {pp} PP: "
                        f"{f.power} → {f.power - pp}.", f.id, "power", pp, f.power,
                        f.power - pp, "manual_move"))
    if lp:
        t.emit(CostPaid("A6.3", f"{f.label} pays {lp} LP: {f.life} → {f.life - lp}.", f.id,
                        "life", lp, f.life, f.life - lp, "manual_move"))
    if mm.number in t.attack_move().overcome_mm:
        t.emit(ManualMoveOvercome("A11.5", f"{t.attack_move().name} overcomes manual move "
                                  f"{mm.number}: {f.label} takes 100%.", mm.number))
        conclude(t, [_hit(t, "A11.5")], "full")
        return
    blows, klass = _manual_blows(t, mm.number, mm.negates * (d["multiple"] or 0))
    conclude(t, blows, klass)


def _manual_blows(t: Table, number: int, negated: int) -> tuple[list[Blow], str]:
    a = t.s.attack
    assert a is not None
    if number == 1:
        return _shield(t)
    if number == 2:
        return [_half(t, "A6.7")], "partial"
    if number == 3:
        rest = max(0, a.dp - negated)
        note = f"{negated} of {a.dp} negated"
        return ([Blow(a.target, "life", rest, "attack", "A6.10", note)], "partial") if rest \
            else ([], "none")
    return [], "none"  # MM4: escaped (A6.12)


def _shield(t: Table) -> tuple[list[Blow], str]:
    """MM1: the shield takes 100%; overkill by sub-kind (A6.5, A7.4)."""
    a = t.s.attack
    assert a is not None
    shield = t.fighter(a.target).shield or 0
    blows = [Blow(a.target, "shield", a.dp, "attack", "A6.5", a.dp_note)]
    excess = a.dp - shield
    if excess <= 0:
        return blows, "none"
    if t.attack_move().kind in COMBO_KINDS:
        blows.append(Blow(a.target, "life", excess, "attack", "A7.4",
                          f"overkill: {t.attack_move().kind} passes the excess"))
        return blows, "partial"
    return blows, "none"
