"""Rukyuk Amberdeen: Custom Ammunition, six Ammo tokens (one of each).

He antes at most one Ammo token a beat and gets its bonus; without one anted this beat
his attack cannot hit (``CANNOT_HIT``), except with Force Grenade. AP and Flash Shells
ignore the opponent's Soak and Stun Guard (``IGNORES``); the Impact Shell pushes on a hit.
Gunner, Crossfire and Fully Automatic discard a token from the pool without its effect
(``TokenDiscarded``); both Finishers cancel an anted token's effect at the Reveal
(``RukyukAmmoUnused``), the token staying anted. Only Reload brings tokens back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Ctx,
    Custom,
    Move,
    Movement,
    Need,
    Retreat,
    Teleport,
    pick,
    status,
)
from judge.battlecon.antes import bonus_when_anted, one_token_a_beat
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    NA,
    ON_DAMAGE,
    ON_HIT,
    REVEAL,
    Card,
    Effect,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import CANNOT_HIT, IGNORES, Hook, query
from judge.battlecon.spending import declare, paid
from judge.battlecon.state import DuelState

FID = "rukyuk"
AP, EXPLOSIVE, FLASH, IMPACT, LONGSHOT, SWIFT = TOKENS = (
    "ap-shell", "explosive-shell", "flash-shell", "impact-shell", "longshot-shell", "swift-shell")
NAMES = {t: t.replace("-", " ").title().replace("Ap ", "AP ") for t in TOKENS}
BONUS = {EXPLOSIVE: ("power", 2), LONGSHOT: ("range", (-1, 1)), SWIFT: ("priority", 2),
         AP: ("power", 0), FLASH: ("power", 0), IMPACT: ("power", 0)}
# Force Grenade's private hook (a flag): this attack hits without an Ammo token.
NO_AMMO_NEEDED: Final[Hook[bool]] = Hook("rukyuk.hits_without_ammo", "Force Grenade: "
                                         "Rukyuk's attack hits with no Ammo token anted.")


@dataclass(frozen=True)
class RukyukAmmoUnused(F.Fact):
    """Anted Ammo tokens stay anted but their effects do not apply (both Finishers)."""

    player: int
    tokens: list

    def apply(self, s: DuelState) -> None:
        bonus = s.players[self.player].this_beat.bonus_tokens
        for t in self.tokens:
            bonus.remove(t)


def loaded(s: DuelState, p: int, token: str) -> bool:
    return token in s.players[p].this_beat.bonus_tokens


def no_ammo(s: DuelState, owner: int, attacker: int) -> str:
    """Without an Ammo token anted this beat his attack cannot hit (not Force Grenade)."""
    if attacker != owner or s.players[owner].this_beat.anted:
        return ""
    if any(o == owner for o, _c, _fn in query(s, NO_AMMO_NEEDED)):
        return ""
    return "Rukyuk anted no Ammo token this beat (Custom Ammunition)"


def shells_ignore(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    if attacker != owner:
        return {}
    out = {}
    if loaded(s, owner, AP):
        out["soak"] = "the AP Shell"
    if loaded(s, owner, FLASH):
        out["stun_guard"] = "the Flash Shell"
    return out


GUNNER_SPEND = declare("gunner", "Ammo token")
CROSSFIRE_SPEND = declare("crossfire", "Ammo token")
FULLY_AUTOMATIC_SPEND = declare("fully-automatic", "Ammo token")


def discard_ammo(ctx: Ctx, decision: Decision | None, why: str) -> str | Need | F.Fact:
    """May discard an Ammo token from the pool (no effect): the token, or the fact that
    none is discarded."""
    pool = sorted(ctx.s.players[ctx.owner].token_pool)
    if not pool:
        return F.Declined(rule=ctx.rule, text="Rukyuk has no Ammo token left in his pool to "
                          "discard.", player=ctx.owner)
    chosen = pick(ctx, decision, pool + ["none"], f"{ctx.card.name}: discard an Ammo token "
                  f"{why}?")
    if chosen == "none" or chosen is None:
        return F.Declined(rule=ctx.rule, text="Rukyuk keeps his Ammo tokens.", player=ctx.owner)
    return chosen


def discarded(ctx: Ctx, token: str, why: str) -> F.Fact:
    return F.TokenDiscarded(rule=ctx.rule, text=f"{ctx.card.name}: Rukyuk discards his "
                               f"{NAMES[token]} without its effect {why}.", player=ctx.owner,
                               token=token)


def ammo_spend(offer: str, why: str, stat: str, amount: Any) -> Callable[..., Any]:
    """A Style's "discard one more Ammo token for ..." (Gunner, Crossfire): asked with
    ``offer``, narrated with ``why``, and ``amount`` of ``stat`` for this beat."""

    def spend(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        token = discard_ammo(ctx, decision, offer)
        if isinstance(token, Need):
            return token
        if isinstance(token, F.Fact):
            return [token]
        return [discarded(ctx, token, why),
                status(ctx.s, ctx.owner, stat, amount, ctx.card.name, ctx.rule)]

    return spend


gunner_spend = ammo_spend("for range +1~5 instead of +2~4", "to reach closer and further",
                          "range", (-1, 1))
crossfire_spend = ammo_spend("for +2 power", "for +2 power", "power", 2)


def fully_automatic_spend(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Fully Automatic: an Ammo token repeats the attack."""
    token = discard_ammo(ctx, decision, "to repeat the attack")
    if isinstance(token, Need):
        return token
    if isinstance(token, F.Fact):
        return [token]
    return [discarded(ctx, token, "to fire again"),
            F.AttackRepeated(rule=ctx.rule, text="Fully Automatic: the attack repeats once this hit has dealt its damage.",
                             player=ctx.owner)]


gunner = paid(GUNNER_SPEND, gunner_spend)
crossfire = paid(CROSSFIRE_SPEND, crossfire_spend)
fully_automatic = paid(FULLY_AUTOMATIC_SPEND, fully_automatic_spend)


def ammo_unused(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Finishers: an anted Ammo token stays anted, but its effect does not apply."""
    tokens = [t for t in ctx.s.players[ctx.owner].this_beat.bonus_tokens if t in TOKENS]
    if not tokens:
        return []
    names = ", ".join(NAMES[t] for t in tokens)
    return [RukyukAmmoUnused(rule=ctx.rule, text=f"{ctx.card.name} ignores Ammo effects: the "
                             f"anted {names} gives nothing this beat.", player=ctx.owner,
                             tokens=tokens)]


def reload_all(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Reload: every Ammo token comes back to the pool."""
    back = sorted(ctx.s.players[ctx.owner].token_discard)
    if not back:
        return [F.TokenRecovered(rule=ctx.rule, text="Reload: Rukyuk has no spent Ammo token "
                                 "to recover.", player=ctx.owner, token=None)]
    return [F.TokenRecovered(rule=ctx.rule, text=f"Reload: Rukyuk recovers his {NAMES[t]}.",
                             player=ctx.owner, token=t) for t in back]


def impact_loaded(s: DuelState, p: int) -> bool:
    return loaded(s, p, IMPACT)


def Push(*amounts: int) -> Movement:
    return Movement("push", tuple(amounts))


CUSTOM_AMMUNITION = Card("custom-ammunition", "Custom Ammunition", "ability", fighter=FID,
                         hooks=CANNOT_HIT.on(no_ammo) | IGNORES.on(shells_ignore), effects=(
    Effect(ON_HIT, (Push(2),), "Impact Shell: push the opponent 2 spaces.",
           condition=impact_loaded, condition_text="Impact Shell's effect"),))
GUNNER = Card("gunner", "Gunner", "style", range=(2, 4), fighter=FID, effects=(
    Effect(BEFORE_ACTIVATING, (Custom(gunner),),
           "You may discard an Ammo token (no effect) for range +1~5 instead of +2~4."),
    Effect(AFTER_ACTIVATING, (Move(1, 2),), "Move 1 or 2 spaces."),
))
SNIPER = Card("sniper", "Sniper", "style", range=(3, 5), power=1, priority=2, fighter=FID,
              effects=(Effect(AFTER_ACTIVATING, (Move(1, 2, 3),), "Move 1, 2 or 3 spaces."),))
POINT_BLANK = Card("point-blank", "Point Blank", "style", range=(0, 1), stun_guard=2,
                   fighter=FID, effects=(
                       Effect(ON_DAMAGE, (Push(0, 1, 2),), "Push the opponent 0-2 spaces."),))
TRICK = Card("trick", "Trick", "style", range=(1, 2), priority=-3, stun_immunity=True,
             fighter=FID)
CROSSFIRE = Card("crossfire", "Crossfire", "style", range=(2, 3), priority=-2, soak=2,
                 fighter=FID, effects=(
                     Effect(ON_HIT, (Custom(crossfire),),
                            "You may discard an Ammo token (no effect) for +2 power."),))
RELOAD = Card("reload", "Reload", "base", range=NA, power=NA, priority=4, fighter=FID, effects=(
    Effect(AFTER_ACTIVATING, (Teleport(),), "Move directly to any unoccupied space."),
    Effect(END_OF_BEAT, (Custom(reload_all),), "Recover all your Ammo tokens."),
))
FULLY_AUTOMATIC = Card("fully-automatic", "Fully Automatic", "finisher", range=(3, 6), power=2,
                       priority=6, fighter=FID, effects=(
                           Effect(REVEAL, (Custom(ammo_unused),), "Ammo effects do not apply."),
                           Effect(ON_HIT, (Custom(fully_automatic),),
                                  "You may discard an Ammo token to repeat this attack."),
                       ))
FORCE_GRENADE = Card("force-grenade", "Force Grenade", "finisher", range=(1, 2), power=4,
                     priority=4, fighter=FID, hooks=NO_AMMO_NEEDED.on(True), effects=(
                         Effect(REVEAL, (Custom(ammo_unused),), "Ammo effects do not apply; "
                                "this attack can hit without an anted Ammo token."),
                         Effect(ON_HIT, (Push(*range(0, 7)),),
                                "Push the opponent any number of spaces."),
                         Effect(AFTER_ACTIVATING, (Retreat(up_to=6),),
                                "Retreat any number of spaces."),
                     ))

RUKYUK = register(Fighter(
    id=FID, name="Rukyuk Amberdeen", short="Rukyuk", pronoun="he",
    styles=(GUNNER, SNIPER, POINT_BLANK, TRICK, CROSSFIRE), unique_base=RELOAD,
    finishers=(FULLY_AUTOMATIC, FORCE_GRENADE),
    default_discards=(("gunner", "dash"), ("point-blank", "grasp")), ability=CUSTOM_AMMUNITION,
    tokens=TOKENS, token_bonus=BONUS, token_names=NAMES,
    ante_options=one_token_a_beat, token_anted=bonus_when_anted,
))
