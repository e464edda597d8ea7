"""Facts read from their JSON: the fast path builds the same facts ``__init__`` would.

Stored facts are read by the thousand on every replay, so ``Fact.from_json`` fills frozen
instances directly; these tests hold it to the checks the constructor made.
"""

from __future__ import annotations

import json

import pytest

from judge.battlecon import facts as F
from judge.battlecon.playout import FIGHTERS, play


@pytest.mark.parametrize("fighter", FIGHTERS)
def test_every_fact_of_a_duel_is_plain_json_and_reads_back_equal(fighter: str) -> None:
    """What a fact holds is what the store keeps: JSON (lists, never tuples), and reading
    it back gives the same fact."""
    for seed, other in enumerate(FIGHTERS[::3]):
        duel = play(seed, fighter, other, ante_finishers=seed % 2 == 1)
        for fact in duel.facts:
            data = fact.to_json()
            assert json.loads(json.dumps(data)) == data, data
            again = F.Fact.from_json(data)
            assert again.to_json() == data and type(again) is type(fact)


def test_defaults_are_filled_and_lists_are_not_shared() -> None:
    data = {"type": "Recycled", "rule": "R11.1", "text": "t", "player": 0, "to_hand": [],
            "to_discard_2": [], "to_discard_1": []}
    a, b = F.Fact.from_json(data), F.Fact.from_json(data)
    assert (a.to_removed, a.skipped, a.finisher_spent) == ([], False, False)
    assert a.to_removed is not b.to_removed


def test_a_release_1_planned_fact_asks_the_rules() -> None:
    fact = F.Fact.from_json({"type": "Hit", "rule": "R13.3", "text": "t", "attacker": 1})
    assert fact.planned == F.RULES


@pytest.mark.parametrize("data, problem", [
    ({"type": "Hit", "rule": "R13.3", "text": "t", "attacker": 1, "extra": 2}, "extra"),
    ({"type": "Hit", "rule": "R13.3", "text": "t"}, "attacker"),
])
def test_an_unknown_or_missing_field_is_refused(data: dict, problem: str) -> None:
    with pytest.raises(TypeError, match=problem):
        F.Fact.from_json(data)
    assert "type" in data  # the caller's JSON is left as it was
