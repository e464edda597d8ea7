"""Seth Cremmul's cards (seth.yaml): Beyond Eyes, five Styles, Omen and both Finishers,
and the FAQ scenarios S35, S44, S45. Seth is player 0 unless a test says otherwise.

Opponents are chosen for predictable numbers: Khadath has no token to ante and his
Hunter's Style is +0/+0/+0 while his Gate Trap is off the board; Hikaru's Advancing moves
him at the Start of Beat; Cadenza antes Iron Body; Heketch's Knives wins priority ties.
Engine rulings tested as such: Seth guesses at the start of the Ante step, before anyone
antes; Mimic's copies a movement in full or not at all (R17.9).
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.seth import SethBaseSwapped, SethGuessed, SethGuessShown
from judge.battlecon.stats import attack
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
    stage,
)

# Seth's discards, each keeping the Styles a test needs (Bases in hand: Strike, Shot,
# Drive, Burst, Omen). Khadath keeps Hunter's, Lure, Blight and Strike, Shot, Drive, Burst,
# Snare in hand.
SETH_HAND = (("fools", "dash"), ("vanishing", "grasp"))  # Compelling, Mimic's, Wyrding
WITH_FOOLS = (("compelling", "dash"), ("vanishing", "grasp"))
WITH_VANISHING = (("fools", "dash"), ("compelling", "grasp"))


def guess(duel, base, p=0):
    return answer(duel, p, "guess", base=base)


def duel_vs(other="khadath", d0=SETH_HAND, at=(3, 4), **kw):
    duel = new_duel("seth", other, d0=d0, **kw)
    stage(duel, spaces=at)
    return duel


def activations(duel):
    return [(type(f).__name__, f.player) for f in duel.facts
            if isinstance(f, F.Activated | F.ActivationSkipped)]


def missed(duel, attacker):
    return [f for f in facts_of(duel.facts, F.Missed) if f.attacker == attacker]


def hits(duel, attacker):
    return [f for f in facts_of(duel.facts, F.Hit) if f.attacker == attacker]


def to_beat_end(duel):
    """Answer every prompt with its first option until this beat is over (the next
    beat's Select, or the end of the duel)."""
    while not duel.over and duel.state.step != "select":
        settle(duel)
        if duel.state.step != "select":
            duel.decide(duel.prompt["options"][0])


# --- setup and Beyond Eyes ------------------------------------------------------------


def test_setup_has_no_tokens_and_the_reading_fate_counter_at_0():
    """Setup: no extra components; the printed default discards (Compelling Dash, Mimic's
    Grasp); Reading Fate's counter starts at 0."""
    duel = new_duel("seth", "khadath")
    me = duel.state.players[0]
    assert me.token_pool == [] and me.counters == {"reading-fate": 0}
    assert sorted(me.discard_1) == ["compelling", "dash"]
    assert sorted(me.discard_2) == ["grasp", "mimics"]


def test_beyond_eyes_guess_is_asked_at_the_start_of_the_ante_among_the_opponents_bases():
    """Beyond Eyes: during the Ante Seth names one Base, among the opponent's six generic
    Bases and their unique Base (Snare), before anyone antes."""
    duel = duel_vs()
    pairs(duel, ("wyrding", "strike"), ("hunters", "shot"))
    assert duel.prompt["kind"] == "guess" and duel.prompt["players"] == [0]
    assert option_values(duel, "base") == ["burst", "dash", "drive", "grasp", "shot", "snare",
                                           "strike"]
    facts = guess(duel, "shot")
    guessed = facts_of(facts, SethGuessed)[0]
    assert guessed.base == "shot" and "Shot" not in guessed.text  # named only at the Reveal
    assert duel.prompt["kind"] == "pick"  # Wyrding, after the right guess: the beat waits
    assert duel.state.players[0].this_beat.kit["named"] == "shot"
    assert duel.to_json()["players"][0]["named"] == "shot"


def test_beyond_eyes_right_guess_gives_plus_2_power_and_priority():
    """Beyond Eyes: a right guess gives +2 power and +2 priority (the Reveal says so)."""
    duel = duel_vs()
    pairs(duel, ("compelling", "strike"), ("hunters", "shot"))
    guess(duel, "shot")
    pass_ante(duel)
    shown = facts_of(duel.facts, SethGuessShown)[0]
    assert (shown.base, shown.right) == ("shot", True)
    assert "Shot" in shown.text and "right" in shown.text
    assert priorities(duel) == [3 + 2, 2]
    assert attack(duel.state, 0).power == 4 + 2
    assert ("Beyond Eyes", 2) in attack(duel.state, 0).parts["power"]


def test_beyond_eyes_wrong_guess_gives_nothing():
    duel = duel_vs()
    pairs(duel, ("compelling", "strike"), ("hunters", "shot"))
    guess(duel, "strike")
    pass_ante(duel)
    shown = facts_of(duel.facts, SethGuessShown)[0]
    assert shown.right is False and "wrong" in shown.text
    assert priorities(duel) == [3, 2] and attack(duel.state, 0).power == 4


def test_beyond_eyes_right_guess_wins_a_priority_tie_without_a_clash():
    """Beyond Eyes: with a right guess Seth wins priority ties (R6.6), no Clash."""
    duel = duel_vs()
    pairs(duel, ("compelling", "shot"), ("hunters", "drive"))  # Shot 2 + 2 against Drive 4
    guess(duel, "drive")
    pass_ante(duel)
    became = facts_of(duel.facts, F.BecameActive)[0]
    assert became.priorities == [4, 4] and became.player == 0
    assert "Beyond Eyes" in became.text and not facts_of(duel.facts, F.ClashOccurred)


def test_beyond_eyes_bonus_goes_away_when_a_clash_changes_the_base():
    """Beyond Eyes: both claim the tie (Heketch's Knives too), so there is a Clash;
    Heketch's new Base is not the one Seth named, so the bonus is gone."""
    duel = duel_vs("heketch")
    pairs(duel, ("compelling", "strike"), ("assassin", "knives"))  # 3 + 2 against Knives 5
    guess(duel, "knives")
    pass_ante(duel)
    assert facts_of(duel.facts, F.ClashOccurred)[0].priorities == [5, 5]
    answer(duel, 0, "clash_base", base="drive")
    answer(duel, 1, "clash_base", base="strike")
    assert priorities(duel) == [4, 3]  # Drive 4, no Beyond Eyes; Heketch's Strike 3
    assert attack(duel.state, 0).power == 3


# --- Omen -----------------------------------------------------------------------------


def test_omen_stuns_the_opponent_after_a_right_guess():
    """Omen (range 1, power 3, priority 1): Start of Beat, after a right guess the opponent
    is stunned, whatever their Stun Guard (R16.8)."""
    duel = duel_vs()
    pairs(duel, ("compelling", "omen"), ("hunters", "burst"))
    guess(duel, "burst")
    pass_ante(duel)
    settle(duel)
    stunned = facts_of(duel.facts, F.Stunned)
    assert [f.player for f in stunned] == [1] and stunned[0].rule == "omen: Start of Beat"
    assert duel.state.players[1].this_beat.stunned


def test_omen_does_nothing_after_a_wrong_guess():
    duel = duel_vs()
    pairs(duel, ("compelling", "omen"), ("hunters", "strike"))
    guess(duel, "burst")
    pass_ante(duel)
    to_beat_end(duel)
    assert not [f for f in facts_of(duel.facts, F.Stunned) if f.player == 1]
    assert not [f for f in facts_of(duel.facts, F.Triggered) if f.card == "omen"]


def test_s44_omen_stuns_the_active_player_whose_activation_is_skipped():
    """S44 (R8.3): the opponent is the Active Player; Omen stuns them at the Start of
    Beat, so their whole activation is skipped and Seth's reactive attack follows."""
    duel = duel_vs()
    pairs(duel, ("compelling", "omen"), ("hunters", "drive"))
    guess(duel, "drive")
    pass_ante(duel)
    settle(duel)
    assert facts_of(duel.facts, F.BecameActive)[0].player == 1  # Drive 4 against 1 + 2
    assert activations(duel) == [("ActivationSkipped", 1), ("Activated", 0)]
    assert facts_of(duel.facts, F.ActivationSkipped)[0].rule == "R8.3"
    assert not [m for m in facts_of(duel.facts, F.Moved) if m.player == 1]  # no Drive advance
    answer(duel, 0, "move", to=2)  # Compelling pulls Khadath past Seth, still adjacent
    assert hits(duel, 0) and life(duel) == (20, 20 - 5)  # Omen 3 + Beyond Eyes 2


def test_s35_cadenza_antes_iron_body_after_the_guess_and_omen_cannot_stun_him():
    """S35 (FAQ Seth; R5.9, R16.10, R28.8): the guess comes first; Cadenza may still ante
    Iron Body, and its Stun Immunity stops Omen's stun."""
    duel = duel_vs("cadenza")
    pairs(duel, ("compelling", "omen"), ("battery", "strike"))
    guess(duel, "strike")
    assert duel.prompt["kind"] == "ante" and duel.prompt["players"] == [1]
    assert {"player": 1, "kind": "ante", "token": "iron-body"} in duel.prompt["options"]
    answer(duel, 1, "ante", token="iron-body")
    pass_ante(duel)
    settle(duel)
    prevented = facts_of(duel.facts, F.StunPrevented)
    assert [f.player for f in prevented] == [1] and prevented[0].rule == "R16.10"
    assert not facts_of(duel.facts, F.Stunned)
    assert not duel.state.players[1].this_beat.stunned


# --- Styles ---------------------------------------------------------------------------


def test_compelling_moves_the_opponent_before_and_after_activating():
    """Compelling: before and after activating, move the opponent 1 space (a prompt
    between the two sides)."""
    duel = duel_vs(at=(3, 5))
    pairs(duel, ("compelling", "strike"), ("hunters", "shot"))
    guess(duel, "burst")
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [4, 6]
    answer(duel, 0, "move", to=4)
    assert hits(duel, 0)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [2, 5]
    answer(duel, 0, "move", to=5)
    compelled = [m.end for m in facts_of(duel.facts, F.Moved) if m.player == 1 and m.by == 0]
    assert compelled == [4, 5]


def test_fools_gives_the_opponent_minus_1_range_both_ends():
    """Fool's (-1 power, -4 priority): Start of Beat, the opponent's attack has -1~-1
    range this beat: Shot's 1~4 becomes 0~3 and misses at range 4."""
    duel = duel_vs(d0=WITH_FOOLS, at=(3, 7))
    pairs(duel, ("fools", "strike"), ("hunters", "shot"))
    guess(duel, "strike")
    pass_ante(duel)
    to_beat_end(duel)
    assert priorities(duel) == [3 - 4, 2]
    status = [f for f in facts_of(duel.facts, F.StatusGained) if f.source == "Fool's"]
    assert [(f.player, f.stat, f.amount) for f in status] == [(1, "range", [-1, -1])]
    assert "outside Khadath's range 0~3" in missed(duel, 1)[0].text


def test_mimics_copies_the_opponents_advance_as_a_retreat():
    """Mimic's (+1 power): when the opponent moves, Seth moves the same number of spaces
    the same way on the board: Hikaru's Advancing step toward him makes him retreat."""
    duel = duel_vs("hikaru", at=(3, 5))
    pairs(duel, ("mimics", "drive"), ("advancing", "shot"))
    guess(duel, "strike")
    pass_ante(duel)
    settle(duel)
    copied = [m for m in facts_of(duel.facts, F.Moved) if m.player == 0]
    assert [(m.start, m.end, m.kind) for m in copied] == [(3, 2, "retreat")]
    assert copied[0].rule == "mimics: passive" and copied[0].text.startswith("Mimic's:")
    assert attack(duel.state, 0).power == 3 + 1


def test_mimics_cannot_copy_into_the_wall_and_stays():
    """Mimic's: against the board's end Seth cannot move all of it, so he stays (R17.9)."""
    duel = duel_vs("hikaru", at=(1, 3))
    pairs(duel, ("mimics", "drive"), ("advancing", "shot"))
    guess(duel, "strike")
    pass_ante(duel)
    settle(duel)
    ignored = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 0]
    assert ignored and ignored[0].rule == "mimics: passive"
    assert duel.state.players[0].space == 1


def test_wyrding_swaps_the_base_after_a_right_guess_and_both_go_to_discard():
    """Wyrding: after a right guess Seth may swap his Base for one in his hand (a pick,
    none allowed); the Active Player stays; both Bases go to discard 1 with the pair."""
    duel = duel_vs()
    pairs(duel, ("wyrding", "strike"), ("hunters", "shot"))
    guess(duel, "shot")
    pass_ante(duel)
    assert duel.state.active == 0
    settle(duel)
    assert duel.prompt["kind"] == "pick" and duel.prompt["players"] == [0]
    assert option_values(duel, "option") == ["burst", "drive", "none", "omen", "shot"]
    answer(duel, 0, "pick", option="omen")
    swapped = facts_of(duel.facts, SethBaseSwapped)[0]
    assert (swapped.old, swapped.new) == ("strike", "omen")
    assert "Omen hits" in hits(duel, 0)[0].text  # the new Base attacks; Seth still Active
    assert activations(duel)[0] == ("Activated", 0)
    to_beat_end(duel)
    assert sorted(duel.state.players[0].discard_1) == ["omen", "strike", "wyrding"]


def test_wyrding_does_nothing_after_a_wrong_guess():
    duel = duel_vs()
    pairs(duel, ("wyrding", "strike"), ("hunters", "shot"))
    guess(duel, "burst")
    pass_ante(duel)
    to_beat_end(duel)
    assert not facts_of(duel.facts, SethBaseSwapped)
    assert not [f for f in facts_of(duel.facts, F.Triggered) if f.card == "wyrding"]


def test_s45_vanishing_dodges_an_attack_at_range_4():
    """S45 (R13.8): Seth on 1 with Vanishing, the opponent on 5 attacking at range 1~4:
    range 4, so no hit, no damage (Vanishing's retreat is impossible at the wall)."""
    duel = duel_vs(d0=WITH_VANISHING, at=(1, 5))
    pairs(duel, ("vanishing", "strike"), ("hunters", "shot"))
    guess(duel, "strike")
    pass_ante(duel)
    to_beat_end(duel)
    dodged = missed(duel, 1)
    assert [m.reason for m in dodged] == ["vanishing"] and "range 4" in dodged[0].text
    assert not hits(duel, 1) and life(duel)[0] == 20
    assert not [f for f in facts_of(duel.facts, F.DamageDealt) if f.defender == 0]


def test_s45_vanishing_lets_an_attack_from_nearer_hit():
    """S45: the opponent first advances (Hikaru's Advancing) to range 3: the attack hits."""
    duel = duel_vs("hikaru", d0=WITH_VANISHING, at=(1, 5))
    pairs(duel, ("vanishing", "shot"), ("advancing", "shot"))
    guess(duel, "strike")
    pass_ante(duel)
    to_beat_end(duel)
    assert facts_of(duel.facts, F.BecameActive)[0].player == 1
    assert hits(duel, 1) and not [m for m in missed(duel, 1) if m.reason == "vanishing"]
    assert life(duel)[0] == 20 - 4  # Shot 3 + Advancing 1


def test_vanishing_gives_plus_1_range_and_a_retreat_of_0_or_1():
    """Vanishing (+1 range): Start of Beat, retreat 0 or 1 space (a prompt)."""
    duel = duel_vs(d0=WITH_VANISHING, at=(3, 4))
    pairs(duel, ("vanishing", "strike"), ("hunters", "shot"))
    guess(duel, "burst")
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [2, 3]
    answer(duel, 0, "move", to=2)
    assert "within Seth's range 2" in hits(duel, 0)[0].text


# --- Finishers ------------------------------------------------------------------------


def finisher_duel(finisher, at=(3, 4)):
    duel = new_duel("seth", "khadath", finishers=(finisher, None), d0=SETH_HAND)
    stage(duel, spaces=at, life=(7, 7))
    return duel


def test_reading_fate_stuns_and_then_the_opponent_lays_the_style_face_up_first():
    """Reading Fate (range 1~3, power 0, priority 6): On Hit the opponent is stunned; for
    the rest of the duel they lay their pair first, the Style face up, before Seth."""
    duel = finisher_duel("reading-fate")
    pairs(duel, ("special-action", "strike"), ("hunters", "burst"))
    guess(duel, "strike")
    pass_ante(duel)
    to_beat_end(duel)
    assert priorities(duel) == [6, 1]
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]
    assert duel.state.players[0].counters["reading-fate"] == 1
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [1]
    assert "face up" in duel.prompt["about"] and duel.prompt["rule"] == "reading-fate: On Hit"
    answer(duel, 1, "attack_pair", style="lure", base="strike")
    shown = facts_of(duel.facts, F.StyleShown)[-1]
    assert (shown.player, shown.style) == (1, "lure") and "Lure" in shown.text
    assert duel.state.players[1].pair.marks == {"style_up": True}
    assert duel.prompt["kind"] == "attack_pair" and duel.prompt["players"] == [0]


def test_fortune_buster_eliminates_an_opponent_who_revealed_a_finisher():
    """Fortune Buster (range 1~6, power N/A, priority 13): On Hit, an opponent who revealed
    a Finisher this beat is eliminated (R20.5)."""
    duel = finisher_duel("fortune-buster", at=(2, 6))
    pairs(duel, ("special-action", "strike"), ("special-action", "strike"))
    guess(duel, "strike")
    pass_ante(duel)
    to_beat_end(duel)
    ended = facts_of(duel.facts, F.DuelEnded)[0]
    assert (ended.winner, ended.reason) == (0, "eliminated") and duel.over
    assert duel.to_json()["end_reason"] == "eliminated"


def test_fortune_buster_against_an_ordinary_attack_deals_nothing():
    duel = finisher_duel("fortune-buster", at=(2, 6))
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    guess(duel, "shot")
    pass_ante(duel)
    to_beat_end(duel)
    assert hits(duel, 0) and not duel.over
    assert [f.amount for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [0]


def test_reading_fate_face_up_style_stays_shown_to_onlookers():
    """Reading Fate: an onlooker who may not see the face-down pair still sees the Style
    laid face up (``style_up``); only the Base is among the hand (docs/hidden-information)."""
    from jsonschema import Draft202012Validator

    from judge import registry
    from judge.battlecon.secrets import hide_state

    duel = finisher_duel("reading-fate")
    pairs(duel, ("special-action", "strike"), ("hunters", "burst"))
    guess(duel, "strike")
    pass_ante(duel)
    to_beat_end(duel)
    answer(duel, 1, "attack_pair", style="lure", base="strike")
    full = duel.to_json()
    shown = hide_state(full, frozenset({1}))["players"][1]
    assert shown["attack_pair"] == {"revealed": False, "hidden": True, "style": "lure",
                                    "under": [], "style_up": True}
    assert "strike" in shown["hand"] and "lure" not in shown["hand"]
    Draft202012Validator(registry.default().schemas()["state"]).validate(
        hide_state(full, frozenset({0, 1})))
