"""The Special Ability verbs a player's own cards need (issue 33), scenario by scenario on
harness cards (sample cards with one ability entered): a nature symbol that changes what
a move counts, in either direction, by an amount or a factor (004 §14 Important, §22;
AG43); "Damage Calculation is Discarded" (004 §26, A24.9; AG44); a dice duel a Special
Ability starts (004 §15; AG45); an ability that lets its owner target a striker, and a
force challenge declared from that striker with its 10 LP (004 §16/§18 Important #2,
A16.11; AG46). Each asserts what a judge sees: LP, striker LP, the facts' rules, who
challenged, the DP counted."""

from __future__ import annotations

from fractions import Fraction

import pytest

from judge.artobattlers.dpverbs import scaled
from judge.errors import IllegalDecisionError, RecordError
from tests.artobattlers.scene import EK, GB, MJ, VW, R, attack, die, duel_dice, lp, types
from tests.artobattlers.test_harness_cards import card, match, with_move
from tests.artobattlers.test_sentences import decisions


def ability(name: str, text: str, **verb) -> dict:
    return {"name": name, "text": text, "structured": verb}


def facts_of(facts: list, kind: str) -> list:
    return [x for x in facts if type(x).__name__ == kind]


def counted(m, move: str, aimed: bool = False) -> dict:
    """The prompt's ``attack_dp`` entry for ``move`` (on the usual target or its striker)."""
    return next(x for x in m.prompt["attack_dp"] if x["move"] == move
                and bool(x.get("target_striker")) == aimed)


# --- nature_dp (AG43) -------------------------------------------------------------------------

TIDEBREAKER = ability("Tidebreaker", "This character's FIRE moves count double against a "
                      "WATER character.", action="nature_dp", moves="own", nature="fire",
                      versus="water", factor=2)


def test_a_fire_move_counts_double_against_a_character_of_water():
    m = match(card(EK, "tide-knight", special_ability=TIDEBREAKER), GB)
    assert (counted(m, "flame-combo")["dp"], counted(m, "blade-rush")["dp"]) == (160, 40)
    facts = attack(m, "flame-combo")
    applied = facts_of(facts, "AbilityApplied")
    assert [(x.rule, x.source, x.character, x.dp) for x in applied] == [
        ("AG43", "tide-knight/tidebreaker", "tide-knight", 160)]
    assert m.state.attack.dp == 160 and "80 → 160" in m.state.attack.dp_note
    die(m, 1)  # STAY 1: a Hit
    assert lp(m, GB) == 400 - 160


def test_a_character_of_no_water_is_not_reached_and_damp_hide_still_counts():
    m = match(card(EK, "tide-knight", special_ability=TIDEBREAKER), MJ)
    assert counted(m, "flame-combo") == {
        "character": "tide-knight", "striker": False, "move": "flame-combo", "target": MJ,
        "dp": 60, "note": "Damp Hide: a FIRE move counts 20 less"}
    assert "AbilityApplied" not in types(attack(m, "flame-combo"))


@pytest.mark.parametrize(("add", "dp", "after"), [(25, 55, 400 - 55), (-25, 5, 400 - 5)])
def test_a_move_against_this_character_counts_more_or_less_by_an_amount(add, dp, after):
    rod = ability("Lightning Rod", "THUNDER moves count differently against this character.",
                  action="nature_dp", moves="against", nature="thunder", add=add)
    m = match(VW, card(GB, "rod-gear", special_ability=rod))
    assert counted(m, "spark-needle")["dp"] == dp
    facts = attack(m, "spark-needle")
    assert [(x.rule, x.character) for x in facts_of(facts, "AbilityApplied")] == [
        ("AG43", "rod-gear")]
    die(m, 1)
    assert lp(m, "rod-gear") == after


def test_an_amount_never_takes_a_move_below_its_minimum():
    hide = ability("Rubber Hide", "THUNDER moves count 50 less against this character.",
                   action="nature_dp", moves="against", nature="thunder", add=-50, minimum=0)
    m = match(VW, card(GB, "rubber-gear", special_ability=hide))
    assert counted(m, "spark-needle")["dp"] == 0
    attack(m, "spark-needle")
    facts = die(m, 1)
    assert lp(m, "rubber-gear") == 400
    assert facts_of(facts, "OutcomeClassified")[0].outcome == "none"  # AG20


@pytest.mark.parametrize(("reading", "after"), [("round_up", 400 - 18), ("round_down", 400 - 17)])
def test_a_factor_that_leaves_a_half_rounds_as_ag4_reads(reading, after):
    grounded = ability("Grounded", "THUNDER moves count half against this character.",
                       action="nature_dp", moves="against", nature="thunder", factor=0.5)
    wisp = with_move(VW, "odd-wisp", "spark-needle", dp=35)
    m = match(wisp, card(GB, "grounded-gear", special_ability=grounded),
              rulings={"AG4": reading})
    attack(m, "spark-needle")
    die(m, 1)
    assert lp(m, "grounded-gear") == after


def test_scaled_goes_to_the_nearest_whole_number():
    assert [scaled(50, Fraction(3, 2), "round_up"), scaled(45, Fraction(1, 3), "round_up"),
            scaled(40, Fraction(1, 3), "round_up"), scaled(35, Fraction(1, 2), "round_down")] == [
        75, 15, 13, 17]


def setup_refusal(special: dict) -> RecordError:
    rec = {"ruleset": "artobattlers", "setup": {
        "characters": [card(GB, "bad-gear", special_ability=special)],
        "players": [{"name": "P0"}, {"name": "P1"}]}, "decisions": []}
    with pytest.raises(RecordError) as err:
        R.from_record(rec)
    return err.value


@pytest.mark.parametrize(("verb", "field"), [
    ({"add": 10, "factor": 2}, "setup.characters[0].special_ability.structured"),
    ({}, "setup.characters[0].special_ability.structured"),
    ({"add": 0}, "setup.characters[0].special_ability.structured.add"),
    ({"factor": 1}, "setup.characters[0].special_ability.structured.factor"),
])
def test_a_nature_verb_must_change_the_dp_one_way(verb, field):
    err = setup_refusal(ability("Odd", "…", action="nature_dp", moves="own", nature="fire",
                                **verb))
    assert (err.rule, err.field) == ("AG43", field)


def test_a_factor_of_zero_or_an_unknown_symbol_is_refused_by_the_schema():
    for verb in ({"factor": 0}, {"add": 5, "versus": "earth"}):
        err = setup_refusal(ability("Odd", "…", action="nature_dp", moves="own",
                                    nature="fire", **verb))
        assert err.field.startswith("setup.characters[0].special_ability")


# --- discard_damage_calculation (A24.9, AG44) ------------------------------------------------

IRON_WILL = ability("Iron Will", "An attack of 30 DP or less: the Damage Calculation is "
                    "Discarded.", action="discard_damage_calculation", dp_at_most=30)


def test_damage_calculation_is_discarded_for_the_moves_it_names():
    m = match(VW, card(EK, "iron-knight", special_ability=IRON_WILL))
    assert counted(m, "spark-needle")["dp"] == 0
    facts = attack(m, "spark-needle")
    assert [(x.rule, x.source) for x in facts_of(facts, "AbilityApplied")] == [
        ("A24.9", "iron-knight/iron-will")]
    facts = die(m, 1)  # NORMAL 1: a Hit, but it counts as no damage
    assert lp(m, "iron-knight") == 300
    assert facts_of(facts, "OutcomeClassified")[0].outcome == "none"


def test_a_move_outside_the_conditions_is_calculated_as_usual():
    m = match(VW, card(EK, "iron-knight", special_ability=IRON_WILL))
    assert counted(m, "arc-storm")["dp"] == 70
    attack(m, "arc-storm")
    die(m, 1)
    assert lp(m, "iron-knight") == 300 - 70


def test_every_condition_must_hold():
    bulwark = ability("Bulwark", "A distance DA-S move: discarded.",
                      action="discard_damage_calculation", **{"class": "distance"},
                      kinds=["DA-S"])
    m = match(VW, card(EK, "wall-knight", special_ability=bulwark))
    assert [counted(m, x)["dp"] for x in ("spark-needle", "static-lash", "overload")] == [
        0, 20, 120]


@pytest.mark.parametrize(("verb", "rule"), [({}, "AG44"),
                                            ({"class": "body", "kinds": ["DA-S"]}, "A1.8")])
def test_a_discard_without_a_condition_or_with_a_kind_of_another_class_is_refused(verb, rule):
    err = setup_refusal(ability("Odd", "…", action="discard_damage_calculation", **verb))
    assert err.rule == rule and err.field.startswith(
        "setup.characters[0].special_ability.structured")


# --- dice_duel_turn (004 §15, AG45) ------------------------------------------------------------

THUNDER_CALL = ability("Thunder Call", "Pay the turn for a dice duel: if you win, the "
                       "opponent character takes a Direct Hit of 40 DP.",
                       action="dice_duel_turn", dp=40)
CALL = {"player": 0, "kind": "ability_action", "character": "storm-wisp",
        "ability": "thunder-call", "params": {"target": GB}}


def test_a_dice_duel_an_ability_starts_hits_the_target_when_its_owner_wins():
    m = match(card(VW, "storm-wisp", special_ability=THUNDER_CALL), GB)
    assert [o for o in m.prompt["options"] if o["kind"] == "ability_action"] == [CALL]
    facts = m.decide(CALL)
    assert [(x.rule, x.character, x.by) for x in facts_of(facts, "TextDuelOpened")] == [
        ("AG45", GB, "storm-wisp")]
    assert (m.prompt["kind"], m.prompt["players"], m.prompt["rule"]) == (
        "duel_die", [0, 1], "A16.1")
    duel_dice(m, 3, 3)  # equal rolls roll again (A16.1)
    assert m.prompt["kind"] == "duel_die" and lp(m, GB) == 400
    m.decide({"player": 0, "kind": "duel_die", "value": 5})
    facts = m.decide({"player": 1, "kind": "duel_die", "value": 2})
    hit = facts_of(facts, "DamageDealt")[0]
    assert (hit.rule, hit.dp, lp(m, GB)) == ("A24.2", 30, 370)  # Plated Hull: 10 less
    assert facts_of(facts, "TextDuelWon")[0].rule == "AG45"
    assert "TurnEnded" in types(facts) and m.state.to_act == 1


def test_losing_the_abilitys_dice_duel_deals_nothing_and_ends_the_turn():
    m = match(card(VW, "storm-wisp", special_ability=THUNDER_CALL), GB)
    m.decide(CALL)
    m.decide({"player": 0, "kind": "duel_die", "value": 1})
    facts = m.decide({"player": 1, "kind": "duel_die", "value": 6})
    assert "DamageDealt" not in types(facts) and lp(m, GB) == 400
    assert m.state.to_act == 1 and m.state.text_duel is None


def test_the_abilitys_dice_duel_needs_its_target():
    m = match(card(VW, "storm-wisp", special_ability=THUNDER_CALL), GB)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({**CALL, "params": {}})
    assert err.value.rule == "AG45"


def test_the_abilitys_dice_duel_replays_from_its_record():
    m = match(card(VW, "storm-wisp", special_ability=THUNDER_CALL), GB)
    m.decide(CALL)
    duel_dice(m, 4, 2)
    assert "P0 uses Storm Wisp's Thunder Call on Gearback as the turn action." in decisions(m)
    again = R.from_record(m.to_record())
    assert again.to_json() == m.to_json()
    stored = [R.fact_from_json(f.to_json()) for k, f in m.events if k == "fact"]
    assert stored == [f for k, f in m.events if k == "fact"]  # the new fields load back


# --- target_striker (004 §16/§18 Important #2, A16.11, AG46) -----------------------------------

HAWK_EYE = ability("Hawk Eye", "This character may target a striker.", action="target_striker")
HAWK = "hawk-knight"


def aim(m, move: str, pay: str | None = None) -> list:
    return m.decide({"player": 0, "kind": "attack", "character": HAWK, "striker": False,
                     "move": move, "target": MJ, "pay": pay, "sacrifice": False,
                     "target_striker": True})


def striker_lp(m) -> int:
    return m.state.fighters[MJ].striker_life


def test_an_ability_lets_its_owner_hit_a_striker_on_its_characters_chart():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    assert counted(m, "flame-combo", aimed=True)["dp"] == 80  # Damp Hide is Mossjaw's own
    facts = aim(m, "blade-rush")
    assert facts_of(facts, "AttackDeclared")[0].rule == "AG46"
    assert "Burrow Mite (Mossjaw's striker)" in facts[0].text
    assert {o["kind"] for o in m.prompt["options"]} == {"die"}  # no manual move (AG46)
    facts = die(m, 1)  # NORMAL 1: a Hit
    assert (striker_lp(m), lp(m, MJ)) == (60 - 40, 250)
    assert facts_of(facts, "DamageDealt")[0].pool == "striker"
    assert facts_of(facts, "OutcomeClassified")[0].outcome == "full"


def test_a_force_challenge_from_the_striker_takes_its_10_lp_from_the_striker():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    aim(m, "flame-combo")
    fc = {"player": 1, "kind": "force_challenge", "move": "mite-bite"}
    assert [o for o in m.prompt["options"] if o["kind"] != "die"] == [fc]
    facts = m.decide(fc)
    paid = facts_of(facts, "CostPaid")[0]
    assert (paid.rule, paid.pool, paid.amount, striker_lp(m), lp(m, MJ)) == (
        "A16.11", "striker", 10, 50, 250)
    assert facts_of(facts, "ForceChallengeDeclared")[0].player == 1  # who challenged
    duel_dice(m, 2, 5)  # P1 wins: Mite Bite's 30 DP on Hawk Knight
    assert (lp(m, HAWK), striker_lp(m)) == (300 - 20 - 30, 50)


def test_a_striker_that_loses_its_force_challenge_takes_the_full_move():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    aim(m, "flame-combo")
    m.decide({"player": 1, "kind": "force_challenge", "move": "mite-bite"})
    m.decide({"player": 0, "kind": "duel_die", "value": 6})
    facts = m.decide({"player": 1, "kind": "duel_die", "value": 1})
    assert "StrikerDestroyed" in types(facts) and lp(m, MJ) == 250
    assert m.state.fighters[MJ].striker_destroyed


def test_a_six_finds_no_counterattack_for_a_striker():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    aim(m, "blade-rush")
    face = next(x for x in m.prompt["die_faces"] if x["value"] == 6)
    assert "a striker has no counterattack of its own (AG46)" in face["text"]
    facts = die(m, 6)
    none = facts_of(facts, "NoUsableCounterattack")[0]
    assert none.rule == "AG6" and none.text.startswith("A striker has no counterattack")
    assert (striker_lp(m), lp(m, HAWK)) == (60, 300)


def test_an_effect_does_not_take_hold_on_a_striker():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    aim(m, "searing-brand", pay="pp")
    facts = die(m, 1)
    blocked = facts_of(facts, "EffectBlocked")[0]
    assert (blocked.rule, blocked.reason, m.state.fighters[MJ].effect) == (
        "AG46", "striker", None)


@pytest.mark.parametrize(("attacker", "target", "rule"), [
    (EK, MJ, "A17.2"),  # no ability: a striker is never a target
    ("hawk-knight", GB, "A17.5, AG46"),  # Gearback has no striker
])
def test_aiming_at_a_striker_is_refused_without_the_ability_or_a_striker(attacker, target, rule):
    hawk = card(EK, HAWK, special_ability=HAWK_EYE)
    m = match(hawk if attacker == HAWK else attacker, target)
    with pytest.raises(IllegalDecisionError) as err:
        m.decide({"player": 0, "kind": "attack", "character": attacker, "striker": False,
                  "move": "blade-rush", "target": target, "pay": None, "sacrifice": False,
                  "target_striker": True})
    assert err.value.rule == rule


def test_the_narrative_says_the_striker_was_aimed_at():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    aim(m, "blade-rush")
    assert decisions(m)[-1] == (
        "P0 attacks Mossjaw's striker Burrow Mite with Hawk Knight's Blade Rush.")


def test_a_chains_extra_attack_aims_at_the_same_striker():
    m = match(card(EK, HAWK, special_ability=HAWK_EYE), MJ)
    aim(m, "twin-slash")
    facts = die(m, 1)
    assert "ChainSucceeded" in types(facts) and striker_lp(m) == 60 - 30
    assert counted(m, "blade-rush", aimed=True)["dp"] == 40
    facts = m.decide({"player": 0, "kind": "extra_attack", "move": "blade-rush", "pay": None,
                      "sacrifice": False})
    assert facts_of(facts, "AttackDeclared")[0].target_striker is True
    facts = die(m, 2)
    assert "StrikerDestroyed" in types(facts) and lp(m, MJ) == 250


# --- Advance Play: only battle-zone targets (A21.6) -------------------------------------------


def test_in_advance_play_the_abilitys_duel_and_the_aim_reach_the_battle_zone_only():
    from tests.artobattlers.scene import advance_record, keep, place
    from tests.artobattlers.test_harness_cards import SAMPLE

    rec = advance_record([["storm-wisp", HAWK], [MJ, GB]], total=11)
    rec["setup"]["characters"] = [*SAMPLE.values(),
                                  card(VW, "storm-wisp", special_ability=THUNDER_CALL),
                                  card(EK, HAWK, special_ability=HAWK_EYE, level_globes=7)]
    m = R.from_record(rec)
    place(m, ["storm-wisp", HAWK], 0)
    place(m, [GB], 1)  # Mossjaw (and its striker) wait in the inactive zone
    m.decide({"player": 0, "kind": "start_die", "value": 6})
    m.decide({"player": 1, "kind": "start_die", "value": 1})
    keep(m)
    calls = [o["params"] for o in m.prompt["options"] if o["kind"] == "ability_action"]
    assert calls == [{"target": GB}]
    assert not [o for o in m.prompt["options"] if o.get("target_striker")]
    with pytest.raises(IllegalDecisionError):
        m.decide({**CALL, "params": {"target": MJ}})
