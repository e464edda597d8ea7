"""An ART O BATTLERS match through the store and the API: created from a record, decided
over HTTP, its state read, its record exported and replayed (AS34 of scenarios.md)."""

from __future__ import annotations

import json
from pathlib import Path

from events.export import verify_file
from tests.api.conftest import bearer

GOLDEN = Path(__file__).parents[1] / "artobattlers" / "golden"
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


def _decision_rows(client, duel_id: str) -> dict[int, str]:
    rows = client.get(f"/api/duels/{duel_id}/events?limit=1000").get_json()["events"]
    return {r["event"]: r["text"] for r in rows if r["type"] == "Decision"}


def _narrated_decisions(golden: str) -> dict[int, str]:
    """The narrative's decision lines ("  15  > P1 answers with a die: …") by event."""
    lines = (GOLDEN / golden).read_text().splitlines()
    return {int(line.split(">", 1)[0]): line.split("> ", 1)[1] for line in lines
            if line[6:8] == "> "}


def test_the_event_list_says_what_a_reply_die_means_as_the_narrative_does(client, tokens):
    """AS34 logged over HTTP: each decision's row in /events reads as the narrative's line,
    the reply die with its reading on the target's chart (A4.2), the manual move with its
    kind."""
    sk = tokens["scorekeeper"]
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1",
                                           "ruleset": "artobattlers", "setup": SETUP,
                                           "decisions": AS34[:4]}, headers=bearer(sk))
    duel = resp.get_json()
    version = duel["version"]
    for decision in AS34[4:]:
        resp = client.post(f"/api/duels/{duel['id']}/decisions", json=decision,
                           headers={**bearer(sk), "If-Match": f'"{version}"'})
        version = resp.get_json()["version"]
    rows = _decision_rows(client, duel["id"])
    assert rows[15] == "P1 answers with a die: 4 — a Hit on the STAY chart: the full DP (A4.4)."
    assert rows[24] == "P0 answers with manual move 3 (Nullify) ×2."
    assert rows[35] == ("P1 answers with a die: 3 — a Resist on the STAY chart: half the DP "
                        "(A4.6).")
    assert rows == _narrated_decisions("as34.txt")


def test_the_event_list_of_an_advance_play_match_reads_as_its_narrative(client, tokens):
    """The golden Advance Play match imported whole: a review that keeps the layout says so,
    and every die says its reading, as `judge replay` does."""
    record = json.loads((GOLDEN / "advance-play-side-attacks.json").read_text())
    resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201, resp.get_json()
    rows = _decision_rows(client, resp.get_json()["id"])
    narrated = _narrated_decisions("advance-play-side-attacks.txt")
    assert rows[16].startswith("Ben keeps the layout: Ember Knight and Ember Knight #2")
    assert any(" — a " in text and "chart" in text for text in rows.values())
    assert rows == narrated


def test_teaching_mode_asks_what_a_reply_die_does_before_its_row_tells_it(client, tokens):
    """The die's row says its reading (above), so the question is asked on that row, not on
    the DieRolled fact after it: a 4 against Spark Needle on Gearback's STAY chart is a Hit,
    a 3 against Finishing Bolt a Resist (A4.2, A4.6)."""
    record = {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
              "decisions": AS34}
    resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    rows = client.get(f"/api/duels/{resp.get_json()['id']}/events?limit=1000").get_json()[
        "events"]
    asked = {r["event"]: r["question"] for r in rows if "question" in r}
    assert sorted(asked) == [15, 35]  # the two reply dice, nothing else
    first = asked[15]
    assert first["text"] == ("P1 rolls a 4 on the STAY chart against Spark Needle: does this "
                             "reply hit, defend, resist, escape or counter?")
    assert [a["label"] for a in first["answers"]] == ["Hit", "Defense", "Resist", "Escape",
                                                      "Counterattack"]
    assert [a["label"] for a in first["answers"] if a["right"]] == ["Hit"]
    assert [a["label"] for a in asked[35]["answers"] if a["right"]] == ["Resist"]
    assert rows[15]["type"] == "DieRolled" and "question" not in rows[15]


# --- described decisions (issue 27 item 12) ------------------------------------------------


def one_globe_setup(n: int) -> dict:
    """Advance Play with ``n`` level globes a side and one-globe copies of two samples."""
    from tests.artobattlers.test_harness_cards import card
    chars = [card("volt-wisp", "wisp-one", level_globes=1),
             card("gearback", "gear-one", level_globes=1)]
    return {"format": "advance_play", "level_globe_total": n, "characters": chars,
            "rulings": {}, "players": [{"name": "Ana"}, {"name": "Ben"}]}


def test_a_described_placement_is_served_refused_with_its_rule_and_recorded(stored_client):
    """40 one-globe characters a side: the prompt describes the layouts (2^40 - 1) in a few
    kB; a placement that leaves a character out is refused with 422, reason and rule, and
    nothing is stored; a legal one is recorded and read back."""
    client, sk = stored_client
    teams = [{"player": 0, "kind": "team", "characters": ["wisp-one"] * 40},
             {"player": 1, "kind": "team", "characters": ["gear-one"] * 40}]
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1",
                                           "ruleset": "artobattlers", "setup": one_globe_setup(40),
                                           "decisions": teams}, headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    duel, version = resp.get_json()["id"], resp.get_json()["version"]
    got = client.get(f"/api/duels/{duel}/prompt")
    assert len(got.data) < 100_000
    prompt = got.get_json()["prompt"]
    assert prompt["kind"] == "placement" and prompt["options"] == []
    (mine, _), ids = prompt["described"], [f"wisp-one#{n}" for n in range(2, 41)]
    assert mine["count"] == 2 ** 40 - 1 and mine["fields"]["battle_zone"]["of"][:2] == [
        "wisp-one", "wisp-one#2"]
    headers = {**bearer(sk), "If-Match": f'"{version}"'}
    bad = client.post(f"/api/duels/{duel}/decisions", headers=headers, json={
        "player": 0, "kind": "placement", "battle_zone": ["wisp-one"], "inactive_zone": ids[1:]})
    assert bad.status_code == 422
    assert bad.get_json()["rule"] == "A21.3" and "once" in bad.get_json()["detail"]
    assert client.get(f"/api/duels/{duel}").headers["ETag"] == f'"{version}"'
    good = client.post(f"/api/duels/{duel}/decisions", headers=headers, json={
        "player": 0, "kind": "placement", "battle_zone": ["wisp-one"], "inactive_zone": ids})
    assert good.status_code == 201, good.get_json()
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert state["players"][0]["battle_zone"] == ["wisp-one"]
    assert len(state["players"][0]["inactive_zone"]) == 39
    record = client.get(f"/api/duels/{duel}/record").get_json()
    assert record["decisions"][-1]["inactive_zone"] == ids


def test_the_openapi_document_describes_described_prompts(client):
    spec = client.get("/api/openapi.json").get_json()
    prompt = spec["components"]["schemas"]["Prompt"]["properties"]
    assert prompt["described"]["type"] == "array"
    described = spec["components"]["schemas"]["Described"]["properties"]
    assert {"kind", "count", "fields", "constraints", "rule"} <= set(described)
