"""The six Bases every fighter shares, and the Special Action card (R1.2, R22)."""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.actions import Advance, Ctx, Custom, Move, MoveOpponent, Retreat
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    NA,
    ON_HIT,
    START_OF_BEAT,
    Card,
    Effect,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.kits import register_generic


def _dash_dodge(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Dash: passing the opponent with this move means they cannot hit you (R13.9)."""
    last = ctx.s.last_move
    if last and last["player"] == ctx.owner and last["passed"]:
        return [F.Dodged(rule="dash: After Activating", text=f"{ctx.name(ctx.owner)} dashed past "
                         f"{ctx.name(ctx.opponent)}, who cannot hit {ctx.name(ctx.owner)} for the "
                         "rest of the beat.", player=ctx.owner)]
    return []


STRIKE = Card("strike", "Strike", "base", range=(1, 1), power=4, priority=3, stun_guard=5)
SHOT = Card("shot", "Shot", "base", range=(1, 4), power=3, priority=2, stun_guard=2)
DRIVE = Card("drive", "Drive", "base", range=(1, 1), power=3, priority=4, effects=(
    Effect(BEFORE_ACTIVATING, (Advance(1, 2),), "Advance 1 or 2 spaces."),))
BURST = Card("burst", "Burst", "base", range=(2, 3), power=3, priority=1, effects=(
    Effect(START_OF_BEAT, (Retreat(1, 2),), "Retreat 1 or 2 spaces."),))
GRASP = Card("grasp", "Grasp", "base", range=(1, 1), power=2, priority=5, effects=(
    Effect(ON_HIT, (MoveOpponent(1),), "Move the opponent 1 space."),))
DASH = Card("dash", "Dash", "base", range=NA, power=NA, priority=9, effects=(
    Effect(AFTER_ACTIVATING, (Move(1, 2, 3), Custom(_dash_dodge)),
           "Move 1, 2 or 3 spaces; if you pass the opponent, they cannot hit you this beat."),))

GENERIC_BASES = (STRIKE, SHOT, DRIVE, BURST, GRASP, DASH)

SPECIAL_ACTION_CARD = Card("special-action", "Special Action", "special")

PULSE_BASES = ("burst", "dash")
CANCEL_BASES = ("grasp", "shot")
FINISHER_BASES = ("strike", "drive")  # and the fighter's unique Base (R22.3)

register_generic(GENERIC_BASES, (SPECIAL_ACTION_CARD,))
