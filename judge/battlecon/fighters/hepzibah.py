"""Hepzibah Culotre: Dark Pacts, five cards she buys with life at every Ante.

Each Ante action she may ante one Dark Pact she has not anted this beat (R5.6: one name
per ante action), paying 1 life for it (``HepzibahPactAnted`` then ``LifeLost``); she never
pays her last life point, so the prompt offers only the Pacts she can afford. An anted
Pact is a card in play (``PlayerState.in_play``, the state JSON's ``in_play``) for the
rest of the beat: its bonus is a ``Passive`` (Almighty, Endless, Immortality, Inevitable)
or a hook (Corruption ignores Stun Guard). When she recycles, every Pact comes back to her
(``RECYCLED`` on her ability card), so each can be bought again next beat.

Counters (R19.4):
``pactbond-free``: the Pact Pactbond named (1-5, the place in ``PACTS``; 0 none), which
she may ante without paying life in the beat ``pactbond-beat`` (a ``DuelState.seq``);
``sealed``: 1 once Seal the Pact has activated: for the rest of the duel the first Pact
she pays life for each beat may be paid with the opponent's life instead (an ante option
with ``"paid_by": "opponent"``), never the opponent's last life point (S31, R14.7, R28.6).

The Styles that count Pacts (Pactbond, Anathema, Accursed, Bloodlight) count the Pacts in
play. Altazziar doubles each Pact's bonus (a ``MODIFIERS`` hook) and drops her life to 1.

Lixis's Naturalizing cancels the effects of every card she anted: a suppression of each
Pact in play (no stat, no hook: Immortality's Soak and Corruption's ignoring of Stun Guard
are gone too, and Altazziar has nothing to double). The Pacts stay anted, so the Styles
that count them still count them (their own numbers are then capped by Naturalizing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.battlecon import facts as F
from judge.battlecon.actions import Ctx, Custom, Need, heal, lose_life, name, pick, status
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    END_OF_BEAT,
    NA,
    ON_DAMAGE,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Ante, Decision, Pick, expect, with_extra
from judge.battlecon.fighters import Fighter, card, fighter, register
from judge.battlecon.hooks import IGNORES, MODIFIERS, RECYCLED, cards_in_force
from judge.battlecon.kit_parts import DecisionField
from judge.battlecon.negation import lasting_reveal, takes_hold
from judge.battlecon.state import DuelState

FID = "hepzibah"
ALMIGHTY, CORRUPTION, ENDLESS, IMMORTALITY, INEVITABLE = PACTS = (
    "almighty", "corruption", "endless", "immortality", "inevitable")
FREE_PACT, FREE_BEAT, SEALED = "pactbond-free", "pactbond-beat", "sealed"
ANTE_RULE = "dark-pact: Ante"
OPPONENT = "opponent"  # an ante option's ``paid_by``: Seal the Pact's payment
PAID = "pact-paid"  # ThisBeat.marks: a Pact was paid for with life this beat
HOOK_ONLY = "passive"  # never a window: the text of what a hook does (Corruption's IGNORES)


def pacts(s: DuelState, p: int) -> list[str]:
    """The Dark Pacts player p anted this beat (in play until she recycles)."""
    return [c for c in s.players[p].in_play if c in PACTS]


def counted(n: int) -> str:
    return f"{n} Dark Pact{'' if n == 1 else 's'}"


# --- Dark Pacts: the ante, the payment, the return --------------------------------------


@dataclass(frozen=True)
class HepzibahPactAnted(F.Fact):
    """Hepzibah antes one Dark Pact: it is in play for this beat. ``paid_by``: ``self``,
    ``opponent`` (Seal the Pact) or ``free`` (Pactbond); the life paid is its own fact."""

    player: int
    pact: str
    paid_by: str

    def apply(self, s: DuelState) -> None:
        s.ante_passes = 0
        s.ante_turn = 1 - self.player
        p = s.players[self.player]
        p.in_play = [*p.in_play, self.pact]
        if self.paid_by != "free":
            p.this_beat.marks[PAID] = 1


def free_pact(s: DuelState, p: int) -> str | None:
    """The Pact Pactbond freed for this beat, if any."""
    c = s.players[p].counters
    index = c.get(FREE_PACT, 0)
    return PACTS[index - 1] if index and c.get(FREE_BEAT) == s.seq else None


def opponent_may_pay(s: DuelState, p: int) -> bool:
    """Seal the Pact: the first Pact she pays life for each beat, and never with the
    opponent's last life point (spending it is life loss, R14.7, R28.6, S31)."""
    return bool(s.players[p].counters.get(SEALED)) and PAID not in \
        s.players[p].this_beat.marks and s.players[1 - p].life >= 2


def ante_options(s: DuelState, p: int) -> list[Decision]:
    """One Pact per ante action (R5.6), among those not anted yet that she can pay for:
    her own life while she keeps at least 1, the opponent's (Seal the Pact), or none
    (the Pact Pactbond freed)."""
    me = s.players[p]
    out: list[Decision] = []
    free = free_pact(s, p)
    for pact in PACTS:
        if pact in me.in_play:
            continue
        if pact == free or me.life >= 2:
            out.append(Ante(p, pact))
        if pact != free and opponent_may_pay(s, p):
            out.append(Ante(p, pact, extra=with_extra(paid_by=OPPONENT)))
    return out


def ante_facts(s: DuelState, p: int, decision: Ante) -> list[F.Fact]:
    pact = decision.token
    what = f"the Dark Pact {card(pact).name} ({PACT_TEXT[pact]})"
    if ("paid_by", OPPONENT) in decision.extra:
        them = name(s, 1 - p)
        return [HepzibahPactAnted(rule=ANTE_RULE, text=f"Hepzibah antes {what}; by Seal the "
                                  f"Pact, {them} pays its life point.", player=p, pact=pact,
                                  paid_by=OPPONENT),
                lose_life(s, 1 - p, 1, "R14.7")]
    if pact == free_pact(s, p):
        return [HepzibahPactAnted(rule=ANTE_RULE, text=f"Hepzibah antes {what} without paying "
                                  "life: Pactbond freed it for this beat.", player=p, pact=pact,
                                  paid_by="free")]
    return [HepzibahPactAnted(rule=ANTE_RULE, text=f"Hepzibah antes {what} and pays 1 life "
                              "for it.", player=p, pact=pact, paid_by="self"),
            lose_life(s, p, 1, "R14.7")]


def pacts_return(s: DuelState, owner: int, p: int, recycled: F.Recycled) -> list[F.Fact]:
    """When she recycles, every anted Pact comes back to her for the next beat."""
    back = pacts(s, owner) if p == owner else []
    if not back:
        return []
    names = ", ".join(card(c).name for c in back)
    what = f"Dark Pacts ({names}) come" if len(back) > 1 else f"Dark Pact {names} comes"
    return [F.LeftPlay(rule="dark-pact: End of Beat", text=f"Hepzibah's {what} back to her, "
                       "ready to be anted again.", player=owner, cards=back)]


def corruption_ignores(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    return {"stun_guard": "Corruption"} if attacker == owner else {}


PACT_TEXT = {ALMIGHTY: "+2 power this beat", CORRUPTION: "her attack ignores Stun Guard "
             "this beat", ENDLESS: "+2 priority this beat", IMMORTALITY: "Soak 2 this beat",
             INEVITABLE: "range +0~1 this beat"}
PACT_CARDS = (
    Card(ALMIGHTY, "Almighty", "pact", fighter=FID,
         passives=(Passive("power", 2, "Almighty: +2 power."),)),
    Card(CORRUPTION, "Corruption", "pact", fighter=FID, hooks=IGNORES.on(corruption_ignores),
         effects=(Effect(HOOK_ONLY, (), "Corruption: her attack ignores Stun Guard."),)),
    Card(ENDLESS, "Endless", "pact", fighter=FID,
         passives=(Passive("priority", 2, "Endless: +2 priority."),)),
    Card(IMMORTALITY, "Immortality", "pact", fighter=FID,
         passives=(Passive("soak", 2, "Immortality: Soak 2."),)),
    Card(INEVITABLE, "Inevitable", "pact", fighter=FID,
         passives=(Passive("range", (0, 1), "Inevitable: range +0~1."),)),
)
DARK_PACT = Card("dark-pact", "Dark Pact", "ability", fighter=FID,
                 hooks=RECYCLED.on(pacts_return))


# --- Styles ---------------------------------------------------------------------------


def pactbond_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    anted = len(pacts(ctx.s, ctx.owner))
    return [heal(ctx.s, ctx.owner, min(2, anted), ctx.rule,
                 f"Pactbond: {counted(anted)} anted, at most 2")]


def pactbond_free(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Name a Pact: next beat she may ante it without paying life."""
    chosen = pick(ctx, decision, list(PACTS), "Pactbond: which Dark Pact may you ante next "
                  "beat without paying life?")
    if isinstance(chosen, Need):
        return chosen
    pact = str(chosen)
    nxt = ctx.s.seq + 1
    return [F.CounterSet(rule=ctx.rule, text=f"Pactbond: next beat Hepzibah may ante "
                         f"{card(pact).name} without paying life.", player=ctx.owner,
                         counter=FREE_PACT, value=PACTS.index(pact) + 1),
            F.CounterSet(rule=ctx.rule, text="Pactbond's free Pact is for the next beat only.",
                         player=ctx.owner, counter=FREE_BEAT, value=nxt)]


def darkheart_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [heal(ctx.s, ctx.owner, 2, ctx.rule, "Darkheart")]


def darkheart_discard(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """The opponent discards one token of their choice from their pool (R19.1)."""
    them = ctx.opponent
    pool = sorted(set(ctx.s.players[them].token_pool))
    if not pool:
        return [F.Declined(rule=ctx.rule, text=f"Darkheart: {ctx.name(them)} has no token in "
                           "the pool to discard.", player=them)]
    if len(pool) > 1 and decision is None:
        return Need("pick", (them,), [Pick(them, t)
                                      for t in pool],
                    about="Darkheart: which of your tokens do you discard?")
    token = pool[0] if len(pool) == 1 else str(expect(decision, Pick, "the pick").option)
    kit = fighter(ctx.s.players[them].fighter)
    return [F.TokenDiscarded(rule=ctx.rule, text=f"Darkheart: {ctx.name(them)} discards "
                             f"{kit.token_name(token)} from the token pool.", player=them,
                             token=token)]


def anathema_bonus(s: DuelState, p: int) -> int:
    """Anathema (Reveal): +1 per Pact anted, at most 3, unless the Reveal was negated."""
    return min(3, len(pacts(s, p))) if takes_hold(s, p) else 0


def three_pacts(s: DuelState, p: int) -> bool:
    return len(pacts(s, p)) >= 3


def necrotizing_pay(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Pay 0-3 life, never the last point (R14.7); +1 power for each point paid."""
    most = min(3, ctx.s.players[ctx.owner].life - 1)
    chosen = pick(ctx, decision, [str(k) for k in range(max(0, most) + 1)],
                  "Necrotizing: pay how much life (0-3) for +1 power each?")
    if isinstance(chosen, Need):
        return chosen
    k = int(chosen or 0)
    if not k:
        return [F.Declined(rule=ctx.rule, text=f"{ctx.name(ctx.owner)} pays no life for "
                           "Necrotizing.", player=ctx.owner)]
    return [lose_life(ctx.s, ctx.owner, k, "R14.7"),
            status(ctx.s, ctx.owner, "power", k, "Necrotizing", ctx.rule)]


def bloodlight_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    dealt = ctx.s.players[ctx.opponent].this_beat.last_damage
    n = len(pacts(ctx.s, ctx.owner))
    return [heal(ctx.s, ctx.owner, min(dealt, n), ctx.rule, f"Bloodlight: {dealt} damage "
                 f"dealt, but no more than the {counted(n)} anted")]


def any_pact(s: DuelState, p: int) -> bool:
    return bool(pacts(s, p))


PACTBOND = Card("pactbond", "Pactbond", "style", power=-1, priority=-1, fighter=FID, effects=(
    Effect(REVEAL, (Custom(pactbond_heal),), "Regain 1 life for each Dark Pact anted this "
           "beat, at most 2.", condition=any_pact, condition_text="a Dark Pact anted"),
    Effect(END_OF_BEAT, (Custom(pactbond_free),), "Name a Dark Pact: next beat you may ante "
           "it without paying life."),))
DARKHEART = Card("darkheart", "Darkheart", "style", priority=-1, fighter=FID, effects=(
    Effect(ON_HIT, (Custom(darkheart_heal), Custom(darkheart_discard)), "Heal 2 life; the "
           "opponent discards one of their tokens, if they have any."),))
ANATHEMA = Card("anathema", "Anathema", "style", power=-1, priority=-1, fighter=FID,
                passives=(Passive("power", anathema_bonus, "+1 power per Dark Pact anted, at "
                                  "most +3."),
                          Passive("priority", anathema_bonus, "+1 priority per Dark Pact "
                                  "anted, at most +3.")))
lasting_reveal(ANATHEMA.id, "+1 power and priority per Dark Pact anted")
ACCURSED = Card("accursed", "Accursed", "style", range=(0, 1), power=-1, fighter=FID,
                passives=(Passive("stun_immunity", True, "Stun Immunity with 3 or more Dark "
                                  "Pacts anted.", condition=three_pacts),))
NECROTIZING = Card("necrotizing", "Necrotizing", "style", range=(0, 2), power=-1, fighter=FID,
                   effects=(Effect(ON_HIT, (Custom(necrotizing_pay),), "Pay up to 3 life "
                                   "(never your last point) for +1 power each."),))
BLOODLIGHT = Card("bloodlight", "Bloodlight", "base", range=(1, 3), power=2, priority=3,
                  fighter=FID, effects=(
    Effect(ON_DAMAGE, (Custom(bloodlight_heal),), "Heal life equal to the damage dealt, at "
           "most the number of Dark Pacts anted this beat.", condition=any_pact,
           condition_text="a Dark Pact anted"),))


# --- Finishers -------------------------------------------------------------------------


def seal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if ctx.s.players[ctx.owner].counters.get(SEALED):
        return [F.Declined(rule=ctx.rule, text="The Pact is already sealed.", player=ctx.owner)]
    return [F.CounterSet(rule=ctx.rule, text=f"Seal the Pact: for the rest of the duel, the "
                         f"first Dark Pact Hepzibah pays for each beat may be paid with "
                         f"{ctx.name(ctx.opponent)}'s life instead (never the last point).",
                         player=ctx.owner, counter=SEALED, value=1)]


def altazziar_doubles(s: DuelState, owner: int, p: int) -> list[tuple[str, Any, str]]:
    """Every anted Pact's bonus counts twice: once from the Pact, once more here; a Pact
    whose effects are cancelled (Naturalizing) has no bonus to double."""
    if p != owner:
        return []
    return [(pas.stat, pas.amount, f"Altazziar doubles {c.name}")
            for c in cards_in_force(s, owner) if c.kind == "pact" for pas in c.passives]


def altazziar_life(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Her life drops to 1 (R14.9: an effect that sets life)."""
    life = ctx.s.players[ctx.owner].life
    if life <= 1:
        return [F.Declined(rule=ctx.rule, text="Hepzibah is already at 1 life.",
                           player=ctx.owner)]
    return [F.LifeLost(rule=ctx.rule, text=f"Altazziar: Hepzibah's life drops to 1 ({life} → 1)"
                       " (R14.9).", player=ctx.owner, amount=life - 1, actual=life - 1)]


SEAL_THE_PACT = Card("seal-the-pact", "Seal the Pact", "finisher", range=NA, power=NA,
                     priority=0, soak=2, fighter=FID, effects=(
    Effect(AFTER_ACTIVATING, (Custom(seal),), "For the rest of the duel, the first Dark Pact "
           "you pay for each beat may be paid with the opponent's life instead."),))
ALTAZZIAR = Card("altazziar", "Altazziar", "finisher", range=(1, 1), power=6, priority=2,
                 fighter=FID, hooks=MODIFIERS.on(altazziar_doubles), effects=(
    Effect(START_OF_BEAT, (Custom(altazziar_life),), "Your life drops to 1; the bonuses of "
           "your Dark Pacts count double this beat."),))

PAID_BY = DecisionField(
    "ante", "paid_by", "ante_token", {"const": OPPONENT},
    "paid_by: who pays the ante's life cost when it is not the anting player (Hepzibah's "
    "Dark Pact paid with the opponent's life after Seal the Pact).",
    lambda d, kit: f"antes {kit.token_name(str(d.get('token')))}, paid with the "
    f"{d['paid_by']}'s life", button="Ante {token}, paid with the opponent's life")

HEPZIBAH = register(Fighter(
    id=FID, name="Hepzibah Culotre", short="Hepzibah", pronoun="she",
    styles=(PACTBOND, DARKHEART, ANATHEMA, ACCURSED, NECROTIZING), unique_base=BLOODLIGHT,
    finishers=(SEAL_THE_PACT, ALTAZZIAR),
    default_discards=(("pactbond", "dash"), ("anathema", "grasp")), ability=DARK_PACT,
    counters=(FREE_PACT, FREE_BEAT, SEALED), persistent=PACT_CARDS,
    token_names={c.id: c.name for c in PACT_CARDS},
    ante_options=ante_options, ante_facts=ante_facts, decision_fields=(PAID_BY,),
    tells=(("ante", "HepzibahPactAnted"),),
))
