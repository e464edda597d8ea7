"""Ante Finishers (Variant #1), alone and together with Special Actions (G6).

Rules: R21.1-R21.7, R5.10, gap ruling G6, R24 for the Cancel a Special Action becomes.
Player 0 starts on space 3, player 1 on space 5, both at 20 life. Each test asserts what
a judge sees: the ante options, life, spaces, the cards in hand / discard piles after
the Recycle, ``finisher_used``, who recycled and the beat counter.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.errors import IllegalDecisionError
from tests.judge.scene import answer_until, facts_of, life, new_duel, pairs, pass_ante, stage

SA = "special-action"
FINISHER = {"kind": "ante", "finisher": True}
# Hikaru with Trance in hand: Trance Palm Strike has priority 5, like Planar Crossing.
HIKARU_WITH_TRANCE = (("focused", "dash"), ("sweeping", "grasp"))


# --- helpers -------------------------------------------------------------------------


def seat(duel, p: int) -> dict:
    return duel.to_json()["players"][p]


def ante_options(duel, p: int) -> list[dict]:
    prompt = duel.prompt
    if not prompt or prompt["kind"] != "ante" or p not in prompt["players"]:
        return []
    return [o for o in prompt["options"] if o["player"] == p]


def finisher_offered(duel, p: int) -> bool:
    return {"player": p, **FINISHER} in ante_options(duel, p)


def recycled(facts) -> dict[int, bool]:
    return {f.player: not f.skipped for f in facts_of(facts, F.Recycled)}


def calm(options: list[dict]) -> dict:
    for o in options:
        if o["kind"] == "pass" or o.get("accept") is False or o.get("option") == "none":
            return o
    return options[0]


def finish_beat(duel) -> list:
    return answer_until(duel, "attack_pair", calm)


def planar_duel(**kw):
    """Khadath (player 0, 7 life, Planar Crossing: range 1~2, power 4, priority 5) against
    Hikaru (player 1); Khadath antes first."""
    duel = new_duel("khadath", "hikaru", d1=HIKARU_WITH_TRANCE, ante_finishers=True,
                    finishers=("planar-crossing", None), **kw)
    stage(duel, life=(7, 20))
    return duel


# --- when the Finisher may be anted (R21.2) --------------------------------------------


def test_ante_finisher_offered_at_seven_life():
    """R21.2: at 7 life or less, with the variant on, the Ante step offers the Finisher."""
    duel = new_duel("hikaru", "khadath", ante_finishers=True, special_actions=False)
    stage(duel, life=(7, 20))
    pairs(duel, ("geomantic", "strike"), ("hunters", "shot"))
    assert finisher_offered(duel, 0)


def test_ante_finisher_not_offered_at_eight_life():
    """R21.2: at 8 life the Finisher cannot be anted; sending it anyway is refused and
    changes nothing."""
    duel = new_duel("hikaru", "khadath", ante_finishers=True, special_actions=False)
    stage(duel, life=(8, 20))
    pairs(duel, ("geomantic", "strike"), ("hunters", "shot"))
    assert duel.prompt["kind"] == "ante" and duel.prompt["players"] == [0]
    assert not finisher_offered(duel, 0)
    before = duel.to_json()
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, **FINISHER})
    assert duel.to_json() == before


def test_ante_finisher_not_offered_when_variant_off():
    """R21 is a variant: without it, even at 7 life, no Finisher can be anted."""
    duel = new_duel("hikaru", "khadath", ante_finishers=False, special_actions=False)
    stage(duel, life=(7, 20))
    pairs(duel, ("geomantic", "strike"), ("hunters", "shot"))
    assert not finisher_offered(duel, 0)
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, **FINISHER})


def test_ante_finisher_only_for_the_player_at_seven_or_less():
    """R21.2: the opponent at 20 life gets no Finisher option in the same Ante step."""
    duel = new_duel("khadath", "hikaru", ante_finishers=True, special_actions=False)
    stage(duel, life=(7, 20))
    pairs(duel, ("hunters", "shot"), ("geomantic", "strike"))
    assert finisher_offered(duel, 0)
    duel.decide({"player": 0, "kind": "pass"})
    assert ante_options(duel, 1) and not finisher_offered(duel, 1)


# --- anting it (R21.2, R21.3) ---------------------------------------------------------------


def test_anting_the_finisher_returns_the_pair_to_hand():
    """R21.2: the face-down pair goes back to hand; only the Finisher is in front of the
    player."""
    duel = planar_duel(special_actions=False)
    pairs(duel, ("hunters", "strike"), ("trance", "palm-strike"))
    duel.decide({"player": 0, **FINISHER})
    khadath = seat(duel, 0)
    assert {"hunters", "strike"} <= set(khadath["hand"])
    assert khadath["attack_pair"]["finisher"] is True
    assert khadath["attack_pair"]["style"] is None and khadath["attack_pair"]["base"] is None


def test_no_further_antes_after_a_finisher_opponent():
    """R21.3, R5.10: once Khadath antes his Finisher, Hikaru (who has four tokens) may not
    ante: he passes without being asked, and the Reveal follows."""
    duel = planar_duel(special_actions=False)
    pairs(duel, ("hunters", "strike"), ("trance", "palm-strike"))
    facts = duel.decide({"player": 0, **FINISHER})
    passes = facts_of(facts, F.Passed)
    assert [(f.player, f.forced) for f in passes] == [(1, True), (0, True)]
    assert facts_of(facts, F.PairsRevealed)
    assert seat(duel, 1)["token_pool"] == ["earth", "fire", "water", "wind"]


def test_no_further_antes_after_a_finisher_earlier_passer():
    """R21.3, R5.3: Hikaru passes, Khadath (7 life) antes his Finisher; normally Hikaru
    could ante after that (a pass is not final), but after a Finisher nobody may."""
    duel = new_duel("hikaru", "khadath", ante_finishers=True, special_actions=False,
                    finishers=(None, "planar-crossing"))
    stage(duel, life=(20, 7))
    pairs(duel, ("geomantic", "strike"), ("hunters", "shot"))
    duel.decide({"player": 0, "kind": "pass"})
    assert finisher_offered(duel, 1)
    facts = duel.decide({"player": 1, **FINISHER})
    assert [(f.player, f.forced) for f in facts_of(facts, F.Passed)][:1] == [(0, True)]
    assert [(f.player, f.finisher) for f in facts_of(facts, F.Anted)] == [(1, True)]
    assert seat(duel, 0)["token_discard"] == []


# --- the Finisher executes (R21.4-R21.6) ------------------------------------------------------


def test_ante_finisher_wins_priority_tie_without_clash():
    """R21.5, R6.6: Planar Crossing (5) ties Trance Palm Strike (5): no Clash, the
    Finisher's user is the Active Player."""
    duel = planar_duel(special_actions=False)
    pairs(duel, ("hunters", "strike"), ("trance", "palm-strike"))
    facts = duel.decide({"player": 0, **FINISHER}) + finish_beat(duel)
    assert not facts_of(facts, F.ClashOccurred)
    assert [(f.player, f.priorities) for f in facts_of(facts, F.BecameActive)] == [
        (0, [5, 5])]


def test_ante_finisher_executes_in_place_of_the_pair():
    """R21.2, R21.6: the Finisher's own numbers are used: Planar Crossing hits Hikaru
    (who advanced to range 1) for 4 and stuns him (Stun Guard 0), so he cannot answer."""
    duel = planar_duel(special_actions=False)
    pairs(duel, ("hunters", "strike"), ("trance", "palm-strike"))
    facts = duel.decide({"player": 0, **FINISHER}) + finish_beat(duel)
    hits = [(f.power, f.amount) for f in facts_of(facts, F.DamageDealt) if f.attacker == 0]
    assert hits == [(4, 4)]
    assert life(duel) == (7, 16)
    assert [f.player for f in facts_of(facts, F.ActivationSkipped)] == [1]


def test_ante_finisher_removed_at_end_of_beat_and_user_does_not_recycle():
    """R21.4: the anted Finisher is gone after the beat (finisher_used), its user skips
    Recycle (discards unchanged, the returned pair stays in hand), the opponent recycles
    normally, and the counter drops."""
    duel = planar_duel(special_actions=False)
    pairs(duel, ("hunters", "strike"), ("trance", "palm-strike"))
    facts = duel.decide({"player": 0, **FINISHER})
    assert seat(duel, 0)["finisher_used"] is False
    facts += finish_beat(duel)
    assert recycled(facts) == {0: False, 1: True}
    khadath, hikaru = seat(duel, 0), seat(duel, 1)
    assert khadath["finisher_used"] is True
    assert khadath["discard_1"] == ["evacuation", "dash"]
    assert khadath["discard_2"] == ["teleport", "grasp"]
    assert {"hunters", "strike"} <= set(khadath["hand"])
    assert hikaru["discard_1"] == ["trance", "palm-strike"]
    assert hikaru["discard_2"] == ["focused", "dash"]
    assert duel.state.beat == 2


def test_ante_finisher_not_offered_again_once_used():
    """R21.4: the Finisher left the game, so in the next beat (still at 7 life) Khadath
    cannot ante it again: with nothing to ante he passes without being asked."""
    duel = planar_duel(special_actions=False)
    pairs(duel, ("hunters", "strike"), ("trance", "palm-strike"))
    duel.decide({"player": 0, **FINISHER})
    finish_beat(duel)
    assert life(duel)[0] == 7
    facts = pairs(duel, ("hunters", "strike"), ("geomantic", "shot"))
    assert [(f.player, f.forced) for f in facts_of(facts, F.Passed)][:1] == [(0, True)]
    assert not finisher_offered(duel, 0)


def test_ante_finisher_with_special_action_in_the_returned_pair():
    """R21.2 with both variants: a Special Action laid face down comes back to hand with
    the rest of the pair when the Finisher is anted."""
    duel = planar_duel(special_actions=True)
    pairs(duel, (SA, "strike"), ("trance", "palm-strike"))
    assert seat(duel, 0)["special_action"] == "attack_pair"
    duel.decide({"player": 0, **FINISHER})
    assert seat(duel, 0)["special_action"] == "available"
    assert "strike" in seat(duel, 0)["hand"]


# --- G6: both variants on -----------------------------------------------------------------------


@pytest.mark.parametrize("base", ["strike", "drive", "palm-strike"])
def test_both_variants_special_action_finisher_base_is_a_cancel(base):
    """R21.7, G6: with Ante Finishers and Special Actions together, Special Action +
    Strike/Drive/Unique Base never executes a Finisher, even at 7 life: it is a Cancel
    (the opponent's pair onto discard 1, the card out of the game, the Base back)."""
    duel = new_duel("hikaru", "khadath", ante_finishers=True, special_actions=True)
    stage(duel, life=(7, 20))
    facts = pairs(duel, (SA, base), ("hunters", "shot"))
    facts += pass_ante(duel)
    assert [(f.player, f.action) for f in facts_of(facts, F.SpecialActionDeclared)] == [
        (0, "cancel")]
    assert facts_of(facts, F.NewPairsCalledFor)
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert khadath["discard_1"] == ["evacuation", "dash", "hunters", "shot"]
    assert hikaru["special_action"] == "used" and base in hikaru["hand"]
    assert hikaru["finisher_used"] is False
    assert duel.prompt["kind"] == "attack_pair"


@pytest.mark.parametrize("base, action", [("burst", "pulse"), ("shot", "cancel")])
def test_both_variants_special_action_still_pulses_and_cancels(base, action):
    """R21.7: with both variants the Special Action may still Pulse or Cancel."""
    duel = new_duel("hikaru", "khadath", ante_finishers=True, special_actions=True)
    stage(duel, life=(7, 20))
    facts = pairs(duel, (SA, base), ("hunters", "shot")) + pass_ante(duel)
    assert [(f.player, f.action) for f in facts_of(facts, F.SpecialActionDeclared)] == [
        (0, action)]


def test_cancel_meets_an_anted_finisher():
    """R24.2, R24.4, R21.4 with both variants: Hikaru's Special Action Shot cancels
    Khadath's anted Finisher. The Finisher is spent (an anted Finisher leaves the game
    whatever happens), Khadath's returned pair stays in hand for the new selection, and
    both players choose new pairs with no further Ante step."""
    duel = new_duel("khadath", "hikaru", ante_finishers=True, special_actions=True,
                    finishers=("planar-crossing", None))
    stage(duel, life=(7, 20))
    pairs(duel, ("hunters", "strike"), (SA, "shot"))
    facts = duel.decide({"player": 0, **FINISHER})
    assert [(f.player, f.action) for f in facts_of(facts, F.SpecialActionDeclared)] == [
        (1, "cancel")]
    assert facts_of(facts, F.NewPairsCalledFor)
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0, 1]
    khadath = seat(duel, 0)
    assert khadath["finisher_used"] is True
    assert khadath["attack_pair"] is None
    assert {"hunters", "strike"} <= set(khadath["hand"])
    assert khadath["discard_1"] == ["evacuation", "dash"]
    assert seat(duel, 1)["special_action"] == "used"
    assert life(duel) == (7, 20)
    facts = pairs(duel, ("hunters", "strike"), ("geomantic", "shot"))
    assert not [f for f in facts_of(facts, F.StepBegan) if f.step == "ante"]
