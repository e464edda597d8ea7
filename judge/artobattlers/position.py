"""What a decision's sentence reads from the position it answered: the attack being replied
to (and the target's dice type, for the die's reading), the effect a card's ``may`` or
``pick`` is about, and the layout a placement review starts from.

The narrative has the whole state; the events API has only the prompt the decision answered,
so the prompt carries these few things (``context``) and an answer reads the same either
way ("Ana answers with a die: 4 — a Defense on the NORMAL chart: …")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.artobattlers.state import GameState


@dataclass(frozen=True)
class Position:
    attack: dict[str, Any] | None = None  # character, move, striker, target, dice_type
    choice_about: str | None = None
    layout: tuple[frozenset[str], frozenset[str]] | None = None  # battle, inactive


def of_state(s: GameState, decision: dict[str, Any]) -> Position:
    """The position a decision was made in, read from the state."""
    attack = _attack(s)
    about = str(s.choice["about"]) if s.choice else None
    p = decision.get("player")
    layout = None
    if s.to_act is not None and p in (0, 1):
        layout = (frozenset(f.id for f in s.battle(p)), frozenset(f.id for f in s.inactive(p)))
    return Position(attack, about, layout)


def of_prompt(prompt: dict[str, Any]) -> Position:
    """The position as the prompt a decision answered tells it (``context``); a prompt
    stored before the prompt carried it tells nothing."""
    attack = prompt.get("attack")
    about = prompt.get("effect")
    layout = prompt.get("layout")
    zones = None
    if isinstance(layout, dict):
        zones = (frozenset(layout.get("battle_zone") or []),
                 frozenset(layout.get("inactive_zone") or []))
    return Position(attack if isinstance(attack, dict) else None,
                    about if isinstance(about, str) else None, zones)


def context(s: GameState) -> dict[str, Any]:
    """What the pending prompt carries for its answer's sentence (added to the prompt)."""
    out: dict[str, Any] = {}
    if s.step in ("reply", "extra_attack"):
        out["attack"] = _attack(s)
    if s.step == "card_choice" and s.choice:
        out["effect"] = s.choice["about"]
    if s.step == "placement" and s.to_act is not None:
        p = s.to_act
        out["layout"] = {"battle_zone": [f.id for f in s.battle(p)],
                         "inactive_zone": [f.id for f in s.inactive(p)]}
    return {k: v for k, v in out.items() if v is not None}


def _attack(s: GameState) -> dict[str, Any] | None:
    a = s.attack
    if a is None:
        return None
    target = s.fighters.get(a.target)
    out = {"character": a.character, "move": a.move, "striker": a.striker,
           "target": a.target, "dice_type": target.dice_type if target else None}
    if a.target_striker:  # only when aimed at the striker: earlier prompts stay as they were
        out["target_striker"] = True
    return out
