"""Rulebook FAQ scenarios between two of the new fighters (``scenarios.md``).

The scenarios about one new fighter are in that fighter's card tests (S22, S33, S34 in
``test_cards_heketch.py`` / ``test_cards_lixis.py``); here are those that need two of them.
"""

from __future__ import annotations

from judge.battlecon.stats import attack
from tests.judge.scene import new_duel, pairs, pass_ante

FORM_BLADED = (("bladed", "dash"), ("quicksilver", "grasp"))  # Kehrolyn's form: Bladed
LIXIS_KEEPS_NATURALIZING = (("venomous", "dash"), ("vine", "grasp"))


def revealed_whip_strike(lixis_style: str):
    duel = new_duel("kehrolyn", "lixis", d0=FORM_BLADED, d1=LIXIS_KEEPS_NATURALIZING)
    pairs(duel, ("whip", "strike"), (lixis_style, "strike"))
    pass_ante(duel)
    return duel


def test_s32_naturalizing_does_not_disable_kehrolyns_current_form():
    """S32 (000 FAQ > Lixis): Naturalizing caps the opponent at their printed Styles and
    Base, but Kehrolyn's current form is a second Style, not a bonus: Bladed's +2 power
    and Stun Guard 2 still apply [R18.11]."""
    plain = attack(revealed_whip_strike("rooted").state, 0)
    natural = attack(revealed_whip_strike("naturalizing").state, 0)
    assert (plain.power, plain.stun_guard) == (4 + 0 + 2, 5 + 2)  # Strike + Whip + Bladed
    assert (natural.power, natural.stun_guard) == (plain.power, plain.stun_guard)
    assert ("Bladed", 2) in natural.parts["power"]


def test_naturalizing_forbids_hikarus_geomantic_spend():
    """Naturalizing: nobody may spend tokens this beat, so Geomantic offers Hikaru no
    Elemental token to spend (lixis.yaml Naturalizing)."""
    from judge.battlecon import facts as F
    from tests.judge.scene import facts_of, settle

    duel = new_duel("hikaru", "lixis", d1=LIXIS_KEEPS_NATURALIZING)
    pairs(duel, ("geomantic", "strike"), ("naturalizing", "strike"))
    pass_ante(duel)
    settle(duel)
    while duel.prompt and duel.prompt["kind"] not in ("attack_pair", "pick"):
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    declined = [f.text for f in facts_of(duel.facts, F.Declined) if f.player == 0]
    assert "Hikaru may spend no token: Naturalizing: no player may spend tokens or counters " \
           "this beat." in declined
    assert not facts_of(duel.facts, F.TokensSpent)
    assert duel.state.players[0].token_pool == ["earth", "fire", "water", "wind"]
