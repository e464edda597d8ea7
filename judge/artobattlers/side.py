"""Side attacks (A22, AG33): the announcement and its lead attack, then, if the lead hit in
full and the target is still in play, the joining attack: a Direct Hit of 10 DP with no
reply, its move's costs paid only then (A22.5, A22.7-A22.9)."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.abilities import direct_hit_against
from judge.artobattlers.damage import Blow, destroy, land, raise_power
from judge.artobattlers.declare import declare, pay_costs
from judge.artobattlers.facts import (
    JoiningAttackAwaited,
    JoiningAttackMade,
    JoiningAttackNotMade,
    OutcomeClassified,
    SideAttackAnnounced,
)
from judge.artobattlers.phrases import outcome_sentence
from judge.artobattlers.table import Table
from judge.artobattlers.turns import end_turn
from judge.artobattlers.zones import joining_options, side_parts

JOINING_DP = 10  # A22.1, A22.5


def announce(t: Table, d: dict[str, Any]) -> None:
    """Judge a legal ``side_attack``: the announcement, then the lead attack (A22.2)."""
    lead, joining, p = d["lead"], d["joining"], d["player"]
    then = (f", and {t.name(joining['character'])} joins with "
            f"{_move_name(t, joining['character'], joining['move'])}" if joining else
            ", the joining attack to be chosen if it hits in full")
    t.emit(SideAttackAnnounced("A22.2", f"{t.pname(p)} announces a side attack on "
                               f"{t.name(d['target'])}: {t.name(lead['character'])} leads "
                               f"with {_move_name(t, lead['character'], lead['move'])}{then}.",
                               p, d["target"], dict(lead), dict(joining) if joining else None))
    declare(t, {"player": p, "character": lead["character"], "striker": False,
                "move": lead["move"], "target": d["target"], "pay": lead["pay"],
                "sacrifice": lead["sacrifice"]}, kind="lead")


def _move_name(t: Table, who: str, move_id: str) -> str:
    move = t.card(who).move(move_id)
    return move.name if move else move_id


def after_lead(t: Table) -> None:
    """The lead attack is resolved: the joining attack, or why not (A22.4, AG33)."""
    a, side = t.s.attack, t.s.side
    assert a is not None and side is not None
    joining = side["joining"]
    if a.outcome != "full":
        _not_made(t, "lead_not_full", "A22.4", f"the lead attack's result was {a.outcome}, "
                  "not a 100% affliction")
    elif not t.fighter(a.target).in_play:
        _not_made(t, "target_gone", "A22.5", f"{t.name(a.target)} is no longer in play")
    elif joining is None and joining_options(t):
        t.emit(JoiningAttackAwaited("AG33", "The lead attack hit in full: which "
                                    f"character does {t.pname(a.player)} join with, "
                                    "and with which move?",
                                    a.player, len(joining_options(t))))
        return
    elif joining is None or not _payable(t, joining):
        _not_made(t, "joining_unavailable", "AG33", "no joining move can be used or paid now")
    else:
        strike(t, joining)
        return
    end_turn(t)


def _payable(t: Table, part: dict[str, Any]) -> bool:
    """The joining part is still usable: its character in play in the battle zone, the
    move symbol-free and payable as announced (AG33)."""
    f = t.fighter(part["character"])
    return f.in_play and f.zone == "battle" and part in side_parts(t, f)


def _not_made(t: Table, reason: str, rule: str, why: str) -> None:
    t.emit(JoiningAttackNotMade(rule, f"No joining attack: {why}.", reason))


def joining_decided(t: Table, d: dict[str, Any]) -> None:
    """Judge a legal ``joining_attack`` (AG33's other reading)."""
    strike(t, {k: d[k] for k in ("character", "move", "pay", "sacrifice")})


def strike(t: Table, part: dict[str, Any]) -> None:
    """The joining attack: costs, the non-PP raise, a Direct Hit of 10 DP on the target
    (Special Abilities still apply), the afflicted raise, destruction and the end of turn
    (A22.5, A22.7-A22.9, A24.2)."""
    a = t.s.attack
    assert a is not None
    who, target = part["character"], a.target
    move = t.card(who).move(part["move"])
    assert move is not None
    t.emit(JoiningAttackMade("A22.5", f"{t.name(who)} joins with {move.name}: a Direct Hit "
                             f"of {JOINING_DP} DP on {t.name(target)}, with no reply.",
                             a.player, who, move.id, target, part["pay"], part["sacrifice"],
                             JOINING_DP))
    pay_costs(t, who, move, part["pay"], "A22.7")
    if move.cost.non_pp(part["pay"]):
        raise_power(t, who, "non_pp_attack", "A22.8", f"joining with {move.name}, a "
                    "non-PP move")
    dp, note = direct_hit_against(JOINING_DP, t.card(target))
    for hurt in land(t, [Blow(target, "life", dp, "direct_hit", "A22.5", note)]):
        raise_power(t, hurt, "afflicted", "A22.9", "being afflicted by the joining attack")
    outcome = "full" if dp > 0 else "none"  # a Direct Hit reduced to 0 is none (AG20)
    t.emit(OutcomeClassified("A10.6", outcome_sentence("The joining attack", outcome, False), outcome, False))
    if destroy(t, (who, False) if part["sacrifice"] else None):
        return
    end_turn(t)
