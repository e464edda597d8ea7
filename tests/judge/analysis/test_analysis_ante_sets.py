"""A plan is what its player antes, not the order (docs/analysis.md, the model): of the
orders that ante the same tokens one plan is kept, and none of the sets an exhaustive walk
over every order reaches is lost (Hepzibah's five Dark Pacts: 32 plans a pair, not 326)."""

from __future__ import annotations

import json
from pathlib import Path

from judge.battlecon.analysis.choices import lay_pairs, pairs_of, plans_of, pre_reveal
from judge.battlecon.analysis.starts import beat_starts
from judge.battlecon.analysis.walk import advance
from judge.battlecon.decisions import Pass, write
from judge.battlecon.duel import Duel
from judge.battlecon.engine import current_need

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hepzibah-vs-cadenza.json"


def every_order(s, need, p, seq, plan=()):
    """Every sequence of ``p``'s face-down decisions to the reveal, the other passing or
    taking the prompt's first option: walked here without the analysis's pruning."""
    if need is None or not pre_reveal(s, need, seq):
        return [plan]
    if need.players[0] != p:
        other = next((o for o in need.options if isinstance(o, Pass)), need.options[0])
        t, nxt, _ = advance(s, other)
        return every_order(t, nxt, p, seq, plan)
    found = []
    for option in need.options:
        t, nxt, _ = advance(s, option)
        found += every_order(t, nxt, p, seq, plan if isinstance(option, Pass) else (*plan, option))
    return found


def test_hepzibahs_antes_are_sets_and_none_is_lost():
    duel = Duel.from_record(json.loads(GOLDEN.read_text(encoding="utf-8")))
    state = duel.state_at(beat_starts(duel)[0][0])
    need, seq = current_need(state), state.seq
    plans = plans_of(state, need, 0, seq)
    other = pairs_of(state, need, 1)[0]
    for pair in pairs_of(state, need, 0)[:3]:
        mine = [plan for laid, plan in plans if laid == pair]
        as_sets = [frozenset(json.dumps(write(d), sort_keys=True) for d in plan) for plan in mine]
        assert len(as_sets) == len(set(as_sets)) == 32  # no two orders of one set of antes
        t, nxt, _ = lay_pairs(state, need, (pair, other), seq)
        orders = every_order(t, nxt, 0, seq)
        assert len(orders) == 326  # 1 + 5 + 20 + 60 + 120 + 120 orders of five Dark Pacts
        assert {frozenset(json.dumps(write(d), sort_keys=True) for d in o) for o in orders} == set(as_sets)
