"""Regicide Heketch's cards (heketch.yaml): Dark Force, five Styles, Knives and both
Finishers. Heketch is player 0 (space 3) unless a test says otherwise.

Opponents are chosen for predictable numbers: Khadath's Hunter's Style is +0/+0/+0 while
his Gate Trap is off the board; Hikaru's Advancing moves him at the Start of Beat.
Engine rulings tested as such: the Dark Force teleport is a prompt when both sides of the
opponent are free; Merciless also counts a direct move past Heketch (R17.12a).
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.heketch import HeketchDarkForceSpent
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

# Heketch discards that keep Merciless and Rasping in hand.
KEEP_ALL = (("critical", "dash"), ("assassin", "grasp"))
DF = "dark-force"


def pools(duel, p=0):
    me = duel.state.players[p]
    return sorted(me.token_pool), sorted(me.token_discard)


def may(duel, player, accept):
    settle(duel)
    return answer(duel, player, "may", accept=accept)


def stun_of(duel, player):
    return [f for f in facts_of(duel.facts, F.StunChecked) if f.player == player]


def test_dark_force_starts_in_the_pool():
    """Setup: the one Dark Force token starts in Heketch's token pool."""
    duel = new_duel("heketch", "khadath")
    assert pools(duel) == ([DF], [])
    assert duel.state.players[0].counters == {"pinned-from": 0, "pinned-until": 0,
                                              "vanished": 0, "living-nightmare": 0}


def test_dark_force_ante_teleports_next_to_the_opponent_with_plus_3_priority():
    """Dark Force: anted, Heketch moves directly beside the opponent during the Ante
    (a prompt: either side) and has +3 priority; the token is spent at once (R5.5)."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("critical", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token=DF)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [4, 6]
    answer(duel, 0, "move", to=6)
    assert spaces(duel) == (6, 5) and pools(duel) == ([], [DF])
    assert priorities(duel) == [3 + 1 + 3, 3]
    assert facts_of(duel.facts, F.BecameActive)[0].player == 0


def test_dark_force_teleport_is_forced_with_one_free_side():
    """Dark Force: with the opponent on the board's edge there is one space beside them."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(3, 7))
    pairs(duel, ("critical", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token=DF)
    assert spaces(duel) == (6, 7)
    assert [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][-1].forced


def test_dark_force_is_regained_at_range_3_or_more_only():
    """Dark Force: at the end of the beat Heketch regains it if he lacks it and the
    opponent is at range 3 or more; not at range 2."""
    for start, regained in (((1, 5), True), ((1, 3), False)):
        duel = new_duel("heketch", "khadath")
        stage(duel, spaces=start, token_pool=([],), token_discard=([DF],))
        pairs(duel, ("assassin", "shot"), ("hunters", "shot"))
        pass_ante(duel)
        settle(duel)
        while duel.prompt and duel.prompt["kind"] != "attack_pair":
            o = duel.prompt["options"][0]
            duel.decide(o)
            settle(duel)
        assert (pools(duel) == ([DF], [])) is regained, (start, spaces(duel))


def test_merciless_opponent_moving_past_loses_2_life_and_cannot_move_again():
    """Merciless: Hikaru's Advancing takes him past Heketch: he loses 2 life and his
    Drive's advance is then ignored (cannot move again this beat)."""
    duel = new_duel("hikaru", "heketch", d1=KEEP_ALL)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("advancing", "drive"), ("merciless", "shot"))
    pass_ante(duel)
    settle(duel)
    lost = facts_of(duel.facts, F.LifeLost)
    assert [(f.player, f.amount) for f in lost] == [(0, 2)]
    ignored = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 0]
    assert ignored and "pinned" in ignored[0].text
    assert spaces(duel)[0] == 5


def test_merciless_keeps_attacks_off_heketch_while_dark_force_is_in_his_pool():
    """Merciless (After Activating): with Dark Force in his pool (not spent), attacks
    cannot hit Heketch for the rest of the beat."""
    duel = new_duel("heketch", "khadath", d0=KEEP_ALL)
    stage(duel, spaces=(1, 5))
    pairs(duel, ("merciless", "knives"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    missed = [f for f in facts_of(duel.facts, F.Missed) if f.attacker == 1]
    assert [f.reason for f in missed] == ["dark-force"]
    assert life(duel)[0] == 20 and pools(duel) == ([DF], [])


def test_critical_ignores_stun_guard():
    """Critical: 3 damage stuns Khadath through Strike's Stun Guard 5 (R16.9)."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("critical", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    may(duel, 0, False)
    check = stun_of(duel, 1)[0]
    assert check.stunned and check.stun_guard == 0 and check.rule == "R16.9"


def test_critical_spends_dark_force_for_plus_3_power_at_range_1():
    """Critical (On Hit): at range 1 Heketch may spend Dark Force for +3 power."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("critical", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    may(duel, 0, True)
    assert facts_of(duel.facts, HeketchDarkForceSpent)
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt)] == [6]
    assert pools(duel) == ([], [DF])


def test_rasping_heals_half_the_damage_rounded_up():
    """Rasping (On Damage): 3 damage dealt heals Heketch 2 life."""
    duel = new_duel("heketch", "khadath", d0=KEEP_ALL)
    stage(duel, spaces=(3, 4), life=(10, 20))
    pairs(duel, ("rasping", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    may(duel, 0, False)
    healed = facts_of(duel.facts, F.LifeGained)
    assert [(f.amount, f.actual) for f in healed] == [(2, 2)]
    assert life(duel) == (10 + 2 - 4, 17)


def test_rasping_spends_dark_force_for_plus_3_power_at_range_1():
    """Rasping (On Hit): the same Dark Force spend as Critical: +3 power at range 1."""
    duel = new_duel("heketch", "khadath", d0=KEEP_ALL)
    stage(duel, spaces=(3, 4), life=(10, 20))
    pairs(duel, ("rasping", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    may(duel, 0, True)
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [6]
    assert [f.amount for f in facts_of(duel.facts, F.LifeGained)] == [3]


def test_assassin_retreats_any_number_of_spaces_on_hit():
    """Assassin (On Hit): retreat any number of spaces, 0 included; at range 3 no spend."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("assassin", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [1, 2, 3]
    answer(duel, 0, "move", to=1)
    assert spaces(duel) == (1, 4) and pools(duel) == ([DF], [])


def test_assassin_spends_dark_force_so_the_opponent_cannot_move_next_beat():
    """Assassin (On Damage): at range 1 Heketch may spend Dark Force; the opponent then
    cannot move at all during the next beat (and still can this beat)."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("assassin", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=3)
    seq = duel.state.seq
    may(duel, 0, True)
    assert duel.state.players[0].counters["pinned-from"] == seq + 1
    assert duel.state.players[0].counters["pinned-until"] == seq + 1
    assert [f.attacker for f in facts_of(duel.facts, F.DamageDealt)] == [0]
    settle(duel)
    # Next beat: Khadath's Drive cannot advance.
    pairs(duel, ("critical", "knives"), ("lure", "drive"))
    pass_ante(duel)
    settle(duel)
    ignored = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 1]
    assert ignored and spaces(duel)[1] == 4


def test_psycho_advances_until_adjacent_then_may_attack_again():
    """Psycho: Start of Beat advance until adjacent; End of Beat at range 1 Heketch may
    spend Dark Force to activate the attack again."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("psycho", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel) == (4, 5)
    may(duel, 0, True)
    settle(duel)
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [4, 4]
    assert pools(duel) == ([], [DF])


def test_knives_wins_priority_ties_without_a_clash():
    """Knives: a priority tie makes Heketch the Active Player, no Clash."""
    duel = new_duel("heketch", "hikaru")
    pairs(duel, ("psycho", "knives"), ("advancing", "palm-strike"))
    pass_ante(duel)
    assert priorities(duel) == [6, 6]
    became = facts_of(duel.facts, F.BecameActive)[0]
    assert became.player == 0 and not facts_of(duel.facts, F.ClashOccurred)


def test_knives_does_not_stun_at_range_1():
    """Knives: 4 damage at range 1 does not stun Khadath (Shot, Stun Guard 2)."""
    duel = new_duel("heketch", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("assassin", "knives"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=3)
    may(duel, 0, False)
    check = stun_of(duel, 1)[0]
    assert not check.stunned and "Knives" in check.text


def test_knives_stuns_normally_at_range_2():
    """Knives: at range 2 the usual stun check applies (4 damage > Stun Guard 2)."""
    duel = new_duel("heketch", "khadath")
    pairs(duel, ("critical", "knives"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert stun_of(duel, 1)[0].stunned


def finisher_duel(finisher):
    duel = new_duel("heketch", "khadath", finishers=(finisher, None))
    stage(duel, spaces=(1, 5), life=(7, 20))
    return duel


def test_million_knives_advances_and_repeats_until_adjacent():
    """Million Knives (On Hit): advance 1; if he moved and is not adjacent, repeat: hits
    at range 4, 3 and 2, then adjacent it stops."""
    duel = finisher_duel("million-knives")
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [3] * 3
    assert spaces(duel) == (4, 5)
    assert len(facts_of(duel.facts, F.AttackRepeated)) == 2


def test_living_nightmare_stuns_and_regains_dark_force_at_any_range():
    """Living Nightmare (On Hit): the opponent is stunned; from then on Heketch regains
    Dark Force at every end of beat, whatever the range."""
    duel = new_duel("heketch", "khadath", finishers=("living-nightmare", None))
    stage(duel, spaces=(3, 4), life=(7, 20), token_pool=([],), token_discard=([DF],))
    pairs(duel, ("special-action", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]
    assert duel.state.players[0].counters["living-nightmare"] == 1
    assert spaces(duel) == (3, 4) and pools(duel) == ([DF], [])


def test_s22_merciless_life_loss_at_the_floor_counts_in_full():
    """S22: Heketch with Merciless on 4, the opponent on 2 at 1 life moves past him: the
    opponent loses 2 life but stays at 1, counted as 2 lost (R14.5, I1), and cannot move
    again this beat."""
    duel = new_duel("hikaru", "heketch", d1=KEEP_ALL)
    stage(duel, spaces=(2, 4), life=(1, 20))
    pairs(duel, ("advancing", "drive"), ("merciless", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [5, 6]  # Drive
    answer(duel, 0, "move", to=5)
    lost = facts_of(duel.facts, F.LifeLost)
    assert [(f.player, f.amount, f.actual) for f in lost] == [(0, 2, 0)]
    assert "below 1" in lost[0].text
    assert life(duel)[0] == 1 and not duel.over


def test_merciless_counts_a_direct_move_past_heketch():
    """Merciless: a direct move past Heketch counts too (R17.12a): Khadath's Teleport at
    the End of Beat to Heketch's far side costs him 2 life."""
    duel = new_duel("heketch", "khadath", d0=KEEP_ALL, d1=(("evacuation", "dash"),
                                                           ("blight", "grasp")))
    stage(duel, spaces=(3, 6))
    pairs(duel, ("merciless", "shot"), ("teleport", "strike"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt and duel.prompt["kind"] != "move":
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    assert duel.prompt["players"] == [1]
    answer(duel, 1, "move", to=1)
    lost = [f for f in facts_of(duel.facts, F.LifeLost) if f.player == 1]
    assert [f.amount for f in lost] == [2] and lost[0].rule == "merciless: passive"
