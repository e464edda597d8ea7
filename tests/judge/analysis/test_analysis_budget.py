"""The analysis's cooperative time budget: ``Budget(seconds)`` is checked per cell and at
every node searched, and the analysis stops with ``BudgetExceeded`` (a RecordError naming
the budget) once it is spent, through ``analyse_state``, ``analyse_duel`` and the
ruleset's ``analyse(..., budget=)``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from judge import registry
from judge.battlecon.analysis import Budget, BudgetExceeded, analyse_state
from judge.battlecon.analysis.starts import analyse_duel
from judge.battlecon.duel import Duel
from judge.errors import RecordError
from tests.judge.analysis.small import POSITIONS, duel, record

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "cadenza-vs-kallistar.json"


class Ticks:
    """A fake clock: one second later at every reading; counts its readings."""

    def __init__(self) -> None:
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return float(self.readings)


def test_a_spent_budget_stops_the_analysis_and_names_itself() -> None:
    with pytest.raises(BudgetExceeded) as caught:
        analyse_state(duel(POSITIONS["cadenza-seth"]).state, Budget(5, clock=Ticks()))
    assert isinstance(caught.value, RecordError)
    assert caught.value.rule == "budget" and caught.value.seconds == 5
    assert "time budget of 5 s" in caught.value.reason


def test_an_ample_budget_changes_nothing_and_is_checked_per_cell() -> None:
    state = duel(POSITIONS["cherri-rukyuk"]).state
    ticks = Ticks()
    within = analyse_state(state, Budget(10 ** 9, clock=ticks))
    assert within == analyse_state(state)
    rows, cols = within["pairs"]
    assert ticks.readings > len(rows) * len(cols), "at least one check per cell"


def test_the_ruleset_passes_the_budget_on() -> None:
    rules = registry.find("battlecon-2014")
    match = rules.from_record(record(POSITIONS["hikaru-khadath"]))
    with pytest.raises(BudgetExceeded):
        rules.analyse(match, beat=1, budget=Budget(3, clock=Ticks()))
    assert rules.analyse(match, beat=1, budget=Budget(60))["beat"] == 1


def test_a_long_analysis_stops_soon_after_its_budget() -> None:
    """The golden duel's first beat start takes minutes: a 0.5 s budget stops it at about
    0.5 s (the bound here is loose for a loaded machine; docs/analysis.md gives the
    overshoot measured)."""
    d = Duel.from_record(json.loads(GOLDEN.read_text(encoding="utf-8")))
    start = time.monotonic()
    with pytest.raises(BudgetExceeded):
        analyse_duel(d, beat=1, budget=Budget(0.5))
    assert time.monotonic() - start < 0.5 + 1.5
