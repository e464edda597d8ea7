"""Hepzibah Culotre's cards (hepzibah.yaml): the five Dark Pacts, five Styles, Bloodlight
and both Finishers. Hepzibah is player 0 (space 3), her opponent player 1 (space 4), and
Hepzibah antes first, unless a test says otherwise.

Opponents are chosen for predictable numbers: Khadath's Hunter's Style is +0/+0/+0 while
his Gate Trap is off the board, and Khadath has nothing to ante (his passes are forced);
Hikaru holds four different tokens (Darkheart's discard is his choice).
Engine rulings tested as such: one Pact per ante action (R5.6); she never pays her last
life point; Seal the Pact's payment is an ante option, for the first Pact she pays for.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from judge.battlecon import facts as F
from judge.battlecon.fighters.hepzibah import PACTS, HepzibahPactAnted
from judge.battlecon.notation import state_json
from judge.battlecon.replay import replay_facts
from judge.battlecon.roster import card, fighter
from judge.battlecon.stats import attack
from judge.errors import IllegalDecisionError
from tests.judge.scene import (
    answer,
    dealt,
    facts_of,
    life,
    new_duel,
    pairs,
    pass_ante,
    settle,
    stage,
    stun_checks,
)

CARDDATA = Path(__file__).parents[2] / "judge" / "battlecon" / "carddata" / "hepzibah.toml"
# Discards that keep Pactbond, Anathema and Bloodlight in hand.
KEEP = (("darkheart", "dash"), ("accursed", "drive"))
KEEP_DARK = (("pactbond", "dash"), ("accursed", "drive"))  # Darkheart and Anathema in hand
KHADATH = (("evacuation", "dash"), ("teleport", "grasp"))


def duel_vs(opponent: str = "khadath", d0=KEEP, life_=(20, 20), **kw):
    duel = new_duel("hepzibah", opponent, d0=d0, **kw)
    stage(duel, spaces=(3, 4), life=life_)
    return duel


def ante_options(duel) -> list[dict]:
    assert duel.prompt["kind"] == "ante" and duel.prompt["players"] == [0], duel.prompt
    return [{k: v for k, v in o.items() if k not in ("player", "kind")}
            for o in duel.prompt["options"]]


def ante(duel, *chosen: str, paid_by: str | None = None) -> list:
    """Hepzibah antes these Pacts, one per ante action; the opponent passes between."""
    out = []
    for pact in chosen:
        extra = {"paid_by": paid_by} if paid_by else {}
        out += answer(duel, 0, "ante", token=pact, **extra)
        while duel.prompt and duel.prompt["kind"] == "ante" and duel.prompt["players"] == [1]:
            out += duel.decide({"player": 1, "kind": "pass"})
    return out


def finish_beat(duel, choose=lambda options: options[0]):
    """Answer prompts until the next beat's pairs are asked for (or the duel ends)."""
    while duel.prompt and duel.prompt["kind"] != "attack_pair":
        settle(duel)
        if duel.prompt and duel.prompt["kind"] != "attack_pair":
            duel.decide(choose(duel.prompt["options"]))


def attack_at_priority(duel, p=0):
    """Player p's attack as it stood when priority was decided this beat (the state rebuilt
    from the facts up to that point)."""
    last = max(i for i, f in enumerate(duel.facts) if isinstance(f, F.BecameActive))
    return attack(replay_facts(duel.setup, duel.facts[:last + 1]), p)


def in_play(duel, p=0):
    return list(duel.state.players[p].in_play)


def counters(duel, p=0):
    return dict(duel.state.players[p].counters)


# --- Dark Pacts ----------------------------------------------------------------------------


def test_dark_pacts_start_beside_her_and_all_five_are_offered_at_the_ante():
    """Setup: the five Dark Pacts are beside her, none in play; at the Ante each is offered
    for 1 life, and she may pass."""
    duel = duel_vs()
    assert in_play(duel) == [] and counters(duel) == {"pactbond-free": 0, "pactbond-beat": 0,
                                                       "sealed": 0}
    assert [c.id for c in fighter("hepzibah").persistent] == list(PACTS)
    pairs(duel, ("pactbond", "strike"), ("hunters", "strike"))
    assert ante_options(duel) == [{"token": p} for p in PACTS] + [{}]


def test_a_dark_pact_costs_1_life_and_stays_in_play_for_the_beat():
    """Dark Pact: anted, the Pact is in play (state JSON ``in_play``) and she loses 1 life
    (paying is life loss, R14.7); it cannot be anted twice in a beat."""
    duel = duel_vs()
    pairs(duel, ("pactbond", "strike"), ("hunters", "strike"))
    got = ante(duel, "almighty")
    assert [(f.pact, f.paid_by) for f in facts_of(got, HepzibahPactAnted)] == [
        ("almighty", "self")]
    assert [(f.player, f.amount, f.actual, f.rule) for f in facts_of(got, F.LifeLost)] == [
        (0, 1, 1, "R14.7")]
    assert life(duel) == (19, 20) and in_play(duel) == ["almighty"]
    assert state_json(duel.state, None)["players"][0]["in_play"] == ["almighty"]
    assert {"token": "almighty"} not in ante_options(duel)
    assert len(ante_options(duel)) == 5  # four Pacts and the pass


def test_she_never_pays_her_last_life_point_for_a_pact():
    """Dark Pact: at 2 life she can buy one Pact (down to 1); at 1 life none is offered
    and her pass is forced."""
    duel = duel_vs(life_=(2, 20), d0=KEEP_DARK)
    pairs(duel, ("anathema", "strike"), ("hunters", "burst"))
    ante(duel, "endless")
    assert life(duel)[0] == 1
    assert duel.prompt["kind"] == "move"  # nothing left she can pay for: the Ante ended
    passes = [f for f in facts_of(duel.facts, F.Passed) if f.player == 0]
    assert passes and passes[-1].forced


def test_almighty_endless_inevitable_and_immortality_add_their_bonuses():
    """Almighty +2 power, Endless +2 priority, Inevitable range +0~1, Immortality Soak 2,
    all for this beat (Pactbond Strike: power 3, priority 2, range 1)."""
    duel = duel_vs()
    pairs(duel, ("pactbond", "strike"), ("hunters", "strike"))
    ante(duel, "almighty", "endless", "inevitable", "immortality")
    pass_ante(duel)
    a = attack_at_priority(duel)
    assert (a.power, a.priority, a.range, a.soak) == (5, 4, (1, 2), 2)
    assert ("Almighty", 2) in a.parts["power"] and ("Immortality", 2) in a.parts["soak"]


def test_corruption_ignores_the_opponents_stun_guard():
    """Corruption: Hepzibah's attack ignores Stun Guard: 3 damage stuns Khadath through
    Strike's Stun Guard 5; without it he is not stunned."""
    for pact, stunned in (("corruption", True), (None, False)):
        duel = duel_vs()
        pairs(duel, ("pactbond", "grasp"), ("hunters", "strike"))
        if pact:
            ante(duel, pact)
        pass_ante(duel)
        finish_beat(duel)
        assert [f.amount for f in dealt(duel, 0)] == [1]  # Pactbond Grasp: power 1
        checks = stun_checks(duel, 1)
        assert checks and checks[0].stunned is stunned, (pact, checks)


def test_the_pacts_come_back_to_her_when_she_recycles():
    """Dark Pact: every anted Pact returns when she recycles, ready for the next beat."""
    duel = duel_vs()
    pairs(duel, ("pactbond", "strike"), ("hunters", "shot"))
    ante(duel, "almighty", "endless")
    pass_ante(duel)
    finish_beat(duel)
    back = facts_of(duel.facts, F.LeftPlay)
    assert [(f.player, sorted(f.cards)) for f in back] == [(0, ["almighty", "endless"])]
    assert "come back" in back[0].text and in_play(duel) == []


# --- Styles --------------------------------------------------------------------------------


def test_pactbond_regains_1_life_per_pact_at_most_2():
    """Pactbond (Reveal): regain 1 life per Pact anted, at most 2: three Pacts cost 3 and
    give back 2."""
    duel = duel_vs(life_=(10, 20))
    pairs(duel, ("pactbond", "strike"), ("hunters", "shot"))
    ante(duel, "almighty", "endless", "immortality")
    pass_ante(duel)
    settle(duel)
    healed = [f for f in facts_of(duel.facts, F.LifeGained) if f.rule == "pactbond: Reveal"]
    assert [(f.amount, f.actual) for f in healed] == [(2, 2)]
    assert life(duel)[0] == 9  # 10 - 3 + 2, before the attacks


def test_pactbond_frees_a_named_pact_for_the_next_beat_only():
    """Pactbond (End of Beat): she names a Pact; next beat it is offered even at 1 life
    and costs nothing; the beat after, it costs life again."""
    duel = duel_vs(life_=(2, 20))
    pairs(duel, ("pactbond", "shot"), ("hunters", "burst"))
    pass_ante(duel)
    while duel.prompt["kind"] != "pick":
        settle(duel)
        duel.decide(duel.prompt["options"][0])
    assert sorted(o["option"] for o in duel.prompt["options"]) == list(PACTS)
    answer(duel, 0, "pick", option="immortality")
    assert counters(duel)["pactbond-free"] == PACTS.index("immortality") + 1
    finish_beat(duel)
    stage(duel, life=(1, 20), spaces=(3, 4))
    pairs(duel, ("anathema", "strike"), ("lure", "burst"))
    assert ante_options(duel) == [{"token": "immortality"}, {}]  # only the free Pact at 1
    got = ante(duel, "immortality")
    assert [f.paid_by for f in facts_of(got, HepzibahPactAnted)] == ["free"]
    assert not facts_of(got, F.LifeLost) and life(duel)[0] == 1
    assert duel.prompt["kind"] == "move"  # Burst: the Ante is over


def test_darkheart_heals_2_and_the_opponent_discards_a_token_of_their_choice():
    """Darkheart (On Hit): Hepzibah heals 2; Hikaru picks one of his four Elemental tokens
    and discards it from his pool."""
    duel = duel_vs("hikaru", d0=KEEP_DARK, life_=(10, 20))
    pairs(duel, ("darkheart", "strike"), ("sweeping", "shot"))
    pass_ante(duel)
    while duel.prompt["kind"] != "pick":
        settle(duel)
        duel.decide(duel.prompt["options"][0])
    assert duel.prompt["players"] == [1]
    assert sorted(o["option"] for o in duel.prompt["options"]) == ["earth", "fire", "water",
                                                                   "wind"]
    answer(duel, 1, "pick", option="wind")
    gained = [f for f in facts_of(duel.facts, F.LifeGained) if f.rule == "darkheart: On Hit"]
    assert [(f.amount, f.actual) for f in gained] == [(2, 2)]
    assert [(f.player, f.token) for f in facts_of(duel.facts, F.TokenDiscarded)] == [(1, "wind")]
    assert "wind" not in duel.state.players[1].token_pool


def test_anathema_adds_power_and_priority_per_pact_up_to_3():
    """Anathema: -1 power, -1 priority, then +1/+1 per Pact anted, at most +3/+3
    (Strike: power 4, priority 3; four Pacts but Endless's and Almighty's +2 aside)."""
    duel = duel_vs(d0=KEEP_DARK)
    pairs(duel, ("anathema", "strike"), ("hunters", "strike"))
    ante(duel, "corruption", "immortality")
    pass_ante(duel)
    a = attack_at_priority(duel)
    assert (a.power, a.priority) == (4 - 1 + 2, 3 - 1 + 2)
    duel = duel_vs(d0=KEEP_DARK)
    pairs(duel, ("anathema", "strike"), ("hunters", "strike"))
    ante(duel, "corruption", "immortality", "inevitable", "endless")
    pass_ante(duel)
    a = attack_at_priority(duel)
    assert (a.power, a.priority) == (4 - 1 + 3, 3 - 1 + 3 + 2)


def test_accursed_has_stun_immunity_with_three_pacts_not_two():
    """Accursed: range +0~1, -1 power; Stun Immunity with 3 or more Pacts anted."""
    duel = duel_vs(d0=(("pactbond", "dash"), ("darkheart", "shot")))
    pairs(duel, ("accursed", "strike"), ("hunters", "shot"))
    ante(duel, "corruption", "immortality")
    pass_ante(duel)
    assert not attack_at_priority(duel).stun_immunity
    duel = duel_vs(d0=(("pactbond", "dash"), ("darkheart", "shot")))
    pairs(duel, ("accursed", "strike"), ("hunters", "shot"))
    ante(duel, "corruption", "immortality", "inevitable")
    pass_ante(duel)
    a = attack_at_priority(duel)
    assert a.stun_immunity and a.range == (1, 3) and a.power == 3


def test_necrotizing_pays_up_to_3_life_for_as_much_power():
    """Necrotizing (On Hit): pay 0-3 life, never the last point, +1 power each: at 3 life
    she may pay 0, 1 or 2; paying 2 makes Strike's 3 power 5."""
    duel = duel_vs(d0=(("pactbond", "dash"), ("darkheart", "shot")), life_=(3, 20))
    pairs(duel, ("necrotizing", "strike"), ("hunters", "burst"))
    pass_ante(duel)
    answer(duel, 1, "move", to=5)  # Burst: Khadath retreats to range 2
    while duel.prompt["kind"] != "pick":
        settle(duel)
        duel.decide(duel.prompt["options"][0])
    assert sorted(o["option"] for o in duel.prompt["options"]) == ["0", "1", "2"]
    answer(duel, 0, "pick", option="2")
    lost = [f for f in facts_of(duel.facts, F.LifeLost) if f.player == 0]
    assert [(f.amount, f.actual) for f in lost] == [(2, 2)]
    assert [f.amount for f in dealt(duel, 0)] == [5]
    assert life(duel)[0] == 1


def test_bloodlight_heals_the_damage_dealt_at_most_one_per_pact():
    """Bloodlight (On Damage): range 1~3, power 2, priority 3; heal the damage dealt, at
    most the number of Pacts anted: 4 damage with 2 Pacts heals 2."""
    assert (card("bloodlight").range, card("bloodlight").power,
            card("bloodlight").priority) == ((1, 3), 2, 3)
    duel = duel_vs(life_=(10, 20))
    pairs(duel, ("pactbond", "bloodlight"), ("hunters", "burst"))
    ante(duel, "almighty", "endless")  # power 2 - 1 + 2 = 3
    pass_ante(duel)
    finish_beat(duel)
    assert [f.amount for f in dealt(duel, 0)] == [3]
    healed = [f for f in facts_of(duel.facts, F.LifeGained) if f.rule == "bloodlight: On Damage"]
    assert [f.amount for f in healed] == [2]


# --- Finishers -----------------------------------------------------------------------------


def seal_the_pact(opponent_life: int):
    """Seal the Pact activates (a Special Action Finisher at 7 life), then the next beat's
    Ante begins with the opponent at ``opponent_life``."""
    duel = new_duel("hepzibah", "khadath", d0=KEEP, d1=KHADATH)
    stage(duel, spaces=(1, 7), life=(7, 20))  # out of each other's reach
    pairs(duel, ("special-action", "strike"), ("hunters", "strike"))
    pass_ante(duel)
    finish_beat(duel)
    stage(duel, life=(10, opponent_life), spaces=(3, 4))
    pairs(duel, ("pactbond", "strike"), ("lure", "shot"))
    return duel


def test_seal_the_pact_lets_the_opponent_pay_for_her_first_pact_each_beat():
    """Seal the Pact (After Activating): range N/A, Soak 2; for the rest of the duel the
    first Pact she pays for each beat may be paid with the opponent's life (an ante option
    ``paid_by: opponent``); the second costs her own life again."""
    stp = card("seal-the-pact")
    assert (stp.range, stp.power, stp.priority, stp.soak) == ("N/A", "N/A", 0, 2)
    duel = seal_the_pact(opponent_life=20)
    assert counters(duel)["sealed"] == 1
    assert {"token": "almighty", "paid_by": "opponent"} in ante_options(duel)
    got = ante(duel, "almighty", paid_by="opponent")
    assert [(f.player, f.actual) for f in facts_of(got, F.LifeLost)] == [(1, 1)]
    assert life(duel) == (10, 19)
    assert all("paid_by" not in o for o in ante_options(duel))  # only the first Pact
    ante(duel, "endless")
    assert life(duel) == (9, 19) and in_play(duel) == ["almighty", "endless"]


def test_s31_hepzibah_cannot_spend_the_opponents_last_life_point():
    """S31 (FAQ > Hepzibah): spending the opponent's life for a Dark Pact is life loss and
    cannot take them below 1, so at 1 life the option is not offered (R14.7, R28.6); a
    decision naming it is refused."""
    duel = seal_the_pact(opponent_life=1)
    assert counters(duel)["sealed"] == 1
    assert all("paid_by" not in o for o in ante_options(duel))
    with pytest.raises(IllegalDecisionError):
        duel.decide({"player": 0, "kind": "ante", "token": "almighty", "paid_by": "opponent"})
    assert life(duel) == (10, 1)
    duel = seal_the_pact(opponent_life=2)  # at 2 the point can be spent: down to 1
    ante(duel, "almighty", paid_by="opponent")
    assert life(duel) == (10, 1)


def test_altazziar_drops_her_life_to_1_and_doubles_the_pact_bonuses():
    """Altazziar: range 1, power 6, priority 2; Start of Beat her life drops to 1; each
    anted Pact's bonus counts twice (Almighty +4 power, Immortality Soak 4)."""
    duel = new_duel("hepzibah", "khadath", d0=KEEP, d1=KHADATH, ante_finishers=True,
                    finishers=("altazziar", None))
    stage(duel, spaces=(3, 4), life=(7, 20))
    pairs(duel, ("pactbond", "strike"), ("hunters", "shot"))
    ante(duel, "almighty", "immortality")
    answer(duel, 0, "ante", finisher=True)
    pass_ante(duel)
    a = attack_at_priority(duel)
    assert (a.power, a.priority, a.range, a.soak) == (6 + 4, 2, (1, 1), 4)
    assert ("Altazziar doubles Almighty", 2) in a.parts["power"]
    settle(duel)
    while not [f for f in facts_of(duel.facts, F.LifeLost) if f.rule == "altazziar: Start of Beat"]:
        duel.decide(duel.prompt["options"][0])
        settle(duel)
    assert life(duel)[0] == 1


# --- kit and card data ---------------------------------------------------------------------


def test_hepzibah_kit_stats():
    """Stats as printed (hepzibah.yaml)."""
    stats = {c.id: (c.range, c.power, c.priority, c.soak, c.stun_guard)
             for c in fighter("hepzibah").own_cards() if c.kind != "pact"}
    assert stats == {
        "pactbond": ((0, 0), -1, -1, 0, 0), "darkheart": ((0, 0), 0, -1, 0, 0),
        "anathema": ((0, 0), -1, -1, 0, 0), "accursed": ((0, 1), -1, 0, 0, 0),
        "necrotizing": ((0, 2), -1, 0, 0, 0), "bloodlight": ((1, 3), 2, 3, 0, 0),
        "seal-the-pact": ("N/A", "N/A", 0, 2, 0), "altazziar": ((1, 1), 6, 2, 0, 0),
        "dark-pact": ((0, 0), 0, 0, 0, 0)}
    assert fighter("hepzibah").default_discards == (("pactbond", "dash"),
                                                    ("anathema", "grasp"))


def test_carddata_choices_match_the_code():
    """carddata/hepzibah.toml: a doubt for each Pact (implementation values), and every
    value the judge uses is the one the code declares."""
    choices = tomllib.loads(CARDDATA.read_text())["choice"]
    assert {c["card"] for c in choices} >= set(PACTS)
    bonus = {c.id: [(p.stat, p.amount) for p in c.passives] for c in fighter("hepzibah").persistent}
    assert bonus == {"almighty": [("power", 2)], "corruption": [], "endless": [("priority", 2)],
                     "immortality": [("soak", 2)], "inevitable": [("range", (0, 1))]}
    for choice in choices:
        if choice["field"] == "power":
            assert card(choice["card"]).power == choice["value"], choice
        elif choice["field"] == "discards":
            assert [list(p) for p in fighter("hepzibah").default_discards] == choice["value"]
