"""Every state of the golden duels of the new fighters validates against the shipped state
schema: cards waiting with a pair (Withering Touch), counters, cards in play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.battlecon import Duel
from tests.judge.test_state_schema import assert_all_valid, states

GOLDEN = Path(__file__).parent / "golden"
NEW = sorted(p.stem for p in GOLDEN.glob("*.json") if p.stem.split("-")[0] in (
    "luc", "magdelina", "vanaah", "demitras", "heketch", "lixis", "kehrolyn", "rukyuk",
    "cherri", "hepzibah", "tatsumi"))


@pytest.mark.parametrize("name", NEW)
def test_golden_duel_states_validate_against_the_state_schema(name: str) -> None:
    duel = Duel.from_record(json.loads((GOLDEN / f"{name}.json").read_text("utf-8")))
    labelled = [(f"{name} event {n}", st) for n, st in states(duel)]
    assert assert_all_valid(labelled) > 0


def test_a_base_withering_touch_took_waits_with_the_pair_in_the_state() -> None:
    duel = Duel.from_record(json.loads((GOLDEN / "heketch-vs-lixis.json").read_text("utf-8")))
    assert any("extra" in (p.get("attack_pair") or {}) for _, st in states(duel)
               for p in st["players"])
