"""Seeded random matches with issue 33's ability verbs on harness cards (a striker target,
a nature verb each way, a discarded damage calculation, an ability's dice duel), simple
duels and Advance Play: the playouts' invariants after every fact, the stored facts
replaying to the engine's state, and the published schemas accepting what is written."""

from __future__ import annotations

import random

import jsonschema
import pytest

from judge.artobattlers.facts import Fact
from tests.artobattlers.scene import R, advance_record, record
from tests.artobattlers.test_as_verbs import (
    HAWK_EYE,
    IRON_WILL,
    THUNDER_CALL,
    TIDEBREAKER,
    ability,
)
from tests.artobattlers.test_harness_cards import SAMPLE, card
from tests.artobattlers.test_playouts import acting, check, pick, pools, zones

SOFT = ability("Soft Spot", "THUNDER moves count 20 more against this character.",
               action="nature_dp", moves="against", nature="thunder", add=20)


def verb_set() -> list[dict]:
    return [*SAMPLE.values(), card("ember-knight", "hawk-knight", special_ability=HAWK_EYE),
            card("ember-knight", "tide-knight", special_ability=TIDEBREAKER),
            card("ember-knight", "iron-knight", special_ability=IRON_WILL),
            card("volt-wisp", "storm-wisp", special_ability=THUNDER_CALL),
            card("gearback", "soft-gear", special_ability=SOFT)]


POOL = ["hawk-knight", "tide-knight", "iron-knight", "storm-wisp", "soft-gear", "mossjaw",
        "gearback", "volt-wisp"]


def playout(seed: int, advance: bool) -> object:
    rng = random.Random(seed)
    if advance:
        rec = advance_record([[], []], rng.choice([10, 12]))
        rec["decisions"] = []
    else:
        rec = record(rng.choice(POOL), rng.choice(POOL))
    rec["setup"]["characters"] = verb_set()
    m = R.from_record(rec)
    replay, shields = R.initial_state(m.setup), {}
    for kind, event in m.events:
        if kind == "fact":
            Fact.from_json(event.to_json()).run(replay)
    for _ in range(400):
        if m.over:
            break
        facts = m.decide(pick(m.prompt, rng))
        for fact in facts:
            Fact.from_json(fact.to_json()).run(replay)
            pools(replay, shields)
            zones(replay)
        assert R.state_json(replay, None) == R.state_json(m.state, None)
        assert all(fact.rule and fact.text for fact in facts)
        check(m)
        acting(m)
    return m


def names(m) -> set[str]:
    out = set()
    for kind, e in m.events:
        if kind == "fact":
            out.add(type(e).__name__ + (":aimed" if getattr(e, "target_striker", False) else "")
                    + (":ability" if getattr(e, "by", None) else ""))
    return out


@pytest.mark.parametrize("advance", [False, True])
def test_random_matches_with_the_ability_verbs_keep_the_invariants(advance):
    seen: set[str] = set()
    for seed in range(2000, 2060):
        seen |= names(playout(seed, advance))
    assert {"AbilityApplied", "AttackDeclared:aimed", "TextDuelOpened:ability"} <= seen


def test_the_published_schemas_accept_the_verbs_matches():
    schemas = R.schemas()
    for seed in (2001, 2002):
        m = playout(seed, advance=seed % 2 == 0)
        jsonschema.validate(m.to_record(), schemas["record"])
        for n in range(0, len(m.events) + 1, 5):
            s = m.state_at(n)
            jsonschema.validate(R.state_json(s, m.prompt_at(n, s)), schemas["state"])
