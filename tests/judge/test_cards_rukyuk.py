"""Rukyuk Amberdeen's cards (rukyuk.yaml): Custom Ammunition and its six Ammo tokens,
five Styles, Reload and both Finishers. Rukyuk is player 0 (space 3) against Khadath
(space 5, Gate Trap off the board) unless a test says otherwise; Trick Shot (range 2~6,
power 3, priority -1, Stun Immunity) is his plain attack, Hunter's Shot (priority 2,
power 3) Khadath's.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.fighters.rukyuk import TOKENS, RukyukAmmoUnused
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

KEEP_GUNNER = (("sniper", "dash"), ("point-blank", "grasp"))
KEEP_POINT_BLANK = (("gunner", "dash"), ("sniper", "grasp"))


def dealt(duel, attacker):
    return [(f.power, f.amount) for f in facts_of(duel.facts, F.DamageDealt)
            if f.attacker == attacker]


def missed(duel, attacker):
    return [f.reason for f in facts_of(duel.facts, F.Missed) if f.attacker == attacker]


def pools(duel, p=0):
    me = duel.state.players[p]
    return sorted(me.token_pool), sorted(me.token_discard)


def shoot(duel, token, p0=("trick", "shot"), p1=("hunters", "shot")):
    """Both pairs; Rukyuk antes ``token`` (None: passes), then everyone passes."""
    pairs(duel, p0, p1)
    if token:
        answer(duel, 0, "ante", token=token)
    pass_ante(duel)


def test_custom_ammunition_tokens_start_in_the_pool():
    """Setup: all six Ammo tokens in Rukyuk's pool."""
    duel = new_duel("rukyuk", "khadath")
    assert pools(duel) == (sorted(TOKENS), [])


def test_custom_ammunition_cannot_hit_without_an_anted_token():
    """Without an Ammo token anted this beat his attack cannot hit."""
    duel = new_duel("rukyuk", "khadath")
    shoot(duel, None)
    settle(duel)
    assert missed(duel, 0) == ["custom-ammunition"] and dealt(duel, 0) == []


def test_custom_ammunition_antes_at_most_one_token_a_beat():
    """At most one Ammo token a beat: after one, his next ante turn has nothing to offer."""
    duel = new_duel("rukyuk", "khadath")
    pairs(duel, ("trick", "shot"), ("hunters", "shot"))
    assert len(duel.prompt["options"]) == 7  # six tokens or pass
    answer(duel, 0, "ante", token="explosive-shell")
    # Khadath has nothing to ante; Rukyuk, with five tokens left, has nothing either.
    passed = facts_of(duel.facts, F.Passed)
    assert [(f.player, f.forced) for f in passed] == [(1, True), (0, True)]
    assert pools(duel)[1] == ["explosive-shell"]


def test_explosive_shell_adds_2_power():
    duel = new_duel("rukyuk", "khadath")
    shoot(duel, "explosive-shell")
    settle(duel)
    assert dealt(duel, 0) == [(5, 5)]


def test_swift_shell_adds_2_priority():
    duel = new_duel("rukyuk", "khadath")
    shoot(duel, "swift-shell")
    assert priorities(duel) == [1, 2]


def test_longshot_shell_widens_range_by_1_each_way():
    """Longshot: range -1~+1, so Trick Shot reaches range 1."""
    duel = new_duel("rukyuk", "khadath")
    stage(duel, spaces=(3, 4))
    shoot(duel, "longshot-shell")
    settle(duel)
    assert "range 1~7" in [f.text for f in facts_of(duel.facts, F.Hit) if f.attacker == 0][0]


def test_ap_shell_ignores_soak():
    """AP Shell: the opponent's Soak does not reduce his damage (R15.5)."""
    duel = new_duel("rukyuk", "kehrolyn")
    shoot(duel, "ap-shell", p1=("exoskeletal", "shot"))  # Soak 2, twice with Mutating's copy
    settle(duel)
    damage = [f for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 0]
    assert [(f.power, f.soak, f.amount) for f in damage] == [(3, 0, 3)]
    assert "the AP Shell ignores Soak 4" in damage[0].text


def test_flash_shell_ignores_stun_guard():
    """Flash Shell: 3 damage stuns through Strike's Stun Guard 5 (R16.9)."""
    duel = new_duel("rukyuk", "khadath")
    shoot(duel, "flash-shell", p1=("hunters", "strike"))
    settle(duel)
    checks = [(f.rule, f.damage, f.stunned) for f in facts_of(duel.facts, F.StunChecked)
              if f.player == 1]
    assert checks == [("R16.9", 3, True)]


def test_impact_shell_pushes_2_on_hit():
    duel = new_duel("rukyuk", "khadath")
    shoot(duel, "impact-shell")
    settle(duel)
    assert [(f.player, f.kind, f.end) for f in facts_of(duel.facts, F.Moved)] == [(1, "push", 7)]


def test_gunner_may_discard_a_token_for_range_1_to_5_then_moves():
    """Gunner: range +2~4, or +1~5 for an Ammo token discarded without its effect; After
    Activating: move 1 or 2 spaces."""
    duel = new_duel("rukyuk", "khadath", d0=KEEP_GUNNER)
    shoot(duel, "explosive-shell", p0=("gunner", "strike"))
    settle(duel)
    assert option_values(duel, "option") == sorted(
        [t for t in TOKENS if t != "explosive-shell"] + ["none"])
    answer(duel, 0, "pick", option="swift-shell")
    assert [f.token for f in facts_of(duel.facts, F.TokenDiscarded)] == ["swift-shell"]
    assert priorities(duel) == [3, 2]  # the Swift Shell's +2 priority does not apply
    assert dealt(duel, 0) == [(6, 6)]  # Strike 4 + Explosive 2, at range 2 (2~6)
    assert option_values(duel) == [1, 2, 4, 6]  # after the hit: move 1 or 2 (hop over 5)
    answer(duel, 0, "move", to=1)
    assert pools(duel)[1] == ["explosive-shell", "swift-shell"]


def test_gunner_without_a_token_keeps_range_2_to_4():
    duel = new_duel("rukyuk", "khadath", d0=KEEP_GUNNER)
    shoot(duel, "explosive-shell", p0=("gunner", "strike"))
    settle(duel)
    answer(duel, 0, "pick", option="none")
    assert missed(duel, 0) == ["out_of_range"]  # Strike 1 + 2~4 = 3~5 at range 2


def test_sniper_reaches_4_to_9_and_moves_1_to_3():
    """Sniper: range +3~5, +1 power, +2 priority; After Activating: move 1, 2 or 3."""
    duel = new_duel("rukyuk", "khadath")
    stage(duel, spaces=(1, 6))
    shoot(duel, "explosive-shell", p0=("sniper", "shot"))
    assert priorities(duel) == [4, 2]
    settle(duel)
    assert dealt(duel, 0) == [(6, 6)]  # Shot 3 + Sniper 1 + Explosive 2
    assert option_values(duel) == [2, 3, 4]
    answer(duel, 0, "move", to=4)


def test_point_blank_pushes_0_to_2_on_damage():
    """Point Blank: range +0~1, Stun Guard 2; On Damage: push 0-2 spaces."""
    duel = new_duel("rukyuk", "khadath", d0=KEEP_POINT_BLANK)
    shoot(duel, "explosive-shell", p0=("point-blank", "strike"))
    settle(duel)
    assert option_values(duel) == [5, 6, 7]
    answer(duel, 0, "move", to=7)
    assert spaces(duel) == (3, 7)


def test_trick_has_stun_immunity():
    """Trick: Stun Immunity, so Khadath's hit does not stun him."""
    duel = new_duel("rukyuk", "khadath")
    stage(duel, spaces=(3, 4))
    shoot(duel, "explosive-shell", p1=("hunters", "strike"))
    settle(duel)
    checks = [(f.rule, f.stunned) for f in facts_of(duel.facts, F.StunChecked) if f.player == 0]
    assert checks == [("R16.10", False)]


def test_crossfire_may_discard_a_token_for_2_power():
    """Crossfire: range +2~3, priority -2, Soak 2; On Hit: may discard an Ammo token for
    +2 power."""
    duel = new_duel("rukyuk", "khadath")
    stage(duel, spaces=(2, 5))
    shoot(duel, "explosive-shell", p0=("crossfire", "shot"))
    settle(duel)
    answer(duel, 0, "pick", option="ap-shell")
    assert dealt(duel, 0) == [(7, 7)]  # Shot 3 + Explosive 2 + Crossfire 2
    assert [f.soak for f in facts_of(duel.facts, F.DamageDealt) if f.attacker == 1] == [2]


def test_reload_moves_directly_and_recovers_every_token():
    """Reload: never hits (range N/A); After Activating: move directly to any unoccupied
    space; End of Beat: recover all Ammo tokens."""
    duel = new_duel("rukyuk", "khadath")
    stage(duel, token_pool=(["ap-shell", "flash-shell"], None),
          token_discard=(["explosive-shell", "impact-shell", "longshot-shell", "swift-shell"],
                         None))
    shoot(duel, "ap-shell", p0=("trick", "reload"))
    settle(duel)
    assert missed(duel, 0) == ["range_na"]
    assert option_values(duel) == [1, 2, 4, 6, 7]
    answer(duel, 0, "move", to=7)
    settle(duel)
    assert pools(duel) == (sorted(TOKENS), [])
    assert spaces(duel) == (7, 5)


def test_fully_automatic_ignores_ammo_and_repeats_for_a_token():
    """Fully Automatic: range 3~6, power 2; Ammo effects do not apply (an anted token is
    still needed to hit); On Hit: may discard an Ammo token to repeat the attack."""
    duel = new_duel("rukyuk", "khadath", ante_finishers=True)
    stage(duel, spaces=(1, 5), life=(7, 20))
    pairs(duel, ("trick", "shot"), ("hunters", "shot"))
    answer(duel, 0, "ante", token="explosive-shell")  # Khadath has nothing to ante
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    unused = facts_of(duel.facts, RukyukAmmoUnused)
    assert [f.tokens for f in unused] == [["explosive-shell"]]
    settle(duel)
    answer(duel, 0, "pick", option="ap-shell")  # repeat once
    answer(duel, 0, "pick", option="none")
    assert dealt(duel, 0) == [(2, 2), (2, 2)]
    assert pools(duel)[1] == ["ap-shell", "explosive-shell"]
    assert life(duel)[1] == 16


def test_force_grenade_hits_without_ammo_pushes_and_retreats():
    """Force Grenade: range 1~2, power 4; hits with no Ammo token anted; On Hit: push any
    number of spaces; After Activating: retreat any number of spaces."""
    duel = new_duel("rukyuk", "khadath", ante_finishers=True,
                    finishers=("force-grenade", None))
    stage(duel, life=(7, 20))
    pairs(duel, ("trick", "shot"), ("hunters", "shot"))
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    settle(duel)
    assert option_values(duel) == [5, 6, 7]
    answer(duel, 0, "move", to=7)
    assert dealt(duel, 0) == [(4, 4)]
    assert option_values(duel) == [1, 2, 3]
    answer(duel, 0, "move", to=1)
    assert spaces(duel) == (1, 7)
