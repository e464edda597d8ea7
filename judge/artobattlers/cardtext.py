"""The table's answer to a free card text (freetext.py) as a described decision
(judge.described): what the console draws as a form and the judge checks."""

from __future__ import annotations

from typing import Any

from judge.artobattlers.table import Table

OUTCOMES = ("nothing", "life", "power", "shield", "hit", "miss")
RULE = {"ability": "A18.2", "note": "AG1"}  # a Special Ability wins (§22); notes (§5, AG1)


def description(t: Table) -> dict[str, Any]:
    """The table's answer as a described decision (judge.described)."""
    c = t.s.choice
    assert c is not None
    fighters = [f.id for p in (0, 1) for f in t.s.in_play(p)]
    rule = RULE[str(c["source"]).split(":")[0]]
    outcomes = OUTCOMES if c.get("resume", "reply") == "reply" else OUTCOMES[:4]  # no attack
    return {"kind": "card_text", "rule": rule,
            "count": len(outcomes) * len(fighters) * 1999, "fields": {
                "player": {"const": c["player"]}, "kind": {"const": "card_text"},
                "agreed": {"const": [0, 1], "rule": rule},
                "outcome": {"type": "choice", "choices": list(outcomes), "rule": rule},
                "character": {"type": "choice", "choices": fighters,
                              "default": c["character"]},
                "amount": {"type": "integer", "minimum": -999, "maximum": 999, "default": 0}}}
