"""Moving along (``MOVES_ALONG``): a standup that moves at once with another's walk, the
same spaces the same way (Mimic's under the ruling ``mimic-movement: together``).

The choke point of every walk that opts in (``destinations(along=True)``): when the mover
walks toward the standup moving along, that standup moves first, as far as the board's
edge lets it, so the mover never hops over it nor shares its space (R17.11); a walk away
from it is followed afterwards by the standup's own ``MOVED`` hook."""

from __future__ import annotations

from dataclasses import replace

from judge.battlecon import facts as F
from judge.battlecon.movement import End, lead_end, moves_along, toward
from judge.battlecon.moving import Cleared, moved, passive_pass
from judge.battlecon.names import name, pronoun_object
from judge.battlecon.state import DuelState


def lead(s: DuelState, mover: int, end: End) -> list[F.Fact]:
    """The move of the standup moving along, made before ``mover`` walks to ``end``
    toward it; none when nothing moves along, the walk goes away from it, or it cannot
    move."""
    found = moves_along(s, mover)
    start = s.players[mover].space
    if found is None or end.spaces == 0 or end.end == start:
        return []
    partner, card_id, why = found
    direction = 1 if end.end > start else -1
    if (s.players[partner].space - start) * direction <= 0:
        return []
    ahead = lead_end(s, partner, direction, end.spaces)
    if ahead is None:
        return []
    cleared = passive_pass(s, partner, partner)  # a passive's movement (moving.py)
    if not isinstance(cleared, Cleared):
        return []
    kind = "advance" if direction == toward(s, partner) else "retreat"
    step = moved(s, cleared, kind, ahead.end, ahead.spaces, ahead.passed,
                 stopped_by=ahead.stopped_by, rule=f"{card_id}: passive",
                 stop_text=ahead.stop_text)
    edge = "" if ahead.spaces == end.spaces or ahead.stopped_by else \
        ", stopped by the board's edge"
    many = "" if end.spaces == 1 else "s"
    return [replace(step, text=f"{why}: {step.text.rstrip('.')}{edge}, moving along as "
                    f"{name(s, mover)} moves {end.spaces} space{many} toward "
                    f"{pronoun_object(s, partner)}.")]
