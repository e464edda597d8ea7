"""Trust the record, item 4: every decision and correction carries who entered it (the
token's name and role) and when, inside its hash (log version 2); release 1's logs, whose
decisions carry none, still verify."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from events.errors import IntegrityCheckError
from events.export import LOG_FORMAT, verify_file
from events.hashing import chain_hash
from tests.api.conftest import bearer, create, holder, partial_record
from tests.api.test_api import decide


def log_of(client, token, duel) -> dict:
    return client.get(f"/api/duels/{duel}/log", headers=bearer(token)).get_json()


def test_each_decision_carries_its_name_role_and_time_in_its_hash(client, tokens):
    duel = create(client, tokens["scorekeeper"], partial_record(6))["id"]
    prompt = client.get(f"/api/duels/{duel}/prompt").get_json()
    resp = decide(client, tokens["head_judge"], duel, prompt["prompt"]["options"][0],
                  version=prompt["event"])
    assert resp.status_code == 201
    log = log_of(client, tokens["judge"], duel)
    assert log["header"]["format"] == LOG_FORMAT == "battlecon-log/2"
    decisions = [e for e in log["events"] if e["kind"] == "decision"]
    assert [(d["by"]["name"], d["by"]["role"]) for d in decisions] == \
        [(holder("scorekeeper"), "scorekeeper")] * 6 + [(holder("head_judge"), "head_judge")]
    for d in decisions:
        assert datetime.fromisoformat(d["by"]["at"]).tzinfo is not None
        assert d["hash"] == chain_hash(d["prev"], d["n"], "decision", d["payload"], d["by"])
    assert all("by" not in e for e in log["events"] if e["kind"] == "fact")
    rows = client.get(f"/api/duels/{duel}/events").get_json()["events"]
    assert [r["by"] for r in rows if r["type"] == "Decision"] == [d["by"] for d in decisions]
    assert verify_file(json.dumps(log))["events"] == len(log["events"])


@pytest.mark.parametrize("field, value", [("name", "someone-else"), ("role", "head_judge"),
                                          ("at", "2020-01-01T00:00:00.000000+00:00")])
def test_changing_who_or_when_breaks_the_chain(client, tokens, field, value):
    duel = create(client, tokens["scorekeeper"], partial_record(4))["id"]
    log = log_of(client, tokens["judge"], duel)
    first = next(e for e in log["events"] if e["kind"] == "decision")
    first["by"][field] = value
    with pytest.raises(IntegrityCheckError, match=f"Event {first['n']} was altered"):
        verify_file(json.dumps(log))


def test_a_head_judges_correction_carries_the_head_judge(client, tokens):
    duel = create(client, tokens["scorekeeper"], partial_record(6))["id"]
    dispute = client.post(f"/api/duels/{duel}/disputes", json={"at": 3, "claim": "Life."},
                          headers=bearer(tokens["judge"])).get_json()
    resp = client.post(f"/api/disputes/{dispute['id']}/resolution", json={
        "outcome": "overturned", "ruling": "One more life.", "rule": "R1",
        "correction": {"players": {"0": {"life": 19}}}}, headers=bearer(tokens["head_judge"]))
    assert resp.status_code in (200, 201), resp.get_json()
    log = log_of(client, tokens["judge"], duel)
    correction = [e for e in log["events"] if e["kind"] == "decision"][-1]
    assert correction["payload"]["kind"] == "correction"
    assert (correction["by"]["name"], correction["by"]["role"]) == (holder("head_judge"),
                                                                    "head_judge")
    assert verify_file(json.dumps(log))["events"] == len(log["events"])
