"""Every cell's line replays, from the position through ``Duel``, to the cell's value; a
cell through a Clash replays through its nested game's lines to their values."""

from __future__ import annotations

from typing import Any

import pytest

from judge.battlecon.analysis import analyse_state
from judge.battlecon.analysis.walk import WON
from judge.battlecon.duel import Duel
from tests.judge.analysis.small import POSITIONS, duel


def end_value(d: Duel, beat_seq: int) -> float:
    """What a judge sees at the end of the beat: life difference, or the duel's end."""
    s = d.state
    assert s.over or s.seq > beat_seq, "the line ends with the beat"
    if s.over:
        return 0.0 if s.winner is None else float(WON if s.winner == 0 else -WON)
    return float(s.players[0].life - s.players[1].life)


def check_game(pos: dict, before: list[dict], game: dict[str, Any], seq: int) -> int:
    """Replay every cell of ``game`` (reached by ``before``); the cells checked."""
    checked = 0
    for i, row in enumerate(game["table"]):
        for j, value in enumerate(row):
            line = game["lines"][i][j]
            if line is None:
                nested = game["clashes"][f"{i},{j}"]
                assert nested["value"] == pytest.approx(value)
                checked += check_game(pos, before + nested["line"], nested, seq)
                continue
            replayed = duel(pos, before + line)
            assert end_value(replayed, seq) == value, (i, j, line)
            checked += 1
    return checked


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_line_replays_to_its_value(name: str) -> None:
    pos = POSITIONS[name]
    start = duel(pos)
    analysis = analyse_state(start.state)
    rows, cols = analysis["pairs"]
    assert len(analysis["table"]) == len(rows) and all(len(r) == len(cols)
                                                        for r in analysis["table"])
    assert check_game(pos, [], analysis, start.state.seq) >= len(rows) * len(cols)


def test_a_clash_cell_has_its_nested_game() -> None:
    """Cherri's Crimson Strike against Rukyuk at range: some cells clash, each a game of the
    new Bases whose choices are clash_base decisions."""
    analysis = analyse_state(duel(POSITIONS["cherri-rukyuk"]).state)
    assert analysis["clashes"], "this position has Clashes"
    for key, nested in analysis["clashes"].items():
        i, j = map(int, key.split(","))
        assert analysis["lines"][i][j] is None
        assert nested["kind"] == "clash_base"
        assert all(c[0]["kind"] == "clash_base" for c in nested["pairs"][0] + nested["pairs"][1])
