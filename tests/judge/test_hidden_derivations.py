"""A value computed from a secret is as secret as the secret (issue 27, item 1): Cherri's
revealed Stare takes X from the opponent's Base, so while the opponent's new Clash Base
lies face down, a reader who may not see it sees no attack stats at all. The differential:
two duels differing only in the hidden choice look the same to that reader."""

from __future__ import annotations

import json

import pytest

from judge.battlecon.notation import state_json
from judge.battlecon.secrets import hide_state
from tests.judge.scene import answer, new_duel, pairs, pass_ante, settle, stage


def clash_then_hidden_base(base: str):
    """Crimson Stare (X = Strike's 3) against Hunter's Strike (3): a Clash; Khadath lays
    ``base`` face down first, Cherri has not chosen yet."""
    duel = new_duel("cherri", "khadath")
    stage(duel, spaces=(3, 5))
    pairs(duel, ("crimson", "stare"), ("hunters", "strike"))
    pass_ante(duel)
    settle(duel)
    answer(duel, 1, "clash_base", base=base)
    return duel


def seen(duel, hidden: frozenset[int]) -> str:
    return json.dumps(hide_state(state_json(duel.state, duel.need), hidden), sort_keys=True)


@pytest.mark.parametrize(("base", "other"), [("snare", "drive"), ("shot", "drive"),
                                             ("burst", "shot")])
def test_staring_at_a_face_down_clash_base_tells_nothing(base: str, other: str) -> None:
    one, two = clash_then_hidden_base(base), clash_then_hidden_base(other)
    # A judge sees both: Stare's priority is each hidden Base's printed priority.
    judged = [json.loads(seen(d, frozenset()))["players"][0]["attack"]["priority"]
              for d in (one, two)]
    assert judged[0] != judged[1]
    # Whoever may not see Khadath's pair sees the same state in both duels, no attack.
    assert seen(one, frozenset({1})) == seen(two, frozenset({1}))
    assert "attack" not in json.loads(seen(one, frozenset({1})))["players"][0]
    # Once both new Bases are revealed, everyone sees the stats again.
    answer(one, 0, "clash_base", base="burst")
    assert one.state.players[1].pair.revealed
    assert "attack" in json.loads(seen(one, frozenset({1})))["players"][0]
