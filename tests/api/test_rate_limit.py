"""Trust the record, item 5: a rate limit per token on writes and imports.

A token that writes faster than its bucket allows is refused with 429, a Retry-After and
nothing stored; another token, and every read, goes on as before."""

from __future__ import annotations

import pytest

from api.app import create_app
from api.auth import create_token
from tests.api.conftest import bearer, setup_record
from tests.api.test_api import error


@pytest.fixture
def limited(store):
    """An app whose writes allow a burst of 3 (then 1 a second) and imports a burst of 2."""
    app = create_app({"STORE": store, "TESTING": True, "WRITE_RATE": 1, "WRITE_BURST": 3,
                      "IMPORT_RATE": 0.5, "IMPORT_BURST": 2})
    return app.test_client(), store


def test_writes_beyond_the_burst_are_refused_and_nothing_is_stored(limited):
    client, store = limited
    sk, judge = (create_token(store, r, f"{r}-lee") for r in ("scorekeeper", "judge"))
    duel = client.post("/api/duels", json=setup_record(), headers=bearer(sk)).get_json()["id"]
    notes = f"/api/duels/{duel}/annotations"
    for k in range(3):
        resp = client.post(notes, json={"at": 0, "text": f"note {k}"}, headers=bearer(judge))
        assert resp.status_code == 201, resp.get_json()
    refused = client.post(notes, json={"at": 0, "text": "one too many"}, headers=bearer(judge))
    body = error(refused, 429, "too many writes", "nothing was stored")
    assert int(refused.headers["Retry-After"]) >= 1 and body["status"] == 429
    assert [n["text"] for n in client.get(notes).get_json()["annotations"]] == [
        "note 0", "note 1", "note 2"]
    for _ in range(10):  # reads are never limited
        assert client.get(notes, headers=bearer(judge)).status_code == 200
    head = create_token(store, "head_judge", "head-lee")  # another token has its own bucket
    assert client.post(notes, json={"at": 0, "text": "mine"},
                       headers=bearer(head)).status_code == 201


def test_imports_have_their_own_smaller_bucket(limited):
    client, store = limited
    sk = create_token(store, "scorekeeper", "sk-lee")
    for _ in range(2):
        assert client.post("/api/duels", json=setup_record(),
                           headers=bearer(sk)).status_code == 201
    error(client.post("/api/duels", json=setup_record(), headers=bearer(sk)), 429,
          "too many imports")
    assert client.get("/api/duels").get_json()["total"] == 2


def test_a_zero_rate_switches_a_limit_off(store):
    client = create_app({"STORE": store, "TESTING": True, "IMPORT_RATE": 0,
                         "IMPORT_BURST": 1}).test_client()
    sk = create_token(store, "scorekeeper", "sk-lee")
    for _ in range(4):
        assert client.post("/api/duels", json=setup_record(),
                           headers=bearer(sk)).status_code == 201
