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
