"""The JSON Schemas of the setup and the state (judge/battlecon/schema/), as
``BattleCON.schemas()`` serves them, checked against what the judge really writes.

The state JSON is a public contract that users' scripts read, so the schema must
describe every state the engine can produce: every state after every event of seeded
random playouts of every pairing, and of the example records, must validate, and
wrong shapes must be refused.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from judge.battlecon import Duel, parse_setup
from judge.battlecon.notation import state_json
from judge.battlecon.playout import FIGHTERS, play, record_setup
from judge.battlecon.record import SCHEMA_FILES, shipped_schema
from judge.battlecon.ruleset import BATTLECON
from tests.support import sampled_pairings

if TYPE_CHECKING:
    from referencing._core import Resolver  # not re-exported by referencing

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMAS = BATTLECON.schemas()
# Per pairing: (seed, special_actions, ante_finishers): Ante Finishers on, Special Actions on
# and off. The seed is one whose playouts reach a time win, a Supernova, and a Special
# Action in each discard pile (after two Pulses).
PLAYOUTS = ((3, True, True), (3, False, True))
# With both variants a Special Action never finishes (G6): a playout where one does.
SPECIAL_ACTION_FINISHER = (5, "kallistar", "kallistar")  # a seed whose line plays one


def plain_json(value: Any) -> Any:
    """``value`` as a client reads it: tuples become lists, and so on."""
    return json.loads(json.dumps(value))


ANNOTATIONS = {"title", "description", "default"}  # keywords that never refuse anything


def inline_refs(node: Any, resolver: Resolver[Any]) -> Any:
    """``node`` with every ``$ref`` replaced by what it refers to (a ``$ref`` beside other
    keywords becomes an ``allOf``, beside annotations only it replaces them); ``$defs`` and
    ``$id`` dropped once nothing needs them.

    The schemas are not recursive, so this gives an equivalent schema. The sweeps below
    validate tens of thousands of states: jsonschema re-crawls a bundled document at every
    reference into an embedded resource, which would take minutes.
    """
    if isinstance(node, list):
        return [inline_refs(item, resolver) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: inline_refs(value, resolver) for key, value in node.items()
           if key not in ("$ref", "$defs", "$id", "$schema")}
    if "$ref" not in node:
        return out
    resolved = resolver.lookup(node["$ref"])
    target = inline_refs(resolved.contents, resolved.resolver)
    if not set(out) - ANNOTATIONS:
        return target
    out["allOf"] = [target, *out.get("allOf", [])]
    return out


@cache
def fast_validator(name: str) -> Draft202012Validator:
    """A validator equivalent to ``SCHEMAS[name]``, without references (see inline_refs)."""
    schema = SCHEMAS[name]
    registry = (DRAFT202012.create_resource(schema) @ Registry()).crawl()
    flat = inline_refs(schema, registry.resolver(base_uri=schema["$id"]))
    return Draft202012Validator({"$schema": DRAFT, **flat})


def errors(validator: Draft202012Validator, instance: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
            for e in validator.iter_errors(instance)]


def state_after(duel: Duel, n: int) -> dict:
    """The state JSON after event n as the projector builds it, as a client reads it."""
    state = duel.state_at(n)
    return plain_json(state_json(state, duel.need_at(n, state)))


def states(duel: Duel) -> list[tuple[int, dict]]:
    """(n, the state JSON after event n) for every n."""
    return [(n, state_after(duel, n)) for n in range(len(duel.events) + 1)]


def assert_all_valid(labelled: list[tuple[str, dict]]) -> int:
    """Validate each distinct state once; the number of distinct states.

    A prompt's options are validated each against the same decision schema, whatever the
    state around them, so an option already validated in one state is left out of the
    next (one is kept: a prompt lists at least one): a Select prompt repeats dozens of
    pairs, and the decision schema tries twelve kinds on each.
    """
    validator = fast_validator("state")
    seen: set[str] = set()
    seen_options: set[str] = set()
    for label, state in labelled:
        key = json.dumps(state, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        checked = state
        prompt = state.get("prompt")
        if isinstance(prompt, dict) and isinstance(prompt.get("options"), list):
            options = prompt["options"]
            new = [o for o in options if json.dumps(o, sort_keys=True) not in seen_options]
            checked = {**state, "prompt": {**prompt, "options": new or options[:1]}}
        if not validator.is_valid(checked):
            raise AssertionError(f"{label}: {errors(validator, checked)}")
        if checked is not state:
            seen_options.update(json.dumps(o, sort_keys=True) for o in checked["prompt"]["options"])
    return len(seen)


@cache
def example_duel(path: Path) -> Duel:
    return Duel.from_record(json.loads(path.read_text("utf-8")))


# --- the schemas themselves ---------------------------------------------------------------


def test_schemas_names_record_decision_setup_and_state():
    assert set(SCHEMAS) == {"record", "decision", "setup", "state"}


@pytest.mark.parametrize("name", ["record", "decision", "setup", "state"])
def test_each_schema_is_a_valid_draft_2020_12_schema(name):
    Draft202012Validator.check_schema(SCHEMAS[name])
    if name != "decision":  # the decision schema is a part of the record's
        assert SCHEMAS[name]["$schema"] == DRAFT
        assert SCHEMAS[name]["$id"].startswith("urn:battlecon-judge:schema:")


@pytest.mark.parametrize("name", SCHEMA_FILES)
def test_each_file_is_valid_and_refers_only_to_the_shipped_files(name):
    """One source of truth: the setup and state files refer to the record's definitions by
    its ``$id`` rather than copying them, and to nothing outside the package."""
    schema = shipped_schema(name)
    Draft202012Validator.check_schema(schema)
    shipped = ROOT / "judge" / "battlecon" / "schema" / f"{name}.schema.json"
    assert schema == json.loads(shipped.read_text("utf-8"))
    ids = {shipped_schema(n)["$id"] for n in SCHEMA_FILES}

    def refs(node: Any) -> list[str]:
        if isinstance(node, dict):
            own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
            return own + [r for v in node.values() for r in refs(v)]
        return [r for v in node for r in refs(v)] if isinstance(node, list) else []

    outside = [r for r in refs(schema) if not r.startswith("#") and r.split("#")[0] not in ids]
    assert outside == []


def test_served_schemas_are_self_contained():
    """A client holding only the served state (or setup) schema can validate with it: the
    files it refers to are embedded, so no reference needs fetching."""
    state = plain_json(state_json(example_duel(EXAMPLES[0]).state, None))
    assert errors(Draft202012Validator(SCHEMAS["state"]), state) == []
    setup = example_duel(EXAMPLES[0]).setup
    assert errors(Draft202012Validator(SCHEMAS["setup"]), setup) == []


def test_schemas_returns_a_fresh_copy_each_time():
    first = BATTLECON.schemas()
    first["state"]["properties"].clear()
    assert BATTLECON.schemas() == SCHEMAS and SCHEMAS["state"]["properties"]


def test_the_state_schema_tells_clients_to_ignore_unknown_fields():
    description = SCHEMAS["state"]["description"]
    assert "must ignore fields they do not know" in description
    assert "additionalProperties is false in this schema only" in description


def test_the_inlined_schema_refuses_what_the_served_one_refuses():
    """The sweeps' shortcut (inline_refs) keeps the meaning: same verdicts on a sample."""
    served = Draft202012Validator(SCHEMAS["state"])
    good = states(example_duel(EXAMPLES[0]))[-1][1]
    for instance in (good, *[bad for _, bad in invalid_states()]):
        assert served.is_valid(instance) == fast_validator("state").is_valid(instance)


# --- every state the engine writes validates ----------------------------------------------


@pytest.mark.parametrize("f0,f1", sampled_pairings(
    FIGHTERS, list(itertools.combinations_with_replacement(FIGHTERS, 2))))
def test_every_state_of_seeded_playouts_validates(f0, f1):
    labelled = []
    for seed, special, ante in PLAYOUTS:
        duel = play(seed, f0, f1, special_actions=special, ante_finishers=ante)
        assert duel.over
        labelled += [(f"{f0} v {f1} seed {seed} event {n}", s) for n, s in states(duel)]
    assert assert_all_valid(labelled) > len(PLAYOUTS) * 20


def test_every_state_of_a_playout_with_a_special_action_finisher_validates():
    seed, f0, f1 = SPECIAL_ACTION_FINISHER
    duel = play(seed, f0, f1, special_actions=True, ante_finishers=False)
    labelled = states(duel)
    assert any(p["attack_pair"] and p["attack_pair"]["action"] == "finisher"
               for _, s in labelled for p in s["players"])
    assert assert_all_valid([(f"seed {seed} event {n}", s) for n, s in labelled]) > 20


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_state_of_the_example_records_validates(path):
    duel = example_duel(path)
    assert assert_all_valid([(f"{path.name} event {n}", s) for n, s in states(duel)]) > 1
    final = plain_json(state_json(duel.state, duel.need))
    assert errors(Draft202012Validator(SCHEMAS["state"]), final) == []  # the served schema


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_normalised_setup_of_each_example_validates(path):
    setup = parse_setup(json.loads(path.read_text("utf-8")))
    assert errors(Draft202012Validator(SCHEMAS["setup"]), plain_json(setup)) == []


def test_the_setup_schema_requires_what_parse_setup_fills_in():
    setup = plain_json(parse_setup({"format": "battlecon-record/1",
                                    "players": [{"fighter": "hikaru"}, {"fighter": "khadath"}]}))
    validator = Draft202012Validator(SCHEMAS["setup"])
    assert errors(validator, setup) == []
    for drop in ("first_to_ante", "ruleset"):
        assert not validator.is_valid({k: v for k, v in setup.items() if k != drop})
    partial = copy.deepcopy(setup)
    del partial["players"][1]["discard_2"]
    assert not validator.is_valid(partial)
    partial = copy.deepcopy(setup)
    del partial["options"]["time_limit"]
    assert not validator.is_valid(partial)


def test_the_api_fields_and_shapes_no_playout_reached_validate():
    """``event`` (added by the API), a hidden pair and a range status are part of the
    contract although the engine's own state JSON does not show them."""
    state = copy.deepcopy(states(example_duel(EXAMPLES[0]))[40][1])
    state["event"] = 40
    state["players"][1]["attack_pair"] = {"revealed": False}
    state["statuses"].append({"player": 0, "stat": "range", "amount": [0, 1],
                              "source": "Example", "beat": 2, "until": 2})
    assert errors(Draft202012Validator(SCHEMAS["state"]), state) == []


def test_a_conceded_duel_validates():
    duel = Duel.new(record_setup("hikaru", "khadath"))
    duel.decide({"player": 1, "kind": "concede"})
    state = state_after(duel, len(duel.events))
    assert (state["end_reason"], state["winner"], state["prompt"]) == ("concession", 0, None)
    assert errors(Draft202012Validator(SCHEMAS["state"]), state) == []


# --- wrong shapes are refused ---------------------------------------------------------------


def _set(*path: Any) -> Callable[[dict], None]:
    """A change that sets the value at ``path`` (keys, then the value)."""
    *keys, last, value = path

    def change(state: dict) -> None:
        node = state
        for key in keys:
            node = node[key]
        node[last] = value
    return change


# why -> (where the schema must object, a change that makes a real state wrong). The
# state changed has a prompt and a revealed attack.
WRONG: dict[str, tuple[list[Any], Callable[[dict], None]]] = {
    "life as a string": (["players", 0, "life"], _set("players", 0, "life", "20")),
    "an unknown step": (["step"], _set("step", "lunch")),
    "a player without space": (["players", 1], lambda s: s["players"][1].pop("space")),
    "an unknown end reason": (["end_reason"], _set("end_reason", "boredom")),
    "a third player": (["players"], lambda s: s["players"].append(s["players"][0])),
    "a space off the board": (["players", 0, "space"], _set("players", 0, "space", 8)),
    "a range of three numbers": (["players", 0, "attack", "range"],
                                 _set("players", 0, "attack", "range", [1, 2, 3])),
    "a hidden pair that shows its style": (
        ["players", 0, "attack_pair"],
        _set("players", 0, "attack_pair", {"revealed": False, "style": "burst"})),
    "an unknown prompt kind": (["prompt", "kind"], _set("prompt", "kind", "dance")),
    "an option that is not a decision": (
        ["prompt", "options"],
        lambda s: s["prompt"]["options"].append({"player": 0, "kind": "fly"})),
    "an undocumented field": ([], _set("weather", "rain")),
    "a negative event": (["event"], _set("event", -1)),
}


@cache
def _revealed_state() -> str:
    return json.dumps(next(s for _, s in states(example_duel(EXAMPLES[0]))
                           if s["prompt"] is not None and "attack" in s["players"][0]))


def invalid_states() -> list[tuple[str, dict]]:
    """(why, a state the schema must refuse), each one change away from a real state."""
    out = []
    for why, (_, change) in WRONG.items():
        state = json.loads(_revealed_state())
        change(state)
        out.append((why, state))
    return out


@pytest.mark.parametrize("why", list(WRONG))
def test_a_wrong_state_is_refused(why):
    where, change = WRONG[why]
    state = json.loads(_revealed_state())
    change(state)
    worst = best_match(Draft202012Validator(SCHEMAS["state"]).iter_errors(state))
    assert worst is not None, why
    assert list(worst.absolute_path)[:len(where)] == where, (why, worst)


def test_a_setup_that_starts_from_a_position_validates():
    from tests.judge.test_position import older_layout

    setup = plain_json(parse_setup({"format": "battlecon-record/1", "position": older_layout()}))
    assert "position" in setup and "discard_1" not in setup["players"][0]
    assert errors(Draft202012Validator(SCHEMAS["setup"]), setup) == []
