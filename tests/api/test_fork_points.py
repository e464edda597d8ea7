"""GET /api/duels/{id}/fork-points (issue 28, item 4): exactly the events where
POST .../forks accepts a fork, and, while a face-down pair is unrevealed, where a fork moves
back to and why; on both stores."""

from __future__ import annotations

import pytest

from tests.api.conftest import bearer

# Beat 1 from the standard opening, then Ana's beat-2 pair laid face down (not revealed).
DECISIONS = [{"player": 0, "kind": "attack_pair", "style": "advancing", "base": "strike"},
             {"player": 1, "kind": "attack_pair", "style": "lure", "base": "strike"},
             {"player": 0, "kind": "ante", "token": "earth"},
             {"player": 1, "kind": "ante", "token": None},
             {"player": 0, "kind": "attack_pair", "style": "advancing", "base": "drive"}]


@pytest.fixture(params=["sqlite", "postgres"])
def stored(request, tmp_path):
    """The API on a SQLite file, then on a PostgreSQL schema of its own; a judge's and a
    scorekeeper's token."""
    from api.app import create_app
    from api.auth import create_token
    from tests.api.conftest import CheckedClient
    from tests.events.conftest import open_store

    stores = open_store(request.param, tmp_path)
    store = next(stores)
    app = create_app({"STORE": store.app(), "TESTING": True})
    app.test_client_class = CheckedClient
    yield app.test_client(), {role: create_token(store.app(), role, f"{role}-t")
                              for role in ("judge", "scorekeeper")}
    stores.close()


def record(decisions: list[dict]) -> dict:
    return {"format": "battlecon-record/1", "options": {"rulings": {}},
            "players": [{"name": "Ana", "fighter": "hikaru"},
                        {"name": "Ben", "fighter": "khadath"}],
            "decisions": decisions}


def test_fork_points_are_where_a_fork_is_accepted(stored):
    client, tokens = stored
    made = client.post("/api/duels", json=record(DECISIONS[:3]),
                       headers=bearer(tokens["scorekeeper"]))
    assert made.status_code == 201, made.get_json()
    duel = made.get_json()["id"]
    found = client.get(f"/api/duels/{duel}/fork-points").get_json()
    assert found["moved"] is None
    assert found["points"][-1] == found["total"]
    assert len(found["points"]) < found["total"] + 1  # a beat's resolution is not a point
    for n in range(found["total"] + 1):
        resp = client.post(f"/api/duels/{duel}/forks", json={"at": n},
                           headers=bearer(tokens["judge"]))
        assert (resp.status_code == 201) == (n in found["points"]), (n, resp.get_json())
        if resp.status_code != 201:
            assert resp.status_code == 422
            assert "in the middle of resolving a decision" in resp.get_json()["detail"]


def test_a_fork_after_an_unrevealed_pair_moves_where_fork_points_says(stored):
    client, tokens = stored
    made = client.post("/api/duels", json=record(DECISIONS[:1]),
                       headers=bearer(tokens["scorekeeper"]))
    assert made.status_code == 201, made.get_json()
    duel = made.get_json()["id"]
    found = client.get(f"/api/duels/{duel}/fork-points").get_json()
    moved = found["moved"]
    assert moved["from"] == moved["at"] + 1 and moved["at"] in found["points"]
    assert f"Event {moved['from']} is a secret choice the duel has not revealed yet" in moved["reason"]
    # What the pair was is not said, to anyone.
    assert "advancing" not in str(found) and "strike" not in str(found)
    resp = client.post(f"/api/duels/{duel}/forks", json={"at": found["total"]},
                       headers=bearer(tokens["judge"]))
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["fork_at"] == moved["at"]
    assert resp.get_json()["fork_moved"]["reason"] == moved["reason"]


def test_fork_points_of_no_such_duel_is_404(stored):
    client, _ = stored
    resp = client.get("/api/duels/00000000-0000-0000-0000-000000000000/fork-points")
    assert resp.status_code == 404
    assert "No duel" in resp.get_json()["detail"]
