"""Magdelina Larington: Divine Conduit, a Level (0-5, the Level cards) and Trance counters.

Both are counters (R19.4), starting at 0. At the Ante step her Level gives +1 power,
+1 priority and Stun Guard 1 for each Level, for the beat (the Level at that moment).
After each beat, once recycling is done (R10.3): if her Trance counters exceed her
Level she discards them all and gains a Level, else she gains a Trance counter (both
at most 5); so she never levels up on the beat the counters first exceed the Level.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Ctx,
    Custom,
    Move,
    Movement,
    Need,
    Status,
    StunOpponent,
    heal,
    pick,
    status,
)
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    AFTER_RECYCLE,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    NA,
    ON_HIT,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import DAMAGE_CAP
from judge.battlecon.spending import declare, paid
from judge.battlecon.state import DuelState

TRANCE = "trance"
LEVEL = "level"
TOP = 5  # the most Trance counters she holds, and the highest Level
ANTE = "ante"  # the ability's own timing: the start of the Ante step


def level(s: DuelState, p: int) -> int:
    return s.players[p].counters.get(LEVEL, 0)


def trance(s: DuelState, p: int) -> int:
    return s.players[p].counters.get(TRANCE, 0)


def set_counter(s: DuelState, p: int, counter: str, value: int, rule: str,
                text: str) -> F.CounterSet:
    return F.CounterSet(rule=rule, text=text, player=p, counter=counter, value=value)


def counted(t: int) -> str:
    return f"{t} Trance counter{'' if t == 1 else 's'}"


# --- Divine Conduit -------------------------------------------------------------------


def level_bonus(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    s, p, n = ctx.s, ctx.owner, level(ctx.s, ctx.owner)
    rule = "divine-conduit: Ante"
    return [status(s, p, stat, n, "Divine Conduit", rule)
            for stat in ("power", "priority", "stun_guard")]


def withheld(s: DuelState, p: int) -> bool:
    """Spiritual's passive: no progress after a beat in which she played it and hit
    nothing (the pair this beat recycled names the Style)."""
    beat = s.players[p].this_beat
    return "spiritual" in beat.recycled and beat.hits == 0


def progress(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    s, p, rule = ctx.s, ctx.owner, ctx.rule
    t, n = trance(s, p), level(s, p)
    if withheld(s, p):
        return [F.Declined(rule="spiritual: passive", text="Magdelina played Spiritual and hit "
                           "nothing this beat: she gains neither a Trance counter nor a Level.",
                           player=p)]
    if t > n and n < TOP:
        return [set_counter(s, p, TRANCE, 0, rule, f"Magdelina has {counted(t)}, more than "
                            f"her Level {n}: she discards them all."),
                set_counter(s, p, LEVEL, n + 1, rule, f"Magdelina rises to Level {n + 1}.")]
    if t >= TOP:
        return [F.Declined(rule=rule, text="Magdelina already has 5 Trance counters.", player=p)]
    return [set_counter(s, p, TRANCE, t + 1, rule, f"Magdelina gains a Trance counter (now "
                        f"{t + 1}; Level {n}).")]


def gain_level(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    n = level(ctx.s, ctx.owner)
    if n >= TOP:
        return [F.Declined(rule=ctx.rule, text="Magdelina is already at Level 5.",
                           player=ctx.owner)]
    return [set_counter(ctx.s, ctx.owner, LEVEL, n + 1, ctx.rule,
                        f"Magdelina rises to Level {n + 1}.")]


def gain_trance(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    t = trance(ctx.s, ctx.owner)
    if t >= TOP:
        return [F.Declined(rule=ctx.rule, text="Magdelina already has 5 Trance counters.",
                           player=ctx.owner)]
    return [set_counter(ctx.s, ctx.owner, TRANCE, t + 1, ctx.rule,
                        f"Magdelina gains a Trance counter (now {t + 1}).")]


# --- cards ----------------------------------------------------------------------------


def priestess_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [heal(ctx.s, ctx.owner, 1, ctx.rule, "Priestess")]


def blessing(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Both fighters heal 3 life; Magdelina gains a Trance counter."""
    return [heal(ctx.s, ctx.owner, 3, ctx.rule, "Blessing"),
            heal(ctx.s, ctx.opponent, 3, ctx.rule, "Blessing")] + gain_trance(ctx, decision)


def safety_cap(s: DuelState, owner: int, defender: int) -> tuple[str, int] | None:
    """Safety: at most Level + 3 damage from each attack that hits Magdelina, however the
    damage was made up (every extra, and Soak, counted first)."""
    if defender != owner:
        return None
    return "Safety", level(s, owner) + 3


SOLAR_SOUL_SPEND = declare("solar-soul", "Trance counter")


def solar_soul(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Discard any number of Trance counters: +1 power for each."""
    t = trance(ctx.s, ctx.owner)
    if not t:
        return [F.Declined(rule=ctx.rule, text="Magdelina has no Trance counter to discard.",
                           player=ctx.owner)]
    chosen = pick(ctx, decision, [str(k) for k in range(t + 1)],
                  "Solar Soul: discard how many Trance counters for +1 power each?")
    if isinstance(chosen, Need):
        return chosen
    k = int(chosen or 0)
    if not k:
        return [F.Declined(rule=ctx.rule, text="Magdelina keeps her Trance counters.",
                           player=ctx.owner)]
    return [set_counter(ctx.s, ctx.owner, TRANCE, t - k, ctx.rule,
                        f"Magdelina discards {k} Trance counter{'s' if k > 1 else ''}."),
            status(ctx.s, ctx.owner, "power", k, "Solar Soul", ctx.rule)]


solar_soul_spend = paid(SOLAR_SOUL_SPEND, solar_soul)


def was_hit(s: DuelState, p: int) -> bool:
    return s.players[p].this_beat.hits_taken > 0


def level_2(s: DuelState, p: int) -> bool:
    return level(s, p) >= 2


DIVINE_CONDUIT = Card("divine-conduit", "Divine Conduit", "ability", fighter="magdelina",
                      effects=(
    Effect(ANTE, (Custom(level_bonus),), "+1 power, +1 priority and Stun Guard 1 for each "
           "Level, this beat.", condition=lambda s, p: level(s, p) > 0,
           condition_text="a Level above 0"),
    Effect(AFTER_RECYCLE, (Custom(progress),), "Trance counters above the Level: discard them "
           "and gain a Level; else gain a Trance counter."),
))
SPIRITUAL = Card("spiritual", "Spiritual", "style", power=1, priority=1, fighter="magdelina")
SANCTIMONIOUS = Card("sanctimonious", "Sanctimonious", "style", power=-1, priority=-2,
                     fighter="magdelina", passives=(
                         Passive("range", lambda s, p: (0, trance(s, p)),
                                 "+0~X range, X = her Trance counters."),))
PRIESTESS = Card("priestess", "Priestess", "style", power=-2, priority=-1, fighter="magdelina",
                 effects=(
                     Effect(ON_HIT, (Status("power", -2, target="opponent"),),
                            "The opponent has -2 power this beat."),
                     Effect(AFTER_ACTIVATING, (Custom(priestess_heal),), "Heal 1 life."),
                 ))
SAFETY = Card("safety", "Safety", "style", power=-2, priority=-1, fighter="magdelina",
              hooks=DAMAGE_CAP.on(safety_cap), effects=(
                  Effect(END_OF_BEAT, (Move(up_to=3),), "If you were hit this beat, move 0-3 "
                         "spaces.", condition=was_hit, condition_text="having been hit"),))
EXCELSIUS = Card("excelsius", "Excelsius", "style", range=(0, 1), power=-2, priority=-1,
                 fighter="magdelina", effects=(
                     Effect(BEFORE_ACTIVATING, (Move(1),), "Move 1 space."),
                     Effect(ON_HIT, (Movement("push", (0, 1, 2)),), "Level 2 or more: push the "
                            "opponent 0-2 spaces.", condition=level_2,
                            condition_text="Level 2 or more"),
                 ))
BLESSING = Card("blessing", "Blessing", "base", range=(1, 2), power=NA, priority=3, stun_guard=3,
                fighter="magdelina", effects=(
                    Effect(ON_HIT, (Custom(blessing),), "Both fighters heal 3 life; gain a "
                           "Trance counter."),))
APOTHEOSIS = Card("apotheosis", "Apotheosis", "finisher", range=(1, 1), power=1, priority=4,
                  fighter="magdelina", effects=(
                      Effect(ON_HIT, (StunOpponent(), Custom(gain_level)),
                             "The opponent is stunned; gain a Level."),))
SOLAR_SOUL = Card("solar-soul", "Solar Soul", "finisher", range=(1, 2), power=2, priority=4,
                  soak=2, fighter="magdelina", effects=(
                      Effect(ON_HIT, (Custom(solar_soul_spend),), "Discard any number of Trance "
                             "counters: +1 power each."),))

MAGDELINA = register(Fighter(
    id="magdelina", name="Magdelina Larington", short="Magdelina", pronoun="she",
    styles=(SPIRITUAL, SANCTIMONIOUS, PRIESTESS, SAFETY, EXCELSIUS), unique_base=BLESSING,
    finishers=(APOTHEOSIS, SOLAR_SOUL),
    default_discards=(("spiritual", "dash"), ("priestess", "grasp")), ability=DIVINE_CONDUIT,
    counters=(TRANCE, LEVEL),
))
