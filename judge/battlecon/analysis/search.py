"""The rest of a beat by backward induction: whoever decides picks what is best for them
by the evaluation (player 0 the most, player 1 the least), ties to the prompt's first
option; a prompt both players answer face down (a Clash) is a nested matrix game whose
value is the node's."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from judge.battlecon.analysis import matrix
from judge.battlecon.analysis.walk import (
    advance,
    beat_done,
    evaluate,
    is_simultaneous,
    own_options,
)
from judge.battlecon.context import Need
from judge.battlecon.state import DuelState


@dataclass
class Result:
    """A node's value; ``line``: the decisions from the node to the end of the beat, or
    None when a nested game lies on the way (``nested``, its ``line`` the decisions from
    the node to it)."""

    value: float
    line: list[dict] | None
    nested: dict[str, Any] | None = None

    def after(self, made: list[dict]) -> Result:
        """This result seen some decisions earlier."""
        if self.line is not None:
            return Result(self.value, [*made, *self.line])
        assert self.nested is not None, "a result without a line has a nested game"
        nested = {**self.nested, "line": [*made, *self.nested["line"]]}
        return Result(self.value, None, nested)


Memo = dict[str, Result]  # the subgames solved in one analysis, by state (``state_key``)


def state_key(s: DuelState) -> str:
    """What makes a state this state (not its caches): equal keys, the same subgame."""
    # Read through the dataclass's fields, not ``__dict__``: a compiled DuelState has none.
    values = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)
              if f.name not in _NOT_STATE}
    return repr(values)


_NOT_STATE = frozenset({"cache"})


def solve(s: DuelState, need: Need | None, seq: int, memo: Memo) -> Result:
    """The value of ``s`` (waiting on ``need``) for the rest of beat ``seq``; a state met
    before in this analysis (another cell's, another order of the same moves) is not
    searched again."""
    if need is None or beat_done(s, seq):
        return Result(evaluate(s), [])
    key = state_key(s)
    found = memo.get(key)
    if found is None:
        if is_simultaneous(need):
            game = nested_game(s, need, seq, memo)
            found = Result(game["value"], None, {**game, "line": []})
        else:
            found = best_reply(s, need, seq, memo)
        memo[key] = found
    return found


def best_reply(s: DuelState, need: Need, seq: int, memo: Memo) -> Result:
    """The decider's best option, the first of equals in the prompt's order."""
    sign = 1.0 if need.players[0] == 0 else -1.0
    best: Result | None = None
    for option in need.options:
        t, nxt, made = advance(s, option)
        found = solve(t, nxt, seq, memo).after(made)
        if best is None or sign * found.value > sign * best.value:
            best = found
    assert best is not None, "a prompt lists at least one option"
    return best


def cell(s: DuelState, need: Need, first: dict, second: dict, seq: int,
         memo: Memo) -> Result:
    """Both simultaneous choices made (player 0's first), then the rest of the beat."""
    t, nxt, made = advance(s, first)
    if nxt is None or beat_done(t, seq) or second not in nxt.options:
        return solve(t, nxt, seq, memo).after(made)  # the first choice ended what the second answered
    u, after, more = advance(t, second)
    return solve(u, after, seq, memo).after(more).after(made)


def nested_game(s: DuelState, need: Need, seq: int, memo: Memo) -> dict[str, Any]:
    """A simultaneous prompt inside the beat as a matrix game (the shape of the analysis)."""
    rows, cols = own_options(need, 0), own_options(need, 1)
    results = [[cell(s, need, r, c, seq, memo) for c in cols] for r in rows]
    return game_json(kind=need.kind, rows=[[r] for r in rows], cols=[[c] for c in cols],
                     results=results)


def game_json(kind: str, rows: list[list[dict]], cols: list[list[dict]],
              results: list[list[Result]]) -> dict[str, Any]:
    """A matrix game as the analysis JSON: choices, table, lines, nested games, the mixes."""
    table = [[r.value for r in row] for row in results]
    solution = matrix.solve(table)
    clashes = {f"{i},{j}": r.nested for i, row in enumerate(results)
               for j, r in enumerate(row) if r.nested is not None}
    return {"kind": kind, "pairs": [rows, cols], "table": table,
            "lines": [[r.line for r in row] for row in results], "clashes": clashes,
            "mix": [solution.rows, solution.cols], "value": solution.value,
            "pruned": solution.pruned}
