"""An invoked free-text Special Ability (``timing: invoked``) is offered to its owner as a
turn action (A3.3 (d), zones.ability_action) and also at the owner's other prompts while
an attack is resolved (issue 33: "offered to its owner as a turn action under A3.3(d) and
at the owner's prompts"; 004 §22: "just read what it says and take advantage of its
rules ... over any rule of the game"): the reply, the choice of a counterattack, an extra
or joining attack. The table says what it does (freetext.py, resume ``prompt:<step>``),
then the same prompt is asked again; each character's text once per prompt."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.table import Table

STEPS = ("reply", "counterattack_choice", "extra_attack", "joining_attack")


def invocations(t: Table, prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``ability_action`` options the prompt's one deciding player has there."""
    players = prompt.get("players") or []
    if t.s.step not in STEPS or len(players) != 1:
        return []
    p = players[0]
    out = []
    for f in t.s.battle(p):
        ability = t.card(f.id).ability
        if ability is not None and ability.action == "free_text" and (
                ability.timing == "invoked") and f.id not in t.s.invoked:
            out.append({"player": p, "kind": "ability_action", "character": f.id,
                        "ability": ability.id, "params": {}})
    return out
