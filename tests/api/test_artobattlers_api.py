"""An ART O BATTLERS match through the store and the API: created from a record, decided
over HTTP, its state read, its record exported and replayed (AS34 of scenarios.md)."""

from __future__ import annotations

import json

from events.export import verify_file
from tests.api.conftest import bearer

SETUP = {"format": "simple_duel", "characters": "artobattlers-sample-v1",
         "harness": {"gearback": {"life": 100}}, "rulings": {},
         "players": [{"name": "P0"}, {"name": "P1"}]}
AS34 = [
    {"player": 0, "kind": "team", "characters": ["volt-wisp"]},
    {"player": 1, "kind": "team", "characters": ["gearback"]},
    {"player": 0, "kind": "start_die", "value": 5},
    {"player": 1, "kind": "start_die", "value": 1},
    {"player": 0, "kind": "attack", "character": "volt-wisp", "striker": False,
     "move": "spark-needle", "target": "gearback", "pay": None, "sacrifice": False},
    {"player": 1, "kind": "die", "value": 4},
    {"player": 1, "kind": "attack", "character": "gearback", "striker": False,
     "move": "meltdown", "target": "volt-wisp", "pay": None, "sacrifice": False},
    {"player": 0, "kind": "manual_move", "number": 3, "multiple": 2, "pay": None},
    {"player": 0, "kind": "attack", "character": "volt-wisp", "striker": False,
     "move": "finishing-bolt", "target": "gearback", "pay": "pp", "sacrifice": False},
    {"player": 1, "kind": "die", "value": 3},
]


def test_an_artobattlers_match_is_created_decided_read_and_exported(client, tokens):
    sk = tokens["scorekeeper"]
    names = [r["name"] for r in client.get("/api/rulesets").get_json()["rulesets"]]
    assert "artobattlers" in names
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
                                           "decisions": AS34[:4]}, headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()
    assert duel["ruleset"] == "artobattlers"
    prompt = client.get(f"/api/duels/{duel['id']}/prompt").get_json()["prompt"]
    assert (prompt["kind"], prompt["players"]) == ("turn_action", [0])
    version = duel["version"]
    for decision in AS34[4:]:
        resp = client.post(f"/api/duels/{duel['id']}/decisions", json=decision,
                           headers={**bearer(sk), "If-Match": f'"{version}"'})
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]
        if decision["kind"] == "attack" and decision["player"] == 1:
            # An illegal reply is refused with its reason and rule; nothing is stored.
            bad = client.post(f"/api/duels/{duel['id']}/decisions",
                              json={"player": 0, "kind": "manual_move", "number": 3,
                                    "multiple": 3, "pay": None},
                              headers={**bearer(sk), "If-Match": f'"{version}"'})
            assert bad.status_code == 422 and "A6.9" in bad.get_json()["rule"]
    state = client.get(f"/api/duels/{duel['id']}/state").get_json()
    vw = state["players"][0]["characters"]["volt-wisp"]
    gb = state["players"][1]["characters"]["gearback"]
    assert (state["over"], state["winner"], state["prompt"]) == (True, 0, None)
    assert (vw["life"], vw["power"], gb["status"], gb["life"]) == (100, 10, "destroyed", 0)
    record = client.get(f"/api/duels/{duel['id']}/record").get_json()
    assert record["ruleset"] == "artobattlers" and record["decisions"] == AS34
    assert verify_file(json.dumps(record))["winner"] == 0


def test_an_advance_play_setup_without_its_level_globe_total_is_refused_naming_the_field(
        client, tokens):
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": {
        **SETUP, "format": "advance_play"}}, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422
    assert "setup.level_globe_total" in json.dumps(resp.get_json())


def test_an_advance_play_side_attack_through_the_api(client, tokens):
    """AS31's first row over HTTP: the placement review, a side attack and its joining
    Direct Hit, read back as the state JSON a viewer shows (zones, life, PP, turn)."""
    sk = tokens["scorekeeper"]
    setup = {"format": "advance_play", "level_globe_total": 10,
             "characters": "artobattlers-sample-v1", "rulings": {},
             "players": [{"name": "P0"}, {"name": "P1"}]}
    start = [{"player": 0, "kind": "team", "characters": ["ember-knight", "gearback"]},
             {"player": 1, "kind": "team", "characters": ["mossjaw", "volt-wisp"]},
             {"player": 0, "kind": "placement", "battle_zone": ["ember-knight", "gearback"],
              "inactive_zone": []},
             {"player": 1, "kind": "placement", "battle_zone": ["mossjaw"],
              "inactive_zone": ["volt-wisp"]},
             {"player": 0, "kind": "start_die", "value": 1},
             {"player": 1, "kind": "start_die", "value": 6}]
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1",
                                           "ruleset": "artobattlers", "setup": setup,
                                           "decisions": start}, headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()
    prompt = client.get(f"/api/duels/{duel['id']}/prompt").get_json()["prompt"]
    assert (prompt["kind"], prompt["players"]) == ("placement", [1])
    version = duel["version"]
    lead = {"character": "mossjaw", "move": "thorn-volley", "pay": "lp", "sacrifice": False}
    joining = {"character": "volt-wisp", "move": "static-lash", "pay": None,
               "sacrifice": False}
    turn = [{"player": 1, "kind": "placement", "battle_zone": ["mossjaw", "volt-wisp"],
             "inactive_zone": []},
            {"player": 1, "kind": "side_attack", "target": "ember-knight", "lead": lead,
             "joining": joining},
            {"player": 0, "kind": "die", "value": 2}]
    for decision in turn:
        resp = client.post(f"/api/duels/{duel['id']}/decisions", json=decision,
                           headers={**bearer(sk), "If-Match": f'"{version}"'})
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]
    state = client.get(f"/api/duels/{duel['id']}/state").get_json()
    p0, p1 = state["players"]
    assert (state["format"], state["turn"], state["player_to_act"]) == ("advance_play", 2, 0)
    assert p1["battle_zone"] == ["mossjaw", "volt-wisp"] and p1["inactive_zone"] == []
    assert p0["characters"]["ember-knight"]["life"] == 250
    assert p1["characters"]["volt-wisp"]["power"] == 70
    assert p1["characters"]["mossjaw"]["life"] == 240
    assert state["prompt"]["kind"] == "placement"
    bad = client.post(f"/api/duels/{duel['id']}/decisions",
                      json={"player": 0, "kind": "attack", "character": "gearback",
                            "move": "steam-burst", "target": "volt-wisp"},
                      headers={**bearer(sk), "If-Match": f'"{version}"'})
    assert bad.status_code == 422 and bad.get_json()["rule"] == "A21.4"  # review first
