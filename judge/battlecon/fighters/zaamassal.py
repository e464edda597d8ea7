"""Zaamassal Kett: Subjective Reality, five Paradigm cards he assumes one at a time.

The Paradigms are the kit's ``persistent`` cards: the ones he has assumed are in
``PlayerState.in_play`` (``PutInPlay``, ``LeftPlay``) and, being cards in force, apply to
everything he does like an extra Style: their effects join his windows and their hooks
change the rules while they stay in play. He starts with none. Assuming one replaces those
in play (``PutInPlay.replacing``); only Open the Gate lets him hold up to three. Whenever
he is stunned he loses them all (``ON_STUNNED`` on his ability card, Subjective Reality).

Each Style lets him assume its own Paradigm After Activating (a ``may``); Paradigm Shift
offers any (a ``pick`` of the Paradigms not in play, or ``none``), Plane Divider makes him
pick one (any of the five: one already in play keeps what is in play), Open the Gate picks
until three are in play. A Paradigm assumed mid-beat applies from then on: windows already
opened this beat are not opened again for it.

The Paradigms (taken from implementations, see ``carddata/zaamassal.toml``):
Pain (On Damage: the opponent loses 2 life); Fluidity (move 0-1 Before Activating and at
End of Beat); Haste (wins priority ties, ``PRIORITY_TIE``; an opponent next to him cannot
move, ``MOVEMENT_LOCK``; an opponent entering a space next to him stops there,
``MOVEMENT_STOPS``, S30); Resilience (Soak 2 from the Start of Beat until his After
Activating, kept as the beat's mark ``resilience-soak``); Distortion (attacks at range 4
cannot hit him, ``DODGE``; his attack also hits at range 3, ``ALSO_IN_RANGE``).
Sturdy lets him ignore any movement this beat (``MAY_IGNORE_MOVEMENT``, as Rooted).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Advance,
    Ctx,
    Custom,
    LoseLife,
    Move,
    Need,
    Retreat,
    StunOpponent,
    Teleport,
    may,
    pick,
    status,
)
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    ON_DAMAGE,
    ON_HIT,
    START_OF_BEAT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Decision, expect
from judge.battlecon.decisions import Move as MoveTo  # Move here is the movement action
from judge.battlecon.engine import range_origin
from judge.battlecon.fighters import Fighter, card, register
from judge.battlecon.hooks import (
    ALSO_IN_RANGE,
    DODGE,
    MAY_IGNORE_MOVEMENT,
    MOVEMENT_LOCK,
    MOVEMENT_STOPS,
    ON_STUNNED,
    PRIORITY_TIE,
)
from judge.battlecon.movement import End, direct_destinations, movement_lock
from judge.battlecon.moving import Cleared, direct_need, moved, question
from judge.battlecon.state import BOARD, DuelState, known

FID = "zaamassal"
ABILITY = "subjective-reality"
PAIN, FLUIDITY, HASTE, RESILIENCE, DISTORTION = PARADIGMS = (
    "paradigm-of-pain", "paradigm-of-fluidity", "paradigm-of-haste", "paradigm-of-resilience",
    "paradigm-of-distortion")
MOST_WITH_THE_GATE = 3  # Open the Gate: up to three Paradigms at once
SOAK_MARK = "resilience-soak"  # ThisBeat.marks: Resilience's Soak is on (1) this beat


@dataclass(frozen=True)
class ZaamassalResilienceSoak(F.Fact):
    """The Paradigm of Resilience's Soak 2 starts (Start of Beat) or ends (After
    Activating) for this beat."""

    player: int
    on: bool

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.marks[SOAK_MARK] = int(self.on)


def paradigm_name(cid: str) -> str:
    return card(cid).name


def names(cards: list[str]) -> str:
    """'the Paradigm of Pain and the Paradigm of Haste'."""
    spoken = [f"the {paradigm_name(c)}" for c in cards]
    return spoken[0] if len(spoken) == 1 else ", ".join(spoken[:-1]) + " and " + spoken[-1]


def in_play(s: DuelState, p: int) -> list[str]:
    return [c for c in s.players[p].in_play if c in PARADIGMS]


# --- assuming Paradigms ------------------------------------------------------------------


def assume(ctx: Ctx, chosen: str, keep_others: bool = False) -> list[F.Fact]:
    """He assumes ``chosen``: those in play leave it (unless ``keep_others``, Open the Gate)."""
    held = in_play(ctx.s, ctx.owner)
    replacing = [] if keep_others else [c for c in held if c != chosen]
    text = f"Zaamassal assumes the {paradigm_name(chosen)}"
    if replacing:
        text += f", which replaces {names(replacing)}"
    return [F.PutInPlay(rule=ctx.rule, text=text + ".", player=ctx.owner, card=chosen,
                        replacing=replacing)]


def may_assume(paradigm: str) -> Custom:
    """A Style's After Activating: Zaamassal may assume its own Paradigm."""

    def offer(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        if paradigm in in_play(ctx.s, ctx.owner):
            return [F.Declined(rule=ctx.rule, text=f"Zaamassal already has the "
                               f"{paradigm_name(paradigm)} in play.", player=ctx.owner)]
        answer = may(ctx, decision, f"{ctx.card.name}: assume the {paradigm_name(paradigm)}?")
        if isinstance(answer, Need):
            return answer
        if not answer:
            return [F.Declined(rule=ctx.rule, text=f"Zaamassal does not assume the "
                               f"{paradigm_name(paradigm)}.", player=ctx.owner)]
        return assume(ctx, paradigm)

    offer.__name__ = f"may_assume_{paradigm.removeprefix('paradigm-of-')}"
    return Custom(offer)


def shift(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Paradigm Shift: he may assume any Paradigm not in play (``none``: keep what he has)."""
    options = [c for c in PARADIGMS if c not in in_play(ctx.s, ctx.owner)] + ["none"]
    chosen = pick(ctx, decision, options, "Paradigm Shift: assume which Paradigm (none: keep "
                  "what is in play)?")
    if isinstance(chosen, Need):
        return chosen
    if chosen in (None, "none"):
        return [F.Declined(rule=ctx.rule, text="Zaamassal assumes no new Paradigm.",
                           player=ctx.owner)]
    return assume(ctx, chosen)


def divider_paradigm(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Plane Divider: he must assume a Paradigm; one already in play keeps what is in play."""
    answer = pick(ctx, decision, list(PARADIGMS), "Plane Divider: assume which Paradigm (one "
                  "already in play keeps what is in play)?")
    if isinstance(answer, Need):
        return answer
    chosen = known(answer, "the Paradigm picked")
    if chosen in in_play(ctx.s, ctx.owner):
        return [F.Declined(rule=ctx.rule, text=f"Zaamassal keeps the {paradigm_name(chosen)}, "
                           "already in play.", player=ctx.owner)]
    return assume(ctx, chosen)


def gate_paradigms(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Open the Gate: one more Paradigm of his choice, asked again until three are in play
    or he picks ``none``."""
    s, p = ctx.s, ctx.owner
    held = in_play(s, p)
    if len(held) >= MOST_WITH_THE_GATE:
        return [F.Declined(rule=ctx.rule, text=f"Zaamassal has {MOST_WITH_THE_GATE} Paradigms "
                           "in play, the most Open the Gate allows.", player=p)]
    options = [c for c in PARADIGMS if c not in held] + ["none"]
    chosen = pick(ctx, decision, options, f"Open the Gate: assume which Paradigm as well "
                  f"({len(held)} of {MOST_WITH_THE_GATE} in play; none: stop)?")
    if isinstance(chosen, Need):
        return chosen
    if chosen in (None, "none"):
        return [F.Declined(rule=ctx.rule, text="Zaamassal assumes no more Paradigms.", player=p)]
    out = assume(ctx, chosen, keep_others=True)
    if len(held) + 1 < MOST_WITH_THE_GATE:
        out.append(F.EffectResumed(rule=ctx.rule, text="Open the Gate: he may assume another.",
                                   item=s.agenda[0].to_list()))
    return out


# --- Subjective Reality: Paradigms lost on a stun ---------------------------------------------


def lose_paradigms(s: DuelState, owner: int, stunned: int) -> list[F.Fact]:
    """Whenever Zaamassal is stunned he loses every Paradigm in play."""
    held = in_play(s, owner)
    if stunned != owner or not held:
        return []
    return [F.LeftPlay(rule=f"{ABILITY}: passive", text=f"Stunned, Zaamassal loses "
                       f"{names(held)}.", player=owner, cards=held)]


SUBJECTIVE_REALITY = Card(ABILITY, "Subjective Reality", "ability", fighter=FID,
                          hooks=ON_STUNNED.on(lose_paradigms))


# --- the Paradigms ------------------------------------------------------------------------


def haste_ties(s: DuelState, owner: int) -> bool:
    """Zaamassal wins priority ties."""
    return True


def haste_stops(s: DuelState, owner: int, mover: int) -> dict[int, str]:
    """An opponent whose movement enters a space next to Zaamassal stops there (S30)."""
    if mover == owner:
        return {}
    me = s.players[owner].space
    return {x: "a space next to Zaamassal, held by his Paradigm of Haste"
            for x in (me - 1, me + 1) if x in BOARD}


def haste_lock(s: DuelState, owner: int, mover: int) -> str:
    """An opponent next to Zaamassal cannot move at all."""
    if mover != owner and abs(s.players[mover].space - s.players[owner].space) == 1:
        return "the Paradigm of Haste holds anyone next to Zaamassal in place"
    return ""


def soak_on(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [ZaamassalResilienceSoak(rule=ctx.rule, text="The Paradigm of Resilience gives "
                                    "Zaamassal Soak 2 until his attack has activated.",
                                    player=ctx.owner, on=True)]


def soak_off(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if not ctx.s.players[ctx.owner].this_beat.marks.get(SOAK_MARK):
        return [F.Declined(rule=ctx.rule, text="Zaamassal has no Soak from the Paradigm of "
                           "Resilience this beat.", player=ctx.owner)]
    return [ZaamassalResilienceSoak(rule=ctx.rule, text="The Soak 2 of the Paradigm of "
                                    "Resilience ends.", player=ctx.owner, on=False)]


def resilient(s: DuelState, p: int) -> bool:
    return bool(s.players[p].this_beat.marks.get(SOAK_MARK))


def distortion_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    """Attacks at range 4 cannot hit Zaamassal."""
    if defender != owner or attacker == owner:
        return ""
    origin = range_origin(s, attacker)
    if origin is not None and abs(s.players[owner].space - origin) == 4:
        return "the Paradigm of Distortion keeps attacks at range 4 from hitting Zaamassal"
    return ""


def distortion_reach(s: DuelState, owner: int, attacker: int) -> dict[int, str]:
    """Zaamassal's attack also hits at range 3."""
    return {3: "the Paradigm of Distortion lets it hit at range 3"} if attacker == owner else {}


PAIN_CARD = Card(PAIN, "Paradigm of Pain", "paradigm", fighter=FID, effects=(
    Effect(ON_DAMAGE, (LoseLife(2, target="opponent"),), "The opponent loses 2 life."),))
FLUIDITY_CARD = Card(FLUIDITY, "Paradigm of Fluidity", "paradigm", fighter=FID, effects=(
    Effect(BEFORE_ACTIVATING, (Move(up_to=1),), "Move 0 or 1 space."),
    Effect(END_OF_BEAT, (Move(up_to=1),), "Move 0 or 1 space."),))
HASTE_CARD = Card(HASTE, "Paradigm of Haste", "paradigm", fighter=FID, hooks=(
    PRIORITY_TIE.on(haste_ties) | MOVEMENT_STOPS.on(haste_stops)
    | MOVEMENT_LOCK.on(haste_lock)))
RESILIENCE_CARD = Card(RESILIENCE, "Paradigm of Resilience", "paradigm", fighter=FID, effects=(
    Effect(START_OF_BEAT, (Custom(soak_on),), "Gain Soak 2."),
    Effect(AFTER_ACTIVATING, (Custom(soak_off),), "The Soak 2 gained at the Start of Beat "
           "ends."),), passives=(
    Passive("soak", 2, "Soak 2 from the Start of Beat until After Activating.",
            condition=resilient),))
DISTORTION_CARD = Card(DISTORTION, "Paradigm of Distortion", "paradigm", fighter=FID,
                       hooks=DODGE.on(distortion_dodge) | ALSO_IN_RANGE.on(distortion_reach))


# --- Styles, Paradigm Shift, Finishers ---------------------------------------------------------


def sturdy_ignores(s: DuelState, owner: int, mover: int, by: int) -> str:
    """Zaamassal may ignore any movement effect applied to him this beat, his own too."""
    return "Sturdy" if mover == owner else ""


def divide_opponent(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Plane Divider: Zaamassal moves the opponent directly to any unoccupied space."""
    s, me, them = ctx.s, ctx.owner, ctx.opponent
    who = ctx.name(them)
    lock = movement_lock(s, them)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"Zaamassal cannot move {who} as Plane "
                                  f"Divider asks: {lock}.", player=them, kind="direct")]
    spaces = direct_destinations(s, them)
    if not spaces:
        return [F.MovementIgnored(rule="R17.12b", text=f"{who} has no space to be moved to "
                                  "directly that the rules allow, so the movement is ignored.",
                                  player=them, kind="direct")]
    start, mine = s.players[them].space, s.players[me].space
    ends = [End(x, abs(x - start), (start - mine) * (x - mine) < 0) for x in spaces]
    cleared = question(ctx, them, ends, decision)
    if not isinstance(cleared, Cleared):
        return cleared
    if len(spaces) > 1 and decision is None:
        return direct_need(s, me, them, spaces, f"Zaamassal's Plane Divider: move {who} "
                           "directly to which space?")
    end = spaces[0] if len(spaces) == 1 else expect(decision, MoveTo, "the move decision").to
    return [moved(s, cleared, "direct", end, abs(end - start), (start - mine) * (end - mine) < 0,
                  forced=len(spaces) == 1, rule=ctx.rule)]


def divide_power(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """+1 power for each space between the two fighters."""
    between = ctx.s.distance() - 1
    if between <= 0:
        return [F.Declined(rule=ctx.rule, text="No space lies between the fighters, so Plane "
                           "Divider gains no power.", player=ctx.owner)]
    return [status(ctx.s, ctx.owner, "power", between, f"Plane Divider, {between} space"
                   f"{'' if between == 1 else 's'} between the fighters", ctx.rule)]


URGENT = Card("urgent", "Urgent", "style", range=(0, 1), power=-1, priority=2, fighter=FID,
              effects=(
    Effect(BEFORE_ACTIVATING, (Advance(up_to=1),), "Advance 0 or 1 space."),
    Effect(AFTER_ACTIVATING, (may_assume(HASTE),), "You may assume the Paradigm of Haste."),))
MALICIOUS = Card("malicious", "Malicious", "style", power=1, priority=-1, stun_guard=2,
                 fighter=FID, effects=(
    Effect(AFTER_ACTIVATING, (may_assume(PAIN),), "You may assume the Paradigm of Pain."),))
SINUOUS = Card("sinuous", "Sinuous", "style", priority=1, fighter=FID, effects=(
    Effect(AFTER_ACTIVATING, (may_assume(FLUIDITY),), "You may assume the Paradigm of "
           "Fluidity."),
    Effect(END_OF_BEAT, (Teleport(),), "Move directly to any unoccupied space."),))
WARPED = Card("warped", "Warped", "style", range=(0, 2), fighter=FID, effects=(
    Effect(START_OF_BEAT, (Retreat(1),), "Retreat 1 space."),
    Effect(AFTER_ACTIVATING, (may_assume(DISTORTION),), "You may assume the Paradigm of "
           "Distortion."),))
STURDY = Card("sturdy", "Sturdy", "style", stun_immunity=True, fighter=FID,
              hooks=MAY_IGNORE_MOVEMENT.on(sturdy_ignores), effects=(
    Effect(AFTER_ACTIVATING, (may_assume(RESILIENCE),), "You may assume the Paradigm of "
           "Resilience."),))
PARADIGM_SHIFT = Card("paradigm-shift", "Paradigm Shift", "base", range=(2, 3), power=3,
                      priority=3, fighter=FID, effects=(
    Effect(AFTER_ACTIVATING, (Custom(shift),), "You may assume any Paradigm."),))
OPEN_THE_GATE = Card("open-the-gate", "Open the Gate", "finisher", range=(1, 2), power=3,
                     priority=7, fighter=FID, effects=(
    Effect(ON_HIT, (StunOpponent(), Custom(gate_paradigms)), "The opponent is stunned; assume "
           "Paradigms of your choice until you have three in play."),))
PLANE_DIVIDER = Card("plane-divider", "Plane Divider", "finisher", range=(1, 1), power=2,
                     priority=4, fighter=FID, effects=(
    Effect(BEFORE_ACTIVATING, (Teleport(),), "Move directly to any unoccupied space."),
    Effect(ON_HIT, (Custom(divide_opponent), Custom(divide_power), Custom(divider_paradigm)),
           "Move the opponent directly to any unoccupied space; +1 power for each space "
           "between you; then assume a Paradigm of your choice."),))

ZAAMASSAL = register(Fighter(
    id=FID, name="Zaamassal Kett", short="Zaamassal", pronoun="he",
    styles=(URGENT, MALICIOUS, SINUOUS, WARPED, STURDY), unique_base=PARADIGM_SHIFT,
    finishers=(OPEN_THE_GATE, PLANE_DIVIDER),
    default_discards=(("urgent", "dash"), ("sinuous", "grasp")), ability=SUBJECTIVE_REALITY,
    persistent=(PAIN_CARD, FLUIDITY_CARD, HASTE_CARD, RESILIENCE_CARD, DISTORTION_CARD),
))
