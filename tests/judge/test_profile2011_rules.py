"""001's rules where they differ from 2014 (C02, C03, C22/C23) and its worked examples
(the stun examples, the Clockwork Dash hop), judged under ``battlecon-2011``; each cites
001's passage, and the 2014 duel of the same decisions shows the difference."""

from __future__ import annotations

import pytest

from judge.battlecon import engine
from judge.battlecon import facts as F
from judge.battlecon.movement import destinations
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
    answer,
    answer_until,
    dealt,
    facts_of,
    life,
    new_duel,
    pairs,
    pass_ante,
    settle,
    spaces,
    stage,
    stun_checks,
)
from tests.judge.scenes2011 import clash_out_of_bases

BOTH = ("battlecon-2011", "battlecon-2014")
# Kallistar keeps Flare, Blazing and Caustic free as the examples need; Cadenza his Styles.
K_DISCARDS = {"blazing": (("flare", "dash"), ("caustic", "shot")),
              "flare": (("blazing", "dash"), ("caustic", "grasp")),
              "caustic": (("flare", "dash"), ("blazing", "shot"))}
C_DISCARDS = (("battery", "dash"), ("grapnel", "grasp"))


def kallistar_against_cadenza(ruleset: str, k_style: str, c_discards=C_DISCARDS):
    duel = new_duel("kallistar", "cadenza", ruleset=ruleset, d0=K_DISCARDS[k_style],
                    d1=c_discards)
    stage(duel, spaces=(3, 4))  # 001's examples "ignore range and movement"
    return duel


def flare_strike_against_mechanical_shot(ruleset: str):
    """001 Stun example 4's pairs, up to Iron Body's offer after the 7 damage."""
    duel = kallistar_against_cadenza(ruleset, "flare", (("battery", "drive"), ("grapnel", "grasp")))
    pairs(duel, ("flare", "strike"), ("mechanical", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "may" and "Iron Body" in duel.prompt["about"]
    return duel


@pytest.mark.parametrize("ruleset", BOTH)
def test_c02_stun_guard_against_the_total_damage_of_the_beat(ruleset) -> None:
    """001 Common Effects, Stun Guard: "he is not stunned unless the total damage taken this
    turn is greater than his stun guard rating"; 2014 tests each hit alone (R16.4). Cadenza
    (Mechanical Shot, Stun Guard 2) has taken 3 damage this beat and takes a hit of 2."""
    s = flare_strike_against_mechanical_shot(ruleset).state.clone()
    s.players[1].this_beat.damage_taken = 3
    check = engine._stun_check(s, 1, 0, 2)
    assert check.stun_guard == 2
    if ruleset == "battlecon-2011":
        assert (check.damage, check.stunned, check.rule) == (3, True, "001 Common Effects")
        assert "3 (the total damage this beat) is more than" in check.text
    else:
        assert (check.damage, check.stunned, check.rule) == (2, False, "R16.1")


@pytest.mark.parametrize("ruleset", BOTH)
def test_stun_example_4_damage_above_stun_guard_stuns(ruleset) -> None:
    """001 Stun and Stun Guard, Example 4: Flare Strike deals 7 damage to Cadenza's
    Mechanical Shot (Stun Guard 2); "since it is higher than his stun guard value, he is
    stunned, and will not activate his attack"."""
    duel = flare_strike_against_mechanical_shot(ruleset)
    answer(duel, 1, "may", accept=False)
    answer_until(duel, "attack_pair")
    check = stun_checks(duel, 1)[0]
    assert (check.damage, check.stun_guard, check.stunned) == (7, 2, True)
    assert dealt(duel, 1) == [] and life(duel)[1] == 13


@pytest.mark.parametrize("ruleset", BOTH)
def test_c25_stun_example_4_flare_strike_has_priority_4(ruleset) -> None:
    """001 Example 4: "Kallistar uses 'Flare Strike' (priority 4)": Strike 3 and Flare +1,
    no bonus at Reveal; 2014's Flare (+0) adds +3 priority at Reveal in Human Form: 6. Her
    life loss of 3 at that Reveal is 2014's under both (001 gives no 2011 source)."""
    duel = flare_strike_against_mechanical_shot(ruleset)
    active = facts_of(duel.facts, F.BecameActive)[0]
    assert (active.player, active.priorities) == ((0, [4, 0]) if ruleset == "battlecon-2011"
                                                  else (0, [6, 0]))
    gained = [f.amount for f in facts_of(duel.facts, F.StatusGained) if f.source == "Flare"]
    assert gained == ([] if ruleset == "battlecon-2011" else [3])
    assert life(duel)[0] == 17


@pytest.mark.parametrize("ruleset", BOTH)
def test_c25_stun_example_2_soak_takes_all_and_the_human_form_has_none(ruleset) -> None:
    """001 Example 2: Clockwork Drive (priority 1, Soak 3) against Ignition Grasp (priority
    4): "dealing 3 points of damage ... Soak 3 ... he takes 0 damage ... he is able to
    retaliate and score 6 damage on Kallistar". Under 2014 her Human Form's Soak 1 makes
    it 5 (C25: 001's Human Form has no Soak)."""
    duel = kallistar_against_cadenza(ruleset, "blazing", (("battery", "shot"),
                                                          ("grapnel", "strike")))
    pairs(duel, ("ignition", "grasp"), ("clockwork", "drive"))
    pass_ante(duel)
    answer_until(duel, "attack_pair")
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [4, 1]
    assert [(d.power, d.soak, d.amount) for d in dealt(duel, 0)] == [(3, 3, 0)]
    assert not stun_checks(duel, 1) and not facts_of(duel.facts, F.Stunned)
    back = [(d.power, d.soak, d.amount) for d in dealt(duel, 1)]
    if ruleset == "battlecon-2011":
        assert back == [(6, 0, 6)] and life(duel) == (14, 20)
    else:
        assert back == [(6, 1, 5)] and life(duel) == (15, 20)


@pytest.mark.parametrize("ruleset", BOTH)
def test_stun_example_1_no_guard_is_stunned_yet_end_of_beat_acts(ruleset) -> None:
    """001 Example 1: Blazing Strike (4 priority) hits Battery Drive (3) for 4; Cadenza,
    without Stun Guard, is stunned; Battery's End of Beat effect still resolves."""
    duel = kallistar_against_cadenza(ruleset, "blazing", (("clockwork", "shot"),
                                                          ("grapnel", "grasp")))
    pairs(duel, ("blazing", "strike"), ("battery", "drive"))
    pass_ante(duel)
    answer_until(duel, "attack_pair", lambda options: options[0])
    active = facts_of(duel.facts, F.BecameActive)[0]
    assert (active.player, active.priorities) == (0, [4, 3])
    check = stun_checks(duel, 1)[0]
    assert (check.damage, check.stunned) == (4, True) and dealt(duel, 1) == []
    assert life(duel) == (20, 16)


@pytest.mark.parametrize(("ruleset", "ante"), [(r, a) for r in BOTH for a in (False, True)])
def test_stun_examples_5_and_6_auto_stun_and_stun_immunity(ruleset, ante) -> None:
    """001 Examples 5 and 6: Caustic Grasp (priority 6, Elemental Form) against Clockwork
    Strike (Soak 3): "dealing 3 damage to Cadenza. Cadenza's soak absorbs the damage, so he
    takes nothing", yet Caustic's "On Hit, Elemental Form: the opponent is stunned" stuns
    him (5), unless he anted Iron Body for Stun Immunity, when he hits back for 7 (6).
    C25: 2014's cards make it 5 damage, 2 through the Soak."""
    duel = kallistar_against_cadenza(ruleset, "caustic", (("battery", "shot"),
                                                          ("grapnel", "grasp")))
    stage(duel, forms=("elemental", None))
    pairs(duel, ("caustic", "grasp"), ("clockwork", "strike"))
    if ante:
        answer(duel, 1, "ante", token="iron-body")
    pass_ante(duel)
    answer_until(duel, "attack_pair")
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [6, 0]
    hit = dealt(duel, 0)[0]
    taken = (hit.power, hit.soak, hit.amount)
    assert taken == ((3, 3, 0) if ruleset == "battlecon-2011" else (5, 3, 2))
    stunned = [f for f in facts_of(duel.facts, F.Stunned) if f.player == 1]
    if ante:
        assert not stunned and [d.amount for d in dealt(duel, 1)] == [7]
    else:
        assert stunned and dealt(duel, 1) == []


@pytest.mark.parametrize("ruleset", BOTH)
def test_the_clockwork_dash_hop(ruleset) -> None:
    """001 Movement, example: Cadenza's Dash moves three spaces from one space away from
    Kallistar: adjacent, then past her, then one more, "at range 2" on her other side."""
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(2, 4))
    ends = {e.end: e for e in destinations(duel.state, 0, (1,), (3,), own=True)}
    assert list(ends) == [6] and ends[6].passed
    assert abs(6 - spaces(duel)[1]) == 2


@pytest.mark.parametrize("ruleset", BOTH)
def test_c03_a_movement_cut_short_by_a_wall(ruleset) -> None:
    """001 Movement: "If a player cannot complete a backwards move due to the presence of a
    wall, then he moves as far as possible and stops. The same holds true for a player
    moving forwards against a player who is adjacent to a wall." 2014 (R17.9): an option a
    wall makes impossible is not an option; with none left the movement is ignored.
    An "advance 2 or 3" from space 5 against a fighter on 7, and a "retreat 2 or 3" from 2."""
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(5, 7))
    forwards = [e.end for e in destinations(duel.state, 0, (1,), (2, 3), own=True)]
    stage(duel, spaces=(2, 5))
    backwards = [e.end for e in destinations(duel.state, 0, (-1,), (2, 3), own=True)]
    assert (forwards, backwards) == (([6], [1]) if ruleset == "battlecon-2011" else ([], []))


@pytest.mark.parametrize("ruleset", BOTH)
def test_c03_a_legal_unblocked_movement_must_be_taken(ruleset) -> None:
    """001 General Questions: "If you can choose to make a legal, unblocked movement, then
    you must take that option": a wall cuts nothing short while a whole option is left."""
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(2, 5))
    assert [e.end for e in destinations(duel.state, 0, (1, -1), (2, 3), own=True)] == [4, 6]


@pytest.mark.parametrize("ruleset", BOTH)
def test_c22_kallistar_at_1_life_loses_none_in_elemental_form(ruleset) -> None:
    """001 Character-Specific Questions, Kallistar: "characters can never die by their own
    effects, so Kallistar does not lose life in this case"; 001 Ending the Duel: "Other
    effects than damage cannot reduce a player to fewer than 1 life points" (2014 R14.4:
    the same for these four fighters, whose only life loss is Kallistar's)."""
    duel = new_duel("kallistar", "khadath", ruleset=ruleset)
    stage(duel, spaces=(1, 7), life=(1, 20), forms=("elemental", None))
    pairs(duel, ("blazing", "burst"), ("hunters", "strike"))
    pass_ante(duel)
    answer_until(duel, "attack_pair")
    assert life(duel)[0] == 1 and not duel.over


@pytest.mark.parametrize("ruleset", BOTH)
def test_c25_stun_example_3_mechanical_strike_has_stun_guard_4(ruleset) -> None:
    """001 Example 3: "Cadenza uses 'Mechanical Strike' (priority 1, Stun Guard 4)"; with
    Example 4's Mechanical Shot (Stun Guard 2, Shot's 2) Strike's own is 4, where 2014
    prints 5. Volcanic Grasp (priority 5) deals 2, "lower than or equal to his Stun Guard
    value, he is not stunned. He can hit Kallistar back for 6 damage" (2014: 5, through her
    Human Form's Soak 1). 001 ignores range; a duel cannot: Volcanic Grasp reaches 3 to 5
    spaces and Mechanical Strike 1, so each hit is shown at its own distance."""
    discards = (("battery", "drive"), ("grapnel", "grasp"))
    duel = kallistar_against_cadenza(ruleset, "blazing", discards)
    stage(duel, spaces=(1, 4))
    pairs(duel, ("volcanic", "grasp"), ("mechanical", "strike"))
    pass_ante(duel)
    settle(duel)
    stats = engine.attack(duel.state, 1)
    assert (stats.priority, stats.stun_guard) == ((1, 4) if ruleset == "battlecon-2011"
                                                  else (1, 5))
    assert engine.attack(duel.state, 0).priority == 5
    answer_until(duel, "attack_pair")
    assert [d.amount for d in dealt(duel, 0)] == [2]
    check = stun_checks(duel, 1)[0]
    assert (check.damage, check.stunned) == (2, False) and life(duel)[1] == 18
    duel = kallistar_against_cadenza(ruleset, "blazing", discards)  # adjacent: Cadenza hits
    pairs(duel, ("volcanic", "grasp"), ("mechanical", "strike"))
    pass_ante(duel)
    answer_until(duel, "attack_pair")
    assert dealt(duel, 0) == []
    assert [d.amount for d in dealt(duel, 1)] == ([6] if ruleset == "battlecon-2011" else [5])


@pytest.mark.parametrize("ruleset", BOTH)
def test_c25_lure_strike_has_power_3(ruleset) -> None:
    """001 Card Overview, "Example Attack Pair: Lure Strike ... 1~6 range, 3 power, and 2
    priority": the profile reads the lure-power ruling as -1 by default; 2014's default
    (the 2014 comic) is 0, power 4."""
    duel = new_duel("khadath", "cadenza", ruleset=ruleset, rulings={"lure-power": None})
    pairs(duel, ("lure", "strike"), ("battery", "shot"))
    pass_ante(duel)
    settle(duel)
    stats = engine.attack(duel.state, 0)
    want = ((1, 6), 3, 2) if ruleset == "battlecon-2011" else ((1, 6), 4, 2)
    assert (stats.range, stats.power, stats.priority) == want


def test_c25_doubts_list_each_2011_value_with_its_passage() -> None:
    """``judge fighters --ruleset battlecon-2011 --doubts``: the derived values with 001's
    passage, every other number "2014 value used: no 2011 source"."""
    from judge import registry

    doubts = registry.find("battlecon-2011").doubts()
    by = {(d["card"], d["field"]): d for d in doubts}
    assert by[("strike", "stun_guard")]["value"] == 4
    assert "Examples 3, 4 and 5" in by[("strike", "stun_guard")]["why"]
    assert by[("caustic", "power")]["value"] == -1
    assert by[("flare", "priority")]["value"] == 1 and "Example 4" in by[("flare", "priority")]["why"]
    assert not any("not yet applied" in d["why"] for d in doubts)
    twins = {k: by[k] for k in (("flare", "reveal priority"), ("form-of-disaster", "soak"),
                                ("geomantic", "timing"))}
    assert [d["value"] for d in twins.values()] == [0, 0, "reveal"]
    assert all("applied by the effect's 2011 twin" in d["why"] for d in twins.values())
    assert by[("grasp", "power")]["why"] == "2014 value used: no 2011 source"
    assert not any(d["card"] == "seth" for d in doubts)
    assert {d["card"] for d in doubts} >= {"press", "snare", "spellbolt", "palm-strike"}


@pytest.mark.parametrize("ruleset", BOTH)
def test_c23_damage_to_exactly_zero_ends_the_duel(ruleset) -> None:
    """001 Step 4 (5): "If a player's life is reduced to zero or fewer points, the game
    immediately ends"; its Ending the Duel says "drops below zero" (C23: 001 disagrees with
    itself). The profile follows the step, as 2014 does (R20.1): 4 damage from 4 life ends
    it. C21: the duel ends "as a result of damage (during step 4 of a beat)"; none of the
    four preview fighters deals damage outside step 4, so nothing else differs."""
    duel = kallistar_against_cadenza(ruleset, "blazing", (("clockwork", "shot"),
                                                          ("grapnel", "grasp")))
    stage(duel, life=(20, 4))
    pairs(duel, ("blazing", "strike"), ("battery", "drive"))
    pass_ante(duel)
    answer_until(duel, "attack_pair")
    assert life(duel)[1] == 0 and duel.over and duel.state.winner == 0


@pytest.mark.parametrize("ruleset", BOTH)
def test_c05_out_of_bases_in_a_clash(ruleset) -> None:
    """001 Step 3 Reveal Attack Pairs: "If players run out of cards during a clash, then
    they pick up all bases in the attack (including the original base) and continue the
    clash"; 2014 (R6.8): straight to Recycle. Two Cadenzas with Strike and Shot only, both
    Battery Strike, then both Shot: a tie each time."""
    from judge.battlecon.clash2011 import ClashBasesPickedUp
    from judge.battlecon.notation import state_json
    from judge.battlecon.replay import replay_facts

    duel = clash_out_of_bases(ruleset)
    picked = facts_of(duel.facts, ClashBasesPickedUp)
    if ruleset == "battlecon-2011":
        assert [(f.player, f.bases, f.rule) for f in picked] == [
            (0, ["strike"], "001 Step 3 Reveal Attack Pairs"),
            (1, ["strike"], "001 Step 3 Reveal Attack Pairs")]
        assert duel.prompt["kind"] == "clash_base"
        assert [o["base"] for o in duel.prompt["options"]] == ["strike", "strike"]
        replayed = replay_facts(duel.setup, [f.to_json() for f in duel.facts])
        assert state_json(replayed, None) == state_json(duel.state, None)
    else:
        assert not picked and facts_of(duel.facts, F.RanOutOfCards)
        assert duel.prompt["kind"] == "attack_pair"


def _pulse_beat(ruleset: str, both: bool):
    duel = new_duel("cadenza", "kallistar", ruleset=ruleset)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("special-action", "burst"),
          ("special-action", "burst") if both else ("blazing", "strike"))
    pass_ante(duel)
    settle(duel)
    return duel


@pytest.mark.parametrize("ruleset", BOTH)
def test_c06_the_older_pulse_pushes_back_then_retreats(ruleset) -> None:
    """001 Special Actions, Pulse: "the player using the pulse pushes his opponent any
    number of spaces backwards, then moves himself any number of spaces backwards"; 2014
    (R23.2): he places both standups on any two spaces."""
    duel = _pulse_beat(ruleset, both=False)
    assert duel.prompt["kind"] == "arrange" and duel.prompt["players"] == [0]
    offered = [o["spaces"] for o in duel.prompt["options"]]
    if ruleset == "battlecon-2011":
        assert offered == [[a, b] for a in (1, 2, 3) for b in (5, 6, 7)]
        assert duel.prompt["rule"] == "001 Special Actions"
        with pytest.raises(IllegalDecisionError):
            duel.decide({"player": 0, "kind": "arrange", "spaces": [6, 2]})  # 2014 allows it
    else:
        assert len(offered) == 42 and [6, 2] in offered
    duel.decide({"player": 0, "kind": "arrange", "spaces": [1, 7]})
    assert spaces(duel) == (1, 7)


@pytest.mark.parametrize("ruleset", BOTH)
def test_c06b_two_pulses(ruleset) -> None:
    """001 Special Actions, Pulse: "If both players pulse simultaneously, they both push each
    other back as far as possible"; 2014 (R26.2): they cancel out, nobody moves."""
    duel = _pulse_beat(ruleset, both=True)
    assert spaces(duel) == ((1, 7) if ruleset == "battlecon-2011" else (3, 5))
    assert duel.prompt["kind"] == "attack_pair"
