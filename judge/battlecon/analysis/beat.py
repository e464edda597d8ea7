"""The analysis of a beat's start: every pre-reveal choice of player 0 (rows) against every
one of player 1 (columns), each cell judged to the end of the beat, and the equilibrium."""

from __future__ import annotations

from typing import Any

from judge.battlecon import engine
from judge.battlecon.analysis.budget import Budget, check
from judge.battlecon.analysis.choices import Plan, Steps, lay_pairs, plans_of, play_out
from judge.battlecon.analysis.labels import labels
from judge.battlecon.analysis.search import Memo, Result, game_json, solve
from judge.battlecon.analysis.walk import advance
from judge.battlecon.context import Need
from judge.battlecon.decisions import Decision
from judge.battlecon.state import DuelState
from judge.errors import IllegalDecisionError

EVALUATION = ("life difference (player 0 minus player 1) at the end of the beat; "
              "a won duel +100 or -100, a drawn one 0")


def beat_start_need(s: DuelState) -> Need:
    """The prompt of a beat's start (both attack pairs to lay), or an error saying why
    there is none."""
    if s.over:
        raise IllegalDecisionError("The duel is over: there is no beat to analyse.", "R20.1")
    need = engine.current_need(s)
    if need is None or need.kind != "attack_pair" or s.step != "select" or \
            any(p.pair is not None for p in s.players):
        raise IllegalDecisionError("The position is not at the start of a beat (both attack "
                                   "pairs still to lay).", "R4.1")
    return need


def choice_json(pair: Decision, plan: Plan) -> list[Decision]:
    """A pre-reveal choice: the pair, then the plan (``game_json`` writes it as the
    record's decisions)."""
    return [pair, *plan]


def cell(s: DuelState, need: Need, row: tuple[Decision, Plan], col: tuple[Decision, Plan],
         seq: int, memo: Memo, steps: Steps | None = None) -> Result:
    """One cell: both pairs laid, both plans played to the reveal (``steps``: shared with
    the other cells), the rest solved."""
    check(memo.budget)
    step = advance if steps is None else steps.advance
    t, nxt, laid = lay_pairs(s, need, (row[0], col[0]), seq, step)
    t, nxt, made = play_out(t, nxt, seq, (row[1], col[1]), step)
    return solve(t, nxt, seq, memo).after(laid + made)


def analyse_state(s: DuelState, budget: Budget | None = None) -> dict[str, Any]:
    """The whole analysis of the beat starting at ``s`` (the JSON of docs/analysis.md);
    ``budget``: a time budget, checked per cell and at every node searched
    (``BudgetExceeded`` once spent)."""
    need = beat_start_need(s)
    seq = s.seq
    rows = plans_of(s, need, 0, seq, budget)
    cols = plans_of(s, need, 1, seq, budget)
    memo, steps = Memo(budget), Steps()
    results = [[cell(s, need, r, c, seq, memo, steps) for c in cols] for r in rows]
    game = game_json(kind="attack_pair", rows=[choice_json(*r) for r in rows],
                     cols=[choice_json(*c) for c in cols], results=results)
    del game["kind"]
    return {"beat": s.beat, "evaluation": EVALUATION, **game,
            "labels": labels(s, *game["pairs"]),
            "players": [p.name for p in s.players]}
