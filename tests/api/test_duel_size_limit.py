"""A duel's size is bounded (issue 27, item 11): a decision, a fork or an import that would
take a duel past ``MAX_DUEL_EVENTS`` gets 413 naming the limit and stores nothing; larger
duels already stored still load."""

from __future__ import annotations

from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from tests.api.conftest import bearer, partial_record, played_record


def client_with(store: JudgeApp, limit: int):
    return create_app({"STORE": store, "TESTING": True, "MAX_DUEL_EVENTS": limit}).test_client()


def test_an_import_past_the_limit_is_refused_and_nothing_stored() -> None:
    store = JudgeApp(db=":memory:")
    token = create_token(store, "scorekeeper", "Sam")
    client = client_with(store, 50)
    resp = client.post("/api/duels", json=played_record(), headers=bearer(token))
    assert resp.status_code == 413
    body = resp.get_json()
    assert body["limit"] == 50 and "at most 50 events (MAX_DUEL_EVENTS)" in body["detail"]
    assert client.get("/api/duels").get_json()["total"] == 0
    store.close()


def test_a_decision_past_the_limit_is_refused_and_the_duel_stays_as_stored() -> None:
    store = JudgeApp(db=":memory:")
    token = create_token(store, "scorekeeper", "Sam")
    made = store.create_duel(partial_record(6))
    at = store.record(made.duel_id).events_count
    client = client_with(store, at)  # exactly full: the next decision would pass it
    duel = str(made.duel_id)
    decision = played_record()["decisions"][6]
    resp = client.post(f"/api/duels/{duel}/decisions", json=decision,
                       headers={**bearer(token), "If-Match": f'"{at}"'})
    assert resp.status_code == 413 and resp.get_json()["limit"] == at
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert state["event"] == at and store.record(made.duel_id).events_count == at
    resp = client.post(f"/api/duels/{duel}/forks", json={"at": at},
                       headers=bearer(create_token(store, "judge", "Jo")))
    assert resp.status_code == 201  # a fork of exactly the limit is within it
    store.close()


def test_a_fork_past_the_limit_is_refused_and_larger_duels_still_load() -> None:
    store = JudgeApp(db=":memory:")
    made = store.create_duel(played_record())  # stored before the limit was lowered
    size = store.record(made.duel_id).events_count
    judge = create_token(store, "judge", "Jo")
    client = client_with(store, size - 10)
    assert client.get(f"/api/duels/{made.duel_id}/state").status_code == 200
    resp = client.post(f"/api/duels/{made.duel_id}/forks", json={"at": size},
                       headers=bearer(judge))
    assert resp.status_code == 413 and resp.get_json()["limit"] == size - 10
    assert client.get("/api/duels").get_json()["total"] == 1
    store.close()
