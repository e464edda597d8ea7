"""Regicide Heketch: Dark Force, one token he gets back when far from the opponent.

Anteing Dark Force moves him directly to a space next to the opponent at once (a prompt
when both sides are free) and gives +3 priority. Critical, Rasping, Assassin and Psycho
spend it (never while spending is forbidden: ``judge.battlecon.spending``); Merciless only
checks it.
At the end of each beat he regains it if he lacks it and the opponent is at range 3 or
more, or always once Living Nightmare has hit.

Counters (R19.4), each a beat number (``DuelState.seq``) or 0:
``pinned-from`` / ``pinned-until``: the beats in which the opponent cannot move
(Merciless: the rest of this beat; Assassin: the next beat);
``vanished``: the beat in which Merciless keeps attacks from hitting him;
``living-nightmare``: 1 once Living Nightmare has hit.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Ctx,
    Custom,
    Movement,
    Need,
    Retreat,
    StunOpponent,
    lose_life,
    may,
    name,
    status,
)
from judge.battlecon.agenda import Activate, Fx
from judge.battlecon.antes import bonus_when_anted
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    AFTER_RECYCLE,
    END_OF_BEAT,
    ON_DAMAGE,
    ON_HIT,
    START_OF_BEAT,
    Card,
    Effect,
)
from judge.battlecon.decisions import Ante, Decision, Move, expect
from judge.battlecon.fighters import Fighter, register
from judge.battlecon.hooks import (
    DODGE,
    IGNORES,
    MOVED,
    MOVEMENT_LOCK,
    PREVENTS_STUN,
    PRIORITY_TIE,
)
from judge.battlecon.movement import direct_destinations, movement_lock, obstacles
from judge.battlecon.moving import Cleared, direct_ends, direct_need, moved, question
from judge.battlecon.rulestamp import MOVE_DIRECTLY, fixed
from judge.battlecon.spending import declare
from judge.battlecon.spending import may_spend as may_spend_now
from judge.battlecon.state import BOARD, DuelState

FID = "heketch"
DARK_FORCE = "dark-force"
TELEPORT = "dark_force_ante"  # the ante's own timing: never a window; the ante queues it
ANTE_RULE = "dark-force: Ante"
PIN_FROM, PIN_UNTIL, VANISHED, NIGHTMARE = ("pinned-from", "pinned-until", "vanished",
                                            "living-nightmare")


@dataclass(frozen=True)
class HeketchDarkForceSpent(F.Fact):
    """Heketch spends his Dark Force token from his pool for a card's effect."""

    player: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.token_pool.remove(DARK_FORCE)
        p.token_discard.append(DARK_FORCE)


@dataclass(frozen=True)
class HeketchAttacksAgain(F.Fact):
    """Psycho: the attack is activated again, as a normal activation (R8)."""

    player: int

    def apply(self, s: DuelState) -> None:
        s.agenda.insert(0, Activate(self.player))


# Dark Force obeyed Naturalizing before the rules stamp, in every duel.
DARK_FORCE_SPEND = declare("dark-force", "Dark Force", checked_before=True)
for _spender in ("critical", "rasping", "assassin", "psycho"):
    declare(_spender, "Dark Force", checked_before=True)


def has_force(s: DuelState, p: int) -> bool:
    return DARK_FORCE in s.players[p].token_pool


def may_spend(s: DuelState, p: int) -> bool:
    return has_force(s, p) and may_spend_now(s, p, DARK_FORCE_SPEND)


def counter(s: DuelState, p: int, name: str) -> int:
    return s.players[p].counters.get(name, 0)


def set_counter(s: DuelState, p: int, name: str, value: int, rule: str, text: str) -> F.Fact:
    return F.CounterSet(rule=rule, text=text, player=p, counter=name, value=value)


# --- Dark Force: the ante, the teleport, the end of beat --------------------------------


def ante_options(s: DuelState, p: int) -> list[Decision]:
    if DARK_FORCE in s.players[p].this_beat.anted or not has_force(s, p):
        return []
    return [Ante(p, DARK_FORCE)]


def token_anted(s: DuelState, p: int, token: str) -> None:
    """+3 priority, and the teleport next to the opponent, done at once (in the Ante)."""
    bonus_when_anted(s, p, token)
    s.group_seq += 1
    s.agenda.insert(0, Fx(p, DARK_FORCE_CARD.effect_key(0), 0,
                          f"{s.seq}:{TELEPORT}:{p}:{s.group_seq}"))


def beside(s: DuelState, p: int) -> list[int]:
    """Spaces next to the opponent Heketch may move directly to: under the rules stamp
    (``rulestamp.MOVE_DIRECTLY``) the unoccupied ones, never his own, as for every direct
    move (R17.12, ``movement.direct_destinations``); before it, his own too if he is there."""
    them = s.players[1 - p].space
    if fixed(s, MOVE_DIRECTLY):
        return [x for x in direct_destinations(s, p) if abs(x - them) == 1]
    taken = obstacles(s, p)
    return [x for x in (them - 1, them + 1) if x in BOARD and x not in taken]


def teleport(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    s, p = ctx.s, ctx.owner
    lock = movement_lock(s, p)
    if lock:
        return [F.MovementIgnored(rule="R17.9", text="Heketch cannot move directly next to "
                                  f"{ctx.name(ctx.opponent)}: {lock}.", player=p, kind="direct")]
    spaces = beside(s, p)
    if not spaces:  # next to the opponent already, the far side taken or off the board
        return [F.MovementIgnored(rule="R17.12", text="Heketch has no unoccupied space next "
                                  f"to {ctx.name(ctx.opponent)} to move to directly (a direct "
                                  "move never ends where it starts): Dark Force's move is "
                                  "ignored.", player=p, kind="direct")]
    start, other = s.players[p].space, s.players[ctx.opponent].space
    cleared = question(ctx, p, direct_ends(s, p, spaces), decision, asked_before=False)
    if not isinstance(cleared, Cleared):
        return cleared
    if len(spaces) > 1 and decision is None:
        return direct_need(s, p, p, spaces, "Dark Force: move directly to which space next "
                           "to the opponent?")
    end = spaces[0] if len(spaces) == 1 else expect(decision, Move, "the move decision").to
    if end == start:
        return [F.Declined(rule=ANTE_RULE, text="Heketch stays where he is, already next to "
                           f"{ctx.name(ctx.opponent)}.", player=p)]
    return [moved(s, cleared, "direct", end, abs(end - start), (start - other) * (end - other) < 0,
                  forced=len(spaces) == 1, rule=ANTE_RULE)]


def regains(s: DuelState, p: int) -> bool:
    return not has_force(s, p) and (s.distance() >= 3 or counter(s, p, NIGHTMARE) == 1)


def regain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    why = "Living Nightmare" if counter(ctx.s, ctx.owner, NIGHTMARE) else \
        f"range {ctx.s.distance()}, 3 or more"
    return [F.TokenRecovered(rule=ctx.rule, text=f"Heketch regains his Dark Force token ({why}).",
                             player=ctx.owner, token=DARK_FORCE)]


def pinned(s: DuelState, owner: int, mover: int) -> str:
    """Merciless or Assassin: the opponent cannot move in the pinned beats."""
    if mover == owner or not counter(s, owner, PIN_FROM) <= s.seq <= counter(s, owner, PIN_UNTIL):
        return ""
    return f"Heketch has pinned {name(s, mover)} in place for this beat"


def vanished(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    if defender == owner and counter(s, owner, VANISHED) == s.seq:
        return "Merciless: with Dark Force in his pool, Heketch cannot be hit this beat"
    return ""


DARK_FORCE_CARD = Card("dark-force", "Dark Force", "ability", fighter=FID,
                       hooks=MOVEMENT_LOCK.on(pinned) | DODGE.on(vanished), effects=(
    Effect(TELEPORT, (Custom(teleport),), "Anted Dark Force: move directly next to the "
           "opponent."),
    Effect(AFTER_RECYCLE, (Custom(regain),), "Regain Dark Force if you lack it and the opponent "
           "is at range 3 or more.", condition=regains,
           condition_text="need of Dark Force at range 3 or more"),
))


# --- Styles ---------------------------------------------------------------------------


def merciless_passed(s: DuelState, owner: int, m: F.Moved) -> list[F.Fact]:
    """An opponent moving past Heketch loses 2 life and cannot move again this beat."""
    if m.player == owner or not m.passed:
        return []
    rule = "merciless: passive"
    return [lose_life(s, m.player, 2, rule),
            set_counter(s, owner, PIN_FROM, s.seq, rule, "Merciless: the opponent moved past "
                        "Heketch and cannot move again this beat."),
            set_counter(s, owner, PIN_UNTIL, s.seq, rule, "Merciless: the pin lasts until the "
                        "end of this beat.")]


def merciless_vanish(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if not has_force(ctx.s, ctx.owner):
        return []
    return [set_counter(ctx.s, ctx.owner, VANISHED, ctx.s.seq, ctx.rule, "Merciless: Heketch "
                        "keeps Dark Force in his pool, so attacks cannot hit him for the rest "
                        "of the beat.")]


def critical_ignores(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    return {"stun_guard": "Critical"} if attacker == owner else {}


def spend_for(ctx: Ctx, decision: Decision | None, gain: str) -> bool | Need:
    """At range 1, ask whether to spend Dark Force; False when he cannot."""
    if ctx.s.distance() != 1 or not may_spend(ctx.s, ctx.owner):
        return False
    return may(ctx, decision, f"{ctx.card.name}: spend Dark Force for {gain}?")


def offer_dark_force(ctx: Ctx, decision: Decision | None,
                     gain: str) -> list[F.Fact] | Need | None:
    """Ask whether to spend Dark Force for ``gain``; None when he spends it, else what to
    answer now: the question, his declining, or nothing when he could not spend it."""
    answer = spend_for(ctx, decision, gain)
    if isinstance(answer, Need):
        return answer
    if not answer:
        return [F.Declined(rule=ctx.rule, text="Heketch spends no Dark Force.", player=ctx.owner)
                ] if decision is not None else []
    return None


def spend_facts(ctx: Ctx, what: str) -> list[F.Fact]:
    return [HeketchDarkForceSpent(rule=ctx.rule, text=f"{ctx.card.name}: Heketch spends Dark "
                                  f"Force {what}.", player=ctx.owner)]


def power_spend(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    refused = offer_dark_force(ctx, decision, "+3 power")
    if refused is not None:
        return refused
    return spend_facts(ctx, "for +3 power") + [
        status(ctx.s, ctx.owner, "power", 3, ctx.card.name, ctx.rule)]


def rasping_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    me = ctx.s.players[ctx.owner]
    amount = (ctx.s.players[ctx.opponent].this_beat.damage_taken + 1) // 2
    actual = max(0, min(amount, 20 - me.life))
    return [F.LifeGained(rule=ctx.rule, text=f"Rasping: Heketch heals {amount} life, half the "
                         f"damage rounded up ({me.life} → {me.life + actual}).",
                         player=ctx.owner, amount=amount, actual=actual)]


def assassin_pin(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    refused = offer_dark_force(ctx, decision, "the opponent not moving next beat")
    if refused is not None:
        return refused
    nxt = ctx.s.seq + 1
    return spend_facts(ctx, "") + [
        set_counter(ctx.s, ctx.owner, PIN_FROM, nxt, ctx.rule, f"Assassin: {ctx.name(ctx.opponent)}"
                    " cannot move at all during the next beat."),
        set_counter(ctx.s, ctx.owner, PIN_UNTIL, nxt, ctx.rule, "Assassin: the pin lasts "
                    "through the next beat only.")]


def until_adjacent(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Psycho: advance until adjacent to the opponent (stopped early by a block, R17.16)."""
    gap = ctx.s.distance() - 1
    if gap <= 0:
        return []
    return Movement("advance", (gap,)).resolve(ctx, decision)


def psycho_again(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    refused = offer_dark_force(ctx, decision, "activating this attack again")
    if refused is not None:
        return refused
    return spend_facts(ctx, "to attack again") + [HeketchAttacksAgain(
        rule=ctx.rule, text="Psycho: Heketch activates this attack again.", player=ctx.owner)]


MERCILESS = Card("merciless", "Merciless", "style", range=(0, 1), power=-1, fighter=FID,
                 hooks=MOVED.on(merciless_passed), effects=(
    Effect(AFTER_ACTIVATING, (Custom(merciless_vanish),), "With Dark Force in your pool, "
           "attacks cannot hit you for the rest of the beat."),))
CRITICAL = Card("critical", "Critical", "style", power=-1, priority=1, fighter=FID,
                hooks=IGNORES.on(critical_ignores), effects=(
    Effect(ON_HIT, (Custom(power_spend),), "At range 1 you may spend Dark Force for +3 "
           "power."),))
RASPING = Card("rasping", "Rasping", "style", range=(0, 1), power=-1, priority=1, fighter=FID,
               effects=(
    Effect(ON_HIT, (Custom(power_spend),), "At range 1 you may spend Dark Force for +3 power."),
    Effect(ON_DAMAGE, (Custom(rasping_heal),), "Heal half the damage dealt, rounded up."),))
ASSASSIN = Card("assassin", "Assassin", "style", fighter=FID, effects=(
    Effect(ON_HIT, (Retreat(up_to=6),), "Retreat any number of spaces."),
    Effect(ON_DAMAGE, (Custom(assassin_pin),), "At range 1 you may spend Dark Force: the "
           "opponent cannot move during the next beat."),))
PSYCHO = Card("psycho", "Psycho", "style", priority=1, fighter=FID, effects=(
    Effect(START_OF_BEAT, (Custom(until_adjacent),), "Advance until adjacent to the opponent."),
    Effect(END_OF_BEAT, (Custom(psycho_again),), "At range 1 you may spend Dark Force to "
           "activate this attack again."),))


# --- Knives and the Finishers ----------------------------------------------------------


def knives_no_stun(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    return "Knives does not stun at range 1" if attacker == owner and s.distance() == 1 else ""


def knives_tie(s: DuelState, owner: int) -> bool:
    return True


def million_advance(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Advance 1; if he moved and is still not adjacent, the attack repeats."""
    out = Movement("advance", (1,)).resolve(ctx, decision)
    if isinstance(out, Need):
        return out
    went = any(isinstance(f, F.Moved) and f.spaces > 0 for f in out)
    end = next((f.end for f in out if isinstance(f, F.Moved)), ctx.s.players[ctx.owner].space)
    if went and abs(end - ctx.s.players[ctx.opponent].space) > 1:
        out = out + [F.AttackRepeated(rule=ctx.rule, text="Million Knives: Heketch moved and is "
                                      "still not adjacent, so the attack repeats.",
                                      player=ctx.owner)]
    return out


def nightmare_forever(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if counter(ctx.s, ctx.owner, NIGHTMARE):
        return []
    return [set_counter(ctx.s, ctx.owner, NIGHTMARE, 1, ctx.rule, "Living Nightmare: for the "
                        "rest of the duel Heketch regains Dark Force at every end of beat.")]


KNIVES = Card("knives", "Knives", "base", range=(1, 2), power=4, priority=5, fighter=FID,
              hooks=PREVENTS_STUN.on(knives_no_stun) | PRIORITY_TIE.on(knives_tie))
MILLION_KNIVES = Card("million-knives", "Million Knives", "finisher", range=(1, 4), power=3,
                      priority=7, fighter=FID, effects=(
    Effect(ON_HIT, (Custom(million_advance),), "Advance 1 space; if you moved and are still "
           "not adjacent, repeat this attack."),))
LIVING_NIGHTMARE = Card("living-nightmare", "Living Nightmare", "finisher", range=(1, 1),
                        power=3, priority=2, fighter=FID, effects=(
    Effect(ON_HIT, (StunOpponent(), Custom(nightmare_forever)), "The opponent is stunned; for "
           "the rest of the duel regain Dark Force at every end of beat."),))

HEKETCH = register(Fighter(
    id=FID, name="Regicide Heketch", short="Heketch", pronoun="he",
    styles=(MERCILESS, CRITICAL, RASPING, ASSASSIN, PSYCHO), unique_base=KNIVES,
    finishers=(MILLION_KNIVES, LIVING_NIGHTMARE),
    default_discards=(("merciless", "dash"), ("rasping", "grasp")), ability=DARK_FORCE_CARD,
    tokens=(DARK_FORCE,), token_bonus={DARK_FORCE: ("priority", 3)},
    token_names={DARK_FORCE: "Dark Force"}, counters=(PIN_FROM, PIN_UNTIL, VANISHED, NIGHTMARE),
    ante_options=ante_options, token_anted=token_anted,
))
