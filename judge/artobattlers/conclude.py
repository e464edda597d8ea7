"""After the reply (A10.1 steps 7-13): damage lands, PP raises, outcome class, destruction
and checkpoint, the move's effect, a chain's extra attack, the end of the turn."""

from __future__ import annotations

from judge.artobattlers.damage import Blow, destroy, land, raise_power
from judge.artobattlers.facts import (
    ChainSucceeded,
    EffectApplied,
    EffectBlocked,
    OutcomeClassified,
)
from judge.artobattlers.side import after_lead
from judge.artobattlers.table import Table
from judge.artobattlers.turns import end_turn


def conclude(t: Table, blows: list[Blow], klass: str, counterattacked: bool = False) -> None:
    """Resolve an attack whose reply is known; ``klass`` is the kind of result before
    Special Abilities (full, partial, none; A10.6)."""
    a = t.s.attack
    assert a is not None
    afflicted = land(t, blows)
    if counterattacked:
        raise_power(t, a.target, "counterattack", "A8.8", "activating a counterattack")
    for who in afflicted:
        raise_power(t, who, "afflicted", "A8.10", "being afflicted")
    to_target = sum(b.dp for b in blows if b.character == a.target and b.pool == "life")
    outcome = klass if to_target > 0 else "none"  # a full result reduced to 0 is none (AG20)
    hurt = any(b.dp > 0 and b.character == a.character and
               b.pool == ("striker" if a.striker else "life") for b in blows)
    t.emit(OutcomeClassified("A10.6", f"Result: {outcome}" + (
        "; the attacker was afflicted." if hurt else "."), outcome, hurt))
    if destroy(t, (a.character, a.striker) if a.sacrifice else None):
        return
    _effect(t)
    move = t.attack_move()
    if (move.chain and a.kind == "normal" and outcome == "full" and not hurt
            and not a.sacrifice and t.fighter(a.character).in_play
            and t.fighter(a.target).in_play):
        t.emit(ChainSucceeded("A14.3", f"{move.name} succeeded fully: "
                              f"{t.name(a.character)} may attack {t.name(a.target)} once more.",
                              move.id))
        return
    if a.kind == "lead":
        after_lead(t)
        return
    end_turn(t)


def _effect(t: Table) -> None:
    """Apply the move's effect when the target lost 100% and the attacker nothing (A13.3,
    A13.4, AG19); otherwise say why not."""
    a = t.s.attack
    assert a is not None
    effect, target = t.attack_move().effect, t.fighter(a.target)
    if effect is None:
        return
    reason = ("destroyed" if not target.in_play else
              "outcome" if a.outcome != "full" or a.attacker_afflicted else
              "incompatible" if target.type not in effect.compatible else
              "already_affected" if target.effect is not None else None)
    if reason is not None:
        why = {"destroyed": f"{target.name} is no longer in play",
               "outcome": "the target did not lose 100% with the attacker untouched",
               "incompatible": f"it does not work on a {target.type}",
               "already_affected": f"{target.name} is still under another effect"}[reason]
        rule = {"already_affected": "A13.4", "destroyed": "A13.8"}.get(reason, "A13.3")
        t.emit(EffectBlocked(rule, f"{effect.name} is not applied: {why}.", target.id,
                             effect.name, reason))
        return
    ends = t.s.turn + effect.phases
    t.emit(EffectApplied("A13.3", f"{effect.name} takes hold on {target.name} until the end "
                         f"of turn {ends}: {effect.text}", target.id, effect.name,
                         f"{a.character}/{a.move}", effect.action, effect.dp,
                         list(effect.replies), t.s.turn, ends))
