"""The equilibrium: for the mixes x, y and table A, x^T A y is the value and no pure reply
does better than the value for either side (1e-6); a strictly dominant choice gets weight 1;
pruned choices are named with why."""

from __future__ import annotations

import numpy as np
import pytest

from judge.battlecon.analysis import analyse_state
from judge.battlecon.analysis.matrix import solve
from tests.judge.analysis.small import POSITIONS, duel, player, position

TOL = 1e-6


def check_equilibrium(table: list[list[float]], mix: list[list[float]], value: float) -> None:
    a = np.array(table)
    x, y = np.array(mix[0]), np.array(mix[1])
    assert x.min() >= -TOL and y.min() >= -TOL
    assert x.sum() == pytest.approx(1.0, abs=TOL) and y.sum() == pytest.approx(1.0, abs=TOL)
    assert float(x @ a @ y) == pytest.approx(value, abs=TOL)
    assert (a @ y).max() <= value + TOL, "a pure row would beat the value for player 0"
    assert (x @ a).min() >= value - TOL, "a pure column would beat the value for player 1"


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_mixes_are_an_equilibrium(name: str) -> None:
    analysis = analyse_state(duel(POSITIONS[name]).state)
    check_equilibrium(analysis["table"], analysis["mix"], analysis["value"])
    for nested in analysis["clashes"].values():
        check_equilibrium(nested["table"], nested["mix"], nested["value"])


def test_matching_pennies_is_an_even_mix() -> None:
    found = solve([[1, -1], [-1, 1]])
    assert found.rows == pytest.approx([0.5, 0.5]) and found.cols == pytest.approx([0.5, 0.5])
    assert found.value == pytest.approx(0.0, abs=TOL) and found.pruned == []


def test_rock_paper_scissors() -> None:
    table = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    found = solve(table)
    assert found.rows == pytest.approx([1 / 3] * 3)
    check_equilibrium(table, [found.rows, found.cols], found.value)


def test_a_strictly_dominant_row_gets_weight_one_and_the_rest_are_named() -> None:
    found = solve([[1, 2, 0], [3, 4, 1], [2, 2, 0], [3, 4, 1]])
    assert found.rows == [0.0, 1.0, 0.0, 0.0]
    assert {"player": 0, "choice": 3, "why": "duplicate", "by": 1} in found.pruned
    assert any(p["player"] == 0 and p["choice"] == 0 and p["why"] == "strictly dominated"
               for p in found.pruned)


def test_a_position_with_a_strictly_dominant_pair() -> None:
    """Khadath with one pair left against Hikaru at range 1: Hikaru's strongest attack wins
    every exchange, a strictly dominant pair: it gets weight 1."""
    pos = position(player("hikaru", 3, ["trance", "focused"], ["strike", "dash"], pool=[]),
                   player("khadath", 4, ["hunters"], ["grasp"]))
    analysis = analyse_state(duel(pos).state)
    table = np.array(analysis["table"])
    best = int(table[:, 0].argmax())
    assert (np.delete(table[:, 0], best) < table[best, 0]).all(), "a strictly dominant row"
    assert analysis["mix"][0][best] == 1.0
    assert analysis["mix"][1] == [1.0]
    assert sorted(p["choice"] for p in analysis["pruned"] if p["player"] == 0) == \
        sorted(set(range(len(table))) - {best})


def test_a_table_solved_again_is_answered_the_same_and_apart() -> None:
    """A repeated table (nested games often repeat one) gets the first solution, bit for
    bit, as its own lists: changing one answer changes no other."""
    table = [[3.0, -1.0, 0.5], [-2.0, 2.0, 0.0], [1.0, 1.0, -0.0]]
    first, again = solve(table), solve([list(row) for row in table])
    assert (first.rows, first.cols, first.value, first.pruned) == \
        (again.rows, again.cols, again.value, again.pruned)
    first.rows[0] = 9.0
    first.pruned.append({"player": 0})
    third = solve(table)
    assert third.rows == again.rows and third.pruned == again.pruned
    check_equilibrium(table, [third.rows, third.cols], third.value)
