"""Facts read from their JSON: the fast path builds the same facts ``__init__`` would.

Stored facts are read by the thousand on every replay, so ``Fact.from_json`` fills frozen
instances directly; these tests hold it to the checks the constructor made.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from judge.battlecon import facts as F
from judge.battlecon.agenda import PRIORITY, Activate
from judge.battlecon.playout import FIGHTERS, play
from judge.battlecon.replay import apply_all, replay_facts
from judge.battlecon.state import DuelState


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


TRIGGERED = {"type": "Triggered", "rule": "R7", "text": "t", "player": 0, "effect": "e",
             "card": "c", "timing": "before"}


def _replay_one(data: dict) -> list:
    """Apply one stored fact as a replay does, on a state whose agenda has one item."""
    s = replay_facts(play(0, "hikaru", "khadath").setup, [])
    s.agenda[:] = [PRIORITY]
    apply_all(s, [data])
    return s.agenda


def test_a_replay_does_not_build_a_fact_that_changes_nothing_but_checks_it() -> None:
    """Facts whose ``apply`` is ``changes_nothing`` are only checked by a replay; the
    check is the reader's: an unknown or missing field, or an unknown type, is refused."""
    assert {k for k, c in F.FACT_TYPES.items() if F.SHAPES[k].unchanging} >= {
        "Triggered", "Missed", "ActivationSkipped"}
    assert not F.SHAPES["Hit"].unchanging and not F.SHAPES["StepBegan"].unchanging
    assert _replay_one(TRIGGERED) == []  # it closes the agenda's head
    assert _replay_one({**TRIGGERED, "skipped": ""}) == []
    for bad, problem in [({**TRIGGERED, "extra": 1}, "extra"),
                         ({k: v for k, v in TRIGGERED.items() if k != "card"}, "card")]:
        with pytest.raises(TypeError, match=problem):
            _replay_one(bad)
    with pytest.raises(KeyError):
        _replay_one({**TRIGGERED, "type": "NoSuchFact"})


def test_a_subclass_that_defines_apply_is_built_and_applied() -> None:
    """Whether a fact changes nothing is read from its ``apply``, so a fighter's subclass
    of a fact that changes nothing, with an ``apply`` of its own, is applied."""

    @dataclass(frozen=True)
    class TriggeredAndNoted(F.Triggered):
        def apply(self, s: DuelState) -> None:
            s.agenda.append(Activate(self.player))

    try:
        assert not F.SHAPES["TriggeredAndNoted"].unchanging
        assert _replay_one({**TRIGGERED, "type": "TriggeredAndNoted"}) == [Activate(0)]
    finally:
        F.FACT_TYPES.pop("TriggeredAndNoted")
        F.SHAPES.pop("TriggeredAndNoted", None)


def test_stored_facts_replay_to_the_state_their_duel_reached() -> None:
    duel = play(3, "cadenza", "seth")
    stored = [f.to_json() for f in duel.facts]
    assert replay_facts(duel.setup, stored) == replay_facts(duel.setup, duel.facts) == duel.state
