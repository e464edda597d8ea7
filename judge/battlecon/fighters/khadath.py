"""Khadath Ahemusei: the Gate Trap marker.

The trap starts off the board (no source gives a starting space; the peer AI
does the same) and enters play when a card places it. It never affects Khadath
(R19.6); an opponent's non-direct movement stops on entering it.
"""

from __future__ import annotations

from typing import Final

from judge.battlecon import facts as F
from judge.battlecon.actions import Ctx, Custom, Need, Pull, Retreat, Teleport, status
from judge.battlecon.cards import (
    END_OF_BEAT,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
    Effect,
    Passive,
    X,
)
from judge.battlecon.decisions import Decision, Place, expect
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import DODGE, MOVEMENT_STOPS, SPECIAL_RANGE, Hook, query
from judge.battlecon.ranges import spaces_within_range
from judge.battlecon.rules import arrange
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import BOARD, DuelState
from judge.battlecon.stats import attack
from judge.rulings import reading

TRAP = "gate-trap"


def trap(s: DuelState, owner: int) -> int | None:
    return s.marker(owner, TRAP)


def opp_on_trap(s: DuelState, owner: int) -> bool:
    t = trap(s, owner)
    return t is not None and s.players[1 - owner].space == t


def opp_near_trap(s: DuelState, owner: int) -> bool:
    t = trap(s, owner)
    return t is not None and abs(s.players[1 - owner].space - t) == 1


def trap_penalty(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Gate Trap at Reveal: -3 priority on the trap, -1 next to it."""
    if opp_on_trap(ctx.s, ctx.owner):
        return [status(ctx.s, ctx.opponent, "priority", -3, "Gate Trap", "gate-trap: Reveal")]
    if opp_near_trap(ctx.s, ctx.owner):
        return [status(ctx.s, ctx.opponent, "priority", -1, "Gate Trap", "gate-trap: Reveal")]
    return []


# Khadath's private hook: the trap cannot be moved (a flag, declared by Snare).
LOCKS_TRAP: Final[Hook[bool]] = Hook("khadath.locks_trap", "Snare's passive: the Gate Trap "
                                     "cannot be moved while Snare is in force.")


def trap_locked(s: DuelState) -> bool:
    """Snare's passive, while Snare is the Base in play (a Clash can cover it, R6.7)."""
    return any(True for _ in query(s, LOCKS_TRAP))


def trap_stops(s: DuelState, owner: int, mover: int) -> dict[int, str]:
    """The Gate Trap ends an opponent's movement on entering it; never Khadath's (R19.6)."""
    t = trap(s, owner)
    return {} if t is None or mover == owner else {t: "the Gate Trap"}


def place_trap(ctx: Ctx, decision: Decision | None, spaces: list[int], why: str) -> list[F.Fact] | Need:
    """Put the Gate Trap on one of ``spaces`` (asking when there is a choice)."""
    if trap_locked(ctx.s):
        return [F.Declined(rule="R18.7", text="Snare's passive keeps the Gate Trap where it is, so "
                           "it is not moved (a passive beats a triggered effect).",
                           player=ctx.owner)]
    if not spaces:
        return []
    if len(spaces) > 1 and decision is None:
        return Need("place", (ctx.owner,), [Place(ctx.owner, TRAP, x) for x in spaces],
                    about=f"{ctx.card.name}: {why}")
    to = spaces[0] if len(spaces) == 1 else expect(decision, Place, "the place decision").to
    return [F.MarkerPlaced(rule=ctx.rule, text=f"Khadath puts his Gate Trap on space {to}.",
                           owner=ctx.owner, marker=TRAP, space=to, forced=len(spaces) == 1)]


def evacuation_place(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return place_trap(ctx, decision, [ctx.s.players[ctx.owner].space], "on Khadath's space")


def teleport_place(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return place_trap(ctx, decision, list(BOARD), "move the Gate Trap to any space")


def blight_place(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Blight: any space within the attack's current range (G11), not the opponent's."""
    rng = attack(ctx.s, ctx.owner).range
    if rng in (X, "N/A"):
        return []
    opp = ctx.s.players[ctx.opponent].space
    spaces = [x for x in spaces_within_range(ctx.s, ctx.owner, *rng) if x != opp]
    return place_trap(ctx, decision, spaces, "put the Gate Trap within this attack's range")


def hunters_bonus(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if opp_on_trap(ctx.s, ctx.owner) or opp_near_trap(ctx.s, ctx.owner):
        return [status(ctx.s, ctx.owner, "power", 2, "Hunter's", ctx.rule),
                status(ctx.s, ctx.owner, "priority", 2, "Hunter's", ctx.rule)]
    return []


def evacuation_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    return "Evacuation: an opponent on the Gate Trap cannot hit Khadath" if (
        defender == owner and opp_on_trap(s, owner)) else ""


def teleport_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    """Attacks miss while the trap lies between Khadath and the attacker (R28.12)."""
    t = trap(s, owner)
    if defender != owner:
        return ""
    me, them = s.players[owner].space, s.players[attacker].space
    if t is None or t in (me, them):
        return ""
    if min(me, them) < t < max(me, them):
        return "Teleport: the Gate Trap lies between Khadath and the attacker"
    return ""


def snare_spaces(s: DuelState, owner: int, attacker: int) -> set[int]:
    t = trap(s, owner)
    return set() if t is None or attacker != owner else {t - 1, t, t + 1}


def exile_spaces(s: DuelState, owner: int, attacker: int) -> set[int]:
    t = trap(s, owner)
    return set() if t is None or attacker != owner else {t}


def lure_ruling(s: DuelState, owner: int) -> bool:
    return reading_in(s.options, "lure-power") == -1


GATE_TRAP = Card("gate-trap", "Gate Trap", "ability", fighter="khadath",
                 hooks=MOVEMENT_STOPS.on(trap_stops), effects=(
    Effect(REVEAL, (Custom(trap_penalty),), "Opponent on the trap: -3 priority; next to it: -1.",
           condition=lambda s, p: trap(s, p) is not None),
))
EVACUATION = Card("evacuation", "Evacuation", "style", range=(0, 1), fighter="khadath",
                  hooks=DODGE.on(evacuation_dodge), effects=(
                      Effect(START_OF_BEAT, (Custom(evacuation_place), Retreat(1)),
                          "Put the Gate Trap on your space, then retreat 1 space."),))
HUNTERS = Card("hunters", "Hunter's", "style", fighter="khadath", effects=(
    Effect(REVEAL, (Custom(hunters_bonus),), "+2 power and +2 priority if the opponent is on or "
           "next to the Gate Trap."),))
TELEPORT = Card("teleport", "Teleport", "style", power=1, priority=-3, fighter="khadath",
                hooks=DODGE.on(teleport_dodge), effects=(
                    Effect(END_OF_BEAT, (Teleport(), Custom(teleport_place)),
                           "Move directly to any space, then move the Gate Trap to any space."),))
LURE = Card("lure", "Lure", "style", range=(0, 5), power=0, priority=-1, fighter="khadath",
            passives=(Passive("power", -1, "Ruling lure-power=-1: the card sources' value.",
                              condition=lure_ruling),),
            effects=(Effect(ON_HIT, (Pull(*range(0, 7), ignores_stops=True, not_past_owner=True),),
                            "Pull the opponent any number of spaces, not past Khadath."),))
BLIGHT = Card("blight", "Blight", "style", range=(0, 2), fighter="khadath", effects=(
    Effect(START_OF_BEAT, (Custom(blight_place),), "Put the Gate Trap on a space within range."),))
SNARE = Card("snare", "Snare", "base", range=X, power=3, priority=1, stun_immunity=True,
             fighter="khadath", hooks=SPECIAL_RANGE.on(snare_spaces) | LOCKS_TRAP.on(True))


def planar_arrange(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return arrange(ctx.s, ctx.owner, decision, rule=ctx.rule, about="Planar Crossing")


DIMENSIONAL_EXILE = Card("dimensional-exile", "Dimensional Exile", "finisher", range=X, power=25,
                         priority=0, stun_immunity=True, fighter="khadath",
                         hooks=SPECIAL_RANGE.on(exile_spaces))
PLANAR_CROSSING = Card("planar-crossing", "Planar Crossing", "finisher", range=(1, 2), power=4,
                       priority=5, fighter="khadath", effects=(
                           Effect(ON_HIT, (Custom(planar_arrange), Custom(teleport_place)),
                                  "Rearrange the standups and the Gate Trap freely."),))

# Its switchable rulings (judge.battlecon.rulings; the record's options.rulings).
LURE_POWER_READINGS = ("lure-power", {
    "rule": "Khadath: Lure", "title": "Power of Khadath's Lure", "default": 0,
    "recommended": 0,
    "readings": [reading(0, "the 2014 rulebook comic: Lure Strike deals 6"),
                 reading(-1, "the value the other sources print")]})


KHADATH = register(Fighter(
    id="khadath", name="Khadath Ahemusei", short="Khadath", pronoun="he",
    styles=(EVACUATION, HUNTERS, TELEPORT, LURE, BLIGHT), unique_base=SNARE,
    finishers=(DIMENSIONAL_EXILE, PLANAR_CROSSING),
    default_discards=(("evacuation", "dash"), ("teleport", "grasp")), ability=GATE_TRAP,
    markers=(TRAP,),
    rulings=(LURE_POWER_READINGS,)))
