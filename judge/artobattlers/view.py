"""Read models over the state: the canonical state JSON (decisions.md "State a replay viewer
shows") and the summary line; decisions in words are in ``sentences``."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from judge.artobattlers.state import Attack, Fighter, GameState


def fighter_json(f: Fighter) -> dict[str, Any]:
    return {
        "name": f.name, "card": f.card,
        "zone": f.zone if f.status in ("in_play", "captive") else None,
        "status": f.status, "life": max(0, f.life), "life_start": f.life_start,
        "power": f.power, "power_limit": f.power_limit,
        "shield": None if f.shield is None else {"life": max(0, f.shield),
                                                 "destroyed": f.shield_destroyed},
        "striker": None if f.striker_name is None else {
            "name": f.striker_name, "life": max(0, f.striker_life or 0),
            "destroyed": f.striker_destroyed},
        "dice_type": f.dice_type, "type": f.type, "size": f.size,
        "level_globes": f.level_globes,
        "effects": [] if f.effect is None else [{
            "name": f.effect.name, "source": f.effect.source,
            "applied_turn": f.effect.applied_turn, "ends_after_turn": f.effect.ends_after_turn,
            "replies_forbidden": list(f.effect.replies)}],
    }


def attack_json(a: Attack | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {"attacker": {"player": a.player, "character": a.character, "striker": a.striker},
            "move": a.move, "target": a.target, "kind": a.kind, "chain_origin": a.chain_origin,
            "paid": {"lp": a.paid_lp, "pp": a.paid_pp}, "pay": a.pay, "sacrifice": a.sacrifice,
            "effective": a.effective, "dp_against_target": a.dp, "dp_note": a.dp_note,
            "reply": a.reply, "counterattack": a.counterattack,
            "duel": asdict(a.duel) if a.duel else None, "outcome": a.outcome,
            "attacker_afflicted": a.attacker_afflicted,
            **({"target_striker": True} if a.target_striker else {})}  # AG46


def state_json(s: GameState, prompt: dict[str, Any] | None) -> dict[str, Any]:
    players = []
    for p in (0, 1):
        fighters = s.of(p)
        players.append({
            "player": p, "name": s.names[p],
            "battle_zone": [f.id for f in s.battle(p)],
            "inactive_zone": [f.id for f in s.inactive(p)],
            "out_of_play": [f.id for f in fighters if f.status in ("destroyed", "discarded")],
            "captive": [f.id for f in fighters if f.status == "captive"],
            "placement_reviewed_this_turn": s.reviewed and s.to_act == p,
            "characters": {f.id: fighter_json(f) for f in fighters}})
    return {"ruleset": "artobattlers", "format": s.format,
            "level_globe_total": s.level_globe_total, "turn": s.turn,
            "player_to_act": s.to_act, "step": s.step, "over": s.over, "winner": s.winner,
            "draw": s.draw, "end_reason": s.end_reason, "players": players,
            "attack": attack_json(s.attack), "side_attack": s.side,
            "card_choice": s.choice, "text_duel": s.text_duel,
            "dice": {"start": [list(r) for r in s.start_rounds], "last_reply": s.last_reply},
            "rulings": dict(s.rulings), "prompt": prompt}


def summary(s: GameState) -> dict[str, Any]:
    players = []
    for p in (0, 1):
        fighters = s.of(p)
        players.append({"name": s.names[p],
                        "fighter": ", ".join(f.name for f in fighters) or None,
                        "life": sum(max(0, f.life) for f in fighters if f.in_play)
                        if fighters else None})
    return {"players": players, "beat": s.turn, "status": "over" if s.over else "in_progress",
            "winner": s.winner, "draw": s.draw}
