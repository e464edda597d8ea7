"""Placing a fighter is moving her (project ruling P1, the ruling ``placing``).

Exoskeletal, Rooted and Sturdy let a fighter "ignore any movement effect". The 2014
rulebook counts a direct move as one of its six kinds of movement (p. 27), so direct
moves always ask (``moving.question``), and a swap of places as "a special form of
direct movement"; it does not say whether a rearrangement (Khadath's Planar Crossing,
"rearrange the standups") is one. The project reads a rearrangement as a direct move of
each standup it puts elsewhere, so a fighter who may ignore movement is asked first
whether she stays where she is (``placing: movement``); the arranger then places only the
other standup. A Pulse never asks: it negates the opponent's attack pair, and with it
what applies to her attack (R23.1), and the Pulser plays no Style.

A record that names no reading reads ``exempt``: swaps and rearrangements are never asked
about, as every record written before P1 was judged (a default of the record format never
changes meaning, docs/record-format.md); the service's new-duel page and the playouts
name ``movement``.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.hooks import MAY_IGNORE_MOVEMENT, first_reason
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import BOARD, DuelState

RULING = "placing"
MOVEMENT = "movement"
EXEMPT = "exempt"
MARK = F.PLACING_MARK  # ThisBeat.marks: 1 she stays put, 0 she lets the arrangement move her


def placing_is_movement(s: DuelState) -> bool:
    """Whether a swap or a rearrangement may be ignored as movement (P1)."""
    return reading_in(s.options, RULING) == MOVEMENT


def may_stay(s: DuelState, mover: int, by: int) -> str:
    """What lets ``mover`` ignore a placement by ``by``'s effect (``""``: nothing, or the
    ruling exempts placements)."""
    if not placing_is_movement(s):
        return ""
    return first_reason(s, MAY_IGNORE_MOVEMENT, mover, by)


def still_to_ask(s: DuelState, owner: int) -> list[tuple[int, str]]:
    """The fighters a rearrangement by ``owner`` must ask first, with what lets them stay:
    the opponent, then the arranger herself (Rooted: her own movement too)."""
    out = []
    for p in (1 - owner, owner):
        if MARK not in s.players[p].this_beat.marks:
            why = may_stay(s, p, owner)
            if why:
                out.append((p, why))
    return out


def staying(s: DuelState) -> dict[int, int]:
    """The fighters who chose to stay where they are, each with her space."""
    return {p: s.players[p].space for p in (0, 1) if s.players[p].this_beat.marks.get(MARK)}


def arrangements(s: DuelState, owner: int) -> list[list[int]]:
    """Every legal ``[space of fighter 0, space of fighter 1]``: two different spaces,
    a fighter who stays keeping hers."""
    fixed = staying(s)
    return [[a, b] for a in BOARD for b in BOARD if a != b
            and fixed.get(0, a) == a and fixed.get(1, b) == b]


