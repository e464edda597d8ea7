"""Seeded random playouts of Demitras against every other fighter, both seats, Special
Actions on and off, 5 seeds each: the invariants of ``test_playouts`` after every fact,
replay equal to the engine's state, and Demitras's own: his five Crescendo tokens are all
in his pool or token discard (so the pool never holds more than 5).
"""

from __future__ import annotations

from collections import Counter

import pytest

from judge.battlecon import engine
from judge.battlecon.fighters import fighter
from judge.battlecon.fighters.demitras import MAX, TOKEN
from judge.battlecon.notation import state_json
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
from judge.battlecon.state import DuelState
from tests.judge.test_playouts import check_invariants

ME = "demitras"
OTHERS = ("cadenza", "hikaru", "kallistar", "khadath", "vanaah")
SEEDS = range(5)


def check_tokens(s: DuelState, where: str) -> None:
    """Every player's tokens are the kit's, each in the pool or the token discard."""
    for i, p in enumerate(s.players):
        held = Counter(p.token_pool) + Counter(p.token_discard)
        assert held == Counter(fighter(p.fighter).tokens), f"{where}: player {i} tokens {held}"


def check_demitras(s: DuelState, where: str) -> None:
    for p in s.players:
        if p.fighter != ME:
            continue
        held = p.token_pool.count(TOKEN)
        assert 0 <= held <= MAX, f"{where}: {held} Crescendo tokens in the pool"
        assert held + p.token_discard.count(TOKEN) == MAX, f"{where}: Crescendo tokens lost"


def check_duel(duel) -> None:
    s = replay_facts(duel.setup, [])
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "decision":
            continue
        e.run(s)
        where = f"event {n} ({type(e).__name__})"
        check_invariants(s, where)
        check_tokens(s, where)
        check_demitras(s, where)
    assert state_json(s, engine.current_need(s)) == duel.to_json()


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("other", OTHERS)
def test_demitras_random_duels_keep_the_invariants(other: str, seat: int,
                                                 special_actions: bool) -> None:
    f0, f1 = (ME, other) if seat == 0 else (other, ME)
    for seed in SEEDS:
        duel = play(seed, f0, f1, special_actions=special_actions,
                    ante_finishers=seed % 4 == 3)
        assert duel.over and (duel.state.winner is None) == duel.state.draw
        check_duel(duel)
