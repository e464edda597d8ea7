"""The duel record ``battlecon-record/1``: its JSON Schema, and how the engine refuses bad records.

The schema checks a record's shape; the engine (``Duel.from_record``) checks that the setup
is possible and that every decision is legal where it is made.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from pathlib import Path

import jsonschema
import pytest

import judge.battlecon as judge
from judge.battlecon import Duel
from judge.battlecon.playout import FIGHTERS, play, record_setup
from judge.errors import DuelOverError, IllegalDecisionError, RecordError
from tests.support import sampled_pairings

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = judge.schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
DECISION = jsonschema.Draft202012Validator(
    {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": "#/$defs/decision"})

# The rulebook comic's beat 1 (no value is invented: the comic gives all of them).
COMIC = json.loads((Path(__file__).resolve().parents[2] / "examples" /
                    "comic-beat-1.json").read_text(encoding="utf-8"))

# Beat 1 of a duel where Khadath (Blight Burst) has two Start of Beat effects to order,
# under the reading records made before R18.5's asked order name: the order as a hint.
ORDERING = {
    **{k: v for k, v in COMIC.items() if k not in ("decisions", "options")},
    "options": {**COMIC["options"], "rulings": {**COMIC["options"]["rulings"],
                                                "trigger-order": "hinted"}},
    "decisions": [
        {"player": 0, "kind": "attack_pair", "style": "sweeping", "base": "strike"},
        {"player": 1, "kind": "attack_pair", "style": "blight", "base": "burst"},
        {"player": 0, "kind": "pass"}]}
PRINTED = ["blight/start_of_beat/0", "burst/start_of_beat/0"]
# The same beat under the ruling new duels name: the beat waits on the order (R18.5).
ASKED = {**ORDERING, "options": {**ORDERING["options"],
                                 "rulings": {**ORDERING["options"].get("rulings", {}),
                                             "trigger-order": "asked"}}}


def comic(decisions: int | None = None) -> dict:
    """A fresh copy of the comic record, optionally with only its first decisions."""
    record = copy.deepcopy(COMIC)
    if decisions is not None:
        record["decisions"] = record["decisions"][:decisions]
    return record


def refusal(record: dict) -> RecordError:
    with pytest.raises(RecordError) as info:
        Duel.from_record(record)
    return info.value


def schema_errors(record: object) -> list[str]:
    return [e.message for e in VALIDATOR.iter_errors(record)]


# --- the schema itself -----------------------------------------------------------------


def test_schema_is_a_valid_draft_2020_12_schema():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_schema_is_the_file_shipped_in_the_package_with_the_kits_decisions():
    """The shipped file holds the core; each kit adds its own decisions (``kit_schema``):
    Seth's guess, Hepzibah's paid_by. No kit's decision is in the file."""
    shipped = json.loads((ROOT / "judge" / "battlecon" / "schema" / "record.schema.json")
                         .read_text("utf-8"))
    served = judge.schema()
    assert "guess" not in shipped["$defs"] and "guess" in served["$defs"]
    assert "paid_by" in served["$defs"]["ante_token"]["properties"]
    assert "paid_by" not in shipped["$defs"]["ante_token"]["properties"]
    for name in shipped["$defs"]:
        if name not in ("decision", "ante_token"):
            assert served["$defs"][name] == shipped["$defs"][name], name


def test_schema_names_every_decision_kind_the_engine_knows():
    from judge.battlecon.kit_decls import decision_kinds

    kinds = SCHEMA["$defs"]["decision"]["properties"]["kind"]["enum"]
    assert kinds == list(decision_kinds())
    consts = {SCHEMA["$defs"][ref["$ref"].rsplit("/", 1)[1]]["properties"]["kind"]["const"]
              for ref in SCHEMA["$defs"]["decision"]["oneOf"]}
    assert consts == set(decision_kinds())


# --- records the schema accepts --------------------------------------------------------


def test_comic_record_is_valid():
    assert schema_errors(COMIC) == []


def test_minimal_record_is_valid_and_takes_the_printed_defaults():
    record = {"format": "battlecon-record/1",
              "players": [{"fighter": "hikaru"}, {"fighter": "khadath"}]}
    assert schema_errors(record) == []
    written = Duel.from_record(record).to_record()
    assert schema_errors(written) == []
    hikaru, khadath = written["players"]
    assert hikaru == {"name": "Player 0", "fighter": "hikaru", "finisher": "wrath-of-elements",
                      "discard_1": ["trance", "dash"], "discard_2": ["focused", "grasp"]}
    assert khadath == {"name": "Player 1", "fighter": "khadath",
                       "finisher": "dimensional-exile", "discard_1": ["evacuation", "dash"],
                       "discard_2": ["teleport", "grasp"]}
    assert written["first_to_ante"] == 0
    assert written["ruleset"] == "battlecon-2014"
    assert written["options"] == {"special_actions": True, "ante_finishers": False,
                                  "time_limit": True, "rulings": {}}
    assert written["decisions"] == []


@pytest.mark.parametrize("fid, finisher, d1, d2", [
    ("cadenza", "rocket-press", ["hydraulic", "dash"], ["clockwork", "grasp"]),
    ("hikaru", "wrath-of-elements", ["trance", "dash"], ["focused", "grasp"]),
    ("kallistar", "supernova", ["flare", "dash"], ["caustic", "grasp"]),
    ("khadath", "dimensional-exile", ["evacuation", "dash"], ["teleport", "grasp"]),
])
def test_documented_defaults_per_fighter(fid, finisher, d1, d2):
    """docs/record-format.md lists these defaults: side a, the printed discards."""
    record = {"format": "battlecon-record/1", "players": [{"fighter": fid}, {"fighter": fid}]}
    for p in Duel.from_record(record).to_record()["players"]:
        assert (p["finisher"], p["discard_1"], p["discard_2"]) == (finisher, d1, d2)


def test_every_decision_kind_is_valid():
    examples = [
        {"player": 0, "kind": "attack_pair", "style": "special-action", "base": "burst"},
        {"player": 1, "kind": "ante", "token": "iron-body"},
        {"player": 0, "kind": "ante", "finisher": True},
        {"player": 1, "kind": "pass"},
        {"player": 0, "kind": "clash_base", "base": "strike"},
        {"player": 1, "kind": "move", "to": 1},
        {"player": 1, "kind": "place", "marker": "gate-trap", "to": 7},
        {"player": 0, "kind": "may", "accept": False},
        {"player": 0, "kind": "pick", "option": "none"},
        {"player": 1, "kind": "arrange", "spaces": [7, 1]},
        {"player": 1, "kind": "order", "effects": ["burst/start_of_beat/0",
                                                   "blight/start_of_beat/0"]},
        {"player": 0, "kind": "concede"},
    ]
    record = comic()
    record["decisions"] = examples
    assert schema_errors(record) == []
    for d in examples:
        assert DECISION.is_valid(d), d


def test_a_fighter_not_yet_in_the_engine_is_valid_for_the_schema():
    """New fighters come later: the schema checks the id's spelling, the engine its existence."""
    record = comic()
    record["players"][1] = {"fighter": "rexan", "finisher": "eternal-overlord"}  # not of 2014
    assert schema_errors(record) == []
    assert refusal(record).rule == "R1.1"


@pytest.mark.parametrize("f0, f1", sampled_pairings(FIGHTERS, list(itertools.product(FIGHTERS, FIGHTERS))))
@pytest.mark.parametrize("special_actions", [True, False])
def test_playout_records_are_valid_and_replay_to_the_same_state(f0, f1, special_actions):
    for seed in range(3):
        duel = play(seed, f0, f1, special_actions=special_actions)
        record = duel.to_record()
        assert schema_errors(record) == [], seed
        again = Duel.from_record(json.loads(json.dumps(record)))
        assert again.to_json() == duel.to_json()
        assert again.over


def sweep() -> list[tuple[int, tuple[str, str]]]:
    """Every ordered pairing with its seed (its place in the full sweep), or CI's sample of
    them (``tests.support.sampled_pairings``): a sampled duel is the same as in the full run."""
    every = list(itertools.product(FIGHTERS, FIGHTERS))
    chosen = set(sampled_pairings(FIGHTERS, every))
    return [(seed, pair) for seed, pair in enumerate(every) if pair in chosen]


def test_playout_records_with_ante_finishers_are_valid():
    for seed, (f0, f1) in sweep():
        record = play(seed, f0, f1, ante_finishers=True).to_record()
        assert record["options"]["ante_finishers"] is True
        assert schema_errors(record) == []


def test_every_prompt_option_is_a_valid_decision():
    """Options are complete decisions in the record's format, sent back as they are."""
    seen: set[str] = set()

    def collect(duel: Duel) -> None:
        prompt = duel.prompt
        if prompt is None:
            return
        for option in prompt["options"]:
            seen.add(json.dumps(option, sort_keys=True))
        if "order" in prompt:
            hint = prompt["order"]
            seen.add(json.dumps({"player": hint["player"], "kind": "order",
                                 "effects": hint["effects"]}))

    for seed, (f0, f1) in sweep():
        for special_actions, ante_finishers in ((True, False), (False, True)):
            duel = Duel.new(record_setup(f0, f1, special_actions, ante_finishers))
            collect(duel)
            play(seed, f0, f1, special_actions, ante_finishers,
                 on_step=lambda d, _decision: collect(d))
    options = [json.loads(s) for s in seen]
    assert {o["kind"] for o in options} == {"attack_pair", "ante", "pass", "clash_base", "move",
                                            "place", "may", "pick", "guess", "arrange",
                                            "order"}
    assert any(o.get("finisher") for o in options)  # an Ante Finisher was offered
    bad = [s for s in seen if not DECISION.is_valid(json.loads(s))]
    assert bad == []


def test_the_complete_example_in_the_docs_is_valid_and_replays():
    text = (ROOT / "docs" / "record-format.md").read_text("utf-8")
    section = text.split("## A complete example", 1)[1]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    record = json.loads(block)
    assert schema_errors(record) == []
    duel = Duel.from_record(record)
    state = duel.to_json()
    assert state["over"] and state["winner"] == 0 and state["end_reason"] == "concession"
    assert state["players"][1]["life"] == 13
    assert {"owner": 1, "name": "gate-trap", "space": 5} in state["markers"]
    # The narrative lines quoted in the docs are the engine's.
    from judge.battlecon.narrative import lines

    narrative = list(lines(duel))
    for quoted in re.search(r"prints, among other lines:\n\n```\n(.*?)```", text,
                            re.S).group(1).splitlines():
        if quoted.strip() not in ("", "..."):
            assert quoted in narrative


def test_the_decision_examples_in_the_docs_are_valid():
    text = (ROOT / "docs" / "record-format.md").read_text("utf-8")
    section = text.split("## Decisions", 1)[1].split("## Prompts", 1)[0]
    examples = [json.loads(line) for block in re.findall(r"```json\n(.*?)```", section, re.S)
                for line in block.splitlines() if line.startswith("{")]
    assert {d["kind"] for d in examples} == {
        "attack_pair", "ante", "pass", "clash_base", "move", "place", "may", "pick", "guess",
        "arrange", "order", "concede"}
    for d in examples:
        assert DECISION.is_valid(d), d


# --- records the schema refuses ----------------------------------------------------------


def _set(path: str, value: object):
    """A change to the comic record: set the value at a dotted path ('players.0.fighter')."""
    def change(record: dict) -> None:
        *head, last = path.split(".")
        target = record
        for key in head:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _drop(path: str):
    def change(record: dict) -> None:
        *head, last = path.split(".")
        target = record
        for key in head:
            target = target[int(key)] if isinstance(target, list) else target[key]
        del target[last]
    return change


def _add_player(record: dict) -> None:
    record["players"].append({"fighter": "cadenza"})


SCHEMA_REFUSES = {
    "wrong format tag": _set("format", "battlecon-record/2"),
    "no format": _drop("format"),
    "other ruleset": _set("ruleset", "battlecon-2099"),
    "unknown top-level field": _set("comment", "great duel"),
    "one player": _set("players", [{"fighter": "hikaru"}]),
    "three players": _add_player,
    "player without a fighter": _drop("players.0.fighter"),
    "fighter name, not id": _set("players.0.fighter", "Hikaru"),
    "name not a string": _set("players.0.name", 7),
    "unknown player field": _set("players.0.deck", "x"),
    "discard of three cards": _set("players.0.discard_1", ["trance", "dash", "shot"]),
    "discard of one card": _set("players.0.discard_1", ["trance"]),
    "same card twice in a pile": _set("players.0.discard_1", ["dash", "dash"]),
    "first_to_ante 2": _set("first_to_ante", 2),
    "first_to_ante true": _set("first_to_ante", True),
    "unknown option": _set("options.arenas", True),
    "option not a boolean": _set("options.special_actions", "yes"),
    "unknown ruling": _set("options.rulings.lure", 0),
    "bad ruling value": _set("options.rulings.lure-power", 1),
    "ruling value false": _set("options.rulings.lure-power", False),
    "decisions not a list": _set("decisions", {"0": {}}),
    "unknown decision kind": _set("decisions.0", {"player": 0, "kind": "dance"}),
    "decision without kind": _set("decisions.0", {"player": 0, "style": "advancing"}),
    "decision without player": _set("decisions.0", {"kind": "pass"}),
    "player 2": _set("decisions.0.player", 2),
    "player true": _set("decisions.0.player", True),
    "attack pair without base": _drop("decisions.0.base"),
    "attack pair with extra field": _set("decisions.0.note", "bluff"),
    "ante with token and finisher": _set("decisions.2.finisher", True),
    "ante finisher false": _set("decisions.2", {"player": 0, "kind": "ante",
                                                "finisher": False}),
    "ante with nothing": _set("decisions.2", {"player": 0, "kind": "ante"}),
    "pass with a token": _set("decisions.2", {"player": 0, "kind": "pass", "token": "fire"}),
    "move to 8": _set("decisions.3.to", 8),
    "move to 0": _set("decisions.3.to", 0),
    "move to a string": _set("decisions.3.to", "7"),
    "move with a distance": _set("decisions.3", {"player": 1, "kind": "move", "spaces": 2}),
    "place without marker": _set("decisions.3", {"player": 1, "kind": "place", "to": 3}),
    "may with a string": _set("decisions.3", {"player": 1, "kind": "may", "accept": "yes"}),
    "pick with a number": _set("decisions.3", {"player": 1, "kind": "pick", "option": 1}),
    "arrange three spaces": _set("decisions.3", {"player": 1, "kind": "arrange",
                                                 "spaces": [1, 2, 3]}),
    "arrange one space twice": _set("decisions.3", {"player": 1, "kind": "arrange",
                                                    "spaces": [4, 4]}),
    "order of one effect": _set("decisions.3", {"player": 1, "kind": "order",
                                                "effects": ["burst/start_of_beat/0"]}),
    "order not a list": _set("decisions.3", {"player": 1, "kind": "order",
                                             "effects": "burst/start_of_beat/0"}),
    "concede with a reason": _set("decisions.4", {"player": 0, "kind": "concede",
                                                  "reason": "tired"}),
    "null field": _set("decisions.3", {"player": 1, "kind": "move", "to": 7, "token": None}),
}


@pytest.mark.parametrize("change", SCHEMA_REFUSES.values(), ids=SCHEMA_REFUSES.keys())
def test_schema_refuses(change):
    record = comic()
    change(record)
    assert not VALIDATOR.is_valid(record)


def test_schema_refuses_a_record_that_is_not_an_object():
    assert not VALIDATOR.is_valid([COMIC])


# --- setup errors from the engine -----------------------------------------------------------


@pytest.mark.parametrize("change, rule, words", [
    (_set("format", "battlecon-record/2"), "record.format", "battlecon-record/1"),
    (_drop("format"), "record.format", "format"),
    (_set("ruleset", "battlecon-2099"), "record.ruleset", "battlecon-2099"),
    (_set("players.1.fighter", "kalistar"), "R1.1", "kalistar"),
    (_set("players.1.fighter", "Khadath"), "R1.1", "Khadath"),
    (_set("players.0.finisher", "supernova"), "R1.8", "supernova"),
    (_set("players.0.discard_1", ["trance", "lure"]), "R1.9", "lure"),
    (_set("players.0.discard_1", ["trance", "fireball"]), "R1.9", "fireball"),
    (_set("players.0.discard_1", ["trance", "special-action"]), "R1.9", "special-action"),
    (_set("players.0.discard_2", ["focused", "dash"]), "R1.9", "different"),
    (_set("players.0.discard_2", ["trance", "grasp"]), "R1.9", "different"),
    (_set("players.0.discard_1", ["trance", "focused"]), "R1.9", "one Style and one Base"),
    (_set("players.0.discard_1", ["dash", "shot"]), "R1.9", "one Style and one Base"),
    (_set("players.0.discard_1", ["trance", "dash", "shot"]), "R1.9", "two card ids"),
    (_set("options.arenas", True), "record.options", "arenas"),
    (_set("options.ante_finishers", "yes"), "record.options", "ante_finishers"),
    (_set("options.rulings.lure", 0), "record.options", "lure"),
    (_set("options.rulings.lure-power", 1), "record.options", "lure-power"),
    (_set("options.rulings.lure-power", "-1"), "record.options", "lure-power"),
    (_set("options.rulings", []), "record.options", "rulings"),
    (_set("first_to_ante", 2), "R1.14", "first_to_ante"),
    (_set("first_to_ante", True), "R1.14", "first_to_ante"),
    (_add_player, "record.players", "two players"),
    (_set("players.0.name", 7), "record.players", "name"),
    (_set("decisions", {}), "record.decisions", "list"),
], ids=lambda x: x if isinstance(x, str) else None)
def test_setup_errors_name_the_reason_and_the_rule(change, rule, words):
    record = comic()
    change(record)
    err = refusal(record)
    assert err.rule == rule
    assert words in err.reason
    assert err.index is None
    assert err.to_json() == {"error": "RecordError", "reason": err.reason, "rule": rule,
                             "index": None}


def test_a_record_must_be_an_object():
    err = refusal([COMIC])
    assert (err.rule, err.index) == ("record", None)


@pytest.mark.parametrize("value", [0, -1])
def test_known_ruling_values_are_accepted(value):
    record = comic()
    record["options"]["rulings"] = {"lure-power": value}
    assert Duel.from_record(record).to_json()["options"]["rulings"] == {"lure-power": value}


def test_ruling_value_false_is_refused():
    record = comic()
    record["options"]["rulings"] = {"lure-power": False}
    assert refusal(record).rule == "record.options"


def test_discard_pile_order_does_not_matter():
    record = comic()
    record["players"][0]["discard_1"] = ["dash", "trance"]
    state = Duel.from_record(record).to_json()
    assert state == Duel.from_record(comic()).to_json()


# --- decision errors from the engine -------------------------------------------------------


def test_the_comic_record_replays_as_the_comic_says():
    state = Duel.from_record(comic()).to_json()
    hikaru, khadath = state["players"]
    assert (khadath["life"], khadath["stunned"], hikaru["space"]) == (13, True, 6)


def test_decision_for_the_wrong_player():
    record = comic(2)
    record["decisions"].append({"player": 1, "kind": "pass"})
    err = refusal(record)
    assert err.index == 2
    assert err.rule == "R5.3"
    assert "Decision 2" in err.reason and "waiting for Hikaru" in err.reason
    assert isinstance(err.__cause__, IllegalDecisionError)


def test_decision_for_the_wrong_player_in_a_secret_choice():
    record = comic(1)
    record["decisions"].append({"player": 0, "kind": "attack_pair", "style": "focused",
                                "base": "burst"})
    err = refusal(record)
    assert (err.index, err.rule) == (1, "R4.1")
    assert "waiting for Khadath" in err.reason


def test_decision_of_the_wrong_kind():
    record = comic(2)
    record["decisions"].append({"player": 0, "kind": "move", "to": 4})
    err = refusal(record)
    assert (err.index, err.rule) == (2, "R5.3")
    assert "ante" in err.reason


def test_illegal_move_destination():
    record = comic()
    record["decisions"][3] = {"player": 1, "kind": "move", "to": 3}
    err = refusal(record)
    assert err.index == 3
    assert err.rule == "burst: Start of Beat"
    assert "not a legal move" in err.reason
    assert '{"to": 6}; {"to": 7}' in err.reason


def test_illegal_decision_message_has_no_double_period():
    record = comic()
    record["decisions"][3] = {"player": 1, "kind": "move", "to": 3}
    assert ".." not in refusal(record).reason


def test_a_card_not_in_hand():
    record = comic()
    record["decisions"][0] = {"player": 0, "kind": "attack_pair", "style": "trance",
                              "base": "drive"}
    err = refusal(record)
    assert (err.index, err.rule) == (0, "R4.1")


@pytest.mark.parametrize("decision", [
    {"player": 1, "kind": "move", "to": 7, "note": "far away"},
    {"player": True, "kind": "move", "to": 7},
    {"player": 1, "kind": "move", "to": "7"},
    {"player": 1, "kind": "move"},
    {"player": 1, "kind": "dance"},
    ["player", 1, "move", 7],
], ids=["extra field", "player true", "string space", "no destination", "unknown kind",
        "not an object"])
def test_malformed_decisions_are_refused_with_their_index(decision):
    record = comic()
    record["decisions"][3] = decision
    err = refusal(record)
    assert err.index == 3
    assert err.rule


def test_a_decision_after_the_duel_ended():
    record = comic(2)
    record["decisions"] += [{"player": 1, "kind": "concede"},
                            {"player": 0, "kind": "ante", "token": "fire"}]
    err = refusal(record)
    assert (err.index, err.rule) == (3, "R20.1")
    assert "over" in err.reason
    assert isinstance(err.__cause__, DuelOverError)


def test_concede_is_legal_at_any_time_by_either_player():
    for n in range(len(COMIC["decisions"]) + 1):
        for player in (0, 1):
            record = comic(n)
            record["decisions"].append({"player": player, "kind": "concede"})
            state = Duel.from_record(record).to_json()
            assert state["over"] and state["winner"] == 1 - player
            assert state["end_reason"] == "concession" and state["prompt"] is None


def test_secret_choices_may_be_recorded_in_either_order():
    record = comic()
    record["decisions"][0], record["decisions"][1] = (record["decisions"][1],
                                                      record["decisions"][0])
    assert Duel.from_record(record).to_json() == Duel.from_record(comic()).to_json()


def test_recorded_decisions_are_the_record_decisions():
    duel = Duel.from_record(comic())
    assert duel.to_record()["decisions"] == COMIC["decisions"]


# --- order: the optional exception --------------------------------------------------------


def test_order_hint_lists_the_effects_in_the_printed_order():
    prompt = Duel.from_record(ORDERING).prompt
    assert prompt["order"] == {"player": 1, "effects": PRINTED}
    assert prompt["kind"] == "place"  # Blight first: the printed order, style then base
    assert not any(o["kind"] == "order" for o in prompt["options"])


def test_the_beat_waits_on_the_order_the_printed_one_first():
    """Blight places the Gate Trap, then Burst moves Khadath: the order changes what each
    sees, so Ben is asked, and offered both orders, the printed one first (R18.5)."""
    prompt = Duel.from_record(ASKED).prompt
    assert (prompt["kind"], prompt["players"], prompt["rule"]) == ("order", [1], "R18.5")
    assert prompt["order"] == {"player": 1, "effects": PRINTED}
    assert prompt["options"] == [{"player": 1, "kind": "order", "effects": PRINTED},
                                 {"player": 1, "kind": "order", "effects": PRINTED[::-1]}]
    assert "chooses their order, or keeps the printed order" in prompt["about"]


def test_keeping_the_printed_order_is_an_order_decision():
    record = copy.deepcopy(ASKED)
    record["decisions"].append({"player": 1, "kind": "order", "effects": PRINTED})
    duel = Duel.from_record(record)
    assert duel.prompt["kind"] == "place"  # Blight first: the printed order, style then base
    ordered = [f for f in duel.facts if type(f).__name__ == "EffectsOrdered"]
    assert len(ordered) == 1 and ordered[0].effects == PRINTED


def test_asked_a_decision_other_than_the_order_is_refused():
    record = copy.deepcopy(ASKED)
    record["decisions"].append({"player": 1, "kind": "place", "marker": "gate-trap", "to": 1})
    err = refusal(record)
    assert (err.index, err.rule) == (3, "R18.5")


def test_asked_an_order_that_changes_nothing_is_not_asked():
    """Hikaru's Geomantic and Palm Strike at the Start of Beat end alike in either order
    in the playout line of test_console: nobody is asked, and the log says the printed
    order was resolved (R18.5)."""
    import random as _random

    from judge.battlecon.playout import choose, record_setup
    rng = _random.Random(3)
    duel = Duel.from_record(record_setup("hikaru", "khadath", rng=_random.Random(3)))
    asked = unasked = 0
    while not duel.over:
        if duel.prompt["kind"] == "order":
            asked += 1
        facts = duel.decide(choose(duel, rng, order_rate=0))
        unasked += sum(1 for f in facts if type(f).__name__ == "EffectsOrdered" and f.printed
                       and duel.events[-len(facts) - 1][1]["kind"] != "order")
    assert asked >= 1 and unasked >= 1


def test_an_order_decision_reorders_the_effects():
    record = copy.deepcopy(ORDERING)
    record["decisions"].append({"player": 1, "kind": "order", "effects": PRINTED[::-1]})
    duel = Duel.from_record(record)
    assert duel.prompt["kind"] == "move" and duel.prompt["rule"] == "burst: Start of Beat"
    assert schema_errors(record) == []


def test_any_other_decision_keeps_the_printed_order():
    record = copy.deepcopy(ORDERING)
    record["decisions"].append({"player": 1, "kind": "place", "marker": "gate-trap", "to": 1})
    duel = Duel.from_record(record)
    ordered = [f for f in duel.facts if type(f).__name__ == "EffectsOrdered"]
    assert len(ordered) == 1 and ordered[0].printed and ordered[0].effects == PRINTED


@pytest.mark.parametrize("decision", [
    {"player": 0, "kind": "order", "effects": PRINTED},
    {"player": 1, "kind": "order", "effects": PRINTED[:1]},
    {"player": 1, "kind": "order", "effects": PRINTED + ["drive/before_activating/0"]},
    {"player": 1, "kind": "order", "effects": [PRINTED[0], PRINTED[0]]},
], ids=["wrong player", "missing effect", "extra effect", "repeated effect"])
def test_bad_order_decisions_are_refused(decision):
    record = copy.deepcopy(ORDERING)
    record["decisions"].append(decision)
    err = refusal(record)
    assert (err.index, err.rule) == (3, "R18.5")


def test_order_without_a_hint_is_refused():
    record = comic(3)
    record["decisions"].append({"player": 1, "kind": "order", "effects": PRINTED})
    err = refusal(record)
    assert (err.index, err.rule) == (3, "R18.5")


def test_order_with_an_unknown_field_is_refused():
    record = copy.deepcopy(ORDERING)
    record["decisions"].append({"player": 1, "kind": "order", "effects": PRINTED[::-1],
                                "note": "burst first"})
    assert refusal(record).index == 3


# --- an illegal decision changes nothing ------------------------------------------------------


@pytest.mark.parametrize("decision", [
    {"player": 0, "kind": "move", "to": 6},
    {"player": 1, "kind": "move", "to": 3},
    {"player": 1, "kind": "move", "to": 7, "note": "x"},
    {"player": 1, "kind": "place", "marker": "gate-trap", "to": 7},
    {"player": 1, "kind": "order", "effects": PRINTED},
    {"player": 2, "kind": "move", "to": 7},
    {"player": 1, "kind": "concede", "why": "x"},
    "move to 7",
], ids=["wrong player", "wrong space", "extra field", "wrong kind", "order without hint",
        "no such player", "concede with a field", "not an object"])
def test_an_illegal_decision_leaves_the_duel_unchanged(decision):
    duel = Duel.from_record(comic(3))
    before = (json.dumps(duel.to_json()), len(duel.events), json.dumps(duel.to_record()))
    with pytest.raises(IllegalDecisionError) as info:
        duel.decide(decision)
    assert info.value.reason and info.value.rule
    assert (json.dumps(duel.to_json()), len(duel.events), json.dumps(duel.to_record())) == before
    # ... and the duel goes on as if nothing happened.
    duel.decide({"player": 1, "kind": "move", "to": 7})
    duel.decide({"player": 0, "kind": "move", "to": 6})
    assert duel.to_json() == Duel.from_record(comic()).to_json()


def test_a_decision_after_the_end_leaves_the_duel_unchanged():
    duel = Duel.from_record(comic(1))
    duel.decide({"player": 0, "kind": "concede"})
    before = json.dumps(duel.to_json()), len(duel.events)
    for decision in ({"player": 1, "kind": "concede"},
                     {"player": 1, "kind": "attack_pair", "style": "teleport", "base": "burst"}):
        with pytest.raises(DuelOverError) as info:
            duel.decide(decision)
        assert info.value.rule == "R20.1"
    assert (json.dumps(duel.to_json()), len(duel.events)) == before


def test_a_setup_refusal_names_the_player_it_is_about() -> None:
    """A card in both of the second player's discard piles is reported as theirs, by the
    record's index and by name, never as another player's."""
    import pytest

    from judge.battlecon import Duel
    from judge.battlecon.playout import record_setup
    from judge.errors import RecordError

    record = record_setup("cadenza", "hikaru")
    record["players"][1] |= {"name": "Ben", "discard_1": ["advancing", "strike"],
                             "discard_2": ["advancing", "dash"]}
    with pytest.raises(RecordError) as err:
        Duel.from_record(record)
    assert err.value.reason == ("players[1] (Ben): 'advancing' is in both discard piles; the "
                                "two piles must hold different cards.")
    assert err.value.rule == "R1.9"
    record["players"][1]["discard_2"] = ["palm-strike", "dash"]
    record["players"][0]["finisher"] = "nope"
    with pytest.raises(RecordError, match=r"^players\[0\] \(P0\): 'nope' is not a Finisher"):
        Duel.from_record(record)


@pytest.mark.parametrize(("field", "value", "shown"), [
    ("rule", 5, "5"), ("text", ["x"], '["x"]'), ("dispute", 3, "3")])
def test_a_correction_whose_rule_text_or_dispute_is_not_text_is_refused(
        field: str, value: object, shown: str) -> None:
    """A record's correction entry is checked like a decision: a rule, text or dispute that
    is not text is refused by name (a compiled build would otherwise raise a TypeError), and
    the duel does not change."""
    record = play(0, "cadenza", "khadath").to_record()
    record["decisions"] = record["decisions"][:4]  # a duel under way
    duel = Duel.from_record(record)
    assert not duel.state.over
    before = duel.to_json()
    entry = {"kind": "correction", "players": {"0": {"life": 9}}, field: value}
    with pytest.raises(IllegalDecisionError,
                       match=re.escape(f"A correction's {field} must be text, not {shown}.")):
        duel.decide(entry)
    assert duel.to_json() == before
    record["decisions"].append(entry)
    with pytest.raises(RecordError, match=f"correction's {field} must be text"):
        Duel.from_record(record)
