"""Sagas Seities's cards (sagas.yaml): the Mirror token and Reflection, five Styles, Staff
and both Finishers, and the FAQ scenarios S20, S38-S43.
Sagas is player 0 unless a test says otherwise.

Two kinds of test: whole beats through the engine (prompts, spaces, life, tokens), and
positions laid out by hand (``laid``) where what matters is an attack's numbers or which
effects a window would queue at one moment of the beat.
"""

from __future__ import annotations

import random

import pytest

from judge.battlecon import facts as F
from judge.battlecon import rules
from judge.battlecon.actions import Ctx
from judge.battlecon.cards import BEFORE_ACTIVATING, END_OF_BEAT, NA, ON_HIT
from judge.battlecon.engine import range_origin
from judge.battlecon.fighters.heketch import merciless_passed
from judge.battlecon.fighters.sagas import (
    ASSIMILATED,
    MIRROR,
    PINNED,
    REPELLED,
    SHATTERED,
    SagasAssimilated,
    SagasLifeSwapped,
    SagasSwapped,
    ante_options,
    soul_swap,
)
from judge.battlecon.fighters.tatsumi import JUTO, JUTO_LIFE
from judge.battlecon.hooks import DODGE, PREVENTS_STUN, cards_in_force, first_reason
from judge.battlecon.roster import card
from judge.battlecon.state import DuelState, Figure, Pair, Status
from judge.battlecon.stats import attack
from tests.judge import hook_fighter as H
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

COUNTERS = {REPELLED: 0, PINNED: 0, SHATTERED: 0, ASSIMILATED: 0}
KEEP_ALL = (("echo", "dash"), ("shadow", "grasp"))  # Negation, Repelling, Shattering in hand
ECHO_KEEP = (("negation", "dash"), ("repelling", "grasp"))  # Echo, Shadow, Shattering in hand
BATTERY_KEEP = (("battery", "dash"), ("grapnel", "grasp"))  # Cadenza keeps Hydraulic, Clockwork


def sagas_vs(f1: str, **kw):
    """A duel of Sagas (player 0) against ``f1``; Sagas keeps Negation, Repelling and
    Shattering in hand unless ``d0`` says otherwise."""
    kw.setdefault("d0", KEEP_ALL)
    if kw["d0"] is None:
        kw["d0"] = KEEP_ALL
    return new_duel("sagas", f1, **kw)


def pools(duel, p=0):
    me = duel.state.players[p]
    return sorted(me.token_pool), sorted(me.token_discard)


def laid(f1: str, sagas: tuple[str, str], theirs: tuple[str, str], spaces=(3, 5),
         d1: tuple | None = None, **kw) -> DuelState:
    """A position at the Reveal: Sagas (player 0) and ``f1`` with their pairs face up."""
    duel = sagas_vs(f1, d1=d1, d0=(("echo", "dash"), ("shadow", "grasp")) if sagas[0] not in (
        "echo", "shadow") else (("negation", "dash"), ("repelling", "grasp")), **kw)
    s = duel.state.clone()
    s.players[0].space, s.players[1].space = spaces
    for p, (style, base) in ((0, sagas), (1, theirs)):
        pl = s.players[p]
        pl.hand = [c for c in pl.hand if c not in (style, base)]
        pl.pair = Pair(style, base, revealed=True)
    s.cache.forget()
    return s


def ante(s: DuelState, p: int, token: str) -> None:
    """A token anted for its bonus, as the Ante step leaves it (R5.5)."""
    pl = s.players[p]
    pl.token_pool.remove(token)
    pl.token_discard.append(token)
    pl.this_beat.anted.append(token)
    pl.this_beat.bonus_tokens.append(token)
    s.cache.forget()


def numbers(s: DuelState, p: int) -> tuple:
    a = attack(s, p)
    return a.range if a.range in (NA, "X") else tuple(a.range), a.power, a.priority


def queued(s: DuelState, p: int, timing: str) -> list[str]:
    return [c.id for c, _i in rules.effects_for(s, p, timing)]


def may(duel, player, accept):
    settle(duel)
    return answer(duel, player, "may", accept=accept)


def play_out(duel, choose=lambda options: options[0]):
    """Answer every prompt with ``choose`` until the next beat's attack pairs."""
    settle(duel)
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        duel.decide(choose(duel.prompt["options"]))
        settle(duel)


# --- Shadow Mirror: the Mirror token and Reflection -----------------------------------------


def test_the_mirror_token_starts_in_the_pool():
    """Setup: one Mirror token in Sagas's pool; his counters start at 0."""
    duel = sagas_vs("cadenza")
    assert pools(duel) == ([MIRROR], [])
    assert duel.state.players[0].counters == COUNTERS


def test_the_mirror_is_anted_once_and_spent_at_once():
    """Ante: the Mirror is offered while it is in the pool; anted, it goes to the token
    discard at once (R5.5) and is not offered again."""
    duel = sagas_vs("cadenza")
    pairs(duel, ("negation", "strike"), ("battery", "strike"))
    assert {"player": 0, "kind": "ante", "token": MIRROR} in duel.prompt["options"]
    answer(duel, 0, "ante", token=MIRROR)
    assert pools(duel) == ([], [MIRROR])
    assert ante_options(duel.state, 0) == []


def test_reflection_gives_sagas_the_opponents_token_bonus():
    """Reflection: Hikaru's anted Fire gives him +3 power; with the Mirror anted Sagas has
    the same +3 power, labelled as Reflection's; without it he has nothing."""
    s = laid("hikaru", ("negation", "strike"), ("focused", "strike"))
    ante(s, 1, "fire")
    assert numbers(s, 0) == ((1, 1), 4, 3)
    ante(s, 0, MIRROR)
    assert numbers(s, 0) == ((1, 1), 7, 3)
    assert ("Reflection (Fire)", 3) in attack(s, 0).parts["power"]


def test_reflection_shares_sagas_penalties_with_the_opponent():
    """Reflection works both ways (the reference's reading): a -3 priority status on Sagas
    (the Gate Trap's) is the opponent's too, so both totals move together."""
    s = laid("khadath", ("repelling", "strike"), ("lure", "strike"))
    s.statuses.append(Status(0, "priority", -3, "Gate Trap", s.seq, s.seq))
    ante(s, 0, MIRROR)
    assert numbers(s, 0)[2] == 3 + 1 - 3
    assert numbers(s, 1)[2] == 3 - 1 - 3
    assert ("Reflection (Gate Trap)", -3) in attack(s, 1).parts["priority"]


def test_reflection_ignores_soak_and_stun_guard_bonuses():
    """Reflection shares range, priority and power only: Hikaru's Earth (Soak 3) is not
    copied."""
    s = laid("hikaru", ("negation", "strike"), ("focused", "strike"))
    ante(s, 1, "earth")
    ante(s, 0, MIRROR)
    assert attack(s, 0).soak == 0 and attack(s, 1).soak == 3


def test_the_mirror_is_regained_when_his_base_is_in_the_opponents_discards():
    """End of Beat: Sagas attacks with Grasp while Grasp lies in Cadenza's discard 2: he
    regains the Mirror token; with Strike (in no discard of Cadenza's) he does not."""
    for base, back in (("strike", False), ("grasp", True)):
        duel = sagas_vs("cadenza", d0=(("echo", "burst"), ("shadow", "drive")))
        stage(duel, spaces=(3, 6), token_pool=([],), token_discard=([MIRROR],))
        pairs(duel, ("negation", base), ("battery", "shot"))
        pass_ante(duel)
        play_out(duel)
        assert pools(duel) == (([MIRROR], []) if back else ([], [MIRROR])), base
    regained = [f for f in facts_of(duel.facts, F.TokenRecovered) if f.player == 0]
    assert regained and "Grasp is also in Cadenza's discard piles" in regained[0].text


def test_shattering_forbids_regaining_the_mirror():
    """Shattering: Sagas cannot gain a Mirror token this beat, even with a matching Base."""
    duel = sagas_vs("cadenza", d0=(("echo", "burst"), ("shadow", "drive")))
    stage(duel, spaces=(3, 6), token_pool=([],), token_discard=([MIRROR],))
    pairs(duel, ("shattering", "grasp"), ("battery", "shot"))
    pass_ante(duel)
    play_out(duel)
    assert pools(duel) == ([], [MIRROR])


# --- Negation -------------------------------------------------------------------------------


def test_negation_cancels_the_opponents_style_stats_and_effects():
    """Negation: Cadenza's Hydraulic gives neither +2 power, -1 priority, Soak 1 nor its
    Before Activating advance; Battery's End of Beat effect still resolves."""
    s = laid("cadenza", ("negation", "strike"), ("hydraulic", "strike"))
    assert numbers(s, 1) == ((1, 1), 4, 3) and attack(s, 1).soak == 0
    assert queued(s, 1, BEFORE_ACTIVATING) == []
    s = laid("cadenza", ("negation", "strike"), ("battery", "strike"))
    assert queued(s, 1, END_OF_BEAT) == ["battery"]


def test_negation_wins_priority_ties_while_the_mirror_is_in_the_pool():
    """Negation: with the Mirror in his pool Sagas wins a tie without a Clash; with it
    anted, the tie is a Clash."""
    duel = sagas_vs("cadenza")
    pairs(duel, ("negation", "strike"), ("battery", "strike"))  # Battery is cancelled: 3 = 3
    pass_ante(duel)
    became = facts_of(duel.facts, F.BecameActive)[0]
    assert became.priorities == [3, 3] and became.player == 0 and "Negation" in became.text
    duel = sagas_vs("cadenza")
    pairs(duel, ("negation", "strike"), ("battery", "strike"))
    answer(duel, 0, "ante", token=MIRROR)
    duel.decide({"player": 1, "kind": "pass"})
    assert facts_of(duel.facts, F.ClashOccurred)


# --- Echo -----------------------------------------------------------------------------------


def test_echo_applies_the_style_in_the_opponents_discard_1():
    """Echo: Cadenza's Discard 1 holds Clockwork: Sagas's attack has +3 power, -3 priority
    and Soak 3 as well, from a copy named as such."""
    s = laid("cadenza", ("echo", "strike"), ("battery", "strike"),
             d1=(("clockwork", "dash"), ("hydraulic", "grasp")))
    assert numbers(s, 0) == ((1, 1), 7, 0) and attack(s, 0).soak == 3
    assert ("Clockwork (copied)", 3) in attack(s, 0).parts["power"]


def test_echo_copies_effects_as_sagass_own():
    """Echo copying Hydraulic: Sagas advances 1 space Before Activating."""
    duel = sagas_vs("cadenza", d0=ECHO_KEEP, d1=(("hydraulic", "dash"), ("clockwork", "grasp")))
    stage(duel, spaces=(3, 6))
    pairs(duel, ("echo", "strike"), ("battery", "shot"))
    pass_ante(duel)
    play_out(duel)
    moves = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0]
    assert [(f.start, f.end, f.kind) for f in moves] == [(3, 4, "advance")]
    assert "hydraulic~sagas" in [f.card for f in facts_of(duel.facts, F.Triggered)]


def test_echo_ignores_the_part_of_an_effect_that_names_its_fighter():
    """R0.13: Echo copying Khadath's Evacuation: Sagas retreats 1 space but puts no Gate
    Trap anywhere (the trap is Khadath's), and Evacuation's dodge is not his."""
    duel = sagas_vs("khadath", d0=ECHO_KEEP, d1=(("evacuation", "dash"), ("teleport", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("echo", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    play_out(duel)
    moves = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0]
    assert [(f.start, f.end) for f in moves] == [(3, 2)]
    assert facts_of(duel.facts, F.MarkerPlaced) == []
    copied = card("evacuation~sagas")
    assert "dodge" not in copied.hooks and copied.range == (0, 1)


# --- Repelling ------------------------------------------------------------------------------


def test_repelling_spent_pushes_an_adjacent_opponent_and_keeps_them_out():
    """Repelling (Start of Beat): Sagas spends the Mirror; adjacent Cadenza is pushed 1
    space (4 → 5), and his Hydraulic advance cannot enter the space next to Sagas."""
    duel = sagas_vs("cadenza", d1=BATTERY_KEEP)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("repelling", "strike"), ("hydraulic", "strike"))
    pass_ante(duel)
    may(duel, 0, True)
    assert pools(duel) == ([], [MIRROR])
    assert duel.state.players[0].counters[REPELLED] == duel.state.seq
    play_out(duel)
    moves = [(f.player, f.start, f.end) for f in facts_of(duel.facts, F.Moved)]
    assert moves[0] == (1, 4, 5)
    assert (1, 5, 4) not in moves
    assert spaces(duel)[1] == 5


def test_repelling_pushes_0_to_2_on_hit():
    """Repelling (On Hit): Sagas pushes the opponent 0, 1 or 2 spaces."""
    duel = sagas_vs("cadenza", d0=KEEP_ALL)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "strike"), ("mechanical", "strike"))
    pass_ante(duel)
    may(duel, 0, False)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [5, 6, 7]
    answer(duel, 0, "move", to=7)
    assert spaces(duel)[1] == 7


# --- Shadow ---------------------------------------------------------------------------------


def test_shadow_moves_exactly_one_space_across_the_board_edge():
    """Shadow (Before Activating): from space 1, Sagas moves to 2 or, the edges being
    adjacent, to 7."""
    duel = sagas_vs("cadenza", d0=(("echo", "dash"), ("negation", "grasp")))
    stage(duel, spaces=(1, 4))
    pairs(duel, ("shadow", "strike"), ("mechanical", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and option_values(duel) == [2, 7]
    answer(duel, 0, "move", to=7)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][-1]
    assert (moved.start, moved.end, moved.passed) == (1, 7, True)


def test_shadow_wraps_a_generic_bases_movement_that_sagas_causes():
    """Shadow: "Sagas considers edges of the board adjacent when moving himself or
    opponents": Burst's Start of Beat retreat from space 1 goes on from space 7 (1 space
    to 7, 2 spaces to 6), where without Shadow it could not move at all (R17.9); the Moved
    fact says so. Khadath's own Burst retreat from space 1 is his movement, not one Sagas
    causes: with Shadow in force it still cannot cross the edge and is ignored."""
    duel = sagas_vs("khadath", d0=(("echo", "dash"), ("negation", "grasp")))
    stage(duel, spaces=(1, 3))
    pairs(duel, ("shadow", "burst"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and duel.prompt["rule"] == "burst: Start of Beat"
    assert option_values(duel) == [6, 7]
    answer(duel, 0, "move", to=6)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][-1]
    assert (moved.start, moved.end, moved.spaces, moved.passed) == (1, 6, 2, True)
    assert "across the board's edge (Shadow)" in moved.text

    duel = sagas_vs("khadath", d0=(("echo", "dash"), ("negation", "grasp")))
    stage(duel, spaces=(3, 1))
    pairs(duel, ("shadow", "strike"), ("hunters", "burst"))
    pass_ante(duel)
    settle(duel)
    ignored = [f for f in facts_of(duel.facts, F.MovementIgnored) if f.player == 1]
    assert [f.kind for f in ignored] == ["retreat"] and spaces(duel)[1] == 1


def test_shadow_activates_again_at_range_3_for_the_mirror():
    """Shadow (End of Beat): at range 3 Sagas may spend the Mirror to attack again."""
    duel = sagas_vs("cadenza", d0=(("echo", "dash"), ("negation", "grasp")))
    stage(duel, spaces=(2, 6))
    pairs(duel, ("shadow", "shot"), ("mechanical", "strike"))  # Strike misses at range 3
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=3)  # range 3
    settle(duel)
    while duel.prompt["kind"] != "may":
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    assert "again" in duel.prompt["about"]
    hits_before = len([f for f in facts_of(duel.facts, F.Activated) if f.player == 0])
    answer(duel, 0, "may", accept=True)
    play_out(duel)
    activations = [f for f in facts_of(duel.facts, F.Activated) if f.player == 0]
    assert len(activations) == hits_before + 1 and pools(duel)[1] == [MIRROR]


# --- Shattering -----------------------------------------------------------------------------


def test_shattering_ignores_stun_guard():
    """Shattering: against Cadenza's Press (Stun Guard 6), 3 damage stuns."""
    duel = sagas_vs("cadenza", d1=BATTERY_KEEP)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("shattering", "shot"), ("clockwork", "press"))
    pass_ante(duel)
    may(duel, 0, False)
    play_out(duel)
    checks = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 1]
    assert checks and checks[0].stunned


def test_shattering_spent_mirror_makes_the_next_attack_stun():
    """Shattering (On Hit): the Mirror spent, next beat's attack stuns on hit."""
    duel = sagas_vs("cadenza", d1=BATTERY_KEEP)
    stage(duel, spaces=(3, 5))
    pairs(duel, ("shattering", "shot"), ("clockwork", "press"))
    pass_ante(duel)
    may(duel, 0, True)
    assert duel.state.players[0].counters[SHATTERED] == 2  # beat 2's attack
    play_out(duel)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("negation", "strike"), ("grapnel", "shot"))
    pass_ante(duel)
    play_out(duel)
    stuns = [f for f in facts_of(duel.facts, F.Stunned) if f.player == 1]
    assert stuns and stuns[-1].rule == "shadow-mirror: On Hit"


# --- Staff ----------------------------------------------------------------------------------


def test_staff_does_not_stun_at_range_1():
    """Staff (passive): it does not stun an opponent at range 1; at range 2 it may."""
    s = laid("cadenza", ("negation", "staff"), ("battery", "strike"), spaces=(3, 4))
    assert first_reason(s, PREVENTS_STUN, 0, 1) == "Staff does not stun at range 1"
    s.players[1].space = 5
    s.cache.forget()
    assert first_reason(s, PREVENTS_STUN, 0, 1) == ""


def test_staff_pushes_1_and_the_opponent_cannot_advance():
    """Staff (On Hit): Cadenza is pushed 4 → 5 and his Mechanical advance at the End of Beat
    is refused."""
    duel = sagas_vs("cadenza", d0=KEEP_ALL)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("negation", "staff"), ("mechanical", "shot"))
    pass_ante(duel)
    play_out(duel)
    moves = [(f.player, f.start, f.end) for f in facts_of(duel.facts, F.Moved)]
    assert moves == [(1, 4, 5)]
    assert duel.state.players[0].counters[PINNED] == 1
    assert spaces(duel) == (3, 5)


def test_staff_becomes_the_opponents_unique_base_with_the_mirror_anted():
    """Staff, Mirror anted: a copy of Cadenza's Press (1~2, power 1, priority 0, Stun
    Guard 6); Staff's own numbers and effects are gone."""
    s = laid("cadenza", ("negation", "staff"), ("battery", "strike"))
    assert numbers(s, 0) == ((1, 2), 3, 4)
    ante(s, 0, MIRROR)
    s.players[0].this_beat.bonus_tokens.remove(MIRROR)  # the copy needs only the ante
    s.cache.forget()
    assert numbers(s, 0) == ((1, 2), 1, 0) and attack(s, 0).stun_guard == 6
    assert queued(s, 0, ON_HIT) == []


# --- Finishers -----------------------------------------------------------------------------


def soul_mirror_beat(f1, d1=None, pair=("battery", "strike"), at=(2, 3), lives=(5, 18)):
    duel = sagas_vs(f1, d1=d1, finishers=("soul-mirror", None))
    stage(duel, spaces=at, life=lives)
    duel.decide({"player": 0, "kind": "attack_pair", "style": "special-action",
                 "base": "strike"})
    duel.decide({"player": 1, "kind": "attack_pair", "style": pair[0], "base": pair[1]})
    pass_ante(duel)
    return duel


def test_soul_mirror_swaps_places_and_life_totals():
    """Soul Mirror (On Hit): Sagas 2 ↔ Cadenza 3, and life 5 ↔ 18."""
    duel = soul_mirror_beat("cadenza")
    play_out(duel)
    swap = facts_of(duel.facts, SagasSwapped)[0]
    assert (swap.start, swap.end, swap.passed) == (2, 3, True) and spaces(duel) == (3, 2)
    assert "Sagas 5 → 18, Cadenza 18 → 5" in facts_of(duel.facts, SagasLifeSwapped)[0].text
    taken = sum(f.amount for f in dealt(duel, 1))
    assert life(duel) == (18 - taken, 5)


def test_assimilate_stops_the_opponents_effects_for_the_rest_of_the_beat():
    """Assimilate (On Hit): the opponent "does not activate further effects this beat":
    Cadenza's Hydraulic advance (Before Activating) no longer resolves, nor any End of Beat
    effect (Battery)."""
    s = laid("cadenza", ("negation", "strike"), ("hydraulic", "strike"))
    s.players[0].pair = Pair(None, None, revealed=True, finisher=True)
    s.players[0].finisher = "assimilate"
    s.cache.forget()
    assert queued(s, 1, BEFORE_ACTIVATING) == ["hydraulic"]
    s.players[0].counters[ASSIMILATED] = s.seq
    s.cache.forget()
    assert queued(s, 1, BEFORE_ACTIVATING) == []
    s.players[1].pair = Pair("battery", "strike", revealed=True)
    s.cache.forget()
    assert queued(s, 1, END_OF_BEAT) == []


def assimilate_beat():
    """Sagas (space 2, 5 life) plays Assimilate through his Special Action against
    Cadenza's Hydraulic Strike (space 5, range 3); the beat is played to its end."""
    duel = sagas_vs("cadenza", d1=BATTERY_KEEP, finishers=("assimilate", None))
    stage(duel, spaces=(2, 5), life=(5, 20))
    pairs(duel, ("special-action", "strike"), ("hydraulic", "strike"))
    pass_ante(duel)
    play_out(duel)
    return duel


def test_assimilate_takes_the_opponents_attack_pair_into_his_hand():
    """Assimilate (On Hit): Cadenza's Hydraulic and Strike go into Sagas's hand at once, so
    Hydraulic's Soak 1 no longer stands against the 3 damage and Cadenza has no attack
    left (no advance, no hit); Cadenza does not recycle (his discards stay as they were).
    Sagas recycles as a Finisher does (R25.5): his own Strike back to hand, beside the
    taken one."""
    duel = assimilate_beat()
    taken = facts_of(duel.facts, SagasAssimilated)
    assert [(f.player, f.cards) for f in taken] == [(0, ["hydraulic", "strike"])]
    assert [(f.amount, f.soak) for f in dealt(duel, 0)] == [(3, 0)] and life(duel) == (5, 17)
    assert not dealt(duel, 1) and spaces(duel) == (2, 5)
    assert [f.player for f in facts_of(duel.facts, F.ActivationSkipped)] == [1]
    sagas, cadenza = duel.state.players
    assert sagas.hand.count("strike") == 2 and "hydraulic" in sagas.hand
    assert "hydraulic" not in cadenza.hand and "strike" not in cadenza.hand
    assert (cadenza.discard_1, cadenza.discard_2) == (["battery", "dash"], ["grapnel", "grasp"])
    recycled = [f for f in facts_of(duel.facts, F.Recycled) if f.player == 1]
    assert recycled[-1].skipped and "Assimilate took the attack pair" in recycled[-1].text


def test_assimilate_cards_are_played_as_his_own_copies():
    """Assimilate: "you can use these cards as your own": next beat Sagas lays the taken
    Hydraulic with a Strike; it applies as his copy (Hydraulic's +2 power and Soak 1, its
    advance), the printed card itself not at all (R0.13)."""
    duel = assimilate_beat()
    assert {"player": 0, "kind": "attack_pair", "style": "hydraulic", "base": "strike"} in \
        duel.prompt["options"]
    pairs(duel, ("hydraulic", "strike"), ("clockwork", "shot"))
    pass_ante(duel)
    ids = [c.id for c in cards_in_force(duel.state, 0)]
    assert "hydraulic~sagas" in ids and "hydraulic" not in ids
    a = attack(duel.state, 0)
    assert (a.power, a.soak) == (6, 1)


@pytest.mark.parametrize("opponent", ["kehrolyn", "lixis", "hepzibah", "sagas", "tatsumi"])
def test_assimilate_then_random_play_keeps_the_invariants(opponent):
    """Assimilate against fighters whose things live beside the pair (Kehrolyn's Overload
    Style, Lixis's withered Bases, Hepzibah's Pacts, a Sagas's copies, Juto): after the
    theft, seeded random play to the end keeps every playout invariant, the taken cards
    counted in Sagas's zones and missing from the opponent's (tests/judge/test_playouts)."""
    from tests.judge.test_playouts import check_duel

    taken = 0
    for seed in range(2):
        rng = random.Random(seed)
        duel = sagas_vs(opponent, d0=None, finishers=("assimilate", None))
        stage(duel, spaces=(2, 5), life=(5, 20))
        duel.decide({"player": 0, "kind": "attack_pair", "style": "special-action",
                     "base": "strike"})
        duel.decide(rng.choice([o for o in duel.prompt["options"] if o["player"] == 1
                                and o["style"] != "special-action"]))
        while not duel.over:
            o = duel.prompt.get("order")
            duel.decide({"player": o["player"], "kind": "order", "effects": o["effects"]}
                        if o else rng.choice(duel.prompt["options"]))
        taken += len(facts_of(duel.facts, SagasAssimilated))
        check_duel(duel, compare_every_decision=False)
    assert taken >= 1


# --- FAQ scenarios --------------------------------------------------------------------------


def test_s38_the_mirror_copy_follows_the_opponents_bonuses():
    """S38: Demitras antes a Crescendo token (+2 power; 1 left in his pool: +1 priority);
    Sagas copies +2 power and +1 priority. Illusory returns the token: Demitras loses the
    +2 power and gains +1 priority, and Sagas's copy follows (R18.12)."""
    s = laid("demitras", ("negation", "strike"), ("jousting", "strike"))
    ante(s, 1, "crescendo")
    ante(s, 0, MIRROR)
    assert numbers(s, 0) == ((1, 1), 4 + 2, 3 + 1)
    F.TokensReturned(rule="illusory: Reveal", text="", player=1, tokens=["crescendo"]).run(s)
    assert numbers(s, 0) == ((1, 1), 4, 3 + 2)


def test_s38_in_a_whole_beat_priority_counts_the_copied_bonus():
    """S38 through the engine: Demitras's Illusory returns his anted token at the Reveal,
    so at priority Sagas copies +2 priority (his pool of 2) and no power."""
    duel = sagas_vs("demitras", d1=(("darkside", "dash"), ("jousting", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "strike"), ("illusory", "shot"))
    answer(duel, 0, "ante", token=MIRROR)
    answer(duel, 1, "ante", token="crescendo")
    pass_ante(duel)
    assert priorities(duel) == [3 + 1 + 2, 2 + 1 + 2]


def test_s39_a_copied_snare_has_range_na_and_never_hits():
    """S39: Staff, Mirror anted, copies Khadath's Snare: its range X is set by an effect
    naming Khadath, so it reverts to N/A and the attack never hits (R13.5)."""
    duel = sagas_vs("khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "staff"), ("lure", "shot"))
    answer(duel, 0, "ante", token=MIRROR)
    pass_ante(duel)
    assert card("snare~sagas").range == NA
    play_out(duel, lambda options: next((o for o in options if o.get("accept") is False),
                                        options[0]))
    missed = [f for f in facts_of(duel.facts, F.Missed) if f.attacker == 0]
    assert [f.reason for f in missed] == ["range_na"]


def test_s39_a_copied_range_set_by_a_named_effect_uses_sagass_own_range():
    """S39: Echo copying a Fearless Style (range measured from Juto, an effect naming its
    fighter, prototyped in hook_fighter.py): Sagas measures range from his own standup."""
    with H.registered():
        s = laid(H.FID, ("echo", "shot"), ("ht-plain", "ht-base"),
                 d1=(("ht-fearless", "dash"), ("ht-steady", "grasp")))
        assert "ht-fearless~sagas" in [c.id for c in cards_in_force(s, 0)]
        assert range_origin(s, 0) == s.players[0].space
        assert range_origin(s, 1) == s.figures[(1, H.JUTO)].space


def test_s40_reflection_does_not_copy_kehrolyns_form():
    """S40: Kehrolyn's current form (Bladed, +2 power, an extra Style) is not a bonus:
    Sagas's Reflection copies nothing of it (R18.11)."""
    s = laid("kehrolyn", ("repelling", "strike"), ("whip", "strike"),
             d1=(("bladed", "dash"), ("mutating", "grasp")))
    ante(s, 0, MIRROR)
    assert numbers(s, 1)[1] == 4 + 2
    assert numbers(s, 0) == ((2, 3), 3, 4)


def test_s41_reflection_copies_tatsumis_zone_bonus():
    """S41 (R28.10): with the Mirror anted Sagas gains the bonus Tatsumi has now from Juto's
    zone, and it follows Juto as he moves (R18.12, R18.13). Sagas (space 3) plays Negation
    Strike (1/4/3, Stun Guard 5); Tatsumi (space 5), her Siren cancelled, has the same plus
    her zone. Zone 0 (Juto behind her, 6 or 7): +0~2 range, +1 power; zone 3 (Juto on
    Sagas's space 3 or beyond it): +1 priority; both copied. Zones 1 and 2 give Soak and
    Stun Guard, which Reflection does not share (range, priority and power only: the card
    text), so there Sagas keeps Strike's numbers; Juto off the board gives nobody a bonus."""
    s = laid("tatsumi", ("negation", "strike"), ("siren", "strike"))
    ante(s, 0, MIRROR)
    strike = ((1, 1), 4, 3)
    cases = {  # Juto's space: (range, power, priority), (soak, stun guard), Sagas's then hers
        6: (((1, 3), 5, 3), (0, 5), ((1, 3), 5, 3), (0, 5)),  # zone 0
        7: (((1, 3), 5, 3), (0, 5), ((1, 3), 5, 3), (0, 5)),  # zone 0
        3: (((1, 1), 4, 4), (0, 5), ((1, 1), 4, 4), (0, 5)),  # zone 3
        2: (((1, 1), 4, 4), (0, 5), ((1, 1), 4, 4), (0, 5)),  # zone 3
        5: (strike, (0, 5), strike, (3, 5)),  # zone 1: Soak 3, hers alone
        4: (strike, (0, 5), strike, (1, 7)),  # zone 2: Soak 1, Stun Guard 2, hers alone
        None: (strike, (0, 5), strike, (0, 5)),  # off the board
    }
    for juto, (mine, my_guard, theirs, their_guard) in cases.items():
        s.figures[(1, JUTO)] = Figure(juto, JUTO_LIFE if juto else 0)
        s.cache.forget()
        me, her = attack(s, 0), attack(s, 1)
        assert (numbers(s, 0), (me.soak, me.stun_guard)) == (mine, my_guard), juto
        assert (numbers(s, 1), (her.soak, her.stun_guard)) == (theirs, their_guard), juto
    s.figures[(1, JUTO)] = Figure(6, JUTO_LIFE)
    s.cache.forget()
    assert ("Reflection (Juto (zone 0))", (0, 2)) in attack(s, 0).parts["range"]
    assert ("Reflection (Juto (zone 0))", 1) in attack(s, 0).parts["power"]


def test_s42_negation_cancels_kehrolyns_form_and_overload_style():
    """S42: Negation cancels her current form (Bladed) and an Overload Style in play
    (Quicksilver): Overload's printed 3 power, 3 priority remain."""
    s = laid("kehrolyn", ("negation", "strike"), ("whip", "overload"),
             d1=(("bladed", "dash"), ("mutating", "grasp")))
    s.players[1].in_play = ["quicksilver"]
    s.cache.forget()
    assert numbers(s, 1) == ((1, 1), 3, 3)
    assert queued(s, 1, END_OF_BEAT) == ["overload", "quicksilver"]  # End of Beat stays


def test_s43_negation_leaves_status_effects():
    """S43: a +2 power status effect on Cadenza stays under Negation (R18.10)."""
    s = laid("cadenza", ("negation", "strike"), ("clockwork", "strike"))
    s.statuses.append(Status(1, "power", 2, "Feedback Field", s.seq, s.seq))
    s.cache.forget()
    assert numbers(s, 1) == ((1, 1), 4 + 2, 3)


def test_s20_soul_mirror_swaps_2_and_5_as_a_direct_move():
    """S20: Sagas on 2, Heketch on 5 after Soul Mirror hits: Sagas on 5, Heketch on 2; a
    direct move past each other, so Merciless's 'moved past' applies (R17.12a)."""
    s = laid("heketch", ("negation", "strike"), ("merciless", "knives"), spaces=(2, 5))
    ctx = Ctx(s, 0, card("soul-mirror"), card("soul-mirror").effects[0])
    facts = soul_swap(ctx, None)
    for f in facts:
        f.run(s)
    assert (s.players[0].space, s.players[1].space) == (5, 2)
    assert all(isinstance(f, F.Moved) and f.passed and f.kind == "direct" for f in facts)
    assert [type(f).__name__ for f in merciless_passed(s, 1, facts[0])][0] == "LifeLost"


def test_s20_soul_mirror_in_a_whole_beat():
    """S20 through the engine: Soul Mirror hits at range 1; the standups swap."""
    duel = soul_mirror_beat("cadenza", pair=("grapnel", "burst"), at=(2, 5), lives=(6, 18))
    play_out(duel)
    assert facts_of(duel.facts, SagasSwapped) == []  # range 3: Soul Mirror misses
    assert [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == 0] == [
        "out_of_range"]



# --- copies of the newer fighters' cards (R0.13) -------------------------------------------


def sagas_text(duel) -> list[str]:
    """What the record says of Sagas (player 0) in the facts about him."""
    return [f.text for f in duel.facts if getattr(f, "player", None) == 0]


def test_staff_copying_tatsumis_whirlpool_moves_sagas_and_never_juto():
    """R0.13: Staff, Mirror anted, copies Tatsumi's Whirlpool: Sagas moves 0-2 spaces After
    Activating, but Juto is Tatsumi's, so the copy neither draws the opponent toward Juto nor
    moves Juto (Sagas has none: that part does nothing)."""
    copied = card("whirlpool~sagas")
    assert [e.text for e in copied.effects] == ["Move 0-2 spaces (Juto is Tatsumi's: ignored)."]
    duel = sagas_vs("tatsumi", d1=(("empathic", "dash"), ("wave", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "staff"), ("fearless", "shot"))
    answer(duel, 0, "ante", token=MIRROR)
    pass_ante(duel)
    play_out(duel)
    assert "whirlpool~sagas" in [f.card for f in facts_of(duel.facts, F.Triggered)
                                 if f.player == 0]
    assert [f.owner for f in facts_of(duel.facts, F.FigureChanged)] in ([], [1])
    assert duel.state.figure(0, JUTO) is None


def test_staff_copying_cherris_stare_gains_no_insight():
    """R0.13: Staff, Mirror anted, copies Cherri's Stare (priority X: her Base's printed
    priority) but not its On Hit: the Insight token is Cherri's, so the copy's hit gains
    Sagas nothing; Echo's copy of Catatonic likewise keeps only its numbers."""
    assert card("stare~sagas").effects == () and card("catatonic~sagas").effects == ()
    duel = sagas_vs("cherri", d1=(("dreamscape", "dash"), ("blind", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("repelling", "staff"), ("catatonic", "shot"))
    answer(duel, 0, "ante", token=MIRROR)
    pass_ante(duel)
    play_out(duel)
    assert 0 in [f.attacker for f in facts_of(duel.facts, F.Hit)]
    assert [f.player for f in facts_of(duel.facts, F.TokenRecovered)
            if f.token == "insight"] in ([], [1])
    assert "insight" not in duel.state.players[0].token_pool


def test_echo_copying_zaamassals_urgent_assumes_no_paradigm():
    """R0.13: Echo copies Urgent from Zaamassal's Discard 1: Sagas may advance 0-1 Before
    Activating, but the Paradigms are Zaamassal's cards, so the copy never offers to assume
    the Paradigm of Haste and nothing enters Sagas's play area."""
    assert [e.text for e in card("urgent~sagas").effects] == ["Advance 0 or 1 space."]
    for style in ("malicious", "sinuous", "warped", "sturdy", "paradigm-shift"):
        assert not any("Paradigm" in e.text for e in card(f"{style}~sagas").effects), style
    duel = sagas_vs("zaamassal", d0=ECHO_KEEP, d1=(("urgent", "dash"), ("sinuous", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("echo", "strike"), ("sturdy", "shot"))
    pass_ante(duel)
    play_out(duel, choose=lambda options: options[-1])
    assert "urgent~sagas" in [f.card for f in facts_of(duel.facts, F.Triggered)
                              if f.player == 0]
    assert [f.player for f in facts_of(duel.facts, F.PutInPlay)] in ([], [1])
    assert duel.state.players[0].in_play == []


def test_echo_copying_hepzibahs_pactbond_names_no_pact_for_sagas():
    """R0.13: Echo copies Pactbond from Hepzibah's Discard 1: naming a Dark Pact for her
    next ante is Hepzibah's (her Pacts, her counters), so at the End of Beat Sagas names
    none and gets no Pactbond counters; the heal per Pact anted counts his (none)."""
    assert [e.timing for e in card("pactbond~sagas").effects] == ["reveal"]
    duel = sagas_vs("hepzibah", d0=ECHO_KEEP, d1=(("pactbond", "dash"), ("anathema", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("echo", "strike"), ("darkheart", "shot"))
    pass_ante(duel)
    play_out(duel)
    assert [f.player for f in facts_of(duel.facts, F.CounterSet)] == []
    assert "pactbond-free" not in duel.state.players[0].counters
    assert not any("Pactbond" in t for t in sagas_text(duel))


def test_reflection_copies_hepzibahs_anted_dark_pacts():
    """Reflection: a Dark Pact's "+2 this beat" is a bonus of Hepzibah's unique ability,
    like an anted token's: with Almighty and Endless anted she has +2 power and +2
    priority, and with the Mirror anted Sagas has them too, labelled Reflection's."""
    s = laid("hepzibah", ("negation", "strike"), ("darkheart", "strike"))
    s.players[1].in_play = ["almighty", "endless"]
    s.cache.forget()
    assert numbers(s, 0) == ((1, 1), 4, 3)
    ante(s, 0, MIRROR)
    assert numbers(s, 0) == ((1, 1), 6, 5)
    assert ("Reflection (Almighty)", 2) in attack(s, 0).parts["power"]
    assert ("Reflection (Endless)", 2) in attack(s, 0).parts["priority"]


def test_echo_copying_cherris_dreamscape_narrates_sagas():
    """Echo copies Dreamscape: Sagas may move directly behind Cherri, and the prompt and
    the record name Sagas, who moves (or stays), not Cherri."""
    duel = sagas_vs("cherri", d0=ECHO_KEEP, d1=(("dreamscape", "dash"), ("catatonic", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("echo", "strike"), ("blind", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "move" and duel.prompt["players"] == [0]
    assert "Sagas's Dreamscape (copied)" in duel.prompt["about"]
    assert "(space 3, his own, to stay)" in duel.prompt["about"]
    answer(duel, 0, "move", to=3)
    assert "Sagas stays where he is." in sagas_text(duel)
    assert not any("Cherri" in t for t in sagas_text(duel) if "Dreamscape" in t or "stays" in t)


def test_echo_copying_seths_vanishing_dodges_for_sagas_by_name():
    """Echo copies Vanishing: attacks at range 4 or more miss Sagas, and the reason given
    names Sagas, not Seth."""
    s = laid("seth", ("echo", "strike"), ("fools", "shot"), spaces=(1, 5),
             d1=(("vanishing", "dash"), ("mimics", "grasp")))
    assert first_reason(s, DODGE, 1, 0) == (
        "Sagas is at range 4, and attacks at range 4 or more do not hit him (Vanishing)")


def test_echo_copying_hepzibahs_necrotizing_narrates_sagas():
    """Echo copies Necrotizing: on hit Sagas may pay life for power; paying none, the
    record says Sagas pays none, not Hepzibah."""
    duel = sagas_vs("hepzibah", d0=ECHO_KEEP,
                    d1=(("necrotizing", "dash"), ("anathema", "grasp")))
    stage(duel, spaces=(3, 5))
    pairs(duel, ("echo", "strike"), ("darkheart", "shot"))
    pass_ante(duel)
    play_out(duel)
    assert "Sagas pays no life for Necrotizing." in sagas_text(duel)
