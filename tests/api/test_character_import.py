"""Characters a player enters as data (issue 13): imported through
``POST /api/rulesets/{name}/characters`` (checked against the published character schema
and the ruleset's cross-field rules, a 422 naming the field), listed by ``GET``, used
inline in a duel's setup, and the duel's exported record replays with no store at all."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from events.export import verify_file
from judge import registry
from tests.api.conftest import bearer

OWN = Path(__file__).resolve().parents[1] / "data" / "artobattlers" / "own-characters.json"
URL = "/api/rulesets/artobattlers/characters"


def own_file() -> dict:
    return json.loads(OWN.read_text())


def attack(player: int, who: str, move: str, target: str) -> dict:
    return {"player": player, "kind": "attack", "character": who, "striker": False,
            "move": move, "target": target, "pay": None, "sacrifice": False}


# Tin Sparrow (60 LP, SIMPLE) against Brass Bulwark (80 LP, STAY): four turns, Ben wins.
DUEL = [
    {"player": 0, "kind": "team", "characters": ["tin-sparrow"]},
    {"player": 1, "kind": "team", "characters": ["brass-bulwark"]},
    {"player": 0, "kind": "start_die", "value": 5}, {"player": 1, "kind": "start_die", "value": 1},
    attack(0, "tin-sparrow", "peck", "brass-bulwark"), {"player": 1, "kind": "die", "value": 1},
    attack(1, "brass-bulwark", "hammer", "tin-sparrow"), {"player": 0, "kind": "die", "value": 1},
    attack(0, "tin-sparrow", "gust", "brass-bulwark"), {"player": 1, "kind": "die", "value": 2},
    attack(1, "brass-bulwark", "hammer", "tin-sparrow"), {"player": 0, "kind": "die", "value": 1},
]


def test_a_valid_file_is_imported_and_listed_with_who_imported_it(client, tokens):
    assert client.get(URL).get_json() == {"ruleset": "artobattlers", "characters": []}
    resp = client.post(URL, json=own_file(), headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201, resp.get_json()
    body = resp.get_json()
    assert [c["id"] for c in body["characters"]] == ["tin-sparrow", "brass-bulwark"]
    listed = client.get(URL).get_json()["characters"]
    assert [(c["id"], c["name"], c["imported_by"], c["role"], c["version"]) for c in listed] == [
        ("brass-bulwark", "Brass Bulwark", "scorekeeper-sam", "scorekeeper", 1),
        ("tin-sparrow", "Tin Sparrow", "scorekeeper-sam", "scorekeeper", 1)]
    sparrow = listed[1]["character"]
    assert (sparrow["life_points"], sparrow["sample"], sparrow["attack_moves"][1]["cost"]) == (
        60, False, {"form": "pp", "pp": 10})


@pytest.mark.parametrize(("spoil", "field", "words"), [
    (lambda d: d["characters"][0]["attack_moves"][1]["cost"].pop("pp"),
     "characters[0].attack_moves[1].cost.pp", "required"),
    (lambda d: d["characters"][0]["attack_moves"][1].__setitem__("cost", {"form": "gold"}),
     "characters[0].attack_moves[1].cost.form", "not one of: none, lp, pp"),
    (lambda d: d["characters"][1]["attack_moves"][0].__setitem__("dp", -5),
     "characters[1].attack_moves[0].dp", "less than the minimum of 0"),
    (lambda d: d["characters"][1]["attack_moves"][0].__setitem__("kind", "DA-S"),
     "characters[1].attack_moves[0].kind", "does not match class body"),
    (lambda d: d["characters"][0].__setitem__("shield", {"life_points": 20}),
     "characters[0].shield", "manual move 1"),
    (lambda d: d["characters"][0].__setitem__("colour", "red"),
     "characters[0].colour", "not a field"),
    (lambda d: d["characters"][0].__setitem__("id", "ember-knight"),
     "characters[0].id", "sample character"),
], ids=["missing-cost-amount", "unknown-cost-form", "negative-dp", "kind-vs-class",
        "shield-without-mm1", "unknown-field", "sample-id"])
def test_a_wrong_character_is_refused_naming_the_field_and_nothing_is_kept(
        client, tokens, spoil, field, words):
    document = own_file()
    spoil(document)
    resp = client.post(URL, json=document, headers=bearer(tokens["judge"]))
    assert resp.status_code == 422, resp.get_json()
    body = resp.get_json()
    assert list(body["errors"]) == [field], body
    assert words in body["detail"] and body["detail"].startswith(field), body
    assert body["rule"].startswith("A")
    assert client.get(URL).get_json()["characters"] == []


def test_a_file_for_another_game_or_without_characters_is_refused(client, tokens):
    sk = bearer(tokens["scorekeeper"])
    resp = client.post(URL, json={**own_file(), "ruleset": "battlecon-2014"}, headers=sk)
    assert resp.status_code == 422 and list(resp.get_json()["errors"]) == ["ruleset"]
    resp = client.post(URL, json={"schema_version": 1, "ruleset": "artobattlers"}, headers=sk)
    assert resp.status_code == 422 and list(resp.get_json()["errors"]) == ["characters"]
    resp = client.post(URL, json={**own_file(), "characters": "lots"}, headers=sk)
    assert resp.status_code == 422 and "characters" in resp.get_json()["errors"]


def test_an_id_already_imported_is_a_conflict_unless_replaced(client, tokens):
    sk = bearer(tokens["scorekeeper"])
    assert client.post(URL, json=own_file(), headers=sk).status_code == 201
    document = own_file()
    document["characters"][0]["life_points"] = 70
    resp = client.post(URL, json=document, headers=sk)
    assert resp.status_code == 409
    assert "tin-sparrow" in resp.get_json()["detail"]
    assert client.get(URL).get_json()["characters"][1]["character"]["life_points"] == 60
    resp = client.post(f"{URL}?replace=true", json=document, headers=sk)
    assert resp.status_code == 201
    sparrow = client.get(URL).get_json()["characters"][1]
    assert (sparrow["version"], sparrow["character"]["life_points"]) == (2, 70)


def test_importing_needs_a_scorekeeper_or_judge_token(client, tokens):
    assert client.post(URL, json=own_file()).status_code == 401
    assert client.post(URL, json=own_file(), headers=bearer("bcj_nope")).status_code == 401
    assert client.post(URL, json=own_file(), headers=bearer(tokens["judge"])).status_code == 201


def test_a_ruleset_without_character_import_has_no_such_address(client, tokens):
    sk = bearer(tokens["scorekeeper"])
    assert client.get("/api/rulesets/battlecon-2014/characters").status_code == 404
    resp = client.post("/api/rulesets/battlecon-2014/characters", json=own_file(), headers=sk)
    assert resp.status_code == 404 and "takes no imported characters" in resp.get_json()["detail"]
    assert client.get("/api/rulesets/no-such-game/characters").status_code == 404


def test_the_published_schema_is_the_one_imports_are_checked_against(client):
    info = client.get("/api/rulesets/artobattlers").get_json()
    schema = info["schemas"]["characters"]
    assert schema["required"] == ["schema_version", "ruleset", "characters"]
    import jsonschema

    jsonschema.Draft202012Validator(schema).validate(own_file())
    bad = own_file()
    bad["characters"][0]["dice_type"] = "loaded"
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(bad))


def test_an_imported_character_plays_a_whole_duel_and_its_record_replays_anywhere(
        client, tokens):
    sk = bearer(tokens["scorekeeper"])
    assert client.post(URL, json=own_file(), headers=sk).status_code == 201
    listed = {c["id"]: c["character"] for c in client.get(URL).get_json()["characters"]}
    setup = {"format": "simple_duel", "characters": [listed["tin-sparrow"],
                                                     listed["brass-bulwark"]],
             "players": [{"name": "Ana"}, {"name": "Ben"}]}
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1",
                                           "ruleset": "artobattlers", "setup": setup,
                                           "decisions": DUEL[:2]}, headers=sk)
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()
    version = duel["version"]
    for decision in DUEL[2:]:
        resp = client.post(f"/api/duels/{duel['id']}/decisions", json=decision,
                           headers={**sk, "If-Match": f'"{version}"'})
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]
    state = client.get(f"/api/duels/{duel['id']}/state").get_json()
    sparrow = state["players"][0]["characters"]["tin-sparrow"]
    bulwark = state["players"][1]["characters"]["brass-bulwark"]
    assert (state["over"], state["winner"], state["end_reason"]) == (True, 1, "all_destroyed")
    assert (sparrow["life"], sparrow["status"], sparrow["power"]) == (0, "destroyed", 10)
    assert (bulwark["life"], bulwark["shield"]) == (10, {"life": 30, "destroyed": False})
    record = client.get(f"/api/duels/{duel['id']}/record").get_json()
    assert record["setup"]["characters"] == setup["characters"]
    # Anywhere: a fresh judge with no store, and the record verifier.
    replayed = registry.from_record(copy.deepcopy(record))
    assert (replayed.outcome.winner, replayed.outcome.reason) == (1, "all_destroyed")
    assert verify_file(json.dumps(record))["winner"] == 1
