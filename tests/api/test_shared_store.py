"""Two API instances on one SQLite file, as two ``judge serve`` processes (or ``--workers``)
are: what one acknowledges, the other's reads of "now" show at once; decisions recorded
through either are stored exactly once. And the state bodies the projector keeps encoded
are the ones the schema would give.
"""

from __future__ import annotations

import pytest

from api import schemas as S
from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from judge.battlecon import Duel
from tests.api.conftest import (
    CheckedClient,
    bearer,
    create,
    engine_state,
    partial_record,
    setup_record,
)


@pytest.fixture
def pair(tmp_path):
    """Two Flask apps, each with its own JudgeApp on the same file, and a scorekeeper token."""
    db = str(tmp_path / "shared.db")
    stores = [JudgeApp(db=db), JudgeApp(db=db)]
    token = create_token(stores[0], "scorekeeper", "tablet")
    clients = []
    for store in stores:
        app = create_app({"STORE": store, "TESTING": True})
        app.test_client_class = CheckedClient
        clients.append(app.test_client())
    yield clients, token
    for store in stores:
        store.close()


def now(client, duel_id) -> tuple[int, dict]:
    resp = client.get(f"/api/duels/{duel_id}/prompt")
    assert resp.status_code == 200
    return int(resp.headers["ETag"].strip('"')), resp.get_json()


def test_writes_through_either_instance_are_read_at_once_by_the_other(pair):
    (one, two), token = pair
    duel_id = create(one, token, setup_record())["id"]
    duel = Duel.from_record(setup_record())
    clients = [one, two]
    for step in range(30):
        writer, reader = clients[step % 2], clients[(step + 1) % 2]
        version, body = now(writer, duel_id)
        assert version == len(duel.events)
        decision = body["prompt"]["options"][step % len(body["prompt"]["options"])]
        resp = writer.post(f"/api/duels/{duel_id}/decisions", json=decision,
                           headers={**bearer(token), "If-Match": f'"{version}"',
                                    "Idempotency-Key": f"k{step}"})
        assert resp.status_code == 201, resp.get_json()
        duel.decide(decision)
        # The other instance, which last saw the duel a decision ago, answers the new version.
        version, _ = now(reader, duel_id)
        assert version == len(duel.events) == resp.get_json()["version"]
        got = reader.get(f"/api/duels/{duel_id}/state", headers=bearer(token)).get_json()
        assert got == engine_state(duel)
        # A retry through the other instance is a replay, not a second decision.
        again = reader.post(f"/api/duels/{duel_id}/decisions", json=decision,
                            headers={**bearer(token), "If-Match": f'"{version - 1}"',
                                     "Idempotency-Key": f"k{step}"})
        assert again.status_code in (200, 409), again.get_json()
    # Read as the scorekeeper who entered them: an anonymous reader gets the record only
    # up to a pair still face down (hidden information).
    record = two.get(f"/api/duels/{duel_id}/record", headers=bearer(token)).get_json()
    assert record["decisions"] == duel.decisions


def test_a_stale_if_match_through_the_other_instance_is_a_conflict(pair):
    (one, two), token = pair
    duel_id = create(one, token, partial_record(10))["id"]
    version, body = now(two, duel_id)
    decision = body["prompt"]["options"][0]
    resp = one.post(f"/api/duels/{duel_id}/decisions", json=decision,
                    headers={**bearer(token), "If-Match": f'"{version}"'})
    assert resp.status_code == 201
    late = two.post(f"/api/duels/{duel_id}/decisions", json=decision,
                    headers={**bearer(token), "If-Match": f'"{version}"'})
    assert late.status_code == 409
    assert late.get_json()["current_version"] == resp.get_json()["version"]


def test_state_bodies_are_the_schemas_dump_every_time(client, tokens, app):
    duel_id = create(client, tokens["scorekeeper"], partial_record(12))["id"]
    duel = Duel.from_record(partial_record(12))
    schema = S.StateSchema()
    judge = bearer(tokens["judge"])  # sees the face-down pairs, as the engine's state does
    with app.app_context():
        for n in [*range(len(duel.events) + 1), *range(len(duel.events) + 1), None]:
            query = "" if n is None else f"?at={n}"
            resp = client.get(f"/api/duels/{duel_id}/state{query}", headers=judge)
            assert resp.status_code == 200 and resp.mimetype == "application/json"
            expected = engine_state(duel, n)
            assert resp.get_json() == expected
            assert resp.data == app.json.response(schema.dump(expected)).get_data()
    # "now" moves on after a decision; the earlier answers stay as they were.
    decision = duel.prompt["options"][0]
    resp = client.post(f"/api/duels/{duel_id}/decisions", json=decision,
                       headers={**bearer(tokens["scorekeeper"]),
                                "If-Match": f'"{len(duel.events)}"'})
    assert resp.status_code == 201
    duel.decide(decision)
    assert client.get(f"/api/duels/{duel_id}/state", headers=judge).get_json() == engine_state(duel)
    for n in range(len(duel.events) + 1):
        assert client.get(f"/api/duels/{duel_id}/state?at={n}", headers=judge).get_json() == \
            engine_state(duel, n)
