"""Seeded random playouts: every legal choice path stays inside the rules' invariants.

For every ordered pair of the eighteen fighters, with Special Actions on and off,
``PLAYOUTS`` duels (10 by default, which keeps CI under its time budget; the full size is
``BATTLECON_PLAYOUTS=30`` or more, run on demand) are played
to the end choosing uniformly among the legal options. After every fact:
standups on distinct spaces 1-7, life at most 20, no life loss from 1+ to 0,
every card in exactly one zone (of its own player, or of Sagas once Assimilate took it),
every token of a kit in its pool or token discard, each
fighter's own counters and cards in play within their rules (``fighter_invariants``), beat
at most 15; a fact whose class ``keeps_cards`` leaves every card in force as it was;
and replaying the facts
rebuilds exactly the engine's state.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter

import pytest

from judge.battlecon import engine, hooks
from judge.battlecon.facts import LifeLost
from judge.battlecon.hooks import cards_key
from judge.battlecon.notation import state_json
from judge.battlecon.playout import FIGHTERS, play
from judge.battlecon.replay import replay_facts
from judge.battlecon.roster import fighter
from judge.battlecon.state import SPECIAL_ACTION, DuelState
from tests.judge.fighter_invariants import check_fighters
from tests.support import sampled_pairings

PLAYOUTS = int(os.environ.get("BATTLECON_PLAYOUTS", "10"))  # 30 or more for the full size
PAIRS = sampled_pairings(FIGHTERS, list(itertools.product(FIGHTERS, FIGHTERS)))  # all: FULL_SWEEPS


def kit_cards(s: DuelState, i: int) -> Counter:
    cards = Counter(c.id for c in fighter(s.players[i].fighter).cards())
    if s.options["special_actions"]:
        cards[SPECIAL_ACTION] += 1
    return cards


def zones(s: DuelState, i: int) -> Counter:
    p = s.players[i]
    found = Counter(p.hand) + Counter(p.discard_1) + Counter(p.discard_2) + Counter(p.removed)
    if p.pair:
        found += Counter(p.pair.cards())
    return found


def check_invariants(s: DuelState, where: str) -> None:
    a, b = (p.space for p in s.players)
    assert a != b and 1 <= a <= 7 and 1 <= b <= 7, f"{where}: standups on {a}, {b}"
    assert all(p.life <= 20 for p in s.players), f"{where}: life above 20"
    # C09: a profile without a time limit (battlecon-2011) has beats past 15
    assert s.beat <= 15 or not s.options.get("time_limit", True), f"{where}: beat {s.beat}"
    for i in (0, 1):  # a card may change hands (Assimilate): what one holds beyond its
        # kit is exactly what the other lacks of its own
        j = 1 - i
        extra, lacking = zones(s, i) - kit_cards(s, i), kit_cards(s, j) - zones(s, j)
        assert extra == lacking, f"{where}: player {i} cards {zones(s, i)}"
        assert not extra or s.players[i].fighter == "sagas", f"{where}: {extra} taken"
    check_fighters(s, where)  # every token accounted for, and each fighter's own pieces


def check_kept_cards(s: DuelState, where: str) -> None:
    """The cards in force that the state keeps (``speed.cache``, asked here so that
    they are kept from one fact to the next) equal a fresh computation: a fact that changed
    them though its class says ``keeps_cards`` leaves them stale and fails here."""
    for p in (0, 1):
        assert hooks._layer_1(s, p) == hooks._layer_1_of(s.players[p]), \
            f"{where}: the cards kept in force for player {p} are stale"
    if hooks._layer_1(s, 0)[1] or hooks._layer_1(s, 1)[1]:  # hooks indexed after the layers
        first = s.active if s.active is not None else s.ante_first
        for name in {*hooks.layered_index(s, first), *hooks.LAYERED}:
            fresh = [(o, c, fn) for o in (first, 1 - first) for c in hooks.cards_in_force(s, o)
                     if (fn := c.hooks.get(name)) is not None]
            assert list(hooks.query(s, name)) == fresh, f"{where}: {name} hooks after layers"


def check_duel(duel, compare_every_decision: bool, live_states: dict | None = None) -> None:
    """Replay the duel's facts one by one, checking the invariants after each; and, where
    ``live_states`` has the state JSON the engine showed before event n, that the replay
    shows the same."""
    s = replay_facts(duel.setup, [])
    live_states = live_states or {}
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "decision":
            if compare_every_decision and n - 1 in live_states:
                assert state_json(s, None) == live_states[n - 1], f"event {n}: replay differs"
            continue
        before = [p.life for p in s.players]
        cards = [cards_key(p) for p in s.players]
        e.run(s)
        if compare_every_decision:
            check_kept_cards(s, f"event {n} ({type(e).__name__})")
        if e.keeps_cards:  # what lets the cards found in force outlive it (speed.cache)
            assert [cards_key(p) for p in s.players] == cards, \
                f"event {n}: {type(e).__name__} keeps_cards, yet changed the cards in force"
        if isinstance(e, LifeLost):
            assert not (before[e.player] >= 1 and s.players[e.player].life < 1), \
                f"event {n}: life loss took {e.player} to 0"
        check_invariants(s, f"event {n} ({type(e).__name__})")
    assert state_json(s, engine.current_need(s)) == duel.to_json()


@pytest.mark.parametrize("special_actions", [True, False], ids=["sa", "no-sa"])
@pytest.mark.parametrize(("f0", "f1"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_random_duels_keep_the_invariants(f0: str, f1: str, special_actions: bool) -> None:
    for seed in range(PLAYOUTS):
        snapshots: dict[int, dict] = {}
        sample = seed % 10 == 0

        def snap(duel, decision, snapshots=snapshots, sample=sample):
            if sample:
                snapshots[len(duel.events)] = state_json(duel.state, None)

        duel = play(seed, f0, f1, special_actions=special_actions,
                    ante_finishers=seed % 4 == 3, on_step=snap)
        assert duel.over
        assert (duel.state.winner is None) == duel.state.draw
        check_duel(duel, compare_every_decision=sample, live_states=snapshots)
