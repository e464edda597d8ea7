"""Five characters written from the rulebook's text (issue 33: "five new ones written from
the rulebook's text ... each with a free-text ability or note that a match exercises"),
kept in ``examples/artobattlers/rulebook-characters.yaml`` for players to import. Each test
plays a scripted duel against the sample Ember Knight in which the card's free text applies:
the table's answer is recorded as a decision, changes what the card says, and the narrative
quotes the card's text beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from judge.artobattlers.imports import check_document
from tests.artobattlers.scene import EK, R, attack, lp
from tests.artobattlers.test_free_text import ek

FILE = Path(__file__).resolve().parents[2] / "examples" / "artobattlers" / \
    "rulebook-characters.yaml"
IDS = ["cinder-drake", "tidecaller", "rivet-sentry", "dune-hermit", "lantern-wraith"]


def document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(FILE.read_text("utf-8"))
    return loaded


def card(cid: str) -> dict[str, Any]:
    return next(c for c in document()["characters"] if c["id"] == cid)


def free_texts(c: dict[str, Any]) -> list[str]:
    """The card's words the table rules: a free-text ability, the notes under moves and
    the effects without a verb."""
    ability = c["special_ability"]
    texts = [ability["text"]] if ability and "structured" not in ability else []
    texts += [n["text"] for m in c["attack_moves"] for n in m.get("notes", ())]
    return texts + [m["effect"]["text"] for m in c["attack_moves"]
                    if m["effect"] and "structured" not in m["effect"]]


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


def answer(m: Any, **fields: Any) -> list[Any]:
    return m.decide({"player": 0, "kind": "card_text", "agreed": [0, 1], **fields})


def narrative(m: Any) -> str:
    return "\n".join(R.narrative(m))


def asked(m: Any, cid: str, source: str) -> str:
    """The prompt asks the table about ``cid``'s text; the text it shows."""
    (text,) = [t for t in free_texts(card(cid)) if t in m.prompt["about"]]
    assert m.prompt["kind"] == "card_text" and text in m.prompt["about"]
    assert m.prompt["card_text"] == {"text": text, "source": source, "character": cid}
    return text


def test_the_five_import_with_their_full_text_each_carrying_free_text():
    got = check_document(document())
    assert [c["id"] for c in got] == IDS
    for c in got:
        assert free_texts(c), c["id"]
        assert free_texts(c) == free_texts(card(c["id"]))  # kept word for word


def test_cinder_drake_kindled_breath_adds_damage_when_a_fire_move_is_declared():
    m = duel("cinder-drake")
    attack(m, "scorch-breath")
    text = asked(m, "cinder-drake", "ability: Kindled Breath")
    answer(m, outcome="damage", amount=+10)  # the table reads "10 Damage Points more"
    assert m.state.attack.dp == 50 and m.prompt["kind"] == "reply"
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit on every chart (A4.4)
    assert lp(m, EK) == 300 - 50
    assert f'"{text}" — the table, both players agreeing, decides: ' in narrative(m)
    assert "the attack's damage changes by +10: 40 → 50 DP" in narrative(m)


def test_tidecaller_tide_pull_is_asked_as_its_owners_turn_begins_and_adds_power():
    m = duel("tidecaller")
    text = asked(m, "tidecaller", "ability: Tide Pull")
    assert m.state.fighters["tidecaller"].power == 20
    answer(m, outcome="power", amount=10)  # character: the text's owner by default
    assert m.state.fighters["tidecaller"].power == 30
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [0])
    assert f'"{text}" — the table, both players agreeing, decides: Tidecaller gains 10 PP' \
        in narrative(m)


def test_tidecaller_tide_pull_never_raises_power_above_the_cards_limit():
    m = duel("tidecaller")
    answer(m, outcome="power", amount=500)
    assert m.state.fighters["tidecaller"].power == 120  # the card's PP limit (A8.11)


def test_tidecaller_undertow_effect_takes_hold_and_the_table_takes_the_power_it_says():
    m = duel("tidecaller")
    answer(m, outcome="nothing")  # Tide Pull: the table lets it pass this turn
    attack(m, "undertow")  # 20 PP of its 20
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit in full: the effect holds
    assert lp(m, EK) == 300 - 20 and m.state.fighters[EK].effect.name == "Dragged Under"
    assert m.prompt["rule"] == "A13.3"
    text = asked(m, "tidecaller", "effect: Dragged Under")
    answer(m, outcome="power", character=EK, amount=-10)  # "Instantly ... loses 10 PP"
    assert m.state.fighters[EK].power == 40 - 10
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert f'"{text}" — the table, both players agreeing, decides: Ember Knight loses 10 PP' \
        in narrative(m)


def test_rivet_sentry_shield_breaker_note_takes_shield_lp_once_the_hit_lands():
    m = duel("rivet-sentry")
    attack(m, "shield-breaker")
    assert m.prompt["kind"] == "reply"  # an on_hit note: nothing asked when declared
    m.decide({"player": 1, "kind": "die", "value": 1})  # Ben rolls: a Hit
    assert lp(m, EK) == 300 - 30
    text = asked(m, "rivet-sentry", "note: shield-breaker")
    assert m.state.fighters[EK].shield == 80
    answer(m, outcome="shield", character=EK, amount=-20)
    assert m.state.fighters[EK].shield == 60 and lp(m, EK) == 270
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert f'"{text}" — the table, both players agreeing, decides: ' in narrative(m)


def test_dune_hermit_stillness_is_a_turn_action_that_gains_power_and_ends_the_turn():
    m = duel("dune-hermit")
    offered = {"player": 0, "kind": "ability_action", "character": "dune-hermit",
               "ability": "stillness", "params": {}}
    assert offered in m.prompt["options"]  # A3.3 (d)
    m.decide(offered)
    text = asked(m, "dune-hermit", "ability: Stillness")
    answer(m, outcome="power", amount=30)
    assert m.state.fighters["dune-hermit"].power == 30
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])  # Ben's turn
    assert f'"{text}" — the table, both players agreeing, decides: Dune Hermit gains 30 PP' \
        in narrative(m)


def test_lantern_wraith_gloom_call_misses_when_the_table_says_the_opponent_won_the_duel():
    m = duel("lantern-wraith")
    attack(m, "gloom-call")
    text = asked(m, "lantern-wraith", "note: gloom-call")
    answer(m, outcome="miss")  # the table rolled the note's Dice Duel: Ben higher
    assert lp(m, EK) == 300
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert f'"{text}" — the table, both players agreeing, decides: ' in narrative(m)
    assert "The attack takes no LP from its target." in narrative(m)


def test_lantern_wraith_gloom_call_goes_on_to_the_reply_when_the_duel_is_won():
    m = duel("lantern-wraith")
    attack(m, "gloom-call")
    answer(m, outcome="nothing")  # Ana rolled higher: the note changes nothing
    assert m.prompt["kind"] == "reply"
    m.decide({"player": 1, "kind": "die", "value": 1})
    assert lp(m, EK) == 300 - 30


def test_a_match_with_the_tables_answers_replays_to_the_same_state():
    m = duel("cinder-drake")
    attack(m, "scorch-breath")
    answer(m, outcome="damage", amount=+10)
    decisions = [d for k, d in m.events if k == "decision"]
    again = R.from_record({**R.envelope(m.setup), "decisions": decisions})
    assert R.state_json(again.state, again.prompt) == R.state_json(m.state, m.prompt)


def test_the_sample_sets_cards_are_served_with_every_ability_and_effect_text():
    """The shipped set is the reference's, word for word; each text a player reads on the
    card is served by the catalogue (their verbs judge them; no table ruling is asked)."""
    sample = R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]
    texts = {c["id"]: [c["special_ability"]["text"]] if c["special_ability"] else []
             for c in sample}
    for c in sample:
        texts[c["id"]] += [m["effect"]["text"] for m in c["attack_moves"] if m["effect"]]
    assert texts == {
        "ember-knight": ["For 2 phases the inflicted character cannot reply with a manual "
                         "move or a force challenge; it must roll."],
        "gearback": ["Every Direct Hit on Gearback deals 10 DP less, never below 0."],
        "volt-wisp": [],
        "mossjaw": ["An attack move carrying the FIRE nature symbol counts 20 DP less "
                    "against Mossjaw (never below 0), before any halving.",
                    "At the end of each of the next 2 turns the inflicted character takes "
                    "a Direct Hit of 10 DP."]}
