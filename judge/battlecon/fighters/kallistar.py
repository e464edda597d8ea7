"""Kallistar Flarechild: Form of Disaster (Human or Elemental Form).

Her form at the Ante step decides the beat's bonus: Elemental gives +2 power,
+2 priority and costs 1 life; Human gives Soak 1. Many effects work in one form.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.battlecon import facts as F
from judge.battlecon import twins2011
from judge.battlecon.actions import (
    Ctx,
    Custom,
    LoseLife,
    Move,
    Need,
    Pull,
    Status,
    StunOpponent,
    Teleport,
    lose_life,
    may,
    status,
)
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    END_OF_BEAT,
    ON_HIT,
    REVEAL,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import FINISHER_REQUIRES
from judge.battlecon.state import DuelState

ANTE = "ante"  # the ability's own timing: the start of the Ante step


def human(s: DuelState, p: int) -> bool:
    return s.players[p].modes.get("form") == "human"


def elemental(s: DuelState, p: int) -> bool:
    return s.players[p].modes.get("form") == "elemental"


def form_bonus(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    s, p = ctx.s, ctx.owner
    rule = "form-of-disaster: Ante"
    if elemental(s, p):
        return [status(s, p, "power", 2, "Elemental Form", rule),
                status(s, p, "priority", 2, "Elemental Form", rule),
                lose_life(s, p, 1, rule)]
    return [status(s, p, "soak", 1, "Human Form", rule)]


def form_bonus_2011(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """001's Elemental Form, as 2014's; its Human Form has no Soak (001 Stun and Stun Guard,
    Examples 2 and 3: Cadenza's 6 damage reaches her whole)."""
    return form_bonus(ctx, decision) if elemental(ctx.s, ctx.owner) else []


def switch(form: str) -> Callable[[Ctx, Decision | None], list[F.Fact]]:
    def change(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
        return [F.FormChanged(rule=ctx.rule, text=f"Kallistar takes her {form.title()} Form.",
                              player=ctx.owner, form=form)]
    return change


def supernova_defeat(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [F.DuelEnded(rule=ctx.rule, text="Supernova burns out: Kallistar is defeated.",
                        winner=ctx.opponent, draw=False, reason="supernova")]


def chain_repeat(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Chain of Destruction: may pay 3 life (keeping at least 1) to repeat the attack."""
    if ctx.s.players[ctx.owner].life < 4:
        return []
    answer = may(ctx, decision, "Chain of Destruction: pay 3 life to repeat the attack?")
    if isinstance(answer, Need):
        return answer
    if not answer:
        return [F.Declined(rule=ctx.rule, text="Kallistar does not pay to repeat the attack.",
                           player=ctx.owner)]
    return [lose_life(ctx.s, ctx.owner, 3, ctx.rule),
            F.AttackRepeated(rule=ctx.rule, text="Kallistar pays 3 life: the attack repeats once this hit has dealt its damage.",
                             player=ctx.owner)]


# C25: 001's Human Form has no Soak, and its Flare no +3 priority at Reveal (twins2011).
FORM_BONUS, FORM_BONUS_2011 = twins2011.under_2011("form-of-disaster", Effect(
    ANTE, (Custom(form_bonus),), "Elemental: +2 power, +2 priority, lose 1 life. Human: Soak 1."),
    Effect(ANTE, (Custom(form_bonus_2011),), "Elemental: +2 power, +2 priority, lose 1 life. "
           "Human: no bonus (001)."))
FORM = Card("form-of-disaster", "Form of Disaster", "ability", fighter="kallistar",
            effects=(FORM_BONUS, FORM_BONUS_2011))
FLARE_REVEAL, FLARE_REVEAL_2011 = twins2011.under_2011("flare", Effect(
    REVEAL, (LoseLife(3), Status("priority", 3)), "Human Form: lose 3 life, +3 priority.",
    condition=human, condition_text="Human Form"), Effect(
    REVEAL, (LoseLife(3),), "Human Form: lose 3 life (001: no priority bonus).",
    condition=human, condition_text="Human Form"))
FLARE = Card("flare", "Flare", "style", power=3, fighter="kallistar", effects=(
    FLARE_REVEAL,
    Effect(END_OF_BEAT, (Custom(switch("human")),), "Elemental Form: return to Human Form.",
           condition=elemental, condition_text="Elemental Form"),
    FLARE_REVEAL_2011,
))
IGNITION = Card("ignition", "Ignition", "style", power=1, priority=-1, fighter="kallistar",
                effects=(
                    Effect(REVEAL, (Status("power", 3), LoseLife(3)),
                           "Elemental Form: +3 power, lose 3 life.", condition=elemental,
                           condition_text="Elemental Form"),
                    Effect(END_OF_BEAT, (Custom(switch("elemental")),),
                           "Human Form: take Elemental Form.", condition=human,
                           condition_text="Human Form"),
                ))
CAUSTIC = Card("caustic", "Caustic", "style", power=1, priority=-1, fighter="kallistar",
               passives=(Passive("soak", 2, "Human Form: Soak 2.", condition=human),),
               effects=(Effect(ON_HIT, (StunOpponent(),), "Elemental Form: the opponent is "
                               "stunned.", condition=elemental, condition_text="Elemental Form"),))
BLAZING = Card("blazing", "Blazing", "style", priority=1, fighter="kallistar",
               passives=(Passive("range", (0, 1), "Elemental Form: +0~1 range.",
                                 condition=elemental),),
               effects=(Effect(AFTER_ACTIVATING, (Move(1, 2),), "Human Form: move 1 or 2 spaces.",
                               condition=human, condition_text="Human Form"),))
VOLCANIC = Card("volcanic", "Volcanic", "style", range=(2, 4), fighter="kallistar", effects=(
    Effect(ON_HIT, (Status("priority", -2, target="opponent", next_beat=True),),
           "Elemental Form: the opponent has -2 priority during the next beat.",
           condition=elemental, condition_text="Elemental Form"),
    Effect(END_OF_BEAT, (Teleport(),), "Human Form: move directly to any unoccupied space.",
           condition=human, condition_text="Human Form"),
))
SPELLBOLT = Card("spellbolt", "Spellbolt", "base", range=(2, 6), power=2, priority=3,
                 fighter="kallistar", effects=(
                     Effect(ON_HIT, (Status("power", -2, target="opponent"),),
                            "Human Form: the opponent has -2 power this beat.", condition=human,
                            condition_text="Human Form"),
                     Effect(ON_HIT, (Pull(up_to=2),), "Elemental Form: pull the opponent 0-2 "
                            "spaces.", condition=elemental, condition_text="Elemental Form"),
                 ))
SUPERNOVA = Card("supernova", "Supernova", "finisher", range=(1, 2), power=8, priority=5,
                 fighter="kallistar", hooks=FINISHER_REQUIRES.on(elemental), effects=(
                     Effect(END_OF_BEAT, (Custom(supernova_defeat),),
                            "Kallistar is defeated at the end of the beat."),))
CHAIN = Card("chain-of-destruction", "Chain of Destruction", "finisher", range=(4, 6), power=4,
             priority=5, fighter="kallistar", hooks=FINISHER_REQUIRES.on(human), effects=(
                 Effect(ON_HIT, (Custom(chain_repeat),), "You may pay 3 life to repeat this "
                        "attack."),))

KALLISTAR = register(Fighter(
    id="kallistar", name="Kallistar Flarechild", short="Kallistar", pronoun="she",
    styles=(FLARE, IGNITION, CAUSTIC, BLAZING, VOLCANIC), unique_base=SPELLBOLT,
    finishers=(SUPERNOVA, CHAIN), default_discards=(("flare", "dash"), ("caustic", "grasp")),
    ability=FORM, form="human", forms=("human", "elemental"),
))
