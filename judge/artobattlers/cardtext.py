"""Free card text that applies now (freetext.py) and the table's answer to it as a
described decision (judge.described): what the console draws as a form and the judge
checks. Apart from freetext.py so that conclude.py can ask (on_hit) without a cycle."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.facts import CardTextAsked
from judge.artobattlers.placing import effects_in_match
from judge.artobattlers.table import Table

OUTCOMES = ("nothing", "life", "power", "shield", "end_effect", "place_effect", "hit", "miss",
            "damage", "to_battle_zone", "to_inactive_zone")
ZONES = ("to_battle_zone", "to_inactive_zone")  # Advance Play only (A21.2)
ATTACK_ONLY = ("hit", "miss", "damage")  # only while the attack is undecided (when_declared)
RULE = {"ability": "A18.2", "note": "AG1", "effect": "A13.3"}  # a Special Ability wins (§22); notes (§5, AG1)


def description(t: Table) -> dict[str, Any]:
    """The table's answer as a described decision (judge.described)."""
    c = t.s.choice
    assert c is not None
    owner = str(c["character"])  # first: the one a form shows before any choice
    fighters = [owner] + [f.id for p in (0, 1) for f in t.s.in_play(p) if f.id != owner]
    rule = RULE[str(c["source"]).split(":")[0]]
    effects = sorted(effects_in_match(t))
    outcomes = [o for o in OUTCOMES if (c.get("resume", "reply") == "reply" or
                                        o not in ATTACK_ONLY) and (t.s.advance or o not in ZONES)
                and (effects or o != "place_effect")]
    out: dict[str, Any] = {"kind": "card_text", "rule": rule,
           "count": len(outcomes) * len(fighters) * 1999 * max(1, len(effects)), "fields": {
                "player": {"const": c["player"]}, "kind": {"const": "card_text"},
                "agreed": {"const": [0, 1], "rule": rule},
                "outcome": {"type": "choice", "choices": list(outcomes), "rule": rule},
                "character": {"type": "choice", "choices": fighters,
                              "default": c["character"]},
                "amount": {"type": "integer", "minimum": -999, "maximum": 999, "default": 0}}}
    if effects:  # place_effect: which of the match's effects (placing.py)
        out["fields"]["effect"] = {"type": "choice", "choices": effects, "default": effects[0],
                                   "rule": "A13.3"}
    return out


def texts(t: Table, timing: str) -> list[tuple[str, str, str]]:
    """(source, text, whose) of the free texts with this timing: the attacker's, the move's
    notes first, then the ability (a striker's move: its notes only); on a hit, then the
    ability of the character hit (``when_hit``, 004 §26: "a Special Ability ... when the
    character is hit by an Attack Move")."""
    a = t.s.attack
    assert a is not None
    move = t.attack_move()
    out = [(f"note: {move.id}", text, a.character) for text, when in move.notes
           if when == timing]
    ability = t.card(a.character).ability
    if not move.striker and ability and ability.action == "free_text" and (
            ability.timing == timing):
        out.append((f"ability: {ability.name}", ability.text, a.character))
    hit = t.card(a.target).ability
    if timing == "on_hit" and hit and hit.action == "free_text" and hit.timing == "when_hit" \
            and t.fighter(a.target).in_play:
        out.append((f"ability: {hit.name}", hit.text, a.target))
    return out


def ask(t: Table, timing: str, n: int = 0) -> bool:
    """Put the ``n``-th free text of ``timing`` to the table; False when there is none."""
    found = texts(t, timing)
    if n >= len(found):
        return False
    source, text, whose = found[n]
    t.emit(CardTextAsked(RULE[source.split(":")[0]],
                         f"{t.name(whose)}'s card text ({source}) applies now: "
                         f"\"{text}\". What does it do? Both players agree.",
                         t.fighter(whose).player, whose, source, text, timing, n,
                         "reply" if timing == "when_declared" else "after_hit"))
    return True


def ask_effect(t: Table, name: str, text: str) -> None:
    """A free-text effect took hold (A13.3, 004 §12): the table says what it does; what
    follows the attack waits for the answer."""
    a = t.s.attack
    assert a is not None
    t.emit(CardTextAsked("A13.3", f"{name} takes hold on {t.name(a.target)}: \"{text}\". What "
                         "does it do? Both players agree.", a.player, a.character,
                         f"effect: {name}", text, "effect", 0, "after_effect"))


def turn_start_texts(t: Table) -> list[tuple[str, str, str]]:
    """(character, ability name, text) of the acting player's characters in play whose
    free-text ability applies at the start of its owner's turn, in team order."""
    p = t.s.to_act
    if p is None:
        return []
    out = []
    for f in t.s.in_play(p):
        ability = t.card(f.id).ability
        if ability and ability.action == "free_text" and ability.timing == "owner_turn_start":
            out.append((f.id, ability.name, ability.text))
    return out


def ask_turn_start(t: Table, n: int = 0, back: str | None = None) -> bool:
    """Put the ``n``-th start-of-turn text to the table; the turn's step (its placement
    review or turn action) waits. False when there is none."""
    found = turn_start_texts(t)
    if n >= len(found) or t.s.over or t.s.to_act is None:
        return False
    who, name, text = found[n]
    t.emit(CardTextAsked("A18.2", f"Turn {t.s.turn} begins: {t.name(who)}'s {name} applies: "
                         f"\"{text}\". What does it do? Both players agree.", t.s.to_act,
                         who, f"ability: {name}", text, "owner_turn_start", n,
                         f"step:{back or t.s.step}"))
    return True
