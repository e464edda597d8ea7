"""``finisher_used`` is "the Finisher has been used" (docs/record-format.md): true once a
Finisher through the Special Action is the attack (issue 26, finding 8). A state fix for
every duel, stamped or not: the facts stay those release 2 gave."""

from __future__ import annotations

import pytest

from judge.battlecon import facts as F
from judge.battlecon.state import SPECIAL_ACTION
from tests.judge.blanket_scene import stamped_duel
from tests.judge.scene import answer_until, facts_of, pairs, pass_ante, stage


@pytest.mark.parametrize("stamp", ["rules-2", None])
def test_a_finisher_used_through_the_special_action_is_used(stamp: str | None) -> None:
    """R25.3: Khadath's Special Action Drive executes Planar Crossing: from then on his
    Finisher has been used (docs/record-format.md), in every duel; the facts are those
    release 2 gave."""
    duel = stamped_duel("hikaru", "khadath", rules=stamp, finishers=(None, "planar-crossing"))
    stage(duel, life=(20, 7))
    pairs(duel, ("geomantic", "strike"), (SPECIAL_ACTION, "drive"))
    pass_ante(duel)
    assert facts_of(duel.facts, F.BecameActive)
    assert duel.state.players[1].finisher_used
    assert not duel.state.players[0].finisher_used
    answer_until(duel, "attack_pair")
    assert duel.state.players[1].finisher_used
    assert duel.to_json()["players"][1]["finisher_used"] is True


def test_finishers_that_tie_are_not_used() -> None:
    """R26.9: two Finishers at priority 5 tie and both players choose new pairs: neither
    Finisher was used."""
    duel = stamped_duel("hikaru", "khadath", finishers=("four-winds", "planar-crossing"))
    stage(duel, life=(7, 7))
    pairs(duel, (SPECIAL_ACTION, "strike"), (SPECIAL_ACTION, "strike"))
    pass_ante(duel)
    assert facts_of(duel.facts, F.NewPairsCalledFor)
    assert not any(p.finisher_used for p in duel.state.players)


def test_a_finisher_a_pulse_negates_is_not_used() -> None:
    """R23.1: a Pulse negates the Finisher: it was not used."""
    duel = stamped_duel("hikaru", "khadath", finishers=(None, "planar-crossing"))
    stage(duel, life=(20, 7))
    pairs(duel, (SPECIAL_ACTION, "burst"), (SPECIAL_ACTION, "drive"))
    pass_ante(duel)
    answer_until(duel, "attack_pair")
    assert facts_of(duel.facts, F.Pulsed)
    assert not duel.state.players[1].finisher_used
