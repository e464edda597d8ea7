"""Seeded random duels of Luc against every other fighter, both seats, Special Actions on
and off: after every fact the invariants of test_playouts hold, replaying the facts
rebuilds the engine's state, and Luc holds 0-5 Time tokens, all five accounted for
between his pool and his token discard (the supply)."""

from __future__ import annotations

import pytest

from judge.battlecon import Duel
from judge.battlecon.facts import BeatBegan, LifeLost
from judge.battlecon.notation import state_json
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
from judge.battlecon.state import DuelState
from tests.judge.test_playouts import check_invariants
from tests.judge.test_self_contained import no_card_code  # noqa: F401

OTHERS = ("cadenza", "hikaru", "kallistar", "khadath", "magdelina")
SEEDS = range(5)


def check_time_tokens(s: DuelState, where: str) -> None:
    for i, p in enumerate(s.players):
        if p.fighter != "luc":
            continue
        pool, spent = p.token_pool.count("time"), p.token_discard.count("time")
        assert 0 <= pool <= 5 and pool + spent == 5, f"{where}: player {i} pool {pool}, " \
            f"discard {spent}"
        assert set(p.token_pool) | set(p.token_discard) <= {"time"}, where


def check(duel) -> None:
    s = replay_facts(duel.setup, [])
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind != "fact":
            continue
        before = [p.life for p in s.players]
        e.run(s)
        if isinstance(e, LifeLost):
            assert not (before[e.player] >= 1 and s.players[e.player].life < 1), n
        where = f"event {n} ({type(e).__name__})"
        check_invariants(s, where)
        check_time_tokens(s, where)
    assert state_json(s, None) == state_json(duel.state, None)


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("other", OTHERS)
def test_luc_random_duels_keep_the_invariants(other: str, seat: int,
                                              special_actions: bool) -> None:
    for seed in SEEDS:
        f0, f1 = ("luc", other) if seat == 0 else (other, "luc")
        duel = play(seed, f0, f1, special_actions=special_actions, ante_finishers=seed % 2 == 1)
        assert duel.over
        assert (duel.state.winner is None) == duel.state.draw
        check(duel)


@pytest.mark.parametrize("other", OTHERS)
def test_luc_stored_facts_replay_without_card_code(request, other: str) -> None:
    """Stored facts are self-contained: replayed with every card's code removed, they
    rebuild the same state at every beat's start and at the end."""
    duel = play(7, "luc", other, special_actions=True, ante_finishers=True)
    stored = [(k, e if k == "decision" else e.to_json()) for k, e in duel.events]
    checkpoints = {n for n, (k, e) in enumerate(duel.events, 1)
                   if k == "fact" and isinstance(e, BeatBegan)} | {len(duel.events)}
    expected = {n: duel.state_at(n) for n in checkpoints}
    request.getfixturevalue("no_card_code")
    replayed = Duel.restore(duel.setup)
    for n, (kind, payload) in enumerate(stored, 1):
        replayed.absorb(kind, payload)
        if n in expected:
            assert replayed.state == expected[n], n
