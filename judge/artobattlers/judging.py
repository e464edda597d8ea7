"""Judging one decision: standing decisions and annotations, then the prompt's options,
then the step it belongs to. Runs on a working copy; an illegal decision changes nothing."""

from __future__ import annotations

from itertools import chain, count
from typing import Any

from judge.artobattlers import (
    abilities,
    abilityduel,
    challenge,
    conclude,
    declare,
    freetext,
    reply,
    side,
)
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
from judge.artobattlers.legal import counterattack_option, prompt
from judge.artobattlers.refusals import reason
from judge.artobattlers.table import Table
from judge.artobattlers.turns import (
    after_review,
    end_turn,
    lay,
    start_turn,
    text_duel_die,
)
from judge.artobattlers.zones import (
    canonical_layout,
    layout_rule,
)
from judge.described import fits
from judge.errors import DuelOverError, IllegalDecisionError

ANNOTATIONS = ("roll_rejected", "note", "ruling")
ANNOTATION_WORDS = {"roll_rejected": "The rejected roll is recorded; it changes nothing.",
                    "note": "The note is recorded; it changes nothing.",
                    "ruling": "The judge's ruling is recorded; it changes nothing."}
DEFAULTS: dict[str, dict[str, Any]] = {"attack": {"striker": False, "pay": None, "sacrifice": False},
            "extra_attack": {"pay": None, "sacrifice": False},
            "manual_move": {"multiple": None, "pay": None},
            "placement": {"inactive_zone": []}, "side_attack": {"joining": None},
            "joining_attack": {"pay": None, "sacrifice": False},
            "ability_action": {"params": {}}}
CORRECTABLE = {"life", "power", "shield", "striker_life"}


def judge(t: Table, d: Any, wasted: bool, asked: dict[str, Any] | None = None) -> list[Fact]:
    """The facts of decision ``d`` (run on ``t``'s working state as they are made);
    ``asked``: the prompt of that state, when the caller has it already."""
    if not isinstance(d, dict):
        raise IllegalDecisionError("A decision is a JSON object.", "A0.5")
    kind = d.get("kind")
    if kind == "correction":
        return _correction(t, d)
    if t.s.over:
        raise DuelOverError("The match is over.", "A20")
    if kind in ANNOTATIONS:
        t.emit(AnnotationRecorded("AG36", ANNOTATION_WORDS[str(kind)], kind,
                                  {k: v for k, v in d.items() if k != "kind"}))
        return t.facts
    if kind in ("give_up", "no_more_issues", "agree_no_more_issues"):
        _standing(t, d)
        return t.facts
    d = counterattack_option(t, {**DEFAULTS.get(str(kind), {}), **d})
    if kind == "attack" and d.get("target_striker") is False:
        d = {k: v for k, v in d.items() if k != "target_striker"}  # the usual target
    now = prompt(t) if asked is None else asked
    assert now is not None
    bad = _malformed(d)
    if bad:
        raise IllegalDecisionError(f"{kind}.{bad} has the wrong type.", now["rule"],
                                   field=str(kind))
    if not _legal(t, d, now):
        why, rule = reason(t, d, now, wasted)
        raise IllegalDecisionError(why, rule, field=str(kind))
    STEPS[str(kind)](t, d)
    freetext.at_turn_start(t)  # a start-of-turn free text, when a turn began (freetext.py)
    return t.facts


SCALAR = (str, int, float, bool, type(None))
ID_LISTS = ("characters", "battle_zone", "inactive_zone")


def _malformed(d: dict[str, Any]) -> str | None:
    """The first field of ``d`` whose JSON type no decision uses (ids are strings, zone
    and team lists hold strings, a side attack's parts are flat objects), or None."""
    for key, value in d.items():
        if key in ID_LISTS:
            ok = isinstance(value, list) and all(isinstance(x, str) for x in value)
        elif key in ("lead", "joining"):
            ok = value is None or isinstance(value, dict) and all(
                isinstance(x, SCALAR) for x in value.values())
        elif key == "params":
            ok = isinstance(value, dict)
        elif key == "agreed":  # card_text: both players (freetext.py)
            ok = isinstance(value, list) and all(type(x) is int for x in value)
        else:
            ok = isinstance(value, SCALAR)
        if not ok:
            return str(key)
    return None


def _legal(t: Table, d: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether ``d`` is one of the prompt's options or fits one of its descriptions (an
    Advance Play team or placement, where the order inside a list does not matter;
    manual move 3). A decision recorded against a listed prompt (before these were
    described) is the same decision, and fits."""
    return d in now["options"] or any(fits(x, d) for x in now.get("described", ()))


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
    """The team enters with its starting pools; a second copy of a character is
    ``<id>#2`` (AG26). In Advance Play, once both teams are in, a player with one legal
    layout has it laid for him (a forced step)."""
    taken, entries = set(t.s.fighters), []
    for card_id in d["characters"]:
        fid = next(i for i in chain((card_id,), (f"{card_id}#{n}" for n in count(2)))
                   if i not in taken)  # no bound on copies: the rulebook sets none
        taken.add(fid)
        entries.append(_starting(t, card_id, fid, d["player"]))
    names = ", ".join(t.cards[c].name for c in d["characters"])
    if t.s.advance:
        globes = sum(t.cards[c].level_globes for c in d["characters"])
        t.emit(TeamRegistered("A21.1", f"{t.pname(d['player'])} builds a team of {globes} "
                              f"level globes: {names}.", d["player"], entries))
    else:
        t.emit(TeamRegistered("A2.1", f"{t.pname(d['player'])} brings {names}.",
                              d["player"], entries))
    if t.s.step != "placement":
        return
    for p in (0, 1):
        only = layout_rule(t, p, review=False).only()
        if only:
            lay(t, p, *only, review=False, forced=True)


def _placement(t: Table, d: dict[str, Any]) -> None:
    p = d["player"]
    battle = canonical_layout(t, p, d["battle_zone"])
    inactive = canonical_layout(t, p, d["inactive_zone"])
    review = t.s.to_act is not None
    lay(t, p, battle, inactive, review, forced=False)
    if review:
        after_review(t)


def _starting(t: Table, card_id: str, fid: str, player: int) -> dict[str, Any]:
    """The character's starting pools (A2.2), with a test harness's overrides."""
    c = t.cards[card_id]
    h = t.setup.get("harness", {}).get(fid, t.setup.get("harness", {}).get(card_id, {}))
    shield = h.get("shield", c.shield) if c.shield is not None else None
    gone = {"status": "destroyed"} if h.get("life") == 0 else {}  # before the position
    return {**gone, "id": fid, "card": c.id, "player": player, "name": c.name, "dice_type": c.dice_type,
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


def _ability_action(t: Table, d: dict[str, Any]) -> None:
    ability = t.card(d["character"]).ability
    if ability is not None and ability.action == "free_text":
        freetext.invoke(t, d)  # the table says what it does; the turn ends (or the prompt
        #                        it interrupted is asked again, invoking.py)
        return
    if ability is not None and ability.action == "dice_duel_turn":
        abilityduel.open_duel(t, d)  # the dice come next; the turn ends after (AG45)
        return
    abilities.act(t, d)
    end_turn(t)


def _duel_die(t: Table, d: dict[str, Any]) -> None:
    """A card-text dice duel's die when one is open, else a force challenge's (A16)."""
    duel = t.s.text_duel
    if duel is not None and "by" in duel:  # a Special Ability's dice duel (AG45)
        abilityduel.duel_die(t, d)
        return
    (text_duel_die if duel is not None else challenge.duel_die)(t, d)


def _decline(t: Table, d: dict[str, Any]) -> None:
    t.emit(ExtraAttackDeclined("A14.3", f"{t.pname(d['player'])} declines the extra attack.",
                               d["player"]))
    end_turn(t)


def _attack(t: Table, d: dict[str, Any]) -> None:
    declare.declare(t, d)
    if t.s.step == "reply":  # a free text of the move or ability asked first (freetext.py)
        freetext.ask(t, "when_declared")


def _extra(t: Table, d: dict[str, Any]) -> None:
    assert t.s.attack is not None
    declare.declare(t, d, chain_origin=t.s.attack.move)
    if t.s.step == "reply":
        freetext.ask(t, "when_declared")


STEPS = {
    "team": _team, "placement": _placement, "start_die": _start_die,
    "attack": _attack, "side_attack": side.announce,
    "joining_attack": side.joining_decided,
    "power_turn": _power_turn, "ability_action": _ability_action,
    "may": conclude.card_choice, "pick": conclude.card_choice, "die": reply.die, "manual_move": reply.manual_move,
    "force_challenge": challenge.declare, "duel_die": _duel_die,
    "counterattack": lambda t, d: reply.counterattack(t, d["id"], index=d.get("index")),
    "extra_attack": _extra, "decline_extra_attack": _decline,
    "card_text": freetext.rule_on,
}
