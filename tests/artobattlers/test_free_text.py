"""Free card text (issue 33 item 1, first slice): a Special Ability written only in words
(A18.2, 004 §22 "just follow the rule of the Special Ability over any rule of the game")
and a note under an Attack Move (004 §5 "any notes under the Attack Move"; AG1), each with
a timing. When it applies, the table is asked what it does, the card's text shown, as a
described decision of the engine's own outcomes with both players' agreement; the
narrative quotes the text beside the answer."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.artobattlers.imports import check_document
from judge.errors import IllegalDecisionError, RecordError
from tests.artobattlers.scene import EK, R, attack, lp
from tests.artobattlers.test_as_moves import HUSK

NOTE = "The user howls; the table decides what that does."
ABILITY = "Whenever Howler attacks, it feeds on the noise."


def howler(note: bool = True, ability: bool = False) -> dict[str, Any]:
    """A Husk whose Drain Beam costs nothing and carries a note; the ability in words."""
    card = {**copy.deepcopy(HUSK), "id": "howler", "name": "Howler"}
    move = card["attack_moves"][0]
    move["cost"] = {"form": "none"}
    if note:
        move["notes"] = [{"text": NOTE, "timing": "when_declared"}]
    if ability:
        card["special_ability"] = {"name": "Feed", "text": ABILITY, "timing": "when_declared"}
    return card


def ek() -> dict[str, Any]:
    return next(c for c in R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]
                if c["id"] == EK)


def match(card: dict[str, Any]) -> Any:
    m = R.from_record({"format": "artobattlers-record/1", "ruleset": "artobattlers",
                       "setup": {"format": "simple_duel", "characters": [card, ek()],
                                 "rulings": {}, "players": [{"name": "Ana"}, {"name": "Ben"}]},
                       "decisions": [{"player": 0, "kind": "team", "characters": ["howler"]},
                                     {"player": 1, "kind": "team", "characters": [EK]},
                                     {"player": 0, "kind": "start_die", "value": 6},
                                     {"player": 1, "kind": "start_die", "value": 1}]})
    attack(m, "drain-beam")
    return m


def answer(m: Any, **fields: Any) -> list[Any]:
    return m.decide({"player": 0, "kind": "card_text", "agreed": [0, 1], **fields})


def document(card: dict[str, Any]) -> dict[str, Any]:
    return {"schema_version": 1, "ruleset": "artobattlers", "characters": [card]}


def test_import_accepts_a_note_and_a_text_only_ability_with_their_timing():
    got = check_document(document(howler(note=True, ability=True)))[0]
    assert got["special_ability"]["text"] == ABILITY
    assert got["attack_moves"][0]["notes"][0]["text"] == NOTE


@pytest.mark.parametrize("spoil, field", [
    (lambda c: c["special_ability"].pop("timing"), "characters[0].special_ability"),
    (lambda c: c["special_ability"].__setitem__("timing", "sometimes"),
     "characters[0].special_ability.timing"),
    (lambda c: c["attack_moves"][0]["notes"][0].pop("timing"),
     "characters[0].attack_moves[0].notes[0].timing"),
], ids=["ability-without-timing", "unknown-timing", "note-without-timing"])
def test_free_text_without_a_known_timing_is_refused_naming_the_field(spoil, field):
    card = howler(note=True, ability=True)
    spoil(card)
    with pytest.raises(RecordError) as err:
        check_document(document(card))
    assert err.value.field == field


def test_the_table_is_asked_with_the_cards_text_shown_before_the_reply():
    m = match(howler())
    assert m.prompt["kind"] == "card_text" and m.prompt["players"] == [0]
    assert m.prompt["options"] == [] and NOTE in m.prompt["about"]
    assert m.prompt["card_text"] == {"text": NOTE, "source": "note: drain-beam",
                                     "character": "howler"}
    (shape,) = m.prompt["described"]
    assert shape["fields"]["agreed"] == {"const": [0, 1], "rule": "AG1"}
    assert shape["fields"]["outcome"]["choices"] == ["nothing", "life", "power", "shield",
                                                     "end_effect", "place_effect", "hit", "miss",
                                                     "damage"]


def test_a_life_change_the_table_decides_is_applied_and_quoted_in_the_narrative():
    m = match(howler())
    before = lp(m, EK)
    answer(m, outcome="life", character=EK, amount=-20)
    assert lp(m, EK) == before - 20 and m.prompt["kind"] == "reply"  # the reply follows
    lines = "\n".join(R.narrative(m))
    assert f'"{NOTE}" — the table, both players agreeing, decides: ' in lines
    assert "loses 20 LP" in lines and "both players agreeing, says what" in lines


def test_the_table_can_make_the_attack_miss_or_hit_in_full():
    m = match(howler())
    before = lp(m, EK)
    answer(m, outcome="miss")
    assert lp(m, EK) == before  # no reply asked: Ben's turn
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert "The attack takes no LP from its target." in "\n".join(R.narrative(m))
    m = match(howler())
    answer(m, outcome="hit")
    assert lp(m, EK) == before - 30  # Drain Beam's 30 DP, no reply die
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])


def test_nothing_leaves_the_attack_to_its_reply_and_the_ability_is_asked_after_the_note():
    m = match(howler(note=True, ability=True))
    answer(m, outcome="nothing")
    assert m.prompt["kind"] == "card_text"
    assert m.prompt["card_text"]["source"] == "ability: Feed" and m.prompt["rule"] == "A18.2"
    answer(m, outcome="power", character="howler", amount=15)
    assert m.state.fighters["howler"].power == 15 and m.prompt["kind"] == "reply"


def test_an_answer_without_both_players_agreeing_is_refused():
    m = match(howler())
    with pytest.raises(IllegalDecisionError):
        m.decide({"player": 0, "kind": "card_text", "agreed": [0], "outcome": "nothing"})
    with pytest.raises(IllegalDecisionError):
        m.decide({"player": 0, "kind": "card_text", "agreed": [0, 1], "outcome": "explode"})


def test_the_record_replays_to_the_same_state():
    m = match(howler(note=True, ability=True))
    answer(m, outcome="nothing")
    answer(m, outcome="life", character="howler", amount=10)
    decisions = [d for k, d in m.events if k == "decision"]
    again = R.from_record({**R.envelope(m.setup), "decisions": decisions})
    assert R.state_json(again.state, again.prompt) == R.state_json(m.state, m.prompt)


INVOKED = "Howler drinks from the crowd's cheer."


def invoker() -> dict[str, Any]:
    card = howler(note=False)
    card["special_ability"] = {"name": "Crowd Cheer", "text": INVOKED, "invoked": True}
    return card


def at_turn(card: dict[str, Any]) -> Any:
    return R.from_record({"format": "artobattlers-record/1", "ruleset": "artobattlers",
                          "setup": {"format": "simple_duel", "characters": [card, ek()],
                                    "rulings": {}, "players": [{"name": "Ana"},
                                                               {"name": "Ben"}]},
                          "decisions": [{"player": 0, "kind": "team", "characters": ["howler"]},
                                        {"player": 1, "kind": "team", "characters": [EK]},
                                        {"player": 0, "kind": "start_die", "value": 6},
                                        {"player": 1, "kind": "start_die", "value": 1}]})


def test_an_invoked_ability_is_a_turn_action_the_table_then_rules_and_the_turn_ends():
    m = at_turn(invoker())
    offered = {"player": 0, "kind": "ability_action", "character": "howler",
               "ability": "crowd-cheer", "params": {}}
    assert offered in m.prompt["options"]  # A3.3 (d)
    m.decide(offered)
    assert m.prompt["kind"] == "card_text" and INVOKED in m.prompt["about"]
    (shape,) = m.prompt["described"]
    assert shape["fields"]["outcome"]["choices"] == ["nothing", "life", "power", "shield",
                                                     "end_effect", "place_effect"]
    with pytest.raises(IllegalDecisionError):  # no attack to hit or miss
        answer(m, outcome="hit")
    answer(m, outcome="power", amount=20)  # character: the owner by default
    assert m.state.fighters["howler"].power == 20
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert f'"{INVOKED}" — the table, both players agreeing, decides: Howler gains 20 PP' \
        in "\n".join(R.narrative(m))


def test_an_ability_is_a_verb_or_free_text_with_one_timing_not_both():
    card = invoker()
    card["special_ability"]["timing"] = "when_declared"
    with pytest.raises(RecordError) as err:
        check_document(document(card))
    assert (err.value.field, err.value.rule) == ("characters[0].special_ability", "A18.2")


def test_a_head_judge_corrects_what_the_table_decided_like_any_pool():
    m = match(howler())
    answer(m, outcome="life", character=EK, amount=-40)
    assert lp(m, EK) == 260
    assert R.correctable(m)[f"characters.{EK}.life"]["value"] == 260
    m.decide({"kind": "correction", "changes": [{"field": f"characters.{EK}.life",
                                                  "after": 300}],
              "rule": "A18.2", "text": "The note only howls: no LP lost."})
    assert lp(m, EK) == 300 and m.prompt["kind"] == "reply"


def test_the_table_cannot_raise_a_pool_above_the_card():
    m = match(howler())
    answer(m, outcome="life", character=EK, amount=+50)
    assert lp(m, EK) == 300  # Ember Knight's starting LP (A1.26)


def on_hit_card() -> dict[str, Any]:
    card = howler(note=False)
    card["attack_moves"][0]["notes"] = [{"text": NOTE, "timing": "on_hit"}]
    return card


def test_an_on_hit_note_is_asked_after_the_hit_lands_then_the_turn_goes_on():
    m = match(on_hit_card())
    assert m.prompt["kind"] == "reply"  # nothing asked when declared
    before = lp(m, EK)
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit on every chart (A4.4)
    assert lp(m, EK) == before - 30
    assert m.prompt["kind"] == "card_text" and m.prompt["card_text"]["source"] == \
        "note: drain-beam"
    assert m.prompt["described"][0]["fields"]["outcome"]["choices"] == [
        "nothing", "life", "power", "shield", "end_effect", "place_effect"]  # hit decided
    answer(m, outcome="life", character=EK, amount=-10)
    assert lp(m, EK) == before - 40
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])


def test_an_on_hit_note_is_not_asked_when_the_attack_does_nothing():
    m = match(on_hit_card())
    assert m.state.fighters[EK].dice_type == "normal"  # 4 is an Escape (A4.7)
    m.decide({"player": 1, "kind": "die", "value": 4})
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert NOTE not in "\n".join(R.narrative(m))


EFFECT = "The target's ears ring until the effect ends."


def effect_card() -> dict[str, Any]:
    card = howler(note=False)
    card["attack_moves"][0]["effect"] = {
        "name": "Ringing", "compatible": {"creature": True, "machine": True, "dummy": True,
                                          "unknown": True}, "phases": 2, "text": EFFECT}
    return card


def test_a_free_text_effect_takes_hold_and_the_table_says_what_it_does():
    assert check_document(document(effect_card()))[0]["attack_moves"][0]["effect"][
        "text"] == EFFECT
    m = match(effect_card())
    before = lp(m, EK)
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit in full: the effect holds
    assert m.state.fighters[EK].effect.name == "Ringing"
    assert m.prompt["kind"] == "card_text" and m.prompt["rule"] == "A13.3"
    assert m.prompt["card_text"]["source"] == "effect: Ringing"
    answer(m, outcome="power", character="howler", amount=5)
    assert m.state.fighters["howler"].power == 5 and lp(m, EK) == before - 30
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    assert f'"{EFFECT}" — the table, both players agreeing, decides: Howler gains 5 PP' in \
        "\n".join(R.narrative(m))


def test_the_table_can_change_the_attacks_damage_before_the_reply():
    m = match(howler())
    before = lp(m, EK)
    answer(m, outcome="damage", amount=+15)
    assert m.state.attack.dp == 45 and m.prompt["kind"] == "reply"
    m.decide({"player": 1, "kind": "die", "value": 1})  # a Hit: the changed DP in full
    assert lp(m, EK) == before - 45
    assert "the attack's damage changes by +15: 30 → 45 DP" in "\n".join(R.narrative(m))


def test_the_table_can_end_an_effect_and_not_one_that_is_not_there():
    m = match(effect_card())
    m.decide({"player": 1, "kind": "die", "value": 1})  # Ringing takes hold on Ember Knight
    with pytest.raises(IllegalDecisionError):
        answer(m, outcome="end_effect", character="howler")  # Howler is under no effect
    answer(m, outcome="end_effect", character=EK)
    assert m.state.fighters[EK].effect is None
    assert "Ringing on Ember Knight ends." in "\n".join(R.narrative(m))


def advance_match() -> Any:
    """Advance Play, two level globes a side: Ana two invoking Howlers (one inactive), Ben
    two Husks; Ana acts first."""
    from tests.artobattlers.scene import place
    m = R.from_record({"format": "artobattlers-record/1", "ruleset": "artobattlers",
                       "setup": {"format": "advance_play", "level_globe_total": 2,
                                 "characters": [invoker(), copy.deepcopy(HUSK)],
                                 "rulings": {}, "players": [{"name": "Ana"},
                                                            {"name": "Ben"}]},
                       "decisions": [{"player": 0, "kind": "team",
                                      "characters": ["howler", "howler"]},
                                     {"player": 1, "kind": "team",
                                      "characters": ["husk", "husk"]}]})
    place(m, ["howler"], 0)
    place(m, ["husk", "husk#2"], 1)
    m.decide({"player": 0, "kind": "start_die", "value": 6})
    m.decide({"player": 1, "kind": "start_die", "value": 1})
    if m.prompt["kind"] == "placement":  # the placement review of Ana's turn: keep it
        place(m, ["howler"], 0)
    return m


def test_in_advance_play_the_table_can_move_a_character_between_zones():
    m = advance_match()
    m.decide({"player": 0, "kind": "ability_action", "character": "howler",
              "ability": "crowd-cheer", "params": {}})
    (shape,) = m.prompt["described"]
    assert shape["fields"]["outcome"]["choices"][-2:] == ["to_battle_zone", "to_inactive_zone"]
    with pytest.raises(IllegalDecisionError):  # Ana's battle zone would be empty (A21.6)
        answer(m, outcome="to_inactive_zone", character="howler")
    answer(m, outcome="to_battle_zone", character="howler#2")
    assert [f.id for f in m.state.battle(0)] == ["howler", "howler#2"]
    assert f'"{INVOKED}" — the table, both players agreeing, decides: Howler #2 goes to ' \
        "the battle zone." in "\n".join(R.narrative(m))


def test_a_simple_duel_offers_no_zone_move():
    m = match(howler())
    assert "to_battle_zone" not in m.prompt["described"][0]["fields"]["outcome"]["choices"]


TURN_TEXT = "At the start of each of its turns Howler catches its breath."


def test_an_owner_turn_start_ability_is_asked_each_time_its_owners_turn_begins():
    card = howler(note=False)
    card["special_ability"] = {"name": "Breath", "text": TURN_TEXT,
                               "timing": "owner_turn_start"}
    m = at_turn(card)  # Ana's first turn has just begun
    assert m.prompt["kind"] == "card_text" and m.prompt["card_text"]["source"] == \
        "ability: Breath"
    assert "damage" not in m.prompt["described"][0]["fields"]["outcome"]["choices"]
    answer(m, outcome="power", amount=10)
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [0])
    assert m.state.fighters["howler"].power == 10
    attack(m, "drain-beam")
    m.decide({"player": 1, "kind": "die", "value": 4})  # an Escape; Ben's turn, no text
    assert (m.prompt["kind"], m.prompt["players"]) == ("turn_action", [1])
    attack(m, "blade-rush")  # costs nothing
    m.decide({"player": 0, "kind": "die", "value": 4})  # Howler's NORMAL 4: an Escape
    assert m.prompt["kind"] == "card_text" and m.state.to_act == 0 and m.state.turn == 3
    assert "\n".join(R.narrative(m)).count(f'"{TURN_TEXT}". What does it do?') == 2


def test_a_note_cannot_wait_for_the_start_of_a_turn():
    card = howler()
    card["attack_moves"][0]["notes"][0]["timing"] = "owner_turn_start"
    with pytest.raises(RecordError) as err:
        check_document(document(card))
    assert err.value.field == "characters[0].attack_moves[0].notes[0].timing"
