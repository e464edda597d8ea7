"""Judging one decision: standing decisions and annotations, then the prompt's options,
then the step it belongs to. Runs on a working copy; an illegal decision changes nothing."""

from __future__ import annotations

from typing import Any

from judge.artobattlers import challenge, declare, reply
from judge.artobattlers.damage import destroy, raise_power
from judge.artobattlers.facts import (
    AnnotationRecorded,
    ExtraAttackDeclined,
    Fact,
    FirstPlayerDecided,
    MatchEnded,
    NoMoreIssues,
    StartDieEntered,
    StartRollRound,
    StateCorrected,
    TeamRegistered,
)
from judge.artobattlers.legal import prompt
from judge.artobattlers.refusals import reason
from judge.artobattlers.table import Table
from judge.artobattlers.turns import end_turn, start_turn
from judge.errors import DuelOverError, IllegalDecisionError

ANNOTATIONS = ("roll_rejected", "note", "ruling")
DEFAULTS: dict[str, dict[str, Any]] = {"attack": {"striker": False, "pay": None, "sacrifice": False},
            "extra_attack": {"pay": None, "sacrifice": False},
            "manual_move": {"multiple": None, "pay": None}}
CORRECTABLE = {"life", "power", "shield", "striker_life"}


def judge(t: Table, d: Any, wasted: bool) -> list[Fact]:
    """The facts of decision ``d`` (run on ``t``'s working state as they are made)."""
    if not isinstance(d, dict):
        raise IllegalDecisionError("A decision is a JSON object.", "A0.5")
    kind = d.get("kind")
    if kind == "correction":
        return _correction(t, d)
    if t.s.over:
        raise DuelOverError("The match is over.", "A20")
    if kind in ANNOTATIONS:
        t.emit(AnnotationRecorded("AG36", f"Annotation ({kind}): nothing changes.", kind,
                                  {k: v for k, v in d.items() if k != "kind"}))
        return t.facts
    if kind in ("give_up", "no_more_issues", "agree_no_more_issues"):
        _standing(t, d)
        return t.facts
    d = {**DEFAULTS.get(str(kind), {}), **d}
    now = prompt(t)
    assert now is not None
    if d not in now["options"]:
        why, rule = reason(t, d, now, wasted)
        raise IllegalDecisionError(why, rule, field=str(kind))
    STEPS[str(kind)](t, d)
    return t.facts


def _standing(t: Table, d: dict[str, Any]) -> None:
    kind, p = d["kind"], d.get("player")
    if kind == "agree_no_more_issues":
        if sorted(d.get("players") or []) != [0, 1]:
            raise IllegalDecisionError("Both players agree: players [0, 1].", "AG3")
        t.emit(NoMoreIssues("AG3", "Both players agree that neither can win.", [0, 1], True))
        t.emit(MatchEnded("A20.4", "The match is a draw by agreement.", None, True,
                          "agreement"))
        return
    if p not in (0, 1):
        raise IllegalDecisionError(f"{kind} needs a player, 0 or 1.", "A20.3")
    if kind == "give_up":
        t.emit(MatchEnded("A20.3", f"{t.pname(p)} gives up: {t.pname(1 - p)} wins.", 1 - p,
                          False, "give_up"))
        return
    t.emit(NoMoreIssues("AG3", f"{t.pname(p)} declares he has no more issues.", [p], True))
    t.emit(MatchEnded("A20.4", f"{t.pname(1 - p)} wins: {t.pname(p)} has no more issues.",
                      1 - p, False, "no_more_issues"))


def _correction(t: Table, d: dict[str, Any]) -> list[Fact]:
    """An older correction (``characters``); the one shape is judge.corrections'."""
    if t.s.over:
        raise DuelOverError("The match is over: a correction is refused unless a head "
                            "judge's resolution of a dispute reopens it.", "A20",
                            field="reopens")
    changes = d.get("characters")
    if not isinstance(changes, dict) or not changes or any(
            k not in t.s.fighters or not isinstance(v, dict) or not v or
            not set(v) <= CORRECTABLE or any(type(x) is not int or x < 0 for x in v.values())
            for k, v in changes.items()):
        raise IllegalDecisionError("A correction sets characters' pools: {id: {life, power, "
                                   "shield, striker_life}} (whole numbers >= 0).",
                                   "correction", field="characters")
    t.emit(StateCorrected(d.get("rule") or "correction", d.get("text") or
                          "A head judge corrects the pools.", changes))
    destroy(t)  # a character at 0 LP is destroyed at once (A20.1)
    return t.facts


def _team(t: Table, d: dict[str, Any]) -> None:
    card = t.cards[d["characters"][0]]
    taken = set(t.s.fighters)
    fid = card.id if card.id not in taken else f"{card.id}#2"
    t.emit(TeamRegistered("A2.1", f"{t.pname(d['player'])} brings {card.name}.",
                          d["player"], [_starting(t, card.id, fid, d["player"])]))


def _starting(t: Table, card_id: str, fid: str, player: int) -> dict[str, Any]:
    """The character's starting pools (A2.2), with a test harness's overrides."""
    c = t.cards[card_id]
    h = t.setup.get("harness", {}).get(fid, t.setup.get("harness", {}).get(card_id, {}))
    shield = h.get("shield", c.shield) if c.shield is not None else None
    return {"id": fid, "card": c.id, "player": player, "name": c.name, "dice_type": c.dice_type,
            "type": c.type, "size": c.size, "level_globes": c.level_globes,
            "life": h.get("life", c.life), "life_start": c.life,
            "power": h.get("power", c.power[0]) if c.power else None,
            "power_limit": c.power[1] if c.power else None,
            "shield": shield, "shield_destroyed": shield == 0,
            "striker_name": c.striker.name if c.striker else None,
            "striker_life": h.get("striker", c.striker.life) if c.striker else None}


def _start_die(t: Table, d: dict[str, Any]) -> None:
    t.emit(StartDieEntered("A2.3", f"{t.pname(d['player'])} rolls {d['value']} for the "
                           "start.", d["player"], d["value"]))
    a, b = t.s.start_current
    if a is None or b is None:
        return
    t.emit(StartRollRound("A2.3", "Equal rolls: both roll again." if a == b else
                          f"{max(a, b)} beats {min(a, b)}.", [a, b], a == b))
    if a != b:
        first = 0 if a > b else 1
        t.emit(FirstPlayerDecided("A2.4", f"{t.pname(first)} takes the first turn.", first))
        start_turn(t, 1, first)


def _power_turn(t: Table, d: dict[str, Any]) -> None:
    raise_power(t, d["character"], "pay_turn", "A8.7", "paying the turn")
    end_turn(t)


def _decline(t: Table, d: dict[str, Any]) -> None:
    t.emit(ExtraAttackDeclined("A14.3", f"{t.pname(d['player'])} declines the extra attack.",
                               d["player"]))
    end_turn(t)


def _extra(t: Table, d: dict[str, Any]) -> None:
    assert t.s.attack is not None
    declare.declare(t, d, chain_origin=t.s.attack.move)


STEPS = {
    "team": _team, "start_die": _start_die, "attack": declare.declare,
    "power_turn": _power_turn, "die": reply.die, "manual_move": reply.manual_move,
    "force_challenge": challenge.declare, "duel_die": challenge.duel_die,
    "counterattack": lambda t, d: reply.counterattack(t, d["id"]),
    "extra_attack": _extra, "decline_extra_attack": _decline,
}
