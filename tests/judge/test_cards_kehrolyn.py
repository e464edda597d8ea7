"""Kehrolyn Ross's cards (kehrolyn.yaml): Shapeshifting's Current Form, five Styles,
Overload and both Finishers. Kehrolyn is player 0 (space 3) against Khadath (space 5),
whose Gate Trap stays off the board; Hunter's Shot (priority 2, power 3, Stun Guard 2)
is his plain answer.

Engine rulings tested as such: the Current Form applies with Finishers too; the Overload
Style stays in her hand and stops applying at the End of Beat; The August Strain may set
aside any of her Styles in hand or discards.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.kehrolyn import current_form
from judge.battlecon.rules import effect_names
from judge.battlecon.stats import attack
from tests.judge import hook_fighter as H
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

FORM_BLADED = (("bladed", "dash"), ("exoskeletal", "grasp"))  # hand: mutating, whip, quicksilver
FORM_BLADED_Q = (("bladed", "dash"), ("quicksilver", "grasp"))  # hand: mutating, whip, exoskeletal
FORM_EXO = (("exoskeletal", "dash"), ("quicksilver", "grasp"))  # hand: mutating, whip, bladed
KHADATH_GRASP = (("evacuation", "dash"), ("teleport", "strike"))  # Grasp in Khadath's hand


def stats(duel, p=0, state=None):
    a = attack(duel.state if state is None else state, p)
    return {"range": a.range, "power": a.power, "priority": a.priority, "soak": a.soak,
            "stun_guard": a.stun_guard}


def to_next_beat(duel):
    """Answer every prompt with its first option until the next beat's attack pairs."""
    while duel.prompt and (duel.prompt["kind"] != "attack_pair" or "order" in duel.prompt):
        if "order" in duel.prompt:
            settle(duel)
        else:
            duel.decide(duel.prompt["options"][0])


def hits(duel, attacker):
    return [f.text for f in facts_of(duel.facts, F.Hit) if f.attacker == attacker]


def when_in_play(duel, card):
    """The state just after ``card`` entered play: the engine resolves on from there
    without waiting where no decision is needed (R18.5)."""
    n = next(i for i, (kind, e) in enumerate(duel.events, 1)
             if kind == "fact" and isinstance(e, F.PutInPlay) and e.card == card)
    return duel.state_at(n)


def power_of(duel, attacker):
    return [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == attacker]


def test_shapeshifting_current_form_is_the_style_in_discard_1():
    """Shapeshifting: the Style in Discard 1 applies to her attack as a second Style."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED_Q)
    assert current_form(duel.state, 0) == "bladed"
    stage(duel, spaces=(3, 4))
    pairs(duel, ("exoskeletal", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    # Khadath's Hunter's Strike (priority 3 vs 3: a Clash) would muddle this: Strike vs
    # Strike ties, so Kehrolyn plays Exoskeletal Strike against Hunter's Strike only to
    # read her stats at the Clash prompt, where both pairs are face up.
    assert duel.prompt["kind"] == "clash_base"
    # Strike 4 + Bladed 2; Stun Guard 5 + 2; Exoskeletal's Soak 2.
    assert stats(duel) == {"range": (1, 1), "power": 6, "priority": 3, "soak": 2,
                           "stun_guard": 7}


def test_shapeshifting_form_changes_when_discards_recycle():
    """After a beat, the Style she played is in Discard 1: her next Current Form."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED)
    pairs(duel, ("whip", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    to_next_beat(duel)
    assert current_form(duel.state, 0) == "whip"


def test_mutating_copies_the_current_form():
    """Mutating copies the Current Form's stats; End of Beat: Kehrolyn loses 1 life."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("mutating", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert power_of(duel, 0) == [8]  # Strike 4 + Bladed (form) 2 + Mutating's copy 2
    lost = [(f.player, f.amount) for f in facts_of(duel.facts, F.LifeLost)]
    assert lost == [(0, 1)]
    assert life(duel) == (19, 12)


def test_mutating_as_current_form_copies_the_revealed_style():
    """Mutating as the Current Form copies the Style revealed this beat (and still costs
    1 life at the End of Beat)."""
    duel = new_duel("kehrolyn", "khadath", d0=(("mutating", "dash"), ("exoskeletal", "grasp")))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("bladed", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert power_of(duel, 0) == [8]
    assert [(f.player, f.amount) for f in facts_of(duel.facts, F.LifeLost)] == [(0, 1)]


def test_whip_stuns_at_range_1():
    """Whip On Hit: an opponent at range 1 is stunned."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_EXO)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("whip", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    stunned = facts_of(duel.facts, F.Stunned)
    assert [f.player for f in stunned] == [1] and "Whip" in stunned[0].text
    assert spaces(duel) == (3, 4)


def test_whip_pulls_1_beyond_range_1():
    """Whip: range +0~1; On Hit beyond range 1 the opponent is pulled 1 space, not stunned
    by Whip."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_EXO)
    pairs(duel, ("whip", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert "range 1~2" in hits(duel, 0)[0]
    assert not facts_of(duel.facts, F.Stunned)
    pulled = [(f.player, f.kind, f.start, f.end) for f in facts_of(duel.facts, F.Moved)]
    assert pulled == [(1, "pull", 5, 4)]


def test_bladed_adds_power_and_stun_guard():
    """Bladed: +2 power, Stun Guard 2 (here beside the Current Form Exoskeletal)."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_EXO)
    pairs(duel, ("bladed", "shot"), ("hunters", "shot"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "clash_base"  # priority 2 vs 2; both pairs face up
    assert stats(duel) == {"range": (1, 4), "power": 5, "priority": 2, "soak": 2,
                           "stun_guard": 4}


def test_exoskeletal_may_ignore_an_opponents_movement():
    """Exoskeletal: Soak 2; Kehrolyn may ignore movement an opponent applies to her."""
    for ignore, where in ((True, 3), (False, 2)):
        duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED_Q, d1=KHADATH_GRASP)
        stage(duel, spaces=(3, 4))
        pairs(duel, ("exoskeletal", "strike"), ("hunters", "grasp"))
        pass_ante(duel)
        assert facts_of(duel.facts, F.BecameActive)[0].player == 1  # Grasp 5 vs Strike 3
        settle(duel)
        # Grasp hits; Kehrolyn, not Khadath, is asked whether to ignore its move.
        assert duel.prompt["kind"] == "may" and duel.prompt["players"] == [0]
        answer(duel, 0, "may", accept=ignore)
        if not ignore:
            assert option_values(duel) == [2, 5]  # 1 space, hopping over Khadath
            assert duel.prompt["players"] == [1]
            answer(duel, 1, "move", to=2)
        settle(duel)
        assert spaces(duel)[0] == where
        assert [f.soak for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 1] == [2]


def test_exoskeletal_never_stops_her_own_movement():
    """Exoskeletal does not ask about Kehrolyn's own movement (Drive's advance)."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED_Q)
    pairs(duel, ("exoskeletal", "drive"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and duel.prompt["players"] == [0]


def test_quicksilver_moves_0_or_1_at_end_of_beat():
    """Quicksilver: +2 priority; End of Beat: move 0 or 1 space."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("quicksilver", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    assert priorities(duel) == [5, 2]
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [2, 3, 5]
    answer(duel, 0, "move", to=5)
    assert spaces(duel) == (5, 4)


def test_overload_loses_priority_ties_without_a_clash():
    """Overload: Kehrolyn loses every priority tie; the opponent is Active, no Clash."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("whip", "overload"), ("hunters", "strike"))
    pass_ante(duel)
    assert not facts_of(duel.facts, F.ClashOccurred)
    became = facts_of(duel.facts, F.BecameActive)
    assert [(f.player, f.priorities) for f in became] == [(1, [3, 3])]
    assert "Overload" in became[0].text


def test_overload_adds_a_style_from_hand_for_the_beat():
    """Overload, Start of Beat: one more Style from her hand applies to this attack; it
    stays in her hand and stops applying at the End of Beat."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("whip", "overload"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert option_values(duel, "option") == ["mutating", "quicksilver"]
    answer(duel, 0, "pick", option="mutating")
    then = when_in_play(duel, "mutating")
    assert then.players[0].in_play == ["mutating"] and "mutating" in then.players[0].hand
    # Overload 3 + Whip 0 + Bladed (form) 2 + Mutating's copy of Bladed 2.
    assert stats(duel, state=then)["power"] == 7 and stats(duel, state=then)["range"] == (1, 2)
    settle(duel)
    me = duel.state.players[0]
    assert power_of(duel, 0) == [7]
    assert me.in_play == [] and "mutating" in me.hand
    assert [(f.player, f.cards) for f in facts_of(duel.facts, F.LeftPlay)] == [(0, ["mutating"])]
    assert [f.player for f in facts_of(duel.facts, F.LifeLost)] == [0]  # Mutating applied


def test_hydra_fork_heals_5_and_keeps_the_current_form():
    """Hydra Fork: range 1~3, power 6, Stun Immunity; After Activating: gain 5 life. The
    Current Form (Bladed) applies to the Finisher too (ruling)."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED, ante_finishers=True)
    stage(duel, life=(5, 20))
    pairs(duel, ("whip", "strike"), ("hunters", "shot"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    # Khadath (priority 2 vs 0) hits first for 3; Kehrolyn is immune to stun.
    assert power_of(duel, 0) == [8]
    gained = facts_of(duel.facts, F.LifeGained)
    assert [(f.player, f.actual) for f in gained] == [(0, 5)]
    assert life(duel) == (7, 12)


def test_the_august_strain_sets_a_style_aside_for_the_rest_of_the_duel():
    """The August Strain, On Hit: one of her Styles is set aside and applies to all her
    attacks for the rest of the duel."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED, ante_finishers=True,
                    finishers=("the-august-strain", None))
    stage(duel, life=(7, 20))
    pairs(duel, ("whip", "strike"), ("hunters", "shot"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    assert option_values(duel, "option") == ["bladed", "exoskeletal", "mutating",
                                             "quicksilver", "whip"]
    answer(duel, 0, "pick", option="whip")
    assert power_of(duel, 0) == [6]  # August Strain 4 + Bladed (form) 2
    me = duel.state.players[0]
    assert me.in_play == ["whip"] and "whip" in me.removed and "whip" not in me.hand
    assert facts_of(duel.facts, F.Hit)[0].attacker == 0  # priority 5 vs 2, range 2
    to_next_beat(duel)
    assert spaces(duel) == (3, 5)
    pairs(duel, ("quicksilver", "strike"), ("lure", "grasp"))
    pass_ante(duel)
    settle(duel)
    # Strike 1 + Whip +0~1 reaches range 2; power 4 + Bladed (form, still in Discard 1) 2.
    assert "range 1~2" in hits(duel, 0)[-1] and power_of(duel, 0)[-1] == 6


def test_s42_negation_cancels_the_form_and_the_overload_style():
    """S42: Negation cancels all Styles, Kehrolyn's Current Form and Overload Style too
    (R18.11). Negation is the test fighter's (hook_fighter.py)."""
    with H.registered():
        duel = new_duel("kehrolyn", H.FID, d0=FORM_BLADED)
        stage(duel, spaces=(3, 4))
        pairs(duel, ("whip", "overload"), ("ht-negation", "ht-base"))
        pass_ante(duel)
        settle(duel)
        answer(duel, 0, "pick", option="mutating")
        then = when_in_play(duel, "mutating")
        assert then.players[0].in_play == ["mutating"]
        # Only Overload's own numbers: no Whip range, no Bladed form, no Mutating copy.
        assert stats(duel, state=then)["range"] == (1, 1) and \
            stats(duel, state=then)["power"] == 3


def test_an_overload_style_has_no_reveal_or_start_of_beat_effect_to_miss():
    """Overload joins a Style from her hand at the Start of Beat, after the Reveal, and its
    own Start of Beat window has then begun: the engine does not run a Reveal or Start of
    Beat effect of that Style. Only her own Styles can be Overload Styles, and none of them
    has one; this fails if card data (errata included) ever gives one such an effect, so
    that the rule is built before it can matter."""
    from judge.battlecon.cards import REVEAL, START_OF_BEAT
    from judge.battlecon.roster import fighter

    for style in fighter("kehrolyn").styles:
        timings = {e.timing for e in style.effects}
        assert not timings & {REVEAL, START_OF_BEAT}, (style.id, timings)


# --- P1: a rearrangement or a swap places Kehrolyn: Exoskeletal may ignore it ----------------

PLACING = {"placing": "movement"}


def planar_crossing_beat(rulings=None):
    """Kehrolyn (Exoskeletal Strike, space 3) is hit by Khadath's Planar Crossing (space 4)."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED_Q, rulings=rulings,
                    finishers=(None, "planar-crossing"))
    stage(duel, spaces=(3, 4), life=(20, 7))
    pairs(duel, ("exoskeletal", "strike"), ("special-action", "strike"))
    pass_ante(duel)
    return duel


def test_exoskeletal_may_ignore_planar_crossings_rearrangement():
    """Exoskeletal (P1, ``placing: movement``): Planar Crossing's rearrangement moves
    Kehrolyn, so she is asked first; ignored, she stays on 3 and Khadath places only his
    own standup, never on her space."""
    duel = planar_crossing_beat(PLACING)
    assert duel.prompt["kind"] == "may" and duel.prompt["players"] == [0]
    assert "Exoskeletal" in duel.prompt["about"] and "Planar Crossing" in duel.prompt["about"]
    answer(duel, 0, "may", accept=True)
    assert duel.prompt["kind"] == "arrange" and duel.prompt["players"] == [1]
    options = [o["spaces"] for o in duel.prompt["options"]]
    assert sorted(options) == [[3, b] for b in (1, 2, 4, 5, 6, 7)]
    answer(duel, 1, "arrange", spaces=[3, 7])
    assert spaces(duel) == (3, 7)
    texts = [f.text for f in duel.facts]
    assert "Kehrolyn ignores Khadath's Planar Crossing (Exoskeletal) and stays on space 3." in \
        texts
    assert "Planar Crossing: Kehrolyn stays on space 3 and Khadath goes to space 7." in texts


def test_exoskeletal_declined_lets_planar_crossing_place_her():
    """Exoskeletal declined: Khadath places both standups, as without Exoskeletal."""
    duel = planar_crossing_beat(PLACING)
    answer(duel, 0, "may", accept=False)
    assert duel.prompt["kind"] == "arrange" and len(duel.prompt["options"]) == 42
    answer(duel, 1, "arrange", spaces=[7, 1])
    assert spaces(duel) == (7, 1)


def test_exoskeletal_is_not_asked_about_a_rearrangement_in_records_naming_no_placing():
    """P1's other reading, ``placing: exempt``, and a record naming none (every record
    written before P1): Planar Crossing places Kehrolyn without asking her."""
    for rulings in ({"placing": "exempt"}, {}):
        duel = planar_crossing_beat(rulings)
        assert duel.prompt["kind"] == "arrange" and len(duel.prompt["options"]) == 42
        answer(duel, 1, "arrange", spaces=[7, 1])
        assert spaces(duel) == (7, 1)


def test_exoskeletal_against_a_pulse_is_negated_with_her_attack_pair():
    """A Pulse negates Kehrolyn's attack pair (R23.1): her Exoskeletal is not asked, and
    the Pulser rearranges both standups freely, with ``placing: movement`` too."""
    duel = new_duel("kehrolyn", "khadath", d0=FORM_BLADED_Q, rulings=PLACING)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("exoskeletal", "strike"), ("special-action", "burst"))
    pass_ante(duel)
    assert duel.prompt["kind"] == "arrange" and duel.prompt["players"] == [1]
    assert len(duel.prompt["options"]) == 42
    answer(duel, 1, "arrange", spaces=[1, 7])
    assert spaces(duel) == (1, 7)


def soul_mirror_on_kehrolyn(rulings):
    """Sagas's Soul Mirror (space 2) hits Kehrolyn in Exoskeletal (space 3)."""
    duel = new_duel("sagas", "kehrolyn", d1=FORM_BLADED_Q, rulings=rulings,
                    finishers=("soul-mirror", None))
    stage(duel, spaces=(2, 3), life=(5, 18))
    pairs(duel, ("special-action", "strike"), ("exoskeletal", "strike"))
    pass_ante(duel)
    return duel


def test_exoskeletal_may_ignore_soul_mirrors_swap():
    """Soul Mirror's swap is a direct move (R17.13): with ``placing: movement`` Kehrolyn
    may ignore it; ignored, neither fighter moves, and the life totals still swap."""
    duel = soul_mirror_on_kehrolyn(PLACING)
    answer(duel, 1, "may", accept=True)
    settle(duel)
    assert spaces(duel) == (2, 3)
    assert [f.kind for f in facts_of(duel.facts, F.MovementIgnored)] == ["ignored"]
    assert "swap life totals: Sagas 5 → 18, Kehrolyn 18 → 5" in " ".join(
        f.text for f in duel.facts)


def test_exoskeletal_declined_lets_soul_mirror_swap_places():
    duel = soul_mirror_on_kehrolyn(PLACING)
    answer(duel, 1, "may", accept=False)
    settle(duel)
    assert spaces(duel) == (3, 2)


def test_exoskeletal_is_not_asked_about_a_swap_in_records_naming_no_placing():
    """A record naming no ``placing`` replays as before P1: the swap happens unasked."""
    duel = soul_mirror_on_kehrolyn({})
    settle(duel)
    assert not (duel.prompt and duel.prompt["kind"] == "may"
                and duel.prompt["players"] == [1])
    assert spaces(duel) == (3, 2)


# --- Mutating's copy goes by its own name; its effect keys stay the copied card's ------------


def test_mutating_copy_of_whip_is_named_mutating_as_whip():
    """Mutating copies the Current Form, Whip: both On Hit effects stun Khadath at range 1;
    the narrative calls the second "Mutating (as Whip)", while the facts keep the key
    ``whip/on_hit/0`` that records name in ``order`` decisions."""
    duel = new_duel("kehrolyn", "khadath", d0=(("whip", "dash"), ("exoskeletal", "grasp")))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("mutating", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    whips = [f for f in facts_of(duel.facts, F.Triggered) if f.card == "whip"]
    assert [f.effect for f in whips] == ["whip/on_hit/0", "whip/on_hit/0"]
    assert [f.text.split(" (On Hit)")[0] for f in whips] == [
        "Kehrolyn's Whip", "Kehrolyn's Mutating (as Whip)"]
    stuns = [f.text for f in facts_of(duel.facts, F.Stunned)]
    assert [t.split(",")[0] for t in stuns] == ["Khadath is stunned by Whip",
                                                "Khadath is stunned by Mutating (as Whip)"]


def test_mutating_copy_is_named_in_an_order_of_effects():
    """Where the two equal Whip effects are listed for ordering (R18.5), the second is
    named as Mutating's copy; a card that is not copied keeps its name."""
    duel = new_duel("kehrolyn", "khadath", d0=(("whip", "dash"), ("exoskeletal", "grasp")))
    stage(duel, spaces=(3, 4))
    pairs(duel, ("mutating", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    revealed = next(i for i, (kind, e) in enumerate(duel.events)
                    if kind == "fact" and isinstance(e, F.PairsRevealed))
    s = duel.state_at(revealed + 1)  # the pairs face up: Mutating copies Whip
    keys = ["whip/on_hit/0", "mutating/end_of_beat/0", "whip/on_hit/0"]
    assert effect_names(s, 0, keys) == ["Whip", "Mutating", "Mutating (as Whip)"]
    assert effect_names(s, 1, ["hunters/reveal/0"]) == ["Hunter's"]
