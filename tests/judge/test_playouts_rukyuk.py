"""Seeded random duels of Rukyuk against every fighter, both seats, Special Actions on
and off: the invariants of ``test_playouts`` after every fact, replay equal to the engine,
and Rukyuk's own: his six Ammo tokens each in exactly one of pool and discard, at most one
anted a beat, bonuses only from anted or spent tokens, no counters or cards in play."""

from __future__ import annotations

from collections import Counter

import pytest

from judge.battlecon.fighters.rukyuk import TOKENS
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
from judge.battlecon.state import DuelState
from tests.judge.test_playouts import check_duel

OTHERS = ("cadenza", "hikaru", "kallistar", "khadath", "kehrolyn")
SEEDS = range(5)


def check_rukyuk(s: DuelState, where: str) -> None:
    for p in s.players:
        if p.fighter != "rukyuk":
            continue
        assert Counter(p.token_pool + p.token_discard) == Counter(TOKENS), where
        assert len(p.this_beat.anted) <= 1, f"{where}: two Ammo tokens anted"
        assert set(p.this_beat.anted) <= set(TOKENS), where  # Reload may recover it
        assert set(p.this_beat.bonus_tokens) <= set(p.this_beat.anted), where
        assert not p.counters and not p.in_play, where


def check_all(duel) -> None:
    check_duel(duel, compare_every_decision=True)
    s = replay_facts(duel.setup, [])
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "fact":
            e.run(s)
            check_rukyuk(s, f"event {n} ({type(e).__name__})")


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("other", OTHERS)
def test_rukyuk_random_duels_keep_the_invariants(other: str, seat: int,
                                                 special_actions: bool) -> None:
    for seed in SEEDS:
        f0, f1 = ("rukyuk", other) if seat == 0 else (other, "rukyuk")
        duel = play(seed, f0, f1, special_actions=special_actions, ante_finishers=seed % 4 == 3)
        assert duel.over
        check_all(duel)
