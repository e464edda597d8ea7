"""JSON Schemas (draft 2020-12) of an ART O BATTLERS record, decision, setup and state, each
usable on its own, so that clients can check what they send and read."""

from __future__ import annotations

from typing import Any

from judge import corrections
from judge.artobattlers.catalogue import SAMPLE_SET, schema
from judge.artobattlers.rulings import READINGS
from judge.artobattlers.setup import FORMAT, NAME

DRAFT = "https://json-schema.org/draft/2020-12/schema"
PLAYER = {"type": "integer", "enum": [0, 1]}
DIE = {"type": "integer", "minimum": 1, "maximum": 6}
PAY = {"enum": [None, "pp", "lp"]}


def _kind(kind: str, required: list[str], **props: Any) -> dict[str, Any]:
    return {"type": "object", "required": ["kind", *required],
            "properties": {"kind": {"const": kind}, **props}}


def decision() -> dict[str, Any]:
    s = {"type": "string"}
    return {"$schema": DRAFT, "title": "An ART O BATTLERS decision", "oneOf": [
        _kind("team", ["player", "characters"], player=PLAYER,
              characters={"type": "array", "items": s, "minItems": 1, "maxItems": 1}),
        _kind("start_die", ["player", "value"], player=PLAYER, value=DIE),
        _kind("attack", ["player", "character", "move", "target"], player=PLAYER,
              character=s, striker={"type": "boolean"}, move=s, target=s, pay=PAY,
              sacrifice={"type": "boolean"}),
        _kind("power_turn", ["player", "character"], player=PLAYER, character=s),
        _kind("die", ["player", "value"], player=PLAYER, value=DIE),
        _kind("manual_move", ["player", "number"], player=PLAYER,
              number={"type": "integer", "minimum": 1, "maximum": 4},
              multiple={"type": ["integer", "null"], "minimum": 1}, pay=PAY),
        _kind("force_challenge", ["player", "move"], player=PLAYER, move=s, pay=PAY),
        _kind("duel_die", ["player", "value"], player=PLAYER, value=DIE),
        _kind("counterattack", ["player", "id"], player=PLAYER, id=s),
        _kind("extra_attack", ["player", "move"], player=PLAYER, move=s, pay=PAY,
              sacrifice={"type": "boolean"}),
        _kind("decline_extra_attack", ["player"], player=PLAYER),
        _kind("give_up", ["player"], player=PLAYER),
        _kind("no_more_issues", ["player"], player=PLAYER),
        _kind("agree_no_more_issues", ["players"], players={"const": [0, 1]}),
        _kind("roll_rejected", []), _kind("note", []), _kind("ruling", []),
        _kind("correction", ["characters"], characters={"type": "object"}),  # older shape
        corrections.ENTRY_SCHEMA,
    ]}


def setup() -> dict[str, Any]:
    return {
        "$schema": DRAFT, "title": "An ART O BATTLERS setup", "type": "object",
        "required": ["players"],
        "properties": {
            "format": {"enum": ["simple_duel"]},
            "level_globe_total": {"type": "null"},
            "characters": {"oneOf": [{"const": SAMPLE_SET}, {
                "type": "array", "items": schema()["$defs"]["character"]}]},
            "rulings": {"type": "object", "additionalProperties": False, "properties": {
                gap: {"enum": list(readings)} for gap, readings in READINGS.items()}},
            "players": {"type": "array", "minItems": 2, "maxItems": 2, "items": {
                "type": "object", "required": ["name"],
                "properties": {"name": {"type": "string", "minLength": 1}}}},
            "harness": {"type": "object"},
        },
        "$defs": schema()["$defs"],
    }


def record() -> dict[str, Any]:
    return {"$schema": DRAFT, "title": "An ART O BATTLERS record", "type": "object",
            "required": ["setup"],
            "properties": {"format": {"const": FORMAT}, "ruleset": {"const": NAME},
                           "setup": setup(), "decisions": {"type": "array",
                                                           "items": decision()}}}


def state() -> dict[str, Any]:
    return {"$schema": DRAFT, "title": "An ART O BATTLERS state", "type": "object",
            "required": ["ruleset", "format", "turn", "player_to_act", "step", "over",
                         "winner", "draw", "end_reason", "players", "attack", "dice",
                         "rulings", "prompt"],
            "properties": {
                "step": {"enum": ["team", "start_roll", "turn_action", "reply",
                                  "counterattack_choice", "duel", "extra_attack",
                                  "end_of_turn", "over"]},
                "players": {"type": "array", "minItems": 2, "maxItems": 2, "items": {
                    "type": "object", "required": ["player", "name", "characters"]}},
                "prompt": {"type": ["object", "null"]}}}


def all_schemas() -> dict[str, Any]:
    return {"record": record(), "decision": decision(), "setup": setup(), "state": state(),
            "characters": schema()}
