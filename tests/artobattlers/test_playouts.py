"""Seeded random simple duels over the sample characters: uniform among legal options and
die faces, invariants after every fact, and replaying the facts equals the engine's state."""

from __future__ import annotations

import random

import pytest

from judge.artobattlers.facts import Fact
from tests.artobattlers.scene import R, record

CHARACTERS = ["ember-knight", "gearback", "volt-wisp", "mossjaw"]


def pools(s) -> None:
    """Life and shield within 0 and start (A1.26: no sample card restores), PP within the
    limit."""
    for fighter in s.fighters.values():
        assert 0 <= fighter.life <= fighter.life_start
        if fighter.shield is not None:
            assert 0 <= fighter.shield
        if fighter.power is not None:
            assert 0 <= fighter.power <= fighter.power_limit
        if fighter.striker_life is not None:
            assert fighter.striker_life >= 0


def check(m) -> None:
    s = m.state
    prompt = m.prompt
    if s.over:
        assert prompt is None and m.outcome is not None
    else:
        assert prompt["players"] in ([0], [1], [0, 1]) and prompt["options"]
        for option in prompt["options"]:
            who = s.teams[option["player"]] if s.teams[option["player"]] else []
            assert all(s.fighters[w].in_play for w in who) or option["kind"] in (
                "die", "manual_move", "force_challenge", "duel_die", "counterattack")
        if s.step in ("turn_action", "extra_attack"):
            assert all(s.fighters[o["character"]].in_play for o in prompt["options"]
                       if "character" in o)


def playout(seed: int) -> int:
    rng = random.Random(seed)
    p0, p1 = rng.choice(CHARACTERS), rng.choice(CHARACTERS)
    m = R.from_record(record(p0, p1))
    steps, replay = 0, R.initial_state(m.setup)
    for kind, event in m.events:
        if kind == "fact":
            Fact.from_json(event.to_json()).run(replay)
    while not m.over and steps < 400:
        options = m.prompt["options"]
        if rng.random() < 0.002:
            options = m.prompt["standing"]
        facts = m.decide(rng.choice(options))
        for fact in facts:  # the facts as stored, run one by one
            Fact.from_json(fact.to_json()).run(replay)
            pools(replay)
        assert R.state_json(replay, None) == R.state_json(m.state, None)
        check(m)
        assert all(fact.rule and fact.text for fact in facts)
        steps += 1
    return steps


@pytest.mark.parametrize("block", range(10))
def test_random_playouts_keep_the_invariants(block):
    for seed in range(block * 50, block * 50 + 50):
        playout(seed)


def test_a_playout_record_replays_to_the_same_end():
    rng = random.Random(7)
    m = R.from_record(record("mossjaw", "ember-knight"))
    while not m.over:
        m.decide(rng.choice(m.prompt["options"]))
    again = R.from_record(m.to_record())
    assert R.state_json(again.state, again.prompt) == R.state_json(m.state, m.prompt)
    assert again.outcome == m.outcome
