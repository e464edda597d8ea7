"""A zero-sum matrix game solved exactly: duplicates and strictly dominated choices pruned,
then each side's optimal mix by linear programming (SciPy's ``linprog``, HiGHS)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog


@dataclass
class Solution:
    """Each side's mix (over every row and column), the value for the row player, and what
    was pruned before the linear program: ``{"player", "choice", "why", "by"}``."""

    rows: list[float]
    cols: list[float]
    value: float
    pruned: list[dict] = field(default_factory=list)


def _relations(a: np.ndarray, live: list[int], other: list[int],
               sign: float) -> tuple[np.ndarray, np.ndarray]:
    """Between the lines ``live`` of ``a`` against ``other`` (``sign``: -1 for the
    minimising player): ``equal[k, m]`` line k equals line m; ``removes[k, m]`` line m
    removes line k, being an earlier equal line or a strictly better one."""
    sub = sign * a[np.ix_(live, other)]
    equal = (sub[:, None, :] == sub[None, :, :]).all(axis=2)
    worse = (sub[:, None, :] < sub[None, :, :]).all(axis=2)  # [k, m]: m strictly better
    earlier = np.tri(len(live), k=-1, dtype=bool)  # [k, m]: m < k
    return equal, (equal & earlier) | worse


def _prune_once(a: np.ndarray, live: list[int], other: list[int], sign: float,
                player: int, pruned: list[dict]) -> bool:
    """Drop one duplicate or strictly dominated line of ``player``; whether one was: the
    first line ``k`` (in order) that an earlier equal line or any strictly better line
    ``m`` removes, by the first such ``m``."""
    equal, removes = _relations(a, live, other, sign)
    found = np.argwhere(removes)  # in (k, m) order: row-major
    if not len(found):
        return False
    k, m = (int(v) for v in found[0])
    why = "duplicate" if equal[k, m] else "strictly dominated"
    pruned.append({"player": player, "choice": live[k], "why": why, "by": live[m]})
    del live[k]
    return True


def _prune_all(a: np.ndarray, live: list[int], other: list[int], sign: float,
               player: int, pruned: list[dict]) -> None:
    """``_prune_once`` until it drops nothing, with the relations worked out once: the
    other side's lines stay as they are, so a removal makes no line removable that was not,
    and (both relations being transitive, and no line better than itself) leaves every
    removable line removable, by a line still there. So the lines go in their order,
    each by the first line still there that removes it, as one at a time would have it."""
    equal, removes = _relations(a, live, other, sign)
    alive = np.ones(len(live), dtype=bool)
    for k in np.flatnonzero(removes.any(axis=1)):
        by = np.flatnonzero(removes[k] & alive)
        assert len(by), "a removable line keeps a line still there that removes it"
        m = int(by[0])
        why = "duplicate" if equal[k, m] else "strictly dominated"
        pruned.append({"player": player, "choice": live[k], "why": why, "by": live[m]})
        alive[k] = False
    live[:] = [line for line, kept in zip(live, alive, strict=True) if kept]


def prune(a: np.ndarray) -> tuple[list[int], list[int], list[dict]]:
    """Iterated removal of duplicate and strictly dominated rows and columns (player 1
    minimises): the rows and columns left, and what went. Every row that can go goes, then
    one column, then the rows again (a column gone can make a row dominated), and so on."""
    rows, cols = list(range(a.shape[0])), list(range(a.shape[1]))
    pruned: list[dict] = []
    _prune_all(a, rows, cols, 1.0, 0, pruned)
    while _prune_once(a.T, cols, rows, -1.0, 1, pruned):
        _prune_all(a, rows, cols, 1.0, 0, pruned)
    return rows, cols, pruned


def _maximin(a: np.ndarray) -> tuple[np.ndarray, float]:
    """The row player's optimal mix and the value: max v s.t. x^T A >= v, sum x = 1."""
    m, n = a.shape
    c = np.zeros(m + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((n, 1))])
    a_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1.0], bounds=bounds,
                  method="highs")
    if res.status != 0:
        raise ArithmeticError(f"the linear program failed: {res.message}")
    x = np.clip(res.x[:m], 0.0, None)
    return x / x.sum(), float(res.x[-1])


_SOLVED: dict[tuple[tuple[int, ...], bytes], Solution] = {}  # by the table, bit for bit
_KEPT = 4096  # tables kept at most (then forgotten all at once)


def solve(table: list[list[float]]) -> Solution:
    """The equilibrium of ``table`` (values for the row player, who maximises). A table
    solved before (nested games often repeat one) is answered from the first solution:
    the same mixes, value and pruning, bit for bit."""
    a = np.array(table, dtype=float)
    key = (a.shape, a.tobytes())
    found = _SOLVED.get(key)
    if found is None:
        if len(_SOLVED) >= _KEPT:
            _SOLVED.clear()
        found = _SOLVED[key] = _solve(a)
    return Solution(list(found.rows), list(found.cols), found.value,
                    [dict(p) for p in found.pruned])


def _solve(a: np.ndarray) -> Solution:
    rows, cols, pruned = prune(a)
    sub = a[np.ix_(rows, cols)]
    if sub.shape == (1, 1):  # one choice each left: the linear program's answer, at once
        x, y = np.ones(1), np.ones(1)
    else:
        x, _ = _maximin(sub)
        y, _ = _maximin(-sub.T)
    mix_rows, mix_cols = [0.0] * a.shape[0], [0.0] * a.shape[1]
    for k, i in enumerate(rows):
        mix_rows[i] = round(float(x[k]), 12)
    for k, j in enumerate(cols):
        mix_cols[j] = round(float(y[k]), 12)
    return Solution(mix_rows, mix_cols, float(x @ sub @ y), pruned)
