"""GET /api/duels/<id>/states (issue 29): every state of a window of events in one answer,
each exactly what ``/state?at=N`` answers the same reader, so the replay page steps without
a request and a face-down choice stays as hidden as it is today."""

from __future__ import annotations

import gzip
import json

import pytest

from api import schemas as S
from api.auth import create_token
from tests.api.conftest import bearer, create, partial_record
from tests.api.test_api import decide

READERS = ("anonymous", "other_scorekeeper", "judge", "scorekeeper")


@pytest.fixture
def readers(store, tokens) -> dict[str, str | None]:
    return {**tokens, "anonymous": None,
            "other_scorekeeper": create_token(store, "scorekeeper", "scorekeeper-kim")}


def lay_a_pair(client, token: str, duel: str) -> dict:
    """Decide the first option until a player lays an attack pair face down; that pair."""
    for _ in range(200):
        version = client.get(f"/api/duels/{duel}").get_json()["version"]
        prompt = client.get(f"/api/duels/{duel}/prompt").get_json()["prompt"]
        choice = prompt["options"][0]
        resp = decide(client, token, duel, choice, version=version)
        assert resp.status_code == 201, resp.get_json()
        if choice["kind"] == "attack_pair":
            return choice
    raise AssertionError("no attack pair was laid")


@pytest.fixture
def duel(client, tokens) -> tuple[str, dict]:
    """A duel some beats in, whose latest decision is a pair laid face down."""
    duel = create(client, tokens["scorekeeper"], partial_record(24))["id"]
    return duel, lay_a_pair(client, tokens["scorekeeper"], duel)


def states(client, token, path: str):
    resp = client.get(path, headers=bearer(token))
    assert resp.status_code == 200, resp.get_json()
    return resp


@pytest.mark.parametrize("reader", READERS)
def test_each_state_is_what_state_at_n_answers_that_reader(client, readers, duel, reader):
    duel_id, pair = duel
    token = readers[reader]
    resp = states(client, token, f"/api/duels/{duel_id}/states")
    body = resp.get_json()
    total = client.get(f"/api/duels/{duel_id}").get_json()["version"]
    assert (body["from"], body["to"], body["total"]) == (0, total, total)
    assert resp.headers["ETag"] == f'"{total}"'
    assert len(body["states"]) == total + 1
    for n in range(total + 1):
        one = client.get(f"/api/duels/{duel_id}/state?at={n}", headers=bearer(token))
        assert body["states"][n] == one.get_json(), f"event {n}"
    laid = body["states"][-1]["players"][pair["player"]]["attack_pair"]
    if reader in ("anonymous", "other_scorekeeper"):
        assert laid == {"revealed": False, "hidden": True}
    else:  # the recorder and a judge see which pair: the comparison is not of equal nothings
        assert laid.get("hidden") is not True and pair["style"] in str(laid)


def test_a_window_is_a_slice_of_the_whole(client, readers, duel):
    duel_id, _ = duel
    whole = states(client, None, f"/api/duels/{duel_id}/states").get_json()
    part = states(client, None, f"/api/duels/{duel_id}/states?from=5&to=9").get_json()
    assert (part["from"], part["to"], part["total"]) == (5, 9, whole["total"])
    assert part["states"] == whole["states"][5:10]
    tail = states(client, None, f"/api/duels/{duel_id}/states?from={whole['total']}").get_json()
    assert [s["event"] for s in tail["states"]] == [whole["total"]]


def test_long_duels_come_in_windows(client, duel, monkeypatch):
    duel_id, _ = duel
    monkeypatch.setattr(S, "MAX_STATES", 10)
    first = states(client, None, f"/api/duels/{duel_id}/states").get_json()
    assert (first["from"], first["to"]) == (0, 9) and first["total"] > 9
    resp = client.get(f"/api/duels/{duel_id}/states?from=0&to=10")
    assert resp.status_code == 422 and "windows" in resp.get_json()["detail"]


@pytest.mark.parametrize(("query", "status", "words"), [
    ("from=999", 404, "Event 999 does not exist"),
    ("to=999", 404, "Event 999 does not exist"),
    ("from=6&to=5", 422, "comes before"),
    ("from=-1", 422, "from"),
    ("to=x", 422, "to"),
])
def test_bad_windows_are_refused_with_a_reason(client, duel, query, status, words):
    duel_id, _ = duel
    resp = client.get(f"/api/duels/{duel_id}/states?{query}")
    assert resp.status_code == status
    assert words in str(resp.get_json())


def test_an_unknown_duel_is_404(client):
    resp = client.get("/api/duels/00000000-0000-4000-8000-000000000000/states")
    assert resp.status_code == 404


def test_a_client_that_accepts_gzip_gets_the_same_states_compressed(client, duel):
    duel_id, _ = duel
    plain = client.get(f"/api/duels/{duel_id}/states")
    client.check_schema = False  # the conformance check reads bodies as text: checked above
    packed = client.get(f"/api/duels/{duel_id}/states", headers={"Accept-Encoding": "gzip"})
    assert packed.status_code == 200 and packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.data) * 5 < len(plain.data)
    assert json.loads(gzip.decompress(packed.data)) == plain.get_json()
    assert "Content-Encoding" not in plain.headers
