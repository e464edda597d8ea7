"""Hikaru Sorayama's cards (hikaru.yaml): Geomantic Assault, five Styles, Palm Strike and
both Finishers. Each test plays the card in a beat and asserts what a judge sees.

Opponents are chosen for predictable numbers: Khadath's Hunter's Style is +0/+0/+0
while his Gate Trap is off the board, and Cadenza's Mechanical Strike (priority 1,
power 6, Stun Guard 5) asks one End of Beat question that gives a pause to read
the revealed attacks' final numbers.
"""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
    answer,
    facts_of,
    life,
    new_duel,
    option_values,
    pairs,
    pass_ante,
    settle,
    spaces,
    stage,
)

# Discards that keep Trance and Focused in hand (the defaults put them in discard).
KEEP_TRANCE_FOCUSED = (("advancing", "dash"), ("sweeping", "grasp"))


def keep_iron_body(duel):
    """Cadenza declines every Iron Body offer until another question comes up."""
    while duel.prompt and duel.prompt["kind"] == "may" and "Iron Body" in duel.prompt["about"]:
        duel.decide({"player": duel.prompt["players"][0], "kind": "may", "accept": False})
        settle(duel)


def ante(duel, player, token):
    return answer(duel, player, "ante", token=token)


def attack_of(duel, p):
    return duel.to_json()["players"][p]["attack"]


def pools(duel, p=0):
    me = duel.state.players[p]
    return sorted(me.token_pool), sorted(me.token_discard)


def test_geomantic_assault_antes_at_most_one_token_per_beat():
    """Geomantic Assault: four tokens, at most one anted per beat; spent at once (R5.5)."""
    duel = new_duel("hikaru", "khadath")
    assert pools(duel) == (["earth", "fire", "water", "wind"], [])
    pairs(duel, ("advancing", "strike"), ("hunters", "strike"))
    assert [o.get("token") for o in duel.prompt["options"]] == [
        "earth", "fire", "water", "wind", None]
    ante(duel, 0, "fire")
    # Khadath has no ante power; Hikaru may not ante a second token, so both passes are forced.
    passes = [f for f in facts_of(duel.facts, F.Passed)]
    assert [(f.player, f.forced) for f in passes] == [(1, True), (0, True)]
    assert pools(duel) == (["earth", "water", "wind"], ["fire"])


@pytest.mark.parametrize("token, stat, value", [
    ("fire", "power", 7), ("water", "range", [0, 2]), ("wind", "priority", 6),
    ("earth", "soak", 3)])
def test_elemental_tokens_give_their_bonus_for_the_beat(token, stat, value):
    """Fire +3 power, Water -1~+1 range, Wind +2 priority, Earth Soak 3 (hikaru.yaml)."""
    duel = new_duel("hikaru", "cadenza", d0=KEEP_TRANCE_FOCUSED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("focused", "strike"), ("mechanical", "strike"))
    ante(duel, 0, token)
    pass_ante(duel)
    keep_iron_body(duel)
    assert duel.prompt["kind"] == "move"  # Mechanical's End of Beat: the beat's last pause
    plain = {"range": [1, 1], "power": 4, "priority": 4, "soak": 0}
    assert attack_of(duel, 0) == {**plain, stat: value, "stun_guard": 7, "stun_immunity": False}
    answer(duel, 1, "move", to=4)
    settle(duel)
    # The bonus ends at Recycle: no token bonus is left (R5.7, R11.4).
    assert duel.state.players[0].this_beat.bonus_tokens == []


def test_trance_returns_anted_token_and_recovers_at_end_of_beat():
    """Trance: Reveal returns this beat's ante unused; End of Beat recovers a token, never
    the one anted this beat; range +0~1 (hikaru.yaml Trance)."""
    duel = new_duel("hikaru", "khadath", d0=KEEP_TRANCE_FOCUSED)
    stage(duel, spaces=(3, 5), token_pool=(["fire", "water"], None),
          token_discard=(["earth", "wind"], None))
    # Trance Drive (priority 4) vs Hunter's Strike (3).
    pairs(duel, ("trance", "drive"), ("hunters", "strike"))
    ante(duel, 0, "fire")
    assert [(f.player, f.token) for f in facts_of(duel.facts, F.Anted)] == [(0, "fire")]
    # Reveal: Fire is back in the pool and gives no +3 power.
    returned = facts_of(duel.facts, F.TokensReturned)
    assert [(f.player, f.tokens) for f in returned] == [(0, ["fire"])]
    assert pools(duel) == (["fire", "water"], ["earth", "wind"])
    answer(duel, 0, "move", to=4)  # Drive: advance 1; Khadath on 5 is at range 1
    assert [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [3]
    # End of Beat: recover Earth or Wind (Fire was anted this beat and is in the pool anyway).
    assert option_values(duel, "option") == ["earth", "wind"]
    answer(duel, 0, "pick", option="wind")
    settle(duel)
    assert pools(duel) == (["fire", "water", "wind"], ["earth"])
    assert life(duel) == (16, 17)

    # Trance's range +0~1: Trance Strike reaches range 2.
    duel = new_duel("hikaru", "khadath", d0=KEEP_TRANCE_FOCUSED)
    pairs(duel, ("trance", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert facts_of(duel.facts, F.Hit)[0].attacker == 0  # distance 2, range 1~2


def test_geomantic_spends_one_more_token_at_start_of_beat():
    """Geomantic: +1 power; Start of Beat: may spend one more token for its bonus
    (hikaru.yaml Geomantic)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("geomantic", "strike"), ("hunters", "shot"))
    ante(duel, 0, "wind")  # Strike 3 + Wind 2 = priority 5 vs Shot 2
    pass_ante(duel)
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [5, 2]
    # Optional: any token left in the pool, or none.
    assert option_values(duel, "option") == ["earth", "fire", "none", "water"]
    answer(duel, 0, "pick", option="fire")
    settle(duel)
    spent = facts_of(duel.facts, F.TokensSpent)
    assert [(f.player, f.tokens) for f in spent] == [(0, ["fire"])]
    # Strike 4 + Geomantic 1 + Fire 3.
    assert [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [8]
    assert pools(duel) == (["earth", "water"], ["fire", "wind"])
    assert life(duel) == (20, 12)  # 8 > Shot's Stun Guard 2: Khadath stunned, no reply


def test_geomantic_may_decline_the_extra_token():
    """Geomantic's spend is a "may": choosing none spends nothing (R18.4)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("geomantic", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    answer(duel, 0, "pick", option="none")
    settle(duel)
    assert not facts_of(duel.facts, F.TokensSpent)
    assert pools(duel) == (["earth", "fire", "water", "wind"], [])


def test_focused_has_stun_guard_2_and_recovers_a_token_on_hit():
    """Focused: +1 priority, Stun Guard 2; On Hit recover a token, not one anted this beat
    (hikaru.yaml Focused, Geomantic Assault)."""
    duel = new_duel("hikaru", "khadath", d0=KEEP_TRANCE_FOCUSED)
    stage(duel, spaces=(3, 4), token_pool=(["earth", "fire", "water"], None),
          token_discard=(["wind"], None))
    # Focused Strike (priority 4) vs Hunter's Shot (2).
    pairs(duel, ("focused", "strike"), ("hunters", "shot"))
    ante(duel, 0, "fire")
    pass_ante(duel)
    settle(duel)
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [4, 2]
    recovered = facts_of(duel.facts, F.TokenRecovered)
    # Fire (anted this beat) may not come back: Wind is the only choice, so it is not asked.
    assert [(f.player, f.token) for f in recovered] == [(0, "wind")]
    assert pools(duel) == (["earth", "water", "wind"], ["fire"])


def test_focused_stun_guard_is_2():
    """Focused Burst has Stun Guard 2 (Burst has none), so Drive's 3 damage stuns (R16.1)."""
    duel = new_duel("hikaru", "khadath", d0=KEEP_TRANCE_FOCUSED)
    stage(duel, spaces=(3, 4))
    # Focused Burst (priority 1 + 1 = 2) vs Hunter's Drive (4): Khadath is Active.
    pairs(duel, ("focused", "burst"), ("hunters", "drive"))
    pass_ante(duel)
    answer(duel, 0, "move", to=2)  # Burst: Hikaru retreats 1
    answer(duel, 1, "move", to=3)  # Drive: Khadath advances 1, adjacent again
    check = [f for f in facts_of(duel.facts, F.StunChecked) if f.player == 0][0]
    assert (check.damage, check.stun_guard, check.stunned) == (3, 2, True)


def test_advancing_gains_power_only_when_passing_the_opponent():
    """Advancing: Start of Beat advance 1; +1 power if that move passed the opponent
    (hikaru.yaml Advancing; R17.17)."""
    # Adjacent: the advance hops Khadath (4) into 5, so +1 power: 4 + 1 + 1 = 6.
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("advancing", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    moved = [f for f in facts_of(duel.facts, F.Moved) if f.player == 0][0]
    assert (moved.end, moved.passed) == (5, True)
    assert [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [6]

    # At range 2 the advance does not pass: 4 + 1 = 5.
    duel = new_duel("hikaru", "khadath")
    pairs(duel, ("advancing", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert spaces(duel) == (4, 5)
    assert [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [5]


def test_sweeping_takes_two_extra_damage_when_hit():
    """Sweeping: -1 power, +3 priority; if hit, Hikaru takes 2 more damage (hikaru.yaml)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("sweeping", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [6, 3]
    dealt = {f.attacker: f for f in facts_of(duel.facts, F.DamageDealt)}
    assert dealt[0].power == 3  # Strike 4 - 1
    assert (dealt[1].power, dealt[1].amount) == (6, 6)  # Strike 4 + Sweeping's 2
    assert life(duel) == (14, 17)


def test_palm_strike_advances_and_recovers_on_damage():
    """Palm Strike: range 1, power 2, priority 5; Start of Beat advance 1; On Damage
    recover a token (hikaru.yaml Palm Strike)."""
    duel = new_duel("hikaru", "khadath")
    stage(duel, token_pool=(["earth", "fire", "water"], None), token_discard=(["wind"], None))
    pairs(duel, ("sweeping", "palm-strike"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [8, 3]
    assert spaces(duel) == (4, 5)  # advanced 3 -> 4
    assert [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [1]
    assert [f.token for f in facts_of(duel.facts, F.TokenRecovered)] == ["wind"]
    assert pools(duel) == (["earth", "fire", "water", "wind"], [])


def test_palm_strike_recovers_nothing_without_damage():
    """On Damage needs at least 1 damage (R14.2): a fully soaked Palm Strike recovers nothing."""
    duel = new_duel("hikaru", "cadenza", d1=(("hydraulic", "dash"), ("battery", "grasp")))
    stage(duel, token_pool=(["earth", "fire", "water"], None), token_discard=(["wind"], None))
    # Clockwork Strike: Soak 3 against Sweeping Palm Strike's power 1.
    pairs(duel, ("sweeping", "palm-strike"), ("clockwork", "strike"))
    pass_ante(duel)
    settle(duel)
    dealt = [f for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0][0]
    assert dealt.amount == 0
    assert not facts_of(duel.facts, F.TokenRecovered)
    assert pools(duel) == (["earth", "fire", "water"], ["wind"])


def finisher_duel(finisher):
    duel = new_duel("hikaru", "cadenza", finishers=(finisher, None))
    stage(duel, spaces=(3, 4), life=(7, 20))
    return duel


def test_wrath_of_elements_spends_every_token_for_its_bonuses():
    """Wrath of Elements (range 1, power 7, priority 6): Reveal spends every pool token and
    applies all bonuses (hikaru.yaml; R25)."""
    duel = finisher_duel("wrath-of-elements")
    pairs(duel, ("special-action", "strike"), ("battery", "strike"))
    ante(duel, 0, "fire")
    pass_ante(duel)
    spent = facts_of(duel.facts, F.TokensSpent)
    assert [(f.player, sorted(f.tokens)) for f in spent] == [(0, ["earth", "water", "wind"])]
    # Priority 6 + Wind 2; power 7 + Fire 3 (anted); range 1 + Water -1~+1.
    assert facts_of(duel.facts, F.BecameActive)[0].priorities == [8, 2]
    assert attack_of(duel, 0)["range"] == [0, 2] and attack_of(duel, 0)["soak"] == 3
    assert [f.power for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0] == [10]
    keep_iron_body(duel)
    settle(duel)
    assert pools(duel) == ([], ["earth", "fire", "water", "wind"])
    me = duel.state.players[0]
    # The Finisher's Special Action leaves the game; Strike returns to hand (R25.5).
    assert "special-action" in me.removed and "strike" in me.hand
    assert life(duel) == (7, 10)


def test_four_winds_returns_anted_tokens_and_repeats_while_it_recovers():
    """Four Winds (range 1, power 2, priority 5): Reveal returns anted tokens unused;
    Before Activating advance 0 or 1; On Hit recover a token and, if one came back,
    repeat the attack (hikaru.yaml)."""
    duel = finisher_duel("four-winds")
    stage(duel, token_pool=(["earth", "water"], None), token_discard=(["fire", "wind"], None))
    pairs(duel, ("special-action", "strike"), ("mechanical", "strike"))
    ante(duel, 0, "earth")
    pass_ante(duel)
    assert [f.tokens for f in facts_of(duel.facts, F.TokensReturned)] == [["earth"]]
    # Advance 0 (stay on 3) or 1 (hop Cadenza on 4 into 5).
    assert option_values(duel) == [3, 5]
    answer(duel, 0, "move", to=3)
    assert option_values(duel, "option") == ["fire", "wind"]
    answer(duel, 0, "pick", option="fire")
    # Fire back -> repeat; Wind back (only choice) -> repeat; nothing left -> stop.
    assert [f.token for f in facts_of(duel.facts, F.TokenRecovered)] == ["fire", "wind", None]
    assert len(facts_of(duel.facts, F.AttackRepeated)) == 2
    hikaru_hits = [f for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0]
    assert [f.amount for f in hikaru_hits] == [2, 2, 2]
    answer(duel, 1, "move", to=4)  # Mechanical's End of Beat advance: 0
    settle(duel)
    assert pools(duel) == (["earth", "fire", "water", "wind"], [])
    assert life(duel) == (1, 14)  # Cadenza's Mechanical Strike hit back for 6


def test_focused_recovery_with_empty_token_discard_recovers_nothing():
    """A recovery with no recoverable token does nothing (R0.4)."""
    duel = new_duel("hikaru", "khadath", d0=KEEP_TRANCE_FOCUSED)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("focused", "strike"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert [f.token for f in facts_of(duel.facts, F.TokenRecovered)] == [None]
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, "kind": "pick", "option": "fire"})
