"""001's Reveal where it differs from 2014: its Cancel (C07) and a priority tie made during
Reveal (C13), judged under ``battlecon-2011``; each test cites 001's passage by its section
heading, and the 2014 duel of the same decisions shows the difference."""

from __future__ import annotations

import pytest

from judge import registry
from judge.battlecon import engine
from judge.battlecon import facts as F
from judge.battlecon.notation import state_json
from judge.battlecon.replay import replay_facts
from tests.judge.scene import answer, facts_of, new_duel, pairs, pass_ante, settle, stage
from tests.judge.scenes2011 import SA, cancel_beat, trance_beat

BOTH = ("battlecon-2011", "battlecon-2014")
CANCEL_RULE = "001 Special Actions"


def _replays(duel) -> bool:
    """The facts replay to the same state, and the record re-judges to the same facts."""
    replayed = replay_facts(duel.setup, [f.to_json() for f in duel.facts])
    again = registry.from_record(duel.to_record())
    return (state_json(replayed, None) == state_json(duel.state, None)
            and [f.to_json() for f in again.facts] == [f.to_json() for f in duel.facts])


@pytest.mark.parametrize("ruleset", BOTH)
def test_c07_only_the_cancel_player_picks_again_and_the_other_keeps_his_pair(ruleset) -> None:
    """001 Special Actions, Cancel: "Cancel allows you to choose your attack after looking
    at what your opponent has played. ... Return the base played with cancel to your hand,
    remove cancel from the game, then select a new attack pair and play it." 2014 (R24.2,
    R24.4): the opponent's revealed pair goes onto his discard 1 and both choose again."""
    duel = cancel_beat(ruleset)
    cadenza, kallistar = duel.state.players
    assert cadenza.removed == [SA] and "shot" in cadenza.hand and cadenza.pair is None
    assert duel.prompt["kind"] == "attack_pair"
    if ruleset == "battlecon-2011":
        assert duel.prompt["players"] == [0]
        assert duel.prompt["rule"] == CANCEL_RULE
        assert "having seen Kallistar's Blazing Strike" in duel.prompt["about"]
        assert kallistar.pair is not None and kallistar.pair.revealed
        assert (kallistar.pair.style, kallistar.pair.base) == ("blazing", "strike")
        assert kallistar.discard_1 == ["flare", "dash"]
        assert duel.to_json()["players"][1]["attack_pair"]["style"] == "blazing"  # seen by all
        declared = facts_of(duel.facts, F.SpecialActionDeclared)[0]
        assert (declared.action, declared.rule) == ("cancel", CANCEL_RULE)
    else:
        assert duel.prompt["players"] == [0, 1] and duel.prompt["rule"] == "R4.1"
        assert kallistar.pair is None
        assert kallistar.discard_1 == ["flare", "dash", "blazing", "strike"]
    assert _replays(duel)


def test_c07_the_new_pair_clashes_with_the_kept_one() -> None:
    """001 Special Actions, Cancel: "The pair played with cancel will trigger a clash if it
    ties your opponent's pair." Grapnel Drive (4) against the kept Blazing Strike (4): a
    Clash, both players playing a new Base; no second Ante ("Any tokens you spent during
    the ante phase apply to your new attack": Iron Body's Stun Immunity still holds)."""
    duel = cancel_beat("battlecon-2011", ante=True)
    duel.decide({"player": 0, "kind": "attack_pair", "style": "grapnel", "base": "drive"})
    settle(duel)
    clash = facts_of(duel.facts, F.ClashOccurred)
    assert [c.priorities for c in clash] == [[4, 4]]
    assert duel.prompt["kind"] == "clash_base" and duel.prompt["players"] == [0, 1]
    assert len(facts_of(duel.facts, F.Passed)) == 2  # the one Ante step, before the Cancel
    assert engine.attack(duel.state, 0).stun_immunity
    revealed = facts_of(duel.facts, F.PairsRevealed)
    assert len(revealed) == 2 and revealed[1].rule == "R6.1"
    assert [p["style"] for p in revealed[1].pairs] == ["grapnel", "blazing"]
    assert _replays(duel)


def test_c07_the_kept_pair_wins_when_faster() -> None:
    """The same Cancel under 001 with Battery Strike (2) against the kept Blazing Strike
    (4): Kallistar is Active with the pair she revealed; its Reveal effects come once."""
    duel = cancel_beat("battlecon-2011")
    duel.decide({"player": 0, "kind": "attack_pair", "style": "battery", "base": "strike"})
    settle(duel)
    active = facts_of(duel.facts, F.BecameActive)
    assert [(a.player, a.priorities) for a in active] == [(1, [2, 4])]
    began = [f for f in facts_of(duel.facts, F.StepBegan) if f.step == "reveal"]
    assert began[-1].rule == CANCEL_RULE and "kept" in began[-1].text


@pytest.mark.parametrize("ruleset", BOTH)
def test_c07_two_cancels_both_pick_again_secretly(ruleset) -> None:
    """001 Special Actions: "If both players cancel simultaneously, they must both choose
    new attacks secretly", and "After a Special action is used, it is removed from the game
    until the end of the duel" (Cancel: "remove cancel from the game"). 2014 (R26.5): each
    Special Action goes onto its owner's discard 1."""
    duel = cancel_beat(ruleset, kallistar=(SA, "shot"))
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0, 1]
    for p in duel.state.players:
        assert p.pair is None and "shot" in p.hand
        if ruleset == "battlecon-2011":
            assert p.removed == [SA] and SA not in p.discard_1
        else:
            assert p.removed == [] and p.discard_1[-1] == SA
    assert duel.prompt["rule"] == (CANCEL_RULE if ruleset == "battlecon-2011" else "R4.1")
    assert _replays(duel)


@pytest.mark.parametrize("ruleset", BOTH)
def test_c07_a_finisher_facing_a_cancel(ruleset) -> None:
    """Kallistar (6 life, Elemental Form) reveals her Overdrive Finish (Special Action +
    Strike: Supernova) against Cadenza's Cancel. 001's Cancel lets only the Cancel player
    pick again and says nothing of discarding the other's pair: she keeps her Finisher,
    which is declared once and attacks when the new pair is revealed. 2014 (R26.6): the
    Finisher's Special Action and Base go onto her discard 1."""
    duel = cancel_beat(ruleset, kallistar=(SA, "strike"), life=(20, 6),
                        forms=(None, "elemental"))
    kallistar = duel.state.players[1]
    if ruleset == "battlecon-2014":
        assert kallistar.pair is None and kallistar.discard_1[-2:] == [SA, "strike"]
        assert duel.prompt["players"] == [0, 1]
        return
    assert kallistar.pair is not None and kallistar.pair.finisher
    assert "(a Finisher)" in duel.prompt["about"] and duel.prompt["players"] == [0]
    duel.decide({"player": 0, "kind": "attack_pair", "style": "battery", "base": "strike"})
    settle(duel)
    assert [d.player for d in facts_of(duel.facts, F.SpecialActionDeclared)] == [0, 1]
    active = facts_of(duel.facts, F.BecameActive)
    assert [(a.player, a.priorities) for a in active] == [(1, [2, 7])]  # Supernova 5 + 2
    assert engine.attack(duel.state, 1).power == 10  # Supernova 8, Elemental Form +2
    assert _replays(duel)


@pytest.mark.parametrize("ruleset", BOTH)
def test_c13_a_tie_made_during_reveal_leaves_the_earlier_leader_active(ruleset) -> None:
    """001 Character-Specific Questions, Hikaru: a priority tie created during Reveal: "the
    player who originally had the highest priority continues to have priority". Hikaru's
    Trance Strike with Wind (5) leads Khadath's Hunter's Strike (3) until Trance's Reveal
    effect returns the Wind (3 against 3). 2014 compares only after the Reveal effects
    (R6.4, R6.6): a tie, so a Clash."""
    duel = trance_beat(ruleset, ("hunters", "strike"))
    assert facts_of(duel.facts, F.TokensReturned)
    if ruleset == "battlecon-2011":
        active = facts_of(duel.facts, F.BecameActive)
        assert [(a.player, a.priorities) for a in active] == [(0, [3, 3])]
        assert active[0].rule == "001 Character-Specific Questions, Hikaru"
        assert not facts_of(duel.facts, F.ClashOccurred)
    else:
        assert [c.priorities for c in facts_of(duel.facts, F.ClashOccurred)] == [[3, 3]]
        assert not facts_of(duel.facts, F.BecameActive)
        assert duel.prompt["kind"] == "clash_base"
    assert _replays(duel)


@pytest.mark.parametrize("ruleset", BOTH)
def test_c13_a_lead_that_changes_hands_during_reveal_changes_the_active_player(ruleset):
    """001 Character-Specific Questions, Hikaru: "If the priority boost causes priority to
    switch hands ... then this changes the order of execution and the Active Player" (so
    does 2014, R6.4): Trance Strike with Wind (5) against Hunter's Drive (4) becomes 3
    against 4 at Reveal, and Khadath is Active."""
    duel = trance_beat(ruleset, ("hunters", "drive"))
    active = facts_of(duel.facts, F.BecameActive)
    assert [(a.player, a.priorities, a.rule) for a in active] == [(1, [3, 4], "R6.5")]


@pytest.mark.parametrize("ruleset", BOTH)
def test_c13_a_tie_before_reveal_is_still_a_clash(ruleset) -> None:
    """001 Step 3 Reveal Attack Pairs: "If the total priorities tie, then a clash occurs":
    Trance Strike (3) against Hunter's Strike (3), nothing anted, no lead to keep."""
    duel = trance_beat(ruleset, ("hunters", "strike"), wind=False)
    assert [c.priorities for c in facts_of(duel.facts, F.ClashOccurred)] == [[3, 3]]
    assert duel.prompt["kind"] == "clash_base"


def _geomantic_beat(ruleset: str, khadath: tuple[str, str]):
    """Khadath's pair against Hikaru's Geomantic Strike (3), Hikaru spending Wind (+2)
    with Geomantic: at Reveal under 001, at the Start of Beat under 2014 (R28.1)."""
    duel = new_duel("khadath", "hikaru", ruleset=ruleset,
                    d0=(("evacuation", "dash"), ("teleport", "burst")))
    stage(duel, spaces=(3, 5))
    pairs(duel, khadath, ("geomantic", "strike"))
    pass_ante(duel)
    timing = "Reveal" if ruleset == "battlecon-2011" else "Start of Beat"
    assert duel.prompt["rule"] == f"geomantic: {timing}"
    before = [(a.player, a.priorities) for a in facts_of(duel.facts, F.BecameActive)]
    answer(duel, 1, "pick", option="wind")
    return duel, before


@pytest.mark.parametrize("ruleset", BOTH)
def test_c13_geomantic_and_wind_tie_at_reveal_the_leader_stays_active(ruleset) -> None:
    """001 Character-Specific Questions, Hikaru: "What happens if I use Hikaru's Geomantic
    style with my Wind token to create a priority tie during Reveal? ... the player who
    originally had the highest priority continues to have priority." Hunter's Grasp (5)
    against Geomantic Strike (3, 5 with Wind): Khadath stays Active, no Clash. Under 2014
    Geomantic spends at the Start of Beat, after priority (R28.1): Khadath is Active too."""
    duel, before = _geomantic_beat(ruleset, ("hunters", "grasp"))
    active = facts_of(duel.facts, F.BecameActive)
    assert not facts_of(duel.facts, F.ClashOccurred)
    if ruleset == "battlecon-2011":
        assert before == []  # the Wind is spent before priority is compared
        assert [(a.player, a.priorities, a.rule) for a in active] == [
            (0, [5, 5], "001 Character-Specific Questions, Hikaru")]
    else:
        assert before == [(0, [5, 3])] and len(active) == 1
        assert "(R28.1)" in facts_of(duel.facts, F.TokensSpent)[0].text


@pytest.mark.parametrize("ruleset", BOTH)
def test_c13_geomantic_and_wind_overtake_at_reveal_hikaru_becomes_active(ruleset) -> None:
    """001 Character-Specific Questions, Hikaru: "If the priority boost causes priority to
    switch hands (ie: Hikaru's priority becomes higher), then this changes the order of
    execution and the Active Player." Hunter's Drive (4) against Geomantic Strike with Wind
    (5): Hikaru is Active. 2014 (R28.1, FAQ Hikaru): a boost at the Start of Beat changes
    nothing; Khadath, Active at 4 against 3, stays so."""
    duel, before = _geomantic_beat(ruleset, ("hunters", "drive"))
    active = [(a.player, a.priorities) for a in facts_of(duel.facts, F.BecameActive)]
    if ruleset == "battlecon-2011":
        assert active == [(1, [4, 5])]
        spent = facts_of(duel.facts, F.TokensSpent)[0]
        assert "before priority is compared (001)" in spent.text
    else:
        assert before == active == [(0, [4, 3])]


@pytest.mark.parametrize("ruleset", BOTH)
def test_c07_two_finishers_that_tie_downgrade_into_cancels(ruleset) -> None:
    """001 Special Actions, Finish: "If two finishes clash, then they both downgrade into
    cancels", and a Cancel's Special Action is removed from the game. Two Cadenzas at 5
    life, both Rocket Press (priority 0). 2014 (R26.9): both Special Actions go onto
    discard 1, each Base back to hand, and both choose new pairs."""
    discards = (("hydraulic", "dash"), ("grapnel", "grasp"))
    duel = new_duel("cadenza", "cadenza", ruleset=ruleset, d0=discards, d1=discards)
    stage(duel, spaces=(3, 4), life=(5, 5))
    pairs(duel, (SA, "strike"), (SA, "strike"))
    pass_ante(duel)
    settle(duel)
    assert not facts_of(duel.facts, F.BecameActive)
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0, 1]
    for p in duel.state.players:
        assert p.pair is None and "strike" in p.hand and not p.finisher_used
        if ruleset == "battlecon-2011":
            assert p.removed == [SA] and SA not in p.discard_1
        else:
            assert p.removed == [] and p.discard_1[-1] == SA
    called = facts_of(duel.facts, F.NewPairsCalledFor)[0]
    assert called.rule == (CANCEL_RULE if ruleset == "battlecon-2011" else "R26.9")
    assert _replays(duel)
