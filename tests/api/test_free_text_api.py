"""Free card text through the API (issue 33 item 1, first slice), on SQLite and on
PostgreSQL: a character with a note and a text-only ability is imported; in a duel the
prompt shows the card's text as a described decision, the table's answer is recorded,
changes the pools, and the narrative quotes the text beside it."""

from __future__ import annotations

from tests.api.conftest import bearer
from tests.artobattlers.test_free_text import ABILITY, NOTE, ek, howler

URL = "/api/rulesets/artobattlers/characters"


def test_a_free_text_card_is_imported_asked_answered_and_narrated(stored_client):
    client, sk = stored_client
    card = howler(note=True, ability=True)
    resp = client.post(URL, json={"schema_version": 1, "ruleset": "artobattlers",
                                  "characters": [card]}, headers=bearer(sk))
    assert resp.status_code == 201, resp.get_json()
    stored = resp.get_json()["characters"][0]["character"]
    assert stored["special_ability"]["text"] == ABILITY
    record = {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": {
        "format": "simple_duel", "characters": [stored, ek()], "rulings": {},
        "players": [{"name": "Ana"}, {"name": "Ben"}]}, "decisions": [
        {"player": 0, "kind": "team", "characters": ["howler"]},
        {"player": 1, "kind": "team", "characters": ["ember-knight"]},
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1},
        {"player": 0, "kind": "attack", "character": "howler", "striker": False,
         "move": "drain-beam", "target": "ember-knight", "pay": None, "sacrifice": False}]}
    made = client.post("/api/duels", json=record, headers=bearer(sk))
    assert made.status_code == 201, made.get_json()
    duel = made.get_json()["id"]
    prompt = client.get(f"/api/duels/{duel}/prompt").get_json()["prompt"]
    assert prompt["kind"] == "card_text" and NOTE in prompt["about"]
    assert prompt["described"][0]["fields"]["agreed"]["const"] == [0, 1]

    def send(decision: dict) -> object:
        etag = client.get(f"/api/duels/{duel}").headers["ETag"]
        return client.post(f"/api/duels/{duel}/decisions", json=decision,
                           headers={**bearer(sk), "If-Match": etag})

    one = send({"player": 0, "kind": "card_text", "agreed": [0], "outcome": "nothing"})
    assert one.status_code == 422 and one.get_json()["rule"] == "AG1"  # both must agree
    assert send({"player": 0, "kind": "card_text", "agreed": [0, 1],
                 "outcome": "nothing"}).status_code == 201
    got = send({"player": 0, "kind": "card_text", "agreed": [0, 1], "outcome": "life",
                "character": "ember-knight", "amount": -25})
    assert got.status_code == 201, got.get_json()
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert state["players"][1]["characters"]["ember-knight"]["life"] == 275
    assert state["step"] == "reply"  # the reply die follows the table's answers
    text = client.get(f"/api/duels/{duel}/narrative").get_data(as_text=True)
    assert f'"{ABILITY}" — the table, both players agreeing, decides: ' in text
    assert "Ember Knight loses 25 LP: 300 → 275" in text


def test_a_judge_disputes_the_tables_answer_seeing_the_card_text_and_a_head_judge_corrects_it(
        client, tokens):
    """The disputed event is the ruling that quotes the card's text; the head judge's
    resolution overturns it and corrects the LP the table took."""
    record = {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": {
        "format": "simple_duel", "characters": [howler(), ek()], "rulings": {},
        "players": [{"name": "Ana"}, {"name": "Ben"}]}, "decisions": [
        {"player": 0, "kind": "team", "characters": ["howler"]},
        {"player": 1, "kind": "team", "characters": ["ember-knight"]},
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1},
        {"player": 0, "kind": "attack", "character": "howler", "striker": False,
         "move": "drain-beam", "target": "ember-knight", "pay": None, "sacrifice": False},
        {"player": 0, "kind": "card_text", "agreed": [0, 1], "outcome": "life",
         "character": "ember-knight", "amount": -40}]}
    made = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    assert made.status_code == 201, made.get_json()
    duel = made.get_json()["id"]
    events = client.get(f"/api/duels/{duel}/events?limit=100").get_json()["events"]
    ruled = next(e for e in events if e["type"] == "CardTextRuled")
    assert f'"{NOTE}" — the table, both players agreeing, decides: Ember Knight loses 40 LP' \
        in ruled["text"] and ruled["rule"] == "AG1"  # what the dispute is about
    opened = client.post(f"/api/duels/{duel}/disputes", headers=bearer(tokens["judge"]),
                         json={"at": ruled["event"],
                               "claim": "The note only howls: it takes no LP."})
    assert opened.status_code == 201, opened.get_json()
    resolved = client.post(f"/api/disputes/{opened.get_json()['id']}/resolution",
                           headers=bearer(tokens["head_judge"]), json={
                               "outcome": "overturned", "ruling": "The note does nothing.",
                               "rule": "AG1", "correction": {"changes": [
                                   {"field": "characters.ember-knight.life", "after": 300}]}})
    assert resolved.status_code == 201, resolved.get_json()
    assert resolved.get_json()["resolution"]["correction_event"] is not None
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert state["players"][1]["characters"]["ember-knight"]["life"] == 300
