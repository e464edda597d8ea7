"""The backward induction is right: an exhaustive search written here, on ``Duel`` copies
made by replaying the record (sharing none of the solver's code), gives every cell's value.

The search: from a cell's pre-reveal choices, every decision of the rest of the beat is
tried; one player's prompt takes the best option for them (player 0 the most); a prompt
both answer face down is a matrix game, valued here by its own small linear program.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import linprog

from judge.battlecon.analysis import analyse_state
from judge.battlecon.duel import Duel
from tests.judge.analysis.small import POSITIONS, duel

SMALL = ["hikaru-khadath", "cherri-rukyuk", "cadenza-seth"]


def score(d: Duel) -> float:
    s = d.state
    if s.over:
        return 0.0 if s.winner is None else (100.0 if s.winner == 0 else -100.0)
    return float(s.players[0].life - s.players[1].life)


def game_value(a: np.ndarray) -> float:
    """max over x of min over columns of x^T A (an LP of its own)."""
    m, n = a.shape
    res = linprog(np.r_[np.zeros(m), -1.0], A_ub=np.c_[-a.T, np.ones(n)], b_ub=np.zeros(n),
                  A_eq=np.r_[np.ones(m), 0.0][None, :], b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)])
    return float(-res.fun)


def search(pos: dict, line: list[dict], seq: int) -> float:
    d = duel(pos, line)
    if d.over or d.state.seq != seq:
        return score(d)
    prompt = d.prompt
    assert prompt is not None
    options = prompt["options"]
    order = prompt.get("order")
    if order:  # a pause at a window of effects: the printed order, as the model says
        return search(pos, [*line, {"player": order["player"], "kind": "order",
                                    "effects": order["effects"]}], seq)
    if len(prompt["players"]) == 2:
        rows = [o for o in options if o["player"] == 0]
        cols = [o for o in options if o["player"] == 1]
        return game_value(np.array([[search(pos, [*line, r, c], seq) for c in cols]
                                    for r in rows]))
    values = [search(pos, [*line, o], seq) for o in options]
    return max(values) if prompt["players"][0] == 0 else min(values)


def plan_line(pos: dict, choices: tuple[list[dict], list[dict]], seq: int) -> list[dict]:
    """Both pairs laid, then each player's remaining choices given when asked (else pass)."""
    line = [choices[0][0], choices[1][0]]
    left = [list(choices[0][1:]), list(choices[1][1:])]
    while True:
        d = duel(pos, line)
        prompt = d.prompt
        if d.over or prompt is None or d.state.step not in ("select", "ante") \
                or d.state.seq != seq or prompt.get("order"):
            return line
        p = prompt["players"][0]
        if left[p] and left[p][0] in prompt["options"]:
            line.append(left[p].pop(0))
        else:
            line.append(next(o for o in prompt["options"] if o["kind"] == "pass"))


@pytest.mark.parametrize("name", SMALL)
def test_every_cell_is_the_exhaustive_value(name: str) -> None:
    pos = POSITIONS[name]
    start = duel(pos)
    seq = start.state.seq
    analysis = analyse_state(start.state)
    rows, cols = analysis["pairs"]
    for i, row in enumerate(rows):
        for j, col in enumerate(cols):
            expected = search(pos, plan_line(pos, (row, col), seq), seq)
            assert analysis["table"][i][j] == pytest.approx(expected, abs=1e-6), (i, j)
