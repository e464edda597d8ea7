"""The canonical state JSON, shared by ``judge replay --json``, the API and bug reports."""

from __future__ import annotations

from judge.battlecon.actions import Need
from judge.battlecon.decisions import write
from judge.battlecon.kit_decls import beat_fields
from judge.battlecon.state import DuelState, PlayerState
from judge.battlecon.stats import attack
from judge.ruleset import ONE_PLAYER, SIMULTANEOUS


def prompt_json(need: Need | None) -> dict | None:
    if need is None:
        return None
    decider = SIMULTANEOUS if len(need.players) > 1 else ONE_PLAYER  # secret pairs, bases
    out = {"players": list(need.players), "decider": decider, "kind": need.kind,
           "options": [write(o) for o in need.options],
           "about": need.about, "rule": need.rule}
    if "order" in need.extra:
        out["order"] = need.extra["order"]
    if "figure" in need.extra:  # a move of a figure besides the standups (Juto)
        out["figure"] = need.extra["figure"]
    return out


def player_json(s: DuelState, i: int) -> dict:
    p: PlayerState = s.players[i]
    out = {
        "name": p.name, "fighter": p.fighter, "finisher": p.finisher, "life": p.life,
        "space": p.space, "stunned": p.this_beat.stunned, "hand": sorted(p.hand),
        "discard_1": list(p.discard_1), "discard_2": list(p.discard_2),
        "removed": list(p.removed), "attack_pair": p.pair.to_json() if p.pair else None,
        "token_pool": sorted(p.token_pool), "token_discard": sorted(p.token_discard),
        "anted": list(p.this_beat.anted), "special_action": p.special_action_status(),
        "finisher_used": p.finisher_used, "stun_immune": p.this_beat.stun_immune,
    }
    out.update(p.modes)  # Kallistar's "form"
    if p.counters:
        out["counters"] = dict(p.counters)
    if p.in_play:
        out["in_play"] = list(p.in_play)
    for f in beat_fields():  # a kit's own (Seth's guess); a secret one waits for the Reveal
        if p.this_beat.kit.get(f.key) is not None:
            out[f.key] = p.this_beat.kit[f.key]
    if p.pair is not None and p.pair.revealed:
        a = attack(s, i)
        out["attack"] = {"range": a.range if isinstance(a.range, str) else list(a.range),
                         "power": a.power, "priority": a.priority, "soak": a.soak,
                         "stun_guard": a.stun_guard, "stun_immunity": a.stun_immunity}
    return out


def state_json(s: DuelState, need: Need | None) -> dict:
    return {
        "beat": s.beat, "beats_played": s.seq, "step": s.step, "active": s.active,
        "over": s.over, "winner": s.winner, "draw": s.draw, "end_reason": s.end_reason,
        "options": s.options,
        "players": [player_json(s, 0), player_json(s, 1)],
        "markers": [{"owner": o, "name": n, "space": sp}
                    for (o, n), sp in sorted(s.markers.items())],
        "statuses": [st.to_json() for st in s.statuses],
        "prompt": prompt_json(need),
    } | _figures(s)


def _figures(s: DuelState) -> dict:
    """Figures besides the standups, when a fighter brings any (none of the first four)."""
    if not s.figures:
        return {}
    return {"figures": [{"owner": o, "name": n} | f.to_json()
                        for (o, n), f in sorted(s.figures.items())]}
