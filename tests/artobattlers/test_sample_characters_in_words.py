"""The four sample characters entered with their text in words (issue 33 item 1: "the
sample characters ... entered with their full text, each with a free-text ability or note
that a match exercises"), kept in ``examples/artobattlers/sample-characters-in-words.yaml``.
Each test plays a scripted duel against the sample Ember Knight to where the card's text
applies: the console's prompt shows the text, the table's answer changes what it says, and
the narrative quotes the text beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from judge.artobattlers.imports import check_document
from tests.artobattlers.scene import EK, R, attack, lp
from tests.artobattlers.test_free_text import ek

FILE = Path(__file__).resolve().parents[2] / "examples" / "artobattlers" / \
    "sample-characters-in-words.yaml"
SAMPLES = Path(__file__).resolve().parents[2] / "judge" / "artobattlers" / "data" / \
    "characters.yaml"


def card(cid: str) -> dict[str, Any]:
    loaded = yaml.safe_load(FILE.read_text("utf-8"))
    return next(c for c in loaded["characters"] if c["id"] == cid)


def duel(cid: str) -> Any:
    """``cid`` (Ana, acting first) against the sample Ember Knight (Ben)."""
    return R.from_record({
        "format": "artobattlers-record/1", "ruleset": "artobattlers",
        "setup": {"format": "simple_duel", "characters": [card(cid), ek()], "rulings": {},
                  "players": [{"name": "Ana"}, {"name": "Ben"}]},
        "decisions": [{"player": 0, "kind": "team", "characters": [cid]},
                      {"player": 1, "kind": "team", "characters": [EK]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1}]})


def answer(m: Any, player: int = 0, **fields: Any) -> list[Any]:
    return m.decide({"player": player, "kind": "card_text", "agreed": [0, 1], **fields})


def asked(m: Any, text: str, source: str) -> None:
    assert m.prompt["kind"] == "card_text", m.prompt["kind"]
    assert (m.prompt["card_text"]["text"], m.prompt["card_text"]["source"]) == (text, source)


def said(m: Any, text: str, decided: str) -> None:
    assert f'"{text}" — the table, both players agreeing, decides: {decided}' in \
        "\n".join(R.narrative(m))


def test_the_file_imports_and_is_the_sample_set_but_for_the_text_in_words():
    document = yaml.safe_load(FILE.read_text("utf-8"))
    assert [c["id"] for c in check_document(document)] == [
        "ember-knight-words", "gearback-words", "volt-wisp-words", "mossjaw-words"]
    samples = {c["id"]: c for c in yaml.safe_load(SAMPLES.read_text("utf-8"))["characters"]}
    for c in document["characters"]:
        sample = samples[c["id"].removesuffix("-words")]
        assert (c["name"], c["life_points"]) == (sample["name"], sample["life_points"])
        if sample["special_ability"]:  # the printed text, in words
            assert c["special_ability"]["text"] == sample["special_ability"]["text"]
            assert "structured" not in c["special_ability"]


def test_ember_knights_scorch_in_words_is_ruled_when_it_takes_hold_and_each_turn_it_lasts():
    m = duel("ember-knight-words")
    text = card("ember-knight-words")["attack_moves"][4]["effect"]["text"]
    attack(m, "searing-brand", pay="pp")
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit in full: Scorch holds
    asked(m, text, "effect: Scorch")
    answer(m, outcome="nothing")
    m.decide({"player": 1, "kind": "power_turn", "character": EK})  # turn 2 ends
    asked(m, text, "effect: Scorch")
    answer(m, outcome="power", character=EK, amount=-20)
    assert m.state.fighters[EK].power == 40  # 40 + 20 paid turn - 20 the table took
    said(m, text, "Ember Knight loses 20 PP: 60 → 40")


def test_gearbacks_plated_hull_in_words_is_ruled_when_gearback_is_hit():
    m = duel("gearback-words")
    text = card("gearback-words")["special_ability"]["text"]
    attack(m, "hydraulic-jab")
    m.decide({"player": 1, "kind": "die", "value": 4})  # Ember Knight escapes
    attack(m, "blade-rush")
    m.decide({"player": 0, "kind": "die", "value": 1})  # Gearback is hit: 40 DP
    assert lp(m, "gearback-words") == 360
    asked(m, text, "ability: Plated Hull")
    answer(m, outcome="life", character="gearback-words", amount=10)
    assert lp(m, "gearback-words") == 370
    said(m, text, "Gearback gains 10 LP: 360 → 370")


def test_volt_wisps_invented_note_is_ruled_when_static_lash_is_declared():
    m = duel("volt-wisp-words")
    text = card("volt-wisp-words")["attack_moves"][0]["notes"][0]["text"]
    attack(m, "static-lash")
    asked(m, text, "note: static-lash")
    answer(m, outcome="damage", amount=10)
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit: 20 + 10 DP
    assert lp(m, EK) == 270
    said(m, text, "the attack's damage changes by +10: 20 → 30 DP")


def test_mossjaws_damp_hide_in_words_gives_back_what_fire_should_not_have_dealt():
    m = duel("mossjaw-words")
    text = card("mossjaw-words")["special_ability"]["text"]
    attack(m, "rending-claws")
    m.decide({"player": 1, "kind": "die", "value": 4})  # Ember Knight escapes
    attack(m, "flame-combo")  # FIRE; 20 LP paid
    m.decide({"player": 0, "kind": "die", "value": 1})
    hit = lp(m, "mossjaw-words")
    asked(m, text, "ability: Damp Hide")
    answer(m, outcome="life", character="mossjaw-words", amount=20)
    assert lp(m, "mossjaw-words") == hit + 20
    said(m, text, f"Mossjaw gains 20 LP: {hit} → {hit + 20}")
