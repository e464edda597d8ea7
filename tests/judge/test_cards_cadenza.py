"""Cadenza's cards (cadenza.yaml): Iron Body, five Styles, Press and both Finishers.

Cadenza is player 0 (space 3) against Khadath, whose Hunter's Style is +0/+0/+0
while the Gate Trap is off the board. Iron Body's spend is asked only when the
damage would stun Cadenza (the engine's offer rule).
"""

from __future__ import annotations

from judge.battlecon import facts as F
from tests.judge.scene import (
    answer,
    dealt,
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

# Starting discards that keep Hydraulic and Clockwork (the defaults' yellow/green) in hand.
KEEP_HYDRAULIC_CLOCKWORK = (("battery", "dash"), ("grapnel", "grasp"))


def pools(duel, p=0):
    me = duel.state.players[p]
    return sorted(me.token_pool), sorted(me.token_discard)


def test_iron_body_ante_gives_stun_immunity():
    """Iron Body: ante one token for Stun Immunity this beat; one per beat (R16.10, R16.12)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(3, 4))
    assert pools(duel) == (["iron-body"] * 3, [])
    pairs(duel, ("battery", "shot"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="iron-body")
    # Khadath has nothing to ante; Cadenza may not ante a second token: both passes forced.
    assert [(f.player, f.forced) for f in facts_of(duel.facts, F.Passed)] == [(1, True),
                                                                            (0, True)]
    assert pools(duel) == (["iron-body"] * 2, ["iron-body"])
    settle(duel)
    # Khadath hits first for 4 (> Shot's Stun Guard 2): immune, so no stun and no offer.
    check = stun_checks(duel, 0)[0]
    assert (check.damage, check.stun_guard, check.stunned) == (4, "immune", False)
    assert dealt(duel, 0)[0].power == 4  # Cadenza still attacks: Battery Shot
    assert life(duel) == (16, 16)


def test_iron_body_spent_at_damage_gives_infinite_stun_guard_and_is_never_regained():
    """Iron Body: when he takes damage, Cadenza may spend a token for Stun Guard infinite;
    spent tokens never come back (cadenza.yaml; R16.12)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("battery", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "may" and duel.prompt["rule"] == "R16.12"
    answer(duel, 0, "may", accept=True)
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.StunGuardMaximised)] == [0]
    assert not stun_checks(duel, 0)[0].stunned
    assert dealt(duel, 0)[0].power == 4
    assert pools(duel) == (["iron-body"] * 2, ["iron-body"])
    # Recycle did not return it.
    assert duel.state.step == "select" and pools(duel)[1] == ["iron-body"]


def test_iron_body_declined_leaves_cadenza_stunned():
    """Declining the spend keeps the token; the damage stuns as usual (R16.1)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("battery", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    answer(duel, 0, "may", accept=False)
    settle(duel)
    assert stun_checks(duel, 0)[0].stunned
    assert [f.player for f in facts_of(duel.facts, F.ActivationSkipped)] == [0]
    assert pools(duel) == (["iron-body"] * 3, [])


def test_iron_body_is_offered_only_when_the_damage_would_stun():
    """Damage within Stun Guard: no question (Battery Strike, Stun Guard 5, takes 4)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(3, 4))
    # Battery Strike (priority 2) vs Hunter's Strike (3).
    pairs(duel, ("battery", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert not stun_checks(duel, 0)[0].stunned
    assert pools(duel) == (["iron-body"] * 3, [])
    assert life(duel) == (16, 15)


def test_hydraulic_advances_exactly_1_before_activating_with_soak_1():
    """Hydraulic: +2 power, -1 priority, Soak 1; Before Activating advance 1 (cadenza.yaml)."""
    duel = new_duel("cadenza", "khadath", d0=KEEP_HYDRAULIC_CLOCKWORK)
    pairs(duel, ("hydraulic", "strike"), ("hunters", "drive"))
    pass_ante(duel)
    assert priorities(duel) == [2, 4]
    answer(duel, 1, "move", to=4)  # Khadath's Drive: advance 1, next to Cadenza
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.soak, khadath.amount) == (3, 1, 2)  # within Strike's SG 5
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    # Advance exactly 1, hopping Khadath on 4: the only option.
    assert (moved.start, moved.end, moved.forced, moved.passed) == (3, 5, True, True)
    assert dealt(duel, 0)[0].power == 6
    assert life(duel) == (18, 14)


def test_battery_gives_plus_4_priority_next_beat():
    """Battery: +1 power, -1 priority; End of Beat +4 priority during the next beat only
    (cadenza.yaml; R18.9)."""
    duel = new_duel("cadenza", "khadath")
    pairs(duel, ("battery", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [2, 3]
    gained = [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 0]
    assert [(f.stat, f.amount, f.beat) for f in gained] == [("priority", 4, 2)]
    # Beat 2: Mechanical Shot 2 - 2 + 4 = 4 vs Lure Shot 2 - 1 = 1.
    pairs(duel, ("mechanical", "shot"), ("lure", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [4, 1]


def test_clockwork_has_soak_3():
    """Clockwork: +3 power, -3 priority, Soak 3 (cadenza.yaml; rulebook Stun examples 2, 5)."""
    duel = new_duel("cadenza", "khadath", d0=KEEP_HYDRAULIC_CLOCKWORK)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("clockwork", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [0, 3]
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.soak, khadath.amount) == (4, 3, 1)
    assert dealt(duel, 0)[0].power == 7
    assert life(duel) == (19, 13)


def test_grapnel_pulls_0_to_3_on_hit():
    """Grapnel: range +2~4; On Hit pull the opponent 0-3 spaces (cadenza.yaml)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(2, 5))
    # Grapnel Shot: range 3~8, power 3, priority 2; Hunter's Strike (3) misses at range 3.
    pairs(duel, ("grapnel", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    # Pull 0 (stay on 5), 1, 2, or 3 (hopping Cadenza on 2 into 1).
    assert option_values(duel) == [1, 3, 4, 5]
    answer(duel, 0, "move", to=3)
    settle(duel)
    pulled = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1][0]
    assert (pulled.kind, pulled.by, pulled.spaces) == ("pull", 0, 2)
    assert dealt(duel, 0)[0].power == 3
    assert spaces(duel) == (2, 3)


def test_mechanical_advances_0_to_3_at_end_of_beat():
    """Mechanical: +2 power, -2 priority; End of Beat advance 0-3 (cadenza.yaml)."""
    duel = new_duel("cadenza", "khadath")
    pairs(duel, ("mechanical", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [1, 3]
    # From 3 toward Khadath on 5: 0 -> 3, 1 -> 4, 2 -> 6 (hop), 3 -> 7.
    assert option_values(duel) == [3, 4, 6, 7]
    answer(duel, 0, "move", to=6)
    settle(duel)
    assert spaces(duel) == (6, 5)


def test_press_gains_1_power_per_damage_taken_this_beat():
    """Press: range 1~2, power 1, priority 0, Stun Guard 6; +1 power per point of damage
    Cadenza took this beat (cadenza.yaml)."""
    duel = new_duel("cadenza", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("mechanical", "press"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [-2, 3]
    check = stun_checks(duel, 0)[0]
    assert (check.damage, check.stun_guard, check.stunned) == (4, 6, False)
    answer(duel, 0, "move", to=3)  # Mechanical's End of Beat advance: 0
    settle(duel)
    assert dealt(duel, 0)[0].power == 7  # 1 + Mechanical 2 + 4 damage taken
    assert life(duel) == (16, 13)


def finisher_duel(finisher, at=(3, 4)):
    duel = new_duel("cadenza", "khadath", finishers=(finisher, None))
    stage(duel, spaces=at, life=(7, 20))
    return duel


def test_rocket_press_advances_at_least_2_with_soak_3_and_stun_immunity():
    """Rocket Press (range 1, power 8, priority 0, Soak 3, Stun Immunity): Before Activating
    advance 2 or more (cadenza.yaml; R25)."""
    duel = finisher_duel("rocket-press", at=(3, 5))
    stage(duel, trap=2)  # Hunter's bonus: Cadenza is next to the trap (and -1 priority)
    pairs(duel, ("special-action", "press"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [-1, 4]
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.soak, khadath.amount) == (5, 3, 2)
    assert stun_checks(duel, 0)[0].stun_guard == "immune"
    # Advance 2 (hopping Khadath on 5 into 6) or 3 (to 7); 1 is not allowed.
    assert option_values(duel) == [6, 7]
    answer(duel, 0, "move", to=6)
    settle(duel)
    assert dealt(duel, 0)[0].power == 8
    assert life(duel) == (5, 12)


def test_feedback_field_gains_2_power_per_point_soaked():
    """Feedback Field (range 1~2, power 1, priority 0, Soak 5): On Hit +2 power for each
    point of damage soaked this beat (cadenza.yaml, kept value +2)."""
    duel = finisher_duel("feedback-field")
    pairs(duel, ("special-action", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.soak, khadath.amount) == (4, 5, 0)
    gained = [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 0]
    assert [(f.stat, f.amount) for f in gained] == [("power", 8)]
    assert dealt(duel, 0)[0].power == 9
    assert life(duel) == (7, 11)


def test_iron_body_may_be_anted_after_a_pass_when_the_opponent_antes():
    """A pass is not final: after Hikaru antes, Cadenza may still ante Iron Body; two passes
    in a row end the Ante (R5.3)."""
    duel = new_duel("cadenza", "hikaru")
    pairs(duel, ("battery", "strike"), ("advancing", "strike"))
    assert duel.prompt["kind"] == "ante"
    duel.decide({"player": 0, "kind": "pass"})
    answer(duel, 1, "ante", token="fire")
    assert duel.prompt["players"] == [0] and duel.prompt["kind"] == "ante"
    answer(duel, 0, "ante", token="iron-body")
    # Hikaru may not ante a second token, Cadenza not a second Iron Body: forced passes.
    passes = [(f.player, f.forced) for f in facts_of(duel.facts, F.Passed)]
    assert passes == [(0, False), (1, True), (0, True)]
    settle(duel)
    # Hikaru's Advancing Strike + Fire hits for 8 > Stun Guard 5: immune, not stunned.
    check = stun_checks(duel, 0)[0]
    assert (check.damage, check.stun_guard, check.stunned) == (8, "immune", False)
    assert pools(duel) == (["iron-body"] * 2, ["iron-body"])
