"""Demitras Denigrande's cards (demitras.yaml): Crescendo, five Styles, Deathblow and both
Finishers, plus scenario S53.

Demitras is player 0 (space 3) unless a test says otherwise; Khadath's Hunter's Style is
+0/+0/+0 while his Gate Trap is off the board. The tokens Demitras has not gained yet
wait in his token discard (his supply).
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.demitras import DemitrasCrescendo
from judge.battlecon.state import SPECIAL_ACTION as SA
from tests.judge.scene import (
    answer,
    answer_until,
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

# Discards that keep Darkside and Bloodletting (the defaults' yellow and green) in hand.
KEEP_DARKSIDE_BLOODLETTING = (("jousting", "dash"), ("illusory", "grasp"))
# Cadenza's discards that keep Clockwork (Soak 3) in hand.
KEEP_CLOCKWORK = (("battery", "dash"), ("grapnel", "grasp"))


def pool(duel, p=0):
    """(Crescendo tokens in the pool, in the token discard)."""
    me = duel.state.players[p]
    return me.token_pool.count("crescendo"), me.token_discard.count("crescendo")


def ante(duel, times=1):
    for _ in range(times):
        answer(duel, 0, "ante", token="crescendo")
        if duel.prompt and duel.prompt["kind"] == "ante" and duel.prompt["players"] == [1]:
            duel.decide({"player": 1, "kind": "pass"})


def finish(duel, choose=lambda options: options[0]):
    """Answer every remaining prompt of the beat (orders kept as printed, R18.5)."""
    out = settle(duel)
    while duel.prompt and (duel.prompt["kind"] != "attack_pair" or "order" in duel.prompt):
        out += answer_until(duel, "attack_pair", choose) + settle(duel)
    return out


def test_crescendo_starts_with_two_tokens_and_gives_priority_per_token():
    """Crescendo: 2 tokens in the pool, 3 aside; +1 priority for each token in the pool
    (demitras.yaml setup and ability)."""
    duel = new_duel("demitras", "khadath")
    me = duel.state.players[0]
    assert me.discard_1 == ["darkside", "dash"] and me.discard_2 == ["bloodletting", "grasp"]
    assert pool(duel) == (2, 3)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("vapid", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [5, 3]  # Strike 3 + Vapid 0 + 2 tokens


def test_crescendo_ante_any_number_plus_2_power_each():
    """Crescendo: any number anted (one per ante action), +2 power each; anted tokens no
    longer count for priority (demitras.yaml)."""
    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("vapid", "strike"), ("hunters", "shot"))
    ante(duel, 2)
    assert [f.token for f in facts_of(duel.facts, F.Anted)] == ["crescendo", "crescendo"]
    assert priorities(duel) == [3, 2]  # no token left in the pool
    finish(duel)
    # Vapid Strike: power 4 - 1 + 2 x 2.
    assert [f.power for f in dealt(duel, 0)] == [7]


def test_crescendo_gained_on_hit_and_lost_when_hit():
    """Crescendo: +1 token whenever Demitras hits (at most 5), -1 whenever he is hit
    (demitras.yaml)."""
    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(3, 4))
    # Illusory Strike (priority 6) hits first; Hunter's Strike hits back.
    pairs(duel, ("illusory", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish(duel)
    changes = facts_of(duel.facts, DemitrasCrescendo)
    assert [f.change for f in changes] == [1, -1]
    assert changes[1].rule == "crescendo: hit"
    assert changes[1].text == "Demitras is hit and loses a Crescendo token (2 left in his pool)."
    assert pool(duel) == (2, 3)


def test_darkside_dodges_range_4_and_retreats_on_hit():
    """Darkside: -2 power, +1 priority; opponents at range 4 or more cannot hit; On Hit
    retreat any number of spaces (demitras.yaml Darkside)."""
    duel = new_duel("demitras", "khadath", d0=KEEP_DARKSIDE_BLOODLETTING)
    stage(duel, spaces=(2, 6))
    pairs(duel, ("darkside", "shot"), ("hunters", "shot"))
    pass_ante(duel)
    settle(duel)
    assert option_values(duel) == [1, 2]
    answer(duel, 0, "move", to=2)
    settle(duel)
    assert [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == 1] == [
        "darkside"]
    assert [f.power for f in dealt(duel, 0)] == [1]


def test_jousting_advances_until_adjacent_then_as_far_as_possible():
    """Jousting: Start of Beat advance until adjacent; On Hit advance as far as possible
    (demitras.yaml Jousting)."""
    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(1, 5))
    pairs(duel, ("jousting", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish(duel)
    moves = [(f.start, f.end) for f in facts_of(duel.facts, F.Moved) if f.player == 0]
    assert moves == [(1, 4), (4, 7)]
    assert [f.power for f in dealt(duel, 0)] == [2]


def test_bloodletting_ignores_soak_and_gains_life_per_anted_token():
    """Bloodletting: -2 power, +3 priority; ignores Soak; On Hit gain 1 life per Crescendo
    token anted this beat (demitras.yaml Bloodletting, R15.5)."""
    duel = new_duel("demitras", "cadenza", d0=KEEP_DARKSIDE_BLOODLETTING, d1=KEEP_CLOCKWORK)
    stage(duel, spaces=(3, 4), life=(15, 20))
    pairs(duel, ("bloodletting", "strike"), ("clockwork", "strike"))
    ante(duel, 1)
    pass_ante(duel)
    settle(duel)
    hit = dealt(duel, 0)
    assert [(f.power, f.soak, f.amount) for f in hit] == [(4, 0, 4)]
    assert "Bloodletting ignores Soak 3" in hit[0].text
    gained = facts_of(duel.facts, F.LifeGained)
    assert [(f.player, f.amount) for f in gained] == [(0, 1)]


def test_s53_bloodletting_ignores_soak():
    """S53: Demitras's Bloodletting attack (power 5) against Soak 3 deals the full 5."""
    duel = new_duel("demitras", "cadenza", d0=KEEP_DARKSIDE_BLOODLETTING, d1=KEEP_CLOCKWORK)
    stage(duel, spaces=(3, 4))
    pairs(duel, ("bloodletting", "shot"), ("clockwork", "strike"))
    ante(duel, 2)
    pass_ante(duel)
    finish(duel, lambda options: next((o for o in options if o.get("accept") is False),
                                      options[0]))  # Cadenza keeps his Iron Body
    assert [(f.power, f.amount) for f in dealt(duel, 0)] == [(5, 5)]
    assert life(duel)[1] == 15


def test_illusory_returns_anted_tokens_and_dodges_higher_priority():
    """Illusory: -1 power, +1 priority; Reveal returns this beat's anted Crescendo tokens
    unused; with 2 or fewer tokens an opponent of higher priority cannot hit
    (demitras.yaml Illusory)."""
    duel = new_duel("demitras", "hikaru")
    stage(duel, spaces=(3, 5))
    # Illusory Burst (priority 1 + 1 + 2) vs Advancing Drive (priority 5).
    pairs(duel, ("illusory", "burst"), ("advancing", "drive"))
    ante(duel, 2)
    pass_ante(duel)
    returned = facts_of(duel.facts, F.TokensReturned)
    assert [(f.player, f.tokens) for f in returned] == [(0, ["crescendo", "crescendo"])]
    assert pool(duel) == (2, 3)
    assert priorities(duel) == [4, 5]
    finish(duel)
    assert [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == 1] == [
        "illusory"]


def test_vapid_stuns_an_opponent_with_priority_3_or_less():
    """Vapid: +0~1 range, -1 power; On Hit the opponent is stunned if their priority is
    3 or less (demitras.yaml Vapid)."""
    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("vapid", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish(duel)
    assert [f.player for f in facts_of(duel.facts, F.Stunned)] == [1]

    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("vapid", "strike"), ("hunters", "drive"))
    pass_ante(duel)
    finish(duel)
    assert facts_of(duel.facts, F.Stunned) == []
    assert any("more than 3: Vapid does not stun" in f.text
               for f in facts_of(duel.facts, F.Declined))


def test_deathblow_spends_tokens_for_power_and_gains_one_more():
    """Deathblow: range 1, power 0, priority 8; On Hit spend any number of tokens for +2
    power each; After Activating gain an extra token if it hit (demitras.yaml)."""
    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(3, 4))
    pairs(duel, ("illusory", "deathblow"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    assert duel.prompt["kind"] == "pick" and option_values(duel, "option") == ["0", "1", "2"]
    answer(duel, 0, "pick", option="2")
    settle(duel)
    finish(duel)
    assert [f.power for f in dealt(duel, 0)] == [3]  # 0 - 1 + 2 x 2
    gains = [f.change for f in facts_of(duel.facts, DemitrasCrescendo)]
    assert gains == [1, 1, -1]  # the hit, Deathblow's extra one, then Khadath's hit
    assert pool(duel) == (1, 4)


def test_symphony_of_demise_advances_and_fills_the_pool():
    """Symphony of Demise: range 1, power 0, priority 9; Before Activating advance up to 4;
    On Hit gain tokens until 5 (demitras.yaml)."""
    duel = new_duel("demitras", "khadath")
    stage(duel, spaces=(1, 5), life=(7, 20))
    pairs(duel, (SA, "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert priorities(duel) == [11, 3]
    assert option_values(duel) == [1, 2, 3, 4, 6]
    answer(duel, 0, "move", to=4)
    finish(duel)
    # Symphony fills the pool (+3); the hit's own token finds it full; Khadath hits back.
    assert [f.change for f in facts_of(duel.facts, DemitrasCrescendo)] == [3, -1]
    assert any("already has all five" in f.text for f in facts_of(duel.facts, F.Declined))
    assert pool(duel) == (4, 1)


def test_accelerando_ignores_stun_guard_and_advances_as_far_as_possible():
    """Accelerando: range 1~2, power 2, priority 4, ignores Stun Guard; Before Activating
    advance as far as possible; On Hit discard tokens for +2 power each (demitras.yaml)."""
    duel = new_duel("demitras", "khadath", finishers=("accelerando", None))
    stage(duel, spaces=(1, 5), life=(7, 20))
    pairs(duel, (SA, "strike"), ("hunters", "strike"))
    pass_ante(duel)
    assert spaces(duel) == (7, 5)
    answer(duel, 0, "pick", option="1")
    finish(duel)
    assert [f.power for f in dealt(duel, 0)] == [4]
    check = stun_checks(duel, 1)[0]
    assert check.stunned and check.rule == "R16.9"
