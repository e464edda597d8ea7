"""Hikaru Sorayama: Geomantic Assault, four Elemental tokens (one of each)."""

from __future__ import annotations

from typing import cast

from judge.battlecon import facts as F
from judge.battlecon import profile, twins2011
from judge.battlecon.actions import Advance, Ctx, Custom, Need, pick, status
from judge.battlecon.antes import bonus_when_anted, one_token_a_beat
from judge.battlecon.cards import (
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    ON_DAMAGE,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.spending import declare, why_not

TOKENS = ("earth", "fire", "water", "wind")
BONUS = {"fire": ("power", 3), "water": ("range", (-1, 1)), "wind": ("priority", 2),
         "earth": ("soak", 3)}
NAMES = {t: t.title() for t in TOKENS}


def return_anted(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Trance / Four Winds: anted tokens go back to the pool with no bonus this beat."""
    me = ctx.s.players[ctx.owner]
    back = [t for t in me.this_beat.anted if t in me.this_beat.bonus_tokens and t in me.token_discard]
    if not back:
        return []
    names = ", ".join(NAMES[t] for t in back)
    return [F.TokensReturned(rule=ctx.rule, text=f"{ctx.card.name}: {names} goes back to "
                             f"Hikaru's pool and gives no bonus this beat.", player=ctx.owner,
                             tokens=back)]


def recover(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Recover one Elemental token of Hikaru's choice, never one anted this beat."""
    me = ctx.s.players[ctx.owner]
    options = sorted(t for t in me.token_discard if t not in me.this_beat.anted)
    chosen = pick(ctx, decision, options, f"{ctx.card.name}: recover which Elemental token?")
    if isinstance(chosen, Need):
        return chosen
    if chosen is None:
        return [F.TokenRecovered(rule=ctx.rule, text="Hikaru has no Elemental token he may "
                                 "recover.", player=ctx.owner, token=None)]
    return [F.TokenRecovered(rule=ctx.rule, text=f"Hikaru recovers his {NAMES[chosen]} token.",
                             player=ctx.owner, token=chosen)]


# Both obeyed Naturalizing before the rules stamp, in every duel.
GEOMANTIC_SPEND = declare("geomantic", "Elemental token", checked_before=True)
WRATH_SPEND = declare("wrath-of-elements", "Elemental token", checked_before=True)


def geomantic_spend(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Geomantic: may spend one more token now; its bonus applies to this attack."""
    pool = sorted(ctx.s.players[ctx.owner].token_pool)
    if not pool:
        return []
    forbidden = why_not(ctx.s, ctx.owner, GEOMANTIC_SPEND)
    if forbidden:
        return [F.Declined(rule=ctx.rule, text=f"Hikaru may spend no token: {forbidden}.",
                           player=ctx.owner)]
    chosen = pick(ctx, decision, pool + ["none"], "Geomantic: spend one more Elemental token?")
    if isinstance(chosen, Need):
        return chosen
    assert chosen is not None, "with options to pick from, pick never returns None"
    if chosen == "none":
        return [F.Declined(rule=ctx.rule, text="Hikaru spends no further token.",
                           player=ctx.owner)]
    when = "before priority is compared (001)" if ctx.s.profile == profile.BC2011 else \
        "priority has already been settled (R28.1)"
    return [F.TokensSpent(rule=ctx.rule, text=f"Geomantic: Hikaru spends {NAMES[chosen]} for "
                          f"its bonus; {when}.", player=ctx.owner, tokens=[chosen])]


def advancing_bonus(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    last = ctx.s.last_move
    if last and last["player"] == ctx.owner and last["passed"]:
        return [status(ctx.s, ctx.owner, "power", 1, "Advancing", ctx.rule)]
    return []


def spend_all(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Wrath of Elements: every token in the pool is spent for its bonus."""
    pool = sorted(ctx.s.players[ctx.owner].token_pool)
    if not pool:
        return []
    forbidden = why_not(ctx.s, ctx.owner, WRATH_SPEND)
    if forbidden:
        return [F.Declined(rule=ctx.rule, text=f"Wrath of Elements spends nothing: "
                           f"{forbidden}.", player=ctx.owner)]
    names = ", ".join(NAMES[t] for t in pool)
    return [F.TokensSpent(rule=ctx.rule, text=f"Wrath of Elements spends {names} for their "
                          "bonuses.", player=ctx.owner, tokens=pool)]


def recover_and_repeat(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Four Winds: recover a token; if one came back, repeat the attack."""
    out = recover(ctx, decision)
    # cast: recover always ends with its TokenRecovered fact.
    if isinstance(out, Need) or cast(F.TokenRecovered, out[-1]).token is None:
        return out
    return out + [F.AttackRepeated(rule=ctx.rule, text="Four Winds recovered a token, so the "
                                   "attack repeats once this hit has dealt its damage.", player=ctx.owner)]


TRANCE = Card("trance", "Trance", "style", range=(0, 1), fighter="hikaru", effects=(
    Effect(REVEAL, (Custom(return_anted),), "Anted Elemental tokens return to the pool unused."),
    Effect(END_OF_BEAT, (Custom(recover),), "Recover an Elemental token."),
))
# C13: 001's Hikaru FAQ spends Geomantic's token "during Reveal" (2014: Start of Beat, R28.1).
GEOMANTIC = Card("geomantic", "Geomantic", "style", power=1, fighter="hikaru", effects=(
    twins2011.under_2011("geomantic", Effect(START_OF_BEAT, (Custom(geomantic_spend),),
                                             "You may spend one more Elemental token."),
                         Effect(REVEAL, (Custom(geomantic_spend),),
                                "You may spend one more Elemental token."))))
FOCUSED = Card("focused", "Focused", "style", priority=1, stun_guard=2, fighter="hikaru",
               effects=(Effect(ON_HIT, (Custom(recover),), "Recover an Elemental token."),))
ADVANCING = Card("advancing", "Advancing", "style", power=1, priority=1, fighter="hikaru",
                 effects=(Effect(START_OF_BEAT, (Advance(1), Custom(advancing_bonus)),
                                 "Advance 1 space; +1 power if you passed the opponent."),))
SWEEPING = Card("sweeping", "Sweeping", "style", power=-1, priority=3, fighter="hikaru",
                passives=(Passive("damage_taken", 2, "If hit, take 2 extra damage."),))
PALM_STRIKE = Card("palm-strike", "Palm Strike", "base", range=(1, 1), power=2, priority=5,
                   fighter="hikaru", effects=(
                       Effect(START_OF_BEAT, (Advance(1),), "Advance 1 space."),
                       Effect(ON_DAMAGE, (Custom(recover),), "Recover an Elemental token."),
                   ))
WRATH = Card("wrath-of-elements", "Wrath of Elements", "finisher", range=(1, 1), power=7,
             priority=6, fighter="hikaru", effects=(
                 Effect(REVEAL, (Custom(spend_all),), "Spend every token in the pool for its "
                        "bonus."),))
FOUR_WINDS = Card("four-winds", "Four Winds", "finisher", range=(1, 1), power=2, priority=5,
                  fighter="hikaru", effects=(
                      Effect(REVEAL, (Custom(return_anted),), "Anted tokens return unused."),
                      Effect(BEFORE_ACTIVATING, (Advance(up_to=1),), "Advance 0 or 1 space."),
                      Effect(ON_HIT, (Custom(recover_and_repeat),),
                             "Recover a token; if you did, repeat this attack."),
                  ))

HIKARU = register(Fighter(
    id="hikaru", name="Hikaru Sorayama", short="Hikaru", pronoun="he",
    styles=(TRANCE, GEOMANTIC, FOCUSED, ADVANCING, SWEEPING), unique_base=PALM_STRIKE,
    finishers=(WRATH, FOUR_WINDS), default_discards=(("trance", "dash"), ("focused", "grasp")),
    tokens=TOKENS, token_bonus=BONUS, token_names=NAMES,
    ante_options=one_token_a_beat, token_anted=bonus_when_anted,
))
