"""A dispute about a free card text through the API (issue 33 item 1): the dispute shows
the card's text, /correctable lists the table's answer, and a head judge's resolution
corrects it, judging what followed again (an attack made to miss now hits)."""

from __future__ import annotations

from tests.api.conftest import bearer
from tests.artobattlers.test_free_text import NOTE, ek, howler

RECORD = {"format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": {
    "format": "simple_duel", "characters": [howler(), ek()], "rulings": {},
    "players": [{"name": "Ana"}, {"name": "Ben"}]}, "decisions": [
    {"player": 0, "kind": "team", "characters": ["howler"]},
    {"player": 1, "kind": "team", "characters": ["ember-knight"]},
    {"player": 0, "kind": "start_die", "value": 6},
    {"player": 1, "kind": "start_die", "value": 1},
    {"player": 0, "kind": "attack", "character": "howler", "striker": False,
     "move": "drain-beam", "target": "ember-knight", "pay": None, "sacrifice": False},
    {"player": 0, "kind": "card_text", "agreed": [0, 1], "outcome": "miss"}]}


def _duel(client, tokens) -> tuple[str, list[dict]]:
    made = client.post("/api/duels", json=RECORD, headers=bearer(tokens["scorekeeper"]))
    assert made.status_code == 201, made.get_json()
    duel = made.get_json()["id"]
    events = client.get(f"/api/duels/{duel}/events?limit=100").get_json()["events"]
    return duel, events


def test_a_dispute_on_the_answer_shows_the_cards_text(client, tokens):
    duel, events = _duel(client, tokens)
    asked = next(e for e in events if e["type"] == "CardTextAsked")
    for at in (asked["event"], next(e for e in events if e["type"] == "CardTextRuled")["event"],
               events[-1]["event"]):
        opened = client.post(f"/api/duels/{duel}/disputes", headers=bearer(tokens["judge"]),
                             json={"at": at, "claim": "The note does not make it miss."})
        assert opened.status_code == 201, opened.get_json()
        assert opened.get_json()["card_text"] == {"text": NOTE, "source": "note: drain-beam",
                                                  "character": "howler",
                                                  "asked_at": asked["event"]}
    listed = client.get(f"/api/duels/{duel}/disputes", headers=bearer(tokens["judge"]))
    assert [d["card_text"]["text"] for d in listed.get_json()["disputes"]] == [NOTE] * 3
    first = client.post(f"/api/duels/{duel}/disputes", headers=bearer(tokens["judge"]),
                        json={"at": 1, "claim": "The team was entered wrong."})
    assert "card_text" not in first.get_json()  # not about a card text


def test_a_head_judge_corrects_the_miss_and_the_hit_is_judged_again(client, tokens):
    duel, events = _duel(client, tokens)
    fields = client.get(f"/api/duels/{duel}/correctable",
                        headers=bearer(tokens["judge"])).get_json()["fields"]
    assert fields["card_text.1.outcome"]["value"] == "miss"
    ruled = next(e for e in events if e["type"] == "CardTextRuled")
    opened = client.post(f"/api/duels/{duel}/disputes", headers=bearer(tokens["judge"]),
                         json={"at": ruled["event"], "claim": "The note only howls."})
    resolved = client.post(f"/api/disputes/{opened.get_json()['id']}/resolution",
                           headers=bearer(tokens["head_judge"]), json={
                               "outcome": "overturned", "ruling": "The attack hits.",
                               "rule": "AG1", "correction": {"changes": [
                                   {"field": "card_text.1.outcome", "after": "hit"}]}})
    assert resolved.status_code == 201, resolved.get_json()
    state = client.get(f"/api/duels/{duel}/state").get_json()
    assert state["players"][1]["characters"]["ember-knight"]["life"] == 270
    text = client.get(f"/api/duels/{duel}/narrative").get_data(as_text=True)
    assert f'"{NOTE}" — what it does from miss to hit. What followed it is judged again: ' \
        "Ember Knight's LP 300 → 270." in text


def test_a_correction_the_later_decisions_cannot_follow_is_a_422(client, tokens):
    record = {**RECORD, "decisions": [*RECORD["decisions"], {
        "player": 1, "kind": "attack", "character": "ember-knight", "striker": False,
        "move": "pommel-strike", "target": "howler", "pay": None, "sacrifice": False}]}
    made = client.post("/api/duels", json=record, headers=bearer(tokens["scorekeeper"]))
    duel = made.get_json()["id"]
    opened = client.post(f"/api/duels/{duel}/disputes", headers=bearer(tokens["judge"]),
                         json={"at": 14, "claim": "The note does nothing."})
    resolved = client.post(f"/api/disputes/{opened.get_json()['id']}/resolution",
                           headers=bearer(tokens["head_judge"]), json={
                               "outcome": "overturned", "ruling": "It does nothing.",
                               "rule": "AG1", "correction": {"changes": [
                                   {"field": "card_text.1.outcome", "after": "nothing"}]}})
    assert resolved.status_code == 422, resolved.get_json()
    assert "event 20 (attack) is no longer legal" in resolved.get_json()["detail"]
