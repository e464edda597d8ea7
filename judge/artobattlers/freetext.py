"""Free card text (issue 33 item 1): a Special Ability written only in words (A18.2: it
wins over any general rule where it applies) or a note under an Attack Move (004 §5 "any
notes under the Attack Move"; AG1: what the format cannot hold is card text). Each carries
a ``timing``; when it applies the table is asked what it does, the card's text shown, and
answers with the engine's own outcomes, both players agreeing:

``{"player", "kind": "card_text", "agreed": [0, 1], "outcome", "character", "amount"}``

``outcome``: ``nothing``; ``place_effect`` (``effect``, one of the match's effects, is
placed on ``character``, placing.py); ``life`` / ``power`` / ``shield`` (``character``'s pool changes
by ``amount``, signed); ``hit`` (the attack hits in full, no reply) or ``miss`` (it does
nothing; offered only ``when_declared``, before the attack is decided). Timings judged:
``when_declared`` (a note: its move is declared; an ability: its owner declares an
attack) and ``on_hit`` (the attack took LP from its target). An ability with ``invoked: true`` is offered as a turn action instead (A3.3 (d),
``ability_action``): the table says what it does, then the turn ends."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.cardtext import RULE, ZONES, ask, ask_turn_start, description
from judge.artobattlers.conclude import after_effect, after_hit, conclude
from judge.artobattlers.damage import Blow, destroy
from judge.artobattlers.facts import (
    CaptivityEnded,
    CardTextAsked,
    CardTextRuled,
    EffectEnded,
    TurnStarted,
)
from judge.artobattlers.placing import place
from judge.artobattlers.table import Table
from judge.artobattlers.turns import after_lasting, end_turn
from judge.described import with_defaults
from judge.errors import IllegalDecisionError

POOLS = {"life": "life", "power": "power", "shield": "shield"}
WORDS = {"life": "LP", "power": "PP", "shield": "shield LP"}


def invoke(t: Table, d: dict[str, Any]) -> None:
    """An invoked free-text ability used as the turn action (A3.3 (d), A18.2): the table
    says what it does, then the turn ends; used at another of its owner's prompts
    (invoking.py), the table says what it does and the same prompt is asked again."""
    f = t.fighter(d["character"])
    ability = t.card(f.id).ability
    assert ability is not None
    source = f"ability: {ability.name}"
    t.emit(CardTextAsked("A18.2", f"{f.label} uses {ability.name}: \"{ability.text}\". What "
                         "does it do? Both players agree.", d["player"], f.id, source,
                         ability.text, "invoked", 0, "turn_end" if t.s.step == "turn_action"
                         else f"prompt:{t.s.step}"))


def rule_on(t: Table, d: dict[str, Any]) -> None:
    """Judge the table's answer: the text quoted beside what was decided, then go on."""
    c = t.s.choice
    assert c is not None
    d = with_defaults(description(t), d)
    outcome, who, amount = d["outcome"], d["character"], d["amount"]
    pools = _pools(t, outcome, who, amount)
    resume = str(c.get("resume", "reply"))
    dp = _dp(t, outcome, amount)
    zone = _zone(t, outcome, who, resume)
    t.emit(CardTextRuled(RULE[str(c["source"]).split(":")[0]],
                         f"{t.name(str(c['character']))}'s card text ({c['source']}): "
                         f"\"{c['about']}\" — the table, both players agreeing, decides: "
                         f"{_said(t, d, pools)}.", str(c["about"]),
                         outcome, who, amount, pools, resume, dp, zone))
    if outcome == "end_effect":
        _end_effect(t, who)
    if _ended(t, outcome, who, d.get("effect"), resume):
        return
    if resume == "turn_end":
        end_turn(t)
    elif resume.startswith("step:"):
        ask_turn_start(t, int(c["n"]) + 1, resume[5:])
    elif resume == "after_effect":
        after_effect(t)
    elif resume.startswith("tick:"):
        after_lasting(t, resume[5:])
    elif resume.startswith("prompt:"):
        pass  # the owner's prompt it interrupted is asked again (invoking.py)
    elif resume == "after_hit":
        if not ask(t, "on_hit", int(c["n"]) + 1):
            after_hit(t)
    else:
        _go_on(t, outcome, int(c["n"]))


def _ended(t: Table, outcome: str, who: str, effect: object, resume: str) -> bool:
    """Whether the answer ended the match: LP the table took destroyed a character (during
    an attack's reply, _go_on ends the attack first), or an effect it placed left a player
    no character (placing.py)."""
    if outcome == "place_effect":
        return place(t, who, effect)
    return outcome == "life" and resume != "reply" and destroy(t)


def _pools(t: Table, outcome: str, who: str, amount: int) -> dict[str, dict[str, int]]:
    if outcome not in POOLS:
        return {}
    f = t.fighter(who)
    now = getattr(f, POOLS[outcome])
    if now is None:
        raise IllegalDecisionError(f"{f.label} has no {WORDS[outcome]} to change.", "A1.2",
                                   field="card_text")
    top = {"life": f.life_start, "power": f.power_limit,
           "shield": t.card(who).shield}[outcome]  # never above the card (A1.26, A8.2)
    after = now + amount if outcome == "life" else max(0, now + amount)  # 0 LP destroys
    return {who: {POOLS[outcome]: min(after, top) if top is not None else after}}


def at_turn_start(t: Table) -> None:
    """After a decision that started a turn: the acting player's start-of-turn texts
    (timing ``owner_turn_start``), before the turn's first step."""
    if any(isinstance(f, TurnStarted) for f in t.facts) and t.s.step in (
            "turn_action", "placement"):
        ask_turn_start(t)


def _dp(t: Table, outcome: str, amount: int) -> int | None:
    """``damage``: the attack's DP changed by ``amount``, never below 0."""
    if outcome != "damage":
        return None
    assert t.s.attack is not None
    return max(0, t.s.attack.dp + amount)


def _zone(t: Table, outcome: str, who: str, resume: str) -> str | None:
    """A move between an Advance Play team's zones (A21.2): not of a character the pending
    attack involves, not one already there, and never leaving a battle zone empty
    (A21.6)."""
    if outcome not in ZONES:
        return None
    f, a = t.fighter(who), t.s.attack
    zone = "battle" if outcome == "to_battle_zone" else "inactive"
    why = ("it is there already" if f.zone == zone else
           "it takes part in the attack" if a is not None and resume != "turn_end" and
           who in (a.character, a.target) else
           "its battle zone would be empty (A21.6)" if zone == "inactive" and
           len(t.s.battle(f.player)) == 1 else None)
    if why:
        raise IllegalDecisionError(f"{f.label} cannot go to the {zone} zone: {why}.", "A21.2",
                                   field="card_text")
    return zone


def _end_effect(t: Table, who: str) -> None:
    """``end_effect``: the effect on ``who`` ends now, as an expired one does (AG19, AG40)."""
    f = t.fighter(who)
    effect = f.effect
    if effect is None:
        raise IllegalDecisionError(f"{f.label} is under no effect to end.", "A13.4",
                                   field="card_text")
    t.emit(EffectEnded("A13.4", f"{effect.name} on {f.label} ends.", who, effect.name,
                       "card_text"))
    if f.status == "captive":
        t.emit(CaptivityEnded("AG40", f"{f.label} is free again and returns to the "
                              f"{f.zone} zone.", who))


def _said(t: Table, d: dict[str, Any], pools: dict[str, dict[str, int]]) -> str:
    outcome, who, amount = d["outcome"], d["character"], d["amount"]
    if outcome in POOLS:
        after = pools[who][POOLS[outcome]]
        before = getattr(t.fighter(who), POOLS[outcome])
        return (f"{t.name(who)} {'gains' if amount >= 0 else 'loses'} {abs(amount)} "
                f"{WORDS[outcome]}: {before} → {after}")
    if outcome in ZONES:
        return f"{t.name(who)} goes to the {outcome[3:].replace('_', ' ')}"
    if outcome == "damage":
        assert t.s.attack is not None
        return (f"the attack's damage changes by {amount:+d}: {t.s.attack.dp} → "
                f"{max(0, t.s.attack.dp + amount)} DP")
    return {"nothing": "it does nothing here", "hit": "the attack hits in full, no reply",
            "miss": "the attack misses: it does nothing",
            "end_effect": f"the effect on {t.name(who)} ends",
            "place_effect": f"{d.get('effect')} is placed on {t.name(who)}"}[outcome]


def _go_on(t: Table, outcome: str, n: int) -> None:
    """After the answer: the attack hits or misses, or ends when the table's LP change
    destroyed its attacker or target; else the next free text of the same moment is
    asked, and the reply follows."""
    a = t.s.attack
    assert a is not None
    if outcome == "hit":
        conclude(t, [Blow(a.target, "life", a.dp, "attack", "A18.2", a.dp_note)], "full")
    elif outcome == "miss":
        conclude(t, [], "none")
    elif outcome == "life" and any(t.fighter(x).life <= 0 for x in (a.character, a.target)):
        if not destroy(t):
            conclude(t, [], "none")
    elif not ask(t, "when_declared", n + 1) and outcome == "life":
        destroy(t)  # a character outside the attack brought to 0 LP leaves play
