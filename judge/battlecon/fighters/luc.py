"""Luc von Gott: Temporal Battery, five Time tokens (two in the pool at the start).

The three Time tokens not yet held start in the token discard, which stands for the
supply: spent tokens go there and a gained token comes from there, so Luc never holds
more than five. Once per beat he may ante 1, 3 or 5 of them as one batch (one
decision); only the effect for that batch size applies. After each beat, once
recycling is done (R10.3), he gains a Time token.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judge.battlecon import facts as F
from judge.battlecon.actions import Advance, Ctx, Custom, Need, Retreat, lose_life, may, pick
from judge.battlecon.agenda import Activate, Fx
from judge.battlecon.along import lead
from judge.battlecon.ante_cancel import anted
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    AFTER_RECYCLE,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    INSTEAD,
    ON_BEING_HIT,
    ON_DAMAGE,
    START_OF_BEAT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Ante, Decision, Move, expect
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import IGNORES, MODIFIERS, NEGATES
from judge.battlecon.movement import destinations, movement_lock, toward
from judge.battlecon.moving import Cleared, moved, question
from judge.battlecon.spending import declare, paid
from judge.battlecon.state import DuelState, known

TIME = "time"
MAX_TIME = 5
BATCHES = (1, 3, 5)
Out = list[F.Fact] | Need


def held(s: DuelState, p: int) -> int:
    return s.players[p].token_pool.count(TIME)


def batch(s: DuelState, p: int) -> int:
    """How many Time tokens Luc anted this beat whose effects apply (0, 1, 3 or 5): none
    once Naturalizing cancelled them (``ante_cancel``)."""
    return anted(s, p).count(TIME)


def tokens(n: int) -> str:
    return f"{n} Time token{'' if n == 1 else 's'}"


# --- facts ------------------------------------------------------------------------


@dataclass(frozen=True)
class LucTimeAnted(F.Fact):
    """Luc antes a batch of Time tokens; they go to the token discard at once (R5.5)."""

    player: int
    count: int

    def apply(self, s: DuelState) -> None:
        s.ante_passes = 0
        s.ante_turn = 1 - self.player
        p = s.players[self.player]
        for _ in range(self.count):
            p.token_pool.remove(TIME)
            p.token_discard.append(TIME)
            p.this_beat.anted.append(TIME)


@dataclass(frozen=True)
class LucTimeSpent(F.Fact):
    """Luc spends Time tokens from his pool for an effect (no token bonus)."""

    player: int
    count: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        for _ in range(self.count):
            p.token_pool.remove(TIME)
            p.token_discard.append(TIME)


@dataclass(frozen=True)
class LucEternalSoak(F.Fact):
    """Eternal: Time tokens discarded for Soak against the attack that just hit (its
    number among the opponent's hits this beat)."""

    player: int
    count: int
    hit: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        for _ in range(self.count):
            p.token_pool.remove(TIME)
            p.token_discard.append(TIME)
        p.this_beat.marks["eternal-hit"] = self.hit
        p.this_beat.marks["eternal-soak"] = self.count


@dataclass(frozen=True)
class LucActivatesAgain(F.Fact):
    """Luc's attack activates again once this activation's After Activating effects are
    done (Memento, Temporal Recursion); ``mark`` notes a once-per-beat use."""

    player: int
    mark: str = ""

    def apply(self, s: DuelState) -> None:
        prefix = f"{s.seq}:{AFTER_ACTIVATING}:{self.player}:"
        at = 0
        while at < len(s.agenda) and isinstance(item := s.agenda[at], Fx) and \
                item.group.startswith(prefix):
            at += 1
        s.agenda.insert(at, Activate(self.player))
        if self.mark:
            s.players[self.player].this_beat.marks[self.mark] = 1


@dataclass(frozen=True)
class LucBecameActive(F.Fact):
    """Five Time tokens anted: Luc becomes the Active Player at Start of Beat."""

    player: int

    def apply(self, s: DuelState) -> None:
        s.active = self.player


# --- Temporal Battery ---------------------------------------------------------------


def ante_options(s: DuelState, p: int) -> list[Decision]:
    """One batch per beat, of exactly 1, 3 or 5 Time tokens from the pool."""
    if s.players[p].this_beat.anted:
        return []
    return [Ante(p, TIME, n) for n in BATCHES
            if held(s, p) >= n]


BATCH_TEXT = {1: "+1 priority this beat", 3: "at Start of Beat he may advance up to 2 spaces",
              5: "at Start of Beat he becomes the Active Player"}


def ante_facts(s: DuelState, p: int, decision: Ante) -> list[F.Fact]:
    n = known(decision.count, "the batch's count")
    return [LucTimeAnted(rule="R5.5", text=f"Luc antes {tokens(n)} as one batch: "
                         f"{BATCH_TEXT[n]}; they go to the token discard at once.",
                         player=p, count=n)]


def become_active(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if ctx.s.active == ctx.owner:
        return [F.Declined(rule=ctx.rule, text="Luc is already the Active Player.",
                           player=ctx.owner)]
    return [LucBecameActive(rule=ctx.rule, text="Luc becomes the Active Player: he attacks "
                            "first, and his End of Beat effects come first.", player=ctx.owner)]


def gain_time(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """After each beat: one Time token from the supply, never above five."""
    if held(ctx.s, ctx.owner) >= MAX_TIME or TIME not in ctx.s.players[ctx.owner].token_discard:
        return [F.TokenRecovered(rule=ctx.rule, text="Luc already holds 5 Time tokens and gains "
                                 "none.", player=ctx.owner, token=None)]
    return [F.TokenRecovered(rule=ctx.rule, text=f"Luc gains a Time token (now "
                             f"{held(ctx.s, ctx.owner) + 1}).", player=ctx.owner, token=TIME)]


CHRONO_SPEND = declare("chrono", "Time token")
ETERNAL_SPEND = declare("eternal", "Time token")
MEMENTO_SPEND = declare("memento", "Time token")
RECURSION_SPEND = declare("temporal-recursion", "Time token")


# --- Styles -------------------------------------------------------------------------


def chrono_advance(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Spend any number of Time tokens to advance that many spaces, never past the
    opponent; one decision: where to (the spend is the spaces moved)."""
    s, p = ctx.s, ctx.owner
    if movement_lock(s, p) or not held(s, p):
        return [F.Declined(rule=ctx.rule, text="Luc spends no Time token on Chrono.", player=p)]
    ends = destinations(s, p, (toward(s, p),), tuple(range(0, held(s, p) + 1)),
                        not_past=ctx.opponent, along=True)
    cleared = question(ctx, p, ends, decision, asked_before=False)  # he may stay: not asked
    if not isinstance(cleared, Cleared):
        return cleared
    if len(ends) > 1 and decision is None:
        return Need("move", (p,), [Move(p, e.end) for e in ends],
                    about="Chrono: spend a Time token for each space to advance (not past the "
                    "opponent)", extra={"mover": p})
    end = ends[0] if len(ends) == 1 else next(
        e for e in ends if e.end == expect(decision, Move, "the move decision").to)
    if end.spaces == 0:
        return [F.Declined(rule=ctx.rule, text="Luc spends no Time token on Chrono.", player=p)]
    return [LucTimeSpent(rule=ctx.rule, text=f"Luc spends {tokens(end.spaces)} on Chrono.",
                         player=p, count=end.spaces),
            *lead(s, p, end),  # Mimic's moving along goes first
            moved(s, cleared, "advance", end.end, end.spaces, end.passed,
                  stopped_by=end.stopped_by, rule=ctx.rule, stop_text=end.stop_text)]


def eternal_soak(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """When hit: discard any number of Time tokens, +1 Soak each against this attack."""
    s, p = ctx.s, ctx.owner
    n = held(s, p)
    if not n:
        return [F.Declined(rule=ctx.rule, text="Luc has no Time token to discard.", player=p)]
    chosen = pick(ctx, decision, [str(k) for k in range(n + 1)],
                  "Eternal: discard how many Time tokens for +1 Soak each against this attack?")
    if isinstance(chosen, Need):
        return chosen
    k = int(chosen or 0)
    if not k:
        return [F.Declined(rule=ctx.rule, text="Luc keeps his Time tokens.", player=p)]
    return [LucEternalSoak(rule=ctx.rule, text=f"Luc discards {tokens(k)}: +{k} Soak against "
                           "this attack.", player=p, count=k,
                           hit=s.players[ctx.opponent].this_beat.hits)]


def eternal_modifiers(s: DuelState, owner: int, p: int) -> list[tuple[str, int, str]]:
    marks = s.players[owner].this_beat.marks
    if p != owner or marks.get("eternal-hit") != s.players[1 - owner].this_beat.hits:
        return []
    return [("soak", marks.get("eternal-soak", 0), "Eternal's Time tokens")]


def activate_again(cost: int, mark: str, card: str) -> Callable[[Ctx, Decision | None], Out]:
    """Memento (2 tokens, once per beat) and Temporal Recursion (1 token, again and again):
    Luc may spend ``cost`` Time tokens to activate this attack again."""

    def again(ctx: Ctx, decision: Decision | None) -> Out:
        s, p = ctx.s, ctx.owner
        if mark and s.players[p].this_beat.marks.get(mark):
            return [F.Declined(rule=ctx.rule, text=f"{card} works once per beat.", player=p)]
        if held(s, p) < cost:
            return [F.Declined(rule=ctx.rule, text=f"Luc has fewer than {tokens(cost)}, so the "
                               "attack does not activate again.", player=p)]
        answer = may(ctx, decision, f"{card}: spend {tokens(cost)} to activate this attack "
                     "again?")
        if isinstance(answer, Need):
            return answer
        if not answer:
            return [F.Declined(rule=ctx.rule, text="Luc does not activate the attack again.",
                               player=p)]
        return [LucTimeSpent(rule=ctx.rule, text=f"Luc spends {tokens(cost)} on {card}.",
                             player=p, count=cost),
                LucActivatesAgain(rule=ctx.rule, text="The attack will activate again, from "
                                  "Before Activating to After Activating.", player=p, mark=mark)]
    return again


chrono_spend = paid(CHRONO_SPEND, chrono_advance)
eternal_spend = paid(ETERNAL_SPEND, eternal_soak)
memento_spend = paid(MEMENTO_SPEND, activate_again(2, "memento", "Memento"))
recursion_spend = paid(RECURSION_SPEND, activate_again(1, "", "Temporal Recursion"))


def fusion_push(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Push the opponent a space for each point of damage; what the board edge cuts short
    becomes 2 life lost instead. Under the rules stamp an opponent who may ignore movement
    is asked first (``moving.question``); ignored, she is neither pushed nor loses life."""
    s, opp = ctx.s, ctx.opponent
    want = s.players[opp].this_beat.last_damage
    lock = movement_lock(s, opp)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"{ctx.name(opp)} cannot be pushed: "
                                  f"{lock}.", player=opp, kind="push")]
    away = -toward(s, opp)
    for k in range(want, 0, -1):
        ends = destinations(s, opp, (away,), (k,))
        if ends:
            cleared = question(ctx, opp, ends, decision, asked_before=False)
            if not isinstance(cleared, Cleared):
                return cleared
            e = ends[0]
            out: list[F.Fact] = [moved(s, cleared, "push", e.end, e.spaces, e.passed,
                                       forced=True, stopped_by=e.stopped_by, rule=ctx.rule,
                                       stop_text=e.stop_text)]
            return out + ([lose_life(s, opp, 2, ctx.rule)] if k < want else [])
    return [F.MovementIgnored(rule=ctx.rule, text=f"{ctx.name(opp)} is already at the board's "
                              "edge and cannot be pushed.", player=opp, kind="push"),
            lose_life(s, opp, 2, ctx.rule)]


def stasis_negates(s: DuelState, owner: int, p: int, timing: str) -> bool:
    """Stasis Charge negates every triggered effect of the opponent this beat."""
    return p != owner


def stasis_gain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """In place of each negated effect of the opponent's: a Time token (at most 5)."""
    them = ctx.name(ctx.opponent)
    if TIME not in ctx.s.players[ctx.owner].token_discard:
        return [F.TokenRecovered(rule=ctx.rule, text=f"Stasis Charge negates a triggered "
                                 f"effect of {them}'s; Luc already holds 5 Time tokens.",
                                 player=ctx.owner, token=None)]
    return [F.TokenRecovered(rule=ctx.rule, text=f"Stasis Charge negates a triggered effect of "
                             f"{them}'s, and Luc gains a Time token instead (now "
                             f"{held(ctx.s, ctx.owner) + 1}).", player=ctx.owner, token=TIME)]


def flash_ignores(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    return {"stun_guard": "Flash"} if attacker == owner else {}


TEMPORAL_BATTERY = Card(
    "temporal-battery", "Temporal Battery", "ability", fighter="luc",
    passives=(Passive("priority", 1, "One Time token anted: +1 priority.",
                      condition=lambda s, p: batch(s, p) == 1),),
    effects=(
        Effect(START_OF_BEAT, (Advance(up_to=2),), "Three Time tokens anted: advance up to 2 "
               "spaces.", condition=lambda s, p: batch(s, p) == 3,
               condition_text="a batch of three Time tokens"),
        Effect(START_OF_BEAT, (Custom(become_active),), "Five Time tokens anted: become the "
               "Active Player.", condition=lambda s, p: batch(s, p) == 5,
               condition_text="a batch of five Time tokens"),
        Effect(AFTER_RECYCLE, (Custom(gain_time),), "Gain a Time token (at most 5)."),
    ))
CHRONO = Card("chrono", "Chrono", "style", priority=1, fighter="luc", effects=(
    Effect(START_OF_BEAT, (Custom(chrono_spend),), "Spend any number of Time tokens to "
           "advance that many spaces, not past the opponent."),))
ETERNAL = Card("eternal", "Eternal", "style", priority=-4, soak=1, fighter="luc",
               hooks=MODIFIERS.on(eternal_modifiers), effects=(
                   Effect(ON_BEING_HIT, (Custom(eternal_spend),), "Discard any number of Time "
                          "tokens for +1 Soak each against this attack."),))
MEMENTO = Card("memento", "Memento", "style", priority=-1, fighter="luc", effects=(
    Effect(AFTER_ACTIVATING, (Custom(memento_spend),),
           "You may spend 2 Time tokens to activate this attack again (once per beat)."),))
FUSION = Card("fusion", "Fusion", "style", priority=1, fighter="luc", effects=(
    Effect(ON_DAMAGE, (Custom(fusion_push),), "Push the opponent a space for each point of "
           "damage dealt; if the board edge stops the push, they lose 2 life instead."),))
FEINTING = Card("feinting", "Feinting", "style", range=(1, 1), priority=-2, fighter="luc",
                effects=(Effect(START_OF_BEAT, (Retreat(1),), "Retreat 1 space."),
                         Effect(END_OF_BEAT, (Advance(1, 2),), "Advance 1 or 2 spaces.")))
FLASH = Card("flash", "Flash", "base", range=(1, 1), power=1, priority=6, fighter="luc",
             hooks=IGNORES.on(flash_ignores), effects=(
                 Effect(START_OF_BEAT, (Advance(1),), "Advance 1 space."),))
TEMPORAL_RECURSION = Card(
    "temporal-recursion", "Temporal Recursion", "finisher", range=(1, 1), power=3, priority=5,
    fighter="luc", effects=(
        Effect(BEFORE_ACTIVATING, (Advance(up_to=1),), "Advance 0 or 1 space."),
        Effect(AFTER_ACTIVATING, (Custom(recursion_spend),),
               "You may spend a Time token to activate this attack again."),
    ))
STASIS_CHARGE = Card(
    "stasis-charge", "Stasis Charge", "finisher", range=(1, 1), power=4, priority=3,
    stun_guard=4, fighter="luc", hooks=NEGATES.on(stasis_negates), effects=(
        Effect(INSTEAD, (Custom(stasis_gain),), "The opponent's triggered effect is negated; "
               "Luc gains a Time token instead."),))

LUC = register(Fighter(
    id="luc", name="Luc von Gott", short="Luc", pronoun="he",
    styles=(CHRONO, ETERNAL, MEMENTO, FUSION, FEINTING), unique_base=FLASH,
    finishers=(TEMPORAL_RECURSION, STASIS_CHARGE),
    default_discards=(("chrono", "dash"), ("memento", "grasp")), ability=TEMPORAL_BATTERY,
    tokens=(TIME,) * MAX_TIME, tokens_aside=(TIME,) * 3, token_names={TIME: "Time"},
    ante_options=ante_options, ante_facts=ante_facts, tells=(("ante", "LucTimeAnted"),),
))
