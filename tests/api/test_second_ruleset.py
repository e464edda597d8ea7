"""A second game through the same store, API and CLI: ``test-race`` (tests/rulesets/race.py)
is created, decided, stepped through, forked, disputed, exported and verified exactly as a
BattleCON duel is, although nothing in events/ or api/ names it."""

from __future__ import annotations

import json
from uuid import UUID

import pytest

from api.cli import main as judge_cli
from events.app import JudgeApp
from events.export import verify_file, verify_log
from events.hashing import chain_hash
from events.projector import Projector
from judge import registry
from tests.api.conftest import bearer
from tests.rulesets.race import FORMAT, NAME

RACE = {"format": FORMAT, "ruleset": NAME, "players": [{"name": "Ada"}, {"name": "Bo"}],
        "target": 5}


def post(client, token, duel_id, decision, version):
    return client.post(f"/api/duels/{duel_id}/decisions", json=decision,
                       headers={**bearer(token), "If-Match": f'"{version}"'})


def test_the_registry_finds_the_test_ruleset_and_both_are_listed(client):
    assert registry.find(NAME).title.startswith("Race")
    names = [r["name"] for r in client.get("/api/rulesets").get_json()["rulesets"]]
    assert NAME in names and "battlecon-2014" in names
    detail = client.get(f"/api/rulesets/{NAME}").get_json()
    assert detail["record_format"] == FORMAT and detail["default"] is False
    assert client.get("/api/rulesets/chess").status_code == 404


def test_a_race_is_recorded_stepped_through_and_exported_over_http(client, tokens):
    sk = tokens["scorekeeper"]
    # The scorekeeper creates the race; the first prompt is the coin, entered as chance.
    resp = client.post("/api/duels", json={**RACE, "event": "club night"}, headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    duel = resp.get_json()
    assert duel["ruleset"] == NAME and duel["event"] == "club night"
    assert [p["name"] for p in duel["players"]] == ["Ada", "Bo"]
    prompt = client.get(f"/api/duels/{duel['id']}/prompt").get_json()["prompt"]
    assert (prompt["decider"], prompt["kind"], prompt["players"]) == ("chance", "coin", [])
    # The coin says Bo starts; then Bo 2, Ada 2, Bo 2, Ada 1, Bo 1: Bo reaches 5 and wins.
    version = duel["version"]
    for decision in ({"kind": "coin", "result": 1}, {"player": 1, "kind": "add", "amount": 2},
                     {"player": 0, "kind": "add", "amount": 2},
                     {"player": 1, "kind": "add", "amount": 2},
                     {"player": 0, "kind": "add", "amount": 1}):
        resp = post(client, sk, duel["id"], decision, version)
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]
    # An illegal decision is refused with the ruleset's reason and rule; nothing is stored.
    resp = post(client, sk, duel["id"], {"player": 0, "kind": "add", "amount": 2}, version)
    assert resp.status_code == 422 and resp.get_json()["rule"] == "race.2"
    resp = post(client, sk, duel["id"], {"player": 1, "kind": "add", "amount": 1}, version)
    assert resp.status_code == 201
    version = resp.get_json()["version"]
    rows = resp.get_json()["events"]
    assert [r["text"] for r in rows] == ["Bo adds 1.", "Bo adds 1: 5.", "Bo reaches 5 and wins."]
    state = client.get(f"/api/duels/{duel['id']}/state").get_json()
    assert (state["scores"], state["over"], state["winner"], state["prompt"]) == (
        [3, 5], True, 1, None)
    # State at any event and at the start of a round, and the index of rounds.
    at5 = client.get(f"/api/duels/{duel['id']}/state?at=5").get_json()
    assert at5["scores"] == [0, 2] and at5["prompt"]["players"] == [0]
    index = client.get(f"/api/duels/{duel['id']}/index").get_json()
    assert [(e["beat"], e["event"]) for e in index] == [(1, 3), (2, 8), (3, 13)]
    round2 = client.get(f"/api/duels/{duel['id']}/state?beat=2").get_json()
    assert round2["scores"] == [2, 2] and round2["round"] == 2
    # The record and the log export verify, and the record replays to the same end.
    record = client.get(f"/api/duels/{duel['id']}/record").get_json()
    assert record["ruleset"] == NAME and len(record["decisions"]) == 6
    assert verify_file(json.dumps(record))["winner"] == 1
    log = client.get(f"/api/duels/{duel['id']}/log").get_json()
    lines = [json.dumps(log["header"])] + [json.dumps(e) for e in log["events"]]
    assert verify_log(lines)["events"] == version == 16


def test_a_race_is_forked_disputed_and_corrected(client, tokens):
    sk, hj, jd = tokens["scorekeeper"], tokens["head_judge"], tokens["judge"]
    duel = client.post("/api/duels", json={**RACE, "decisions": [
        {"kind": "coin", "result": 0}, {"player": 0, "kind": "add", "amount": 2},
        {"player": 1, "kind": "add", "amount": 1}]}, headers=bearer(sk)).get_json()
    assert duel["players"] and duel["status"] == "in_progress"
    # A fork where the race waited for Bo's first addition.
    fork = client.post(f"/api/duels/{duel['id']}/forks", json={"at": 5},
                       headers=bearer(jd)).get_json()
    assert fork["parent"] == duel["id"] and fork["fork_at"] == 5 and fork["ruleset"] == NAME
    fork_state = client.get(f"/api/duels/{fork['id']}/state").get_json()
    assert fork_state["scores"] == [2, 0] and fork_state["prompt"]["players"] == [1]
    # A judge disputes Bo's score; the head judge overturns it and corrects it to 2.
    dispute = client.post(f"/api/duels/{duel['id']}/disputes", json={
        "at": 7, "claim": "Bo added 2, not 1."}, headers=bearer(jd)).get_json()
    resp = client.post(f"/api/disputes/{dispute['id']}/resolution", json={
        "outcome": "overturned", "ruling": "Bo added 2.", "rule": "race.2",
        "correction": {"players": {"1": {"score": 2}}}}, headers=bearer(hj))
    assert resp.status_code in (200, 201), resp.get_json()
    state = client.get(f"/api/duels/{duel['id']}/state").get_json()
    assert state["scores"] == [2, 2] and state["prompt"]["players"] == [0]
    record = client.get(f"/api/duels/{duel['id']}/record").get_json()
    assert record["decisions"][-1]["kind"] == "correction"
    log = client.get(f"/api/duels/{duel['id']}/log", headers=bearer(hj)).get_json()
    assert verify_file(json.dumps(log))["events"] == len(
        client.get(f"/api/duels/{duel['id']}/events").get_json()["events"])
    # a record is not signed: it verifies, naming the correction only the log vouches for
    assert verify_file(json.dumps(record))["corrections"] == [len(record["decisions"]) - 1]


def test_a_malformed_race_is_422_naming_the_field(client, tokens):
    resp = client.post("/api/duels", json={**RACE, "target": 0},
                       headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422 and "target" in resp.get_json()["errors"]
    resp = client.post("/api/duels", json={**RACE, "ruleset": "chess"},
                       headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422 and "ruleset" in resp.get_json()["errors"]


def test_a_race_in_a_sqlite_store_survives_a_restart(tmp_path):
    db = str(tmp_path / "races.sqlite")
    store = JudgeApp(db=db)
    duel = store.create_duel({**RACE, "decisions": [{"kind": "coin", "result": 0}]})
    store.decide(duel.duel_id, {"player": 0, "kind": "add", "amount": 2}, expected=duel.version)
    store.close()
    again = JudgeApp(db=db)  # another process would load it the same way
    try:
        state = Projector(again).state_at(duel.duel_id)
        assert state["scores"] == [2, 0] and state["turn"] == 1
        assert again.record(duel.duel_id).duel.outcome is None
    finally:
        again.close()


def test_the_cli_replays_exports_and_verifies_a_race(tmp_path, capsys):
    record = tmp_path / "race.json"
    record.write_text(json.dumps({**RACE, "decisions": [
        {"kind": "coin", "result": 0}, {"player": 0, "kind": "add", "amount": 2}]}))
    assert judge_cli(["replay", str(record)]) == 0
    assert "Ada adds 2: 2. [race.2]" in capsys.readouterr().out
    assert judge_cli(["replay", str(record), "--at", "4"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == [0, 0]
    db = str(tmp_path / "s.sqlite")
    assert judge_cli(["import", str(record), "--db", db]) == 0
    duel_id = json.loads(capsys.readouterr().out)["id"]
    log = tmp_path / "race.log.jsonl"
    assert judge_cli(["export", duel_id, "--log", "-o", str(log), "--db", db]) == 0
    assert judge_cli(["verify", str(log), str(record)]) == 0
    assert capsys.readouterr().out.count(": ok (") == 2
    assert judge_cli(["import", str(log), "--db", str(tmp_path / "t.sqlite")]) == 0
    assert UUID(json.loads(capsys.readouterr().out)["id"])
    # Forged: Ada's addition made 3, the chain re-hashed: the re-judge names the event.
    header, *entries = [json.loads(line) for line in log.read_text().splitlines()]
    prev = header["hash"]
    for entry in entries:
        if entry["payload"].get("type") == "Added":
            entry["payload"]["amount"] = 3
        entry["prev"] = prev
        entry["hash"] = prev = chain_hash(prev, entry["n"], entry["kind"], entry["payload"],
                                          entry.get("by"))
    log.write_text("\n".join(json.dumps(e) for e in [header, *entries]) + "\n")
    assert judge_cli(["verify", str(log)]) == 1
    assert "FAILED: Event 5 is not what the rules produce" in capsys.readouterr().out


@pytest.fixture(autouse=True)
def _race_registered() -> None:
    """The test ruleset registers itself when tests.rulesets.race is imported (above)."""
    assert NAME in registry.names()


def test_a_battlecon_duel_starts_from_a_position_over_http(client, tokens):
    """A judge reconstructs a duel that was not logged from its start (the older layout)."""
    from tests.judge.test_position import older_layout

    record = {"format": "battlecon-record/1", "position": older_layout()}
    resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 201, resp.get_json()
    state = client.get(f"/api/duels/{resp.get_json()['id']}/state").get_json()
    assert [p["space"] for p in state["players"]] == [2, 6]
    assert state["prompt"]["kind"] == "attack_pair"
    bad = {**record, "position": {**record["position"], "beat": 16}}
    resp = client.post("/api/duels", json=bad, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422 and "position" in resp.get_json()["errors"]
    assert "position.beat" in resp.get_json()["detail"]
