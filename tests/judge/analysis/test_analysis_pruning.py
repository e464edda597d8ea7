"""The pruning before the linear program removes every line at once that can go, and must
remove the same lines, in the same order, by the same lines, as removing one at a time
(the definition, docs/analysis.md "What is pruned"): checked against that definition,
written here, on tables full of ties, duplicates and dominated lines."""

from __future__ import annotations

import numpy as np
import pytest

from judge.battlecon.analysis.matrix import prune, solve


def one_at_a_time(a: np.ndarray) -> tuple[list[int], list[int], list[dict]]:
    """The definition: repeatedly, the first row (in order) that an earlier equal row or a
    strictly better row removes goes, by the first such row; when no row can, the first
    such column (player 1 minimises); until nothing can."""
    rows, cols = list(range(a.shape[0])), list(range(a.shape[1]))
    pruned: list[dict] = []

    def once(live: list[int], other: list[int], value, better, player: int) -> bool:
        for k_at, k in enumerate(live):
            for m_at, m in enumerate(live):
                if m == k:
                    continue
                line_k = [value(k, o) for o in other]
                line_m = [value(m, o) for o in other]
                if line_k == line_m and m_at < k_at:
                    why = "duplicate"
                elif all(better(y, x) for x, y in zip(line_k, line_m, strict=True)):
                    why = "strictly dominated"
                else:
                    continue
                pruned.append({"player": player, "choice": k, "why": why, "by": m})
                live.remove(k)
                return True
        return False

    while once(rows, cols, lambda i, j: a[i, j], lambda y, x: y > x, 0) or \
            once(cols, rows, lambda j, i: a[i, j], lambda y, x: y < x, 1):
        pass
    return rows, cols, pruned


@pytest.mark.parametrize("seed", range(60))
def test_pruning_is_the_one_at_a_time_definition(seed: int) -> None:
    rng = np.random.default_rng(seed)
    shape = (int(rng.integers(1, 40)), int(rng.integers(1, 9)))
    a = rng.integers(-2, 3, size=shape).astype(float)  # few values: many ties
    if seed % 3 == 0:  # whole rows repeated, as an ante that changes nothing makes them
        a = a[rng.integers(0, shape[0], size=shape[0] * 2)]
    assert prune(a) == one_at_a_time(a)


def test_a_tall_table_keeps_its_undominated_rows() -> None:
    """960 rows of 15 (Hepzibah's tables), most of them copies: the rows kept, the value."""
    rng = np.random.default_rng(7)
    base = rng.integers(-6, 7, size=(40, 15)).astype(float)
    a = base[rng.integers(0, 40, size=960)]
    rows, cols, pruned = prune(a)
    assert len(rows) + sum(p["player"] == 0 for p in pruned) == 960
    assert len(cols) + sum(p["player"] == 1 for p in pruned) == 15
    kept = a[np.ix_(rows, cols)]
    for k in range(len(rows)):  # no kept row equals or is strictly worse than another
        for m in range(len(rows)):
            assert m == k or not (kept[k] == kept[m]).all()
            assert m == k or not (kept[k] < kept[m]).all()
    sampled = sorted(set(map(tuple, a.tolist())))  # the same game without its copies
    assert solve(a.tolist()).value == pytest.approx(solve([list(r) for r in sampled]).value,
                                                    abs=1e-9)
