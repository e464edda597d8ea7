"""Scenarios AS29-AS33 of scenarios.md: Advance Play (A21, A22): teams by level globes,
battle and inactive zones, the placement review, the lost turn, side attacks, the chain's
extra attack without a review, the effect lock on switching, and a sacrifice that wins."""

from __future__ import annotations

import pytest

from judge.errors import IllegalDecisionError
from tests.artobattlers.scene import (
    EK,
    GB,
    MJ,
    VW,
    R,
    advance,
    advance_record,
    ca,
    die,
    f,
    hit,
    keep,
    kinds,
    layouts,
    legal,
    lp,
    mm,
    place,
    pp,
    side,
    types,
)


def refused(m, decision) -> IllegalDecisionError:
    before = R.state_json(m.state, m.prompt)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide(decision)
    assert R.state_json(m.state, m.prompt) == before  # nothing changes
    return err.value


def zones(m, p):
    player = R.state_json(m.state, m.prompt)["players"][p]
    return player["battle_zone"], player["inactive_zone"]


def pairs(m):
    """(attacker, target) of the attack options."""
    return {(o["character"], o["target"]) for o in m.prompt["options"] if o["kind"] == "attack"}


# --- AS29: teams, zones, targeting, placement review ------------------------------------------


def test_as29_teams_must_add_up_to_the_level_globe_total():
    rec = advance_record([[EK, GB], [MJ, VW]])
    rec["decisions"] = []
    m = R.from_record(rec)
    assert m.prompt["kind"] == "team" and m.prompt["players"] == [0, 1]
    assert {"player": 0, "kind": "team", "characters": [EK, GB]} in legal(m)
    err = refused(m, {"player": 0, "kind": "team", "characters": [EK, MJ]})
    assert "AG26" in err.rule and "11" in err.reason
    m.decide({"player": 0, "kind": "team", "characters": [EK, GB]})
    m.decide({"player": 1, "kind": "team", "characters": [MJ, VW]})  # 6 + 4, any order
    assert m.state.teams == [[EK, GB], [MJ, VW]] and m.prompt["kind"] == "placement"


def test_as29_duplicates_are_separate_instances_and_the_other_readings():
    m = R.from_record(advance_record([[EK, EK], [GB, GB]]))
    assert m.state.teams == [[EK, f"{EK}#2"], [GB, f"{GB}#2"]]
    rec = advance_record([[EK, EK], [GB]], rulings={"AG26": "no_duplicates"})
    with pytest.raises(Exception) as err:
        R.from_record(rec)
    assert "no_duplicates" in str(err.value)
    m = R.from_record(advance_record([[EK], [VW]], rulings={"AG26": "at_most_total"}))
    assert m.state.teams == [[EK], [VW]] and m.state.step == "start_roll"  # one layout each


def test_as29_the_initial_placement_needs_a_battle_zone_character():
    m = R.from_record(advance_record([[EK, GB], [MJ, VW]]))
    err = refused(m, {"player": 0, "kind": "placement", "battle_zone": [],
                      "inactive_zone": [EK, GB]})
    assert err.rule == "A21.6"
    err = refused(m, {"player": 0, "kind": "placement", "battle_zone": [EK],
                      "inactive_zone": []})
    assert err.rule == "A21.3"  # Gearback must be laid too
    place(m, [EK], 0)
    place(m, [MJ, VW], 1)
    assert m.prompt["kind"] == "start_die"
    assert zones(m, 0) == ([EK], [GB]) and zones(m, 1) == ([MJ, VW], [])


def test_as29_the_turns_of_the_scenario():
    m = advance([[EK, GB], [MJ, VW]], [[EK], [MJ, VW]])
    # T1: the review offers every layout, the current one included.
    assert m.prompt["kind"] == "placement" and layouts(m) == [[EK], [GB], [EK, GB]]
    place(m, [EK, GB])
    assert pairs(m) == {(a, b) for a in (EK, GB) for b in (MJ, VW)}
    hit(m, EK, "blade-rush", VW)
    die(m, 5)
    assert lp(m, VW) == 150
    # T2: P1 sends Volt Wisp to the inactive zone; only battle-zone characters are targets.
    place(m, [MJ])
    assert {b for _, b in pairs(m)} == {EK, GB} and {a for a, _ in pairs(m)} == {MJ}
    hit(m, MJ, "venom-fang", EK)
    assert lp(m, MJ) == 240
    die(m, 1)
    assert lp(m, EK) == 270 and f(m, EK).effect.ends_after_turn == 4
    # T3: Ember Knight is under Venom, so it may not go inactive (A13.5).
    assert layouts(m) == [[EK], [EK, GB]]
    err = refused(m, {"player": 0, "kind": "placement", "battle_zone": [GB],
                      "inactive_zone": [EK]})
    assert err.rule == "A13.5" and "Venom" in err.reason
    keep(m)
    assert {b for _, b in pairs(m)} == {MJ}
    err = refused(m, {"player": 0, "kind": "attack", "character": GB, "move": "piston-slam",
                      "target": VW})
    assert err.rule == "A21.6" and "inactive zone" in err.reason
    hit(m, GB, "piston-slam", MJ)
    err = refused(m, {"player": 0, "kind": "placement", "battle_zone": [EK],
                      "inactive_zone": [GB]})
    assert err.rule == "A21.4" and "once per turn" in err.reason
    die(m, 4)
    assert lp(m, MJ) == 240 and lp(m, EK) == 260  # Venom at the end of T3
    # T4: no PP turn for P1 (neither has the TURN symbol).
    keep(m)
    assert "power_turn" not in {o["kind"] for o in m.prompt["options"]}
    hit(m, MJ, "rending-claws", GB)
    die(m, 1)
    assert lp(m, GB) == 350 and m.prompt["kind"] == "extra_attack"
    m.decide({"player": 1, "kind": "decline_extra_attack"})
    assert lp(m, EK) == 250 and f(m, EK).effect is None
    # T5: Ember Knight is free to go inactive.
    assert (m.state.turn, m.state.to_act) == (5, 0) and [GB] in layouts(m)


# --- AS30: the lost turn --------------------------------------------------------------------


def as30(first: int):
    return advance([[EK, GB], [VW, MJ]], [[EK], [VW]], first=first,
                   harness={VW: {"life": 30, "power": 60}})


def test_as30_a_battle_zone_emptied_by_a_counterattack_costs_the_next_turn():
    m = as30(first=1)
    keep(m)
    hit(m, VW, "static-lash", EK)
    assert pp(m, VW) == 70
    die(m, 6)
    ca(m, "1")
    assert f(m, VW).status == "destroyed" and not m.over
    assert zones(m, 1) == ([], [MJ])
    # T2: P0 may review the placement; then the turn is lost.
    assert (m.state.turn, m.prompt["kind"], m.prompt["players"]) == (2, "placement", [0])
    facts = keep(m)
    assert "TurnLost" in types(facts) and "AttackDeclared" not in types(facts)
    lost = next(x for x in facts if type(x).__name__ == "TurnLost")
    assert lost.rule == "AG27" and lost.player == 0
    # T3: P1's placement is compulsory and has one layout: it is laid for him.
    forced = [x for x in facts if type(x).__name__ == "PlacementSet"][-1]
    assert (forced.player, forced.battle_zone, forced.forced, forced.rule) == (
        1, [MJ], True, "AG27")
    assert (m.state.turn, m.state.to_act, m.prompt["kind"]) == (3, 1, "turn_action")
    assert zones(m, 1) == ([MJ], [])
    hit(m, MJ, "rending-claws", EK)
    assert m.prompt["kind"] == "reply"


def test_as30_contrast_destroyed_on_ones_own_turn_costs_no_turn():
    m = as30(first=0)
    keep(m)
    hit(m, EK, "blade-rush", VW)
    facts = die(m, 1)
    assert f(m, VW).status == "destroyed"
    assert "TurnLost" not in types(facts)
    assert (m.state.turn, m.state.to_act, m.prompt["kind"]) == (2, 1, "turn_action")
    assert zones(m, 1) == ([MJ], [])


# --- AS31: side attack ----------------------------------------------------------------------


def as31(first: int = 1):
    m = advance([[EK, GB], [MJ, VW]], [[EK, GB], [MJ, VW]], first=first)
    keep(m)
    return m


def test_as31_a_full_lead_brings_the_joining_direct_hit():
    m = as31()
    side(m, EK, (MJ, "thorn-volley", "lp"), (VW, "static-lash", None))
    assert lp(m, MJ) == 240 and m.state.attack.kind == "lead"
    assert kinds(m) == ["die", "mm1", "mm2"]
    facts = die(m, 2)
    assert lp(m, EK) == 250 and pp(m, VW) == 70
    made = next(x for x in facts if type(x).__name__ == "JoiningAttackMade")
    assert (made.rule, made.character, made.dp) == ("A22.5", VW, 10)
    assert (m.state.turn, m.state.to_act) == (2, 0)  # one turn; P0 acts next


@pytest.mark.parametrize("reply, ek, shield", [(("die", 3), 280, 80), (("mm", 1), 300, 40)])
def test_as31_a_partial_or_absorbed_lead_stops_the_joining(reply, ek, shield):
    m = as31()
    side(m, EK, (MJ, "thorn-volley", "lp"), (VW, "static-lash", None))
    facts = die(m, reply[1]) if reply[0] == "die" else mm(m, reply[1])
    assert (lp(m, EK), f(m, EK).shield, pp(m, VW)) == (ek, shield, 60)
    assert [x.reason for x in facts if type(x).__name__ == "JoiningAttackNotMade"] == [
        "lead_not_full"]
    assert "JoiningAttackMade" not in types(facts)


def test_as31_plated_hull_takes_the_whole_joining_direct_hit():
    m = as31()
    side(m, GB, (MJ, "thorn-volley", "lp"), (VW, "static-lash", None))
    facts = die(m, 4)
    assert lp(m, GB) == 360 and pp(m, VW) == 70
    joining = [x for x in facts if type(x).__name__ == "DamageDealt"][-1]
    assert (joining.dp, joining.source, "Plated Hull" in joining.text) == (0, "direct_hit", True)


def test_as31_two_afflictions_two_raises():
    m = as31(first=0)
    side(m, VW, (GB, "steam-burst", None), (EK, "pommel-strike", None))
    die(m, 1)
    assert (lp(m, VW), pp(m, VW)) == (100, 100)
    raises = [x for x in m.events if x[0] == "fact" and type(x[1]).__name__ == "PowerRaised"]
    assert [r[1].rule for r in raises][-2:] == ["A8.10", "A22.9"]


@pytest.mark.parametrize("lead, joining, rule, words", [
    ((MJ, "pounce", None), (VW, "static-lash", None), "A22.6", "force challenge"),
    ((MJ, "mite-bite", None), (VW, "static-lash", None), "A22.6", "striker"),
    ((MJ, "rending-claws", None), (VW, "static-lash", None), "A22.6", "chain"),
    ((MJ, "venom-fang", None), (VW, "static-lash", None), "A22.6", "effect"),
    ((VW, "spark-needle", None), (MJ, "thorn-volley", "lp"), "A22.6", "speed"),
    ((VW, "arc-storm", None), (MJ, "thorn-volley", "lp"), "A22.6", "issue symbol"),
    ((VW, "finishing-bolt", "pp"), (MJ, "thorn-volley", "lp"), "A22.6", "LP limit"),
    ((MJ, "thorn-volley", "lp"), (MJ, "thorn-volley", "pp"), "A22.3", "two different"),
])
def test_as31_refused_declarations(lead, joining, rule, words):
    m = as31()
    with pytest.raises(IllegalDecisionError) as err:
        side(m, EK, lead, joining)
    assert err.value.rule == rule and words in err.value.reason


def test_as31_the_joining_character_must_be_in_the_battle_zone():
    m = advance([[EK, GB], [MJ, VW]], [[EK, GB], [MJ, VW]], first=1)
    place(m, [MJ])
    assert "side_attack" not in {o["kind"] for o in m.prompt["options"]}
    with pytest.raises(IllegalDecisionError) as err:
        side(m, EK, (MJ, "thorn-volley", "lp"), (VW, "static-lash", None))
    assert err.value.rule == "A22.3" and "inactive zone" in err.value.reason


# --- AS32: the chain's extra attack, then the effect lock ---------------------------------------


def test_as32_no_review_in_an_extra_attack_and_the_effect_lock():
    m = advance([[EK, GB], [MJ, VW]], [[EK], [MJ]])
    keep(m)
    hit(m, EK, "twin-slash", MJ)
    die(m, 1)
    assert lp(m, MJ) == 220 and m.prompt["kind"] == "extra_attack"
    assert {o["kind"] for o in m.prompt["options"]} == {"extra_attack",
                                                        "decline_extra_attack"}
    err = refused(m, {"player": 0, "kind": "placement", "battle_zone": [EK, GB],
                      "inactive_zone": []})
    assert err.rule == "A14.6"
    m.decide({"player": 0, "kind": "extra_attack", "move": "searing-brand", "pay": "pp"})
    assert pp(m, EK) == 20
    die(m, 2)
    assert lp(m, MJ) == 160 and f(m, MJ).effect.name == "Scorch"
    assert f(m, MJ).effect.ends_after_turn == 3
    # T2: Mossjaw may not go inactive.
    assert layouts(m) == [[MJ], [MJ, VW]]
    place(m, [MJ, VW])
    hit(m, MJ, "pounce", EK)
    assert lp(m, MJ) == 150
    die(m, 5)
    # T3
    keep(m)
    hit(m, EK, "flame-combo", MJ)
    assert lp(m, EK) == 280 and kinds(m) == ["die"]
    die(m, 1)
    assert lp(m, MJ) == 90 and f(m, MJ).effect is None  # Damp Hide 60; Scorch ended
    # T4: now Mossjaw may go inactive.
    assert [VW] in layouts(m)
    place(m, [VW])
    assert zones(m, 1) == ([VW], [MJ])


# --- AS33: a sacrifice that wins ------------------------------------------------------------


def test_as33_a_sacrifice_that_takes_the_last_opponent_wins_with_a_character_left():
    m = advance([[EK, GB], [VW, MJ]], [[EK], [VW]], first=1,
                harness={EK: {"life": 100, "shield": 0}, GB: {"life": 0},
                         VW: {"life": 50, "power": 60}})
    assert f(m, GB).status == "destroyed" and zones(m, 0) == ([EK], [])
    keep(m)
    hit(m, VW, "overload", EK, sacrifice=True)
    assert kinds(m) == ["die", "mm2"]
    facts = die(m, 2)
    dealt = next(x for x in facts if type(x).__name__ == "DamageDealt")
    assert (dealt.before, dealt.after) == (100, -20)
    assert f(m, EK).status == "destroyed" and f(m, VW).status == "destroyed"
    assert (m.outcome.winner, m.outcome.draw) == (1, False)
    assert m.prompt is None and lp(m, MJ) == 250
