"""Issue 27, item 10: requests the OpenAPI document declared valid were refused. Each
mismatch schemathesis found (tests/api/test_openapi_schemathesis.py, every phase, every
store), with the side that changed:

- an empty (or any non-numeric) If-Match: the document now gives the versions the service
  takes as a pattern (document);
- text no store can hold (NUL, a lone surrogate), in any body value or key or query
  argument: the document's description says so, as JSON Schema cannot (document);
- a null among a record's ``options`` or a correction's values: refused by the API's
  validation before the ruleset saw it; now the ruleset judges it, naming the rule
  (service);
- a correction's ``players`` keyed other than "0" and "1": the document names the two
  keys (document);
- a correction naming none of ``changes``, ``players``, ``characters``: the document says
  one is required (``anyOf``) (document);
- a resolution or a comment on a dispute already resolved: 422 (as clients and
  tests/api/test_api.py have long had it), while the document's 409 said "or the dispute
  was already resolved": the 409 no longer says so, the description's 422 does (document);
- a new duel that mixes a record's fields with a log's ``header`` or ``events`` (found once
  logs could be imported, issue 28): the document says a body is a record or a log
  (``anyOf``), as the service takes it (document).
"""

from __future__ import annotations

import re

import pytest
from jsonschema import Draft4Validator

from tests.api.conftest import bearer, create, partial_record, setup_record
from tests.api.test_api import decide


@pytest.fixture
def document(client) -> dict:
    return client.get("/api/openapi.json").get_json()


def if_match(document: dict, path: str) -> dict:
    params = document["paths"][path]["post"]["parameters"]
    return next(p for p in params if p["name"] == "If-Match")["schema"]


@pytest.mark.parametrize("value", ["", "abc", "W/", "\"\"", "1.5", "-1"])
def test_an_if_match_the_document_calls_invalid_is_refused(client, tokens, document, value):
    pattern = if_match(document, "/api/duels/{duel_id}/decisions")["pattern"]
    assert not re.search(pattern, value)
    duel = create(client, tokens["scorekeeper"], setup_record())["id"]
    resp = decide(client, tokens["scorekeeper"], duel, {"player": 0, "kind": "pass"},
                  version=value)
    assert resp.status_code in (400, 428), resp.get_json()


@pytest.mark.parametrize("value", ["1", '"1"', 'W/"1"', "7", '"99"'])
def test_an_if_match_the_document_calls_valid_is_taken(client, tokens, document, value):
    for path in ("/api/duels/{duel_id}/decisions", "/api/duels/{duel_id}/retractions"):
        assert re.search(if_match(document, path)["pattern"], value)
    duel = create(client, tokens["scorekeeper"], setup_record())
    prompt = client.get(f"/api/duels/{duel['id']}/prompt").get_json()["prompt"]
    resp = decide(client, tokens["scorekeeper"], duel["id"], prompt["options"][0],
                  version=value)
    assert resp.status_code == (201 if value.strip('W/"') == str(duel["version"]) else 409)


def test_the_document_says_which_text_no_store_holds(document):
    description = document["info"]["description"]
    assert "NUL" in description and "lone surrogate" in description


@pytest.mark.parametrize("options", [{"special_actions": None}, {"rulings": None}])
def test_a_null_option_is_the_rulesets_to_judge(client, tokens, options):
    record = setup_record()
    record["options"] = {**record["options"], **options}
    resp = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["rule"] == "record.options" and "may not be null" not in body["detail"]


@pytest.fixture
def dispute(client, tokens) -> str:
    duel = create(client, tokens["scorekeeper"], partial_record(30))["id"]
    resp = client.post(f"/api/duels/{duel}/disputes", json={"at": 3, "claim": "In range?"},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201
    return resp.get_json()["id"]


def resolve(client, tokens, dispute: str, **body) -> object:
    return client.post(f"/api/disputes/{dispute}/resolution", headers=bearer(
        tokens["head_judge"]), json={"outcome": "overturned", "ruling": "r", "rule": "R8",
                                     **body})


def test_a_null_in_a_correction_is_the_rulesets_to_judge(client, tokens, dispute):
    resp = resolve(client, tokens, dispute, correction={"players": {"0": {"life": None}}})
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["rule"] == "R14.8" and "life cannot be None" in body["detail"]


def test_the_document_names_the_players_a_correction_keys(client, tokens, document,
                                                          dispute):
    players = document["components"]["schemas"]["PlayersCorrection"]
    assert set(players["properties"]) == {"0", "1"}
    assert players["additionalProperties"] is False
    resp = resolve(client, tokens, dispute, correction={"players": {"2": {"life": 3}}})
    assert resp.status_code == 422 and "2" in resp.get_json()["errors"]["correction"]["players"]


def test_the_document_says_a_correction_names_what_it_changes(client, tokens, document,
                                                               dispute):
    required = document["components"]["schemas"]["Correction"]["anyOf"]
    assert {tuple(r["required"]) for r in required} == {("changes",), ("players",),
                                                         ("characters",)}
    resp = resolve(client, tokens, dispute, correction={"reopens": True})
    assert resp.status_code == 422
    assert "names its changes" in str(resp.get_json()["errors"])


def test_a_resolved_dispute_answers_as_its_document_says(client, tokens, document, dispute):
    conflict = document["components"]["responses"]["CONFLICT"]["description"]
    assert "already resolved is a 422" in conflict
    assert "a dispute already resolved" in document["info"]["description"]
    assert resolve(client, tokens, dispute, outcome="upheld").status_code == 201
    again = resolve(client, tokens, dispute, outcome="upheld")
    assert again.status_code == 422 and "already resolved" in again.get_json()["detail"]
    comment = client.post(f"/api/disputes/{dispute}/comments", json={"text": "But..."},
                          headers=bearer(tokens["judge"]))
    assert comment.status_code == 422 and "no more comments" in comment.get_json()["detail"]


@pytest.mark.parametrize("body, valid", [
    ({"format": "battlecon-2014/1", "decisions": []}, True),
    ({"header": {}, "events": []}, True),
    ({"format": "battlecon-2014/1", "header": {}}, False),
    ({"decisions": [], "events": [], "header": {}}, False),
    ({"header": {}}, False),
    ({"players": []}, False),
])
def test_a_new_duel_is_a_record_or_a_log_in_the_document_as_in_the_service(
        client, tokens, document, body, valid):
    """The document's ``DuelCreate`` says what the service's ``_a_record_or_a_log`` takes."""
    schema = {**document["components"]["schemas"]["DuelCreate"],
              "components": document["components"]}
    assert Draft4Validator(schema).is_valid(body) is valid
    if not valid:
        resp = client.post("/api/duels", json=body, headers=bearer(tokens["head_judge"]))
        assert resp.status_code == 422, resp.get_json()
