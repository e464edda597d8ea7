"""Seeded random duels of Heketch against every fighter, both seats, Special Actions on
and off: the invariants of ``test_playouts`` after every fact, replay equal to the engine,
and Heketch's own: one Dark Force token, in his pool or his token discard, never both;
his counters within their bounds (beats played, or 0/1 for Living Nightmare)."""

from __future__ import annotations

import pytest

from judge.battlecon.notation import state_json
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
from tests.judge.test_playouts import check_duel

OPPONENTS = ("cadenza", "hikaru", "kallistar", "khadath", "lixis")
SEEDS = range(5)
FID = "heketch"


def check_heketch(duel) -> None:
    s = replay_facts(duel.setup, [])
    for _kind, e in ((k, e) for k, e in duel.events if k == "fact"):
        e.run(s)
        for p in s.players:
            if p.fighter != FID:
                continue
            tokens = p.token_pool + p.token_discard
            assert tokens == ["dark-force"], f"{type(e).__name__}: Dark Force {tokens}"
            c = p.counters
            assert c["living-nightmare"] in (0, 1)
            for name in ("pinned-from", "pinned-until", "vanished"):
                assert 0 <= c[name] <= s.seq + 1, f"{name} {c[name]} at beat {s.seq}"


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("other", OPPONENTS)
def test_heketch_random_duels_keep_the_invariants(other: str, seat: int,
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
        check_heketch(duel)
