"""Seeded random duels of Lixis against every fighter, both seats, Special Actions on
and off: the invariants of ``test_playouts`` after every fact, replay equal to the engine,
and Lixis's own: no tokens; Miasma 0 or 1; Life Virus's names within the opponent's kit;
only Bases wait with a pair (Withering Touch)."""

from __future__ import annotations

import pytest

from judge.battlecon.fighters import fighter
from judge.battlecon.notation import state_json
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
from tests.judge.test_playouts import check_duel

OPPONENTS = ("cadenza", "hikaru", "kallistar", "khadath", "heketch")
SEEDS = range(5)
FID = "lixis"


def check_lixis(duel) -> None:
    s = replay_facts(duel.setup, [])
    for _kind, e in ((k, e) for k, e in duel.events if k == "fact"):
        e.run(s)
        for i, p in enumerate(s.players):
            if p.fighter != FID:
                continue
            c = p.counters
            assert c["miasma"] in (0, 1)
            other = fighter(s.players[1 - i].fighter)
            assert 0 <= c["virus-style"] <= len(other.styles)
            assert 0 <= c["virus-base"] <= len(other.bases())
            assert not p.token_pool and not p.token_discard
            for q in s.players:  # a Base taken by Withering Touch waits with its pair
                assert q.pair is None or all(x in [b.id for b in fighter(q.fighter).bases()]
                                             for x in q.pair.extra)


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("other", OPPONENTS)
def test_lixis_random_duels_keep_the_invariants(other: str, seat: int,
                                                   special_actions: bool) -> None:
    f0, f1 = (FID, other) if seat == 0 else (other, FID)
    for seed in SEEDS:
        snapshots: dict[int, dict] = {}

        def snap(duel, decision, snapshots=snapshots):
            snapshots[len(duel.events)] = state_json(duel.state, None)

        duel = play(seed, f0, f1, special_actions=special_actions,
                    ante_finishers=seed % 4 == 3, on_step=snap)
        duel._snapshots = snapshots
        assert duel.over and (duel.state.winner is None) == duel.state.draw
        check_duel(duel, compare_every_decision=True)
        check_lixis(duel)


@pytest.mark.parametrize("name", ["heketch-vs-lixis", "lixis-vs-cadenza"])
def test_golden_duel_states_validate_against_the_state_schema(name: str) -> None:
    """Every state of the two golden duels (cards waiting with a pair, the new counters)
    validates against the shipped state schema."""
    import json
    from pathlib import Path

    from judge.battlecon import Duel
    from tests.judge.test_state_schema import assert_all_valid, states

    path = Path(__file__).parent / "golden" / f"{name}.json"
    duel = Duel.from_record(json.loads(path.read_text("utf-8")))
    labelled = [(f"{name} event {n}", st) for n, st in states(duel)]
    assert any("extra" in (p.get("attack_pair") or {}) for _, st in labelled
               for p in st["players"])
    assert assert_all_valid(labelled) > 0
