"""Where a movement can end (R17): hops, walls, "up to", trap stops, direct moves.

``destinations`` lists every legal end of one movement effect as
``(end, spaces, passed, stopped_by)``; an empty list means the effect is ignored
(R17.9), one entry means it is forced.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon.state import BOARD, DuelState

FIRST, LAST = BOARD.start, BOARD.stop - 1


@dataclass(frozen=True)
class End:
    end: int
    spaces: int
    passed: bool
    stopped_by: str = ""


def walk(s: DuelState, mover: int, direction: int, amount: int, stops: frozenset[int]) -> End | None:
    """Walk ``amount`` countable spaces; None if a wall makes it impossible (R17.9, C03)."""
    start = s.players[mover].space
    other = s.players[1 - mover].space
    pos = start
    for counted in range(1, amount + 1):
        pos += direction
        if pos == other:  # hop over the opponent, not counted (R17.5)
            pos += direction
        if pos < FIRST or pos > LAST:
            return None
        if pos in stops:  # entering the Gate Trap ends this movement
            return End(pos, counted, _passed(start, pos, other), "gate-trap")
    return End(pos, amount, _passed(start, pos, other))


def _passed(start: int, end: int, other: int) -> bool:
    return (start - other) * (end - other) < 0


def trap_stops(s: DuelState, mover: int, direct: bool, ignores_trap: bool) -> frozenset[int]:
    """Spaces that end the mover's movement: the opponent's Gate Trap (Khadath's ability)."""
    if direct or ignores_trap:
        return frozenset()
    space = s.marker(1 - mover, "gate-trap")
    return frozenset() if space is None else frozenset({space})


def destinations(
    s: DuelState,
    mover: int,
    directions: tuple[int, ...],
    amounts: tuple[int, ...],
    ignores_trap: bool = False,
    not_past: int | None = None,
) -> list[End]:
    """Legal ends of a movement in the given absolute directions (+1 east, -1 west)."""
    stops = trap_stops(s, mover, False, ignores_trap)
    found: dict[int, End] = {}
    for direction in directions:
        for amount in amounts:
            if amount < 0:
                continue  # movement is never negative (R17.8)
            end = End(s.players[mover].space, 0, False) if amount == 0 else walk(
                s, mover, direction, amount, stops)
            if end is None:
                continue
            if not_past is not None and _passed(s.players[mover].space, end.end,
                                                s.players[not_past].space):
                continue
            found.setdefault(end.end, end)
    return [found[k] for k in sorted(found)]


def toward(s: DuelState, mover: int) -> int:
    """The absolute direction from ``mover`` toward the opponent (R0.8)."""
    return 1 if s.players[1 - mover].space > s.players[mover].space else -1


def direct_destinations(s: DuelState, mover: int) -> list[int]:
    """Move directly: any unoccupied space, never the one it stands on (R17.12)."""
    taken = {p.space for p in s.players}
    return [x for x in BOARD if x not in taken]
