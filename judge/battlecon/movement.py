"""Where a movement can end (R17): hops, walls, "up to", stops and locks, direct moves.

``destinations`` lists every legal end of one movement effect as
``(end, spaces, passed, stopped_by)``; an empty list means the effect is ignored
(R17.9), one entry means it is forced.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon.hooks import (
    MOVEMENT_BLOCKS,
    MOVEMENT_LIMITS,
    MOVEMENT_LOCK,
    MOVEMENT_STOPS,
    query,
)
from judge.battlecon.state import BOARD, DuelState

FIRST, LAST = BOARD.start, BOARD.stop - 1


@dataclass(frozen=True)
class End:
    end: int
    spaces: int
    passed: bool
    stopped_by: str = ""  # the card whose MOVEMENT_STOPS hook ended the movement
    stop_text: str = ""  # what stopped it, for the narrative ("the Gate Trap")


Stops = dict[int, tuple[str, str]]  # space -> (card id, what stops there)


def obstacles(s: DuelState, mover: int) -> frozenset[int]:
    """Spaces a movement hops over without counting them (R17.5): every other standup,
    and any solid figure."""
    spaces = [s.players[1 - mover].space]
    for f in s.figures.values():
        if f.solid and f.space is not None:
            spaces.append(f.space)
    return frozenset(spaces)


def walk(s: DuelState, mover: int, direction: int, amount: int, stops: Stops,
         blocks: Stops | None = None, hop: frozenset[int] | None = None) -> End | None:
    """Walk ``amount`` countable spaces; None if a wall makes it impossible (R17.9, C03).
    A blocked space (``blocks``) cannot be entered or passed: the walk ends before it.
    ``hop``: ``obstacles(s, mover)``, when the caller has them already."""
    start = s.players[mover].space
    other = s.players[1 - mover].space
    if hop is None:
        hop = obstacles(s, mover)
    pos = start
    for counted in range(1, amount + 1):
        before = pos
        pos += direction
        while pos in hop and not (blocks and pos in blocks):  # hop, not counted (R17.5)
            pos += direction
        if blocks and (pos in blocks or any(x in blocks for x in _between(before, pos))):
            source, what = blocks[pos] if pos in blocks else next(
                blocks[x] for x in _between(before, pos) if x in blocks)
            return End(before, counted - 1, _passed(start, before, other), source, what)
        if pos < FIRST or pos > LAST:
            return None
        if pos in stops:  # entering a stop (the Gate Trap) ends this movement
            source, what = stops[pos]
            return End(pos, counted, _passed(start, pos, other), source, what)
    return End(pos, amount, _passed(start, pos, other))


def _between(a: int, b: int) -> list[int]:
    return list(range(min(a, b) + 1, max(a, b)))


def movement_blocks(s: DuelState, mover: int) -> Stops:
    """Spaces the mover's (non-direct) movement may not enter nor pass (Lance, R17.14)."""
    blocks: Stops = {}
    for owner, c, fn in query(s, MOVEMENT_BLOCKS):
        for space, what in fn(s, owner, mover).items():
            blocks.setdefault(space, (c.id, what))
    return blocks


def _passed(start: int, end: int, other: int) -> bool:
    return (start - other) * (end - other) < 0


def movement_stops(s: DuelState, mover: int) -> Stops:
    """Spaces that end the mover's (non-direct) movement: every ``MOVEMENT_STOPS`` hook in
    force, the first source named for a space keeping it."""
    stops: Stops = {}
    for owner, c, fn in query(s, MOVEMENT_STOPS):
        for space, what in fn(s, owner, mover).items():
            stops.setdefault(space, (c.id, what))
    return stops


def movement_lock(s: DuelState, mover: int) -> str:
    """Why the mover cannot move at all now (a ``MOVEMENT_LOCK`` hook), or ""."""
    for owner, _c, fn in query(s, MOVEMENT_LOCK):
        reason = fn(s, owner, mover)
        if reason:
            return str(reason)
    return ""


Limits = dict[str, tuple[str, str]]  # "retreat" | "advance" | "pass" -> (card id, why)


def movement_limits(s: DuelState, mover: int) -> Limits:
    """What the mover may not do now (``MOVEMENT_LIMITS`` hooks): ``"retreat"``,
    ``"advance"`` and ``"pass"``, each with the card and why; the first source named keeps it."""
    limits: Limits = {}
    for owner, c, fn in query(s, MOVEMENT_LIMITS):
        for limit, why in fn(s, owner, mover).items():
            limits.setdefault(limit, (c.id, why))
    return limits


def _short_of_passing(s: DuelState, mover: int, end: End, why: tuple[str, str]) -> End:
    """A movement that may not pass the opponent goes no farther than the space next to
    them (R17.14)."""
    start, other = s.players[mover].space, s.players[1 - mover].space
    stop = other + (1 if start > other else -1)
    return End(stop, abs(stop - start), False, why[0], why[1])


def destinations(
    s: DuelState,
    mover: int,
    directions: tuple[int, ...],
    amounts: tuple[int, ...],
    ignores_stops: bool = False,
    not_past: int | None = None,
    own: bool = False,
) -> list[End]:
    """Legal ends of a movement in the given absolute directions (+1 east, -1 west);
    ``own``: the mover moves itself (so a limit on retreating applies)."""
    stops = {} if ignores_stops else movement_stops(s, mover)
    limits = movement_limits(s, mover)
    if own and "retreat" in limits:
        directions = tuple(d for d in directions if d != -toward(s, mover))
    if own and "advance" in limits:
        directions = tuple(d for d in directions if d != toward(s, mover))
    blocks = movement_blocks(s, mover)
    hop = obstacles(s, mover)  # the board does not change while the ends are found
    found: dict[int, End] = {}
    for direction in directions:
        for amount in amounts:
            if amount < 0:
                continue  # movement is never negative (R17.8)
            end = End(s.players[mover].space, 0, False) if amount == 0 else walk(
                s, mover, direction, amount, stops, blocks, hop)
            if end is None:
                continue
            if not_past is not None and _passed(s.players[mover].space, end.end,
                                                s.players[not_past].space):
                continue
            if end.passed and "pass" in limits:
                end = _short_of_passing(s, mover, end, limits["pass"])
            found.setdefault(end.end, end)
    return [found[k] for k in sorted(found)]


def toward(s: DuelState, mover: int) -> int:
    """The absolute direction from ``mover`` toward the opponent (R0.8)."""
    return 1 if s.players[1 - mover].space > s.players[mover].space else -1


def direct_destinations(s: DuelState, mover: int) -> list[int]:
    """Move directly: any unoccupied space, never the one it stands on (R17.12)."""
    taken = obstacles(s, mover) | {s.players[mover].space}
    if "pass" in movement_limits(s, mover):  # R17.12b: a direct move may not pass either
        start, other = s.players[mover].space, s.players[1 - mover].space
        return [x for x in BOARD if x not in taken and not _passed(start, x, other)]
    return [x for x in BOARD if x not in taken]
