"""A position as plain JSON and back: what a fact carries when it replaces the whole
state (a head judge's correction that re-judges what followed a ruling, rejudge.py), so
that replay never consults card data nor re-judges anything."""

from __future__ import annotations

import dataclasses
from typing import Any

from judge.artobattlers.state import Attack, Duel, EffectState, Fighter, GameState


def dump(s: GameState) -> dict[str, Any]:
    """The state as JSON-ready data (``version`` left out: it counts the facts run)."""
    out = dataclasses.asdict(s)
    out.pop("version")
    return out


def load(data: dict[str, Any]) -> GameState:
    """The state ``dump`` wrote."""
    data = dict(data)
    fighters = {}
    for key, f in data.pop("fighters").items():
        f = dict(f)
        effect = f.pop("effect")
        fighters[key] = Fighter(**f, effect=EffectState(**effect) if effect else None)
    attack = data.pop("attack")
    if attack is not None:
        attack = dict(attack)
        duel = attack.pop("duel")
        attack = Attack(**attack, duel=Duel(**duel) if duel else None)
    return GameState(**data, fighters=fighters, attack=attack)


def replace(s: GameState, data: dict[str, Any]) -> None:
    """Set ``s`` to the position ``data`` holds, in place (its version goes on)."""
    new = load(data)
    for f in dataclasses.fields(GameState):
        if f.name != "version":
            setattr(s, f.name, getattr(new, f.name))
