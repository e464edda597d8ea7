"""Fork points from the list model (issue 27, item 11): ``GET /api/duels?fork_points=true``
reads where each fork left its parent from the list's rows, never from the duels, and
gives what ``/variations`` says of each fork, as each reader may read it: for forks of
forks, after the parent retracted the decision the fork point stood in, for a legacy fork
made past a pair its parent still hides, and for a store an older release wrote (its rows
written again once). On SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.app import create_app
from api.auth import create_token
from events.app import JudgeApp
from events.listing import MODEL
from tests.api.conftest import bearer, partial_record, played_record
from tests.api.test_fork_variations import PAIRS, lure_record
from tests.events.conftest import Store, open_store

MOVE = played_record()["decisions"][8]  # Hikaru's move, after partial_record(8)


@pytest.fixture(params=["sqlite", "postgres"])
def shared(request, tmp_path: Path) -> Iterator[Store]:
    yield from open_store(request.param, tmp_path)


def serve(store: JudgeApp):
    return create_app({"STORE": store, "TESTING": True}).test_client()


def tokens_for(store: JudgeApp) -> dict[str, str]:
    return {role: create_token(store, role, f"{role}-ana")
            for role in ("scorekeeper", "judge", "head_judge")}


def listed(client, token: str | None = None) -> dict[str, dict]:
    resp = client.get("/api/duels?fork_points=true&page_size=200", headers=bearer(token))
    assert resp.status_code == 200, resp.get_json()
    return {d["id"]: d for d in resp.get_json()["items"]}


def assert_as_variations_say(client, token: str | None = None) -> dict[str, dict]:
    """Every fork listed carries exactly the ``left`` of its ``/variations``."""
    items = listed(client, token)
    forks = [d for d in items.values() if d["parent"] is not None]
    assert forks
    for item in forks:
        left = client.get(f"/api/duels/{item['id']}/variations",
                          headers=bearer(token)).get_json()["left"]
        assert item["fork_point"] == left["fork_point"], item["id"]
        assert item["rulings_changed"] == left["rulings_changed"], item["id"]
    return items


def fork(client, token: str, duel: str, body: dict) -> dict:
    resp = client.post(f"/api/duels/{duel}/forks", json=body, headers=bearer(token))
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def test_forks_of_forks_and_a_parent_s_retraction(shared: Store):
    store = shared.app()
    client, tokens = serve(store), tokens_for(store)
    sk, judge = tokens["scorekeeper"], tokens["judge"]
    parent = client.post("/api/duels", json=partial_record(8), headers=bearer(sk)).get_json()
    pid = parent["id"]
    moved = client.post(f"/api/duels/{pid}/decisions", json=MOVE,
                        headers={**bearer(sk), "If-Match": f'"{parent["version"]}"'})
    end = moved.get_json()["version"]
    # A fork at the end (beat 2 begins there), one with another ruling, and forks of a fork.
    late = fork(client, judge, pid, {"at": end})
    ruled = fork(client, judge, pid, {"at": end, "rulings": {"lure-power": -1}})
    deeper = fork(client, judge, late["id"], {"at": end})
    deepest = fork(client, judge, deeper["id"], {"at": parent["version"]})  # before the move
    before = assert_as_variations_say(client)
    assert before[late["id"]]["fork_point"]["beat"]["step"] == "select"
    assert before[ruled["id"]]["rulings_changed"] == {
        "lure-power": {"from": 0, "to": -1, "title": "Power of Khadath's Lure"}}
    assert before[deepest["id"]]["fork_point"]["event"] == parent["version"]

    # The scorekeeper retracts the move: the parent's index no longer holds the steps it
    # began, so the forks at its end now fall in the step before it.
    resp = client.post(f"/api/duels/{pid}/retractions", json={},
                       headers={**bearer(sk), "If-Match": f'"{end}"'})
    assert resp.status_code == 201, resp.get_json()
    after = assert_as_variations_say(client)
    assert after[late["id"]]["fork_point"]["beat"]["step"] == "active_attack"
    assert after[late["id"]]["fork_point"]["event"] == end
    # ``deeper`` left ``late``, which retracted nothing: its point stands as it was.
    assert after[deeper["id"]]["fork_point"] == before[deeper["id"]]["fork_point"]
    # Another process reading the same store lists the same.
    assert listed(serve(shared.app())) == after


def test_a_legacy_fork_past_a_hidden_pair_is_read_as_each_reader_may(shared: Store):
    """A fork stored (by an older release) after a pair its parent still hides: the list
    gives each reader the fork point's sentence /variations gives them, never the pair."""
    store = shared.app()
    client, tokens = serve(store), tokens_for(store)
    record = lure_record()
    record["decisions"] = [dict(PAIRS[0])]  # Hikaru's pair, face down
    made = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    pid, at = made.get_json()["id"], made.get_json()["version"]
    legacy = store.create_duel({**record}, parent=pid, fork_at=at, actor="old").duel_id
    seen = {}
    for who in (None, tokens["judge"], tokens["scorekeeper"]):
        seen[who] = assert_as_variations_say(client, who)[str(legacy)]["fork_point"]["text"]
    assert all("advancing" not in text.lower() for text in seen.values())


def _make_old(shared: Store) -> None:
    """The list table as the release before fork points left it: without their columns."""
    drop = [f"ALTER TABLE {{t}} DROP COLUMN {c}" for c in ("fork", "secret_from", "model")]
    if shared.kind == "sqlite":
        with sqlite3.connect(str(shared.db)) as conn:
            for statement in drop:
                conn.execute(statement.format(t="duel_list"))
        return
    import psycopg

    url, schema = str(shared.database_url).split("?schema=")
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in drop:
            conn.execute(statement.format(t=f'"{schema}".battlecon_duel_list'))


def test_an_older_store_is_back_filled_once(shared: Store):
    store = shared.app()
    client, tokens = serve(store), tokens_for(store)
    pid = client.post("/api/duels", json=lure_record(),
                      headers=bearer(tokens["scorekeeper"])).get_json()["id"]
    waits = [e["event"] - 1 for e in client.get(f"/api/duels/{pid}/events?after=0&limit=100")
             .get_json()["events"] if e["type"] == "Decision"]
    child = fork(client, tokens["judge"], pid, {"at": waits[2]})
    fork(client, tokens["judge"], child["id"], {"at": waits[0]})
    expected = assert_as_variations_say(client)
    store.close()
    _make_old(shared)

    newer = shared.app()
    assert newer.duel_list.catch_up() == 0  # nothing new: the old rows written again
    again = assert_as_variations_say(serve(newer))
    assert again == expected
    rows = newer.duel_list.db.rows("SELECT count(*) FROM {t} WHERE model = ?", [MODEL])
    assert rows[0][0] == 3
