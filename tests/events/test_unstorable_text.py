"""Text no store can hold (a NUL character, a lone surrogate) is refused before anything is
written, naming the field, with the same rule on SQLite and PostgreSQL (issue 27, item 5:
one NUL in a player's name took PostgreSQL's list and health check down for everyone)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.app import create_app
from api.auth import create_token
from api.cli import main
from events.text import UnstorableTextError, unstorable

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "comic-beat-1.json"


def record(name: str = "Ana") -> dict:
    data = json.loads(EXAMPLE.read_text("utf-8"))
    data["players"][0]["name"] = name
    return data


@pytest.mark.parametrize("bad", ["Ana\x00", "\ud800Ana"])
def test_the_store_refuses_it_naming_the_field_and_keeps_serving(store, bad: str) -> None:
    app = store.app()
    with pytest.raises(UnstorableTextError) as err:
        app.create_duel(record(bad), {"event": "Cup"})
    assert err.value.where == "players[0].name"
    with pytest.raises(UnstorableTextError) as err:
        app.create_duel(record(), {"table": f"7{bad}"})
    assert err.value.where == "labels.table"
    assert app.duel_ids() == []
    good = app.create_duel(record(), {"event": "Cup"})
    with pytest.raises(UnstorableTextError):
        app.annotate(good.duel_id, 1, f"note {bad}", [], "judge Jo")
    with pytest.raises(UnstorableTextError):
        create_token(app, "scorekeeper", bad)
    client = create_app({"STORE": app, "TESTING": True}).test_client()
    assert client.get("/api/health").status_code == 200
    assert [d["id"] for d in client.get("/api/duels").get_json()["items"]] == [
        str(good.duel_id)]


def test_the_api_refuses_it_at_the_door(store) -> None:
    app = store.app()
    token = create_token(app, "scorekeeper", "Sam")
    client = create_app({"STORE": app, "TESTING": True}).test_client()
    resp = client.post("/api/duels", json=record("Ana\x00"),
                       headers={"Authorization": f"Bearer {token}"})
    assert resp.status_code == 422
    assert "players[0].name" in json.dumps(resp.get_json()) and "NUL" in resp.get_json()[
        "detail"]
    for url in ("/api/duels?player=%00", "/api/duels?table=a%00b", "/api/duels?%00=1"):
        resp = client.get(url)
        assert resp.status_code == 422, url
        assert "NUL" in resp.get_json()["detail"]
    assert client.get("/api/duels").get_json()["total"] == 0
    assert client.get("/api/health").status_code == 200


def test_judge_import_refuses_it_naming_the_field(tmp_path, capsys) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record("Ana\x00")), "utf-8")
    assert main(["import", str(path), "--db", str(tmp_path / "x.db")]) == 2
    err = capsys.readouterr().err
    assert "players[0].name holds a NUL character" in err


def test_where_names_keys_and_nesting() -> None:
    assert unstorable({"a": [{"b": "ok"}, {"c\x00": 1}]}) == (
        "a[1]", "has a key that a NUL character (U+0000), which no store can keep")
    assert unstorable({"a": ["x", "y\x00"]})[0] == "a[1]"
    assert unstorable({"a": "fine", "n": 3, "t": None}) is None
