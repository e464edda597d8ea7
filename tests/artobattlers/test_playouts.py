"""Seeded random simple duels and Advance Play matches over the sample characters: uniform
among legal options and die faces, invariants after every fact, and replaying the facts
equals the engine's state."""

from __future__ import annotations

import random

import pytest

from judge.artobattlers.facts import Fact
from judge.artobattlers.legal import prompt as fresh_prompt
from judge.artobattlers.table import Table
from judge.described import random_decision
from tests.artobattlers.scene import R, advance_record, record
from tests.artobattlers.test_state_clone import apart

CHARACTERS = ["ember-knight", "gearback", "volt-wisp", "mossjaw"]


def pools(s, shields: dict[str, int]) -> None:
    """Life and shield within 0 and their start (A1.26: a card that restores LP stops at the
    start, and nothing restores a shield), PP within the limit."""
    for fighter in s.fighters.values():
        assert 0 <= fighter.life <= fighter.life_start
        if fighter.shield is not None:
            start = shields.setdefault(fighter.id, fighter.shield)  # as it came into play
            assert 0 <= fighter.shield <= start
        if fighter.power is not None:
            assert 0 <= fighter.power <= fighter.power_limit
        if fighter.striker_life is not None:
            assert fighter.striker_life >= 0


def check(m) -> None:
    s = m.state
    prompt = m.prompt
    assert prompt == fresh_prompt(Table(s, m.cards, m.setup))  # the kept one is not stale
    if s.over:
        assert prompt is None and m.outcome is not None
    else:
        assert prompt["players"] in ([0], [1], [0, 1]) and (
            prompt["options"] or prompt.get("described"))
        # Both players at once only where both roll or both set up (A2.1, A2.3, A16, AG39).
        assert prompt["players"] != [0, 1] or prompt["kind"] in (
            "team", "placement", "start_die", "duel_die")
        for option in prompt["options"] if not s.advance else []:  # see acting() there
            who = s.teams[option["player"]] if s.teams[option["player"]] else []
            assert all(s.fighters[w].in_play for w in who) or option["kind"] in (
                "die", "manual_move", "force_challenge", "duel_die", "counterattack")
        if s.step in ("turn_action", "extra_attack"):
            assert all(s.fighters[o["character"]].in_play for o in prompt["options"]
                       if "character" in o)


def zones(s) -> None:
    """Advance Play: every character in play is in exactly one zone, and one under an effect
    is in the battle zone (A13.5); a destroyed one is in neither (A21.8)."""
    for p in (0, 1):
        battle, inactive = {f.id for f in s.battle(p)}, {f.id for f in s.inactive(p)}
        assert battle | inactive == {f.id for f in s.in_play(p)} and not battle & inactive
        assert all(f.zone == "battle" for f in s.in_play(p) if f.effect is not None)


def acting(m) -> None:
    """At a turn action, a chain's extra attack or a joining choice: every acting character
    and every target is in play in the battle zone, the player to act's own (A21.5, A21.6);
    a turn action is prompted only with a battle zone on each side (A21.9, AG27)."""
    s, prompt = m.state, m.prompt
    if s.step not in ("turn_action", "extra_attack", "joining_attack"):
        return
    p = s.to_act
    assert prompt["players"] == [p]
    if s.step == "turn_action":
        assert s.battle(p) and s.battle(1 - p)
    for o in prompt["options"]:
        parts = [o] + [o[k] for k in ("lead", "joining") if isinstance(o.get(k), dict)]
        for part in parts:
            for key, owner in (("character", p), ("target", 1 - p)):
                if key in part:
                    fighter = s.fighters[part[key]]
                    assert fighter.in_play and fighter.player == owner
                    assert fighter.zone == "battle" or (o["kind"] == "power_turn" and
                                                        s.rulings["AG28"] == "any_zone")


def advance_setup(rng: random.Random) -> dict:
    rulings = {"AG3": rng.choice(["auto+declared+agreed", "declared+agreed"]),
               "AG26": rng.choice(["exact_total_duplicates_allowed", "at_most_total"]),
               "AG28": rng.choice(["battle_zone_only", "any_zone"]),
               "AG33": rng.choice(["declare_all_up_front", "choose_joining_after_lead"])}
    rec = advance_record([[], []], rng.choice([8, 10, 12, 15]), rulings=rulings)
    rec["decisions"] = []
    return rec


def card_text_set() -> list[dict]:
    """The samples and harness cards with every card-text verb (may, pick, R-text, an
    ability's turn action, captive, discard), so that random play reaches them too."""
    from tests.artobattlers.test_card_text import SECOND_WIND, hex_jaw, scorch
    from tests.artobattlers.test_harness_cards import SAMPLE, captor, card
    return [*SAMPLE.values(), scorch(optional=True, pick=True), hex_jaw(),
            card("gearback", "wind-gear", special_ability=SECOND_WIND), captor("captive", 2),
            captor("discard_from_play")]


def pick(prompt: dict, rng: random.Random) -> dict:
    """A random legal decision: now and then a standing one, else one of the listed options
    or one drawn from a description (judge.described.random_decision)."""
    if rng.random() < 0.002:
        return rng.choice(prompt["standing"])
    return random_decision(prompt, rng)


def playout(seed: int, advance: bool = False, text: bool = False):
    """One seeded random match played to its end (or 600 decisions); returns it."""
    rng = random.Random(seed)
    if advance:
        rec = advance_setup(rng)
    else:
        pool = CHARACTERS + (["text-knight", "hex-jaw", "wind-gear", "captive-jaw",
                              "discard-jaw"] if text else [])
        rec = record(rng.choice(pool), rng.choice(pool))
    if text:
        rec["setup"]["characters"] = card_text_set()
    m = R.from_record(rec)
    steps, replay, attacked = 0, R.initial_state(m.setup), False
    shields: dict[str, int] = {}
    for kind, event in m.events:
        if kind == "fact":
            Fact.from_json(event.to_json()).run(replay)
    while not m.over and steps < 600:
        facts = m.decide(pick(m.prompt, rng))
        for fact in facts:  # the facts as stored, run one by one
            Fact.from_json(fact.to_json()).run(replay)
            pools(replay, shields)
            zones(replay)
            name = type(fact).__name__
            attacked = (attacked or name == "AttackDeclared") and name != "TurnStarted"
            assert not (name == "TurnLost" and attacked)  # a lost turn has no attack
        assert R.state_json(replay, None) == R.state_json(m.state, None)
        apart(m.state.clone(), m.state)  # the copy a decision is judged on
        check(m)
        acting(m)
        assert all(fact.rule and fact.text for fact in facts)
        steps += 1
    return m


@pytest.mark.parametrize("block", range(10))
def test_random_playouts_keep_the_invariants(block):
    for seed in range(block * 50, block * 50 + 50):
        playout(seed)


@pytest.mark.parametrize("block", range(6))
def test_random_advance_play_matches_keep_the_invariants(block):
    lengths = {len(playout(seed, advance=True).events)
               for seed in range(block * 50, block * 50 + 50)}
    assert len(lengths) > 1  # the matches differ


@pytest.mark.parametrize("advance", [False, True])
def test_random_matches_with_card_text_keep_the_invariants(advance):
    seen = set()
    for seed in range(1000, 1050):
        m = playout(seed, advance=advance, text=True)
        seen |= {type(e).__name__ for k, e in m.events if k == "fact"}
    assert {"CardChoiceOffered", "TextDuelOpened", "LifeRestored", "BecameCaptive",
            "CharacterDiscarded"} <= seen


def test_a_playout_record_replays_to_the_same_end():
    rng = random.Random(7)
    m = R.from_record(record("mossjaw", "ember-knight"))
    while not m.over:
        m.decide(pick(m.prompt, rng))
    again = R.from_record(m.to_record())
    assert R.state_json(again.state, again.prompt) == R.state_json(m.state, m.prompt)
    assert again.outcome == m.outcome


@pytest.mark.parametrize("seed, advance, text", [(1, True, False), (2, True, True),
                                                 (3, False, True)])
def test_the_published_schemas_accept_what_the_engine_writes(seed, advance, text):
    """Record (inline characters included), every decision and the state JSON after every
    seventh event validate against the schemas served with the ruleset."""
    import jsonschema
    schemas = R.schemas()
    m = playout(seed, advance=advance, text=text)
    jsonschema.validate(m.to_record(), schemas["record"])
    for n in range(0, len(m.events) + 1, 7):
        s = m.state_at(n)
        jsonschema.validate(R.state_json(s, m.prompt_at(n, s)), schemas["state"])
