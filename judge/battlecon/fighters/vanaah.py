"""Vanaah Kalmor: Divine Rush, one token that cycles with her attack pairs.

Anted, Divine Rush gives +2 power and +2 priority for the beat. Instead of staying in the
token discard it travels with the attack pair it was anted with: into discard 1 at that
beat's Recycle, into discard 2 at the next, and back to her pool when that pile returns
to hand (the counter ``divine-rush-pile`` says which pile it rides with: 0 none, 1, 2).
A pair that goes to no discard pile (a Pulse, a Finisher) takes it back to the pool at
once. Reaping may also bring it back early.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Advance,
    Ctx,
    Custom,
    Need,
    Pull,
    Status,
    StunOpponent,
    name,
)
from judge.battlecon.ante_cancel import ante_in_force
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    ON_HIT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Ante, Decision, Move, Pick, expect
from judge.battlecon.fighters import Fighter, fighter, register
from judge.battlecon.hooks import DODGE, MOVEMENT_LIMITS, RECYCLED
from judge.battlecon.movement import direct_destinations, movement_lock
from judge.battlecon.moving import Cleared, direct_ends, direct_need, moved, question
from judge.battlecon.negation import lasting_reveal, takes_hold
from judge.battlecon.state import DuelState
from judge.battlecon.stats import attack

TOKEN = "divine-rush"
PILE = "divine-rush-pile"  # counter: the discard pile Divine Rush rides with (0: none)
PILE_NAMES = {0: "her token pool", 1: "discard 1", 2: "discard 2"}


@dataclass(frozen=True)
class VanaahRushCycled(F.Fact):
    """Divine Rush moves with Vanaah's discard piles: ``pile`` 1 or 2 is the pile it rides
    with (it stays in the token discard); 0 puts it back in her token pool."""

    player: int
    pile: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.counters[PILE] = self.pile
        if self.pile == 0 and TOKEN in p.token_discard:
            p.token_discard.remove(TOKEN)
            p.token_pool.append(TOKEN)
            p.token_pool.sort()


def ante_options(s: DuelState, p: int) -> list[Decision]:
    if TOKEN not in s.players[p].token_pool:
        return []
    return [Ante(p, TOKEN)]


def rush_anted(s: DuelState, p: int) -> bool:
    """Divine Rush was anted this beat (it rides with this beat's attack pair)."""
    return TOKEN in s.players[p].this_beat.anted


def rush_in_force(s: DuelState, p: int) -> bool:
    """Divine Rush was anted this beat and its bonus applies (``ante_cancel``)."""
    return ante_in_force(s, p, TOKEN)


def cycle_text(s: DuelState, p: int, pile: int) -> str:
    if pile == 0:
        return f"Divine Rush's pile returns to {name(s, p)}'s hand, so the token goes back " \
            "to her token pool."
    return f"Divine Rush moves with {name(s, p)}'s cards into {PILE_NAMES[pile]}."


def rush_cycles(s: DuelState, owner: int, p: int, recycled: F.Recycled) -> list[F.Fact]:
    """After Vanaah's Recycle: the token follows the pile it rides with (Divine Rush)."""
    me = s.players[owner]
    if p != owner or TOKEN not in me.token_discard:
        return []
    pile = me.counters.get(PILE, 0)
    rule = "divine-rush: Recycle"
    if pile == 0 and rush_anted(s, owner):
        if recycled.skipped or not recycled.to_discard_1:
            return [VanaahRushCycled(rule=rule, text="Divine Rush's attack pair goes to no "
                                     "discard pile, so the token returns to Vanaah's pool with "
                                     "it.", player=owner, pile=0)]
        return [VanaahRushCycled(rule=rule, text=cycle_text(s, owner, 1), player=owner, pile=1)]
    if pile == 0 or recycled.skipped:
        return []
    new = (pile + 1) % 3
    return [VanaahRushCycled(rule=rule, text=cycle_text(s, owner, new), player=owner, pile=new)]


def reaping(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """The opponent discards a token of their choice; with none, Divine Rush comes back."""
    s, opp = ctx.s, ctx.opponent
    held = sorted(set(s.players[opp].token_pool))
    if held:
        if len(held) > 1 and decision is None:
            return Need("pick", (opp,), [Pick(opp, t)
                                         for t in held],
                        about=f"Reaping: {name(s, opp)} discards which token?")
        token = held[0] if len(held) == 1 else expect(decision, Pick, "the pick").option
        kit_name = _token_name(s, opp, token)
        return [F.TokenDiscarded(rule=ctx.rule, text=f"{name(s, opp)} discards "
                                     f"{kit_name} from the token pool.", player=opp,
                                     token=token)]
    me = s.players[ctx.owner]
    if TOKEN in me.token_discard:
        return [VanaahRushCycled(rule=ctx.rule, text=f"{name(s, opp)} has no token to discard, "
                                 "so Divine Rush returns to Vanaah's token pool.",
                                 player=ctx.owner, pile=0)]
    return [F.Declined(rule=ctx.rule, text=f"{name(s, opp)} has no token to discard, and "
                       "Divine Rush is already in Vanaah's pool.", player=ctx.owner)]


def _token_name(s: DuelState, p: int, token: str) -> str:
    return fighter(s.players[p].fighter).token_name(token)


def priority(s: DuelState, p: int) -> int:
    return int(attack(s, p).priority)


def glorious_miss(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    if attacker == owner and priority(s, defender) > priority(s, owner):
        return "Glorious does not hit an opponent with higher priority than Vanaah"
    return ""


def vengeance_miss(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    if attacker == owner and priority(s, defender) < priority(s, owner):
        return "Vengeance does not hit an opponent with lower priority than Vanaah"
    return ""


def judgment_limits(s: DuelState, owner: int, mover: int) -> dict[str, str]:
    """Judgment (Reveal): the opponent may neither retreat nor move past Vanaah this beat,
    unless the Reveal effect was negated (``negation.takes_hold``)."""
    if mover == owner or not takes_hold(s, owner):
        return {}
    return {"retreat": "Judgment forbids retreating this beat",
            "pass": f"the space next to {name(s, owner)} (Judgment forbids moving past her)"}


def paladin_move(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Paladin: move directly to a free space next to the opponent."""
    s, me = ctx.s, ctx.owner
    lock = movement_lock(s, me)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"Vanaah cannot move as Paladin asks: "
                                  f"{lock}.", player=me, kind="direct")]
    opp = s.players[ctx.opponent].space
    spaces = [x for x in direct_destinations(s, me) if abs(x - opp) == 1]
    if not spaces:
        return [F.MovementIgnored(rule="R17.12", text="No free space next to the opponent: "
                                  "Paladin's move is ignored.", player=me, kind="direct")]
    start = s.players[me].space
    cleared = question(ctx, me, direct_ends(s, me, spaces), decision, asked_before=False)
    if not isinstance(cleared, Cleared):
        return cleared
    if len(spaces) > 1 and decision is None:
        return direct_need(s, me, me, spaces, f"Vanaah's Paladin: {ctx.effect.text}")
    end = spaces[0] if len(spaces) == 1 else expect(decision, Move, "the move decision").to
    passed = (start - opp) * (end - opp) < 0
    return [moved(s, cleared, "direct", end, abs(end - start), passed, forced=len(spaces) == 1,
                  rule=ctx.rule)]


DIVINE_RUSH = Card("divine-rush", "Divine Rush", "ability", fighter="vanaah",
                   hooks=RECYCLED.on(rush_cycles), passives=(
                       Passive("power", 2, "Divine Rush anted: +2 power.", condition=rush_in_force),
                       Passive("priority", 2, "Divine Rush anted: +2 priority.",
                               condition=rush_in_force)))
REAPING = Card("reaping", "Reaping", "style", range=(0, 1), priority=1, fighter="vanaah",
               effects=(Effect(ON_HIT, (Custom(reaping),), "The opponent discards a token of "
                               "their choice; if they cannot, Divine Rush returns to the pool."),))
GLORIOUS = Card("glorious", "Glorious", "style", power=2, fighter="vanaah",
                hooks=DODGE.on(glorious_miss), effects=(
                    Effect(BEFORE_ACTIVATING, (Advance(up_to=1),), "Advance 0 or 1 space."),))
JUDGMENT = Card("judgment", "Judgment", "style", range=(1, 1), power=1, priority=-1,
                fighter="vanaah", hooks=MOVEMENT_LIMITS.on(judgment_limits))
lasting_reveal(JUDGMENT.id, "no retreat, no moving past Vanaah")
VENGEANCE = Card("vengeance", "Vengeance", "style", power=2, stun_guard=4, fighter="vanaah",
                 hooks=DODGE.on(vengeance_miss))
PALADIN = Card("paladin", "Paladin", "style", range=(0, 1), power=1, priority=-2, stun_guard=3,
               fighter="vanaah", effects=(
                   Effect(END_OF_BEAT, (Custom(paladin_move),),
                          "Move directly to any space next to the opponent."),))
SCYTHE = Card("scythe", "Scythe", "base", range=(1, 2), power=3, priority=3, stun_guard=3,
              fighter="vanaah", effects=(
                  Effect(BEFORE_ACTIVATING, (Advance(1),), "Advance 1 space."),
                  Effect(ON_HIT, (Pull(up_to=1),), "Pull the opponent 0 or 1 space."),))
HAND_OF_DIVINITY = Card("hand-of-divinity", "Hand of Divinity", "finisher", range=(5, 5),
                        power=7, priority=3, soak=3, stun_immunity=True, fighter="vanaah",
                        effects=(Effect(AFTER_ACTIVATING, (Advance(up_to=6),),
                                        "Advance any number of spaces."),))
DEATH_WALKS = Card("death-walks", "Death Walks", "finisher", range=(1, 2), power=5, priority=6,
                   fighter="vanaah", effects=(
                       Effect(ON_HIT, (StunOpponent(), Status("priority", -4, target="opponent",
                                                              next_beat=True)),
                              "The opponent is stunned and has -4 priority next beat."),))

VANAAH = register(Fighter(
    id="vanaah", name="Vanaah Kalmor", short="Vanaah", pronoun="she",
    styles=(REAPING, GLORIOUS, JUDGMENT, VENGEANCE, PALADIN), unique_base=SCYTHE,
    finishers=(HAND_OF_DIVINITY, DEATH_WALKS),
    default_discards=(("reaping", "dash"), ("judgment", "grasp")), ability=DIVINE_RUSH,
    tokens=(TOKEN,), token_names={TOKEN: "Divine Rush"}, counters=(PILE,),
    ante_options=ante_options,
))
