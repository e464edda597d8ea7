"""Zaamassal Kett's cards (zaamassal.yaml): Subjective Reality, the five Paradigms, five
Styles, Paradigm Shift and both Finishers. Zaamassal is player 0 unless a test says
otherwise.

Duels start from a position (``battlecon-position/1``) when a Paradigm must already be in
play. Opponents are chosen for predictable numbers: Khadath's Hunter's Style is +0/+0/+0
while his Gate Trap is off the board.
Engine rulings tested as such: a Style's Paradigm is a ``may``, a choice among Paradigms a
``pick`` of card ids (``none`` where he may keep what he has); a Paradigm assumed mid-beat
applies from then on; an auto-stun (Whip) costs the Paradigms like a stun by damage.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from judge.battlecon import Duel
from judge.battlecon import facts as F
from judge.battlecon.actions import Advance, Ctx
from judge.battlecon.cards import BEFORE_ACTIVATING, Effect
from judge.battlecon.fighters.zaamassal import (
    DISTORTION,
    FLUIDITY,
    HASTE,
    PAIN,
    PARADIGMS,
    RESILIENCE,
    ZaamassalResilienceSoak,
)
from judge.battlecon.position import FORMAT
from judge.battlecon.roster import card, fighter
from judge.battlecon.stats import attack
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

# Zaamassal's discards keeping Urgent, Malicious and Sturdy in hand (Warped, Sinuous, Dash
# and Burst out); SINUOUS_IN and WARPED_IN keep those two.
KEEP = (("warped", "dash"), ("sinuous", "burst"))
SINUOUS_IN = (("warped", "dash"), ("sturdy", "burst"))
WARPED_IN = (("sturdy", "dash"), ("sinuous", "burst"))
KHADATH = (("evacuation", "dash"), ("teleport", "burst"))
CARDDATA = Path(__file__).parents[2] / "judge" / "battlecon" / "carddata" / "zaamassal.toml"


def zduel(spaces: tuple[int, int], in_play: tuple[str, ...] = (), other: str = "khadath",
          d0: tuple = KEEP, d1: tuple | None = None, life: tuple[int, int] = (20, 20),
          finisher: str = "open-the-gate") -> Duel:
    """A duel at the start of beat 1 from a position: Zaamassal (player 0) with
    ``in_play`` Paradigms, the opponent's discards their kit's default unless given."""
    kit = fighter(other)
    d1 = d1 or (KHADATH if other == "khadath" else kit.default_discards)
    me = {"name": "Zed", "fighter": "zaamassal", "finisher": finisher, "space": spaces[0],
          "life": life[0], "discard_1": list(d0[0]), "discard_2": list(d0[1]),
          "in_play": list(in_play)}
    them = {"name": "Opp", "fighter": other, "finisher": kit.finishers[0].id,
            "space": spaces[1], "life": life[1], "discard_1": list(d1[0]),
            "discard_2": list(d1[1])}
    return Duel.from_record({"format": "battlecon-record/1", "position": {
        "format": FORMAT, "players": [me, them]}, "decisions": []})


def in_play(duel: Duel, p: int = 0) -> list[str]:
    return list(duel.state.players[p].in_play)


def may(duel: Duel, player: int, accept: bool) -> list[F.Fact]:
    settle(duel)
    return answer(duel, player, "may", accept=accept)


def pick_options(duel: Duel) -> list[str]:
    assert duel.prompt["kind"] == "pick", duel.prompt
    return [o["option"] for o in duel.prompt["options"]]


def run_out(duel: Duel, kind: str = "attack_pair") -> None:
    """Answer every prompt with its first option until ``kind`` is asked (the next beat)."""
    while duel.prompt and duel.prompt["kind"] != kind:
        settle(duel)
        if duel.prompt and duel.prompt["kind"] != kind:
            duel.decide(duel.prompt["options"][0])


# --- Subjective Reality ------------------------------------------------------------------


def test_subjective_reality_starts_with_no_paradigm_in_play():
    """Setup: the five Paradigms lie beside Zaamassal, none in play; the state JSON shows
    ``in_play`` only once one is."""
    duel = new_duel("zaamassal", "khadath")
    assert in_play(duel) == [] and "in_play" not in duel.to_json()["players"][0]
    assert [c.id for c in fighter("zaamassal").persistent] == list(PARADIGMS)


def test_subjective_reality_a_stun_by_damage_loses_every_paradigm():
    """Subjective Reality: Khadath's Drive stuns Zaamassal (3 damage, Stun Guard 2): he
    loses the Paradigm of Pain at once."""
    duel = zduel((3, 5), in_play=(PAIN,), d0=SINUOUS_IN)
    pairs(duel, ("sinuous", "shot"), ("hunters", "drive"))
    pass_ante(duel)
    answer(duel, 1, "move", to=4)  # Drive: advance 1, next to Zaamassal
    check = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 0][0]
    left = facts_of(duel.facts, F.LeftPlay)
    assert check.stunned and [(f.player, f.cards) for f in left] == [(0, [PAIN])]
    assert left[0].rule == "subjective-reality: passive" and "loses the Paradigm of Pain" in \
        left[0].text
    assert in_play(duel) == []


def test_subjective_reality_an_auto_stun_loses_every_paradigm_too():
    """Subjective Reality: Kehrolyn's Whip stuns at range 1 without a stun check (R16.8);
    Zaamassal loses the Paradigm of Haste all the same."""
    duel = zduel((3, 4), in_play=(HASTE,), other="kehrolyn",
                 d1=(("bladed", "dash"), ("exoskeletal", "grasp")))
    pairs(duel, ("malicious", "shot"), ("whip", "strike"))
    pass_ante(duel)
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [0]
    assert [f.cards for f in facts_of(duel.facts, F.LeftPlay)] == [[HASTE]]
    assert in_play(duel) == []


# --- the Styles ---------------------------------------------------------------------------


def test_urgent_advances_then_may_assume_the_paradigm_of_haste():
    """Urgent: +0~1 range, -1 power, +2 priority; Before Activating advance 0-1 (a move
    prompt); After Activating he may assume Haste, which then shows in the state JSON."""
    duel = zduel((3, 6))
    pairs(duel, ("urgent", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [5, 3]
    assert duel.prompt["kind"] == "move" and option_values(duel) == [3, 4]
    answer(duel, 0, "move", to=4)
    assert [(f.amount, f.power) for f in dealt(duel, 0)] == [(3, 3)]  # Strike 4 - 1, range 2
    assert duel.prompt["kind"] == "may" and "Paradigm of Haste" in duel.prompt["about"]
    facts = may(duel, 0, True)
    [put] = facts_of(facts, F.PutInPlay)
    assert (put.card, put.replacing, put.rule) == (HASTE, [], "urgent: After Activating")
    assert in_play(duel) == [HASTE]
    assert duel.to_json()["players"][0]["in_play"] == [HASTE]


def test_malicious_stats_and_declining_the_paradigm_of_pain():
    """Malicious: +1 power, -1 priority, Stun Guard 2; declining its Paradigm leaves none."""
    duel = zduel((3, 4))
    pairs(duel, ("malicious", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    stats = attack(duel.state, 0)
    assert (stats.power, stats.priority, stats.stun_guard) == (5, 2, 7)
    assert [(f.amount, f.attacker) for f in facts_of(duel.facts, F.DamageDealt)] == [(4, 1), (5, 0)]
    assert not any(f.stunned for f in facts_of(duel.facts, F.StunChecked))  # 4 vs Guard 7
    assert duel.prompt["kind"] == "may" and "Paradigm of Pain" in duel.prompt["about"]
    facts = may(duel, 0, False)
    assert facts_of(facts, F.Declined) and in_play(duel) == []


def test_sinuous_may_assume_fluidity_and_teleports_at_end_of_beat():
    """Sinuous: +1 priority; After Activating he may assume Fluidity; End of Beat he moves
    directly to any unoccupied space, then (Fluidity now in play) moves 0-1."""
    duel = zduel((3, 6), d0=SINUOUS_IN)
    pairs(duel, ("sinuous", "shot"), ("hunters", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [3, 2]
    may(duel, 0, True)
    assert in_play(duel) == [FLUIDITY]
    settle(duel)
    # End of Beat: Sinuous (teleport) and Fluidity (move 0-1): his two effects are ordered.
    assert duel.prompt["kind"] == "move" and option_values(duel) == [1, 2, 4, 5, 7]
    answer(duel, 0, "move", to=1)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [1, 2]
    answer(duel, 0, "move", to=2)
    assert spaces(duel) == (2, 6)


def test_warped_retreats_1_with_extra_range_and_may_assume_distortion():
    """Warped: +0~2 range; Start of Beat retreat 1; After Activating Distortion."""
    duel = zduel((3, 5), d0=WARPED_IN)
    pairs(duel, ("warped", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    assert spaces(duel) == (2, 5)
    assert attack(duel.state, 0).range == (1, 3)
    assert [f.attacker for f in facts_of(duel.facts, F.Hit)][:1] == [0]  # range 3: hits
    may(duel, 0, True)
    assert in_play(duel) == [DISTORTION]


def test_sturdy_stun_immunity_and_ignoring_the_opponents_movement():
    """Sturdy: Stun Immunity; Zaamassal may ignore Khadath's Grasp moving him (a may he
    answers); After Activating he may assume Resilience."""
    duel = zduel((3, 4), d0=(("warped", "dash"), ("urgent", "burst")))
    pairs(duel, ("sturdy", "strike"), ("hunters", "grasp"))
    pass_ante(duel)
    assert attack(duel.state, 0).stun_immunity
    assert duel.prompt["kind"] == "may" and duel.prompt["players"] == [0]
    assert "Sturdy" in duel.prompt["about"]
    facts = may(duel, 0, True)
    assert [f.player for f in facts_of(facts, F.MovementIgnored)] == [0]
    assert spaces(duel) == (3, 4)
    assert duel.prompt["kind"] == "may" and "Paradigm of Resilience" in duel.prompt["about"]
    may(duel, 0, True)
    assert in_play(duel) == [RESILIENCE]


# --- Paradigm Shift -----------------------------------------------------------------------


def test_paradigm_shift_picks_any_paradigm_not_in_play_replacing_the_old_one():
    """Paradigm Shift (After Activating): a pick of the Paradigms not in play, or none;
    the new one replaces Haste."""
    duel = zduel((3, 5), in_play=(HASTE,))
    pairs(duel, ("malicious", "paradigm-shift"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    if duel.prompt["kind"] == "may":  # Malicious's Pain first, in the printed order
        may(duel, 0, False)
    assert pick_options(duel) == sorted([DISTORTION, FLUIDITY, "none", PAIN, RESILIENCE])
    facts = answer(duel, 0, "pick", option=RESILIENCE)
    [put] = facts_of(facts, F.PutInPlay)
    assert put.replacing == [HASTE] and "replaces the Paradigm of Haste" in put.text
    assert in_play(duel) == [RESILIENCE]


def test_paradigm_shift_none_keeps_what_is_in_play():
    duel = zduel((3, 5), in_play=(PAIN,))
    pairs(duel, ("sturdy", "paradigm-shift"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    if duel.prompt["kind"] == "may":
        may(duel, 0, False)
    answer(duel, 0, "pick", option="none")
    assert in_play(duel) == [PAIN]


# --- the Paradigms ------------------------------------------------------------------------


def test_paradigm_of_pain_the_opponent_loses_2_life_on_damage():
    """Pain (On Damage): after Strike's 4 damage Khadath loses 2 life more."""
    duel = zduel((3, 4), in_play=(PAIN,))
    pairs(duel, ("sturdy", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    lost = facts_of(duel.facts, F.LifeLost)
    assert [(f.player, f.amount, f.rule) for f in lost] == [(1, 2, "paradigm-of-pain: On Damage")]
    assert life(duel)[1] == 20 - 4 - 2


def test_paradigm_of_fluidity_moves_0_or_1_before_activating_and_at_end_of_beat():
    duel = zduel((3, 6), in_play=(FLUIDITY,))
    pairs(duel, ("sturdy", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [2, 3, 4]
    answer(duel, 0, "move", to=4)
    assert spaces(duel) == (4, 6)
    may(duel, 0, False)  # Sturdy's Resilience
    assert duel.prompt["kind"] == "move" and option_values(duel) == [3, 4, 5]
    answer(duel, 0, "move", to=5)
    assert spaces(duel) == (5, 6)
    rules = [f.rule for f in facts_of(duel.facts, F.Triggered) if f.card == FLUIDITY]
    assert rules == ["paradigm-of-fluidity: Before Activating", "paradigm-of-fluidity: End of Beat"]


def test_paradigm_of_haste_wins_priority_ties_without_a_clash():
    """Haste: 3 against 3, and Zaamassal is the Active Player (no Clash)."""
    duel = zduel((3, 5), in_play=(HASTE,))
    pairs(duel, ("sturdy", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [3, 3]
    assert not facts_of(duel.facts, F.ClashOccurred)
    assert facts_of(duel.facts, F.BecameActive)[0].player == 0


def test_paradigm_of_haste_holds_an_adjacent_opponent_in_place():
    """Haste: Khadath next to Zaamassal cannot advance with Drive (R17.9)."""
    duel = zduel((3, 4), in_play=(HASTE,))
    pairs(duel, ("malicious", "shot"), ("hunters", "drive"))
    pass_ante(duel)
    ignored = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 1]
    assert ignored and ignored[0].rule == "R17.9"
    assert "Paradigm of Haste holds anyone next to Zaamassal in place" in ignored[0].text
    assert spaces(duel)[1] == 4


def test_s30_haste_stops_an_opponent_advancing_3_on_the_space_next_to_zaamassal():
    """S30 (2014 FAQ, Zaamassal): Zaamassal on 5 with Haste, the opponent on 2 advances 3:
    2→3→4, entering 4 (next to Zaamassal) ends the movement; the opponent stays on 4
    (R17.15)."""
    duel = zduel((5, 2), in_play=(HASTE,))
    s = duel.state
    step = Effect(BEFORE_ACTIVATING, (Advance(3),), "Advance 3 spaces.")
    [moved] = Advance(3).resolve(Ctx(s, 1, card("hydraulic"), step), None)
    assert isinstance(moved, F.Moved)
    assert (moved.start, moved.end, moved.spaces, moved.stopped_by) == (2, 4, 2, HASTE)
    assert "stopped on entering a space next to Zaamassal, held by his Paradigm of Haste" in moved.text


def test_s30_in_a_duel_mechanicals_advance_stops_next_to_zaamassal():
    """S30 in play: Cadenza on 2 advances 0-3 with Mechanical (End of Beat) towards
    Zaamassal on 5 with Haste: 4 is the farthest he gets, whatever he asks for."""
    duel = zduel((5, 2), in_play=(HASTE,), other="cadenza")
    pairs(duel, ("sturdy", "strike"), ("mechanical", "shot"))
    pass_ante(duel)
    while duel.prompt["kind"] != "move" or duel.prompt["players"] != [1]:
        settle(duel)
        duel.decide(duel.prompt["options"][0])
    assert option_values(duel) == [2, 3, 4]
    answer(duel, 1, "move", to=4)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 1][-1]
    assert (moved.end, moved.stopped_by) == (4, HASTE) and spaces(duel)[1] == 4


def test_paradigm_of_resilience_soaks_2_until_zaamassal_has_activated():
    """Resilience: Soak 2 from the Start of Beat; Khadath, Active, hits first: 4 - 2."""
    duel = zduel((3, 4), in_play=(RESILIENCE,))
    pairs(duel, ("malicious", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    first = dealt(duel, 1)[0]
    assert (first.power, first.soak, first.amount) == (4, 2, 2)
    marks = [f.on for f in facts_of(duel.facts, ZaamassalResilienceSoak)]
    assert marks == [True]


def test_paradigm_of_resilience_soak_is_gone_after_his_own_activation():
    """Resilience: Zaamassal Active: After Activating his Soak 2 ends, so Khadath's Strike
    deals its full 4."""
    duel = zduel((3, 4), in_play=(RESILIENCE,))
    pairs(duel, ("urgent", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    run_out(duel)
    assert [f.on for f in facts_of(duel.facts, ZaamassalResilienceSoak)] == [True, False]
    assert [(f.soak, f.amount) for f in dealt(duel, 1)] == [(0, 4)]


def test_paradigm_of_distortion_range_4_cannot_hit_him():
    """Distortion: Khadath's Shot (range 1~4) at range 4 misses Zaamassal."""
    duel = zduel((2, 6), in_play=(DISTORTION,))
    pairs(duel, ("sturdy", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    run_out(duel)
    missed = [f for f in facts_of(duel.facts, F.Missed) if f.attacker == 1]
    assert [f.reason for f in missed] == [DISTORTION]
    assert life(duel)[0] == 20


def test_paradigm_of_distortion_his_attack_also_hits_at_range_3():
    """Distortion: Zaamassal's Strike (range 1) hits Khadath at range 3."""
    duel = zduel((3, 6), in_play=(DISTORTION,))
    pairs(duel, ("sturdy", "strike"), ("hunters", "grasp"))
    pass_ante(duel)
    settle(duel)
    hit = [f for f in facts_of(duel.facts, F.Hit) if f.attacker == 0][0]
    assert hit.rule == "paradigm-of-distortion: passive" and "range 3" in hit.text
    assert dealt(duel, 0)[0].amount == 4


# --- the Finishers ------------------------------------------------------------------------


def test_open_the_gate_stuns_and_assumes_paradigms_up_to_three():
    """Open the Gate (On Hit): the opponent is stunned; Zaamassal picks Paradigms one at a
    time, keeping Haste, until three are in play."""
    duel = zduel((3, 4), in_play=(HASTE,), life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]
    assert pick_options(duel) == sorted([DISTORTION, FLUIDITY, "none", PAIN, RESILIENCE])
    answer(duel, 0, "pick", option=PAIN)
    assert pick_options(duel) == sorted([DISTORTION, FLUIDITY, "none", RESILIENCE])
    answer(duel, 0, "pick", option=FLUIDITY)
    assert in_play(duel) == [HASTE, PAIN, FLUIDITY]
    assert duel.prompt is None or duel.prompt["kind"] != "pick"


def test_open_the_gate_none_stops_assuming():
    duel = zduel((3, 4), life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "pick", option=PAIN)
    answer(duel, 0, "pick", option="none")
    assert in_play(duel) == [PAIN]
    assert duel.prompt is None or duel.prompt["kind"] != "pick"


def test_plane_divider_teleports_both_fighters_and_gains_power_per_space_between():
    """Plane Divider: Before Activating he moves directly anywhere; On Hit he moves the
    opponent directly (his choice), +1 power for each space between, then must assume a
    Paradigm (all five offered)."""
    duel = zduel((3, 6), life=(7, 20), finisher="plane-divider")
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [1, 2, 4, 5, 7]
    answer(duel, 0, "move", to=5)  # next to Khadath: range 1
    assert duel.prompt["kind"] == "move" and duel.prompt["players"] == [0]
    assert option_values(duel) == [1, 2, 3, 4, 7]
    answer(duel, 0, "move", to=1)  # three spaces between
    assert spaces(duel) == (5, 1)
    assert pick_options(duel) == sorted(PARADIGMS)
    answer(duel, 0, "pick", option=HASTE)
    assert in_play(duel) == [HASTE]
    assert [(f.power, f.amount) for f in dealt(duel, 0)] == [(2 + 3, 5)]


def test_plane_divider_naming_a_paradigm_in_play_keeps_it():
    duel = zduel((3, 4), in_play=(PAIN,), life=(7, 20), finisher="plane-divider")
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=5)
    answer(duel, 0, "move", to=6)  # next to him again: no space between
    facts = answer(duel, 0, "pick", option=PAIN)
    kept = [f for f in facts_of(facts, F.Declined) if f.rule == "plane-divider: On Hit"]
    assert kept and "keeps the Paradigm of Pain" in kept[0].text
    assert not facts_of(facts, F.PutInPlay)
    assert [f.power for f in dealt(duel, 0)] == [2]
    # Khadath's Shot then stuns him (3 damage, no Stun Guard): the kept Pain is lost.
    assert [f.cards for f in facts_of(facts, F.LeftPlay)] == [[PAIN]]


# --- the kit ------------------------------------------------------------------------------


def test_zaamassal_kit_stats():
    """Stats as printed (zaamassal.yaml)."""
    stats = {c: (card(c).range, card(c).power, card(c).priority, card(c).stun_guard,
                 card(c).stun_immunity)
             for c in ("urgent", "malicious", "sinuous", "warped", "sturdy", "paradigm-shift",
                       "open-the-gate", "plane-divider")}
    assert stats == {"urgent": ((0, 1), -1, 2, 0, False), "malicious": ((0, 0), 1, -1, 2, False),
                     "sinuous": ((0, 0), 0, 1, 0, False), "warped": ((0, 2), 0, 0, 0, False),
                     "sturdy": ((0, 0), 0, 0, 0, True),
                     "paradigm-shift": ((2, 3), 3, 3, 0, False),
                     "open-the-gate": ((1, 2), 3, 7, 0, False),
                     "plane-divider": ((1, 1), 2, 4, 0, False)}
    assert fighter("zaamassal").default_discards == (("urgent", "dash"), ("sinuous", "grasp"))


def test_a_correction_of_the_spaces_keeps_the_paradigms_in_play():
    """A judge's correction of spaces leaves the Paradigms in play as they were."""
    duel = zduel((3, 6), in_play=(HASTE,))
    stage(duel, spaces=(2, 6))
    assert in_play(duel) == [HASTE]


def test_carddata_choices_match_the_code():
    """carddata/zaamassal.toml: every Paradigm is a doubt, and the discards are the kit's."""
    choices = tomllib.loads(CARDDATA.read_text())["choice"]
    assert {c["card"] for c in choices} >= set(PARADIGMS)
    [discards] = [c for c in choices if c["field"] == "discards"]
    assert [list(p) for p in fighter("zaamassal").default_discards] == discards["value"]
    for c in choices:
        assert c["why"] and (c["card"] == "zaamassal" or card(c["card"]).fighter == "zaamassal")
