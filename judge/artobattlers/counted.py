"""What each attack option's move counts against its target, carried by the prompt
(``attack_dp``) so a button can say it before the attack is declared.

A move's printed DP is not always what it deals: the target's ability may reduce it
(``reduce_move_dp_by_nature``, A18.2, AG20; Mossjaw's Damp Hide counts a WATER move 20
less). Declaring the attack records the counted DP in ``AttackDeclared``; the prompt gives
the same figure, from the same function, to the attack options that lead to it."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.dpverbs import Side, count
from judge.artobattlers.table import Table


def attack_dp(t: Table, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per attacker, move and target among the ``attack`` and ``extra_attack``
    options, in option order: ``{"character", "striker", "move", "target", "dp", "note"}``
    (``note``: why it differs from the printed DP, "" when it does not)."""
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, bool, str, str, bool]] = set()
    for o in options:
        aim = _aim(t, o)
        if aim is None or aim in seen:
            continue
        seen.add(aim)
        who, striker, move_id, target, aimed = aim
        move = t.card(who).move(move_id, striker)
        if move is None:
            continue
        counted = count(move, Side(t.card(who), striker), Side(t.card(target), aimed),
                        t.rulings["AG4"])
        out.append({"character": who, "striker": striker, "move": move_id, "target": target,
                    "dp": counted.dp, "note": counted.note,
                    **({"target_striker": True} if aimed else {})})  # AG46
    return out


def _aim(t: Table, o: dict[str, Any]) -> tuple[str, bool, str, str, bool] | None:
    """(attacker, striker, move, target, aimed at its striker) of an attack option; an
    extra attack is the chain's attacker's own, on the same target (A14.3), never a
    striker's (declare.py)."""
    if o.get("kind") == "attack":
        return (o["character"], bool(o["striker"]), o["move"], o["target"],
                bool(o.get("target_striker")))
    attack = t.s.attack
    if o.get("kind") == "extra_attack" and attack is not None:
        return attack.character, False, o["move"], attack.target, attack.target_striker
    return None
