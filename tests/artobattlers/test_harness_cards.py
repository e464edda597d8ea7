"""Rulings the sample characters never reach, judged with harness cards (inline character
data that changes one field of a sample card, as scenarios.md's "Coverage" asks): AG15's
other reading, AG16's ineffective colliding move, AG18 (a chain move with an FC symbol),
AG23 (striker LP costs and chain moves), AG31 (grab challenge), AG35 (effects when
characters leave play), and A0.3/A0.4 (nothing hidden, whole numbers)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import (
    EK,
    GB,
    MJ,
    VW,
    R,
    advance,
    attack,
    die,
    duel,
    duel_dice,
    f,
    fc,
    hit,
    keep,
    lp,
    moves,
    pp,
    record,
    side,
)

SAMPLE = {c["id"]: c for c in R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"]}


def card(base: str, new_id: str, **fields) -> dict:
    """A copy of sample card ``base`` as ``new_id`` with ``fields`` changed."""
    data = copy.deepcopy(SAMPLE[base])
    data.update(id=new_id, name=new_id.replace("-", " ").title(), **fields)
    data.pop("sample", None)
    return data


def with_move(base: str, new_id: str, move: str, striker: bool = False, **changes) -> dict:
    data = card(base, new_id)
    moves_ = data["striker"]["attack_moves"] if striker else data["attack_moves"]
    for m in moves_:
        if m["id"] == move:
            m.update(changes)
    return data


def match(p0: dict | str, p1: dict | str, first: int = 0, harness=None, rulings=None):
    chars = [c for c in (p0, p1) if isinstance(c, dict)]
    ids = [c["id"] if isinstance(c, dict) else c for c in (p0, p1)]
    rec = record(ids[0], ids[1], harness, rulings)
    rec["setup"]["characters"] = chars + [SAMPLE[i] for i in SAMPLE if i not in
                                          {c["id"] for c in chars}]
    m = R.from_record(rec)
    m.decide({"player": 0, "kind": "start_die", "value": 6 if first == 0 else 1})
    m.decide({"player": 1, "kind": "start_die", "value": 6 if first == 1 else 1})
    return m


def test_ag15_other_reading_charges_the_colliding_moves_own_costs():
    m = duel(EK, VW, first=1, rulings={"AG15": "colliding_move_costs_charged"})
    attack(m, "arc-storm")
    option = {"player": 0, "kind": "force_challenge", "move": "ember-shot", "pay": None}
    assert option in m.prompt["options"]
    facts = m.decide(option)
    assert (lp(m, EK), pp(m, EK)) == (290, 10)  # 10 LP for the FC, 30 PP for Ember Shot
    assert [x.rule for x in facts if type(x).__name__ == "CostPaid"] == ["A16.6", "AG15"]
    m = duel(EK, VW, first=1, harness={EK: {"power": 20}},
             rulings={"AG15": "colliding_move_costs_charged"})
    attack(m, "arc-storm")
    assert not [o for o in m.prompt["options"] if o["kind"] == "force_challenge"]


def test_ag16_a_colliding_move_that_is_not_effective_deals_nothing():
    big = card(EK, "big-knight", size=6)  # above Pounce's size limit 5
    m = match(big, MJ)
    attack(m, "flame-combo")
    fc(m, "pounce")
    duel_dice(m, 1, 6)
    assert lp(m, "big-knight") == 280  # only its own 20 LP cost
    back = [e for k, e in m.events if k == "fact" and type(e).__name__ == "DamageDealt"][-1]
    assert (back.character, back.dp, "AG16" in back.text) == ("big-knight", 0, True)
    assert lp(m, MJ) == 240  # the 10 LP of the force challenge only


def test_ag18_a_chain_move_that_wins_a_force_challenge_attacks_again_first():
    knight = with_move(EK, "chain-knight", "twin-slash", force_challenge="green")
    m = match(knight, MJ)
    attack(m, "twin-slash")
    fc(m, "pounce")
    duel_dice(m, 6, 1)
    assert lp(m, MJ) == 210  # 10 LP paid, 30 DP lost in full
    assert m.prompt["kind"] == "extra_attack" and m.state.to_act == 0
    m.decide({"player": 0, "kind": "extra_attack", "move": "blade-rush"})
    die(m, 1)
    assert lp(m, MJ) == 170 and m.state.to_act == 1  # then the declarer's turn


def test_ag23_a_striker_moves_lp_cost_comes_from_the_striker():
    jaw = with_move(MJ, "lp-jaw", "mite-bite", striker=True, cost={"form": "lp", "lp": 20})
    m = match(jaw, EK, first=0)
    facts = attack(m, "mite-bite", striker=True)
    paid = next(x for x in facts if type(x).__name__ == "CostPaid")
    assert (paid.pool, paid.rule, paid.after) == ("striker", "AG23", 40)
    assert lp(m, "lp-jaw") == 250


def test_ag23_a_striker_move_costing_all_its_lp_is_a_sacrifice_of_the_striker():
    jaw = with_move(MJ, "lp-jaw", "mite-bite", striker=True, cost={"form": "lp", "lp": 20})
    m = match(jaw, EK, first=0, harness={"lp-jaw": {"striker": 20}})
    assert ("mite-bite", None, True) in moves(m) and ("mite-bite", None, False) not in moves(m)
    attack(m, "mite-bite", striker=True, sacrifice=True)
    die(m, 1)
    assert f(m, "lp-jaw").striker_destroyed and f(m, "lp-jaw").in_play
    gone = [e for k, e in m.events if k == "fact" and type(e).__name__ == "StrikerDestroyed"]
    assert [(x.cause, x.rule) for x in gone] == [("sacrifice", "A9.3")]


def test_ag23_a_striker_chain_moves_extra_attack_comes_from_the_character():
    jaw = with_move(MJ, "chain-jaw", "mite-bite", striker=True, chain=True,
                    force_challenge=None)
    m = match(jaw, VW)
    attack(m, "mite-bite", striker=True)
    die(m, 1)
    assert m.prompt["kind"] == "extra_attack"
    assert {x for x, _, _ in moves(m)} == {"pounce", "venom-fang", "thorn-volley"}  # no PP
    m.decide({"player": 0, "kind": "extra_attack", "move": "thorn-volley", "pay": "lp"})
    assert m.state.attack.striker is False and m.state.attack.character == "chain-jaw"
    assert m.state.attack.target == VW


def test_ag31_a_grab_challenge_symbol_only_keeps_a_move_out_of_side_attacks():
    grabber = with_move(VW, "grab-wisp", "static-lash", grab_challenge=True)
    sample = [SAMPLE[EK], SAMPLE[GB], SAMPLE[MJ], grabber]
    m = advance_with(sample, [[EK, GB], [MJ, "grab-wisp"]])
    assert m.setup.get("grab_challenge") == ["grab-wisp"]
    with pytest.raises(IllegalDecisionError) as err:
        side(m, EK, (MJ, "thorn-volley", "lp"), ("grab-wisp", "static-lash", None))
    assert err.value.rule == "A22.6" and "grab challenge" in err.value.reason
    hit(m, "grab-wisp", "static-lash", EK)  # otherwise an ordinary move
    die(m, 1)
    assert lp(m, EK) == 280


def advance_with(characters: list[dict], teams: list[list[str]]):
    from tests.artobattlers.scene import advance_record, place
    rec = advance_record(teams)
    rec["setup"]["characters"] = characters
    m = R.from_record(rec)
    place(m, teams[0], 0)
    place(m, teams[1], 1)
    m.decide({"player": 0, "kind": "start_die", "value": 1})
    m.decide({"player": 1, "kind": "start_die", "value": 6})
    keep(m)
    return m


def test_ag35_an_effect_ends_with_its_character():
    m2 = duel(EK, MJ, first=1, harness={EK: {"life": 31}, MJ: {"power": 40}})
    attack(m2, "venom-fang")
    die(m2, 1)  # 31 -> 1, Venom applied
    m2.decide({"player": 0, "kind": "power_turn", "character": EK})  # Venom: 1 -> 0 at T2's end
    ended = [e for k, e in m2.events if k == "fact" and type(e).__name__ == "EffectEnded"]
    assert [(x.reason, x.rule) for x in ended] == [("destroyed", "AG35")]
    assert m2.outcome.winner == 1


def test_ag35_an_effect_keeps_running_when_its_source_is_destroyed():
    m = advance([[EK, GB], [MJ, VW]], [[EK, GB], [MJ, VW]], first=1,
                harness={MJ: {"life": 20}})
    keep(m)
    hit(m, MJ, "venom-fang", EK)
    die(m, 1)  # Mossjaw 20 -> 10, Ember Knight 300 -> 270 and Venom
    keep(m)
    hit(m, EK, "blade-rush", MJ)
    die(m, 1)  # Mossjaw destroyed; Venom ticks at the end of this turn all the same
    assert f(m, MJ).status == "destroyed" and lp(m, EK) == 260
    assert f(m, EK).effect is not None and f(m, EK).effect.source == f"{MJ}/venom-fang"


def test_a0_3_nothing_is_hidden_and_a0_4_every_value_is_whole():
    m = duel(EK, MJ)
    assert not any(R.is_secret(d) for d in ({"player": 0, "kind": "die", "value": 3},
                                            {"player": 1, "kind": "start_die", "value": 2},
                                            {"player": 0, "kind": "attack"}))
    rng = random.Random(3)
    while not m.over:
        m.decide(rng.choice(m.prompt["options"]))
        state = json.loads(json.dumps(R.state_json(m.state, m.prompt)))
        for ch in (c for p in state["players"] for c in p["characters"].values()):
            assert all(type(ch[k]) is int for k in ("life", "life_start"))
            assert ch["power"] is None or type(ch["power"]) is int


def captor(action: str, phases: int = 1) -> dict:
    """Mossjaw whose Venom Fang makes its target captive, or discards it (harness)."""
    return with_move(MJ, f"{action.split('_')[0]}-jaw", "venom-fang", effect={
        "name": "Net" if action == "captive" else "Banish",
        "compatible": {"creature": True, "machine": True, "dummy": True, "unknown": True},
        "phases": phases, "text": "The inflicted character becomes captive."
        if action == "captive" else "The inflicted character is discarded from play.",
        "structured": {"action": action}})


def advance_captor(jaw: dict):
    from tests.artobattlers.scene import advance_record, place
    rec = advance_record([[EK, GB], [jaw["id"], VW]])
    rec["setup"]["characters"] = [SAMPLE[EK], SAMPLE[GB], SAMPLE[VW], jaw]
    m = R.from_record(rec)
    place(m, [EK, GB], 0)
    place(m, [jaw["id"], VW], 1)
    m.decide({"player": 0, "kind": "start_die", "value": 1})
    m.decide({"player": 1, "kind": "start_die", "value": 6})
    keep(m)
    return m


def test_ag40_a_captive_character_cannot_act_be_targeted_or_move_then_returns():
    m = advance_captor(captor("captive"))
    hit(m, "captive-jaw", "venom-fang", EK)
    die(m, 1)
    assert f(m, EK).status == "captive" and f(m, EK).zone == "battle"
    state = R.state_json(m.state, m.prompt)["players"][0]
    assert state["captive"] == [EK] and EK not in state["battle_zone"] + state["out_of_play"]
    # T2: P0's one free character has one layout, laid for him; Ember Knight cannot act.
    assert (m.state.turn, m.prompt["kind"]) == (2, "turn_action")
    assert {o.get("character") for o in m.prompt["options"] if o["kind"] == "attack"} == {GB}
    hit(m, GB, "steam-burst", VW)
    facts = die(m, 4)  # escape; at the end of T2 the captivity ends
    ended = [x for x in facts if type(x).__name__ == "CaptivityEnded"]
    assert [(x.character, x.rule) for x in ended] == [(EK, "AG40")]
    assert f(m, EK).status == "in_play" and f(m, EK).zone == "battle"
    keep(m)
    assert EK in {o["target"] for o in m.prompt["options"] if o["kind"] == "attack"}


def test_ag40_a_player_whose_characters_are_all_captive_loses():
    m = match(EK, captor("captive"), first=1)
    attack(m, "venom-fang")
    die(m, 1)
    assert m.outcome.to_json() == {"winner": 1, "draw": False, "reason": "none_left"}


def test_a24_7_a_discarded_character_leaves_the_match():
    m = advance_captor(captor("discard_from_play"))
    hit(m, "discard-jaw", "venom-fang", EK)
    facts = die(m, 1)
    assert f(m, EK).status == "discarded" and f(m, EK).effect is None
    assert [x.rule for x in facts if type(x).__name__ == "CharacterDiscarded"] == ["A24.7"]
    state = R.state_json(m.state, m.prompt)["players"][0]
    assert state["out_of_play"] == [EK] and not m.over


def test_ag3_a_player_kept_from_acting_only_by_captivity_loses_the_turn_not_the_match():
    from tests.artobattlers.scene import advance_record, place
    from tests.artobattlers.test_as_moves import HUSK
    jaw = captor("captive", phases=2)
    rec = advance_record([[EK, "husk"], [jaw["id"]]], total=6)
    rec["setup"]["characters"] = [SAMPLE[EK], HUSK, jaw]
    m = R.from_record(rec)
    place(m, [EK, "husk"], 0)
    m.decide({"player": 0, "kind": "start_die", "value": 1})
    m.decide({"player": 1, "kind": "start_die", "value": 6})
    hit(m, jaw["id"], "venom-fang", EK)
    facts = die(m, 1)  # Ember Knight captive to the end of T3; Husk cannot pay its move
    lost = [x for x in facts if type(x).__name__ == "TurnLost"]
    assert [(x.rule, x.player, x.turn) for x in lost] == [("AG3", 0, 2)] and not m.over
    assert (m.state.turn, m.state.to_act) == (3, 1)
    hit(m, jaw["id"], "rending-claws", "husk")
    die(m, 5)  # Husk (NORMAL) escapes on a 5; the captivity ends with T3
    assert f(m, EK).status == "in_play" and (m.state.turn, m.state.to_act) == (4, 0)
