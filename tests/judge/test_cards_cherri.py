"""Cherri Seneca's cards (cherri.yaml): Nightmarish Visions and its Insight token, five
Styles, Stare and both Finishers, with scenarios S37 and S54. Cherri is player 0 unless a
test says otherwise.

Opponents are chosen for predictable numbers: Khadath's Hunter's Style is +0/+0/+0 while
his Gate Trap is off the board; Heketch's Knives wins priority ties (S37).
Engine rulings tested as such: the Insight token forces only the first Clash round; Stare's
X follows the Base the opponent has in play after a Clash; Crimson compares the
opponent's printed priority with Cherri's priority bonuses included.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.cherri import CherriMarked
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

INSIGHT = "insight"
# Cherri discards that keep Dreamscape, Crimson, Catatonic and Grasp in hand.
KEEP_DREAMS = (("blind", "dash"), ("mirage", "drive"))
# Cherri discards that keep Catatonic, Mirage and Blind in hand.
KEEP_MIRAGE = (("dreamscape", "dash"), ("crimson", "grasp"))
# Heketch discards that keep Critical, Psycho and all but Dash of his Bases in hand.
HEKETCH_HAND = (("merciless", "dash"), ("rasping", "burst"))


def pools(duel, p=0):
    me = duel.state.players[p]
    return sorted(me.token_pool), sorted(me.token_discard)


def spent(duel):
    """Cherri starts the beat without her Insight token (spent earlier)."""
    stage(duel, token_pool=([], None), token_discard=([INSIGHT], None))


def clashes(duel):
    return facts_of(duel.facts, F.ClashOccurred)


def clash_with(duel, b0, b1):
    settle(duel)
    answer(duel, 0, "clash_base", base=b0)
    return answer(duel, 1, "clash_base", base=b1)


def lost_by(duel, player):
    return [f.amount for f in facts_of(duel.facts, F.LifeLost) if f.player == player]


def recovered(duel, p=0):
    return [f.token for f in facts_of(duel.facts, F.TokenRecovered) if f.player == p]


def play_out_beat(duel):
    """Answer every prompt with its first option until the next beat's pairs (or the end)."""
    settle(duel)
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        duel.decide(duel.prompt["options"][0])
        settle(duel)


# --- Nightmarish Visions: the Insight token ---------------------------------------------------


def test_insight_starts_in_the_pool_and_the_watchers_counter_at_0():
    """Setup: Cherri's single Insight token starts in her token pool."""
    duel = new_duel("cherri", "khadath")
    assert pools(duel) == ([INSIGHT], [])
    assert duel.state.players[0].counters == {"watchers": 0}


def test_insight_ante_is_offered_while_she_holds_it_and_goes_to_the_token_discard():
    """Insight (Ante): offered with the token in her pool; anted, it is spent at once; with
    the token spent she has nothing to ante."""
    duel = new_duel("cherri", "khadath")
    pairs(duel, ("crimson", "strike"), ("hunters", "strike"))
    assert duel.prompt["options"] == [{"player": 0, "kind": "ante", "token": INSIGHT},
                                      {"player": 0, "kind": "pass"}]
    answer(duel, 0, "ante", token=INSIGHT)
    assert pools(duel) == ([], [INSIGHT])
    duel2 = new_duel("cherri", "khadath")
    spent(duel2)
    pairs(duel2, ("crimson", "strike"), ("hunters", "strike"))
    forced = [f for f in facts_of(duel2.facts, F.Passed) if f.player == 0]
    assert forced and forced[0].forced


def test_insight_forces_a_clash_whatever_the_priorities_and_the_opponent_loses_1_life():
    """Insight: priorities 4 and 3 would make Cherri Active; anted, a Clash happens
    anyway, and the Clash costs the opponent 1 life (Nightmarish Visions)."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("mirage", "drive"), ("hunters", "strike"))
    answer(duel, 0, "ante", token=INSIGHT)
    pass_ante(duel)
    assert [c.priorities for c in clashes(duel)] == [[4, 3]]
    assert clashes(duel)[0].rule == "nightmarish-visions: passive"
    assert duel.prompt["kind"] == "clash_base"
    assert lost_by(duel, 1) == [1] and life(duel) == (20, 19)
    clash_with(duel, "shot", "drive")
    assert len(clashes(duel)) == 1  # 2 against 4: no second forced Clash
    assert facts_of(duel.facts, F.BecameActive)[-1].player == 1


def test_s37_insight_clash_happens_even_against_knives_winning_ties():
    """S37 (FAQ Cherri): Heketch's Knives wins priority ties; at 6 against 6 it makes him
    Active without a Clash, but with Insight anted the Clash happens anyway (R6.11)."""
    for ante, clashed in ((False, 0), (True, 1)):
        duel = new_duel("cherri", "heketch", d0=KEEP_DREAMS, d1=HEKETCH_HAND)
        stage(duel, spaces=(3, 5))
        pairs(duel, ("dreamscape", "grasp"), ("critical", "knives"))
        if ante:
            answer(duel, 0, "ante", token=INSIGHT)
        pass_ante(duel)
        assert len(clashes(duel)) == clashed, ante
        if not ante:
            active = facts_of(duel.facts, F.BecameActive)[0]
            assert (active.player, active.priorities) == (1, [6, 6]) and "Knives" in active.text
        else:
            assert duel.prompt["kind"] == "clash_base" and life(duel)[1] == 19


def test_s37_knives_settles_a_tie_of_the_new_bases_and_the_clash_does_not_go_on():
    """S37: after the forced Clash Heketch plays Knives and the new Bases tie at 6: the
    'win ties' effect settles it, so Heketch is Active and there is no second Clash round
    (and no second life lost)."""
    duel = new_duel("cherri", "heketch", d0=KEEP_DREAMS, d1=HEKETCH_HAND)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("dreamscape", "strike"), ("critical", "shot"))
    answer(duel, 0, "ante", token=INSIGHT)
    pass_ante(duel)
    clash_with(duel, "grasp", "knives")
    assert len(clashes(duel)) == 1
    active = facts_of(duel.facts, F.BecameActive)[0]
    assert (active.player, active.priorities, active.rule) == (1, [6, 6], "R6.6")
    assert lost_by(duel, 1) == [1]


def test_a_tie_after_the_forced_clash_extends_it_and_costs_another_life():
    """Nightmarish Visions: without a 'win ties' effect a tie of the new Bases extends the
    Clash (R6.7), and each extension costs the opponent 1 life more."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("mirage", "drive"), ("hunters", "strike"))
    answer(duel, 0, "ante", token=INSIGHT)
    pass_ante(duel)
    clash_with(duel, "shot", "shot")
    assert len(clashes(duel)) == 2 and clashes(duel)[1].rule == "R6.6"
    clash_with(duel, "burst", "drive")
    assert len(clashes(duel)) == 2 and lost_by(duel, 1) == [1, 1] and life(duel)[1] == 18


def test_every_clash_with_cherri_costs_the_opponent_1_life_even_without_insight():
    """Nightmarish Visions: a plain priority tie is a Clash with Cherri too: 1 life."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("crimson", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert len(clashes(duel)) == 1 and lost_by(duel, 1) == [1] and lost_by(duel, 0) == []


def test_insight_does_nothing_against_an_anted_finisher():
    """Insight: 'a Finisher can't be clashed': the opponent antes a Finisher after Cherri
    antes Insight; at 0 against 0 the Finisher wins the tie without a Clash (R25.4)."""
    duel = new_duel("cherri", "khadath", ante_finishers=True)
    stage(duel, spaces=(3, 5), life=(20, 7))
    pairs(duel, ("blind", "burst"), ("hunters", "strike"))
    answer(duel, 0, "ante", token=INSIGHT)
    answer(duel, 1, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    assert clashes(duel) == [] and lost_by(duel, 1) == []
    active = facts_of(duel.facts, F.BecameActive)[0]
    assert (active.player, active.priorities, active.rule) == (1, [0, 0], "R25.4")


def test_insight_does_nothing_once_a_special_action_was_revealed():
    """Insight: a Cancel is revealed, both choose new pairs; the anted Insight then has no
    effect, and the new pairs are compared by priority alone."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("crimson", "strike"), ("special-action", "shot"))
    answer(duel, 0, "ante", token=INSIGHT)
    pass_ante(duel)
    assert duel.state.players[1].this_beat.special_action == "cancel"
    pairs(duel, ("mirage", "drive"), ("hunters", "strike"))
    assert clashes(duel) == [] and facts_of(duel.facts, F.BecameActive)[0].player == 0


def test_three_damage_from_one_hit_gives_insight_back_at_once():
    """Nightmarish Visions: taking 3 or more damage at once, Cherri regains Insight right
    after the damage; 2 damage does not."""
    for base, damage, back in (("strike", 3, [INSIGHT]), ("grasp", 1, [])):
        duel = new_duel("cherri", "heketch", d1=(("merciless", "dash"), ("rasping", "burst")))
        spent(duel)
        stage(duel, spaces=(3, 4))
        pairs(duel, ("blind", "shot"), ("critical", base))
        pass_ante(duel)
        play_out_beat(duel)  # Critical: no Dark Force spent (the first option)
        taken = [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.defender == 0]
        assert taken == [damage], base
        assert recovered(duel) == back and pools(duel)[0] == back
        if back:
            at = duel.facts.index(facts_of(duel.facts, F.TokenRecovered)[0])
            assert isinstance(duel.facts[at - 1], F.DamageDealt)


# --- Styles ---------------------------------------------------------------------------------


def test_dreamscape_may_move_directly_behind_the_opponent():
    """Dreamscape (Before Activating): the prompt offers the free spaces behind the
    opponent, and her own space to stay."""
    duel = new_duel("cherri", "khadath", d0=KEEP_DREAMS)
    stage(duel, spaces=(2, 4))
    pairs(duel, ("dreamscape", "grasp"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [2, 5, 6, 7]
    answer(duel, 0, "move", to=5)
    move = facts_of(duel.facts, F.Moved)[0]
    assert (move.kind, move.start, move.end, move.passed) == ("direct", 2, 5, True)


def test_dreamscape_declined_keeps_her_in_place():
    """Dreamscape: choosing her own space, Cherri stays (the move is a 'may')."""
    duel = new_duel("cherri", "khadath", d0=KEEP_DREAMS)
    stage(duel, spaces=(2, 4))
    pairs(duel, ("dreamscape", "grasp"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=2)
    assert spaces(duel)[0] == 2 and [f.player for f in facts_of(duel.facts, F.Declined)] == [0]


def test_crimson_clashes_when_the_printed_priority_is_lower_bonuses_not_counted():
    """Crimson (Reveal): Heketch's Psycho Shot prints 3, lower than Cherri's Crimson Drive
    4: a Clash, though Dark Force's +3 puts Heketch at 6."""
    duel = new_duel("cherri", "heketch", d1=HEKETCH_HAND)
    stage(duel, spaces=(3, 6))
    pairs(duel, ("crimson", "drive"), ("psycho", "shot"))
    duel.decide({"player": 0, "kind": "pass"})
    answer(duel, 1, "ante", token="dark-force")
    answer(duel, 1, "move", to=4)  # Dark Force: directly next to Cherri
    pass_ante(duel)
    settle(duel)
    marks = facts_of(duel.facts, CherriMarked)
    assert [m.mark for m in marks] == ["crimson"] and "printed priority 3" in marks[0].text
    assert [c.priorities for c in clashes(duel)] == [[4, 6]]
    assert clashes(duel)[0].rule == "crimson: passive" and life(duel)[1] == 19


def test_crimson_does_nothing_when_the_printed_priority_is_not_lower():
    """Crimson: Heketch's Critical Strike prints 4, not lower than Cherri's 4 (Crimson
    Drive): no trigger and, at 4 against 4, a plain tie Clash."""
    duel = new_duel("cherri", "heketch", d1=HEKETCH_HAND)
    stage(duel, spaces=(3, 6))
    pairs(duel, ("crimson", "drive"), ("critical", "strike"))
    pass_ante(duel)
    assert facts_of(duel.facts, CherriMarked) == []
    assert [c.rule for c in clashes(duel)] == ["R6.6"]
    clash_with(duel, "strike", "shot")  # 3 against 3: a new tie, no Crimson
    assert [c.rule for c in clashes(duel)] == ["R6.6", "R6.6"]


def test_catatonic_gives_insight_back_when_hit():
    """Catatonic (End of Beat): hit this beat without Insight, Cherri gains it; with Soak 1
    and Stun Guard 3 she takes 1 from a Shot and stays unstunned."""
    duel = new_duel("cherri", "khadath", d0=KEEP_MIRAGE)
    spent(duel)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("catatonic", "shot"), ("hunters", "shot"))
    pass_ante(duel)
    play_out_beat(duel)
    taken = [f for f in facts_of(duel.facts, F.DamageDealt) if f.defender == 0]
    assert [(f.amount, f.soak) for f in taken] == [(2, 1)]
    assert recovered(duel) == [INSIGHT] and pools(duel) == ([INSIGHT], [])


def test_catatonic_gives_nothing_when_not_hit():
    """Catatonic: not hit this beat, no Insight comes back."""
    duel = new_duel("cherri", "khadath", d0=KEEP_MIRAGE)
    spent(duel)
    stage(duel, spaces=(1, 7))
    pairs(duel, ("catatonic", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    play_out_beat(duel)
    assert recovered(duel) == [] and pools(duel) == ([], [INSIGHT])


def test_mirage_sets_the_opponents_style_to_plus_0_priority_and_moves_to_range_3():
    """Mirage: Heketch's Psycho (+1) counts +0, so Psycho Strike has priority 3; After
    Activating Cherri moves directly to a space at range 3 from Heketch."""
    duel = new_duel("cherri", "heketch", d0=KEEP_MIRAGE, d1=HEKETCH_HAND)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("mirage", "stare"), ("psycho", "strike"))
    pass_ante(duel)
    settle(duel)
    status = [f for f in facts_of(duel.facts, F.StatusGained) if f.player == 1]
    assert [(f.stat, f.amount) for f in status] == [("priority", -1)]
    # Stare's X copies Strike's printed 3; Heketch's Psycho Strike counts 3 + 0.
    assert [c.priorities for c in clashes(duel)] == [[3, 3]]


def test_mirage_after_activating_moves_to_a_space_at_range_3():
    """Mirage (After Activating): the prompt offers the free spaces at range 3 from the
    opponent."""
    duel = new_duel("cherri", "khadath", d0=(("dreamscape", "dash"), ("crimson", "drive")))
    stage(duel, spaces=(2, 4))
    pairs(duel, ("mirage", "grasp"), ("hunters", "shot"))  # 5 against 2; Grasp misses
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and "Mirage" in duel.prompt["about"]
    assert option_values(duel) == [1, 7]
    answer(duel, 0, "move", to=7)
    assert spaces(duel)[0] == 7


def test_blind_keeps_attacks_of_priority_3_or_less_off_her():
    """Blind (After Activating): Cherri is Active (Blind Grasp 4 against Strike 3); the
    opponent's priority-3 attack then cannot hit her."""
    duel = new_duel("cherri", "khadath", d0=(("dreamscape", "dash"), ("catatonic", "drive")))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("blind", "grasp"), ("hunters", "strike"))
    pass_ante(duel)
    play_out_beat(duel)
    missed = [f for f in facts_of(duel.facts, F.Missed) if f.attacker == 1]
    assert [f.reason for f in missed] == ["blind"] and "priority 3" in missed[0].text
    assert life(duel)[0] == 20


def test_blind_reads_the_priority_when_the_attack_would_hit():
    """Blind: Cherri is Active (Blind Grasp 4 against Geomantic Shot 2) and misses at range
    3. Hikaru's Shot at priority 2 does not hit her; spending Wind at the Start of Beat
    (+2, too late to change the Active Player) it is at 4, and hits."""
    for spend, hit in (("none", False), ("wind", True)):
        duel = new_duel("cherri", "hikaru", d0=(("dreamscape", "dash"), ("catatonic", "drive")))
        stage(duel, spaces=(2, 5))
        pairs(duel, ("blind", "grasp"), ("geomantic", "shot"))
        pass_ante(duel)
        settle(duel)
        answer(duel, 1, "pick", option=spend)
        play_out_beat(duel)
        assert [f.player for f in facts_of(duel.facts, F.BecameActive)] == [0]
        hits = [f.attacker for f in facts_of(duel.facts, F.Hit)]
        assert hits == ([1] if hit else []), spend
        assert [f.reason for f in facts_of(duel.facts, F.Missed)] == (
            ["out_of_range"] if hit else ["out_of_range", "blind"])


# --- Stare and S54 ------------------------------------------------------------------------------


def test_stare_priority_x_is_the_printed_priority_of_the_opponents_base():
    """Stare: X copies the printed priority of the opponent's Base: Crimson Stare against
    Shot is 2 (a tie), Blind Stare against Drive is 4 - 1 = 3."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("crimson", "stare"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert [c.priorities for c in clashes(duel)] == [[2, 2]]  # X = Shot's 2
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("blind", "stare"), ("hunters", "drive"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [3, 4]


def test_stare_x_follows_the_base_the_opponent_plays_in_a_clash():
    """Stare: after a Clash X is the printed priority of the opponent's new Base."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("crimson", "strike"), ("hunters", "strike"))  # 3 against 3: a Clash
    pass_ante(duel)
    clash_with(duel, "stare", "drive")  # Stare X = 4, against Drive 4: a Clash again
    assert [c.priorities for c in clashes(duel)] == [[3, 3], [4, 4]]


def s54(held: bool, spaces_: tuple[int, int]):
    """Dreamscape Stare (X = Strike's 3, +1) against Hunter's Strike (3): Cherri is Active,
    stays put (Dreamscape declined) and Stare hits at range 2, or misses at range 4."""
    duel = new_duel("cherri", "khadath", d0=KEEP_DREAMS)
    if not held:
        spent(duel)
    stage(duel, spaces=spaces_)
    pairs(duel, ("dreamscape", "stare"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert priorities(duel) == [4, 3]
    answer(duel, 0, "move", to=spaces_[0])
    play_out_beat(duel)
    return duel


def test_s54_stare_hit_without_insight_gains_it():
    """S54: Cherri hits with Stare holding no Insight token: she gains it (R18.1)."""
    duel = s54(False, (3, 5))
    assert [f.attacker for f in facts_of(duel.facts, F.Hit)] == [0]
    assert recovered(duel) == [INSIGHT] and pools(duel) == ([INSIGHT], [])


def test_s54_stare_hit_holding_insight_gives_nothing_more():
    """S54: holding her Insight token, a Stare hit gives nothing (never two)."""
    duel = s54(True, (3, 5))
    assert [f.attacker for f in facts_of(duel.facts, F.Hit)] == [0]
    assert recovered(duel) == [None] and pools(duel) == ([INSIGHT], [])


def test_s54_stare_miss_gives_nothing():
    """S54: Stare misses (range 4, Stare reaches 1~3): no Insight token, with or without one
    held before."""
    for held in (False, True):
        duel = s54(held, (2, 6))
        assert [f.attacker for f in facts_of(duel.facts, F.Missed)] == [0, 1]
        assert recovered(duel) == []
        assert pools(duel) == (([INSIGHT], []) if held else ([], [INSIGHT]))


# --- Finishers --------------------------------------------------------------------------------


def test_soul_gaze_stuns_and_gives_insight_back():
    """Soul Gaze (On Hit, range 3): the opponent is stunned and Cherri gains Insight."""
    duel = new_duel("cherri", "khadath")
    spent(duel)
    stage(duel, spaces=(2, 5), life=(7, 20))
    pairs(duel, ("special-action", "stare"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt)] == [6]
    assert recovered(duel) == [INSIGHT] and pools(duel)[0] == [INSIGHT]


def test_the_watchers_moves_both_fighters_and_gives_insight_after_every_beat():
    """The Watchers: On Hit Cherri moves directly anywhere, then moves the opponent
    directly anywhere (her prompt); After Activating its counter turns 1, and after the
    beat's recycling she regains Insight."""
    duel = new_duel("cherri", "khadath", finishers=("the-watchers", None))
    spent(duel)
    stage(duel, spaces=(2, 5), life=(7, 20))
    pairs(duel, ("special-action", "stare"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [1, 3, 4, 6, 7]
    answer(duel, 0, "move", to=7)
    assert duel.prompt["players"] == [0] and option_values(duel) == [1, 2, 3, 4, 6]
    answer(duel, 0, "move", to=1)
    assert spaces(duel) == (7, 1)
    moves = facts_of(duel.facts, F.Moved)
    assert (moves[-1].player, moves[-1].by, moves[-1].kind) == (1, 0, "direct")
    assert moves[-1].text == "Cherri moves Khadath directly from 5 to 1."
    assert duel.state.players[0].counters["watchers"] == 1
    play_out_beat(duel)
    assert pools(duel) == ([INSIGHT], [])
    assert facts_of(duel.facts, F.TokenRecovered)[-1].rule == "nightmarish-visions: After " \
        "Recycling"
