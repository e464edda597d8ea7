"""Trust the record, item 4, through the API: a duel altered in the database is not
served (a clear 500 naming it), and the list still shows every other duel."""

from __future__ import annotations

import pytest

from api.app import create_app
from events.app import JudgeApp
from judge.battlecon.playout import play
from tests.events.test_tampered_store import alter, fact_row


@pytest.fixture
def tampered(tmp_path):
    path = tmp_path / "duels.db"
    app = JudgeApp(db=str(path))
    bad = app.create_duel(play(1, "hikaru", "khadath").to_record(), actor="sk").duel_id
    good = app.create_duel(play(2, "hikaru", "khadath").to_record(), actor="sk").duel_id
    app.close()

    def more_life(data: dict) -> None:
        data["fact"]["text"] += " (and 3 more life)"

    alter(path, "stored_events", bad, fact_row(path, bad, 10), more_life)
    store = JudgeApp(db=str(path))
    yield create_app({"STORE": store, "TESTING": True}).test_client(), bad, good
    store.close()


def test_a_tampered_duel_is_refused_plainly_on_every_read(tampered):
    client, bad, _ = tampered
    for path in ("", "/state", "/events", "/record", "/log", "/prompt"):
        resp = client.get(f"/api/duels/{bad}{path}")
        assert resp.status_code == 500, (path, resp.status_code)
        detail = resp.get_json()["detail"]
        assert f"Duel {bad} is not served" in detail and "was altered" in detail, detail


def test_the_list_still_shows_the_other_duels(tampered):
    client, bad, good = tampered
    body = client.get("/api/duels").get_json()
    assert [row["id"] for row in body["items"]] == [str(good)]
    assert body["total"] == 1
    assert [u["id"] for u in body["unreadable"]] == [str(bad)]
    assert "altered" in body["unreadable"][0]["detail"]


def test_a_fork_of_a_tampered_duel_is_listed_without_its_fork_point(tmp_path):
    """``fork_points=true`` when the parent does not verify: the fork is listed (it stands
    on its own copied events) without a fork point, the parent under ``unreadable``."""
    path = tmp_path / "duels.db"
    app = JudgeApp(db=str(path))
    parent = app.create_duel(play(1, "hikaru", "khadath").to_record(), actor="sk").duel_id
    at = len(app.record(parent).duel.events)  # after the last event: a fork point
    child = app.fork(parent, at, actor="judge").duel_id
    app.close()
    alter(path, "stored_events", parent, fact_row(path, parent, 10),
          lambda data: data["fact"].update(text=data["fact"]["text"] + " (and 3 more life)"))
    store = JudgeApp(db=str(path))
    try:
        client = create_app({"STORE": store, "TESTING": True}).test_client()
        resp = client.get("/api/duels?fork_points=true")
        assert resp.status_code == 200, resp.get_json()
        body = resp.get_json()
        (item,) = body["items"]
        assert (item["id"], item["parent"], item["fork_at"]) == (str(child), str(parent), at)
        assert "fork_point" not in item and "rulings_changed" not in item
        assert [u["id"] for u in body["unreadable"]] == [str(parent)]
    finally:
        store.close()
