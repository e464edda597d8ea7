"""The rest of a beat by backward induction: whoever decides picks what is best for them
by the evaluation (player 0 the most, player 1 the least), ties to the prompt's first
option; a prompt both players answer face down (a Clash) is a nested matrix game whose
value is the node's."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from judge.battlecon.analysis import matrix
from judge.battlecon.analysis.budget import Budget, check
from judge.battlecon.analysis.walk import (
    Step,
    advance,
    beat_done,
    evaluate,
    is_simultaneous,
    own_options,
)
from judge.battlecon.context import Need
from judge.battlecon.decisions import Decision, write
from judge.battlecon.state import DuelState

INF = math.inf


@dataclass
class Result:
    """A node's value; ``line``: the decisions from the node to the end of the beat, or
    None when a nested game lies on the way (``nested``, its ``line`` the decisions from
    the node to it)."""

    value: float
    line: list[Decision] | None
    nested: dict[str, Any] | None = None

    def after(self, made: list[Decision]) -> Result:
        """This result seen some decisions earlier."""
        if self.line is not None:
            return Result(self.value, [*made, *self.line])
        assert self.nested is not None, "a result without a line has a nested game"
        nested = {**self.nested, "line": [*made, *self.nested["line"]]}
        return Result(self.value, None, nested)


class Memo(dict[str, Result]):
    """The nested games solved in one analysis, by state (``state_key``), and the
    analysis's time budget (checked at every node searched)."""

    def __init__(self, budget: Budget | None = None) -> None:
        super().__init__()
        self.budget = budget


def state_key(s: DuelState) -> str:
    """What makes a state this state (not its caches): equal keys, the same subgame."""
    # Read through the dataclass's fields, not ``__dict__``: a compiled DuelState has none.
    values = {f.name: getattr(s, f.name) for f in dataclasses.fields(s) if f.compare}
    return repr(values)


def solve(s: DuelState, need: Need | None, seq: int, memo: Memo,
          alpha: float = -INF, beta: float = INF, owned: bool = False) -> Result:
    """The value of ``s`` (waiting on ``need``) for the rest of beat ``seq``.

    Alpha-beta: the value is exact when it lies strictly inside ``(alpha, beta)``; at or
    below ``alpha`` it is only an upper bound of the exact value, at or above ``beta``
    only a lower bound (the caller then prefers another option whatever the exact value:
    a value equal to the best so far never replaces it, ties going to the first). With
    the whole window (the default), the result, its line included, is the exact one.
    ``owned``: no one else holds ``s`` (the last option is then played on it, uncopied).

    A nested game met before in this analysis (another cell's) is not solved again. The
    states of one-decider prompts are not kept: one is practically never met twice (it
    counts the trigger groups made so far, among others), and its key costs about as much
    as a step of the engine."""
    if need is None or beat_done(s, seq):
        return Result(evaluate(s), [])
    check(memo.budget)
    if not is_simultaneous(need):
        return best_reply(s, need, seq, memo, alpha, beta, owned)
    key = state_key(s)
    found = memo.get(key)
    if found is None:  # a nested game is always solved whole: its table is shown
        game = nested_game(s, need, seq, memo)
        found = memo[key] = Result(game["value"], None, {**game, "line": []})
    return found


def best_reply(s: DuelState, need: Need, seq: int, memo: Memo,
               alpha: float = -INF, beta: float = INF, owned: bool = False) -> Result:
    """The decider's best option, the first of equals in the prompt's order (within the
    window ``(alpha, beta)`` of ``solve``: an option that cannot beat the best so far is
    searched only far enough to show it, and the search stops at an option the other
    player would not allow)."""
    sign = 1.0 if need.players[0] == 0 else -1.0
    low, high = (alpha, beta) if sign > 0 else (-beta, -alpha)  # the decider's own terms
    best: Result | None = None
    best_value = -INF
    last = len(need.options) - 1
    for k, option in enumerate(need.options):
        floor = max(low, best_value)
        t, nxt, made = advance(s, option, in_place=owned and k == last)
        window = (floor, high) if sign > 0 else (-high, -floor)
        found = solve(t, nxt, seq, memo, *window, owned=True).after(made)
        if best is None or sign * found.value > best_value:
            best, best_value = found, sign * found.value
            if best_value >= high:
                break
    assert best is not None, "a prompt lists at least one option"
    return best


def cell(first: Step, second: Decision, seq: int, memo: Memo) -> Result:
    """Both simultaneous choices made: ``first`` the step of player 0's (shared by its
    row), then ``second``; then the rest of the beat."""
    t, nxt, made = first
    if nxt is None or beat_done(t, seq) or second not in nxt.options:
        return solve(t, nxt, seq, memo).after(made)  # the first choice ended what the second answered
    u, after, more = advance(t, second)
    return solve(u, after, seq, memo, owned=True).after(more).after(made)


def nested_game(s: DuelState, need: Need, seq: int, memo: Memo) -> dict[str, Any]:
    """A simultaneous prompt inside the beat as a matrix game (the shape of the analysis);
    each row's choice is made once for all its cells."""
    rows, cols = own_options(need, 0), own_options(need, 1)
    results: list[list[Result]] = []
    for r in rows:
        first = advance(s, r)
        results.append([cell(first, c, seq, memo) for c in cols])
    return game_json(kind=need.kind, rows=[[r] for r in rows], cols=[[c] for c in cols],
                     results=results)


def game_json(kind: str, rows: list[list[Decision]], cols: list[list[Decision]],
              results: list[list[Result]]) -> dict[str, Any]:
    """A matrix game as the analysis JSON: choices, table, lines, nested games, the mixes
    (the decisions written as the record's JSON here: inside the search they are values;
    a nested game's ``line``, the decisions that lead to it, is written by its parent)."""
    table = [[r.value for r in row] for row in results]
    solution = matrix.solve(table)
    clashes = {f"{i},{j}": {**r.nested, "line": _written(r.nested["line"])}
               for i, row in enumerate(results) for j, r in enumerate(row)
               if r.nested is not None}
    return {"kind": kind, "pairs": [[_written(c) for c in rows], [_written(c) for c in cols]],
            "table": table, "lines": [[None if r.line is None else _written(r.line)
                                       for r in row] for row in results],
            "clashes": clashes,
            "mix": [solution.rows, solution.cols], "value": solution.value,
            "pruned": solution.pruned}


def _written(decisions: list[Decision]) -> list[dict[str, Any]]:
    return [write(d) for d in decisions]
