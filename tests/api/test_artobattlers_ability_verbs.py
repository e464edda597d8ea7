"""Issue 33's Special Ability verbs entered as a player's own cards: imported through
``POST /api/rulesets/artobattlers/characters`` and ``judge characters import``, refused
with the field and the rule when ill-formed, and judged in a duel the API stores (an
ability that targets a striker, and a force challenge declared from that striker)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.cli import main
from tests.api.conftest import bearer
from tests.artobattlers.test_harness_cards import card

URL = "/api/rulesets/artobattlers/characters"
HAWK_EYE = {"name": "Hawk Eye", "text": "This character may target a striker.",
            "structured": {"action": "target_striker"}}
TIDE = {"name": "Tidebreaker", "text": "FIRE moves count double against a WATER character.",
        "structured": {"action": "nature_dp", "moves": "own", "nature": "fire",
                       "versus": "water", "factor": 2}}
IRON = {"name": "Iron Will", "text": "A BA-W move: the Damage Calculation is Discarded.",
        "structured": {"action": "discard_damage_calculation", "kinds": ["BA-W"]}}
CALL = {"name": "Thunder Call", "text": "Dice duel: a Direct Hit of 40 DP if you win.",
        "structured": {"action": "dice_duel_turn", "dp": 40}}


def document(*characters: dict) -> dict:
    return {"schema_version": 1, "ruleset": "artobattlers", "characters": list(characters)}


def verbs_file() -> dict:
    return document(card("ember-knight", "hawk-knight", special_ability=HAWK_EYE),
                    card("ember-knight", "tide-knight", special_ability=TIDE),
                    card("gearback", "iron-gear", special_ability=IRON),
                    card("volt-wisp", "storm-wisp", special_ability=CALL),
                    card("mossjaw", "mite-keeper"))


def test_the_ability_verbs_are_imported_and_a_duel_judges_them(client, tokens):
    sk = bearer(tokens["scorekeeper"])
    resp = client.post(URL, json=verbs_file(), headers=sk)
    assert resp.status_code == 201, resp.get_json()
    listed = {c["id"]: c["character"] for c in client.get(URL).get_json()["characters"]}
    assert listed["tide-knight"]["special_ability"] == TIDE
    setup = {"characters": [listed["hawk-knight"], listed["mite-keeper"]],
             "players": [{"name": "Ana"}, {"name": "Ben"}]}
    decisions = [{"player": 0, "kind": "team", "characters": ["hawk-knight"]},
                 {"player": 1, "kind": "team", "characters": ["mite-keeper"]},
                 {"player": 0, "kind": "start_die", "value": 6},
                 {"player": 1, "kind": "start_die", "value": 1}]
    resp = client.post("/api/duels", json={"format": "artobattlers-record/1",
                                           "ruleset": "artobattlers", "setup": setup,
                                           "decisions": decisions}, headers=sk)
    assert resp.status_code == 201, resp.get_json()
    duel, version = resp.get_json()["id"], resp.get_json()["version"]
    for decision in [{"player": 0, "kind": "attack", "character": "hawk-knight",
                      "striker": False, "move": "flame-combo", "target": "mite-keeper",
                      "pay": None, "sacrifice": False, "target_striker": True},
                     {"player": 1, "kind": "force_challenge", "move": "mite-bite"},
                     {"player": 0, "kind": "duel_die", "value": 2},
                     {"player": 1, "kind": "duel_die", "value": 5}]:
        resp = client.post(f"/api/duels/{duel}/decisions", json=decision,
                           headers={**sk, "If-Match": f'"{version}"'})
        assert resp.status_code == 201, resp.get_json()
        version = resp.get_json()["version"]
    state = client.get(f"/api/duels/{duel}/state").get_json()
    keeper = state["players"][1]["characters"]["mite-keeper"]
    knight = state["players"][0]["characters"]["hawk-knight"]
    assert (keeper["life"], knight["life"]) == (250, 300 - 20 - 30)
    assert json.dumps(keeper["striker"]).count("50") == 1  # 60 - 10 for the challenge


def test_a_striker_aimed_at_without_the_ability_is_a_422_naming_the_rule(client, tokens):
    sk = bearer(tokens["scorekeeper"])
    setup = {"characters": [card("ember-knight", "plain-knight"), card("mossjaw", "keeper")],
             "players": [{"name": "Ana"}, {"name": "Ben"}]}
    resp = client.post("/api/duels", json={
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": setup,
        "decisions": [{"player": 0, "kind": "team", "characters": ["plain-knight"]},
                      {"player": 1, "kind": "team", "characters": ["keeper"]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1}]}, headers=sk)
    duel, version = resp.get_json()["id"], resp.get_json()["version"]
    resp = client.post(f"/api/duels/{duel}/decisions", json={
        "player": 0, "kind": "attack", "character": "plain-knight", "striker": False,
        "move": "blade-rush", "target": "keeper", "pay": None, "sacrifice": False,
        "target_striker": True}, headers={**sk, "If-Match": f'"{version}"'})
    assert resp.status_code in (409, 422), resp.get_json()
    assert "A17.2" in json.dumps(resp.get_json())


@pytest.mark.parametrize(("verb", "field", "rule"), [
    ({"action": "nature_dp", "moves": "own", "nature": "fire", "add": 10, "factor": 2},
     "characters[0].special_ability.structured", "AG43"),
    ({"action": "discard_damage_calculation"}, "characters[0].special_ability.structured",
     "AG44"),
])
def test_an_ill_formed_ability_verb_is_refused_naming_the_field(client, tokens, verb, field,
                                                                 rule):
    bad = document(card("gearback", "odd-gear", special_ability={
        "name": "Odd", "text": "…", "structured": verb}))
    resp = client.post(URL, json=bad, headers=bearer(tokens["scorekeeper"]))
    assert resp.status_code == 422, resp.get_json()
    body = resp.get_json()
    assert (list(body["errors"]), body["rule"]) == ([field], rule)
    assert client.get(URL).get_json()["characters"] == []


@pytest.fixture
def no_store(monkeypatch):
    monkeypatch.delenv("BATTLECON_DATABASE_URL", raising=False)
    monkeypatch.delenv("BATTLECON_DB", raising=False)


def test_judge_characters_import_takes_the_verbs_and_refuses_a_bad_one(
        no_store, capsys, tmp_path: Path):
    db = str(tmp_path / "chars.db")
    good, bad = tmp_path / "verbs.json", tmp_path / "bad.json"
    good.write_text(json.dumps(verbs_file()), "utf-8")
    assert main(["characters", "import", str(good), "--db", db]) == 0
    assert "imported storm-wisp (Storm Wisp), version 1" in capsys.readouterr().out
    odd = card("gearback", "odd-gear", special_ability={
        "name": "Odd", "text": "…", "structured": {"action": "discard_damage_calculation",
                                                   "class": "body", "kinds": ["DA-S"]}})
    bad.write_text(json.dumps(document(odd)), "utf-8")
    assert main(["characters", "import", str(bad), "--db", db]) == 2
    err = capsys.readouterr().err
    assert "characters[0].special_ability.structured.kinds" in err and "A1.8" in err


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "artobattlers" / "ability-verbs.yaml"


def test_the_example_file_imports_and_its_cards_play(no_store, capsys, tmp_path: Path):
    import yaml

    from judge import registry

    db = str(tmp_path / "chars.db")
    assert main(["characters", "import", str(EXAMPLE), "--db", db]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1] for line in out.splitlines()] == [
        "hawk-knight", "tide-knight", "iron-gear", "storm-wisp", "mite-keeper"]
    cards = yaml.safe_load(EXAMPLE.read_text("utf-8"))["characters"]
    m = registry.from_record({"ruleset": "artobattlers", "setup": {
        "characters": cards, "players": [{"name": "Ana"}, {"name": "Ben"}]}, "decisions": [
        {"player": 0, "kind": "team", "characters": ["tide-knight"]},
        {"player": 1, "kind": "team", "characters": ["iron-gear"]},
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1},
        {"player": 0, "kind": "attack", "character": "tide-knight", "striker": False,
         "move": "flame-combo", "target": "iron-gear", "pay": None, "sacrifice": False},
        {"player": 1, "kind": "die", "value": 1}]})
    assert m.state.fighters["iron-gear"].life == 400 - 160  # FIRE x2 against a WATER card
