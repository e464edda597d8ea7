"""Special Actions (Variant #2): Pulse, Cancel, Finisher and how they meet; Clash.

Rules: R22-R26 (2014 rulebook, VARIANT #2 SPECIAL ACTIONS), gap rulings G4, G7, G8,
G9, conflicts C06-C08b and C26; Clash R6.6-R6.9. Player 0 starts on space 3, player 1
on space 5, both at 20 life. Each test asserts what a judge at the table sees: life,
spaces, the cards in hand / discard 1 / discard 2 / removed after the beat's Recycle,
the Special Action's status, the beat counter and who recycled.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
    answer_until,
    facts_of,
    life,
    new_duel,
    pairs,
    pass_ante,
    spaces,
    stage,
)

SA = "special-action"

# Hikaru's default discards hold Dash (discard 1) and Grasp (discard 2); these keep both
# in hand so every Special Action base can be tried.
HIKARU_ALL_GENERIC = (("trance", "strike"), ("focused", "drive"))
# Khadath with Grasp in hand (Burst in discard 2 instead).
KHADATH_WITH_GRASP = (("evacuation", "dash"), ("teleport", "burst"))
# Hikaru with Trance in hand (priority 5 with Palm Strike).
HIKARU_WITH_TRANCE = (("focused", "dash"), ("sweeping", "grasp"))
# Kallistar with Flare in hand.
KALLISTAR_WITH_FLARE = (("caustic", "dash"), ("blazing", "grasp"))


# --- helpers -------------------------------------------------------------------------


def seat(duel, p: int) -> dict:
    return duel.to_json()["players"][p]


def sa_status(duel, p: int) -> str | None:
    return seat(duel, p)["special_action"]


def declared(facts) -> dict[int, str]:
    return {f.player: f.action for f in facts_of(facts, F.SpecialActionDeclared)}


def recycled(facts) -> dict[int, bool]:
    """player -> True if that player recycled their discard piles this beat."""
    return {f.player: not f.skipped for f in facts_of(facts, F.Recycled)}


def calm(options: list[dict]) -> dict:
    """Answer a prompt without spending anything: pass, decline, pick "none", else first."""
    for o in options:
        if o["kind"] == "pass" or o.get("accept") is False or o.get("option") == "none":
            return o
    return options[0]


def prefer(**want):
    """A chooser picking the first option that matches ``want`` (else like ``calm``)."""
    def choose(options: list[dict]) -> dict:
        for o in options:
            if all(o.get(k) == v for k, v in want.items()):
                return o
        return calm(options)
    return choose


def finish_beat(duel, choose=calm) -> list:
    """Answer every prompt until the next beat's pair selection (or the end)."""
    return answer_until(duel, "attack_pair", choose)


def plain_beat(duel) -> list:
    """A whole beat with each player's first pair not using the Special Action."""
    out = []
    for _ in (0, 1):
        p = duel.prompt["players"][0]
        out += duel.decide(next(o for o in duel.prompt["options"]
                                if o["player"] == p and o["style"] != SA))
    return out + finish_beat(duel)


def options_of(duel, p: int) -> list[dict]:
    return [o for o in duel.prompt["options"] if o["player"] == p]


# --- R22: the card itself --------------------------------------------------------------


def test_special_action_starts_in_hand_when_option_on():
    """R22.2: with Special Actions on, each player starts with the card in hand."""
    duel = new_duel("hikaru", "khadath", special_actions=True)
    for p in (0, 1):
        assert SA in seat(duel, p)["hand"]
        assert sa_status(duel, p) == "available"
    assert any(o["style"] == SA for o in options_of(duel, 0))


def test_no_special_action_when_option_off():
    """R22.1/R22.2: with the variant off there is no Special Action card at all."""
    duel = new_duel("hikaru", "khadath", special_actions=False)
    for p in (0, 1):
        assert SA not in seat(duel, p)["hand"]
        assert sa_status(duel, p) is None
    assert not any(o["style"] == SA for o in duel.prompt["options"])


def test_special_action_pairs_with_any_base_in_hand():
    """R22.2, R4.3: the Special Action takes the Style slot with any Base from hand."""
    duel = new_duel("hikaru", "khadath", d0=HIKARU_ALL_GENERIC)
    bases = {o["base"] for o in options_of(duel, 0) if o["style"] == SA}
    assert bases == {"burst", "dash", "grasp", "shot", "palm-strike"}


def test_special_action_face_down_is_in_the_attack_pair():
    """R22.2: once laid face down the card is in the attack pair, not in hand."""
    duel = new_duel("hikaru", "khadath")
    duel.decide({"player": 0, "kind": "attack_pair", "style": SA, "base": "burst"})
    assert sa_status(duel, 0) == "attack_pair"
    assert SA not in seat(duel, 0)["hand"]


@pytest.mark.parametrize("base, action", [
    ("burst", "pulse"), ("dash", "pulse"),
    ("grasp", "cancel"), ("shot", "cancel"),
    ("strike", "finisher"), ("drive", "finisher"), ("palm-strike", "finisher"),
])
def test_paired_base_picks_the_action(base, action):
    """R22.3: Burst/Dash -> Pulse, Grasp/Shot -> Cancel, Strike/Drive/Unique -> Finisher
    (at 7 life, so the Finisher is not turned into a Cancel, R25.2)."""
    d0 = HIKARU_ALL_GENERIC if base in ("dash", "grasp") else None
    duel = new_duel("hikaru", "khadath", d0=d0)
    stage(duel, life=(7, 20))
    facts = pairs(duel, (SA, base), ("hunters", "shot"))
    facts += pass_ante(duel)
    assert declared(facts) == {0: action}


@pytest.mark.parametrize("base", ["strike", "drive", "palm-strike"])
def test_finisher_base_at_eight_life_is_a_cancel(base):
    """R25.2, R26.10, R24.1: Strike/Drive/Unique with 8+ life is a Cancel."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, life=(8, 20))
    facts = pairs(duel, (SA, base), ("hunters", "shot")) + pass_ante(duel)
    assert declared(facts) == {0: "cancel"}
    assert seat(duel, 1)["discard_1"][-2:] == ["hunters", "shot"]


# --- R23 / R26.1: Pulse vs a normal pair -------------------------------------------------


def test_pulse_asks_only_the_pulser_to_arrange_the_standups():
    """R23.2, R17.11: the Pulse player places both standups anywhere, never on one space;
    sides may be swapped."""
    duel = new_duel("hikaru", "khadath")
    pairs(duel, (SA, "burst"), ("hunters", "strike"))
    pass_ante(duel)
    prompt = duel.prompt
    assert prompt["kind"] == "arrange" and prompt["players"] == [0]
    assert len(prompt["options"]) == 7 * 6
    assert all(o["spaces"][0] != o["spaces"][1] for o in prompt["options"])
    assert {"player": 0, "kind": "arrange", "spaces": [6, 2]} in prompt["options"]
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, "kind": "arrange", "spaces": [4, 4]})
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 1, "kind": "arrange", "spaces": [1, 7]})
    assert spaces(duel) == (3, 5)
    duel.decide({"player": 0, "kind": "arrange", "spaces": [6, 2]})
    assert spaces(duel) == (6, 2)


def test_pulse_vs_normal_full_beat():
    """R23.1-R23.6, R26.1, R26.11: the opponent's pair is negated (no attack, no damage),
    the standups go where the Pulser says, the opponent recycles with the negated pair on
    discard 1, the Pulser does not recycle, the Special Action leaves the game and Burst
    returns to hand, and the beat counter stays at beat 1."""
    duel = new_duel("hikaru", "khadath")
    facts = pairs(duel, (SA, "burst"), ("hunters", "strike")) + pass_ante(duel)
    assert declared(facts) == {0: "pulse"}
    facts += duel.decide({"player": 0, "kind": "arrange", "spaces": [1, 7]})
    assert duel.prompt["kind"] == "attack_pair"
    assert spaces(duel) == (1, 7)
    assert life(duel) == (20, 20)
    assert not facts_of(facts, F.Activated) and not facts_of(facts, F.DamageDealt)
    assert recycled(facts) == {0: False, 1: True}
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    # The Pulser: no recycling, card out of the game, Burst back to hand.
    assert hikaru["discard_1"] == ["trance", "dash"]
    assert hikaru["discard_2"] == ["focused", "grasp"]
    assert hikaru["removed"] == [SA]
    assert hikaru["special_action"] == "used"
    assert "burst" in hikaru["hand"]
    # The Pulsed: normal recycling, the negated pair onto discard 1.
    assert khadath["discard_1"] == ["hunters", "strike"]
    assert khadath["discard_2"] == ["evacuation", "dash"]
    assert {"teleport", "grasp"} <= set(khadath["hand"])
    assert khadath["special_action"] == "available"
    # The counter does not drop (R12.2): still beat 1, though two beats were played.
    assert duel.state.beat == 1
    assert duel.to_json()["beats_played"] == 2


def test_pulse_with_dash_is_a_pulse_too():
    """R22.3, R23: Dash pairs into a Pulse exactly like Burst; Dash returns to hand."""
    duel = new_duel("hikaru", "khadath", d0=HIKARU_ALL_GENERIC)
    facts = pairs(duel, (SA, "dash"), ("hunters", "strike")) + pass_ante(duel)
    facts += duel.decide({"player": 0, "kind": "arrange", "spaces": [2, 4]})
    assert declared(facts) == {0: "pulse"}
    assert spaces(duel) == (2, 4)
    assert "dash" in seat(duel, 0)["hand"] and sa_status(duel, 0) == "used"
    assert duel.state.beat == 1


def test_pulse_skips_reveal_effects_of_the_negated_pair():
    """R23.1, R23.3, R6.2: a Pulse comes before any Reveal effect, so Kallistar's Flare
    (Human Form: lose 3 life at Reveal) never fires and she keeps her 20 life."""
    duel = new_duel("hikaru", "kallistar", d1=KALLISTAR_WITH_FLARE)
    facts = pairs(duel, (SA, "burst"), ("flare", "strike")) + pass_ante(duel)
    facts += duel.decide({"player": 0, "kind": "arrange", "spaces": [3, 5]})
    assert not [f for f in facts_of(facts, F.Triggered) if f.card == "flare"]
    assert life(duel) == (20, 20)
    assert seat(duel, 1)["discard_1"] == ["flare", "strike"]


def test_pulsed_players_anted_token_is_spent_without_effect():
    """G8, R5.5, R23.1: a token anted by the Pulsed player stays spent (token discard)."""
    duel = new_duel("hikaru", "khadath")
    facts = pairs(duel, ("geomantic", "strike"), (SA, "burst"))
    facts += duel.decide({"player": 0, "kind": "ante", "token": "fire"})
    facts += pass_ante(duel)
    facts += duel.decide({"player": 1, "kind": "arrange", "spaces": [2, 6]})
    hikaru = seat(duel, 0)
    assert "fire" not in hikaru["token_pool"]
    assert hikaru["token_discard"] == ["fire"]
    assert not facts_of(facts, F.DamageDealt)
    assert life(duel) == (20, 20)
    assert recycled(facts) == {0: True, 1: False}
    assert hikaru["discard_1"] == ["geomantic", "strike"]


def test_beat_after_a_pulse_counts_again():
    """R12.1, R12.2: only the Pulse beat leaves the counter alone; the next one counts."""
    duel = new_duel("hikaru", "khadath")
    pairs(duel, (SA, "burst"), ("hunters", "strike"))
    pass_ante(duel)
    duel.decide({"player": 0, "kind": "arrange", "spaces": [3, 5]})
    assert duel.state.beat == 1
    plain_beat(duel)
    assert duel.state.beat == 2


# --- R26.2: Pulse vs Pulse (G4) ----------------------------------------------------------


def test_pulse_vs_pulse():
    """R26.2, G4, C06b: the Pulses cancel out; nobody arranges, standups stay put; both
    Special Actions go to discard 1, both Bursts to hand; nobody recycles; the counter
    does not drop."""
    duel = new_duel("hikaru", "khadath")
    facts = pairs(duel, (SA, "burst"), (SA, "burst")) + pass_ante(duel)
    assert declared(facts) == {0: "pulse", 1: "pulse"}
    assert duel.prompt["kind"] == "attack_pair"  # no arrange prompt: next beat already
    assert spaces(duel) == (3, 5)
    assert life(duel) == (20, 20)
    assert recycled(facts) == {0: False, 1: False}
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert hikaru["discard_1"] == ["trance", "dash", SA]
    assert hikaru["discard_2"] == ["focused", "grasp"]
    assert khadath["discard_1"] == ["evacuation", "dash", SA]
    assert khadath["discard_2"] == ["teleport", "grasp"]
    for p in (0, 1):
        assert sa_status(duel, p) == "discard_1"
        assert seat(duel, p)["removed"] == []
        assert "burst" in seat(duel, p)["hand"]
    assert duel.state.beat == 1


# --- R26.3: Pulse vs Cancel, Pulse vs Finisher --------------------------------------------


def test_pulse_vs_cancel():
    """R26.3, R23.4: the Pulse wins; the Cancel does nothing, its Special Action is not
    removed but cycles with its Base into discard 1 while its owner recycles normally; no
    new pairs are chosen; the Pulser follows R23."""
    duel = new_duel("hikaru", "khadath")
    facts = pairs(duel, (SA, "burst"), (SA, "shot")) + pass_ante(duel)
    assert declared(facts) == {0: "pulse", 1: "cancel"}
    facts += duel.decide({"player": 0, "kind": "arrange", "spaces": [2, 6]})
    assert not facts_of(facts, F.NewPairsCalledFor)
    assert spaces(duel) == (2, 6)
    assert recycled(facts) == {0: False, 1: True}
    khadath = seat(duel, 1)
    assert khadath["discard_1"] == [SA, "shot"]
    assert khadath["discard_2"] == ["evacuation", "dash"]
    assert {"teleport", "grasp"} <= set(khadath["hand"])
    assert khadath["removed"] == []
    assert khadath["special_action"] == "discard_1"
    assert sa_status(duel, 0) == "used"
    assert seat(duel, 0)["discard_1"] == ["trance", "dash"]
    assert duel.state.beat == 1


def test_pulse_vs_finisher():
    """R26.3, C26: the Pulse wins; the Finisher does nothing and is not removed: its
    Special Action and Base go to its owner's discard 1 through normal recycling."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, life=(20, 7))
    facts = pairs(duel, (SA, "burst"), (SA, "strike")) + pass_ante(duel)
    assert declared(facts) == {0: "pulse", 1: "finisher"}
    facts += duel.decide({"player": 0, "kind": "arrange", "spaces": [2, 6]})
    assert life(duel) == (20, 7)
    khadath = seat(duel, 1)
    assert khadath["removed"] == []
    assert khadath["special_action"] == "discard_1"
    assert khadath["discard_1"] == [SA, "strike"]
    assert khadath["discard_2"] == ["evacuation", "dash"]
    assert {"teleport", "grasp"} <= set(khadath["hand"])
    assert "strike" not in khadath["hand"]
    assert recycled(facts) == {0: False, 1: True}
    assert sa_status(duel, 0) == "used"


def test_special_action_stopped_by_pulse_comes_back_through_recycling():
    """R26.3, R11.2: the stopped Special Action sits in discard 1, then discard 2, then
    is back in hand; meanwhile its owner has one more ordinary Style in hand (4, not 3)."""
    duel = new_duel("hikaru", "khadath")
    pairs(duel, (SA, "burst"), (SA, "shot"))
    pass_ante(duel)
    duel.decide({"player": 0, "kind": "arrange", "spaces": [3, 5]})
    assert sa_status(duel, 1) == "discard_1"
    styles = {"evacuation", "hunters", "teleport", "lure", "blight"}
    assert len(styles & set(seat(duel, 1)["hand"])) == 4
    assert not any(o["style"] == SA for o in options_of(duel, 1))
    plain_beat(duel)
    assert sa_status(duel, 1) == "discard_2"
    plain_beat(duel)
    assert sa_status(duel, 1) == "available"
    assert any(o["style"] == SA for o in options_of(duel, 1))


# --- R24 / R26.4: Cancel vs a normal pair --------------------------------------------------


def test_cancel_discards_opponents_pair_at_once_and_calls_new_pairs():
    """R24.2-R24.4, R26.4: the opponent's revealed pair goes on top of their discard 1 at
    once (so it cannot be chosen again), the Cancel's Special Action leaves the game, its
    Shot comes back to hand, and both players secretly choose new pairs."""
    duel = new_duel("hikaru", "khadath")
    facts = pairs(duel, ("geomantic", "strike"), (SA, "shot")) + pass_ante(duel)
    assert declared(facts) == {1: "cancel"}
    assert facts_of(facts, F.NewPairsCalledFor)
    assert duel.prompt["kind"] == "attack_pair"
    assert duel.prompt["players"] == [0, 1]
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert hikaru["discard_1"] == ["trance", "dash", "geomantic", "strike"]
    assert not {"geomantic", "strike"} & set(hikaru["hand"])
    assert not any(o["style"] == "geomantic" or o["base"] == "strike"
                   for o in options_of(duel, 0))
    assert khadath["special_action"] == "used" and khadath["removed"] == [SA]
    assert "shot" in khadath["hand"]
    assert any(o["base"] == "shot" for o in options_of(duel, 1))
    assert duel.state.beat == 1
    assert life(duel) == (20, 20)


def test_cancel_skips_reveal_effects_of_the_cancelled_pair():
    """R24.1, R6.2: the Cancel comes before Reveal effects: Kallistar's cancelled Flare
    (Human Form: lose 3 life at Reveal) does not fire."""
    duel = new_duel("hikaru", "kallistar", d1=KALLISTAR_WITH_FLARE)
    facts = pairs(duel, (SA, "shot"), ("flare", "strike")) + pass_ante(duel)
    assert not [f for f in facts_of(facts, F.Triggered) if f.card == "flare"]
    assert life(duel) == (20, 20)
    assert seat(duel, 1)["discard_1"][-2:] == ["flare", "strike"]


def test_cancel_new_pairs_have_no_ante_step_but_antes_still_apply():
    """R24.4, R24.5, G8: no second Ante step; Hikaru's Fire (+3 power) anted before the
    Cancel powers his new attack: Sweeping Shot deals 3 - 1 + 3 = 5 and stuns Khadath.
    Afterwards both players recycle normally (the canceller too, R22.6)."""
    duel = new_duel("hikaru", "khadath")
    pairs(duel, ("geomantic", "strike"), (SA, "shot"))
    duel.decide({"player": 0, "kind": "ante", "token": "fire"})
    pass_ante(duel)
    assert duel.prompt["kind"] == "attack_pair"
    facts = pairs(duel, ("sweeping", "shot"), ("hunters", "shot"))
    assert not [f for f in facts_of(facts, F.StepBegan) if f.step == "ante"]
    assert not facts_of(facts, F.Anted) and not facts_of(facts, F.Passed)
    facts += finish_beat(duel)
    hit = [f for f in facts_of(facts, F.DamageDealt) if f.attacker == 0]
    assert [f.amount for f in hit] == [5]
    assert life(duel) == (20, 15)
    assert recycled(facts) == {0: True, 1: True}
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    # The cancelled pair went to discard 1 at once and moved on to discard 2.
    assert hikaru["discard_2"] == ["trance", "dash", "geomantic", "strike"]
    assert hikaru["discard_1"] == ["sweeping", "shot"]
    assert {"focused", "grasp"} <= set(hikaru["hand"])
    assert khadath["discard_1"] == ["hunters", "shot"]
    assert khadath["removed"] == [SA]
    assert duel.state.beat == 2


def test_cancelled_player_may_use_own_special_action_in_the_new_pair():
    """G7, R24.4: after being Cancelled, Hikaru may pair his own Special Action; he
    Pulses with it, so Khadath's new pair is negated and the counter does not drop."""
    duel = new_duel("hikaru", "khadath")
    pairs(duel, ("geomantic", "strike"), (SA, "shot"))
    pass_ante(duel)
    assert any(o["style"] == SA for o in options_of(duel, 0))
    facts = pairs(duel, (SA, "burst"), ("hunters", "drive"))
    assert declared(facts) == {0: "pulse"}
    facts += duel.decide({"player": 0, "kind": "arrange", "spaces": [1, 4]})
    assert spaces(duel) == (1, 4)
    assert life(duel) == (20, 20)
    assert recycled(facts) == {0: False, 1: True}
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert hikaru["removed"] == [SA] and "burst" in hikaru["hand"]
    assert hikaru["discard_1"] == ["trance", "dash", "geomantic", "strike"]
    assert khadath["discard_1"] == ["hunters", "drive"]
    assert khadath["removed"] == [SA]
    assert duel.state.beat == 1


# --- R26.5: Cancel vs Cancel -------------------------------------------------------------


def test_cancel_vs_cancel():
    """R26.5, C08b: both choose new pairs; each Special Action goes to its owner's
    discard 1 (not removed), the Shots return to hand, no pair is otherwise discarded;
    then both recycle normally with their new pairs."""
    duel = new_duel("hikaru", "khadath")
    facts = pairs(duel, (SA, "shot"), (SA, "shot")) + pass_ante(duel)
    assert declared(facts) == {0: "cancel", 1: "cancel"}
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0, 1]
    assert seat(duel, 0)["discard_1"] == ["trance", "dash", SA]
    assert seat(duel, 1)["discard_1"] == ["evacuation", "dash", SA]
    for p in (0, 1):
        assert sa_status(duel, p) == "discard_1"
        assert seat(duel, p)["removed"] == []
        assert "shot" in seat(duel, p)["hand"]
    facts = pairs(duel, ("geomantic", "shot"), ("lure", "shot"))
    assert not [f for f in facts_of(facts, F.StepBegan) if f.step == "ante"]
    facts += finish_beat(duel)
    assert recycled(facts) == {0: True, 1: True}
    assert seat(duel, 0)["discard_2"] == ["trance", "dash", SA]
    assert seat(duel, 0)["discard_1"] == ["geomantic", "shot"]
    for p in (0, 1):
        assert sa_status(duel, p) == "discard_2"
    assert duel.state.beat == 2


# --- R26.6: Cancel vs Finisher -----------------------------------------------------------


def test_cancel_vs_finisher():
    """R26.6, C26: the Cancel wins; the Finisher player's Special Action and Strike go to
    their discard 1, the Cancel's Special Action leaves the game and its Shot returns to
    hand; both choose new pairs and later recycle normally."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, life=(20, 7))
    facts = pairs(duel, (SA, "shot"), (SA, "strike")) + pass_ante(duel)
    assert declared(facts) == {0: "cancel", 1: "finisher"}
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0, 1]
    khadath = seat(duel, 1)
    assert khadath["discard_1"] == ["evacuation", "dash", SA, "strike"]
    assert khadath["special_action"] == "discard_1" and khadath["removed"] == []
    assert "strike" not in khadath["hand"]
    assert sa_status(duel, 0) == "used" and "shot" in seat(duel, 0)["hand"]
    assert life(duel) == (20, 7)
    facts = pairs(duel, ("geomantic", "burst"), ("lure", "shot")) + finish_beat(duel)
    assert recycled(facts) == {0: True, 1: True}
    assert seat(duel, 1)["discard_2"] == ["evacuation", "dash", SA, "strike"]
    assert sa_status(duel, 1) == "discard_2"
    assert duel.state.beat == 2


def test_finisher_attempt_at_eight_life_meets_finisher_as_a_cancel():
    """R26.10, R26.6: Hikaru's Special Action Strike at 8 life is a Cancel, and it
    cancels Khadath's real Finisher (7 life): Khadath's card and Strike go to discard 1."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, life=(8, 7))
    facts = pairs(duel, (SA, "strike"), (SA, "strike")) + pass_ante(duel)
    assert declared(facts) == {0: "cancel", 1: "finisher"}
    assert seat(duel, 1)["discard_1"] == ["evacuation", "dash", SA, "strike"]
    assert sa_status(duel, 0) == "used" and "strike" in seat(duel, 0)["hand"]
    assert duel.prompt["kind"] == "attack_pair"


# --- R25 / R26.7: Finisher vs a normal pair ------------------------------------------------


def test_finisher_vs_normal_wins_priority_tie_without_clash():
    """R25.4, R26.7, R6.6: Planar Crossing (priority 5) ties Trance Palm Strike (5): the
    Finisher is Active without a Clash."""
    duel = new_duel("hikaru", "khadath", d0=HIKARU_WITH_TRANCE,
                    finishers=(None, "planar-crossing"))
    stage(duel, life=(20, 7))
    facts = pairs(duel, ("trance", "palm-strike"), (SA, "strike")) + pass_ante(duel)
    assert declared(facts) == {1: "finisher"}
    assert not facts_of(facts, F.ClashOccurred)
    active = facts_of(facts, F.BecameActive)
    assert [(f.player, f.priorities) for f in active] == [(1, [5, 5])]
    facts += finish_beat(duel)
    assert not facts_of(facts, F.ClashOccurred)
    assert [f.player for f in facts_of(facts, F.Activated)][:1] == [1]


def test_finisher_replaces_the_pair_and_its_user_does_not_recycle():
    """R25.3, R25.5, R22.5, R26.11: Khadath's Special Action Drive executes Planar
    Crossing (power 4, range 1~2) in place of the pair; Khadath skips Recycle, his Special
    Action leaves the game and Drive returns to hand; Hikaru recycles normally."""
    duel = new_duel("hikaru", "khadath", finishers=(None, "planar-crossing"))
    stage(duel, life=(20, 7))
    facts = pairs(duel, ("geomantic", "strike"), (SA, "drive")) + pass_ante(duel)
    assert declared(facts) == {1: "finisher"}
    facts += finish_beat(duel, prefer(spaces=[3, 4]))
    first_hit = [f for f in facts_of(facts, F.DamageDealt) if f.attacker == 1]
    assert [(f.power, f.amount) for f in first_hit] == [(4, 4)]
    assert life(duel)[0] == 16
    assert recycled(facts) == {0: True, 1: False}
    khadath = seat(duel, 1)
    assert khadath["discard_1"] == ["evacuation", "dash"]
    assert khadath["discard_2"] == ["teleport", "grasp"]
    assert khadath["removed"] == [SA] and khadath["special_action"] == "used"
    assert "drive" in khadath["hand"]
    hikaru = seat(duel, 0)
    assert hikaru["discard_1"] == ["geomantic", "strike"]
    assert hikaru["discard_2"] == ["trance", "dash"]
    assert duel.state.beat == 2


def test_finisher_with_unique_base_returns_that_base():
    """R22.3, R25.5: Special Action + the fighter's unique Base (Palm Strike) finishes;
    the Palm Strike comes back to hand, the Special Action is removed, no recycling."""
    duel = new_duel("hikaru", "khadath", finishers=("four-winds", None))
    stage(duel, life=(7, 20))
    facts = pairs(duel, (SA, "palm-strike"), ("hunters", "shot")) + pass_ante(duel)
    assert declared(facts) == {0: "finisher"}
    facts += finish_beat(duel)
    assert recycled(facts) == {0: False, 1: True}
    hikaru = seat(duel, 0)
    assert "palm-strike" in hikaru["hand"] and hikaru["removed"] == [SA]
    assert hikaru["discard_1"] == ["trance", "dash"]


# --- R26.8 / R26.9: Finisher vs Finisher --------------------------------------------------


def test_finisher_vs_finisher_different_priority_both_execute_in_order():
    """R26.8, R25.5: Four Winds (priority 5) goes before Dimensional Exile (0); both
    attack, neither player recycles, both Special Actions leave the game."""
    duel = new_duel("hikaru", "khadath", finishers=("four-winds", "dimensional-exile"))
    stage(duel, life=(7, 7))
    facts = pairs(duel, (SA, "strike"), (SA, "strike")) + pass_ante(duel)
    assert declared(facts) == {0: "finisher", 1: "finisher"}
    facts += finish_beat(duel, prefer(to=4))
    assert [f.player for f in facts_of(facts, F.BecameActive)] == [0]
    assert [f.player for f in facts_of(facts, F.Activated)] == [0, 1]
    assert life(duel) == (7, 5)  # Four Winds hits for 2; the Exile finds no Gate Trap
    assert recycled(facts) == {0: False, 1: False}
    for p in (0, 1):
        assert sa_status(duel, p) == "used"
        assert "strike" in seat(duel, p)["hand"]
    assert seat(duel, 0)["discard_1"] == ["trance", "dash"]
    assert seat(duel, 1)["discard_1"] == ["evacuation", "dash"]


def test_finisher_vs_finisher_equal_priority():
    """R26.9, C08b: two Finishers at priority 5 do not Clash: both Special Actions go to
    discard 1 (not removed), each Strike goes back to hand, both choose new pairs as after
    a double Cancel, then recycle normally."""
    duel = new_duel("hikaru", "khadath", finishers=("four-winds", "planar-crossing"))
    stage(duel, life=(7, 7))
    facts = pairs(duel, (SA, "strike"), (SA, "strike")) + pass_ante(duel)
    assert declared(facts) == {0: "finisher", 1: "finisher"}
    assert not facts_of(facts, F.ClashOccurred)
    assert facts_of(facts, F.NewPairsCalledFor)
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0, 1]
    assert seat(duel, 0)["discard_1"] == ["trance", "dash", SA]
    assert seat(duel, 1)["discard_1"] == ["evacuation", "dash", SA]
    for p in (0, 1):
        assert sa_status(duel, p) == "discard_1"
        assert seat(duel, p)["removed"] == []
        assert "strike" in seat(duel, p)["hand"]
    assert life(duel) == (7, 7)
    facts = pairs(duel, ("geomantic", "burst"), ("lure", "burst"))
    assert not [f for f in facts_of(facts, F.StepBegan) if f.step == "ante"]
    facts += finish_beat(duel)
    assert recycled(facts) == {0: True, 1: True}
    for p in (0, 1):
        assert sa_status(duel, p) == "discard_2"


# --- R26.10: the life test -----------------------------------------------------------------


def test_finisher_at_exactly_seven_life_executes():
    """R25.2, R26.10: 7 life is enough: the Finisher executes, no new pairs are called."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, life=(7, 20))
    facts = pairs(duel, (SA, "strike"), ("hunters", "shot")) + pass_ante(duel)
    assert declared(facts) == {0: "finisher"}
    assert not facts_of(facts, F.NewPairsCalledFor)
    assert facts_of(facts, F.SpecialActionsDone)


def test_finisher_at_eight_life_becomes_a_cancel_vs_normal():
    """R25.2, R26.10, R26.4: at 8 life Special Action Strike is a Cancel: Khadath's pair
    goes to his discard 1, Hikaru's card leaves the game and Strike returns to hand."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, life=(8, 20))
    facts = pairs(duel, (SA, "strike"), ("hunters", "shot")) + pass_ante(duel)
    assert declared(facts) == {0: "cancel"}
    assert facts_of(facts, F.NewPairsCalledFor)
    assert seat(duel, 1)["discard_1"] == ["evacuation", "dash", "hunters", "shot"]
    assert sa_status(duel, 0) == "used" and "strike" in seat(duel, 0)["hand"]
    assert duel.prompt["kind"] == "attack_pair"


# --- Kallistar's Finishers need the right form ------------------------------------------------


@pytest.mark.parametrize("finisher, form, action", [
    ("supernova", "human", "cancel"),
    ("supernova", "elemental", "finisher"),
    ("chain-of-destruction", "human", "finisher"),
    ("chain-of-destruction", "elemental", "cancel"),
])
def test_kallistar_finisher_needs_the_right_form(finisher, form, action):
    """R25.2, Kallistar's Finisher passives: Supernova only in Elemental Form, Chain of
    Destruction only in Human Form; in the wrong form the attempt is a Cancel."""
    duel = new_duel("kallistar", "khadath", finishers=(finisher, None))
    stage(duel, life=(7, 20), forms=(form, None))
    facts = pairs(duel, (SA, "strike"), ("hunters", "shot")) + pass_ante(duel)
    assert declared(facts) == {0: action}
    if action == "cancel":
        assert seat(duel, 1)["discard_1"][-2:] == ["hunters", "shot"]
        assert duel.prompt["kind"] == "attack_pair"


def test_kallistar_life_is_tested_at_the_reveal():
    """R26.10, R25.2: Kallistar starts the beat at 8 life in Elemental Form; her form
    costs 1 life at the Ante step, so at the Reveal she has 7 and Supernova executes."""
    duel = new_duel("kallistar", "khadath", finishers=("supernova", None))
    stage(duel, life=(8, 20), forms=("elemental", None))
    facts = pairs(duel, (SA, "spellbolt"), ("hunters", "shot")) + pass_ante(duel)
    assert life(duel)[0] == 7
    assert declared(facts) == {0: "finisher"}


# --- Clash (R6.6-R6.9) ---------------------------------------------------------------------


def test_equal_priority_clash_new_base_on_top_covered_base_back_to_hand():
    """R6.6, R6.7, R6.9: equal priority (3-3) asks both players for a new Base; it goes on
    top and the covered Base stops counting; at Recycle only the top pair goes to discard
    1 and the covered Bases return to hand; the counter drops."""
    duel = new_duel("hikaru", "khadath", special_actions=False)
    facts = pairs(duel, ("advancing", "shot"), ("hunters", "strike")) + pass_ante(duel)
    assert facts_of(facts, F.ClashOccurred)
    prompt = duel.prompt
    assert prompt["kind"] == "clash_base" and prompt["players"] == [0, 1]
    assert {o["base"] for o in options_of(duel, 0)} == {"burst", "drive", "palm-strike",
                                                         "strike"}
    assert {o["base"] for o in options_of(duel, 1)} == {"burst", "drive", "shot", "snare"}
    facts = duel.decide({"player": 0, "kind": "clash_base", "base": "drive"})
    facts += duel.decide({"player": 1, "kind": "clash_base", "base": "burst"})
    pair = seat(duel, 0)["attack_pair"]
    assert (pair["style"], pair["base"], pair["under"]) == ("advancing", "drive", ["shot"])
    assert [(f.player, f.priorities) for f in facts_of(facts, F.BecameActive)] == [
        (0, [5, 1])]
    facts += finish_beat(duel)
    assert recycled(facts) == {0: True, 1: True}
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert hikaru["discard_1"] == ["advancing", "drive"]
    assert "shot" in hikaru["hand"]
    assert khadath["discard_1"] == ["hunters", "burst"]
    assert "strike" in khadath["hand"]
    assert duel.state.beat == 2


def test_clash_repeats_while_tied():
    """R6.7: a Clash that ties again asks for another Base; all covered Bases go back
    to hand at Recycle (R6.9)."""
    duel = new_duel("hikaru", "khadath", special_actions=False)
    pairs(duel, ("advancing", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    duel.decide({"player": 0, "kind": "clash_base", "base": "strike"})
    facts = duel.decide({"player": 1, "kind": "clash_base", "base": "drive"})  # 4 vs 4
    assert facts_of(facts, F.ClashOccurred)
    assert duel.prompt["kind"] == "clash_base" and duel.prompt["players"] == [0, 1]
    pair = seat(duel, 0)["attack_pair"]
    assert (pair["base"], pair["under"]) == ("strike", ["shot"])
    duel.decide({"player": 0, "kind": "clash_base", "base": "burst"})
    pair = seat(duel, 0)["attack_pair"]
    assert (pair["base"], pair["under"]) == ("burst", ["shot", "strike"])
    facts = duel.decide({"player": 1, "kind": "clash_base", "base": "snare"})
    assert [f.player for f in facts_of(facts, F.BecameActive)] == [0]
    facts += finish_beat(duel)
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert hikaru["discard_1"] == ["advancing", "burst"]
    assert {"shot", "strike"} <= set(hikaru["hand"])
    assert khadath["discard_1"] == ["hunters", "snare"]
    assert {"strike", "drive"} <= set(khadath["hand"])


def test_clash_with_no_base_left_goes_straight_to_recycle():
    """R6.8, G9: Hikaru has no Base left when the Clash starts: every step before Recycle
    is skipped (no attacks, no End of Beat), both recycle their pairs, the counter drops."""
    duel = new_duel("hikaru", "khadath", special_actions=False)
    stage(duel, hand=(["advancing", "geomantic", "shot", "sweeping"], None),
          discard_1=(["trance", "dash", "strike", "drive"], None),
          discard_2=(["focused", "grasp", "burst", "palm-strike"], None))
    facts = pairs(duel, ("advancing", "shot"), ("hunters", "strike")) + pass_ante(duel)
    assert facts_of(facts, F.ClashOccurred)
    assert facts_of(facts, F.RanOutOfCards)
    assert duel.prompt["kind"] == "attack_pair"
    after = facts[facts.index(facts_of(facts, F.RanOutOfCards)[0]):]
    assert not facts_of(after, F.Activated) and not facts_of(after, F.Triggered)
    assert not [f for f in facts_of(facts, F.StepBegan)
                if f.step in ("start_of_beat", "end_of_beat")]
    assert life(duel) == (20, 20) and spaces(duel) == (3, 5)
    assert recycled(facts) == {0: True, 1: True}
    assert seat(duel, 0)["discard_1"] == ["advancing", "shot"]
    assert seat(duel, 1)["discard_1"] == ["hunters", "strike"]
    assert duel.state.beat == 2


def test_clash_won_with_the_last_base_goes_on_normally():
    """R6.7, R6.8: Hikaru plays his last Base (Drive) in the Clash; Khadath's Burst breaks
    the tie (5 vs 1), so nobody has run out while tied: the beat goes on with attacks."""
    duel = new_duel("hikaru", "khadath", special_actions=False)
    stage(duel, hand=(["advancing", "drive", "geomantic", "shot", "sweeping"], None),
          discard_1=(["trance", "dash", "strike"], None),
          discard_2=(["focused", "grasp", "burst", "palm-strike"], None))
    pairs(duel, ("advancing", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "clash_base"
    facts = duel.decide({"player": 0, "kind": "clash_base", "base": "drive"})
    assert not facts_of(facts, F.RanOutOfCards)
    assert duel.prompt["kind"] == "clash_base" and duel.prompt["players"] == [1]
    facts = duel.decide({"player": 1, "kind": "clash_base", "base": "burst"})
    assert [f.player for f in facts_of(facts, F.BecameActive)] == [0]
    facts += finish_beat(duel)
    assert facts_of(facts, F.Activated)
    assert seat(duel, 0)["discard_1"] == ["advancing", "drive"]
    assert seat(duel, 1)["discard_1"] == ["hunters", "burst"]


def test_clash_running_out_after_a_first_clash_recycles_only_top_pairs():
    """R6.8, R6.9, G9: the second Clash finds Hikaru without a Base: straight to Recycle;
    only the top pairs recycle and the covered Shot and Strike go back to hand."""
    duel = new_duel("hikaru", "khadath", d1=KHADATH_WITH_GRASP, special_actions=False)
    stage(duel, hand=(["advancing", "drive", "geomantic", "shot", "sweeping"], None),
          discard_1=(["trance", "dash", "strike"], None),
          discard_2=(["focused", "grasp", "burst", "palm-strike"], None))
    pairs(duel, ("advancing", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    duel.decide({"player": 0, "kind": "clash_base", "base": "drive"})
    facts = duel.decide({"player": 1, "kind": "clash_base", "base": "grasp"})  # 5 vs 5
    assert facts_of(facts, F.RanOutOfCards)
    assert not facts_of(facts, F.Activated)
    assert duel.prompt["kind"] == "attack_pair"
    hikaru, khadath = seat(duel, 0), seat(duel, 1)
    assert hikaru["discard_1"] == ["advancing", "drive"]
    assert "shot" in hikaru["hand"]
    assert khadath["discard_1"] == ["hunters", "grasp"]
    assert "strike" in khadath["hand"]
    assert life(duel) == (20, 20)
    assert duel.state.beat == 2
