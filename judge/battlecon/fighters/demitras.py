"""Demitras Denigrande: Crescendo, five tokens, two of them in the pool at the start.

The three tokens not yet gained wait in the token discard (his supply): gaining a token
moves one from there to the pool, losing one moves it back, so the pool never holds more
than 5. Each token in the pool gives +1 priority; anted (one per ante action, as often
as he likes) each gives +2 power. He gains one whenever he hits (an On Hit effect of his
ability, ordered with his other On Hit effects) and loses one the moment he is hit
(a ``HIT_BY`` hook).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Advance,
    Ctx,
    Custom,
    Need,
    Retreat,
    name,
    pick,
    stun,
)
from judge.battlecon.along import lead
from judge.battlecon.antes import bonus_when_anted
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Ante, Decision
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import DODGE, HIT_BY, IGNORES
from judge.battlecon.movement import destinations, movement_lock, toward
from judge.battlecon.moving import Cleared, moved, question
from judge.battlecon.spending import declare, paid
from judge.battlecon.state import START_LIFE, DuelState
from judge.battlecon.stats import attack

TOKEN = "crescendo"
MAX = 5


@dataclass(frozen=True)
class DemitrasCrescendo(F.Fact):
    """Crescendo tokens gained (``change`` > 0, from the supply into the pool) or lost
    (``change`` < 0, from the pool back to the supply, with no bonus)."""

    player: int
    change: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        src, dst = (p.token_discard, p.token_pool) if self.change > 0 else (
            p.token_pool, p.token_discard)
        for _ in range(abs(self.change)):
            src.remove(TOKEN)
            dst.append(TOKEN)
        p.token_pool.sort()


def pool(s: DuelState, p: int) -> int:
    return s.players[p].token_pool.count(TOKEN)


def aside(s: DuelState, p: int) -> int:
    return s.players[p].token_discard.count(TOKEN)


def ante_options(s: DuelState, p: int) -> list[Decision]:
    """Any number of Crescendo tokens: one per ante action, as often as he likes (R5.6)."""
    return [Ante(p, TOKEN)] if pool(s, p) else []


def gain(s: DuelState, p: int, count: int, rule: str, why: str) -> list[F.Fact]:
    """Gain up to ``count`` tokens, never more than the pool's 5."""
    n = min(count, aside(s, p), MAX - pool(s, p))
    if n <= 0:
        return [F.Declined(rule=rule, text=f"{why}, but {name(s, p)} already has all five "
                           "Crescendo tokens he may hold.", player=p)]
    have = pool(s, p) + n
    word = "token" if n == 1 else "tokens"
    return [DemitrasCrescendo(rule=rule, text=f"{why}: {name(s, p)} gains {n} Crescendo {word} "
                              f"({have} in his pool).", player=p, change=n)]


def crescendo_gain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return gain(ctx.s, ctx.owner, 1, ctx.rule, "A hit")


def crescendo_lost(s: DuelState, owner: int, attacker: int) -> list[F.Fact]:
    """Whenever Demitras is hit, he loses a Crescendo token from his pool."""
    if attacker == owner or not pool(s, owner):
        return []
    left = pool(s, owner) - 1
    return [DemitrasCrescendo(rule="crescendo: hit", text=f"Demitras is hit and loses a "
                              f"Crescendo token ({left} left in his pool).", player=owner,
                              change=-1)]


def return_anted(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Illusory: Crescendo tokens anted this beat go back to the pool, without bonus."""
    me = ctx.s.players[ctx.owner]
    n = min(me.this_beat.anted.count(TOKEN), me.this_beat.bonus_tokens.count(TOKEN),
            aside(ctx.s, ctx.owner))
    if not n:
        return []
    what = "1 anted Crescendo token goes" if n == 1 else f"{n} anted Crescendo tokens go"
    return [F.TokensReturned(rule=ctx.rule, text=f"Illusory: {what} back to Demitras's pool, "
                             "with no power this beat.", player=ctx.owner, tokens=[TOKEN] * n)]


DEATHBLOW_SPEND = declare("deathblow", "Crescendo token")
ACCELERANDO_SPEND = declare("accelerando", "Crescendo token")


def spend_any(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Spend any number of Crescendo tokens from the pool for +2 power each."""
    have = pool(ctx.s, ctx.owner)
    chosen = pick(ctx, decision, [str(n) for n in range(have + 1)] if have else [],
                  f"{ctx.card.name}: spend how many Crescendo tokens for +2 power each?")
    if chosen is None or isinstance(chosen, Need):
        return [] if chosen is None else chosen
    n = int(chosen)
    if not n:
        return [F.Declined(rule=ctx.rule, text="Demitras spends no Crescendo token.",
                           player=ctx.owner)]
    return [F.TokensSpent(rule=ctx.rule, text=f"{ctx.card.name}: Demitras spends {n} Crescendo "
                          f"token{'' if n == 1 else 's'} for +{2 * n} power.", player=ctx.owner,
                          tokens=[TOKEN] * n)]


deathblow_spend = paid(DEATHBLOW_SPEND, spend_any)
accelerando_spend = paid(ACCELERANDO_SPEND, spend_any)


def deathblow_gain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if not ctx.s.players[ctx.owner].this_beat.hits:
        return [F.Declined(rule=ctx.rule, text="Deathblow did not hit: no extra Crescendo "
                           "token.", player=ctx.owner)]
    return gain(ctx.s, ctx.owner, 1, ctx.rule, "Deathblow hit")


def symphony_gain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return gain(ctx.s, ctx.owner, MAX, ctx.rule, "Symphony of Demise")


def bloodletting_life(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Gain life equal to the Crescendo tokens anted this beat (never above 20, R14.8)."""
    n = ctx.s.players[ctx.owner].this_beat.anted.count(TOKEN)
    if not n:
        return []
    life = ctx.s.players[ctx.owner].life
    actual = max(0, min(n, START_LIFE - life))
    text = f"Demitras gains {n} life ({life} → {life + actual})"
    if actual < n:
        text += f"; life never rises above {START_LIFE} (R14.8)"
    return [F.LifeGained(rule=ctx.rule, text=text + ".", player=ctx.owner, amount=n,
                         actual=actual)]


def vapid_stun(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    prio = attack(ctx.s, ctx.opponent).priority
    if prio > 3:
        return [F.Declined(rule=ctx.rule, text=f"{ctx.name(ctx.opponent)} has priority {prio}, "
                           "more than 3: Vapid does not stun.", player=ctx.owner)]
    return stun(ctx.s, ctx.opponent, "Vapid", ctx.rule)


def advance_farthest(ctx: Ctx, decision: Decision | None, why: str) -> list[F.Fact] | Need:
    """Advance as far as the board (and any stop or limit) allows; 0 spaces if none."""
    s, me = ctx.s, ctx.owner
    lock = movement_lock(s, me)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"Demitras cannot advance as {why} asks: "
                                  f"{lock}.", player=me, kind="advance")]
    start = s.players[me].space
    ends = destinations(s, me, (toward(s, me),), tuple(range(1, 7)), own=True, along=True)
    if not ends:
        return [F.MovementIgnored(rule="R17.9", text=f"Demitras cannot advance as {why} asks: "
                                  "no space to advance into.", player=me, kind="advance")]
    best = max(ends, key=lambda e: abs(e.end - start))
    cleared = question(ctx, me, [best], decision, asked_before=False)
    if not isinstance(cleared, Cleared):
        return cleared
    step = moved(s, cleared, "advance", best.end, best.spaces, best.passed, forced=True,
                 stopped_by=best.stopped_by, rule=ctx.rule, stop_text=best.stop_text)
    # The card asks for the farthest space, not a choice: never "the only legal option".
    text = step.text.replace(" (the only legal option).", f" (as far as {why} asks).")
    return [*lead(s, me, best), replace(step, text=text)]  # Mimic's moving along: first


def jousting_close(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Jousting: advance until adjacent to the opponent."""
    gap = abs(ctx.s.players[ctx.owner].space - ctx.s.players[ctx.opponent].space) - 1
    if gap <= 0:
        return [F.Declined(rule=ctx.rule, text="Demitras is already next to his opponent.",
                           player=ctx.owner)]
    return Advance(gap).resolve(ctx, decision)


def accelerando_advance(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return advance_farthest(ctx, decision, "Accelerando")


def jousting_advance(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return advance_farthest(ctx, decision, "Jousting")


def _priority(s: DuelState, p: int) -> int:
    return int(attack(s, p).priority)


def darkside_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    far = abs(s.players[attacker].space - s.players[owner].space) >= 4
    return "Darkside: opponents at range 4 or more cannot hit Demitras" if (
        defender == owner and far) else ""


def illusory_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    if defender != owner or pool(s, owner) > 2:
        return ""
    if _priority(s, attacker) > _priority(s, owner):
        return "Illusory: with 2 or fewer Crescendo tokens, Demitras cannot be hit by an " \
            "opponent with higher priority"
    return ""


def ignores_soak(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    return {"soak": "Bloodletting"} if attacker == owner else {}


def ignores_stun_guard(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    return {"stun_guard": "Accelerando"} if attacker == owner else {}


CRESCENDO = Card("crescendo", "Crescendo", "ability", fighter="demitras",
                 hooks=HIT_BY.on(crescendo_lost),
                 passives=(Passive("priority", pool, "+1 priority per Crescendo token in the "
                                   "pool."),),
                 effects=(Effect(ON_HIT, (Custom(crescendo_gain),),
                                 "Gain a Crescendo token (at most 5)."),))
DARKSIDE = Card("darkside", "Darkside", "style", power=-2, priority=1, fighter="demitras",
                hooks=DODGE.on(darkside_dodge), effects=(
                    Effect(ON_HIT, (Retreat(up_to=6),), "Retreat any number of spaces."),))
JOUSTING = Card("jousting", "Jousting", "style", power=-2, priority=1, fighter="demitras",
                effects=(
                    Effect(START_OF_BEAT, (Custom(jousting_close),),
                           "Advance until adjacent to the opponent."),
                    Effect(ON_HIT, (Custom(jousting_advance),), "Advance as far as possible."),
                ))
BLOODLETTING = Card("bloodletting", "Bloodletting", "style", power=-2, priority=3,
                    fighter="demitras", hooks=IGNORES.on(ignores_soak), effects=(
                        Effect(ON_HIT, (Custom(bloodletting_life),),
                               "Gain life equal to the Crescendo tokens anted this beat."),))
ILLUSORY = Card("illusory", "Illusory", "style", power=-1, priority=1, fighter="demitras",
                hooks=DODGE.on(illusory_dodge), effects=(
                    Effect(REVEAL, (Custom(return_anted),),
                           "Anted Crescendo tokens return to the pool unused."),))
VAPID = Card("vapid", "Vapid", "style", range=(0, 1), power=-1, fighter="demitras", effects=(
    Effect(ON_HIT, (Custom(vapid_stun),), "If the opponent's priority is 3 or less, they are "
           "stunned."),))
DEATHBLOW = Card("deathblow", "Deathblow", "base", range=(1, 1), power=0, priority=8,
                 fighter="demitras", effects=(
                     Effect(ON_HIT, (Custom(deathblow_spend),), "You may spend any number of "
                            "Crescendo tokens for +2 power each."),
                     Effect(AFTER_ACTIVATING, (Custom(deathblow_gain),),
                            "Gain an extra Crescendo token if this attack hit."),
                 ))
SYMPHONY = Card("symphony-of-demise", "Symphony of Demise", "finisher", range=(1, 1), power=0,
                priority=9, fighter="demitras", effects=(
                    Effect(BEFORE_ACTIVATING, (Advance(up_to=4),), "Advance 0 to 4 spaces."),
                    Effect(ON_HIT, (Custom(symphony_gain),), "Gain Crescendo tokens until you "
                           "have 5."),
                ))
ACCELERANDO = Card("accelerando", "Accelerando", "finisher", range=(1, 2), power=2, priority=4,
                   fighter="demitras", hooks=IGNORES.on(ignores_stun_guard), effects=(
                       Effect(BEFORE_ACTIVATING, (Custom(accelerando_advance),),
                              "Advance as far as possible."),
                       Effect(ON_HIT, (Custom(accelerando_spend),), "Discard any number of Crescendo "
                              "tokens for +2 power each."),
                   ))

DEMITRAS = register(Fighter(
    id="demitras", name="Demitras Denigrande", short="Demitras", pronoun="he",
    styles=(DARKSIDE, JOUSTING, BLOODLETTING, ILLUSORY, VAPID), unique_base=DEATHBLOW,
    finishers=(SYMPHONY, ACCELERANDO),
    default_discards=(("darkside", "dash"), ("bloodletting", "grasp")), ability=CRESCENDO,
    tokens=(TOKEN,) * MAX, tokens_aside=(TOKEN,) * 3, token_bonus={TOKEN: ("power", 2)},
    token_names={TOKEN: "Crescendo"}, ante_options=ante_options, token_anted=bonus_when_anted,
))
