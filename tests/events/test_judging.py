"""Judging a decision on a twin of the match (``events.judging``) never moves the match;
applying the stored facts moves it exactly as judging in place would have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.judging import judge
from events.retractable import Retractable
from judge import registry
from judge.errors import IllegalDecisionError

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted([*(ROOT / "tests" / "judge" / "golden").glob("*.json"),
                 *(ROOT / "tests" / "artobattlers" / "golden").glob("*.json")])


def stored(match: Retractable) -> list:
    """The events as a store keeps them."""
    return [[k, e if k == "decision" else e.to_json()] for k, e in match.events]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_golden_duel_judged_on_twins_and_applied_from_its_facts_is_the_duel(path):
    record = json.loads(path.read_text())
    rules = registry.of_record(record)
    in_place = rules.from_record(record)  # the reference: every decision judged in place
    match = Retractable(rules.match(rules.parse_setup(record)), rules)
    for decision in record["decisions"]:
        before, state = stored(match), match.to_json()
        verdict = judge(match, decision)
        assert stored(match) == before and match.to_json() == state  # nothing moved
        match.absorb("decision", verdict.entry)
        for fact in verdict.facts:
            match.absorb("fact", fact.to_json())
    assert stored(match) == [[k, e if k == "decision" else e.to_json()]
                             for k, e in in_place.events]
    assert match.to_json() == in_place.to_json()


def test_an_illegal_decision_is_refused_and_changes_nothing():
    record = json.loads((ROOT / "tests" / "judge" / "golden" / "comic-beat-1.json").read_text())
    rules = registry.of_record(record)
    match = Retractable(rules.match(rules.parse_setup(record)), rules)
    before, state = stored(match), match.to_json()
    with pytest.raises(IllegalDecisionError):
        judge(match, {"player": 0, "kind": "attack_pair", "style": "nope", "base": "nope"})
    assert stored(match) == before and match.to_json() == state


def test_a_retraction_is_checked_without_retracting():
    record = json.loads((ROOT / "tests" / "judge" / "golden" / "comic-beat-1.json").read_text())
    rules = registry.of_record(record)
    match = Retractable(rules.match(rules.parse_setup(record)), rules)
    verdict = judge(match, record["decisions"][0])
    match.absorb("decision", verdict.entry)
    for fact in verdict.facts:
        match.absorb("fact", fact.to_json())
    latest = match.latest_decision()
    before = stored(match)
    assert judge(match, {"kind": "retraction", "event": latest}).facts == []
    assert stored(match) == before and match.latest_decision() == latest
    with pytest.raises(IllegalDecisionError):
        judge(match, {"kind": "retraction", "event": 1})
