"""The six generic Bases every fighter shares (generic.yaml; R2, R13, R16, R17).

Khadath's Hunter's Style is +0/+0/+0 and does nothing while his Gate Trap is off
the board (the engine's starting ruling), so "Hunter's <Base>" shows a Base's
printed numbers exactly. Each test plays one beat and asserts what a judge sees.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
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
    stun_checks,
)


def khadath_keeping(base):
    """Khadath's starting discards with ``base`` (and Hunter's) kept in hand (R1.9)."""
    spare = next(b for b in ("burst", "shot", "drive", "strike") if b != base)
    return (("evacuation", "snare"), ("teleport", spare))


def answer(duel, player, kind, **values):
    """Send one decision, checking first that it is what the duel is waiting for."""
    assert duel.prompt["kind"] == kind and player in duel.prompt["players"], duel.prompt
    return duel.decide({"player": player, "kind": kind, **values})


def damage_by(duel, attacker):
    return [f for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == attacker]


def test_strike_is_range_1_power_4_priority_3_with_stun_guard_5():
    """Strike: range 1, power 4, priority 3, Stun Guard 5 (generic.yaml; R16.1)."""
    duel = new_duel("khadath", "hikaru", d0=khadath_keeping("strike"))
    # Khadath Hunter's Strike (3) vs Hikaru Advancing Strike (4 + 1 = 5 power, priority 4).
    pairs(duel, ("hunters", "strike"), ("advancing", "strike"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [3, 4]
    # Hikaru advances 5 -> 4 and hits for 5: exactly Stun Guard 5, so no stun.
    assert stun_checks(duel, 0)[0].damage == 5 and stun_checks(duel, 0)[0].stun_guard == 5
    assert not stun_checks(duel, 0)[0].stunned
    # Khadath strikes back at range 1 for power 4.
    assert damage_by(duel, 0)[0].power == 4
    assert life(duel) == (15, 16)


def test_shot_reaches_range_4_for_power_3_priority_2_and_stun_guard_2():
    """Shot: range 1~4, power 3, priority 2, Stun Guard 2 (generic.yaml; R13.3, R16.1)."""
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("shot"))
    stage(duel, spaces=(1, 5))
    # Khadath Hunter's Shot vs Cadenza Mechanical Strike (priority 1, Stun Guard 5).
    pairs(duel, ("hunters", "shot"), ("mechanical", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [2, 1]
    hit = facts_of(duel.facts, F.Hit)[0]
    assert hit.attacker == 0  # distance 4: the top of Shot's range
    assert damage_by(duel, 0)[0].power == 3
    answer(duel, 1, "move", to=5)  # Mechanical's End of Beat advance: 0 spaces
    settle(duel)
    assert life(duel) == (20, 17)

    # Stun Guard 2: Kallistar's Blazing Spellbolt hits Khadath's Shot for 2 -> no stun.
    duel = new_duel("kallistar", "khadath", d1=khadath_keeping("shot"))
    stage(duel, spaces=(1, 5))
    pairs(duel, ("blazing", "spellbolt"), ("hunters", "shot"))
    pass_ante(duel)
    check = stun_checks(duel, 1)[0]
    assert (check.damage, check.stun_guard, check.stunned) == (2, 2, False)
    # Shot at distance 5 is out of range (1~4).
    answer(duel, 0, "move", to=3)  # Blazing (Human Form) After Activating: move 2, distance 2
    settle(duel)
    assert facts_of(duel.facts, F.Hit)[-1].attacker == 1


def test_drive_advances_1_or_2_before_activating():
    """Drive: Before Activating advance 1 or 2 (mandatory), range 1, power 3, priority 4."""
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("drive"))
    stage(duel, spaces=(3, 6))
    pairs(duel, ("hunters", "drive"), ("mechanical", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [4, 1]
    # Advance 1 or 2; 0 (staying on 3) is not an option (R17.6).
    assert option_values(duel) == [4, 5]
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, "kind": "move", "to": 3})
    answer(duel, 0, "move", to=5)
    assert spaces(duel) == (5, 6)
    assert damage_by(duel, 0)[0].power == 3
    answer(duel, 1, "move", to=6)  # Mechanical End of Beat: advance 0
    settle(duel)
    assert life(duel) == (14, 17)


def test_burst_retreats_1_or_2_at_start_of_beat_and_hits_at_2_to_3():
    """Burst: Start of Beat retreat 1 or 2, range 2~3, power 3, priority 1 (R7.1, R17.9)."""
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("burst"),
                    d1=(("hydraulic", "dash"), ("battery", "grasp")))
    stage(duel, spaces=(3, 4))
    # Cadenza Clockwork Shot: priority -1, power 6, Soak 3.
    pairs(duel, ("hunters", "burst"), ("clockwork", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [1, -1]
    assert option_values(duel) == [1, 2]  # retreat away from Cadenza (west)
    answer(duel, 0, "move", to=2)
    settle(duel)
    dealt = damage_by(duel, 0)[0]
    # Distance 2 is in range; power 3 is all soaked by Clockwork's Soak 3.
    assert (dealt.power, dealt.soak, dealt.amount) == (3, 3, 0)
    assert life(duel) == (14, 20)  # Clockwork Shot reaches Khadath at range 2 for 6

    # At the wall only the legal option remains and is forced (R17.9).
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("burst"),
                    d1=(("hydraulic", "dash"), ("battery", "grasp")))
    stage(duel, spaces=(2, 4))
    pairs(duel, ("hunters", "burst"), ("clockwork", "shot"))
    pass_ante(duel)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert (moved.end, moved.forced) == (1, True)


def test_grasp_moves_the_opponent_one_space_either_way_even_past_you():
    """Grasp: On Hit move the opponent 1 space in either direction (R8.1c, R17.5)."""
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("grasp"))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("hunters", "grasp"), ("mechanical", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [5, 1]
    # Away to 5, or across Khadath (hopping space 3) to 2.
    assert option_values(duel) == [2, 5]
    answer(duel, 0, "move", to=2)
    moved = facts_of(duel.facts, F.Moved)[-1]
    assert (moved.player, moved.by, moved.end, moved.passed) == (1, 0, 2, True)
    assert damage_by(duel, 0)[0].power == 2
    answer(duel, 1, "move", to=2)  # Mechanical: advance 0
    settle(duel)
    assert spaces(duel) == (3, 2)
    assert life(duel) == (14, 18)  # Cadenza, still adjacent, strikes back for 6


def test_dash_never_hits_and_dodges_after_moving_past():
    """Dash: range/power N/A, priority 9; After Activating move 1-3; passing = dodge (R13.9)."""
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("dash"))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("hunters", "dash"), ("mechanical", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [9, 0]
    assert facts_of(duel.facts, F.Missed)[0].reason == "range_na"
    # Move 1, 2 or 3 either way: west 2, 1; east (hopping 4) 5, 6, 7.
    assert option_values(duel) == [1, 2, 5, 6, 7]
    answer(duel, 0, "move", to=6)
    assert facts_of(duel.facts, F.Dodged)[0].player == 0
    # Cadenza's Shot (1~4) would reach range 2, but cannot hit the dodging Khadath.
    assert facts_of(duel.facts, F.Missed)[-1].reason == "dash"
    answer(duel, 1, "move", to=4)  # Mechanical: advance 0
    settle(duel)
    assert life(duel) == (20, 20)


def test_dash_without_passing_gives_no_dodge():
    """Dash: moving without switching sides gives no dodge (R13.9, R17.17)."""
    duel = new_duel("khadath", "cadenza", d0=khadath_keeping("dash"))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("hunters", "dash"), ("mechanical", "shot"))
    pass_ante(duel)
    answer(duel, 0, "move", to=2)
    assert not facts_of(duel.facts, F.Dodged)
    assert facts_of(duel.facts, F.Hit)[-1].attacker == 1  # range 2 is within 1~4
    answer(duel, 1, "move", to=4)
    settle(duel)
    assert life(duel) == (15, 20)


def test_stunned_dash_user_does_not_move_or_dodge():
    """A stunned Dash user skips After Activating: no move, no dodge (R9.2, R16.6)."""
    duel = new_duel("kallistar", "khadath", d0=(("caustic", "dash"), ("ignition", "grasp")),
                    d1=(("evacuation", "snare"), ("hunters", "grasp")))
    # Kallistar Flare Drive (Human Form): priority 4 + 3 (Flare) = 7 vs Teleport Dash 6.
    pairs(duel, ("flare", "drive"), ("teleport", "dash"))
    pass_ante(duel)
    assert priorities(duel) == [7, 6]
    answer(duel, 0, "move", to=4)  # Drive: advance 1, adjacent
    assert 1 in [f.player for f in facts_of(duel.facts, F.ActivationSkipped)]
    # Teleport's End of Beat still works although stunned (R10.1).
    answer(duel, 1, "move", to=7)
    answer(duel, 1, "place", marker="gate-trap", to=1)
    settle(duel)
    dash_moves = [f for f in facts_of(duel.facts, F.Moved) if f.rule.startswith("dash")]
    assert dash_moves == [] and not facts_of(duel.facts, F.Dodged)
    assert life(duel) == (17, 14)  # Flare: lose 3 life; Khadath took 3 + 3 = 6
