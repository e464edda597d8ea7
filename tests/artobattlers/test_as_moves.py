"""Scenarios AS11-AS28 and AS34 of scenarios.md: manual moves, shield, power points, life
costs and sacrifice, chains, limits, effects, force challenges, strikers, endings."""

from __future__ import annotations

import pytest

from judge.errors import IllegalDecisionError, RecordError
from tests.artobattlers.scene import (
    EK,
    GB,
    MJ,
    VW,
    R,
    attack,
    ca,
    die,
    duel,
    duel_dice,
    f,
    fc,
    kinds,
    lp,
    mm,
    moves,
    power_turn,
    pp,
    record,
    types,
)


def test_as11_shield_over_several_turns_and_overkill_by_sub_kind():
    m = duel(EK, MJ, first=1)
    attack(m, "thorn-volley", pay="lp")
    mm(m, 1)
    assert (f(m, EK).shield, lp(m, EK)) == (40, 300)
    power_turn(m)
    attack(m, "venom-fang")
    facts = mm(m, 1)
    assert (f(m, EK).shield, f(m, EK).effect) == (10, None) and "EffectBlocked" in types(facts)
    power_turn(m)
    attack(m, "rending-claws")
    mm(m, 1)
    assert f(m, EK).shield_destroyed and lp(m, EK) == 260 and m.state.to_act == 0
    assert "mm1" not in kinds(m) if m.state.step == "reply" else True


def test_as11_row_b_single_attack_loses_the_excess():
    m = duel(EK, MJ, first=1, harness={EK: {"shield": 10}})
    attack(m, "pounce")
    mm(m, 1)
    assert f(m, EK).shield_destroyed and lp(m, EK) == 300


@pytest.mark.parametrize("reply, ek, shield", [("mm1", 240, 80), ("mm2", 240, 80),
                                               ("die3", 270, 80)])
def test_as12_issue_type_4_beats_mm1_and_mm2(reply, ek, shield):
    m = duel(EK, GB, first=1)
    attack(m, "piston-slam")
    {"mm1": lambda: mm(m, 1), "mm2": lambda: mm(m, 2), "die3": lambda: die(m, 3)}[reply]()
    assert (lp(m, EK), f(m, EK).shield) == (ek, shield)


def test_as13_defense_that_is_not_enough_and_a_defence_that_kills():
    m = duel(EK, GB, first=1, harness={EK: {"life": 40, "shield": 0}})
    attack(m, "crusher-grip")
    assert kinds(m) == ["die"]
    with pytest.raises(IllegalDecisionError) as err:
        mm(m, 2)
    assert "AG9" in err.value.rule and "not above half of 90" in err.value.reason
    facts = die(m, 3)
    assert [x.after for x in facts if type(x).__name__ == "DamageDealt"] == [-5]
    assert m.outcome.winner == 1
    m = duel(EK, GB, first=1, harness={EK: {"life": 50, "shield": 0}})
    attack(m, "crusher-grip")
    mm(m, 2)
    assert lp(m, EK) == 5
    m = duel(EK, GB, first=1, harness={EK: {"life": 45, "shield": 0}},
             rulings={"AG9": "lp_at_least_half"})
    attack(m, "crusher-grip")
    mm(m, 2)
    assert m.outcome.winner == 1


@pytest.mark.parametrize("reply, vw, vw_pp", [((3, 1), 120, 50), ((3, 2), 150, 0)])
def test_as14_nullify_multiples(reply, vw, vw_pp):
    m = duel(EK, VW)
    attack(m, "flame-combo")
    assert kinds(m) == ["die", "mm3x1", "mm3x2", "mm4"]
    mm(m, *reply)
    assert (lp(m, VW), pp(m, VW)) == (vw, vw_pp)
    m = duel(EK, VW, harness={VW: {"power": 20}})
    attack(m, "flame-combo")
    assert kinds(m) == ["die", "mm4"]


def test_as15_escape_its_cost_type_4_and_the_lp_floor():
    m = duel(GB, VW)
    attack(m, "steam-burst")
    mm(m, 4)
    assert (lp(m, VW), pp(m, VW)) == (150, 40)
    m = duel(EK, VW)
    attack(m, "ember-shot")
    assert kinds(m) == ["die", "mm3x1", "mm3x2", "mm4", "fc:arc-storm"]
    mm(m, 4)
    assert (lp(m, VW), pp(m, VW)) == (100, 60)
    m = duel(EK, MJ, harness={MJ: {"life": 20}})
    attack(m, "blade-rush")
    assert kinds(m) == ["die"]
    m = duel(EK, MJ, harness={MJ: {"life": 21}})
    attack(m, "blade-rush")
    mm(m, 4)
    assert lp(m, MJ) == 1


def test_as16_power_points_running_out():
    m = duel(VW, GB, harness={VW: {"power": 30}})
    assert "arc-storm" not in {x for x, _, _ in moves(m)}
    assert ("finishing-bolt", "pp", False) in moves(m)
    attack(m, "static-lash")
    die(m, 5)
    attack(m, "hydraulic-jab")
    assert kinds(m) == ["die", "mm3x1", "mm4"]
    die(m, 6)
    attack(m, "arc-storm")
    assert kinds(m) == ["die"]
    die(m, 2)
    attack(m, "piston-slam")
    assert kinds(m) == ["die"]
    die(m, 1)
    assert (lp(m, VW), pp(m, VW), lp(m, GB), m.state.to_act) == (80, 20, 310, 0)


def test_as17_the_pp_turn_and_the_cap():
    m = duel(EK, GB, harness={EK: {"power": 90}})
    power_turn(m)
    assert pp(m, EK) == 100 and m.state.to_act == 1
    m = duel(EK, GB, harness={EK: {"power": 100}})
    power_turn(m)
    assert pp(m, EK) == 100
    m = duel(EK, VW, first=1, harness={VW: {"power": 115}})
    attack(m, "static-lash")
    die(m, 6)
    ca(m, "1")
    assert (lp(m, VW), pp(m, VW)) == (110, 120)


@pytest.mark.parametrize("reply, ek, outcome", [
    (("die", 1), 0, (None, True)), (("die", 4), 100, (0, False)),
    (("mm", 1), 60, (0, False)), (("mm", 2), 40, (0, False)), (("die", 6), 100, (0, False))])
def test_as18_sacrifice_draw_or_defeat(reply, ek, outcome):
    m = duel(EK, VW, first=1, harness={EK: {"life": 100}, VW: {"life": 50}})
    assert ("overload", None, True) in moves(m) and ("overload", None, False) not in moves(m)
    attack(m, "overload", sacrifice=True)
    assert f(m, VW).in_play and lp(m, VW) == 0 and pp(m, VW) == 70
    assert kinds(m) == ["die", "mm1", "mm2"]
    die(m, reply[1]) if reply[0] == "die" else mm(m, reply[1])
    assert lp(m, EK) == ek and f(m, VW).status == "destroyed"
    assert (m.outcome.winner, m.outcome.draw) == outcome


def test_as18_what_cannot_be_sacrificed():
    m = duel(EK, VW, first=1, harness={VW: {"life": 10}})
    assert "arc-storm" not in {x for x, _, _ in moves(m)}
    assert ("overload", None, True) in moves(m)
    m = duel(EK, GB, harness={EK: {"life": 20}})
    assert {x for x in moves(m) if x[0] == "searing-brand"} == {
        ("searing-brand", "pp", False), ("searing-brand", "lp", True)}
    m = duel(EK, GB, harness={EK: {"life": 20}},
             rulings={"AG22": "pp_or_lp_sacrifice_forbidden"})
    assert {x for x in moves(m) if x[0] == "searing-brand"} == {("searing-brand", "pp", False)}


def test_as19_a_counterattack_wins_a_simple_duel():
    m = duel(EK, VW, first=1, harness={VW: {"life": 30}})
    attack(m, "static-lash")
    die(m, 6)
    ca(m, "1")
    assert m.outcome.to_json() == {"winner": 0, "draw": False, "reason": "all_destroyed"}


def test_as20_chain_extra_attack_and_damp_hide():
    m = duel(EK, MJ)
    attack(m, "twin-slash")
    assert kinds(m) == ["die", "mm2", "mm4"]
    die(m, 1)
    assert m.prompt["kind"] == "extra_attack"
    assert {x for x, _, _ in moves(m)} == {"blade-rush", "pommel-strike", "flame-combo",
                                           "searing-brand", "ember-shot", "inferno-lance"}
    m.decide({"player": 0, "kind": "extra_attack", "move": "flame-combo", "pay": None,
              "sacrifice": False})
    assert m.state.attack.dp == 60 and lp(m, EK) == 280
    assert kinds(m) == ["die", "mm2", "mm4", "fc:pounce"]
    die(m, 2)
    assert lp(m, MJ) == 160 and m.state.to_act == 1


def _declared_dp(m, option) -> int:
    [declared] = [f for f in m.decide(option) if type(f).__name__ == "AttackDeclared"]
    return declared.dp


def test_the_prompt_says_what_each_attack_counts_before_it_is_declared():
    """AS20's Damp Hide, before the attack: the prompt's ``attack_dp`` gives each attack
    option's move the DP its declaration then records (A18.2), for the console's buttons;
    the printed DP where nothing changes it. The extra attack's prompt gives it too."""
    m = duel(EK, MJ)
    counted = {(e["character"], e["move"], e["target"]): (e["dp"], e["note"])
               for e in m.prompt["attack_dp"]}
    assert counted[(EK, "flame-combo", MJ)] == (60, "Damp Hide: a FIRE move counts 20 less")
    assert counted[(EK, "twin-slash", MJ)] == (30, "")
    attacks = [o for o in m.prompt["options"] if o["kind"] == "attack"]
    assert {(o["character"], o["move"], o["target"]) for o in attacks} == set(counted)
    for o in attacks:
        assert _declared_dp(duel(EK, MJ), o) == counted[(o["character"], o["move"], o["target"])][0]
    attack(m, "twin-slash")
    assert "attack_dp" not in m.prompt  # the reply offers no attack
    die(m, 1)
    extra = {e["move"]: e for e in m.prompt["attack_dp"]}
    assert extra["flame-combo"] == {"character": EK, "striker": False, "move": "flame-combo",
                                    "target": MJ, "dp": 60,
                                    "note": "Damp Hide: a FIRE move counts 20 less"}
    option = next(o for o in m.prompt["options"] if o.get("move") == "flame-combo")
    assert _declared_dp(m, option) == 60


@pytest.mark.parametrize("row, mj, ek", [("die3", 235, 300), ("ca3", 250, 250),
                                         ("mm4", 230, 300)])
def test_as20_no_extra_attack_without_full_success(row, mj, ek):
    m = duel(EK, MJ)
    attack(m, "twin-slash")
    if row == "die3":
        die(m, 3)
    elif row == "ca3":
        die(m, 6)
        ca(m, "3")
    else:
        mm(m, 4)
    assert (lp(m, MJ), lp(m, EK), m.state.to_act) == (mj, ek, 1)


def test_as21_size_and_lp_limits_waste_the_turn():
    m = duel(MJ, GB)
    attack(m, "pounce")
    assert lp(m, MJ) == 240 and m.state.to_act == 1
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 1, "kind": "die", "value": 1})
    assert err.value.rule == "A12.4"
    attack(m, "crusher-grip")
    die(m, 1)
    assert lp(m, MJ) == 150
    m = duel(EK, VW, first=1, harness={EK: {"life": 120}})
    attack(m, "finishing-bolt", pay="lp")
    assert (lp(m, VW), pp(m, VW), m.state.to_act) == (130, 60, 0)
    m = duel(EK, VW, first=1, harness={EK: {"life": 120}}, rulings={"AG11": "nothing_paid"})
    attack(m, "finishing-bolt", pay="pp")
    assert pp(m, VW) == 60


def test_as22_venom_conditions_duration_and_one_effect_at_a_time():
    m = duel(EK, MJ, first=1)
    attack(m, "venom-fang")
    die(m, 1)
    assert lp(m, EK) == 270 and f(m, EK).effect.ends_after_turn == 3
    power_turn(m)
    assert lp(m, EK) == 260
    attack(m, "venom-fang")
    die(m, 2)
    assert lp(m, EK) == 220 and f(m, EK).effect is None
    power_turn(m)
    assert lp(m, EK) == 220


def test_as22_venom_on_other_targets():
    m = duel(GB, MJ, first=1)
    attack(m, "venom-fang")
    die(m, 1)
    assert lp(m, GB) == 370 and f(m, GB).effect is None
    m = duel(VW, MJ, first=1)
    attack(m, "venom-fang")
    die(m, 1)
    assert (lp(m, VW), pp(m, VW)) == (120, 80)
    attack(m, "static-lash")
    die(m, 4)
    assert (lp(m, VW), pp(m, VW)) == (110, 110)


def test_as23_scorch_forbids_manual_moves_and_force_challenges():
    m = duel(EK, MJ)
    attack(m, "searing-brand", pay="pp")
    assert kinds(m) == ["die", "mm2", "mm4"]
    die(m, 1)
    assert lp(m, MJ) == 190 and f(m, MJ).effect.name == "Scorch"
    attack(m, "rending-claws")
    die(m, 4)
    attack(m, "flame-combo")
    assert kinds(m) == ["die"]
    with pytest.raises(IllegalDecisionError) as err:
        mm(m, 2)
    assert "Scorch" in err.value.reason
    die(m, 3)
    assert lp(m, MJ) == 160 and f(m, MJ).effect is None


def test_as24_blue_force_challenge():
    m = duel(EK, VW, first=1)
    attack(m, "arc-storm")
    assert (pp(m, VW), lp(m, VW)) == (20, 140)
    assert kinds(m) == ["die", "mm1", "mm2", "fc:ember-shot"]
    fc(m, "ember-shot")
    assert (lp(m, EK), pp(m, EK)) == (290, 40)
    duel_dice(m, 3, 3)
    assert m.prompt["kind"] == "duel_die"
    duel_dice(m, 5, 2)
    assert (lp(m, VW), pp(m, VW), lp(m, EK), m.state.to_act) == (90, 40, 290, 0)


def test_as24_rows():
    m = duel(EK, VW, first=1)
    attack(m, "arc-storm")
    fc(m, "ember-shot")
    duel_dice(m, 1, 6)
    assert lp(m, EK) == 220
    m = duel(EK, VW, first=1, harness={EK: {"life": 10}})
    attack(m, "arc-storm")
    assert "fc:ember-shot" not in kinds(m)


@pytest.mark.parametrize("dice, result", [((4, 4), (None, True)), ((6, 2), (0, False)),
                                          ((1, 5), (1, False))])
def test_as25_green_force_challenge_impact_tie_is_a_draw(dice, result):
    m = duel(EK, MJ, harness={EK: {"life": 60}, MJ: {"life": 65}})
    attack(m, "flame-combo")
    assert kinds(m) == ["die", "mm2", "mm4", "fc:pounce"]
    fc(m, "pounce")
    assert lp(m, MJ) == 55
    duel_dice(m, *dice)
    assert (m.outcome.winner, m.outcome.draw) == result


def test_as26_striker():
    m = duel(EK, MJ, first=1)
    attack(m, "mite-bite", striker=True)
    assert kinds(m) == ["die", "mm1", "mm2", "fc:flame-combo"]
    die(m, 6)
    ca(m, "1")
    assert (f(m, MJ).striker_life, lp(m, MJ)) == (20, 250)
    assert {o["target"] for o in m.prompt["options"] if o["kind"] == "attack"} == {MJ}
    attack(m, "pommel-strike")
    die(m, 6)
    ca(m, "3")
    assert (lp(m, EK), pp(m, MJ)) == (250, 20)
    attack(m, "spore-spit", striker=True)
    assert pp(m, MJ) == 10
    die(m, 1)
    assert lp(m, EK) == 230
    power_turn(m)
    attack(m, "mite-bite", striker=True)
    fc(m, "flame-combo")
    duel_dice(m, 5, 3)
    assert lp(m, EK) == 220 and f(m, MJ).striker_destroyed
    power_turn(m)
    assert not [o for o in m.prompt["options"] if o.get("striker")]


def test_as27_give_up():
    m = duel(EK, VW, first=1)
    attack(m, "arc-storm")
    m.decide({"player": 0, "kind": "give_up"})
    assert m.outcome.to_json() == {"winner": 1, "draw": False, "reason": "give_up"}
    assert lp(m, EK) == 300 and m.prompt is None


HUSK = {"id": "husk", "name": "Husk", "character_type": "dummy", "dice_type": "normal",
        "size": 2, "level_globes": 1, "life_points": 50,
        "power_points": {"start": 0, "limit": 40}, "power_raises": [], "shield": None,
        "striker": None, "manual_moves": [], "counterattacks": [], "special_ability": None,
        "attack_moves": [{"id": "drain-beam", "name": "Drain Beam", "class": "distance",
                          "kind": "DA-S", "dp": 30, "cost": {"form": "pp", "pp": 40},
                          "nature": [], "issues": {
                              "overcome_counterattacks": [], "nullify_counterattacks": [],
                              "double_impact_counterattacks": [], "overcome_manual_moves": [],
                              "defeats_defense": False}, "force_challenge": None,
                          "size_limit": None, "lp_limit": None, "chain": False,
                          "speed": False, "effect": None}]}


def test_as28_no_more_issues_automatic_declared_agreed():
    gb = R.catalogue()["sets"]["artobattlers-sample-v1"]["characters"][1]
    rec = record("husk", GB)
    rec["setup"]["characters"] = [HUSK, gb]
    m = R.from_record({**rec, "decisions": rec["decisions"] + [
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1}]})
    assert m.outcome.to_json() == {"winner": 1, "draw": False, "reason": "no_more_issues"}
    rec = record("husk", "husk")
    rec["setup"]["characters"] = [HUSK]
    m = R.from_record({**rec, "decisions": rec["decisions"] + [
        {"player": 0, "kind": "start_die", "value": 6},
        {"player": 1, "kind": "start_die", "value": 1}]})
    assert m.outcome.draw and set(m.state.fighters) == {"husk", "husk#2"}
    m = duel(EK, GB)
    m.decide({"player": 0, "kind": "no_more_issues"})
    assert m.outcome.winner == 1
    m = duel(EK, GB)
    m.decide({"kind": "agree_no_more_issues", "players": [0, 1]})
    assert m.outcome.to_json() == {"winner": None, "draw": True, "reason": "agreement"}


def test_as34_the_example_record_replays_to_its_stated_end():
    from tests.api.test_artobattlers_api import AS34, SETUP
    m = R.from_record({"ruleset": "artobattlers", "setup": SETUP, "decisions": AS34})
    assert m.outcome.winner == 0 and (lp(m, VW), pp(m, VW)) == (100, 10)
    assert f(m, GB).status == "destroyed" and m.prompt is None


def test_a_bad_character_file_names_the_field_and_a_bad_format_too():
    bad = dict(HUSK, attack_moves=[dict(HUSK["attack_moves"][0], kind="BA-S")])
    rec = record("husk", "husk")
    rec["setup"]["characters"] = [bad]
    with pytest.raises(RecordError) as err:
        R.from_record(rec)
    assert err.value.field == "setup.characters[0].attack_moves[0].kind"
    rec["setup"]["characters"] = [dict(HUSK, dice_type="wobbly")]
    with pytest.raises(RecordError) as err:
        R.from_record(rec)
    assert err.value.field == "setup.characters[0].dice_type"
    rec = record(EK, GB)
    rec["setup"]["format"] = "advance_play"  # without its level globe total (A21.1)
    with pytest.raises(RecordError) as err:
        R.from_record(rec)
    assert (err.value.field, err.value.rule) == ("setup.level_globe_total", "A21.1")
    rec["setup"]["format"] = "team_battle"
    with pytest.raises(RecordError) as err:
        R.from_record(rec)
    assert (err.value.field, err.value.rule) == ("setup.format", "A0.6")
