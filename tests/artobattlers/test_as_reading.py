"""Scenarios AS01-AS10 of scenarios.md: starting the match and reading the die."""

from __future__ import annotations

import pytest

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
    f,
    kinds,
    lp,
    mm,
    moves,
    pp,
    record,
)


def test_as01_a_tied_start_roll_is_rolled_again_and_a_rejected_roll_changes_nothing():
    m = R.from_record(record(EK, VW))
    m.decide({"player": 0, "kind": "start_die", "value": 4})
    m.decide({"player": 1, "kind": "start_die", "value": 4})
    assert m.prompt["kind"] == "start_die" and m.prompt["players"] == [0, 1]
    assert m.prompt["decider"] == "chance"
    m.decide({"player": 0, "kind": "start_die", "value": 2})
    before = R.state_json(m.state, None)
    m.decide({"kind": "roll_rejected", "player": 1, "value": 6, "reason": "under 4 inches"})
    assert {**R.state_json(m.state, None)} == before
    m.decide({"player": 1, "kind": "start_die", "value": 5})
    assert m.state.to_act == 1 and m.state.turn == 1
    assert m.prompt["kind"] == "turn_action" and m.prompt["players"] == [1]
    assert moves(m) == {("static-lash", None, False), ("spark-needle", None, False),
                        ("arc-storm", None, False), ("finishing-bolt", "pp", False),
                        ("finishing-bolt", "lp", False), ("overload", None, False)}
    assert not [o for o in m.prompt["options"] if o["kind"] == "power_turn"]
    assert {s["kind"] for s in m.prompt["standing"]} == {
        "give_up", "no_more_issues", "agree_no_more_issues"}


@pytest.mark.parametrize("value, ek, vw, vw_pp", [
    (1, 280, 150, 70), (2, 280, 150, 70), (3, 290, 150, 70), (4, 300, 150, 70),
    (5, 300, 150, 70)])
def test_as02_normal_chart_every_face(value, ek, vw, vw_pp):
    m = duel(EK, VW, first=1)
    attack(m, "static-lash")
    assert pp(m, VW) == 70
    assert kinds(m) == ["die", "mm1", "mm2"]
    die(m, value)
    assert (lp(m, EK), lp(m, VW), pp(m, VW), pp(m, EK)) == (ek, vw, vw_pp, 40)
    assert m.state.to_act == 0


@pytest.mark.parametrize("choice, vw, vw_pp", [("7", 90, 90), ("1", 110, 90)])
def test_as02_normal_six_counterattack_choice(choice, vw, vw_pp):
    m = duel(EK, VW, first=1)
    attack(m, "static-lash")
    die(m, 6)
    assert m.prompt["kind"] == "counterattack" and m.prompt["players"] == [0]
    assert [o["id"] for o in m.prompt["options"]] == ["1", "7"]
    ca(m, choice)
    assert (lp(m, EK), lp(m, VW), pp(m, VW)) == (300, vw, vw_pp)


@pytest.mark.parametrize("value, vw, vw_pp", [(1, 130, 80), (2, 130, 80), (3, 130, 80),
                                              (4, 150, 60), (5, 150, 60), (6, 150, 60)])
def test_as03_simple_chart_every_face(value, vw, vw_pp):
    m = duel(EK, VW)
    attack(m, "pommel-strike")
    assert kinds(m) == ["die", "mm3x1", "mm3x2", "mm4"]
    die(m, value)
    assert (lp(m, VW), pp(m, VW)) == (vw, vw_pp)


@pytest.mark.parametrize("value, gb", [(1, 360), (2, 360), (3, 380), (4, 360), (5, 360),
                                       (6, 380)])
def test_as04_stay_chart_every_face(value, gb):
    m = duel(MJ, GB)
    assert ("thorn-volley", "pp", False) not in moves(m)
    attack(m, "thorn-volley", pay="lp")
    assert lp(m, MJ) == 240
    assert kinds(m) == ["die"] and m.prompt["decider"] == "chance"
    die(m, value)
    assert lp(m, GB) == gb


@pytest.mark.parametrize("value, ek", [(4, 270), (5, 300), (3, 285), (6, 300)])
def test_as05a_speed_on_normal(value, ek):
    m = duel(EK, VW, first=1)
    attack(m, "spark-needle")
    facts = die(m, value)
    assert (lp(m, EK), lp(m, VW), pp(m, VW)) == (ek, 150, 70)
    if value == 6:
        assert "NoUsableCounterattack" in [type(x).__name__ for x in facts]


@pytest.mark.parametrize("value, vw, vw_pp", [(4, 115, 80), (5, 150, 60), (6, 150, 60)])
def test_as05b_speed_on_simple(value, vw, vw_pp):
    m = duel(VW, GB, first=1)
    attack(m, "hydraulic-jab")
    die(m, value)
    assert (lp(m, VW), pp(m, VW)) == (vw, vw_pp)


@pytest.mark.parametrize("value, gb", [(4, 370), (3, 385), (6, 385)])
def test_as05c_speed_on_stay_changes_nothing(value, gb):
    m = duel(VW, GB)
    attack(m, "spark-needle")
    die(m, value)
    assert lp(m, GB) == gb


def test_as05d_manual_moves_are_untouched_by_speed():
    m = duel(VW, GB, first=1)
    attack(m, "hydraulic-jab")
    mm(m, 4)
    assert (lp(m, VW), pp(m, VW)) == (150, 40)


def test_as06_def_beats_a_rolled_defense_only():
    m = duel(EK, MJ)
    attack(m, "blade-rush")
    assert kinds(m) == ["die", "mm2", "mm4"]
    die(m, 3)
    assert lp(m, MJ) == 210
    m = duel(EK, MJ)
    attack(m, "blade-rush")
    mm(m, 2)
    assert lp(m, MJ) == 230
    for value in (3, 6):
        m = duel(EK, GB)
        attack(m, "blade-rush")
        die(m, value)
        assert lp(m, GB) == 380
    m = duel(EK, VW)
    attack(m, "blade-rush")
    die(m, 3)
    assert (lp(m, VW), pp(m, VW)) == (110, 80)


@pytest.mark.parametrize("reply, ek", [("die3", 282), ("mm2", 282)])
def test_as07_halving_an_odd_number_rounds_up(reply, ek):
    m = duel(EK, GB, first=1)
    attack(m, "hydraulic-jab")
    assert kinds(m) == ["die", "mm1", "mm2"]
    die(m, 3) if reply == "die3" else mm(m, 2)
    assert lp(m, EK) == ek


def test_as07_against_mossjaw_and_the_round_down_reading():
    m = duel(MJ, GB, first=1)
    attack(m, "hydraulic-jab")
    die(m, 3)
    assert lp(m, MJ) == 232
    m = duel(EK, GB, first=1, rulings={"AG4": "round_down"})
    attack(m, "hydraulic-jab")
    die(m, 3)
    assert lp(m, EK) == 283 and m.state.rulings["AG4"] == "round_down"


def test_as08a_no_usable_counterattack():
    m = duel(EK, VW, first=1)
    attack(m, "spark-needle")
    die(m, 6)
    assert (lp(m, VW), lp(m, EK), pp(m, VW)) == (150, 300, 70)


@pytest.mark.parametrize("choice, ek", [("3", 250), ("5", 280), ("b", 270)])
def test_as08b_body_move_against_mossjaw(choice, ek):
    m = duel(EK, MJ)
    attack(m, "blade-rush")
    die(m, 6)
    assert [o["id"] for o in m.prompt["options"]] == ["3", "5", "b"]
    ca(m, choice)
    assert (lp(m, EK), lp(m, MJ), pp(m, MJ)) == (ek, 250, 20)


def test_as08c_distance_move_two_value_counterattack_and_d_the_cap():
    m = duel(GB, MJ)
    attack(m, "steam-burst")
    die(m, 6)
    assert [o["id"] for o in m.prompt["options"]] == ["4", "6", "b"]
    ca(m, "b")
    assert (lp(m, GB), pp(m, MJ)) == (350, 20)
    m = duel(GB, MJ, harness={MJ: {"power": 50}})
    attack(m, "steam-burst")
    die(m, 6)
    facts = ca(m, "6")
    assert (lp(m, GB), pp(m, MJ)) == (340, 60)
    raised = [x for x in facts if type(x).__name__ == "PowerRaised"][0]
    assert (raised.requested, raised.gained) == (20, 10)


@pytest.mark.parametrize("reply, ek, mj", [
    (("die", 6, "1"), 200, 220), (("die", 6, "7"), 300, 220), (("die", 1, None), 200, 220),
    (("die", 3, None), 250, 220)])
def test_as09_issue_types_1_and_2_maul(reply, ek, mj):
    m = duel(EK, MJ, first=1, harness={MJ: {"power": 40}})
    attack(m, "maul")
    assert (pp(m, MJ), lp(m, MJ)) == (20, 220)
    assert kinds(m) == ["die", "mm1", "mm2"]
    die(m, reply[1])
    if reply[2]:
        ca(m, reply[2])
    assert (lp(m, EK), lp(m, MJ)) == (ek, mj)


def test_as09_maul_into_the_shield_loses_the_excess_and_the_variant_without_pp():
    m = duel(EK, MJ, first=1, harness={MJ: {"power": 40}})
    attack(m, "maul")
    mm(m, 1)
    assert f(m, EK).shield_destroyed and lp(m, EK) == 300
    m = duel(EK, MJ, first=1, harness={MJ: {"power": 10}})
    assert "maul" not in {mv for mv, _, _ in moves(m)}


@pytest.mark.parametrize("choice, mj, gb", [("4", 200, 350), ("6", 250, 390),
                                             ("b", 250, 340)])
def test_as10_issue_types_3_and_2_rivet_barrage(choice, mj, gb):
    m = duel(GB, MJ)
    attack(m, "rivet-barrage")
    assert lp(m, GB) == 390
    die(m, 6)
    ca(m, choice)
    assert (lp(m, MJ), lp(m, GB), pp(m, MJ)) == (mj, gb, 20)


def test_as10_a_double_impact_that_kills_both_is_a_draw():
    m = duel(GB, MJ, harness={GB: {"life": 45}, MJ: {"life": 50}})
    attack(m, "rivet-barrage")
    die(m, 6)
    facts = ca(m, "4")
    dealt = {(x.character, x.after) for x in facts if type(x).__name__ == "DamageDealt"}
    assert dealt == {(MJ, 0), (GB, -5)}
    assert f(m, MJ).striker_destroyed and f(m, GB).status == f(m, MJ).status == "destroyed"
    assert m.outcome.to_json() == {"winner": None, "draw": True, "reason": "all_destroyed"}
    assert m.prompt is None
