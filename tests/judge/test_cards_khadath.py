"""Khadath Ahemusei's cards (khadath.yaml): the Gate Trap, five Styles, Snare and both
Finishers. Khadath is player 1 (space 5) unless a test says otherwise; the trap is
placed with a judge correction where a test needs it on the board.

Engine rulings tested as such: the Gate Trap starts off the board; Lure's power is
+0 (the rulebook comic's 6 damage), or -1 with the ruling {"lure-power": -1}.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from tests.judge.scene import (
    answer,
    facts_of,
    life,
    new_duel,
    option_values,
    pairs,
    pass_ante,
    priorities,
    settle,
    spaces,
    stage,
)

# Khadath discards that keep the named Style in hand.
KEEP = {
    "evacuation": (("teleport", "dash"), ("blight", "grasp")),
    "teleport": (("evacuation", "dash"), ("blight", "grasp")),
    "hunters": None,  # the defaults keep Hunter's, Lure and Blight
}


def trap(duel, owner=1):
    return duel.state.markers.get((owner, "gate-trap"))


def power_of(duel, attacker):
    return [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == attacker]


def missed(duel, attacker):
    return [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == attacker]


def test_gate_trap_starts_off_the_board():
    """Ruling: no source gives a starting space, so the Gate Trap starts beside the board
    and its Reveal penalty does nothing until a card places it (khadath.yaml setup)."""
    duel = new_duel("hikaru", "khadath")
    assert trap(duel) is None and duel.to_json()["markers"] == []
    pairs(duel, ("advancing", "strike"), ("lure", "strike"))
    pass_ante(duel)
    settle(duel)
    assert not [f for f in facts_of(duel.facts, F.StatusGained) if f.source == "Gate Trap"]


def test_gate_trap_gives_minus_3_priority_on_it_and_minus_1_next_to_it():
    """Gate Trap at Reveal: opponent on the trap -3 priority, next to it -1 (khadath.yaml)."""
    # Hikaru Advancing Strike (priority 4) vs Khadath Lure Strike (priority 2).
    for where, penalty, active in ((3, -3, 1), (2, -1, 0), (6, 0, 0)):
        duel = new_duel("hikaru", "khadath")
        stage(duel, trap=where)
        pairs(duel, ("advancing", "strike"), ("lure", "strike"))
        pass_ante(duel)
        gained = [(f.player, f.amount) for f in facts_of(duel.facts, F.StatusGained)
                  if f.source == "Gate Trap"]
        assert gained == ([(0, penalty)] if penalty else [])
        assert priorities(duel) == [4 + penalty, 2]
        assert facts_of(duel.facts, F.BecameActive)[0].player == active


def test_gate_trap_never_affects_khadath():
    """Khadath standing on his own trap gets no priority penalty (R19.6)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, trap=5)
    pairs(duel, ("advancing", "strike"), ("lure", "strike"))
    pass_ante(duel)
    assert not [f for f in facts_of(duel.facts, F.StatusGained) if f.source == "Gate Trap"]
    assert priorities(duel) == [4, 2]


def test_evacuation_places_trap_retreats_and_dodges_an_opponent_on_the_trap():
    """Evacuation: range +0~1; Start of Beat put the trap on Khadath's space, retreat 1;
    an opponent on the trap cannot hit Khadath (khadath.yaml Evacuation; R13.8)."""
    duel = new_duel("hikaru", "khadath", d1=KEEP["evacuation"])
    # Hikaru Sweeping Drive (priority 4 + 3 = 7) vs Evacuation Strike (3).
    pairs(duel, ("sweeping", "drive"), ("evacuation", "strike"))
    pass_ante(duel)
    assert trap(duel) == 5 and spaces(duel) == (3, 6)
    placed = facts_of(duel.facts, F.MarkerPlaced)[0]
    assert (placed.space, placed.forced) == (5, True)
    # Drive: advance 1 to 4, or 2 - which ends on entering the trap on 5.
    assert option_values(duel) == [4, 5]
    answer(duel, 0, "move", to=5)
    assert missed(duel, 0) == ["evacuation"]  # range 1, but Hikaru stands on the trap
    settle(duel)
    assert power_of(duel, 1) == [6]  # Evacuation Strike 4 + Sweeping's 2 extra, at range 1
    assert life(duel) == (14, 20)


def test_evacuation_and_burst_start_of_beat_order_is_khadaths_choice():
    """Evacuation Burst: two Start of Beat effects; Khadath orders them (R7.2, R18.5).
    Burst first: retreat 5 -> 6, then the trap goes on 6 and he retreats to 7."""
    duel = new_duel("hikaru", "khadath", d1=KEEP["evacuation"])
    pairs(duel, ("advancing", "strike"), ("evacuation", "burst"))
    pass_ante(duel)
    order = duel.prompt["order"]
    assert order == {"player": 1, "effects": ["evacuation/start_of_beat/0",
                                              "burst/start_of_beat/0"]}
    duel.decide({"player": 1, "kind": "order",
                 "effects": ["burst/start_of_beat/0", "evacuation/start_of_beat/0"]})
    answer(duel, 1, "move", to=6)  # Burst: retreat 1
    settle(duel)
    assert trap(duel) == 6 and spaces(duel) == (4, 7)
    ordered = facts_of(duel.facts, F.EffectsOrdered)[0]
    assert (ordered.player, ordered.printed) == (1, False)


def test_hunters_gains_2_power_and_2_priority_near_the_trap():
    """Hunter's: Reveal, opponent on or next to the trap: +2 power, +2 priority
    (khadath.yaml Hunter's)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 4), trap=2)
    pairs(duel, ("advancing", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    # Hikaru: 4 - 1 (next to the trap); Khadath: 3 + 2.
    assert priorities(duel) == [3, 5]
    assert power_of(duel, 1) == [6]

    # Far from the trap: no bonus. Hikaru Geomantic Shot (2) vs Hunter's Strike (3).
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 4), trap=7)
    pairs(duel, ("geomantic", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    answer(duel, 0, "pick", option="none")  # Geomantic: spend no further token
    settle(duel)
    assert priorities(duel) == [2, 3]
    assert power_of(duel, 1) == [4]


def test_teleport_dodges_when_the_trap_lies_between():
    """Teleport: +1 power, -3 priority; attacks miss while the trap lies between Khadath and
    the attacker; End of Beat move directly, then move the trap (R28.12, R10.1)."""
    duel = new_duel("hikaru", "khadath", d1=KEEP["teleport"])
    stage(duel, spaces=(2, 6), trap=4)
    # Sweeping Shot: priority 2 + 3 = 5 vs Teleport Strike 3 - 3 = 0.
    pairs(duel, ("sweeping", "shot"), ("teleport", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [5, 0]
    assert missed(duel, 0) == ["teleport"]  # distance 4 is in range, but the trap is between
    # End of Beat: any unoccupied space (not 2 or 6), then the trap anywhere.
    assert option_values(duel) == [1, 3, 4, 5, 7]
    answer(duel, 1, "move", to=7)
    assert option_values(duel) == [1, 2, 3, 4, 5, 6, 7]
    answer(duel, 1, "place", marker="gate-trap", to=1)
    settle(duel)
    assert spaces(duel) == (2, 7) and trap(duel) == 1
    assert life(duel) == (20, 20)


def test_teleport_dodge_fails_when_a_fighter_stands_on_the_trap():
    """Teleport's dodge does not work if either fighter occupies the trap's space (R28.12)."""
    duel = new_duel("hikaru", "khadath", d1=KEEP["teleport"])
    stage(duel, spaces=(2, 6), trap=6)
    pairs(duel, ("sweeping", "shot"), ("teleport", "strike"))
    pass_ante(duel)
    assert facts_of(duel.facts, F.Hit)[0].attacker == 0
    assert power_of(duel, 0) == [2]


def test_lure_pulls_any_distance_across_the_trap_but_not_past_khadath():
    """Lure: range +0~5, priority -1; On Hit pull the opponent any number of spaces, not
    past Khadath, ignoring the trap's stop (khadath.yaml Lure). Power +0 by ruling."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(1, 7), trap=3)
    # Hikaru Advancing Strike (4) is Active and advances 1 -> 2 (next to the trap).
    pairs(duel, ("advancing", "strike"), ("lure", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [4, 2]
    # Lure Strike, range 1~6, reaches Hikaru on 2 at range 5.
    assert option_values(duel) == [2, 3, 4, 5, 6]
    answer(duel, 1, "move", to=6)
    pulled = facts_of(duel.facts, F.Moved)[-1]
    assert (pulled.player, pulled.by, pulled.kind, pulled.stopped_by) == (0, 1, "pull", "")
    settle(duel)
    assert power_of(duel, 1) == [4]  # Strike 4 + Lure +0 (ruling)
    assert spaces(duel) == (6, 7)
    assert life(duel) == (16, 20)


def test_lure_power_minus_1_with_the_ruling():
    """Ruling {"lure-power": -1}: the card sources' Lure power -1 (Lure Strike power 3)."""
    duel = new_duel("hikaru", "khadath", rulings={"lure-power": -1})
    stage(duel, spaces=(1, 7))
    pairs(duel, ("advancing", "strike"), ("lure", "strike"))
    pass_ante(duel)
    answer(duel, 1, "move", to=6)
    settle(duel)
    assert power_of(duel, 1) == [3]


def test_blight_places_the_trap_within_range_not_on_the_opponent():
    """Blight: range +0~2; Start of Beat put the trap on a space within the attack's range
    that the opponent is not on (khadath.yaml Blight); within range counts towards the
    opponent only (G11)."""
    duel = new_duel("hikaru", "khadath", rulings={"range-direction": "toward"})
    # Hikaru Advancing Strike (4) vs Blight Strike (3, range 1~3). Hikaru advances 3 -> 4.
    pairs(duel, ("advancing", "strike"), ("blight", "strike"))
    pass_ante(duel)
    # From 5 towards Hikaru, range 1~3 covers 4, 3, 2; Hikaru stands on 4.
    assert option_values(duel) == [2, 3]
    answer(duel, 1, "place", marker="gate-trap", to=3)
    settle(duel)
    assert trap(duel) == 3


@pytest.mark.parametrize("rulings", [{"range-direction": "both"}, {"range-direction": None}])
def test_blight_with_the_both_directions_ruling_offers_spaces_behind_khadath(rulings):
    """G11's other reading, ``rulings: {"range-direction": "both"}``, and a record that
    names no reading (written before G11): range counts both ways, so the spaces behind
    Khadath are offered too, as they always were."""
    duel = new_duel("hikaru", "khadath", rulings=rulings)
    pairs(duel, ("advancing", "strike"), ("blight", "strike"))
    pass_ante(duel)
    assert option_values(duel) == [2, 3, 6, 7]
    answer(duel, 1, "place", marker="gate-trap", to=6)
    settle(duel)
    assert trap(duel) == 6


def test_snare_hits_trap_space_and_neighbours():
    """Snare: range X = the trap's space and the two next to it, measured from the trap
    (khadath.yaml Snare; R13.6)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 7), trap=4)
    # Sweeping Strike: 3 + 3 - 1 (Hikaru is next to the trap) = 5 vs Lure Snare 1 - 1 = 0.
    pairs(duel, ("sweeping", "strike"), ("lure", "snare"))
    pass_ante(duel)
    assert priorities(duel) == [5, 0]
    assert facts_of(duel.facts, F.Hit)[0].attacker == 1  # Hikaru on 3 = trap - 1
    assert option_values(duel) == [3, 4, 5, 6]  # Lure's pull, 0-3 spaces
    answer(duel, 1, "move", to=3)
    settle(duel)
    assert power_of(duel, 1) == [5]  # Snare 3 + Sweeping's 2 extra
    assert life(duel) == (15, 20)

    # Two spaces from the trap is out of Snare's reach, however close Khadath is.
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(6, 7), trap=4)
    pairs(duel, ("sweeping", "strike"), ("lure", "snare"))
    pass_ante(duel)
    settle(duel)
    assert missed(duel, 1) == ["range_x"]


def test_snare_gives_stun_immunity():
    """Snare: Stun Immunity - Khadath takes the damage but is not stunned (R16.10)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 6), trap=4)
    # Sweeping Shot 2 + 3 - 1 = 4 vs Hunter's Snare 1 + 2 = 3 (Hikaru is next to the trap).
    pairs(duel, ("sweeping", "shot"), ("hunters", "snare"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [4, 3]
    check = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 1][0]
    assert (check.damage, check.stun_guard, check.stunned) == (2, "immune", False)
    assert power_of(duel, 1) == [7]  # Snare 3 + Hunter's 2 + Sweeping's 2
    assert life(duel) == (13, 18)


def test_snare_locks_the_trap_for_the_beat():
    """Snare: the trap cannot be moved or placed this beat; Evacuation's placement is not
    done, its retreat still is (R18.7)."""
    duel = new_duel("hikaru", "khadath", d1=KEEP["evacuation"])
    stage(duel, spaces=(3, 5), trap=2)
    # Advancing Strike 4 - 1 (next to the trap) = 3 vs Evacuation Snare 1.
    pairs(duel, ("advancing", "strike"), ("evacuation", "snare"))
    pass_ante(duel)
    settle(duel)
    declined = [f for f in facts_of(duel.facts, F.Declined) if f.player == 1]
    assert declined and declined[0].rule == "R18.7"
    assert not facts_of(duel.facts, F.MarkerPlaced)
    assert trap(duel) == 2
    khadath_moves = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
    assert [(f.kind, f.end) for f in khadath_moves] == [("retreat", 6)]


def test_dimensional_exile_hits_only_the_trap_space():
    """Dimensional Exile: range X = the trap's space only, power 25, Stun Immunity
    (khadath.yaml; R25)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(2, 6), life=(20, 7), trap=2)
    pairs(duel, ("battery", "strike"), ("special-action", "snare"))
    pass_ante(duel)
    # Cadenza on the trap: -3 priority (2 - 3 = -1) vs Exile's 0.
    assert priorities(duel) == [-1, 0]
    assert power_of(duel, 1) == [25]
    assert duel.over and duel.state.winner == 1

    # Next to the trap is not enough.
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(3, 6), life=(20, 7), trap=2)
    pairs(duel, ("battery", "strike"), ("special-action", "snare"))
    pass_ante(duel)
    settle(duel)
    assert missed(duel, 1) == ["range_x"]
    assert life(duel)[0] == 20


def test_planar_crossing_rearranges_the_fighters_and_the_trap():
    """Planar Crossing (range 1~2, power 4, priority 5): On Hit put every fighter and the
    trap where Khadath likes (khadath.yaml)."""
    duel = new_duel("cadenza", "khadath", finishers=(None, "planar-crossing"))
    stage(duel, spaces=(3, 4), life=(20, 7))
    pairs(duel, ("battery", "strike"), ("special-action", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [2, 5]
    assert duel.prompt["kind"] == "arrange"
    # Any two different spaces: 7 x 6 ordered choices.
    assert len(duel.prompt["options"]) == 42
    answer(duel, 1, "arrange", spaces=[7, 1])
    answer(duel, 1, "place", marker="gate-trap", to=6)
    settle(duel)
    assert trap(duel) == 6
    assert power_of(duel, 1) == [4]


def clash_into(first, second):
    """Cadenza Clockwork Burst (-2) ties Khadath's Teleport + ``first`` (-2) and both Clash:
    Cadenza's new Base is Shot, Khadath's is ``second``. Trap on 4, fighters on 2 and 6."""
    duel = new_duel("cadenza", "khadath", d0=(("hydraulic", "dash"), ("battery", "grasp")),
                    d1=KEEP["teleport"])
    stage(duel, spaces=(2, 6), trap=4)
    pairs(duel, ("clockwork", "burst"), ("teleport", first))
    pass_ante(duel)
    assert facts_of(duel.facts, F.ClashOccurred)
    answer(duel, 0, "clash_base", base="shot")
    answer(duel, 1, "clash_base", base=second)
    return duel


def test_snare_covered_in_a_clash_no_longer_locks_the_trap():
    """A Snare covered by a Clash Base stops counting: Teleport's End of Beat may move the
    trap again (R6.7, R18.2, R18.7)."""
    duel = clash_into("snare", "strike")
    answer(duel, 1, "move", to=7)  # Teleport: Khadath moves directly to 7
    assert duel.prompt["kind"] == "place"
    answer(duel, 1, "place", marker="gate-trap", to=1)
    settle(duel)
    assert trap(duel) == 1


def test_snare_played_in_a_clash_locks_the_trap():
    """A Snare revealed in a Clash is part of the attack from then on: its lock holds and
    Teleport's trap move is not done (R6.7, R18.2, R18.7)."""
    duel = clash_into("burst", "snare")
    answer(duel, 1, "move", to=7)
    settle(duel)
    assert duel.prompt["kind"] == "attack_pair"  # no trap placement is asked
    assert not facts_of(duel.facts, F.MarkerPlaced)
    assert trap(duel) == 4
