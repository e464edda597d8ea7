"""Card texts with a choice or a die, on harness cards (no sample card has them): a Special
Ability's turn action (``ability_action``, A3.3 (d)), an effect the attacker ``may`` apply,
an effect whose forbidden reply he must ``pick`` (decisions.md 15), and an effect that
calls for a dice duel at the end of each turn (R-text of A25, A16.1)."""

from __future__ import annotations

import pytest

from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import (
    EK,
    MJ,
    R,
    attack,
    die,
    f,
    kinds,
    lp,
    power_turn,
    types,
)
from tests.artobattlers.test_as_moves import HUSK
from tests.artobattlers.test_harness_cards import card, match, with_move

SECOND_WIND = {"name": "Second Wind", "text": "Pay the turn: regain 30 LP.",
               "structured": {"action": "restore_life_turn", "amount": 30}}


def scorch(**changes) -> dict:
    """Ember Knight with Searing Brand's Scorch changed."""
    knight = card(EK, "text-knight")
    brand = next(m for m in knight["attack_moves"] if m["id"] == "searing-brand")
    brand["effect"].update({k: v for k, v in changes.items() if k == "optional"})
    if "pick" in changes:
        brand["effect"]["structured"]["pick"] = changes["pick"]
    return knight


def test_an_ability_turn_action_restores_life_up_to_the_start():
    gear = card("gearback", "wind-gear", special_ability=SECOND_WIND)
    m = match(gear, EK, harness={"wind-gear": {"life": 350}})
    option = {"player": 0, "kind": "ability_action", "character": "wind-gear",
              "ability": "second-wind", "params": {}}
    assert option in m.prompt["options"]
    facts = m.decide(option)
    restored = next(x for x in facts if type(x).__name__ == "LifeRestored")
    assert (restored.rule, restored.gained, lp(m, "wind-gear")) == (
        "wind-gear/second-wind", 30, 380)
    assert m.state.to_act == 1 and "TurnEnded" in types(facts)
    m.decide({"player": 1, "kind": "give_up"})
    m = match(gear, EK, harness={"wind-gear": {"life": 390}})
    m.decide(option)
    assert lp(m, "wind-gear") == 400  # never above the starting LP (A1.26)


def test_an_ability_action_is_refused_for_a_character_without_one():
    m = match(card("gearback", "wind-gear", special_ability=SECOND_WIND), EK, first=1)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 1, "kind": "ability_action", "character": EK,
                  "ability": "second-wind", "params": {}})
    assert err.value.rule == "A18"


def test_an_ability_action_is_an_issue_for_ag3():
    husk = dict(HUSK, special_ability=SECOND_WIND)
    m = match(husk, EK)  # Husk cannot pay its only move, but may regain LP
    assert not m.over and [o["kind"] for o in m.prompt["options"]] == ["ability_action"]


@pytest.mark.parametrize("accept", [True, False])
def test_may_the_attacker_chooses_whether_to_apply_the_effect(accept):
    m = match(scorch(optional=True), MJ)
    attack(m, "searing-brand", pay="pp")
    die(m, 1)
    assert (m.prompt["kind"], m.prompt["players"]) == ("may", [0])
    assert m.prompt["options"] == [{"player": 0, "kind": "may", "accept": True},
                                   {"player": 0, "kind": "may", "accept": False}]
    with pytest.raises(IllegalDecisionError):
        m.decide({"player": 1, "kind": "may", "accept": True})
    facts = m.decide({"player": 0, "kind": "may", "accept": accept})
    assert (f(m, MJ).effect is not None) == accept and m.state.to_act == 1
    if not accept:
        blocked = next(x for x in facts if type(x).__name__ == "EffectBlocked")
        assert (blocked.reason, blocked.rule) == ("declined", "text-knight/searing-brand")


def test_pick_the_attacker_picks_the_reply_the_effect_forbids():
    m = match(scorch(pick=True), MJ, first=0)
    attack(m, "searing-brand", pay="pp")
    die(m, 1)
    assert [o["option"] for o in m.prompt["options"]] == ["manual_move", "force_challenge"]
    m.decide({"player": 0, "kind": "pick", "option": "manual_move"})
    assert f(m, MJ).effect.replies == ["manual_move"]
    m.decide({"player": 1, "kind": "attack", "character": MJ, "move": "rending-claws",
              "target": "text-knight"})
    die(m, 5)
    attack(m, "flame-combo")
    assert kinds(m) == ["die", "fc:pounce"]  # manual moves forbidden, the challenge is not


def test_may_then_pick():
    m = match(scorch(optional=True, pick=True), MJ)
    attack(m, "searing-brand", pay="pp")
    die(m, 1)
    m.decide({"player": 0, "kind": "may", "accept": True})
    assert m.prompt["kind"] == "pick"
    m.decide({"player": 0, "kind": "pick", "option": "force_challenge"})
    assert f(m, MJ).effect.replies == ["force_challenge"]


def hex_jaw() -> dict:
    return with_move(MJ, "hex-jaw", "venom-fang", effect={
        "name": "Hex", "compatible": {"creature": True, "machine": True, "dummy": True,
                                      "unknown": True},
        "phases": 2, "text": "At the end of each of the next 2 turns, a dice duel: if the "
                             "inflicted character's player loses, it takes a Direct Hit of 10.",
        "structured": {"action": "dice_duel_each_phase", "dp": 10}})


def test_r_text_an_effect_calls_for_a_dice_duel_at_the_end_of_each_turn():
    m = match(EK, hex_jaw(), first=1)
    attack(m, "venom-fang")
    die(m, 1)
    assert lp(m, EK) == 270 and f(m, EK).effect.name == "Hex"
    facts = power_turn(m)  # T2 ends: the duel
    assert "TextDuelOpened" in types(facts)
    assert (m.prompt["kind"], m.prompt["decider"], m.prompt["players"]) == (
        "duel_die", "chance", [0, 1])
    state = R.state_json(m.state, m.prompt)
    assert state["step"] == "duel" and state["text_duel"]["effect"] == "Hex"
    m.decide({"player": 0, "kind": "duel_die", "value": 3})
    m.decide({"player": 1, "kind": "duel_die", "value": 3})  # equal: again (A16.1)
    assert m.prompt["kind"] == "duel_die" and m.state.text_duel["rounds"] == [[3, 3]]
    m.decide({"player": 1, "kind": "duel_die", "value": 5})
    facts = m.decide({"player": 0, "kind": "duel_die", "value": 2})
    assert lp(m, EK) == 260 and (m.state.turn, m.state.to_act) == (3, 1)
    assert "TurnStarted" in types(facts)
    attack(m, "rending-claws")
    die(m, 5)  # T3 ends: the duel again; P0 wins it, and Hex ends
    m.decide({"player": 0, "kind": "duel_die", "value": 6})
    facts = m.decide({"player": 1, "kind": "duel_die", "value": 1})
    assert lp(m, EK) == 260 and f(m, EK).effect is None
    assert [x.reason for x in facts if type(x).__name__ == "EffectEnded"] == ["expired"]
    again = R.from_record(m.to_record())
    assert R.state_json(again.state, again.prompt) == R.state_json(m.state, m.prompt)
