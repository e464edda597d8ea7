"""Kallistar Flarechild's cards (kallistar.yaml): Form of Disaster, five Styles, Spellbolt
and both Finishers. Kallistar is player 0 (space 3); her form is set with a judge
correction where a test needs Elemental Form.

Engine ruling tested as such: her form at the Ante step decides the beat's bonus -
Human Form Soak 1; Elemental Form +2 power, +2 priority and she loses 1 life.
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
)

# Starting discards that keep Flare and Caustic (the defaults' yellow/green) in hand.
KEEP_FLARE_CAUSTIC = (("blazing", "dash"), ("volcanic", "burst"))


def finish_beat(duel):
    """Answer the rest of the beat with each prompt's first option (choices that do not
    matter to the test), stopping at the next Select step or the end of the duel."""
    settle(duel)
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        duel.decide(duel.prompt["options"][0])
        settle(duel)


def life_lost(duel, player=0):
    return [(f.amount, f.actual) for f in facts_of(duel.facts, F.LifeLost) if f.player == player]


def statuses_gained(duel, player):
    return [(f.stat, f.amount, f.source) for f in facts_of(duel.facts, F.StatusGained)
            if f.player == player]


def test_form_of_disaster_starts_in_human_form_with_soak_1():
    """Form of Disaster: she starts in Human Form; at Ante, Human Form gives Soak 1
    (kallistar.yaml; engine ruling)."""
    duel = new_duel("kallistar", "khadath")
    assert duel.state.players[0].modes["form"] == "human" and duel.to_json()["players"][0]["form"] == "human"
    stage(duel, spaces=(3, 4))
    # Ignition Strike (priority 3 - 1 = 2) vs Hunter's Strike (3): Khadath hits first.
    pairs(duel, ("ignition", "strike"), ("hunters", "strike"))
    assert statuses_gained(duel, 0) == [("soak", 1, "Human Form")]
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [2, 3]
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.soak, khadath.amount) == (4, 1, 3)
    assert life_lost(duel) == []
    assert life(duel) == (17, 15)


def test_elemental_form_gives_plus_2_power_plus_2_priority_and_costs_1_life():
    """Elemental Form at Ante: +2 power, +2 priority for the beat, lose 1 life (kallistar.yaml)."""
    duel = new_duel("kallistar", "khadath")
    stage(duel, spaces=(3, 4), forms=("elemental", None))
    pairs(duel, ("blazing", "strike"), ("hunters", "strike"))
    assert sorted(statuses_gained(duel, 0)) == [("power", 2, "Elemental Form"),
                                                ("priority", 2, "Elemental Form")]
    assert life_lost(duel) == [(1, 1)]
    pass_ante(duel)
    settle(duel)
    # Blazing Strike: priority 3 + 1 + 2, power 4 + 2.
    assert priorities(duel) == [6, 3]
    assert dealt(duel, 0)[0].power == 6
    assert life(duel) == (19, 14)


def test_flare_in_human_form_costs_3_life_for_plus_3_priority():
    """Flare: +3 power; Reveal, Human Form: lose 3 life and +3 priority (kallistar.yaml Flare)."""
    duel = new_duel("kallistar", "khadath", d0=KEEP_FLARE_CAUSTIC)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("flare", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert life_lost(duel) == [(3, 3)]
    assert priorities(duel) == [6, 3]
    assert dealt(duel, 0)[0].power == 7
    assert duel.state.players[0].modes["form"] == "human"  # Flare's End of Beat is Elemental-only
    assert life(duel) == (17, 13)


def test_flare_in_elemental_form_returns_to_human_at_end_of_beat():
    """Flare, Elemental Form: no life cost or priority; End of Beat back to Human Form
    (kallistar.yaml Flare; rulebook Stun example 4: Flare Strike priority 5, 9 damage)."""
    duel = new_duel("kallistar", "khadath", d0=KEEP_FLARE_CAUSTIC)
    stage(duel, spaces=(3, 4), forms=("elemental", None))
    pairs(duel, ("flare", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert life_lost(duel) == [(1, 1)]  # only the Elemental Form cost
    assert priorities(duel) == [5, 3]
    assert dealt(duel, 0)[0].power == 9
    assert [f.form for f in facts_of(duel.facts, F.FormChanged)] == ["human"]
    assert duel.state.players[0].modes["form"] == "human"


def test_ignition_in_elemental_form_adds_3_power_and_costs_3_life():
    """Ignition: +1 power, -1 priority; Reveal, Elemental Form: +3 power, lose 3 life
    (kallistar.yaml Ignition)."""
    duel = new_duel("kallistar", "khadath")
    stage(duel, spaces=(3, 4), forms=("elemental", None))
    pairs(duel, ("ignition", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert life_lost(duel) == [(1, 1), (3, 3)]
    assert priorities(duel) == [4, 3]
    assert dealt(duel, 0)[0].power == 10  # 4 + 1 + 2 + 3
    assert duel.state.players[0].modes["form"] == "elemental"  # the switch is Human-only
    assert life(duel) == (16, 10)


def test_ignition_in_human_form_switches_to_elemental_at_end_of_beat():
    """Ignition, Human Form: End of Beat take Elemental Form; the next Ante uses it."""
    duel = new_duel("kallistar", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("ignition", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert [(f.player, f.form) for f in facts_of(duel.facts, F.FormChanged)] == [(0, "elemental")]
    # Next beat: Elemental Form's bonus and cost at the Ante step.
    mark = len(duel.facts)
    pairs(duel, ("blazing", "shot"), ("lure", "shot"))
    later = duel.facts[mark:]
    assert [f.source for f in facts_of(later, F.StatusGained)] == ["Elemental Form"] * 2
    assert [(f.amount, f.actual) for f in facts_of(later, F.LifeLost)] == [(1, 1)]


def test_caustic_in_human_form_has_soak_2():
    """Caustic: +1 power, -1 priority; Human Form: Soak 2 (plus Human Form's Soak 1)."""
    duel = new_duel("kallistar", "khadath", d0=KEEP_FLARE_CAUSTIC)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("caustic", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [2, 3]
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.soak, khadath.amount) == (4, 3, 1)
    assert not facts_of(duel.facts, F.Stunned)  # no auto-stun in Human Form
    assert life(duel) == (19, 15)


def test_caustic_elemental_auto_stun():
    """Caustic, Elemental Form: On Hit the opponent is stunned, whatever their Soak and
    Stun Guard (R16.8)."""
    duel = new_duel("kallistar", "khadath", d0=KEEP_FLARE_CAUSTIC)
    stage(duel, spaces=(3, 4), forms=("elemental", None))
    # Caustic Grasp: priority 5 - 1 + 2 = 6, power 2 + 1 + 2 = 5 vs Strike's Stun Guard 5.
    pairs(duel, ("caustic", "grasp"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [6, 3]
    answer(duel, 0, "move", to=5)  # Grasp: move Khadath 1 space away
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]
    check = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 1][0]
    assert check.damage == 5 and check.stun_guard == 5  # damage alone would not stun
    assert [f.player for f in facts_of(duel.facts, F.ActivationSkipped)] == [1]
    assert life(duel) == (19, 15)


def test_blazing_range_plus_0_1_only_in_elemental_form():
    """Blazing: +1 priority; Elemental Form: +0~1 range (kallistar.yaml Blazing)."""
    duel = new_duel("kallistar", "khadath")
    stage(duel, forms=("elemental", None))
    pairs(duel, ("blazing", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert facts_of(duel.facts, F.Hit)[0].attacker == 0  # range 2 within 1~2

    duel = new_duel("kallistar", "khadath")
    pairs(duel, ("blazing", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == 0] == [
        "out_of_range"]


def test_blazing_moves_1_or_2_after_activating_in_human_form():
    """Blazing, Human Form: After Activating move 1 or 2 spaces (kallistar.yaml Blazing)."""
    duel = new_duel("kallistar", "khadath")
    pairs(duel, ("blazing", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    # From 3 (Khadath on 5): west 2, 1; east 4, or 6 by hopping 5.
    assert option_values(duel) == [1, 2, 4, 6]
    answer(duel, 0, "move", to=6)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert (moved.kind, moved.spaces, moved.passed) == ("move", 2, True)
    assert spaces(duel) == (6, 5)
    assert life(duel) == (17, 20)  # Khadath's Strike reaches her on 6 (4 - Soak 1)


def test_volcanic_elemental_gives_opponent_minus_2_priority_next_beat():
    """Volcanic: range +2~4; On Hit, Elemental Form: the opponent has -2 priority during the
    next beat - not this one (kallistar.yaml Volcanic; R18.9)."""
    duel = new_duel("kallistar", "khadath")
    stage(duel, spaces=(2, 5), forms=("elemental", None))
    # Volcanic Shot: range 3~8, power 3 + 2, priority 2 + 2.
    pairs(duel, ("volcanic", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [4, 3]
    gained = [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 1]
    assert [(f.stat, f.amount, f.beat) for f in gained] == [("priority", -2, 2)]
    assert life(duel) == (19, 15)
    # Beat 2: Lure Grasp 5 - 1 - 2 = 2 vs Blazing Strike 3 + 1 + 2 = 6.
    pairs(duel, ("blazing", "strike"), ("lure", "grasp"))
    pass_ante(duel)
    assert priorities(duel) == [6, 2]
    finish_beat(duel)
    # The status is gone after beat 2's Recycle.
    assert not [s for s in duel.state.statuses if s.player == 1]


def test_volcanic_human_teleports_at_end_of_beat():
    """Volcanic, Human Form: End of Beat move directly to any unoccupied space (R17.12)."""
    duel = new_duel("kallistar", "khadath")
    pairs(duel, ("volcanic", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    # Volcanic Strike range 3~5 misses at 2; Shot hits her for 3 - 1.
    assert option_values(duel) == [1, 2, 4, 6, 7]
    answer(duel, 0, "move", to=7)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert (moved.kind, moved.end, moved.passed) == ("direct", 7, True)
    assert spaces(duel) == (7, 5)


def test_spellbolt_human_gives_opponent_minus_2_power_this_beat():
    """Spellbolt (range 2~6, power 2, priority 3); On Hit, Human Form: the opponent has
    -2 power this beat (kallistar.yaml Spellbolt)."""
    duel = new_duel("kallistar", "khadath")
    # Blazing Spellbolt (priority 4) vs Hunter's Shot (2); range 2.
    pairs(duel, ("blazing", "spellbolt"), ("hunters", "shot"))
    pass_ante(duel)
    assert dealt(duel, 0)[0].power == 2  # not more than Shot's Stun Guard 2
    answer(duel, 0, "move", to=2)  # Blazing (Human Form): move 1 west, range 3
    settle(duel)
    gained = [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 1]
    assert [(f.stat, f.amount, f.beat) for f in gained] == [("power", -2, 1)]
    # Khadath's Shot hits at range 3 with power 3 - 2 = 1, less Human Form's Soak 1.
    khadath = dealt(duel, 1)[0]
    assert (khadath.power, khadath.amount) == (1, 0)
    assert life(duel) == (20, 18)


def test_spellbolt_elemental_pulls_0_to_2():
    """Spellbolt, Elemental Form: On Hit pull the opponent 0-2 spaces (kallistar.yaml)."""
    duel = new_duel("kallistar", "khadath")
    stage(duel, spaces=(1, 5), forms=("elemental", None))
    pairs(duel, ("blazing", "spellbolt"), ("hunters", "strike"))
    pass_ante(duel)
    assert option_values(duel) == [3, 4, 5]
    answer(duel, 0, "move", to=3)
    settle(duel)
    pulled = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1][0]
    assert (pulled.kind, pulled.by, pulled.spaces) == ("pull", 0, 2)
    assert spaces(duel) == (1, 3)


def finisher_duel(finisher, form):
    duel = new_duel("kallistar", "cadenza", finishers=(finisher, None))
    stage(duel, spaces=(3, 4), life=(7, 20), forms=(form, None))
    return duel


def test_supernova_in_elemental_form_hits_then_defeats_kallistar():
    """Supernova (range 1~2, power 8, priority 5): Elemental Form only; End of Beat
    Kallistar is defeated (kallistar.yaml; R20.5)."""
    duel = finisher_duel("supernova", "elemental")
    pairs(duel, ("special-action", "strike"), ("battery", "strike"))
    pass_ante(duel)
    assert [f.action for f in facts_of(duel.facts, F.SpecialActionDeclared)] == ["finisher"]
    assert priorities(duel) == [7, 2]  # 5 + Elemental Form's 2
    assert dealt(duel, 0)[0].power == 10
    answer(duel, 1, "may", accept=False)  # Iron Body: keep the token
    settle(duel)
    ended = facts_of(duel.facts, F.DuelEnded)[0]
    assert (ended.winner, ended.reason) == (1, "supernova")
    assert duel.over and life(duel) == (6, 10)


def test_supernova_in_human_form_becomes_a_cancel():
    """A Finisher its form does not allow turns into a Cancel (kallistar.yaml; R24)."""
    duel = finisher_duel("supernova", "human")
    pairs(duel, ("special-action", "strike"), ("battery", "strike"))
    pass_ante(duel)
    assert [f.action for f in facts_of(duel.facts, F.SpecialActionDeclared)] == ["cancel"]
    me, him = duel.state.players
    assert "special-action" in me.removed and "strike" in me.hand
    assert him.discard_1[-2:] == ["battery", "strike"]
    assert duel.prompt["kind"] == "attack_pair"


def test_chain_of_destruction_pays_3_life_to_repeat():
    """Chain of Destruction (range 4~6, power 4, priority 5): Human Form only; On Hit she
    may pay 3 life, keeping at least 1, to repeat (kallistar.yaml)."""
    duel = finisher_duel("chain-of-destruction", "human")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("special-action", "strike"), ("mechanical", "strike"))
    pass_ante(duel)
    answer(duel, 0, "may", accept=True)   # 7 -> 4, repeat
    answer(duel, 0, "may", accept=True)   # 4 -> 1, repeat
    # At 1 life she cannot pay 3 any more: not asked.
    assert duel.prompt["kind"] != "may" or duel.prompt["players"] != [0]
    assert life_lost(duel) == [(3, 3), (3, 3)]
    assert [f.amount for f in dealt(duel, 0)] == [4, 4, 4]
    answer(duel, 1, "move", to=5)  # Mechanical's End of Beat: advance 0
    settle(duel)
    assert life(duel) == (1, 8)


def test_chain_of_destruction_in_elemental_form_becomes_a_cancel():
    """Chain of Destruction needs Human Form; otherwise it is a Cancel (kallistar.yaml)."""
    duel = finisher_duel("chain-of-destruction", "elemental")
    pairs(duel, ("special-action", "strike"), ("battery", "strike"))
    pass_ante(duel)
    assert [f.action for f in facts_of(duel.facts, F.SpecialActionDeclared)] == ["cancel"]


def test_spellbolt_minus_2_power_ends_at_recycle_after_a_pulse_beat():
    """Spellbolt's "-2 power this beat" ends when cards recycle, also when an earlier Pulse
    kept the beat counter from dropping (R11.4, R18.9, R12.2)."""
    duel = new_duel("kallistar", "cadenza")
    # Beat 1: Kallistar Pulses and leaves the standups where they are.
    pairs(duel, ("special-action", "burst"), ("battery", "strike"))
    pass_ante(duel)
    answer(duel, 0, "arrange", spaces=[3, 5])
    settle(duel)
    assert (duel.state.beat, duel.to_json()["statuses"]) == (1, [])
    # Next beat (counter still 15): Blazing Spellbolt hits; Cadenza has -2 power this beat.
    pairs(duel, ("blazing", "spellbolt"), ("mechanical", "shot"))
    pass_ante(duel)
    finish_beat(duel)
    assert [f.source for f in facts_of(duel.facts, F.StatusGained) if f.player == 1] == [
        "Spellbolt"]
    # After Recycle every status of that beat is gone.
    assert duel.to_json()["statuses"] == []
