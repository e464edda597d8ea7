"""Trust the record, item 6 (in part): small defects a probe of the service found."""

from __future__ import annotations

import pytest

from api.app import create_app
from tests.api.conftest import bearer, create, partial_record
from tests.api.test_api import decide, error, first_option


@pytest.mark.parametrize("header", ["²", "٣", '"1²"'])
def test_a_non_ascii_digit_in_if_match_is_a_400_not_a_500(client, tokens, header):
    mid = create(client, tokens["scorekeeper"], partial_record(5))["id"]
    error(decide(client, tokens["scorekeeper"], mid, first_option(client, mid), header), 400,
          "If-Match")


def test_health_does_not_count_duels_for_anonymous_callers_when_reading_is_closed(store,
                                                                                  tokens):
    client = create_app({"STORE": store, "TESTING": True, "ANONYMOUS_READ": False}).test_client()
    assert client.get("/api/health").get_json() == {"status": "ok", "store": "memory",
                                                    "store_state": {"kind": "memory",
                                                                    "reachable": True,
                                                                    "writable": True}}
    seen = client.get("/api/health", headers=bearer(tokens["judge"])).get_json()
    assert seen["duels"] == 0


def test_every_response_says_nosniff_and_a_405_says_what_is_allowed(client):
    assert client.get("/api/health").headers["X-Content-Type-Options"] == "nosniff"
    client.check_schema = False
    resp = client.delete("/api/health")
    error(resp, 405)
    assert set(resp.headers["Allow"].replace(" ", "").split(",")) >= {"GET"}
    assert resp.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("labels, words", [
    ({f"k{i}": "x" for i in range(33)}, "at most 32 labels"),
    ({"table": "x" * 101}, "at most 100 characters"),
    ({"table": 3}, "invalid fields"),  # the API's schema refuses it first
])
def test_labels_are_bounded_and_textual(client, tokens, labels, words):
    error(client.post("/api/duels", json={**partial_record(3), "labels": labels},
                      headers=bearer(tokens["scorekeeper"])), 422, words)
    assert client.get("/api/duels").get_json()["total"] == 0


def test_judge_replay_and_verify_refuse_a_label_that_is_not_text(tmp_path):
    import json
    import subprocess

    from tests.serving import ROOT, child_env, judge_command

    path = tmp_path / "record.json"
    path.write_text(json.dumps({**partial_record(3), "labels": {"table": 3}}))
    for command, status in (("replay", 2), ("verify", 1)):
        done = subprocess.run([*judge_command(), command, str(path)], capture_output=True,
                              text=True, env=child_env(), timeout=60, cwd=ROOT)
        assert done.returncode == status, done
        assert "'table' must be a text" in done.stdout + done.stderr


def test_the_apis_log_verifies_with_judge_verify_and_a_change_in_it_is_caught(client, tokens,
                                                                             tmp_path):
    import json

    from events.export import verify_file

    mid = create(client, tokens["scorekeeper"], partial_record(12))["id"]
    log = client.get(f"/api/duels/{mid}/log").get_json()
    assert verify_file(json.dumps(log)) == {**verify_file(json.dumps(log)), "kind": "log",
                                            "events": len(log["events"])}
    log["events"][3]["payload"]["text"] = "Edited."
    with pytest.raises(Exception, match="event 4|Event 4"):
        verify_file(json.dumps(log))


def test_the_openapi_document_lists_the_error_answers(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    decisions = paths["/api/duels/{duel_id}/decisions"]["post"]["responses"]
    assert {"401", "403", "409", "422", "428"} <= set(decisions)
    assert decisions["403"] == {"$ref": "#/components/responses/FORBIDDEN"}
    assert "401" in paths["/api/duels"]["get"]["responses"]
    assert "403" not in paths["/api/duels"]["get"]["responses"]  # reading needs no role


def test_a_record_over_the_configured_size_is_a_413(store, tokens):
    client = create_app({"STORE": store, "TESTING": True,
                         "MAX_RECORD_BYTES": 4000}).test_client()
    record = partial_record(3)
    record["labels"] = {"note": "x" * 100}
    small = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert small.status_code == 201
    big = partial_record(60)
    resp = client.post("/api/duels", json=big, headers=bearer(tokens["scorekeeper"]))
    error(resp, 413, "at most 4000 bytes")
    assert client.get("/api/duels").get_json()["total"] == 1
