"""The analysis's whole answer for the small positions is pinned (pinned.json, made before
the search was made faster): the tables, values, mixes, lines, nested games and what was
pruned must not change with how the search is done, only with the rules or the model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.battlecon.analysis import analyse_state
from tests.judge.analysis.small import POSITIONS, duel

PINNED = json.loads((Path(__file__).with_name("pinned.json")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_whole_analysis_is_as_pinned(name: str) -> None:
    found = json.loads(json.dumps(analyse_state(duel(POSITIONS[name]).state)))
    pinned = PINNED[name]
    assert found["table"] == pinned["table"]
    assert found["pairs"] == pinned["pairs"]
    assert found["lines"] == pinned["lines"]
    assert found["clashes"] == pinned["clashes"]
    assert found == pinned
