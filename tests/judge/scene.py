"""Helpers that make engine tests read as scenes: set up, decide, assert what a judge sees."""

from __future__ import annotations

from judge.battlecon import Duel
from judge.battlecon import facts as F
from judge.battlecon.facts import Fact
from judge.battlecon.roster import fighter

SCENE_RULINGS = {"trigger-order": "asked", "range-direction": "toward"}


def _scene_rulings(given: dict) -> dict:
    named = {**SCENE_RULINGS, **given}
    return {k: v for k, v in named.items() if v is not None}


def new_duel(f0: str, f1: str, *, d0: tuple | None = None, d1: tuple | None = None,
             special_actions: bool = True, ante_finishers: bool = False, first: int = 0,
             rulings: dict | None = None, finishers: tuple[str | None, str | None] = (None, None),
             ruleset: str = "battlecon-2014") -> Duel:
    """A fresh duel. ``d0``/``d1`` are ((style, base), (style, base)) starting discards.
    ``rulings`` replace the scene's own (``trigger-order: asked``, ``range-direction:
    toward``, as a new duel names them); a ruling given as ``None`` is left out of the
    record, as records written before it leave it out."""
    players = []
    for i, (fid, d, fin) in enumerate(((f0, d0, finishers[0]), (f1, d1, finishers[1]))):
        kit = fighter(fid)
        d = d or kit.default_discards
        players.append({"name": f"P{i}", "fighter": fid,
                        "finisher": fin or kit.finishers[0].id,
                        "discard_1": list(d[0]), "discard_2": list(d[1])})
    return Duel.new({"format": "battlecon-record/1", "ruleset": ruleset,
                     "options": {"special_actions": special_actions,
                                 "ante_finishers": ante_finishers,
                                 "rulings": _scene_rulings(rulings or {})},
                     "players": players, "first_to_ante": first})


def stage(duel: Duel, spaces: tuple[int, int] | None = None, life: tuple[int, int] | None = None,
          forms: tuple[str | None, str | None] | None = None, trap: int | None = None,
          trap_owner: int | None = None, **per_player: tuple) -> list[Fact]:
    """A harness position, applied as a judge correction (so it is in the record too)."""
    players: dict = {"0": {}, "1": {}}
    if spaces is not None:
        players["0"]["space"], players["1"]["space"] = spaces
    if life is not None:
        players["0"]["life"], players["1"]["life"] = life
    if forms is not None:
        for i, form in enumerate(forms):
            if form is not None:
                players[str(i)]["form"] = form
    for attr, values in per_player.items():
        for i, value in enumerate(values):
            if value is not None:
                players[str(i)][attr] = value
    markers = {}
    if trap is not None:
        owner = trap_owner if trap_owner is not None else next(
            i for i in (0, 1) if duel.state.players[i].fighter == "khadath")
        markers[f"{owner}:gate-trap"] = trap
    return duel.correct({k: v for k, v in players.items() if v}, markers, rule="test",
                        text="Test harness position.")


def pairs(duel: Duel, p0: tuple[str, str], p1: tuple[str, str]) -> list[Fact]:
    """Both players lay their attack pairs (style, base)."""
    out = duel.decide({"player": 0, "kind": "attack_pair", "style": p0[0], "base": p0[1]})
    return out + duel.decide({"player": 1, "kind": "attack_pair", "style": p1[0],
                              "base": p1[1]})


def decide(duel: Duel, *decisions: dict) -> list[Fact]:
    out: list[Fact] = []
    for d in decisions:
        out += duel.decide(d)
    return out


def pass_ante(duel: Duel) -> list[Fact]:
    """Pass for whoever must ante until the Ante step is over."""
    out: list[Fact] = []
    while duel.prompt and duel.prompt["kind"] == "ante":
        p = duel.prompt["players"][0]
        out += duel.decide({"player": p, "kind": "pass"})
    return out


def answer_until(duel: Duel, kind: str, choose=lambda options: options[0]) -> list[Fact]:
    """Answer every prompt with ``choose`` until one of ``kind`` is pending (or the end)."""
    out: list[Fact] = []
    while duel.prompt and duel.prompt["kind"] != kind:
        out += duel.decide(choose(duel.prompt["options"]))
    return out


def facts_of(facts: list[Fact], kind: type) -> list:
    return [f for f in facts if isinstance(f, kind)]


def life(duel: Duel) -> tuple[int, int]:
    return duel.state.players[0].life, duel.state.players[1].life


def spaces(duel: Duel) -> tuple[int, int]:
    return duel.state.players[0].space, duel.state.players[1].space


def settle(duel):
    """Resolve a pending ordering stop (R18.5) in the printed order; return the facts."""
    out = []
    while duel.prompt and "order" in duel.prompt:
        o = duel.prompt["order"]
        out += duel.decide({"player": o["player"], "kind": "order", "effects": o["effects"]})
    return out


def answer(duel, player, kind, **values):
    if kind != "order":
        settle(duel)  # the printed order, as a scorekeeper keeps it when asked (R18.5)
    assert duel.prompt["kind"] == kind and player in duel.prompt["players"], duel.prompt
    return duel.decide({"player": player, "kind": kind, **values})


def option_values(duel, key="to"):
    return sorted(o[key] for o in duel.prompt["options"])


def priorities(duel):
    return facts_of(duel.facts, F.BecameActive)[-1].priorities


def dealt(duel, attacker):
    return [f for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == attacker]


def stun_checks(duel, player):
    return [f for f in facts_of(duel.facts, F.StunChecked) if f.player == player]
