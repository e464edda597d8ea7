"""Vanaah Kalmor's cards (vanaah.yaml): Divine Rush, five Styles, Scythe and both Finishers.

Vanaah is player 0 (space 3) unless a test says otherwise. Opponents are chosen for
predictable numbers: Khadath's Hunter's Style is +0/+0/+0 while his Gate Trap is off the
board; Hikaru brings tokens for Reaping to take.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.vanaah import PILE, VanaahRushCycled
from judge.battlecon.state import SPECIAL_ACTION as SA
from tests.judge.scene import (
    answer,
    answer_until,
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

# Discards that keep Reaping and Judgment (the defaults' yellow and green) in hand.
KEEP_REAPING_JUDGMENT = (("glorious", "dash"), ("paladin", "grasp"))


def rush(duel, p=0):
    """Where Divine Rush is: (in the pool, in the token discard, the pile it rides with)."""
    me = duel.state.players[p]
    return "divine-rush" in me.token_pool, "divine-rush" in me.token_discard, me.counters[PILE]


def attack_of(duel, p):
    return duel.to_json()["players"][p]["attack"]


def finish(duel, choose=lambda options: options[0]):
    """Answer every remaining prompt of the beat (orders kept as printed, R18.5)."""
    out = settle(duel)
    while duel.prompt and (duel.prompt["kind"] != "attack_pair" or "order" in duel.prompt):
        out += answer_until(duel, "attack_pair", choose) + settle(duel)
    return out


def test_vanaah_kit_and_default_discards():
    """Printed default discards: Reaping + Dash, then Judgment + Grasp; one Divine Rush
    token in the pool (vanaah.yaml setup)."""
    duel = new_duel("vanaah", "khadath")
    me = duel.state.players[0]
    assert me.discard_1 == ["reaping", "dash"] and me.discard_2 == ["judgment", "grasp"]
    assert rush(duel) == (True, False, 0)
    assert sorted(me.hand) == sorted(["glorious", "vengeance", "paladin", "strike", "shot",
                                      "drive", "burst", "scythe", SA])


def test_divine_rush_ante_gives_plus_2_power_and_priority():
    """Divine Rush anted: +2 power and +2 priority this beat (vanaah.yaml)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("glorious", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="divine-rush")  # both later passes are forced
    anted = facts_of(duel.facts, F.Anted)
    assert [(f.player, f.token) for f in anted] == [(0, "divine-rush")]
    # Glorious Strike: power 4 + 2 + Divine Rush 2; priority 3 + Divine Rush 2.
    assert priorities(duel) == [5, 3]
    answer(duel, 0, "move", to=3)  # Glorious: stay
    settle(duel)
    assert [f.power for f in dealt(duel, 0)] == [8]


def test_divine_rush_cycles_with_its_attack_pair():
    """Divine Rush goes to discard 1 with its pair, to discard 2 with it, and back to the
    pool when that pile returns to hand; meanwhile it cannot be anted (vanaah.yaml)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("vengeance", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="divine-rush")
    pass_ante(duel)
    finish(duel)
    assert duel.state.players[0].discard_1 == ["vengeance", "strike"]
    assert rush(duel) == (False, True, 1)
    cycled = facts_of(duel.facts, VanaahRushCycled)
    assert cycled[-1].text == "Divine Rush moves with Vanaah's cards into discard 1."
    for expected, mine, theirs in (((False, True, 2), "glorious", "lure"),
                                   ((True, False, 0), "paladin", "blight")):
        pairs(duel, (mine, "shot" if mine == "glorious" else "drive"),
              (theirs, "shot" if theirs == "lure" else "drive"))
        # Vanaah has nothing to ante: her pass is forced.
        assert duel.prompt is None or duel.prompt["kind"] != "ante" or \
            duel.prompt["players"] != [0]
        pass_ante(duel)
        finish(duel)
        assert rush(duel) == expected
        duel.state.players[0].hand.sort()
    assert "vengeance" in duel.state.players[0].hand


def test_divine_rush_returns_with_a_pulsed_pair():
    """Ruling: a pair that goes to no discard pile (here a Pulse) takes Divine Rush back
    to the pool at once (G8: the ante itself is spent with no effect)."""
    duel = new_duel("vanaah", "khadath")
    pairs(duel, (SA, "burst"), ("hunters", "shot"))
    answer(duel, 0, "ante", token="divine-rush")
    pass_ante(duel)
    answer(duel, 0, "arrange", spaces=[2, 6])
    settle(duel)
    assert rush(duel) == (True, False, 0)
    assert "returns to Vanaah's pool" in facts_of(duel.facts, VanaahRushCycled)[-1].text


def test_reaping_makes_the_opponent_discard_a_token_of_their_choice():
    """Reaping On Hit: the opponent chooses one of their tokens and discards it; range
    +0~1, priority +1 (vanaah.yaml Reaping)."""
    duel = new_duel("vanaah", "hikaru", d0=KEEP_REAPING_JUDGMENT)
    stage(duel, spaces=(3, 5))
    # Reaping Strike (range 1~2, priority 4) vs Advancing Shot (priority 3).
    pairs(duel, ("reaping", "strike"), ("advancing", "shot"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "pick" and duel.prompt["players"] == [1]
    assert option_values(duel, "option") == ["earth", "fire", "water", "wind"]
    answer(duel, 1, "pick", option="wind")
    discarded = facts_of(duel.facts, F.TokenDiscarded)
    assert [(f.player, f.token) for f in discarded] == [(1, "wind")]
    assert "wind" in duel.state.players[1].token_discard
    assert "wind" not in duel.state.players[1].token_pool
    assert duel.state.players[1].this_beat.bonus_tokens == []  # discarded, not spent


def test_reaping_returns_divine_rush_when_the_opponent_has_no_token():
    """Reaping On Hit against a fighter without tokens: Divine Rush comes back to the pool
    at once, even while it rides with a discard pile (vanaah.yaml Reaping)."""
    duel = new_duel("vanaah", "khadath", d0=KEEP_REAPING_JUDGMENT)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("vengeance", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="divine-rush")
    pass_ante(duel)
    finish(duel)
    assert rush(duel) == (False, True, 1)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("reaping", "shot"), ("lure", "shot"))
    pass_ante(duel)
    finish(duel)
    assert rush(duel) == (True, False, 0)
    back = facts_of(duel.facts, VanaahRushCycled)[-1]
    assert back.rule == "reaping: On Hit" and "no token to discard" in back.text


def test_glorious_does_not_hit_an_opponent_with_higher_priority():
    """Glorious: +2 power; Before Activating advance 0 or 1; it does not hit an opponent
    with higher priority (vanaah.yaml Glorious)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(3, 4))
    # Glorious Shot (priority 2) vs Hunter's Grasp... Khadath keeps Grasp in discard, so
    # Hunter's Drive (priority 4) is higher: Vanaah is Reactive and misses.
    pairs(duel, ("glorious", "shot"), ("hunters", "drive"))
    pass_ante(duel)
    finish(duel)
    missed = [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == 0]
    assert missed == ["glorious"]

    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(3, 5))
    # Glorious Strike (priority 3) vs Hunter's Shot (priority 2): Vanaah advances to 4.
    pairs(duel, ("glorious", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    assert option_values(duel) == [3, 4]
    answer(duel, 0, "move", to=4)
    settle(duel)
    assert [f.power for f in dealt(duel, 0)] == [6]


def test_judgment_opponent_cannot_retreat_or_move_past_vanaah():
    """Judgment: +1 range, +1 power, -1 priority; the opponent cannot retreat or move past
    Vanaah this beat: Evacuation's retreat is ignored (vanaah.yaml Judgment)."""
    duel = new_duel("vanaah", "khadath", d0=KEEP_REAPING_JUDGMENT,
                    d1=(("teleport", "dash"), ("blight", "grasp")))
    stage(duel, spaces=(3, 5))
    # Judgment Strike (range 1~2, priority 2) vs Evacuation Strike (priority 3).
    pairs(duel, ("judgment", "strike"), ("evacuation", "strike"))
    pass_ante(duel)
    settle(duel)
    ignored = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 1]
    assert [f.kind for f in ignored] == ["retreat"]
    assert spaces(duel)[1] == 5
    assert [f.power for f in dealt(duel, 0)] == [5]


def test_judgment_movement_past_vanaah_stops_next_to_her():
    """Judgment: an advance that would pass Vanaah goes no farther than the space next to
    her (R17.14): Hikaru's Advancing from 5 with Vanaah on 3 stops on 4."""
    duel = new_duel("vanaah", "hikaru", d0=KEEP_REAPING_JUDGMENT)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("judgment", "strike"), ("advancing", "strike"))
    pass_ante(duel)
    settle(duel)
    moves = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
    assert [(f.start, f.end, f.passed, f.stopped_by) for f in moves] == [
        (4, 4, False, "judgment")]
    assert spaces(duel) == (3, 4)


def test_vengeance_does_not_hit_an_opponent_with_lower_priority():
    """Vengeance: +2 power, Stun Guard 4; it does not hit an opponent with lower priority
    (vanaah.yaml Vengeance)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(3, 4))
    # Vengeance Strike (priority 3) vs Hunter's Shot (priority 2): Vanaah misses.
    pairs(duel, ("vengeance", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    finish(duel)
    assert [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == 0] == [
        "vengeance"]
    # Khadath's Shot (power 3) does not beat Stun Guard 5 + 4.
    checks = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 0]
    assert [(f.damage, f.stun_guard, f.stunned) for f in checks] == [(3, 9, False)]


def test_paladin_moves_directly_next_to_the_opponent_at_end_of_beat():
    """Paladin: +0~1 range, +1 power, -2 priority, Stun Guard 3; End of Beat: move
    directly to a space next to the opponent (vanaah.yaml Paladin)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("paladin", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [4, 6]
    answer(duel, 0, "move", to=6)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0]
    assert [(f.kind, f.start, f.end, f.passed) for f in moved] == [("direct", 1, 6, True)]


def test_scythe_advances_one_and_pulls_up_to_one():
    """Scythe: range 1~2, power 3, priority 3, Stun Guard 3; Before Activating advance 1;
    On Hit pull the opponent 0 or 1 space (vanaah.yaml Scythe)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(2, 5))
    # Glorious Scythe (priority 3) vs Hunter's Shot (priority 2).
    pairs(duel, ("glorious", "scythe"), ("hunters", "shot"))
    pass_ante(duel)
    answer(duel, 0, "move", to=2)  # Glorious: stay
    settle(duel)
    assert spaces(duel) == (3, 5)  # Scythe advanced 1
    assert option_values(duel) == [4, 5]  # pull 1 or 0
    answer(duel, 0, "move", to=4)
    settle(duel)
    assert spaces(duel) == (3, 4)
    assert [f.power for f in dealt(duel, 0)] == [5]


def test_hand_of_divinity_range_5_soak_3_and_advance():
    """Hand of Divinity: range 5, power 7, priority 3, Soak 3, Stun Immunity; After
    Activating advance any number of spaces (vanaah.yaml)."""
    duel = new_duel("vanaah", "khadath")
    stage(duel, spaces=(1, 6), life=(7, 20))
    pairs(duel, (SA, "scythe"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert [f.power for f in dealt(duel, 0)] == [7]
    assert life(duel)[1] == 13
    assert duel.prompt["kind"] == "move" and option_values(duel) == [1, 2, 3, 4, 5, 7]
    answer(duel, 0, "move", to=5)
    assert spaces(duel)[0] == 5


def test_death_walks_stuns_and_gives_minus_4_priority_next_beat():
    """Death Walks: range 1~2, power 5, priority 6; On Hit the opponent is stunned and has
    -4 priority during the next beat (vanaah.yaml)."""
    duel = new_duel("vanaah", "khadath", finishers=("death-walks", None))
    stage(duel, spaces=(3, 5), life=(7, 20))
    pairs(duel, (SA, "strike"), ("hunters", "drive"))
    pass_ante(duel)
    finish(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]
    assert [f.player for f in facts_of(duel.facts, F.ActivationSkipped)] == [1]
    pairs(duel, ("glorious", "shot"), ("lure", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [2, -2]  # Lure Strike 2, less 4


def test_judgment_forbids_a_direct_move_past_vanaah():
    """Judgment with a direct move: the restriction holds for teleports too (R17.12b), so
    Khadath's Teleport is offered only the free spaces on his own side of Vanaah."""
    duel = new_duel("vanaah", "khadath", d0=KEEP_REAPING_JUDGMENT,
                    d1=(("evacuation", "dash"), ("blight", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("judgment", "shot"), ("teleport", "shot"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt["kind"] != "move" or duel.prompt["players"] != [1]:
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    assert option_values(duel) == [4, 6, 7]
