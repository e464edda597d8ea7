"""The five characters written from the rulebook's text (examples/artobattlers/
rulebook-characters.yaml, issue 33) import through ``judge characters import`` and through
the API on SQLite and PostgreSQL with their full text, and a duel between stored cards asks
the table about a note, records its answer and narrates the card's text."""

from __future__ import annotations

import pytest

from api.app import create_app
from api.cli import main
from events.app import JudgeApp
from tests.api.conftest import bearer
from tests.artobattlers.test_free_text import ek
from tests.artobattlers.test_rulebook_characters import FILE, IDS, document, free_texts

URL = "/api/rulesets/artobattlers/characters"
NAMES = {"cinder-drake": "Cinder Drake", "tidecaller": "Tidecaller",
         "rivet-sentry": "Rivet Sentry", "dune-hermit": "Dune Hermit",
         "lantern-wraith": "Lantern Wraith"}


@pytest.fixture
def no_store_in_the_environment(monkeypatch):
    monkeypatch.delenv("BATTLECON_DATABASE_URL", raising=False)
    monkeypatch.delenv("BATTLECON_DB", raising=False)


def test_the_command_imports_the_five_and_the_api_serves_their_text(
        capsys, tmp_path, no_store_in_the_environment):
    db = str(tmp_path / "chars.db")
    code = main(["characters", "import", str(FILE), "--db", db, "--actor", "Ana"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"imported {i} ({NAMES[i]}), version 1" for i in IDS]
    store = JudgeApp(db=db)
    try:
        client = create_app({"STORE": store, "TESTING": True}).test_client()
        listed = client.get(URL).get_json()["characters"]
        served = {c["id"]: c["character"] for c in listed}
        assert sorted(served) == sorted(IDS)
        for card in document()["characters"]:
            assert free_texts(served[card["id"]]) == free_texts(card)
    finally:
        store.close()


def duel_record(stored: dict) -> dict:
    return {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": {
        "format": "simple_duel", "characters": [stored, ek()], "rulings": {},
        "players": [{"name": "Ana"}, {"name": "Ben"}]}, "decisions": [
        {"player": 0, "kind": "team", "characters": ["lantern-wraith"]},
        {"player": 1, "kind": "team", "characters": ["ember-knight"]},
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1},
        {"player": 0, "kind": "attack", "character": "lantern-wraith", "striker": False,
         "move": "gloom-call", "target": "ember-knight", "pay": None, "sacrifice": False}]}


def test_the_api_imports_the_five_and_a_stored_cards_note_is_ruled_by_the_table(
        stored_client):
    client, sk = stored_client
    resp = client.post(URL, json=document(), headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    stored = {c["id"]: c["character"] for c in resp.get_json()["characters"]}
    assert sorted(stored) == sorted(IDS)
    wraith = stored["lantern-wraith"]
    (note,) = free_texts(wraith)
    made = client.post("/api/duels", json=duel_record(wraith), headers=bearer(sk))
    assert made.status_code == 201, made.get_json()
    duel = made.get_json()["id"]
    prompt = client.get(f"/api/duels/{duel}/prompt").get_json()["prompt"]
    assert prompt["kind"] == "card_text" and prompt["card_text"]["text"] == note
    etag = client.get(f"/api/duels/{duel}").headers["ETag"]
    sent = client.post(f"/api/duels/{duel}/decisions", headers={**bearer(sk), "If-Match": etag},
                       json={"player": 0, "kind": "card_text", "agreed": [0, 1],
                             "outcome": "miss"})
    assert sent.status_code == 201, sent.get_json()
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert state["players"][1]["characters"]["ember-knight"]["life"] == 300
    text = client.get(f"/api/duels/{duel}/narrative").get_data(as_text=True)
    assert f'"{note}" — the table, both players agreeing, decides: ' in text
