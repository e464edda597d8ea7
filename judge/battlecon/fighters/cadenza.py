"""Cadenza: Iron Body, three tokens never regained.

Ante one for Stun Immunity this beat, or spend one at the moment of damage for
Stun Guard infinite (R16.12); an effect that ignores Stun Guard still wins (R16.9).
The spend at damage is a ``STUN_OFFER`` hook on the Iron Body card.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.actions import Advance, Ctx, Custom, Need, Pull, Status, status
from judge.battlecon.cards import BEFORE_ACTIVATING, END_OF_BEAT, ON_HIT, Card, Effect, Passive
from judge.battlecon.decisions import Ante, Decision, May, expect
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import STUN_OFFER, Offer
from judge.battlecon.spending import declare
from judge.battlecon.state import DuelState
from judge.battlecon.stats import attack

IRON_BODY = "iron-body"


# Its spend at damage (the STUN_OFFER) obeyed Naturalizing before the rules stamp: the
# engine asks spending.forbidden before it offers any spend before a stun check.
declare(IRON_BODY, "Iron Body token", checked_before=True)


def ante_options(s: DuelState, p: int) -> list[Decision]:
    me = s.players[p]
    if IRON_BODY in me.this_beat.anted or IRON_BODY not in me.token_pool:
        return []
    return [Ante(p, IRON_BODY)]


def token_anted(s: DuelState, p: int, token: str) -> None:
    s.players[p].this_beat.stun_immune = True
    s.players[p].this_beat.stunned = False


def iron_body_offered(s: DuelState, d: int, amount: int) -> bool:
    """Ask for the spend only when it would stop a stun (R16.12)."""
    me = s.players[d]
    if IRON_BODY not in me.token_pool or me.this_beat.stunned or \
            me.this_beat.stun_guard_infinite:
        return False
    stats = attack(s, d)
    return not stats.stun_immunity and amount > stats.stun_guard


def iron_body_spend(s: DuelState, d: int, amount: int, decision: Decision | None) -> list[F.Fact] | Need:
    if decision is None:
        return Need("may", (d,), [May(d, x)
                                  for x in (False, True)],
                    about=f"Iron Body: spend a token for Stun Guard ∞ against these {amount} "
                    "damage?", rule="R16.12")
    if expect(decision, May, "the may decision").accept:
        return [F.StunGuardMaximised(rule="R16.12", text="Cadenza spends an Iron Body token: "
                                     "Stun Guard ∞ for the rest of the beat.", player=d,
                                     token=IRON_BODY)]
    return [F.MayDeclined(rule="R16.12", text="Cadenza keeps his Iron Body tokens.", player=d)]


def feedback(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    soaked = ctx.s.players[ctx.owner].this_beat.damage_soaked
    if not soaked:
        return []
    return [status(ctx.s, ctx.owner, "power", 2 * soaked, "Feedback Field", ctx.rule)]


HYDRAULIC = Card("hydraulic", "Hydraulic", "style", power=2, priority=-1, soak=1,
                 fighter="cadenza", effects=(
                     Effect(BEFORE_ACTIVATING, (Advance(1),), "Advance 1 space."),))
BATTERY = Card("battery", "Battery", "style", power=1, priority=-1, fighter="cadenza", effects=(
    Effect(END_OF_BEAT, (Status("priority", 4, next_beat=True),),
           "+4 priority during the next beat."),))
CLOCKWORK = Card("clockwork", "Clockwork", "style", power=3, priority=-3, soak=3,
                 fighter="cadenza")
GRAPNEL = Card("grapnel", "Grapnel", "style", range=(2, 4), fighter="cadenza", effects=(
    Effect(ON_HIT, (Pull(up_to=3),),
           "Pull the opponent 0-3 spaces."),))
MECHANICAL = Card("mechanical", "Mechanical", "style", power=2, priority=-2, fighter="cadenza",
                  effects=(Effect(END_OF_BEAT, (Advance(up_to=3),), "Advance 0-3 spaces."),))
PRESS = Card("press", "Press", "base", range=(1, 2), power=1, priority=0, stun_guard=6,
             fighter="cadenza", passives=(
                 Passive("power", lambda s, p: s.players[p].this_beat.damage_taken,
                         "+1 power for each point of damage taken this beat."),))
ROCKET_PRESS = Card("rocket-press", "Rocket Press", "finisher", range=(1, 1), power=8, priority=0,
                    soak=3, stun_immunity=True, fighter="cadenza", effects=(
                        Effect(BEFORE_ACTIVATING, (Advance(at_least=2),),
                               "Advance 2 or more spaces."),))
FEEDBACK_FIELD = Card("feedback-field", "Feedback Field", "finisher", range=(1, 2), power=1,
                      priority=0, soak=5, fighter="cadenza", effects=(
                          Effect(ON_HIT, (Custom(feedback),),
                                 "+2 power for each point of damage soaked this beat."),))

IRON_BODY_CARD = Card("iron-body", "Iron Body", "ability", fighter="cadenza",
                      hooks=STUN_OFFER.on(Offer(iron_body_offered, iron_body_spend)))

CADENZA = register(Fighter(
    id="cadenza", name="Cadenza", short="Cadenza", pronoun="he",
    styles=(HYDRAULIC, BATTERY, CLOCKWORK, GRAPNEL, MECHANICAL), unique_base=PRESS,
    finishers=(ROCKET_PRESS, FEEDBACK_FIELD),
    default_discards=(("hydraulic", "dash"), ("clockwork", "grasp")), ability=IRON_BODY_CARD,
    tokens=(IRON_BODY, IRON_BODY, IRON_BODY), token_bonus={IRON_BODY: ("soak", 0)},
    token_names={IRON_BODY: "Iron Body"}, ante_options=ante_options, token_anted=token_anted,
))
