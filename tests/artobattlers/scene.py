"""Scenes for ART O BATTLERS tests: a simple duel set up and started, short decision
helpers and readers, in the shorthand of scenarios.md (EK, GB, VW, MJ)."""

from __future__ import annotations

from typing import Any

from judge import registry
from judge.described import expand

R = registry.find("artobattlers")
EK, GB, VW, MJ = "ember-knight", "gearback", "volt-wisp", "mossjaw"


def record(p0: str, p1: str, harness: dict[str, Any] | None = None,
           rulings: dict[str, str] | None = None) -> dict[str, Any]:
    setup: dict[str, Any] = {"format": "simple_duel", "characters": "artobattlers-sample-v1",
                             "rulings": rulings or {}, "players": [{"name": "P0"},
                                                                   {"name": "P1"}]}
    if harness:
        setup["harness"] = harness
    return {"ruleset": "artobattlers", "setup": setup,
            "decisions": [{"player": 0, "kind": "team", "characters": [p0]},
                          {"player": 1, "kind": "team", "characters": [p1]}]}


def duel(p0: str, p1: str, first: int = 0, harness: dict[str, Any] | None = None,
         rulings: dict[str, str] | None = None) -> Any:
    """A simple duel P0 ``p0`` vs P1 ``p1``, the start roll won by ``first``."""
    m = R.from_record(record(p0, p1, harness, rulings))
    m.decide({"player": 0, "kind": "start_die", "value": 6 if first == 0 else 1})
    m.decide({"player": 1, "kind": "start_die", "value": 6 if first == 1 else 1})
    return m


def attack(m: Any, move: str, pay: str | None = None, sacrifice: bool = False,
           striker: bool = False) -> list[Any]:
    p = m.state.to_act
    me = m.state.teams[p][0]
    target = m.state.teams[1 - p][0]
    return m.decide({"player": p, "kind": "attack", "character": me, "striker": striker,
                     "move": move, "target": target, "pay": pay, "sacrifice": sacrifice})


def defender(m: Any) -> int:
    return 1 - m.state.attack.player


def die(m: Any, value: int) -> list[Any]:
    return m.decide({"player": defender(m), "kind": "die", "value": value})


def mm(m: Any, number: int, multiple: int | None = None, pay: str | None = None) -> list[Any]:
    return m.decide({"player": defender(m), "kind": "manual_move", "number": number,
                     "multiple": multiple, "pay": pay})


def fc(m: Any, move: str) -> list[Any]:
    return m.decide({"player": defender(m), "kind": "force_challenge", "move": move})


def duel_dice(m: Any, v0: int, v1: int) -> None:
    m.decide({"player": 0, "kind": "duel_die", "value": v0})
    m.decide({"player": 1, "kind": "duel_die", "value": v1})


def ca(m: Any, ca_id: str) -> list[Any]:
    return m.decide({"player": defender(m), "kind": "counterattack", "id": ca_id})


def power_turn(m: Any) -> list[Any]:
    p = m.state.to_act
    return m.decide({"player": p, "kind": "power_turn", "character": m.state.teams[p][0]})


def lp(m: Any, who: str) -> int:
    return max(0, m.state.fighters[who].life)


def pp(m: Any, who: str) -> int | None:
    return m.state.fighters[who].power


def f(m: Any, who: str) -> Any:
    return m.state.fighters[who]


def kinds(m: Any) -> list[str]:
    """The reply options in the shorthand: 'die', 'mm1', 'mm3x2', 'fc:pounce', ..."""
    out = []
    order = {"die": 0, "manual_move": 1, "force_challenge": 2}  # MM3 is described, not listed
    for o in sorted(legal(m), key=lambda o: (order.get(o["kind"], 3), o.get("number") or 0)):
        if o["kind"] == "die":
            label = "die"
        elif o["kind"] == "manual_move":
            label = f"mm{o['number']}" + (f"x{o['multiple']}" if o["multiple"] else "")
        elif o["kind"] == "force_challenge":
            label = f"fc:{o['move']}"
        else:
            label = o["kind"]
        if label not in out:
            out.append(label)
    return out


def moves(m: Any) -> set[tuple[str, Any, bool]]:
    """The attack options as (move, pay, sacrifice)."""
    return {(o["move"], o["pay"], o["sacrifice"]) for o in m.prompt["options"]
            if o["kind"] in ("attack", "extra_attack")}


def types(facts: list[Any]) -> list[str]:
    return [type(x).__name__ for x in facts]


# --- Advance Play (A21, A22) ------------------------------------------------------------------


def advance_record(teams: list[list[str]], total: int = 10,
                   harness: dict[str, Any] | None = None,
                   rulings: dict[str, str] | None = None) -> dict[str, Any]:
    setup: dict[str, Any] = {"format": "advance_play", "level_globe_total": total,
                             "characters": "artobattlers-sample-v1", "rulings": rulings or {},
                             "players": [{"name": "P0"}, {"name": "P1"}]}
    if harness:
        setup["harness"] = harness
    return {"ruleset": "artobattlers", "setup": setup,
            "decisions": [{"player": p, "kind": "team", "characters": teams[p]}
                          for p in (0, 1)]}


def advance(teams: list[list[str]], zones: list[list[str]], first: int = 0, total: int = 10,
            harness: dict[str, Any] | None = None,
            rulings: dict[str, str] | None = None) -> Any:
    """An Advance Play match: ``zones[p]`` is player p's initial battle zone (the rest of his
    characters in play go inactive); the start roll won by ``first``."""
    m = R.from_record(advance_record(teams, total, harness, rulings))
    for p in (0, 1):
        if m.state.step == "placement" and p in m.prompt["players"]:
            place(m, zones[p], p)
    m.decide({"player": 0, "kind": "start_die", "value": 6 if first == 0 else 1})
    m.decide({"player": 1, "kind": "start_die", "value": 6 if first == 1 else 1})
    return m


def place(m: Any, battle: list[str], player: int | None = None) -> list[Any]:
    p = m.state.to_act if player is None else player
    rest = [f.id for f in m.state.in_play(p) if f.id not in battle]
    return m.decide({"player": p, "kind": "placement", "battle_zone": battle,
                     "inactive_zone": rest})


def keep(m: Any) -> list[Any]:
    """The placement review that changes nothing."""
    return place(m, [f.id for f in m.state.battle(m.state.to_act)])


def hit(m: Any, who: str, move: str, target: str, pay: str | None = None,
        sacrifice: bool = False) -> list[Any]:
    return m.decide({"player": m.state.to_act, "kind": "attack", "character": who,
                     "striker": False, "move": move, "target": target, "pay": pay,
                     "sacrifice": sacrifice})


def layouts(m: Any) -> list[list[str]]:
    """The placement's legal battle zones, listed from its description (small teams)."""
    return [o["battle_zone"] for x in m.prompt["described"] for o in expand(x)]


def legal(m: Any) -> list[dict[str, Any]]:
    """The prompt's listed options and, for a small description, what it describes."""
    return m.prompt["options"] + [o for x in m.prompt.get("described", []) for o in expand(x)]


def side(m: Any, target: str, lead: tuple[str, str, str | None],
         joining: tuple[str, str, str | None] | None) -> list[Any]:
    def part(x: tuple[str, str, str | None]) -> dict[str, Any]:
        return {"character": x[0], "move": x[1], "pay": x[2], "sacrifice": False}
    return m.decide({"player": m.state.to_act, "kind": "side_attack", "target": target,
                     "lead": part(lead), "joining": part(joining) if joining else None})
