"""Why an illegal decision is refused, with the rule that forbids it (decisions.md
"Refusals"). Called only once a decision is known not to be among the options."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.rulings import half
from judge.artobattlers.table import Table

REPLIES = ("die", "manual_move", "force_challenge")


def reason(t: Table, d: dict[str, Any], prompt: dict[str, Any],
           wasted: bool) -> tuple[str, str]:
    """(reason, rule) for refusing ``d`` at ``prompt``; ``wasted`` when the last attack was
    not effective (its reply is void, A12.4)."""
    kind = d.get("kind")
    if kind in REPLIES and prompt["kind"] != "reply" and wasted:
        return "attack not effective (A12.4): there is no reply to make.", "A12.4"
    expected = {o["kind"] for o in prompt["options"]}
    if prompt["kind"] == "reply":
        expected |= set(REPLIES)
    if kind not in expected:
        return (f"a {kind!r} decision is not expected now; waiting for "
                f"{', '.join(sorted(expected))} from player(s) {prompt['players']}.",
                prompt["rule"])
    if d.get("player") not in prompt["players"]:
        return f"it is not player {d.get('player')}'s decision now.", prompt["rule"]
    if kind in ("die", "start_die", "duel_die"):
        return f"a die shows 1-6, not {d.get('value')!r}.", "A0.5"
    if kind == "manual_move":
        return _manual(t, d)
    if kind == "force_challenge":
        return _challenge(t, d)
    if kind in ("attack", "extra_attack"):
        return _attack(t, d)
    return f"not a legal {kind} now.", prompt["rule"]


def _manual(t: Table, d: dict[str, Any]) -> tuple[str, str]:
    a = t.s.attack
    assert a is not None
    f, number = t.fighter(a.target), d.get("number")
    mm = t.card(a.target).manual(number) if isinstance(number, int) else None
    head = f"manual_move {number} not available"
    if mm is None:
        return f"{head}: {f.name} has no such manual move.", "A1.4"
    if f.effect is not None and "manual_move" in f.effect.replies:
        return f"{head}: {f.effect.name} forbids manual moves.", "A13.1"
    if number == 1 and not f.shield_intact:
        return f"{head}: the shield is destroyed.", "A7.3"
    if number == 2:
        return (f"{head}: LP {f.life} is not above half of {a.dp} "
                f"({half(a.dp, t.rulings)}).", "A6.7, AG9")
    if number == 3:
        return (f"{head}: ×{d.get('multiple')} needs {mm.pp} PP per multiple and "
                f"{f.name} has {f.power or 0}.", "A6.9, AG25")
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
        return f"{f.name} needs more than 10 LP to pay for a force challenge.", "A16.6, AG10"
    return (f"{d.get('move')!r} is not a move of {f.name} with the {colour} force challenge "
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
    target = d.get("target")
    if d["kind"] == "attack" and (target not in t.s.fighters or t.fighter(target).player == p):
        return f"{target!r} is not an opponent character in play (a striker is never a " \
               "target).", "A17.2"
    if d.get("sacrifice"):
        return (f"{move.name} cannot be used as a sacrifice here: only an LP-only use whose "
                "cost is at least the current LP can.", "A9.3, A9.4, AG22")
    return (f"{move.name} cannot be paid now ({move.cost.describe()}; LP payments need more "
            "LP than the cost, a sacrifice must be declared).", "A8.4, A9.2, AG10")
