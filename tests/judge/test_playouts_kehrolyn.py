"""Seeded random duels of Kehrolyn against every fighter, both seats, Special Actions on
and off: the invariants of ``test_playouts`` after every fact, replay equal to the engine,
and Kehrolyn's own: at most one Current Form, cards in play only her Styles (the Overload
Style still in her hand, an August Strain Style set aside), no counters or tokens."""

from __future__ import annotations

import pytest

from judge.battlecon.fighters.kehrolyn import STYLES, current_form
from judge.battlecon.playout import play
from judge.battlecon.replay import replay_facts
from judge.battlecon.state import DuelState
from tests.judge.test_playouts import check_duel

OTHERS = ("cadenza", "hikaru", "kallistar", "khadath", "rukyuk")
SEEDS = range(5)


def check_kehrolyn(s: DuelState, where: str) -> None:
    for i, p in enumerate(s.players):
        if p.fighter != "kehrolyn":
            continue
        assert not p.token_pool and not p.token_discard and not p.counters, where
        form = current_form(s, i)
        assert form is None or form in p.discard_1, where
        assert all(c in STYLES and (c in p.hand or c in p.removed) for c in p.in_play), where
        overloaded = [c for c in p.in_play if c in p.hand]
        assert len(overloaded) <= 1, f"{where}: two Overload Styles"
        assert not overloaded or (p.pair is not None and "overload" in p.pair.cards()), \
            f"{where}: an Overload Style outlived its beat"


def check_all(duel) -> None:
    check_duel(duel, compare_every_decision=True)
    s = replay_facts(duel.setup, [])
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "fact":
            e.run(s)
            check_kehrolyn(s, f"event {n} ({type(e).__name__})")


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("other", OTHERS)
def test_kehrolyn_random_duels_keep_the_invariants(other: str, seat: int,
                                                   special_actions: bool) -> None:
    for seed in SEEDS:
        f0, f1 = ("kehrolyn", other) if seat == 0 else (other, "kehrolyn")
        duel = play(seed, f0, f1, special_actions=special_actions, ante_finishers=seed % 4 == 3)
        assert duel.over
        check_all(duel)
