"""Cherri Seneca: Nightmarish Visions, one Insight token that forces Clashes.

Her ability card (``nightmarish-visions``) holds the whole unique ability:

- Insight (token ``insight``, at most one, starting in her pool): anted, it forces a
  Clash at the Reveal whatever the priorities (``FORCES_CLASH``), only the first round:
  a "win priority ties" effect still settles a tie of the new Bases (R6.11, S37). It does
  nothing against a Finisher or when a player revealed a Special Action this beat.
- Every Clash she is in, first round and each extension, costs the opponent 1 life
  (``CLASHED``).
- Taking 3 or more damage from one hit gives her Insight back at once (``DAMAGE_DEALT``).
- Once The Watchers has activated, the counter ``watchers`` is 1 and she regains Insight
  after every beat (After Recycling, R10.3).

Her Styles: Dreamscape may move her directly behind the opponent (a ``move`` prompt whose
options include her own space, to stay); Crimson forces a Clash when the opponent's
printed priority is lower than hers (a Reveal effect marking the beat, then
``FORCES_CLASH``); Catatonic and Stare give back Insight; Mirage sets the opponent's
Style to +0 priority (a status) and moves her directly to range 3; Blind marks the beat
after activating, and a ``DODGE`` keeps attacks of priority 3 or less off her. Stare's
priority X is the printed priority of the Base the opponent has in play now. Marks for
one beat live in ``ThisBeat.marks`` (``crimson``, ``blind``), set by ``CherriMarked``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Ctx,
    Custom,
    Need,
    StunOpponent,
    Teleport,
    lose_life,
    name,
    possessive,
    pronoun,
    status,
)
from judge.battlecon.ante_cancel import ante_in_force
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    AFTER_RECYCLE,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    ON_HIT,
    REVEAL,
    Card,
    Effect,
    Passive,
)
from judge.battlecon.decisions import Ante, Decision, Move, expect
from judge.battlecon.fighters import Fighter, card, register
from judge.battlecon.hooks import CLASHED, DAMAGE_DEALT, DODGE, FORCES_CLASH
from judge.battlecon.movement import direct_destinations, movement_lock
from judge.battlecon.moving import Cleared, direct_ends, direct_need, moved, question
from judge.battlecon.state import SPECIAL_ACTION, DuelState, known
from judge.battlecon.stats import attack

FID = "cherri"
INSIGHT = "insight"
WATCHERS = "watchers"  # counter: 1 once The Watchers has activated
CRIMSON_MARK, BLIND_MARK = "crimson", "blind"
ABILITY_RULE = "nightmarish-visions: passive"


@dataclass(frozen=True)
class CherriMarked(F.Fact):
    """A Style of Cherri's takes hold for the rest of the beat (Crimson's Clash, Blind)."""

    player: int
    mark: str

    def apply(self, s: DuelState) -> None:
        s.players[self.player].this_beat.marks[self.mark] = 1


def has_insight(s: DuelState, p: int) -> bool:
    return INSIGHT in s.players[p].token_pool


def marked(s: DuelState, p: int, mark: str) -> bool:
    return bool(s.players[p].this_beat.marks.get(mark))


def gain_insight(s: DuelState, p: int, rule: str, why: str) -> F.TokenRecovered:
    """Cherri gains her Insight token, unless she holds it already (at most one)."""
    if has_insight(s, p):
        return F.TokenRecovered(rule=rule, text=f"Cherri already holds her Insight token and "
                                f"gains none ({why}; she can hold only one).", player=p,
                                token=None)
    return F.TokenRecovered(rule=rule, text=f"Cherri gains her Insight token ({why}).",
                            player=p, token=INSIGHT)


def insight_effect(why: str) -> Custom:
    return Custom(lambda ctx, decision: [gain_insight(ctx.s, ctx.owner, ctx.rule, why)])


# --- Nightmarish Visions: Insight, Clashes, damage, The Watchers --------------------------


def ante_options(s: DuelState, p: int) -> list[Decision]:
    if INSIGHT in s.players[p].this_beat.anted or not has_insight(s, p):
        return []
    return [Ante(p, INSIGHT)]


def first_round(s: DuelState) -> bool:
    """No Clash yet this beat, no Finisher and no Special Action: a Clash may be forced."""
    for q in s.players:
        if q.pair is None or q.pair.under or q.pair.finisher or q.this_beat.special_action \
                or q.pair.style == SPECIAL_ACTION:
            return False
    return True


def insight_clash(s: DuelState, owner: int) -> bool:
    """Anted Insight: a Clash regardless of priority, the first round only (R6.11)."""
    return ante_in_force(s, owner, INSIGHT) and first_round(s)


def clash_costs_life(s: DuelState, owner: int) -> list[F.Fact]:
    """Each Clash with Cherri, and each extension, costs the opponent 1 life."""
    return [lose_life(s, 1 - owner, 1, ABILITY_RULE)]


def damage_regains(s: DuelState, owner: int, dealt: F.DamageDealt) -> list[F.Fact]:
    """3 or more damage from one hit: Cherri regains Insight if she lacks it."""
    if dealt.defender != owner or dealt.amount < 3 or has_insight(s, owner):
        return []
    return [F.TokenRecovered(rule=ABILITY_RULE, text=f"Cherri took {dealt.amount} damage at "
                             "once, 3 or more: she regains her Insight token.", player=owner,
                             token=INSIGHT)]


def watching(s: DuelState, p: int) -> bool:
    return s.players[p].counters.get(WATCHERS, 0) == 1


def watchers_regain(s: DuelState, p: int) -> bool:
    return watching(s, p) and not has_insight(s, p)


NIGHTMARISH_VISIONS = Card(
    "nightmarish-visions", "Nightmarish Visions", "ability", fighter=FID,
    hooks=(FORCES_CLASH.on(insight_clash) | CLASHED.on(clash_costs_life)
           | DAMAGE_DEALT.on(damage_regains)),
    effects=(Effect(AFTER_RECYCLE, (insight_effect("The Watchers"),), "The Watchers: regain "
                    "Insight after every beat.", condition=watchers_regain,
                    condition_text="need of Insight under The Watchers"),))


# --- Styles ---------------------------------------------------------------------------------


def behind_opponent(s: DuelState, p: int) -> list[int]:
    """Free spaces on the far side of the opponent that a direct move may reach."""
    me, them = s.players[p].space, s.players[1 - p].space
    return [x for x in direct_destinations(s, p) if (x - them) * (them - me) > 0]


def direct_move(ctx: Ctx, decision: Decision | None, spaces: list[int], what: str,
                optional: bool = False) -> list[F.Fact] | Need:
    """Move the card's owner (Cherri, or Sagas with a copy) directly to one of ``spaces``;
    ``optional`` offers their own space too. The narrative names whoever moves."""
    s, me = ctx.s, ctx.owner
    who, whose = ctx.name(me), possessive(s, me)
    lock = movement_lock(s, me)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"{who} cannot move as {ctx.card.name} "
                                  f"asks: {lock}.", player=me, kind="direct")]
    if not spaces:
        return [F.MovementIgnored(rule="R17.12", text=f"There is no free space {what}: "
                                  f"{ctx.card.name}'s move is ignored.", player=me,
                                  kind="direct")]
    start = s.players[me].space
    options = spaces + ([start] if optional else [])
    cleared = question(ctx, me, direct_ends(s, me, options), decision, asked_before=False)
    if not isinstance(cleared, Cleared):
        return cleared
    about = f"{who}'s {ctx.card.name}: {ctx.effect.text}"
    if len(options) > 1 and decision is None and not optional:
        return direct_need(s, me, me, options, about)
    if len(options) > 1 and decision is None:  # staying is declining the "may", not a move
        return Need("move", (me,), [Move(me, x)
                                    for x in sorted(options)],
                    about=f"{about} (space {start}, {whose} own, to stay)", extra={"mover": me})
    end = options[0] if len(options) == 1 else expect(decision, Move, "the move decision").to
    if end == start:
        return [F.Declined(rule=ctx.rule, text=f"{who} stays where {pronoun(s, me)} is.",
                           player=me)]
    other = s.players[ctx.opponent].space
    return [moved(s, cleared, "direct", end, abs(end - start), (start - other) * (end - other) < 0,
                  forced=len(options) == 1, rule=ctx.rule)]


def dreamscape_move(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return direct_move(ctx, decision, behind_opponent(ctx.s, ctx.owner),
                       f"behind {ctx.name(ctx.opponent)}", optional=True)


def printed_priority(s: DuelState, p: int) -> int:
    """The priority printed on p's Style and Base, before any bonus."""
    pair = known(s.players[p].pair, "the revealed pair")
    return sum(card(c).priority for c in (pair.style, pair.base)
               if c and c != SPECIAL_ACTION)


def current_priority(s: DuelState, p: int) -> int:
    return int(attack(s, p).priority)


def crimson_due(s: DuelState, p: int) -> bool:
    return first_round(s) and printed_priority(s, 1 - p) < current_priority(s, p)


def crimson_mark(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    s, p = ctx.s, ctx.owner
    return [CherriMarked(rule=ctx.rule, text=f"Crimson: {ctx.name(ctx.opponent)}'s printed "
                         f"priority {printed_priority(s, 1 - p)} is lower than "
                         f"{ctx.name(p)}'s {current_priority(s, p)}, so a Clash is triggered.", player=p,
                         mark=CRIMSON_MARK)]


def crimson_clash(s: DuelState, owner: int) -> bool:
    return marked(s, owner, CRIMSON_MARK) and first_round(s)


def mirage_status(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """The opponent's Style counts +0 priority: a status cancelling its printed value."""
    s, opp = ctx.s, ctx.opponent
    style = known(s.players[opp].pair, "the revealed pair").style
    printed = card(style).priority if style and style != SPECIAL_ACTION else 0
    if not printed:
        return []
    return [status(s, opp, "priority", -printed, f"Mirage: {card(known(style, 'a Style')).name} "
                   f"counts +0 priority instead of {printed:+d}", ctx.rule)]


def mirage_move(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    s = ctx.s
    them = s.players[ctx.opponent].space
    spaces = [x for x in direct_destinations(s, ctx.owner) if abs(x - them) == 3]
    where = f"at range 3 from {ctx.name(ctx.opponent)}"
    if not spaces and abs(s.players[ctx.owner].space - them) == 3:
        where = f"{where} other than her own (a direct move cannot end where it starts)"
    return direct_move(ctx, decision, spaces, where)


def blind_mark(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [CherriMarked(rule=ctx.rule, text="Blind: for the rest of the beat, attacks with "
                         f"priority 3 or less do not hit {ctx.name(ctx.owner)}.", player=ctx.owner,
                         mark=BLIND_MARK)]


def blind_dodge(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    if defender != owner or not marked(s, owner, BLIND_MARK):
        return ""
    pri = current_priority(s, attacker)
    return f"Blind: {name(s, attacker)}'s priority {pri} is 3 or less" if pri <= 3 else ""


def hit_this_beat(s: DuelState, p: int) -> bool:
    return s.players[p].this_beat.hits_taken > 0


DREAMSCAPE = Card("dreamscape", "Dreamscape", "style", power=-1, priority=1, fighter=FID,
                  effects=(Effect(BEFORE_ACTIVATING, (Custom(dreamscape_move),), "You may move "
                                  "directly to any space behind the opponent."),))
CRIMSON = Card("crimson", "Crimson", "style", range=(0, 1), power=-1, fighter=FID,
               hooks=FORCES_CLASH.on(crimson_clash), effects=(
    Effect(REVEAL, (Custom(crimson_mark),), "If the opponent's printed priority, before any "
           "bonus, is lower than yours, trigger a Clash.", condition=crimson_due,
           condition_text="a position to trigger a Clash"),))
CATATONIC = Card("catatonic", "Catatonic", "style", priority=-2, soak=1, stun_guard=3,
                 fighter=FID, effects=(
    Effect(END_OF_BEAT, (insight_effect("Catatonic: she was hit this beat"),), "If you were "
           "hit this beat and have no Insight token, gain one.", condition=hit_this_beat,
           condition_text="a beat in which she was hit"),))
MIRAGE = Card("mirage", "Mirage", "style", power=-1, fighter=FID, effects=(
    Effect(REVEAL, (Custom(mirage_status),), "The opponent's Style counts +0 priority this "
           "beat instead of its printed value."),
    Effect(AFTER_ACTIVATING, (Custom(mirage_move),), "Move directly to any space at range 3 "
           "from the opponent."),))
BLIND = Card("blind", "Blind", "style", range=(0, 1), priority=-1, fighter=FID,
             hooks=DODGE.on(blind_dodge), effects=(
    Effect(AFTER_ACTIVATING, (Custom(blind_mark),), "Opponents with priority 3 or less do "
           "not hit you this beat."),))


# --- Stare and the Finishers -----------------------------------------------------------------


def stare_x(s: DuelState, p: int) -> int:
    """X: the printed priority of the Base the opponent has in play now (0 with none)."""
    pair = s.players[1 - p].pair
    if pair is None or pair.finisher or not pair.base:
        return 0
    return card(pair.base).priority


def move_opponent_directly(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """The Watchers: Cherri moves the opponent directly to any free space."""
    s, opp = ctx.s, ctx.opponent
    lock = movement_lock(s, opp)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text=f"{ctx.name(opp)} cannot be moved as "
                                  f"{ctx.card.name} asks: {lock}.", player=opp, kind="direct")]
    spaces = direct_destinations(s, opp)
    ends = direct_ends(s, opp, spaces)
    cleared = question(ctx, opp, ends, decision)
    if not isinstance(cleared, Cleared):
        return cleared
    if len(spaces) > 1 and decision is None:
        return direct_need(s, ctx.owner, opp, spaces, f"Cherri's {ctx.card.name}: move "
                           f"{ctx.name(opp)} directly to which space?")
    chosen = next(e for e in ends if e.end == (spaces[0] if len(spaces) == 1 else expect(decision, Move, "the move decision").to))
    fact = moved(s, cleared, "direct", chosen.end, chosen.spaces, chosen.passed,
                 forced=len(spaces) == 1, rule=ctx.rule)
    who = ctx.name(opp)
    return [replace(fact, text=fact.text.replace(f"{who} moves directly",
                                                 f"Cherri moves {who} directly", 1))]


def watchers_forever(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if watching(ctx.s, ctx.owner):
        return []
    return [F.CounterSet(rule=ctx.rule, text="The Watchers: for the rest of the duel Cherri "
                         "regains her Insight token after every beat.", player=ctx.owner,
                         counter=WATCHERS, value=1)]


STARE = Card("stare", "Stare", "base", range=(1, 3), power=2, priority=0, fighter=FID,
             passives=(Passive("priority", stare_x, "X: the printed priority of the "
                               "opponent's Base."),),
             effects=(Effect(ON_HIT, (insight_effect("Stare hit"),), "Gain an Insight token "
                             "if you have none."),))
SOUL_GAZE = Card("soul-gaze", "Soul Gaze", "finisher", range=(3, 3), power=6, priority=9,
                 fighter=FID, effects=(
    Effect(ON_HIT, (StunOpponent(), insight_effect("Soul Gaze")), "The opponent is stunned "
           "and you gain an Insight token."),))
THE_WATCHERS = Card("the-watchers", "The Watchers", "finisher", range=(2, 4), power=3,
                    priority=5, fighter=FID, effects=(
    Effect(ON_HIT, (Teleport(), Custom(move_opponent_directly)), "Move directly to any "
           "space, then move the opponent directly to any space."),
    Effect(AFTER_ACTIVATING, (Custom(watchers_forever),), "For the rest of the duel, regain "
           "your Insight token after every beat."),))

CHERRI = register(Fighter(
    id=FID, name="Cherri Seneca", short="Cherri", pronoun="she",
    styles=(DREAMSCAPE, CRIMSON, CATATONIC, MIRAGE, BLIND), unique_base=STARE,
    finishers=(SOUL_GAZE, THE_WATCHERS),
    default_discards=(("dreamscape", "dash"), ("catatonic", "grasp")),
    ability=NIGHTMARISH_VISIONS, tokens=(INSIGHT,), token_names={INSIGHT: "Insight"},
    counters=(WATCHERS,), ante_options=ante_options,
))
