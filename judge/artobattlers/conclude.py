"""After the reply (A10.1 steps 7-13): damage lands, PP raises, outcome class, destruction
and checkpoint, the move's effect (with the card-text choices ``may`` and ``pick``), a
chain's extra attack, a side attack's joining attack, the end of the turn."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.cards import Effect
from judge.artobattlers.cardtext import ask, ask_effect
from judge.artobattlers.damage import Blow, checkpoint, destroy, land, raise_power
from judge.artobattlers.facts import (
    BecameCaptive,
    CardChoiceMade,
    CardChoiceOffered,
    ChainSucceeded,
    CharacterDiscarded,
    EffectApplied,
    EffectBlocked,
    OutcomeClassified,
)
from judge.artobattlers.phrases import REPLY_WORDS, one_of, outcome_sentence
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
    to_target = sum(b.dp for b in blows if b.character == a.target
                    and b.pool == t.s.attack_pool())
    outcome = klass if to_target > 0 else "none"  # a full result reduced to 0 is none (AG20)
    hurt = any(b.dp > 0 and b.character == a.character and
               b.pool == ("striker" if a.striker else "life") for b in blows)
    t.emit(OutcomeClassified("A10.6", outcome_sentence("The attack", outcome, hurt),
                             outcome, hurt))
    if destroy(t, (a.character, a.striker) if a.sacrifice else None):
        return
    if outcome != "none" and ask(t, "on_hit"):
        return  # the table says what the attacker's free text does first (freetext.py)
    after_hit(t)


def after_hit(t: Table) -> None:
    """The move's effect, then what follows the attack."""
    if _effect(t):
        return  # a card-text choice first, or the effect ended the match
    after_effect(t)


def after_effect(t: Table) -> None:
    """A chain's extra attack (A14), a side attack's joining attack (A22), or the end of
    the turn."""
    a = t.s.attack
    assert a is not None
    outcome, hurt = a.outcome, a.attacker_afflicted
    move = t.attack_move()
    if (move.chain and a.kind == "normal" and outcome == "full" and not hurt
            and not a.sacrifice and t.fighter(a.character).in_play
            and t.fighter(a.target).in_play
            and (not a.target_striker or t.fighter(a.target).striker_alive)):
        t.emit(ChainSucceeded("A14.3", f"{move.name} succeeded fully: does {t.pname(a.player)} "
                              f"attack {t.name(a.target)} once more with {t.name(a.character)}?",
                              move.id))
        return
    if a.kind == "lead":
        after_lead(t)
        return
    end_turn(t)


def _effect(t: Table) -> bool:
    """Apply the move's effect when the target lost 100% and the attacker nothing (A13.3,
    A13.4, AG19); otherwise say why not. True when a card-text choice is offered first or
    the effect ended the match."""
    a = t.s.attack
    assert a is not None
    effect, target = t.attack_move().effect, t.fighter(a.target)
    if effect is None:
        return False
    reason = ("striker" if a.target_striker else  # no main card, no type (AG46)
              "destroyed" if not target.in_play else
              "outcome" if a.outcome != "full" or a.attacker_afflicted else
              "incompatible" if target.type not in effect.compatible else
              "already_affected" if target.effect is not None else None)
    if reason is not None:
        why = {"striker": f"the target is {target.label}'s striker, which has no main card "
                          "to read its type from (AG46)",
               "destroyed": f"{target.label} is no longer in play",
               "outcome": "the target did not lose 100% with the attacker untouched",
               "incompatible": f"it does not work on a {target.type}",
               "already_affected": f"{target.label} is still under another effect"}[reason]
        rule = {"already_affected": "A13.4", "destroyed": "A13.8",
                "striker": "AG46"}.get(reason, "A13.3")
        t.emit(EffectBlocked(rule, f"{effect.name} is not applied: {why}.", target.id,
                             effect.name, reason))
        return False
    if effect.optional:
        _offer(t, effect, "may", [True, False])
        return True
    if effect.pick and len(effect.replies) > 1:
        _offer(t, effect, "pick", list(effect.replies))
        return True
    return _apply(t, effect, list(effect.replies))


def _apply(t: Table, effect: Effect, replies: list[str]) -> bool:
    """The effect takes hold; one that makes its target captive or discards it is followed
    by a checkpoint (A24.7, A24.8, AG40); a free-text one by the table's answer. True when
    the match ended or the table is asked."""
    a = t.s.attack
    assert a is not None
    target = t.fighter(a.target)
    ends = t.s.turn + effect.phases
    t.emit(EffectApplied("A13.3", f"{effect.name} takes hold on {target.label} until the end "
                         f"of turn {ends}: {effect.text}", target.id, effect.name,
                         f"{a.character}/{a.move}", effect.action, effect.dp,
                         replies, t.s.turn, ends))
    if effect.action == "captive":
        t.emit(BecameCaptive("A24.8", f"{target.label} becomes captive: nobody may play or "
                             "attack it until the effect ends.", target.id))
    elif effect.action == "discard_from_play":
        t.emit(CharacterDiscarded("A24.7", f"{target.label} is discarded from play with all "
                                  "its cards.", target.id))
    elif effect.action == "free_text":
        ask_effect(t, effect.name, effect.text)
        return True  # the table's answer first (freetext.py)
    else:
        return False
    return checkpoint(t)


def _offer(t: Table, effect: Effect, choice: str, options: list[Any]) -> None:
    """A card text with a choice: the attacker decides (decisions.md 15)."""
    a = t.s.attack
    assert a is not None
    who, on = t.pname(a.player), t.name(a.target)
    replies = one_of([REPLY_WORDS.get(str(o), str(o)) for o in options])
    ask = (f"Does {who} apply {effect.name} to {on}? The card says it may." if choice == "may"
           else f"Which reply does {who} forbid {on} with {effect.name}: {replies}?")
    t.emit(CardChoiceOffered(f"{t.fighter(a.character).card}/{a.move}", ask, a.player, choice,
                             effect.name, options))


def card_choice(t: Table, d: dict[str, Any]) -> None:
    """Judge a legal ``may`` or ``pick`` on the move's effect, then go on (A13, A18)."""
    a = t.s.attack
    assert a is not None
    effect = t.attack_move().effect
    assert effect is not None
    value = d["accept"] if d["kind"] == "may" else d["option"]
    source = f"{t.fighter(a.character).card}/{a.move}"
    said = (("applies" if value else "does not apply") + f" {effect.name}"
            if d["kind"] == "may"
            else f"forbids {REPLY_WORDS.get(str(value), value)} with {effect.name}")
    t.emit(CardChoiceMade(source, f"{t.pname(d['player'])} {said}.", d["player"],
                          d["kind"], value))
    if d["kind"] == "may" and not value:
        t.emit(EffectBlocked(source, f"{effect.name} is not applied: the attacker chose not "
                             "to.", a.target, effect.name, "declined"))
    elif d["kind"] == "may" and effect.pick and len(effect.replies) > 1:
        _offer(t, effect, "pick", list(effect.replies))
        return
    elif _apply(t, effect, [value] if d["kind"] == "pick" else list(effect.replies)):
        return
    after_effect(t)
