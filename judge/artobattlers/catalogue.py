"""Character data sets: the shipped sample set (``data/characters.yaml``) or an inline list
from a record, validated against ``data/characters.schema.json`` and the cross-field rules
the schema cannot say (A1.8, A7.1, AG8, AG38). Errors are RecordErrors naming the field."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import yaml  # type: ignore[import-untyped]

from judge.artobattlers.cards import (
    Ability,
    Character,
    Cost,
    Counterattack,
    Effect,
    ManualMove,
    Move,
    Striker,
)
from judge.artobattlers.verbchecks import check_verb
from judge.errors import RecordError

SAMPLE_SET = "artobattlers-sample-v1"


def _data(name: str) -> str:
    return resources.files("judge.artobattlers").joinpath("data", name).read_text("utf-8")


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of a character data file."""
    loaded: dict[str, Any] = json.loads(_data("characters.schema.json"))
    return loaded


@cache
def sample_document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(_data("characters.yaml"))
    return loaded


@cache
def sample_set() -> dict[str, Character]:
    """The four sample characters (invented for tests; not official cards)."""
    return load_document(sample_document(), "characters")


def load_document(document: Any, where: str) -> dict[str, Character]:
    """Characters by id from a whole data document; RecordError names the faulty field."""
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema()).iter_errors(document))
    if error is not None:
        path = _path(where.rsplit(".", 1)[0] if where.endswith("characters") else where,
                     error.absolute_path)
        raise RecordError(f"{path}: {error.message}", "A1", field=path)
    return _build_all(document["characters"], f"{where}")


def load_inline(characters: Any, where: str) -> dict[str, Character]:
    """Characters from a record's inline list (users' own cards)."""
    return load_document({"schema_version": 1, "ruleset": "artobattlers",
                          "characters": characters}, where)


def _path(root: str, parts: Any) -> str:
    out = root
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _build_all(items: list[dict[str, Any]], where: str) -> dict[str, Character]:
    out: dict[str, Character] = {}
    for index, item in enumerate(items):
        here = f"{where}[{index}]"
        if item["id"] in out:
            raise RecordError(f"{here}.id: {item['id']!r} is used twice.", "A1", field=here)
        _check(item, here)
        out[item["id"]] = _character(item)
    return out


def _check(item: dict[str, Any], here: str) -> None:
    """Cross-field rules: class prefixes, FC colours, counterattack groups, shield/MM1."""
    numbers = [m["number"] for m in item["manual_moves"]]
    if len(set(numbers)) != len(numbers):
        raise RecordError(f"{here}.manual_moves: one manual move per number.", "A1.18",
                          field=f"{here}.manual_moves")
    if (item["shield"] is None) != (1 not in numbers):
        raise RecordError(f"{here}.shield: a shield goes with manual move 1 and only with it.",
                          "A7.1", field=f"{here}.shield")
    if item["power_points"] is None and item["power_raises"]:
        raise RecordError(f"{here}.power_raises: no PP pool to raise.", "A8.6",
                          field=f"{here}.power_raises")
    pp = item["power_points"]
    if pp is not None and pp["limit"] < pp["start"]:
        raise RecordError(f"{here}.power_points.limit: below the start value.", "A8.2",
                          field=f"{here}.power_points.limit")
    for index, ca in enumerate(item["counterattacks"]):
        keys = {"body": {"body"}, "distance": {"distance"}, "both": {"body", "distance"}}
        if set(ca["dp"]) != keys[ca["group"]]:
            raise RecordError(f"{here}.counterattacks[{index}].dp: keys must match the "
                              f"group {ca['group']!r}.", "AG8",
                              field=f"{here}.counterattacks[{index}].dp")
    ability = item["special_ability"]
    forms = [k for k in ("structured", "timing", "invoked") if k in (ability or {})]
    if ability is not None and len(forms) != 1:
        raise RecordError(f"{here}.special_ability: either a verb (structured) or free text "
                          "with its timing or invoked: true, exactly one of them.", "A18.2",
                          field=f"{here}.special_ability")
    _check_notes(item, here)
    check_verb(ability, f"{here}.special_ability")
    striker = item["striker"]["attack_moves"] if item["striker"] else []
    for label, moves in (("attack_moves", item["attack_moves"]),
                         ("striker.attack_moves", striker)):
        _check_moves(moves, f"{here}.{label}")


def refuse_duplicate_counterattacks(items: list[dict[str, Any]], where: str) -> None:
    """A counterattack's id names it (A1.14): two with one id leave the defender unable to
    say which one they activate (004 §6 "you can decide which one you activate"). Refused
    for characters entered now (import, a new duel's setup); characters already stored with
    a duplicate still load, and their prompts tell the two apart by index (legal.py)."""
    for n, item in enumerate(items):
        seen: dict[str, int] = {}
        for index, ca in enumerate(item["counterattacks"]):
            at = f"{where}[{n}].counterattacks[{index}].id"
            if ca["id"] in seen:
                raise RecordError(f"{at}: {ca['id']!r} is used twice (also counterattacks"
                                  f"[{seen[ca['id']]}]): a counterattack's id names it, so "
                                  "the defender can say which one to activate (004 §6).",
                                  "A1.14", field=at)
            seen[ca["id"]] = index


def _check_notes(item: dict[str, Any], here: str) -> None:
    """A note under a move applies when the move is declared or hits (004 §5), not at the
    start of a turn nor when its owner is hit: those are an ability's timings."""
    for i, move in enumerate(item["attack_moves"]):
        for j, note in enumerate(move.get("notes", ())):
            if note["timing"] not in ("when_declared", "on_hit"):
                at = f"{here}.attack_moves[{i}].notes[{j}].timing"
                raise RecordError(f"{at}: a note applies when_declared or on_hit.", "AG1",
                                  field=at)


def _check_moves(moves: list[dict[str, Any]], here: str) -> None:
    seen: set[str] = set()
    for index, move in enumerate(moves):
        at = f"{here}[{index}]"
        if move["id"] in seen:
            raise RecordError(f"{at}.id: {move['id']!r} is used twice.", "A1", field=f"{at}.id")
        seen.add(move["id"])
        if move["kind"][0] != move["class"][0].upper():
            raise RecordError(f"{at}.kind: {move['kind']} does not match class "
                              f"{move['class']}.", "A1.8", field=f"{at}.kind")
        colour = move["force_challenge"]
        if colour is not None and colour != {"body": "green", "distance": "blue"}[move["class"]]:
            raise RecordError(f"{at}.force_challenge: {colour} does not fit a {move['class']} "
                              f"move.", "AG38", field=f"{at}.force_challenge")
        ids = [i for key in ("overcome_counterattacks", "nullify_counterattacks",
                             "double_impact_counterattacks") for i in move["issues"][key]]
        if len(set(ids)) != len(ids):
            raise RecordError(f"{at}.issues: a counterattack id under two issue types.",
                              "AG37", field=f"{at}.issues")


def _cost(data: dict[str, Any] | None) -> Cost:
    data = data or {"form": "none"}
    return Cost(data["form"], data.get("lp", 0), data.get("pp", 0))


def _effect(data: dict[str, Any] | None) -> Effect | None:
    if data is None:
        return None
    if "structured" not in data:  # free text: the table says what it does (A13.3, §12)
        return Effect(data["name"], frozenset(k for k, v in data["compatible"].items() if v),
                      data["phases"], data["text"], "free_text", 0, (),
                      data.get("optional", False), each_phase=data.get("each_phase", False))
    verb = data["structured"]
    return Effect(data["name"], frozenset(k for k, v in data["compatible"].items() if v),
                  data["phases"], data["text"], verb["action"], verb.get("dp", 0),
                  tuple(verb.get("replies", ())), data.get("optional", False),
                  verb.get("pick", False))


def _move(data: dict[str, Any], striker: bool = False) -> Move:
    issues = data["issues"]
    return Move(data["id"], data["name"], data["class"], data["kind"], data["dp"],
                _cost(data["cost"]), tuple(data["nature"]),
                tuple(issues["overcome_counterattacks"]), tuple(issues["nullify_counterattacks"]),
                tuple(issues["double_impact_counterattacks"]),
                tuple(issues["overcome_manual_moves"]), issues["defeats_defense"],
                data["force_challenge"], data["size_limit"], data["lp_limit"], data["chain"],
                data["speed"], data.get("grab_challenge", False), _effect(data["effect"]),
                striker, tuple((n["text"], n["timing"]) for n in data.get("notes", ())))


def _ability(data: dict[str, Any]) -> Ability:
    if "structured" not in data:  # free text, put to the table when it applies (A18.8)
        return Ability(data["name"], data["text"], "free_text", 0, 0, None,
                       data.get("timing", "invoked"))
    verb = data["structured"]
    return Ability(data["name"], data["text"], verb["action"],
                   verb.get("by", verb.get("amount", 0)), verb.get("minimum", 0),
                   verb.get("nature"), params=verb)


def _character(data: dict[str, Any]) -> Character:
    pp, ability, striker = data["power_points"], data["special_ability"], data["striker"]
    return Character(
        data["id"], data["name"], data["character_type"], data["dice_type"], data["size"],
        data["level_globes"], data["life_points"],
        (pp["start"], pp["limit"]) if pp else None,
        tuple((r["trigger"], r["amount"]) for r in data["power_raises"]),
        data["shield"]["life_points"] if data["shield"] else None,
        Striker(striker["name"], striker["life_points"],
                tuple(_move(m, True) for m in striker["attack_moves"])) if striker else None,
        tuple(ManualMove(m["number"], m["kind"], _cost(m.get("cost")), m.get("pp", 0),
                         m.get("negates_dp", 0)) for m in data["manual_moves"]),
        tuple(Counterattack(c["id"], c["group"], tuple(sorted(c["dp"].items())))
              for c in data["counterattacks"]),
        _ability(ability) if ability else None,
        tuple(_move(m) for m in data["attack_moves"]), data)
