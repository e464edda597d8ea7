"""Why an illegal decision is refused, with the rule that forbids it (decisions.md
"Refusals"). Called only once a decision is known not to be among the options."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.rulings import half
from judge.artobattlers.table import Table
from judge.artobattlers.zones import layout_rule, not_symbol_free, side_parts, team_problem
from judge.described import misfit

REPLIES = ("die", "manual_move", "force_challenge")


def reason(t: Table, d: dict[str, Any], prompt: dict[str, Any],
           wasted: bool) -> tuple[str, str]:
    """(reason, rule) for refusing ``d`` at ``prompt``; ``wasted`` when the last attack was
    not effective (its reply is void, A12.4)."""
    kind = d.get("kind")
    if kind in REPLIES and prompt["kind"] != "reply" and wasted:
        return "attack not effective (A12.4): there is no reply to make.", "A12.4"
    early = _advance_only(t, str(kind), prompt)
    if early:
        return early
    expected = {o["kind"] for o in prompt["options"]} | {
        x["kind"] for x in prompt.get("described", ())}
    if prompt["kind"] == "reply":
        expected |= set(REPLIES)
    if prompt["kind"] == "turn_action":
        expected |= {"attack", "power_turn", "ability_action"} | (
            {"side_attack"} if t.s.advance else set())
    if kind not in expected:
        return (f"a {kind!r} decision is not expected now; waiting for "
                f"{', '.join(sorted(expected))} from player(s) {prompt['players']}.",
                prompt["rule"])
    if d.get("player") not in prompt["players"]:
        return f"it is not player {d.get('player')}'s decision now.", prompt["rule"]
    if kind in ("die", "start_die", "duel_die"):
        return f"a die shows 1-6, not {d.get('value')!r}.", "A0.5"
    if kind in ("may", "pick"):
        key = "accept" if kind == "may" else "option"
        return (f"{kind} takes one of {[o[key] for o in prompt['options']]}, from player "
                f"{prompt['players'][0]}.", "A13.1")
    if kind == "team" and t.s.advance:
        return team_problem(t, d.get("characters")) or ("not a legal team now.", "A21.1")
    if kind == "placement":
        return _placement(t, d) or _misfit(d, prompt)
    why = BY_KIND.get(str(kind))
    return why(t, d) if why else (f"not a legal {kind} now.", prompt["rule"])


def _misfit(d: dict[str, Any], prompt: dict[str, Any]) -> tuple[str, str]:
    """Why ``d`` fits none of the prompt's descriptions of its player's decision (the first
    misfit of the first such description), for what the specific checks do not name."""
    for x in prompt.get("described", ()):
        if x["kind"] == d.get("kind") and x["fields"].get("player") == {"const": d.get(
                "player")}:
            why = misfit(x, d)
            if why:
                return why.reason, why.rule
    return f"not a legal {d.get('kind')} now.", prompt["rule"]


def _advance_only(t: Table, kind: str, prompt: dict[str, Any]) -> tuple[str, str] | None:
    """Placements and side attacks out of their place (A21.4, A21.11, A14.6)."""
    if kind in ("placement", "side_attack") and not t.s.advance:
        return (f"a {kind} is made only in Advance Play.",
                "A21.4" if kind == "placement" else "A21.11")
    if kind == "placement" and prompt["kind"] != "placement":
        if prompt["kind"] == "extra_attack":
            return "a chain's extra attack allows no placement review.", "A14.6"
        if t.s.to_act is not None:
            return ("the placement review is made once per turn, at its start, before any "
                    "attack.", "A21.4")
    return None


def _placement(t: Table, d: dict[str, Any]) -> tuple[str, str] | None:
    p, s = d["player"], t.s
    battle, inactive = d.get("battle_zone"), d.get("inactive_zone")
    if not isinstance(battle, list) or not isinstance(inactive, list):
        return "a placement lists battle_zone and inactive_zone.", "A21.3"
    mine = sorted(f.id for f in s.in_play(p))
    if sorted(battle + inactive) != mine:
        return (f"a placement lists each of player {p}'s characters in play once: "
                f"{', '.join(mine)}.", "A21.3")
    if not battle:
        return "at least one character must be in the battle zone.", "A21.6"
    locked = [c for c in inactive if s.fighters[c].effect is not None and
              s.fighters[c].zone == "battle" and s.to_act is not None]
    if locked:
        f = s.fighters[locked[0]]
        assert f.effect is not None
        return (f"{f.label} is under {f.effect.name} and cannot go to the inactive zone until "
                "it ends.", "A13.5")
    acting = layout_rule(t, p, s.to_act is not None).acting
    if acting and not set(battle) & set(acting):
        return ("that layout leaves no legal turn action while another would give one.",
                "AG3")
    return None


def _side(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    p, s = d.get("player"), t.s
    lead, joining = d.get("lead"), d.get("joining")
    if not isinstance(lead, dict) or (joining is not None and not isinstance(joining, dict)):
        return "a side attack names a lead and a joining part.", "A22.2, AG33"
    if joining is None and t.rulings["AG33"] == "declare_all_up_front":
        return "the joining character and move are announced with the lead.", "AG33"
    if joining is not None and t.rulings["AG33"] != "declare_all_up_front":
        return ("this match chooses the joining attack after the lead succeeds: announce "
                "the lead only (joining null).", "AG33")
    if joining is not None and lead.get("character") == joining.get("character"):
        return "the lead and the joining attacks come from two different characters.", "A22.3"
    for part in (lead, joining) if joining else (lead,):
        problem = _part(t, p, part)
        if problem:
            return problem
    target = d.get("target")
    if target not in s.fighters or s.fighters[target].player == p or not (
            s.fighters[target].in_play and s.fighters[target].zone == "battle"):
        return f"{target!r} is not an opponent character in the battle zone.", "A21.6"
    return "not a legal side attack now.", "A22"


def _part(t: Table, p: Any, part: dict[str, Any]) -> tuple[str, str] | None:
    """What is wrong with a side attack's lead or joining part (A22.3, A22.6, A22.7)."""
    s, who = t.s, part.get("character")
    if who not in s.fighters or s.fighters[who].player != p or not s.fighters[who].in_play:
        return f"{who!r} is not a character of player {p} in play.", "A22.3"
    if s.fighters[who].zone != "battle":
        return f"{t.name(who)} is in the inactive zone: both must be in the battle zone.", \
            "A22.3"
    move = t.card(who).move(str(part.get("move")))
    if move is None and t.card(who).move(str(part.get("move")), striker=True):
        return (f"{part.get('move')!r} is a striker move: strikers take no part in a side "
                "attack.", "A22.6")
    if move is None:
        return f"{t.name(who)} has no move {part.get('move')!r}.", "A1.4"
    symbol = not_symbol_free(move)
    if symbol:
        return f"{move.name} is not symbol-free: it carries {symbol}.", "A22.6"
    if {"character": who, "move": move.id, "pay": part.get("pay"),
            "sacrifice": part.get("sacrifice")} not in side_parts(t, s.fighters[who]):
        return f"{move.name} cannot be paid that way now.", "A22.7, A8.4, A9.2, AG10"
    return None


def _ability(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    who = d.get("character")
    if who not in t.s.fighters or t.fighter(str(who)).player != d.get("player") or not (
            t.fighter(str(who)).in_play):
        return f"{who!r} is not a character of player {d.get('player')} in play.", "A3.3"
    ability = t.card(str(who)).ability
    if ability is None or not ability.turn_action:
        return f"{t.name(str(who))} has no Special Ability that grants a turn action.", "A18"
    if t.fighter(str(who)).zone != "battle":
        return f"{t.name(str(who))} is in the inactive zone.", "A21.6"
    if ability.action == "dice_duel_turn":
        return (f"the ability is {ability.id!r}, with params {{\"target\": an opponent "
                "character in the battle zone}.", "AG45")
    return (f"the ability is {ability.id!r}, with params {{}}.", "A18")


def _power_turn(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    who = d.get("character")
    if who in t.s.fighters and t.fighter(who).zone != "battle":
        return (f"{t.name(who)} is in the inactive zone; this match's PP turn needs a "
                "battle-zone character.", "AG28")
    return f"{who!r} cannot pay a turn to raise PP (no TURN symbol).", "A8.7"


def _manual(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    a = t.s.attack
    assert a is not None
    f, number = t.fighter(a.target), d.get("number")
    mm = t.card(a.target).manual(number) if isinstance(number, int) else None
    head = f"manual_move {number} not available"
    if mm is None:
        return f"{head}: {f.label} has no such manual move.", "A1.4"
    if f.effect is not None and "manual_move" in f.effect.replies:
        return f"{head}: {f.effect.name} forbids manual moves.", "A13.1"
    if number == 1 and not f.shield_intact:
        return f"{head}: the shield is destroyed.", "A7.3"
    if number == 2:
        return (f"{head}: LP {f.life} is not above half of {a.dp} "
                f"({half(a.dp, t.rulings)}).", "A6.7, AG9")
    if number == 3:
        return (f"{head}: ×{d.get('multiple')} needs {mm.pp} PP per multiple and "
                f"{f.label} has {f.power or 0}.", "A6.9, AG25")
    return f"{head}: its cost cannot be paid (or the payment choice is wrong).", "A6.3, AG10"


def _challenge(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    a = t.s.attack
    assert a is not None
    f = t.fighter(a.target)
    colour = t.attack_move().force_challenge
    if colour is None:
        return f"{t.attack_move().name} carries no force challenge symbol.", "A16.5"
    if f.effect is not None and "force_challenge" in f.effect.replies:
        return f"{f.effect.name} forbids force challenges.", "A13.1"
    if f.life <= 10:
        return f"{f.label} needs more than 10 LP to pay for a force challenge.", "A16.6, AG10"
    return (f"{d.get('move')!r} is not a move of {f.label} with the {colour} force challenge "
            "symbol.", "A16.5")


def _attack(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    p = d.get("player")
    who = t.s.attack.character if d["kind"] == "extra_attack" and t.s.attack else d.get(
        "character")
    if who not in t.s.fighters or t.fighter(who).player != p or not t.fighter(who).in_play:
        return f"{who!r} is not a character of player {p} in play.", "A3.5"
    move = t.card(who).move(str(d.get("move")), bool(d.get("striker")))
    if move is None:
        return f"{t.name(who)} has no move {d.get('move')!r} there.", "A1.4"
    if move.striker and not t.fighter(who).striker_alive:
        return "the striker is destroyed; its moves can no longer be used.", "A17.5"
    if d["kind"] == "extra_attack" and (move.chain or move.striker):
        return "an extra attack cannot be a chain move or a striker move.", "A14.4"
    if d["kind"] == "attack" and d.get("target_striker"):
        return aiming_refused(t, who, move.striker, d.get("target"))
    target = d.get("target")
    if d["kind"] == "attack" and (target not in t.s.fighters or t.fighter(target).player == p):
        return f"{target!r} is not an opponent character in play (a striker is never a " \
               "target).", "A17.2"
    if d["kind"] == "attack" and t.fighter(who).zone != "battle":
        return (f"{t.name(who)} is in the inactive zone: only battle-zone characters "
                "attack.", "A21.6")
    if d["kind"] == "attack" and t.fighter(str(target)).zone != "battle":
        return (f"{t.name(str(target))} is in the inactive zone: only battle-zone characters can "
                "be targeted.", "A21.6")
    if d.get("sacrifice"):
        return (f"{move.name} cannot be used as a sacrifice here: only an LP-only use whose "
                "cost is at least the current LP can.", "A9.3, A9.4, AG22")
    return (f"{move.name} cannot be paid now ({move.cost.describe()}; LP payments need more "
            "LP than the cost, a sacrifice must be declared).", "A8.4, A9.2, AG10")


def aiming_refused(t: Table, who: str, striker: bool, target: Any) -> tuple[str, str]:
    """Why an attack on a striker is refused (A17.2; AG46 for the ability that allows it)."""
    ability = t.card(who).ability
    if ability is None or ability.action != "target_striker":
        return (f"{t.name(who)} has no Special Ability that lets it target a striker (a "
                "striker is never a target).", "A17.2")
    if striker:
        return "the ability is its owner's: its striker's moves cannot aim at a striker.", \
            "A18.3, AG46"
    if target not in t.s.fighters or t.fighter(str(target)).player == t.fighter(who).player:
        return f"{target!r} is not an opponent character in play.", "A3.5"
    if not t.fighter(str(target)).striker_alive:
        return f"{t.name(str(target))} has no striker left to target.", "A17.5, AG46"
    return (f"{t.name(str(target))}'s striker cannot be attacked that way now.",
            "A8.4, A9.2, A21.6, AG46")


BY_KIND = {"manual_move": _manual, "force_challenge": _challenge, "attack": _attack,
           "extra_attack": _attack, "side_attack": _side,
           "power_turn": _power_turn, "ability_action": _ability}
