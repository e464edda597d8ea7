"""JSON Schemas (draft 2020-12) of an ART O BATTLERS record, decision, setup and state, each
usable on its own, so that clients can check what they send and read."""

from __future__ import annotations

from typing import Any

from judge import corrections
from judge.artobattlers.catalogue import SAMPLE_SET, schema
from judge.artobattlers.rulings import READINGS
from judge.artobattlers.setup import FORMAT, NAME
from judge.artobattlers.state import STEPS

DRAFT = "https://json-schema.org/draft/2020-12/schema"
PLAYER = {"type": "integer", "enum": [0, 1]}
DIE = {"type": "integer", "minimum": 1, "maximum": 6}
PAY = {"enum": [None, "pp", "lp"]}


def _kind(kind: str, required: list[str], **props: Any) -> dict[str, Any]:
    return {"type": "object", "required": ["kind", *required],
            "properties": {"kind": {"const": kind}, **props}}


def _part() -> dict[str, Any]:
    """A side attack's lead or joining part (A22, AG33)."""
    return {"type": "object", "required": ["character", "move"],
            "properties": {"character": {"type": "string"}, "move": {"type": "string"},
                           "pay": PAY, "sacrifice": {"type": "boolean"}}}


def decision() -> dict[str, Any]:
    s = {"type": "string"}
    return {"$schema": DRAFT, "title": "An ART O BATTLERS decision", "oneOf": [
        _kind("team", ["player", "characters"], player=PLAYER,
              characters={"type": "array", "items": s, "minItems": 1}),
        _kind("placement", ["player", "battle_zone"], player=PLAYER,
              battle_zone={"type": "array", "items": s, "minItems": 1},
              inactive_zone={"type": "array", "items": s}),
        _kind("start_die", ["player", "value"], player=PLAYER, value=DIE),
        _kind("attack", ["player", "character", "move", "target"], player=PLAYER,
              character=s, striker={"type": "boolean"}, move=s, target=s, pay=PAY,
              sacrifice={"type": "boolean"},
              target_striker={"type": "boolean"}),  # issue 33: aimed at a striker (AG46)
        _kind("side_attack", ["player", "target", "lead"], player=PLAYER, target=s,
              lead=_part(), joining={"oneOf": [{"type": "null"}, _part()]}),
        _kind("joining_attack", ["player", "character", "move"], player=PLAYER, character=s,
              move=s, pay=PAY, sacrifice={"type": "boolean"}),
        _kind("power_turn", ["player", "character"], player=PLAYER, character=s),
        _kind("ability_action", ["player", "character", "ability"], player=PLAYER,
              character=s, ability=s, params={"type": "object"}),
        _kind("may", ["player", "accept"], player=PLAYER, accept={"type": "boolean"}),
        _kind("pick", ["player", "option"], player=PLAYER, option=s),
        _kind("die", ["player", "value"], player=PLAYER, value=DIE),
        _kind("manual_move", ["player", "number"], player=PLAYER,
              number={"type": "integer", "minimum": 1, "maximum": 4},
              multiple={"type": ["integer", "null"], "minimum": 1}, pay=PAY),
        _kind("force_challenge", ["player", "move"], player=PLAYER, move=s, pay=PAY),
        _kind("duel_die", ["player", "value"], player=PLAYER, value=DIE),
        _kind("counterattack", ["player", "id"], player=PLAYER, id=s,
              index={"type": "integer", "minimum": 0}),
        _kind("card_text", ["player", "agreed", "outcome"], player=PLAYER,
              agreed={"const": [0, 1]},
              outcome={"enum": ["nothing", "life", "power", "shield", "end_effect", "hit",
                                "miss", "damage", "to_battle_zone", "to_inactive_zone",
                                "place_effect"]},
              character=s, amount={"type": "integer"}, effect=s),
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
            "format": {"enum": ["simple_duel", "advance_play"]},
            "level_globe_total": {"type": ["integer", "null"], "minimum": 1},
            "characters": {"oneOf": [{"const": SAMPLE_SET}, {
                "type": "array", "items": schema()["$defs"]["character"]}]},
            "rulings": {"type": "object", "additionalProperties": False, "properties": {
                gap: {"enum": list(readings)} for gap, readings in READINGS.items()}},
            "players": {"type": "array", "minItems": 2, "maxItems": 2, "items": {
                "type": "object", "required": ["name"],
                "properties": {"name": {"type": "string", "minLength": 1}}}},
            "harness": {"type": "object"},
            "grab_challenge": {"type": "array", "items": {"type": "string"},
                               "description": "characters carrying a grab challenge symbol "
                                              "(AG31); filled in by the service"},
        },
        "$defs": schema()["$defs"],
    }


def record() -> dict[str, Any]:
    """The record; the setup's ``$defs`` move to the root, where its references point."""
    inner = {k: v for k, v in setup().items() if k not in ("$schema", "$defs")}
    return {"$schema": DRAFT, "title": "An ART O BATTLERS record", "type": "object",
            "required": ["setup"],
            "properties": {"format": {"const": FORMAT}, "ruleset": {"const": NAME},
                           "setup": inner, "decisions": {"type": "array",
                                                         "items": decision()}},
            "$defs": schema()["$defs"]}


def state() -> dict[str, Any]:
    return {"$schema": DRAFT, "title": "An ART O BATTLERS state", "type": "object",
            "required": ["ruleset", "format", "turn", "player_to_act", "step", "over",
                         "winner", "draw", "end_reason", "players", "attack", "dice",
                         "rulings", "prompt"],
            "properties": {
                "step": {"enum": list(STEPS)},
                "players": {"type": "array", "minItems": 2, "maxItems": 2, "items": {
                    "type": "object", "required": ["player", "name", "characters"]}},
                "prompt": {"type": ["object", "null"]}}}


def all_schemas() -> dict[str, Any]:
    return {"record": record(), "decision": decision(), "setup": setup(), "state": state(),
            "characters": schema()}
