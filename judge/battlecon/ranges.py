"""Spaces "within range" (G11): where an effect may place a marker or send a figure.

Range is measured from the fighter's own space towards the opponent only (R13 measures
range that way everywhere, and the peer engine adopted this reading in 2014); the ruling
``rulings: {"range-direction": "both"}`` counts both directions. A record that names no
reading reads ``both``: every record written before G11 names none, and a default of the
record format never changes meaning (docs/record-format.md, Versions); the service's
new-duel page, the playouts and the example duels name ``toward`` (its ``recommended``
reading, judge/battlecon/rulings.py).
"""

from __future__ import annotations

from typing import Final

from judge.battlecon.rulings import reading_in
from judge.battlecon.state import BOARD, DuelState

TOWARD: Final = "toward"
BOTH: Final = "both"
RULING: Final = "range-direction"


def direction_ruling(s: DuelState) -> str:
    """The G11 reading in force: ``toward`` (the default of new duels) or ``both``."""
    return str(reading_in(s.options, RULING))


def spaces_within_range(s: DuelState, owner: int, low: int, high: int) -> list[int]:
    """Board spaces at a distance ``low``..``high`` from ``owner``'s standup, on the
    opponent's side only (G11) unless the ruling says ``both``. Distance 0 is the
    fighter's own space."""
    me, them = s.players[owner].space, s.players[1 - owner].space
    toward = 1 if them > me else -1
    both = direction_ruling(s) == BOTH
    return [x for x in BOARD if low <= abs(x - me) <= high
            and (both or x == me or (x - me) * toward > 0)]
