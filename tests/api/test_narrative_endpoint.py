"""GET /api/duels/{id}/narrative: the narrative as plain text, exactly as ``judge replay``
prints it for the record the same reader may export."""

from __future__ import annotations

import json

from api.cli import main
from tests.api.conftest import bearer, create, partial_record, played_record


def judge_replay(tmp_path, capsys, record: dict) -> str:
    """What ``judge replay RECORD.json`` prints for ``record``."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), "utf-8")
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_the_narrative_is_judge_replays_text_for_the_same_record(client, tokens, tmp_path,
                                                                   capsys):
    duel = create(client, tokens["scorekeeper"], played_record(7))["id"]
    record = client.get(f"/api/duels/{duel}/record").get_json()
    resp = client.get(f"/api/duels/{duel}/narrative")
    assert resp.status_code == 200
    assert resp.mimetype == "text/plain"
    assert resp.get_data(as_text=True) == judge_replay(tmp_path, capsys, record)
    text = resp.get_data(as_text=True)
    assert "== Beat 1 ==" in text and text.endswith("\n")


def test_an_onlooker_gets_the_narrative_up_to_the_pending_secret(client, tokens, tmp_path,
                                                                 capsys):
    """As with the record: the face-down pairs of the current beat are not told."""
    duel = create(client, tokens["scorekeeper"], partial_record(11))["id"]
    onlooker_record = client.get(f"/api/duels/{duel}/record").get_json()
    full_record = client.get(f"/api/duels/{duel}/record",
                             headers=bearer(tokens["judge"])).get_json()
    assert len(onlooker_record["decisions"]) < len(full_record["decisions"])
    onlooker = client.get(f"/api/duels/{duel}/narrative")
    judge = client.get(f"/api/duels/{duel}/narrative", headers=bearer(tokens["judge"]))
    assert onlooker.headers["X-Withheld-From"]
    assert "X-Withheld-From" not in judge.headers
    assert onlooker.get_data(as_text=True) == judge_replay(tmp_path, capsys, onlooker_record)
    assert judge.get_data(as_text=True) == judge_replay(tmp_path, capsys, full_record)
    told = onlooker.get_data(as_text=True).splitlines()
    assert told[-1].startswith("Waiting for")  # what the duel waits for, then
    history = "\n".join(told[:-1]).rstrip("\n").splitlines()
    assert judge.get_data(as_text=True).splitlines()[:len(history)] == history
    assert len(judge.get_data(as_text=True).splitlines()) > len(told)


def test_an_unknown_duel_has_no_narrative(client):
    resp = client.get("/api/duels/00000000-0000-4000-8000-000000000000/narrative")
    assert resp.status_code == 404
    assert "detail" in resp.get_json()


def test_the_openapi_document_describes_the_narrative_as_text(client):
    spec = client.get("/api/openapi.json").get_json()
    answer = spec["paths"]["/api/duels/{duel_id}/narrative"]["get"]["responses"]["200"]
    assert answer["content"]["text/plain"]["schema"] == {"type": "string"}


def test_the_second_game_has_its_narrative_too(client, tokens, tmp_path, capsys):
    """Any ruleset's narrative: the start of ART O BATTLERS' AS34 (teams and start dice),
    told as `judge replay` tells it."""
    from tests.api.test_artobattlers_api import AS34, SETUP

    record = {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": SETUP,
              "decisions": AS34[:4]}
    duel = create(client, tokens["scorekeeper"], record)["id"]
    resp = client.get(f"/api/duels/{duel}/narrative")
    exported = client.get(f"/api/duels/{duel}/record").get_json()
    assert resp.get_data(as_text=True) == judge_replay(tmp_path, capsys, exported)
    assert "Gearback" in resp.get_data(as_text=True)
