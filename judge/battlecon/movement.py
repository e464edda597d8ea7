"""Where a movement can end (R17): hops, walls, "up to", stops and locks, direct moves.

``destinations`` lists every legal end of one movement effect as
``(end, spaces, passed, stopped_by)``; an empty list means the effect is ignored
(R17.9), one entry means it is forced.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon import profile
from judge.battlecon.hooks import (
    MOVEMENT_BLOCKS,
    MOVEMENT_LIMITS,
    MOVEMENT_LOCK,
    MOVEMENT_STOPS,
    MOVEMENT_WRAPS,
    MOVES_ALONG,
    query,
)
from judge.battlecon.speed.fast_init import fast_init
from judge.battlecon.state import BOARD, DuelState, known

FIRST, LAST = BOARD.start, BOARD.stop - 1


@fast_init
@dataclass(frozen=True)
class End:
    end: int
    spaces: int
    passed: bool
    stopped_by: str = ""  # the card whose MOVEMENT_STOPS hook ended the movement
    stop_text: str = ""  # what stopped it, for the narrative ("the Gate Trap")
    wrapped_by: str = ""  # what made the board's edges adjacent (``MOVEMENT_WRAPS``)
    ways: int = 1  # how many legal choices (direction and amount) end here

    def changed(self, passed: bool | None = None, ways: int | None = None) -> End:
        """This end with ``passed`` or ``ways`` changed: ``dataclasses.replace``, which
        stays interpreted and reads the fields anew at each call, made direct."""
        return End(self.end, self.spaces, self.passed if passed is None else passed,
                   self.stopped_by, self.stop_text, self.wrapped_by,
                   self.ways if ways is None else ways)


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
         blocks: Stops | None = None, wraps: str = "",
         hop: frozenset[int] | None = None, partial: bool = False) -> End | None:
    """Walk ``amount`` countable spaces; None if a wall makes it impossible (R17.9, C03),
    or with ``partial`` (001's walls, C03) as far as it goes before the wall, if anywhere.
    A blocked space (``blocks``) cannot be entered or passed: the walk ends before it.
    ``wraps`` (what makes the edges adjacent, ``MOVEMENT_WRAPS``): past one edge the walk
    goes on from the other, never back onto its start; passing the opponent or crossing
    an edge switches sides (R17.17). ``hop``: ``obstacles(s, mover)``, when the caller has
    them already."""
    start = s.players[mover].space
    other = s.players[1 - mover].space
    if hop is None:
        hop = obstacles(s, mover)
    pos: int | None = start
    flips, edges = 0, 0  # side switches (the opponent hopped, an edge crossed); edges
    for counted in range(1, amount + 1):
        before = known(pos, "a space on the board")
        crossed: list[int] = []  # the spaces hopped over on the way (R17.5)
        pos = _step(before, direction, wraps)
        while pos is not None and pos in hop and not (blocks and pos in blocks):
            crossed.append(pos)
            pos = _step(pos, direction, wraps)
        if blocks and (pos in blocks or any(x in blocks for x in crossed)):
            source, what = blocks[pos] if pos in blocks else next(
                blocks[x] for x in crossed if x in blocks)
            return _end(start, before, counted - 1, other, flips, edges, wraps, source, what)
        if pos is None and partial and counted > 1:  # 001: "moves as far as possible"
            return _end(start, before, counted - 1, other, flips, edges, wraps)
        if pos is None or pos == start:
            return None
        edge = (pos - before) * direction < 0  # the walk went on from the other edge
        flips, edges = flips + (other in crossed) + edge, edges + edge
        if pos in stops:  # entering a stop (the Gate Trap) ends this movement
            source, what = stops[pos]
            return _end(start, pos, counted, other, flips, edges, wraps, source, what)
    return _end(start, known(pos, "a space on the board"), amount, other, flips, edges, wraps)


def _step(pos: int, direction: int, wraps: str) -> int | None:
    """The next space in ``direction``: None beyond an edge, unless the edges meet."""
    nxt = pos + direction
    if FIRST <= nxt <= LAST:
        return nxt
    return (FIRST if nxt > LAST else LAST) if wraps else None


def _end(start: int, end: int, spaces: int, other: int, flips: int, edges: int, wraps: str,
         source: str = "", what: str = "") -> End:
    """Where a walk ends; across an edge it passed the opponent if it switched sides at
    any moment of the walk (R17.17), else if it ends on the other side."""
    passed = flips > 0 if edges else _passed(start, end, other)
    return End(end, spaces, passed, source, what, wraps if edges else "")


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


def movement_wraps(s: DuelState, mover: int, by: int) -> str:
    """What makes the board's edges adjacent for this movement (``MOVEMENT_WRAPS``), or ""."""
    for owner, _c, fn in query(s, MOVEMENT_WRAPS):
        reason = fn(s, owner, mover, by)
        if reason:
            return str(reason)
    return ""


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
    along: bool = False,
    partial: bool = False,
) -> list[End]:
    """Legal ends of a movement in the given absolute directions (+1 east, -1 west);
    ``own``: the mover moves itself (so a limit on retreating applies), else the opponent's
    effect moves it. ``along``: the caller moves a standup that moves along with it first
    (``MOVES_ALONG``, ``judge.battlecon.along.lead``), so the walk never hops over it.
    ``partial``: walks a wall cuts short end before it (C03 under 001: asked only when no
    option can be completed)."""
    partner = moves_along(s, mover) if along else None
    stops = {} if ignores_stops else movement_stops(s, mover)
    limits = movement_limits(s, mover)
    wraps = movement_wraps(s, mover, mover if own else 1 - mover)
    if own and "retreat" in limits:
        directions = tuple(d for d in directions if d != -toward(s, mover))
    if own and "advance" in limits:
        directions = tuple(d for d in directions if d != toward(s, mover))
    blocks = movement_blocks(s, mover)
    hop = obstacles(s, mover)  # the board does not change while the ends are found
    if partner is not None:
        hop = hop - {s.players[partner[0]].space}
        if not_past == partner[0]:
            not_past = None  # it moves ahead of the mover, who never passes it
    found: dict[int, End] = {}
    for direction in directions:
        for amount in amounts:
            if amount < 0:
                continue  # movement is never negative (R17.8)
            end = End(s.players[mover].space, 0, False) if amount == 0 else walk(
                s, mover, direction, amount, stops, blocks, wraps, hop, partial)
            if end is not None and partner is not None:
                end = _before_partner(s, mover, partner[0], direction, end)
            if end is None:
                continue
            if not_past is not None and _passed(s.players[mover].space, end.end,
                                                s.players[not_past].space):
                continue
            if end.passed and "pass" in limits and end.wrapped_by:
                continue  # crossing the edge switches sides: passing, which it may not
            if end.passed and "pass" in limits:
                end = _short_of_passing(s, mover, end, limits["pass"])
            if end.end in found:  # another choice, the same space: not "the only option"
                kept = found[end.end]
                end = kept.changed(ways=kept.ways + 1)
            found[end.end] = end
    if not found and not partial and profile.differs(s.profile, profile.C03_WALLS):
        return destinations(s, mover, directions, amounts, ignores_stops, not_past, own,
                            along=along, partial=True)  # 001 Movement: as far as it can
    return [found[k] for k in sorted(found)]


def moves_along(s: DuelState, mover: int) -> tuple[int, str, str] | None:
    """The standup that moves along with ``mover``'s walk (a ``MOVES_ALONG`` hook): its
    player, the card's id and what says so; None when nothing does."""
    for owner, c, fn in query(s, MOVES_ALONG):
        why = fn(s, owner, mover)
        if why:
            return owner, c.id, str(why)
    return None


def lead_end(s: DuelState, partner: int, direction: int, spaces: int) -> End | None:
    """How far a standup moving along walks ahead of the mover: ``spaces`` the same way,
    or as far as the board's edge (or a stop) lets it; None if it cannot move at all."""
    if movement_lock(s, partner):
        return None
    start = s.players[partner].space
    ends = destinations(s, partner, (direction,), tuple(range(1, spaces + 1)), own=True)
    return max(ends, key=lambda e: (e.end - start) * direction) if ends else None


def _before_partner(s: DuelState, mover: int, partner: int, direction: int,
                    end: End) -> End | None:
    """A walk toward a standup that moves along ends behind where it ends (it moves first,
    stopping at the board's edge), never passing it; None if it would reach it. A walk
    away is left as it is: the standup follows afterwards."""
    start, there = s.players[mover].space, s.players[partner].space
    if end.spaces == 0 or (there - start) * direction <= 0:
        return end
    lead = lead_end(s, partner, direction, end.spaces)
    ahead = lead.end if lead is not None else there
    if (ahead - end.end) * direction <= 0:
        return None
    return end.changed(passed=False)


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
