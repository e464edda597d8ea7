"""Luc von Gott's cards (luc.yaml): Temporal Battery and its Time tokens, five Styles,
Flash and both Finishers; the card-data choices in judge/battlecon/carddata/luc.toml.

Luc is player 0 (space 3) against Khadath, whose Hunter's Style is +0/+0/+0 while the
Gate Trap is off the board. Engine rulings tested as such: the three Time tokens Luc
does not hold start in his token discard (the supply); batches are 1, 3 or 5 tokens.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from judge.battlecon import facts as F
from judge.battlecon.fighters.luc import LucActivatesAgain, LucTimeAnted, LucTimeSpent
from judge.battlecon.roster import card, fighter
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
    stun_checks,
)

KEEP_ALL = (("fusion", "dash"), ("feinting", "grasp"))  # Chrono, Eternal, Memento in hand
KEEP_FUSION = (("chrono", "dash"), ("memento", "grasp"))  # the defaults
KEEP_GRASP = (("chrono", "dash"), ("memento", "burst"))
CARDDATA = Path(__file__).parents[2] / "judge" / "battlecon" / "carddata" / "luc.toml"


def pools(duel, p=0):
    me = duel.state.players[p]
    return me.token_pool.count("time"), me.token_discard.count("time")


def luc_duel(d0=KEEP_FUSION, tokens=5, spaces_=(3, 4), **kw):
    duel = new_duel("luc", "khadath", d0=d0, **kw)
    stage(duel, spaces=spaces_, token_pool=(["time"] * tokens, None),
          token_discard=(["time"] * (5 - tokens), None))
    return duel


def finish_beat(duel, choose=lambda options: options[0]):
    """Answer prompts until the next beat's pairs are asked for (or the duel ends)."""
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        settle(duel)
        if duel.prompt and duel.prompt["kind"] != "attack_pair":
            duel.decide(choose(duel.prompt["options"]))


def test_temporal_battery_starts_with_two_time_tokens_and_three_aside():
    """Setup: 2 Time tokens in the pool, 3 in the supply (the token discard); 5 exist."""
    duel = new_duel("luc", "khadath")
    assert pools(duel) == (2, 3)
    assert fighter("luc").tokens == ("time",) * 5


def test_temporal_battery_ante_is_one_decision_for_a_batch_of_1_3_or_5():
    """Ante: exactly 1, 3 or 5 tokens, as one decision, once per beat."""
    duel = luc_duel(tokens=4)
    pairs(duel, ("fusion", "flash"), ("hunters", "strike"))
    assert [o.get("count") for o in duel.prompt["options"]] == [1, 3, None]
    answer(duel, 0, "ante", token="time", count=3)
    assert [f.count for f in facts_of(duel.facts, LucTimeAnted)] == [3]
    assert pools(duel) == (1, 4)
    # No second batch this beat: Luc's next turn to ante is a forced pass.
    assert [(f.player, f.forced) for f in facts_of(duel.facts, F.Passed)] == [(1, True), (0, True)]


def test_temporal_battery_offers_only_the_batches_luc_holds():
    duel = new_duel("luc", "khadath", d0=KEEP_ALL)
    pairs(duel, ("eternal", "flash"), ("hunters", "strike"))
    assert [o.get("count") for o in duel.prompt["options"]] == [1, None]


def test_temporal_battery_one_token_gives_plus_1_priority():
    """A batch of 1: +1 priority this beat (Fusion Flash 7 + 1)."""
    duel = luc_duel()
    pairs(duel, ("fusion", "flash"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="time", count=1)
    pass_ante(duel)
    assert priorities(duel) == [8, 3]


def test_temporal_battery_three_tokens_advance_up_to_2_at_start_of_beat():
    """A batch of 3: at Start of Beat, advance 0, 1 or 2 spaces (no priority bonus)."""
    duel = luc_duel(spaces_=(1, 5))
    pairs(duel, ("fusion", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="time", count=3)
    pass_ante(duel)
    assert priorities(duel) == [4, 3]
    assert option_values(duel) == [1, 2, 3]
    answer(duel, 0, "move", to=3)
    assert spaces(duel) == (3, 5)


def test_temporal_battery_five_tokens_make_luc_the_active_player():
    """A batch of 5: at Start of Beat Luc becomes the Active Player, so he attacks first
    even though Khadath won priority."""
    duel = luc_duel(spaces_=(3, 4))
    pairs(duel, ("eternal", "strike"), ("hunters", "strike"))
    answer(duel, 0, "ante", token="time", count=5)
    pass_ante(duel)
    assert priorities(duel) == [-1, 3]
    finish_beat(duel)
    assert duel.state.players[0].token_pool.count("time") == 1  # 0 after the ante, +1 after
    attackers = [f.player for f in facts_of(duel.facts, F.Activated)]
    assert attackers == [0, 1]
    assert life(duel) == (17, 16)  # Luc's Strike 4; Khadath's Strike 4 less Eternal's Soak 1


def test_temporal_battery_gains_a_time_token_after_recycling_never_above_5():
    """After each beat, once recycling is done (R10.3): +1 Time token, at most 5."""
    duel = luc_duel(tokens=4, spaces_=(1, 7))
    pairs(duel, ("fusion", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    kinds = [type(f).__name__ for f in duel.facts]
    gained = kinds.index("TokenRecovered")
    assert kinds[gained - 4:gained - 2] == ["Recycled", "Recycled"]
    assert kinds[gained + 1] == "BeatEnded"
    assert pools(duel) == (5, 0)
    pairs(duel, ("eternal", "shot"), ("lure", "shot"))
    pass_ante(duel)
    finish_beat(duel)
    assert pools(duel) == (5, 0)
    assert facts_of(duel.facts, F.TokenRecovered)[-1].token is None


def test_temporal_battery_gains_nothing_after_a_pulse():
    """R23.6: a Pulse beat's end-of-beat abilities do nothing."""
    duel = luc_duel(tokens=2, spaces_=(3, 5))
    pairs(duel, ("special-action", "burst"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel, choose=lambda options: options[0])
    assert facts_of(duel.facts, F.Pulsed)
    assert pools(duel) == (2, 3)
    assert not facts_of(duel.facts, F.TokenRecovered)


def test_chrono_spends_a_token_per_space_and_cannot_pass_the_opponent():
    """Chrono: spend any number of Time tokens to advance that many spaces, not past."""
    duel = luc_duel(d0=KEEP_ALL, tokens=5, spaces_=(1, 5))
    pairs(duel, ("chrono", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert option_values(duel) == [1, 2, 3, 4]  # 0-3 spaces; 4+ would pass Khadath
    answer(duel, 0, "move", to=4)
    assert [f.count for f in facts_of(duel.facts, LucTimeSpent)] == [3]
    assert spaces(duel) == (4, 5)
    assert pools(duel) == (3, 2)  # 2 left, and 1 gained after the beat


def test_chrono_with_no_token_spends_nothing():
    duel = luc_duel(d0=KEEP_ALL, tokens=0, spaces_=(1, 5))
    pairs(duel, ("chrono", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel) == (1, 5) and not facts_of(duel.facts, LucTimeSpent)


def test_eternal_discards_tokens_for_soak_against_that_attack():
    """Eternal: Soak 1; when hit, discard any number of Time tokens for +1 Soak each."""
    duel = luc_duel(tokens=3, spaces_=(3, 4))
    pairs(duel, ("eternal", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "pick"
    assert [o["option"] for o in duel.prompt["options"]] == ["0", "1", "2", "3"]
    answer(duel, 0, "pick", option="2")
    assert dealt(duel, 1)[0].soak == 3 and dealt(duel, 1)[0].amount == 1
    assert pools(duel) == (2, 3)  # 1 left, and 1 gained after the beat


def test_eternal_declined_keeps_the_tokens():
    duel = luc_duel(tokens=3, spaces_=(3, 4))
    pairs(duel, ("eternal", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "pick", option="0")
    assert dealt(duel, 1)[0].amount == 3 and pools(duel) == (4, 1)


def test_memento_spends_two_tokens_to_activate_again_once_per_beat():
    """Memento: After Activating, may spend 2 Time tokens to activate the attack again,
    once per beat (the second activation's After Activating does not ask again)."""
    duel = luc_duel(d0=KEEP_ALL, tokens=5, spaces_=(3, 4))
    pairs(duel, ("memento", "strike"), ("lure", "shot"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "may"
    answer(duel, 0, "may", accept=True)
    assert facts_of(duel.facts, LucActivatesAgain)
    finish_beat(duel)
    # Luc (priority 2) hits twice; the first hit already stunned Khadath (Stun Guard 2).
    assert [f.player for f in facts_of(duel.facts, F.Activated)] == [0, 0]
    assert [f.amount for f in dealt(duel, 0)] == [4, 4]
    assert life(duel)[1] == 12
    assert any("once per beat" in f.text for f in facts_of(duel.facts, F.Declined))
    assert pools(duel) == (4, 1)  # 5 - 2, then +1 after the beat


def test_memento_needs_two_tokens():
    duel = luc_duel(d0=KEEP_ALL, tokens=1, spaces_=(3, 4))
    pairs(duel, ("memento", "strike"), ("lure", "shot"))
    pass_ante(duel)
    finish_beat(duel)
    assert [f.player for f in facts_of(duel.facts, F.Activated)] == [0]
    assert not facts_of(duel.facts, LucActivatesAgain)


def test_fusion_pushes_a_space_per_damage_point():
    """Fusion: On Damage, push the opponent 1 space for each point of damage."""
    duel = luc_duel(d0=KEEP_GRASP, spaces_=(2, 3))
    pairs(duel, ("fusion", "grasp"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 0, "move", to=4)  # Grasp: move Khadath 1 space
    assert dealt(duel, 0)[0].amount == 2
    assert spaces(duel)[1] == 6


def test_fusion_board_edge_costs_2_life_instead():
    """Fusion: a push the board edge cuts short goes as far as it can, and the opponent
    loses 2 life instead of the rest."""
    duel = luc_duel(d0=KEEP_FUSION, spaces_=(5, 6))
    pairs(duel, ("fusion", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel)[1] == 7
    lost = [f for f in facts_of(duel.facts, F.LifeLost) if f.rule == "fusion: On Damage"]
    assert [(f.player, f.amount) for f in lost] == [(1, 2)]
    assert life(duel)[1] == 20 - 4 - 2


def test_feinting_retreats_at_start_and_advances_at_end():
    """Feinting: +1 range, -2 priority; Start of Beat retreat 1, End of Beat advance 1-2."""
    duel = luc_duel(d0=KEEP_FUSION, spaces_=(3, 6))
    pairs(duel, ("feinting", "shot"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [0, 3]
    settle(duel)
    assert spaces(duel) == (2, 6)
    assert dealt(duel, 0)[0].amount == 3  # Feinting Shot's range 2~5 reaches 4 spaces
    assert option_values(duel) == [3, 4]
    answer(duel, 0, "move", to=4)
    assert spaces(duel) == (4, 6)


def test_flash_advances_1_and_ignores_stun_guard():
    """Flash: range 1, power 1, priority 6; Start of Beat advance 1; ignores Stun Guard."""
    duel = luc_duel(d0=KEEP_FUSION, spaces_=(2, 4))
    pairs(duel, ("fusion", "flash"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel)[0] == 3
    check = stun_checks(duel, 1)[0]
    assert (check.damage, check.stunned, check.rule) == (1, True, "R16.9")
    assert not [f for f in facts_of(duel.facts, F.Activated) if f.player == 1]


def test_flash_does_not_beat_stun_immunity():
    """R16.10: ignoring Stun Guard does not beat Stun Immunity (Cadenza's Iron Body)."""
    duel = new_duel("luc", "cadenza", d0=KEEP_FUSION)
    stage(duel, spaces=(2, 4))
    pairs(duel, ("fusion", "flash"), ("battery", "strike"))
    duel.decide({"player": 0, "kind": "pass"})
    answer(duel, 1, "ante", token="iron-body")
    pass_ante(duel)
    settle(duel)
    assert stun_checks(duel, 1)[0].stunned is False


def test_temporal_recursion_chains_while_tokens_last():
    """Temporal Recursion: Before Activating advance 0-1; After Activating may spend a
    Time token to activate again, and again."""
    duel = luc_duel(tokens=2, spaces_=(3, 4), finishers=("temporal-recursion", None))
    stage(duel, life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    activations = 0
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        settle(duel)
        kind = duel.prompt["kind"]
        if kind == "may":
            answer(duel, 0, "may", accept=True)
        elif kind == "move":
            answer(duel, 0, "move", to=3)  # advance 0
        else:
            duel.decide(duel.prompt["options"][0])
    activations = [f.player for f in facts_of(duel.facts, F.Activated)]
    assert activations.count(0) == 3  # the first activation and two more, one per token
    assert [f.amount for f in dealt(duel, 0)] == [3, 3, 3]
    assert [f.count for f in facts_of(duel.facts, LucTimeSpent)] == [1, 1]


def test_stasis_charge_negates_each_opponent_effect_and_gains_a_time_token():
    """Stasis Charge: Stun Guard 4; every triggered effect the opponent would resolve this
    beat is negated, and Luc gains a Time token instead of each."""
    duel = new_duel("luc", "kallistar", finishers=("stasis-charge", None))
    stage(duel, spaces=(3, 4), token_pool=(["time"], None), token_discard=(["time"] * 4, None))
    stage(duel, life=(7, 20))
    pairs(duel, ("special-action", "strike"), ("volcanic", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    # Volcanic's Human Form End of Beat teleport is negated: a Time token instead.
    instead = [f for f in facts_of(duel.facts, F.TokenRecovered) if f.rule.startswith("stasis")]
    assert [f.token for f in instead] == ["time"]
    assert not [f for f in facts_of(duel.facts, F.Triggered) if f.player == 1
                and f.card == "volcanic"]
    assert spaces(duel) == (3, 4)  # no teleport
    assert pools(duel) == (3, 2)  # 1, +1 instead of Volcanic's effect, +1 after the beat


def test_carddata_choices_match_the_code():
    """carddata/luc.toml: every value the judge uses is the one the code declares."""
    for choice in tomllib.loads(CARDDATA.read_text())["choice"]:
        if choice["field"] in ("power", "priority"):
            assert getattr(card(choice["card"]), choice["field"]) == choice["value"], choice
        elif choice["field"] == "discards":
            assert [list(p) for p in fighter("luc").default_discards] == choice["value"]
    assert (card("memento").priority, card("fusion").power) == (-1, 0)


def test_luc_kit_stats():
    """Stats as printed (luc.yaml)."""
    stats = {c: (card(c).range, card(c).power, card(c).priority, card(c).soak,
                 card(c).stun_guard) for c in ("chrono", "eternal", "memento", "fusion",
                                               "feinting", "flash", "temporal-recursion",
                                               "stasis-charge")}
    assert stats == {"chrono": ((0, 0), 0, 1, 0, 0), "eternal": ((0, 0), 0, -4, 1, 0),
                     "memento": ((0, 0), 0, -1, 0, 0), "fusion": ((0, 0), 0, 1, 0, 0),
                     "feinting": ((1, 1), 0, -2, 0, 0), "flash": ((1, 1), 1, 6, 0, 0),
                     "temporal-recursion": ((1, 1), 3, 5, 0, 0),
                     "stasis-charge": ((1, 1), 4, 3, 0, 4)}
    assert fighter("luc").default_discards == (("chrono", "dash"), ("memento", "grasp"))
