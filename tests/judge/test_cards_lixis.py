"""Lixis Ran Kanda's cards (lixis.yaml): Withering Touch, five Styles, Lance and both
Finishers. Lixis is player 0 (space 3) unless a test says otherwise.

Khadath's Hunter's Style is +0/+0/+0 while his Gate Trap is off the board; Lure Shot has
priority 1. Engine rulings tested as such: the Base Withering Touch takes travels with the
attack pair into discard 1 (R18.14); Rooted's "may ignore" is asked of Lixis before the
movement is chosen; Lance's block also stops pulls of the opponent, not direct moves (G10).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from judge.battlecon import facts as F
from judge.battlecon.actions import Teleport
from judge.battlecon.cards import BEFORE_ACTIVATING, Card, Effect
from judge.battlecon.fighters import Fighter, register, unregister
from judge.battlecon.fighters.lixis import LixisAntesCancelled, LixisBaseWithered, rooted
from judge.battlecon.hooks import MAY_IGNORE_MOVEMENT
from judge.battlecon.roster import fighter
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

KEEP_PRUNING_ROOTED = (("venomous", "dash"), ("vine", "grasp"))


def dealt_by(duel, attacker):
    return [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == attacker]


def pick(duel, player, option):
    settle(duel)
    return answer(duel, player, "pick", option=option)


def test_withering_touch_opponent_discards_a_base_that_goes_with_the_pair():
    """Withering Touch: on a hit the opponent picks a Base from hand; it goes with this
    beat's attack pair into discard 1 at Recycle (R18.14)."""
    duel = new_duel("lixis", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("naturalizing", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "pick" and duel.prompt["players"] == [1]
    assert option_values(duel, "option") == ["burst", "drive", "snare", "strike"]
    pick(duel, 1, "burst")
    withered = facts_of(duel.facts, LixisBaseWithered)
    assert [(f.player, f.card) for f in withered] == [(1, "burst")]
    khadath = duel.state.players[1]
    assert khadath.discard_1 == ["hunters", "shot", "burst"] and "burst" not in khadath.hand


def test_withering_touch_base_waits_with_the_pair_until_recycle():
    """Withering Touch: before Recycle the discarded Base sits with the attack pair."""
    duel = new_duel("lixis", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("naturalizing", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    pick(duel, 1, "burst")
    # Khadath (not stunned by 3 against Strike's Stun Guard 5) still has his attack to come.
    assert duel.state.players[1].zone_of("burst") in ("attack_pair", "discard_1")
    assert duel.state.players[1].discard_1[-1:] == ["burst"]


def test_pruning_gains_per_base_in_the_opponents_discards_and_takes_one_more():
    """Pruning: +1 power and +1 priority per Base in the opponent's discards (Dash, Grasp:
    +2); on a hit the opponent discards a second Base (Pruning and Withering Touch)."""
    duel = new_duel("lixis", "khadath", d0=KEEP_PRUNING_ROOTED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("pruning", "strike"), ("lure", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [3 - 2 + 2, 1]
    pick(duel, 1, "burst")
    pick(duel, 1, "drive")
    assert [f.card for f in facts_of(duel.facts, LixisBaseWithered)] == ["burst", "drive"]
    assert dealt_by(duel, 0) == [4 - 1 + 2]
    assert duel.state.players[1].discard_1 == ["lure", "shot", "burst", "drive"]


def test_venomous_advances_0_or_1_and_gives_minus_2_priority_next_beat():
    """Venomous: advance 0 or 1 before activating; on a hit the opponent has -2 priority
    during the next beat (R18.9)."""
    duel = new_duel("lixis", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("venomous", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [3, 4]
    answer(duel, 0, "move", to=4)
    pick(duel, 1, "burst")
    penalty = [f for f in facts_of(duel.facts, F.StatusGained) if f.source == "Venomous"]
    assert [(f.player, f.amount, f.beat) for f in penalty] == [(1, -2, duel.state.seq)]
    assert dealt_by(duel, 0) == [5]


def test_rooted_may_ignore_the_opponents_pull_and_soaks_2():
    """Rooted: Lixis may ignore a movement effect applied to her (Grapnel's pull); Soak 2."""
    duel = new_duel("lixis", "cadenza", d0=KEEP_PRUNING_ROOTED)
    stage(duel, spaces=(3, 6))
    pairs(duel, ("rooted", "shot"), ("grapnel", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "may" and duel.prompt["players"] == [0]
    assert "Rooted" in duel.prompt["about"]
    answer(duel, 0, "may", accept=True)
    assert spaces(duel)[0] == 3
    assert dealt_by(duel, 1) == [4 - 2]


def test_rooted_declined_lets_the_pull_happen():
    """Rooted: declined, the pull goes on and Cadenza chooses its length."""
    duel = new_duel("lixis", "cadenza", d0=KEEP_PRUNING_ROOTED)
    stage(duel, spaces=(3, 6))
    pairs(duel, ("rooted", "shot"), ("grapnel", "strike"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "may", accept=False)
    assert duel.prompt["kind"] == "move" and duel.prompt["players"] == [1]
    answer(duel, 1, "move", to=5)
    assert spaces(duel)[0] == 5


def test_naturalizing_cancels_what_the_opponent_anted():
    """Naturalizing (Reveal): Hikaru's anted Wind gives no +2 priority; the token stays
    spent."""
    duel = new_duel("lixis", "hikaru")
    pairs(duel, ("naturalizing", "lance"), ("advancing", "strike"))
    answer(duel, 1, "ante", token="wind")
    pass_ante(duel)
    assert facts_of(duel.facts, LixisAntesCancelled)
    assert priorities(duel) == [6, 4]
    assert "wind" in duel.state.players[1].token_discard


def test_naturalizing_caps_the_opponents_stats_at_the_printed_values():
    """Naturalizing: Advancing's +1 power for passing Lixis cannot lift Hikaru's Advancing
    Strike above its printed power 5."""
    duel = new_duel("lixis", "hikaru")
    stage(duel, spaces=(4, 3))
    pairs(duel, ("naturalizing", "shot"), ("advancing", "strike"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel)[1] == 5
    assert dealt_by(duel, 1) == [5]


def test_naturalizing_forbids_spending_tokens():
    """Naturalizing: no player may spend tokens this beat: Critical's Dark Force spend is
    not offered to Heketch at range 1."""
    duel = new_duel("lixis", "heketch")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("naturalizing", "shot"), ("critical", "knives"))
    pass_ante(duel)
    settle(duel)
    assert not (duel.prompt and duel.prompt["kind"] == "may")
    assert duel.state.players[1].token_pool == ["dark-force"]


def test_vine_pulls_the_opponent_0_to_2_spaces():
    """Vine (On Hit): pull the opponent 0-2 spaces."""
    duel = new_duel("lixis", "khadath")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("vine", "lance"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [3, 4, 5]
    answer(duel, 0, "move", to=3)
    pick(duel, 1, "burst")
    assert spaces(duel)[1] == 3


def test_lance_blocks_the_spaces_next_to_lixis():
    """Lance: an opponent cannot enter or pass the spaces next to Lixis; Advancing's
    advance from range 2 is stopped before space 4 and moves Hikaru 0 spaces."""
    duel = new_duel("lixis", "hikaru")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("naturalizing", "lance"), ("advancing", "strike"))
    pass_ante(duel)
    settle(duel)
    moves = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1]
    assert spaces(duel) == (3, 5) and moves[0].stopped_by == "lance" and moves[0].spaces == 0


def test_s33_lance_face_down_does_not_stop_heketchs_ante_teleport():
    """S33: Lixis has Lance face down; Heketch teleports next to her during the Ante and
    stays there once Lance is revealed (R18.2, R28.7)."""
    duel = new_duel("heketch", "lixis")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("critical", "strike"), ("naturalizing", "lance"))
    answer(duel, 0, "ante", token="dark-force")
    answer(duel, 0, "move", to=4)
    pass_ante(duel)
    assert spaces(duel) == (4, 5)
    assert not [f for f in facts_of(duel.facts, F.Moved) if f.player == 0 and f.end != 4]


def test_s34_lance_stops_an_advance_until_adjacent():
    """S34: with Lance revealed, Psycho's "advance until adjacent" moves Heketch until
    Lance's block stops him, not adjacent (R17.16)."""
    duel = new_duel("heketch", "lixis")
    stage(duel, spaces=(2, 6))
    pairs(duel, ("psycho", "strike"), ("naturalizing", "lance"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel)[0] == 4
    stop = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert stop.stopped_by == "lance" and "Lance" in stop.text


def finisher_duel(finisher, spaces_=(3, 4)):
    duel = new_duel("lixis", "khadath", finishers=(finisher, None))
    stage(duel, spaces=spaces_, life=(7, 20))
    return duel


def test_virulent_miasma_costs_2_life_every_ante():
    """Virulent Miasma: after the hit the opponent loses 2 life in every Ante step."""
    duel = finisher_duel("virulent-miasma")
    pairs(duel, ("special-action", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    pick(duel, 1, "burst")
    settle(duel)
    assert duel.state.players[0].counters["miasma"] == 1
    before = life(duel)[1]
    pairs(duel, ("naturalizing", "shot"), ("hunters", "strike"))
    lost = [f for f in facts_of(duel.facts, F.LifeLost) if f.player == 1]
    assert lost[-1].amount == 2 and life(duel)[1] == before - 2


def test_virulent_miasma_at_1_life_gives_minus_3_priority_instead():
    """Virulent Miasma: at 1 life when the Ante starts, the opponent has -3 priority
    instead of losing life."""
    duel = finisher_duel("virulent-miasma")
    pairs(duel, ("special-action", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    pick(duel, 1, "burst")
    settle(duel)
    stage(duel, life=(7, 1))
    pairs(duel, ("naturalizing", "shot"), ("hunters", "strike"))
    assert [f.amount for f in facts_of(duel.facts, F.StatusGained)
            if f.source == "Virulent Miasma"] == [-3]
    assert life(duel)[1] == 1


def test_life_virus_named_cards_cost_3_life_when_revealed():
    """Life Virus: Lixis names a Style and a Base; revealing both costs 6 life."""
    duel = finisher_duel("life-virus", spaces_=(1, 5))
    pairs(duel, ("special-action", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "pick" and duel.prompt["players"] == [0]
    pick(duel, 0, "hunters")
    pick(duel, 0, "strike")
    settle(duel)
    while duel.prompt and duel.prompt["kind"] == "pick":
        pick(duel, 1, duel.prompt["options"][0]["option"])
        settle(duel)
    before = life(duel)[1]
    pairs(duel, ("naturalizing", "shot"), ("hunters", "strike"))
    settle(duel)
    virus = [f for f in facts_of(duel.facts, F.LifeLost) if f.rule == "life-virus: Reveal"]
    assert [f.amount for f in virus] == [6] and life(duel)[1] == before - 6


def test_naturalizing_stops_cadenzas_iron_body_spend_and_ante():
    """Naturalizing: Cadenza's anted Iron Body gives no Stun Immunity, and no Iron Body
    spend is offered at the moment of damage (no spending this beat)."""
    duel = new_duel("lixis", "cadenza")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("naturalizing", "strike"), ("mechanical", "shot"))
    answer(duel, 1, "ante", token="iron-body")
    pass_ante(duel)
    assert facts_of(duel.facts, LixisAntesCancelled)
    pick(duel, 1, "burst")
    assert not [f for f in facts_of(duel.facts, F.StunGuardMaximised)]
    check = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 1][0]
    assert check.stunned and check.damage == 3 and check.stun_guard == 2


def test_lance_does_not_stop_a_direct_move_next_to_lixis():
    """Lance: a direct move may end next to Lixis (R17.12b, G10): Khadath's Teleport."""
    duel = new_duel("lixis", "khadath", d1=(("evacuation", "dash"), ("blight", "grasp")))
    stage(duel, spaces=(3, 6))
    pairs(duel, ("naturalizing", "lance"), ("teleport", "shot"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt and duel.prompt["kind"] != "move":
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    assert 2 in option_values(duel) and 4 in option_values(duel)
    answer(duel, 1, "move", to=4)
    assert spaces(duel)[1] == 4


def test_withering_touch_base_taken_from_a_finisher_player_goes_to_discard_1():
    """Withering Touch against a Finisher (which goes to no pile): the Base goes to
    discard 1 at Recycle (R18.14), not back to hand."""
    duel = new_duel("lixis", "heketch", finishers=(None, "living-nightmare"))
    stage(duel, spaces=(3, 5), life=(20, 7))
    pairs(duel, ("venomous", "lance"), ("special-action", "strike"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=3)
    pick(duel, 1, "shot")
    heketch = duel.state.players[1]
    assert "shot" in heketch.discard_1 and "shot" not in heketch.hand
    assert "strike" in heketch.hand


def _planar_against(style: str):
    """Khadath (7 life) antes Planar Crossing against Lixis's ``style`` + Lance at range 1:
    Lixis's Lance (range 2) misses, Planar Crossing (range 1~2) hits her. Every prompt is
    answered with its first option until a rearrangement is asked or the next Select."""
    duel = new_duel("lixis", "khadath", ante_finishers=True,
                    finishers=(None, "planar-crossing"))
    stage(duel, spaces=(3, 4), life=(20, 7))
    pairs(duel, (style, "lance"), ("hunters", "strike"))
    assert duel.prompt["players"] == [1]  # Lixis has nothing to ante: she passes at once
    answer(duel, 1, "ante", finisher=True)
    while duel.prompt and duel.prompt["kind"] not in ("arrange", "attack_pair"):
        settle(duel)
        if duel.prompt and duel.prompt["kind"] not in ("arrange", "attack_pair"):
            duel.decide(duel.prompt["options"][0])
    return duel


def test_naturalizing_cancels_the_effects_of_an_anted_finisher():
    """Naturalizing: 'cancel the effects of every ... card the opponent anted': Khadath's
    anted Planar Crossing still hits with its printed numbers (4 damage), but its On Hit
    rearrangement does not happen. Without Naturalizing it does (the control)."""
    control = _planar_against("venomous")
    assert control.prompt and control.prompt["kind"] == "arrange"
    duel = _planar_against("naturalizing")
    assert not facts_of(duel.facts, F.StandupsArranged)
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 1] == [4]
    assert life(duel)[0] == 16


def _pacts_against(style: str):
    """Lixis (space 3) plays ``style`` + Strike against Hepzibah (space 4), who antes
    Immortality (Soak 2) and Corruption (her attack ignores Stun Guard) and plays
    Darkheart Strike; the beat is played to its end."""
    duel = new_duel("lixis", "hepzibah")
    stage(duel, spaces=(3, 4))
    pairs(duel, (style, "strike"), ("darkheart", "strike"))
    for pact in ("immortality", "corruption"):  # Lixis has nothing to ante: forced passes
        answer(duel, 1, "ante", token=pact)
    pass_ante(duel)
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        settle(duel)
        if duel.prompt and duel.prompt["kind"] != "attack_pair":
            duel.decide(duel.prompt["options"][0])
    return duel


def test_naturalizing_cancels_hepzibahs_dark_pacts_in_full():
    """Naturalizing: 'cancel the effects of every ... card the opponent anted' covers
    Hepzibah's Dark Pacts in full: Immortality gives no Soak (Lixis's Strike deals its 3
    damage) and Corruption does not ignore Stun Guard (Hepzibah's 4 damage meets Lixis's
    Stun Guard 5: no stun). The Pacts stay anted (in play) and still cost their life.
    The control, Venomous (power 5, Stun Guard 7): Immortality soaks 2 and Corruption
    stuns through Stun Guard."""
    duel = _pacts_against("naturalizing")
    cancelled = facts_of(duel.facts, LixisAntesCancelled)
    assert [(f.player, f.tokens) for f in cancelled] == [(1, ["immortality", "corruption"])]
    assert "Immortality, Corruption" in cancelled[0].text
    assert [(f.amount, f.soak) for f in dealt(duel, 0)] == [(3, 0)]
    assert [(f.damage, f.stun_guard, f.stunned) for f in facts_of(duel.facts, F.StunChecked)
            if f.player == 0] == [(4, 5, False)]
    assert life(duel) == (16, 20 - 2 - 3 + 2)  # two Pacts paid, the Strike, Darkheart heals 2

    control = _pacts_against("venomous")
    assert not facts_of(control.facts, LixisAntesCancelled)
    assert [(f.amount, f.soak) for f in dealt(control, 0)] == [(3, 2)]
    checks = [f for f in facts_of(control.facts, F.StunChecked) if f.player == 0]
    assert [(f.damage, f.stunned) for f in checks] == [(4, True)]


# --- P1: Rooted against placements and direct moves ------------------------------------------

PLACING = {"placing": "movement"}


def test_rooted_may_ignore_planar_crossings_rearrangement():
    """Rooted (P1, ``placing: movement``): Planar Crossing asks Lixis first; ignored, she
    stays on 3 and Khadath places only his own standup."""
    duel = new_duel("lixis", "khadath", d0=KEEP_PRUNING_ROOTED, rulings=PLACING,
                    finishers=(None, "planar-crossing"))
    stage(duel, spaces=(3, 4), life=(20, 7))
    pairs(duel, ("rooted", "strike"), ("special-action", "strike"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "may" and duel.prompt["players"] == [0]
    assert "Rooted" in duel.prompt["about"]
    answer(duel, 0, "may", accept=True)
    assert sorted(o["spaces"][1] for o in duel.prompt["options"]) == [1, 2, 4, 5, 6, 7]
    answer(duel, 1, "arrange", spaces=[3, 1])
    assert spaces(duel) == (3, 1)


def test_rooted_may_ignore_soul_mirrors_swap():
    """Rooted: Soul Mirror's swap (a direct move, R17.13) asks Lixis; ignored, nobody
    moves."""
    duel = new_duel("sagas", "lixis", d1=KEEP_PRUNING_ROOTED, rulings=PLACING,
                    finishers=("soul-mirror", None))
    stage(duel, spaces=(2, 3), life=(5, 18))
    pairs(duel, ("special-action", "strike"), ("rooted", "strike"))
    pass_ante(duel)
    answer(duel, 1, "may", accept=True)
    settle(duel)
    assert spaces(duel) == (2, 3)


def test_rooted_may_ignore_plane_dividers_direct_move():
    """Rooted against an opponent's direct move (Zaamassal's Plane Divider, On Hit): asked
    in every record, as any movement effect is; ignored, Lixis stays on 3."""
    for rulings in (PLACING, {}):
        duel = new_duel("lixis", "zaamassal", d0=KEEP_PRUNING_ROOTED, rulings=rulings,
                        finishers=(None, "plane-divider"))
        stage(duel, spaces=(3, 4), life=(20, 7))
        pairs(duel, ("rooted", "strike"), ("special-action", "strike"))
        pass_ante(duel)
        answer(duel, 1, "move", to=2)  # Plane Divider's own teleport: next to her again
        settle(duel)
        assert duel.prompt["kind"] == "may" and duel.prompt["players"] == [0], duel.prompt
        answer(duel, 0, "may", accept=True)
        settle(duel)
        assert spaces(duel)[0] == 3


ROOTED_TELEPORT = Card("rt-rooted-teleport", "Rooted Teleport", "style", fighter="roottest",
                       hooks={MAY_IGNORE_MOVEMENT: rooted}, effects=(
    Effect(BEFORE_ACTIVATING, (Teleport(),), "Move directly to any unoccupied space."),))


@contextmanager
def rooted_teleporter() -> Iterator[None]:
    """A test fighter whose Style is Rooted with a direct move of its own: no card of War
    of Indines gives Lixis (or Sturdy's Zaamassal) a direct move of her own, so this one
    shows the hook is asked about it."""
    lixis = fighter("lixis")
    styles = tuple(replace(c, id=f"rt-{c.id}", fighter="roottest", hooks={})
                   for c in lixis.styles[:4]) + (ROOTED_TELEPORT,)
    kit = Fighter(id="roottest", name="Root Tester", short="Root Tester", pronoun="she",
                  styles=styles, unique_base=replace(lixis.unique_base, id="rt-lance",
                                                     fighter="roottest", hooks={}),
                  finishers=tuple(replace(c, id=f"rt-{c.id}", fighter="roottest", hooks={},
                                          effects=()) for c in lixis.finishers),
                  default_discards=((styles[0].id, "dash"), (styles[1].id, "grasp")))
    register(kit)
    try:
        yield
    finally:
        unregister("roottest")


def test_rooted_may_ignore_her_own_direct_move():
    """Rooted's "including her own" covers a direct move of her own (a ``MAY_IGNORE_MOVEMENT``
    hook is asked by Teleport too); ignored, she stays where she is."""
    with rooted_teleporter():
        for accept, where in ((True, 3), (False, 7)):
            duel = new_duel("roottest", "cadenza")
            stage(duel, spaces=(3, 5))
            pairs(duel, ("rt-rooted-teleport", "strike"), ("battery", "strike"))
            pass_ante(duel)
            answer_until(duel, "may")
            assert duel.prompt["players"] == [0] and "Rooted" in duel.prompt["about"]
            answer(duel, 0, "may", accept=accept)
            if not accept:
                answer(duel, 0, "move", to=7)
            assert spaces(duel)[0] == where
