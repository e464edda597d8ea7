"""Two counterattacks with one id through the API (issue 33 item 2), on SQLite and on
PostgreSQL: refused at character import and in a new duel's setup with 422, field and rule
(A1.14, 004 §6); a duel stored before that check still loads, its prompt tells the two
apart, and its record replays with no store."""

from __future__ import annotations

import copy

from judge import registry
from judge.artobattlers.ruleset import ArtOBattlers
from tests.api.conftest import bearer
from tests.artobattlers.test_counterattack_ids import TWIN, twin_record

URL = "/api/rulesets/artobattlers/characters"


def test_the_character_import_refuses_a_counterattack_id_used_twice(stored_client):
    client, sk = stored_client
    document = {"schema_version": 1, "ruleset": "artobattlers",
                "characters": [copy.deepcopy(TWIN)]}
    resp = client.post(URL, json=document, headers=bearer(sk))
    assert resp.status_code == 422, resp.get_json()
    body = resp.get_json()
    assert body["rule"] == "A1.14" and "'3' is used twice" in body["detail"]
    assert "characters[0].counterattacks[1].id" in body["detail"]
    assert client.get(URL).get_json()["characters"] == []


def test_a_new_duel_with_one_is_refused_and_nothing_is_stored(stored_client):
    client, sk = stored_client
    resp = client.post("/api/duels", json=twin_record(), headers=bearer(sk))
    assert resp.status_code == 422, resp.get_json()
    body = resp.get_json()
    assert body["rule"] == "A1.14"
    assert "setup.characters[1].counterattacks[1].id" in body["detail"]
    assert client.get("/api/duels").get_json()["total"] == 0


def test_a_duel_stored_before_the_check_loads_and_tells_the_two_apart(stored_client,
                                                                       monkeypatch):
    client, sk = stored_client
    with monkeypatch.context() as older:  # the service as it was before A1.14's check
        older.setattr(ArtOBattlers, "check_new_setup", lambda self, setup: None)
        made = client.post("/api/duels", json=twin_record(), headers=bearer(sk))
    assert made.status_code == 201, made.get_json()
    duel, version = made.get_json()["id"], made.get_json()["version"]
    headers = {**bearer(sk), "If-Match": f'"{version}"'}
    assert client.post(f"/api/duels/{duel}/decisions", headers=headers, json={
        "player": 0, "kind": "attack", "character": "ember-knight", "striker": False,
        "move": "blade-rush", "target": "twin", "pay": None,
        "sacrifice": False}).status_code == 201
    etag = client.get(f"/api/duels/{duel}").headers["ETag"]
    six = client.post(f"/api/duels/{duel}/decisions", headers={**bearer(sk), "If-Match": etag},
                      json={"player": 1, "kind": "die", "value": 6})
    assert six.status_code == 201, six.get_json()
    prompt = client.get(f"/api/duels/{duel}/prompt").get_json()["prompt"]
    assert [(o["id"], o.get("index")) for o in prompt["options"]] == [("3", 0), ("3", 1)]
    etag = client.get(f"/api/duels/{duel}").headers["ETag"]
    chosen = client.post(f"/api/duels/{duel}/decisions",
                         headers={**bearer(sk), "If-Match": etag},
                         json={"player": 1, "kind": "counterattack", "id": "3", "index": 1})
    assert chosen.status_code == 201, chosen.get_json()
    record = client.get(f"/api/duels/{duel}/record").get_json()
    assert record["decisions"][-1] == {"player": 1, "kind": "counterattack", "id": "3",
                                       "index": 1}
    again = registry.from_record(record)  # the stored duel's record replays with no store
    start = twin_record()["setup"]["characters"][0]["life_points"]
    assert again.state.fighters["ember-knight"].life == start - 50  # the green-blue "3"


def test_judge_characters_import_refuses_it_with_field_rule_and_status_2(capsys, tmp_path,
                                                                          monkeypatch):
    import json

    from api.cli import main
    for name in ("BATTLECON_DATABASE_URL", "BATTLECON_DB"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "twin.json"
    path.write_text(json.dumps({"schema_version": 1, "ruleset": "artobattlers",
                                "characters": [TWIN]}), "utf-8")
    db = str(tmp_path / "chars.db")
    code = main(["characters", "import", str(path), "--db", db])
    _, err = capsys.readouterr()
    assert code == 2
    assert "characters[0].counterattacks[1].id: '3' is used twice" in err
    assert "A1.14" in err
    assert main(["characters", "list", "--json", "--db", db]) == 0
    assert "twin" not in capsys.readouterr().out
