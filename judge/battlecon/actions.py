"""The shared vocabulary of card effects: small named actions (fireplace-style).

An action resolves against a context (the state, the effect's owner, its card)
and either returns the facts that follow or a ``Need``: the decision it waits
for. With fewer than two legal options it resolves by itself (R18.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from judge.battlecon import facts as F
from judge.battlecon import moving  # the choke point of movement: its names stay there
from judge.battlecon.along import lead
from judge.battlecon.context import Ctx, Need
from judge.battlecon.decisions import Decision, May, Pick, expect
from judge.battlecon.decisions import Move as MoveTo  # actions.Move is the movement action
from judge.battlecon.hooks import ON_STUNNED
from judge.battlecon.movement import (
    destinations,
    direct_destinations,
    movement_limits,
    movement_lock,
    toward,
)
from judge.battlecon.names import name, pronoun
from judge.battlecon.names import possessive as possessive
from judge.battlecon.names import pronoun_object as pronoun_object
from judge.battlecon.negation import follows
from judge.battlecon.state import START_LIFE, DuelState
from judge.battlecon.stats import attack

# ``Ctx``, ``Need`` and the names in words are part of the vocabulary a fighter's module
# imports from here (re-exported); they stand lower (``context``, ``names``) so the rules
# below the actions can use them too.


class Action:
    """One step of an effect: facts now, or a Need when a player must choose.

    A plain base, not an ``ABC``: mypyc (``scripts/compile.sh``) cannot build a frozen
    dataclass on an ABC, so a subclass without ``resolve`` fails when asked, as a ``Fact``
    without ``apply`` does."""

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        """The facts that follow (with ``decision`` once one was asked for), or a Need."""
        raise TypeError(f"{type(self).__name__} does not define resolve()")


SPAN: Final = tuple(range(0, 7))


@dataclass(frozen=True)
class Movement(Action):
    """Advance, Retreat, Move, Pull, Push, or move the opponent (R17.2)."""

    kind: str  # advance | retreat | move | pull | push | move_opponent
    amounts: tuple[int, ...]
    ignores_stops: bool = False  # movement stops (the Gate Trap) do not end it
    not_past_owner: bool = False

    @property
    def mover_is_owner(self) -> bool:
        return self.kind in ("advance", "retreat", "move")

    def directions(self, s: DuelState, mover: int) -> tuple[int, ...]:
        t = toward(s, mover)
        return {"advance": (t,), "retreat": (-t,), "pull": (t,), "push": (-t,)}.get(
            self.kind, (-1, 1))

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        s, owner = ctx.s, ctx.owner
        mover = owner if self.mover_is_owner else ctx.opponent
        lock = movement_lock(s, mover)
        if lock:
            return [F.MovementIgnored(rule="R17.9", text=f"{ctx.name(mover)} cannot "
                                      f"{self.verb()} as {ctx.card.name} asks: {lock}.",
                                      player=mover, kind=self.kind)]
        ends = destinations(s, mover, self.directions(s, mover), self.amounts,
                            ignores_stops=self.ignores_stops,
                            not_past=owner if self.not_past_owner else None,
                            own=self.mover_is_owner, along=True)
        if not ends:
            limits = movement_limits(s, mover)
            limit = limits.get("retreat") if self.kind in ("retreat", "move") else None
            if limit is None and self.kind in ("advance", "move"):
                limit = limits.get("advance")
            why = limit[1] if limit else "no legal option"
            return [F.MovementIgnored(
                rule="R17.9", text=f"{ctx.name(mover)} cannot {self.verb()} as {ctx.card.name} "
                f"asks: {why}, so the movement is ignored.", player=mover, kind=self.kind)]
        cleared = moving.question(ctx, mover, ends, decision)
        if not isinstance(cleared, moving.Cleared):
            return cleared
        if len(ends) > 1 and decision is None:
            return Need("move", (owner,), [MoveTo(owner, e.end) for e in ends],
                        about=f"{ctx.name(owner)}'s {ctx.card.name}: {ctx.effect.text}",
                        extra={"mover": mover})
        chosen = ends[0] if len(ends) == 1 else next(
            e for e in ends if e.end == expect(decision, MoveTo, "the move decision").to)
        return [*lead(s, mover, chosen),  # a standup moving along goes first (Mimic's)
                moving.moved(s, cleared, self.kind, chosen.end, chosen.spaces, chosen.passed,
                             forced=len(ends) == 1, stopped_by=chosen.stopped_by,
                             rule=ctx.rule, stop_text=chosen.stop_text,
                             wrapped_by=chosen.wrapped_by, ways=chosen.ways)]

    def verb(self) -> str:
        return {"move_opponent": "move the opponent"}.get(self.kind, self.kind)


def Advance(*amounts: int, up_to: int | None = None, at_least: int | None = None) -> Movement:
    return Movement("advance", _amounts(amounts, up_to, at_least))


def Retreat(*amounts: int, up_to: int | None = None) -> Movement:
    return Movement("retreat", _amounts(amounts, up_to, None))


def Move(*amounts: int, up_to: int | None = None) -> Movement:
    return Movement("move", _amounts(amounts, up_to, None))


def Pull(*amounts: int, up_to: int | None = None, **kw: Any) -> Movement:
    return Movement("pull", _amounts(amounts, up_to, None), **kw)


def MoveOpponent(*amounts: int) -> Movement:
    return Movement("move_opponent", tuple(amounts))


def _amounts(amounts: tuple[int, ...], up_to: int | None, at_least: int | None) -> tuple[int, ...]:
    if up_to is not None:
        return tuple(range(0, up_to + 1))
    if at_least is not None:
        return tuple(range(at_least, 7))
    return tuple(amounts)


@dataclass(frozen=True)
class Teleport(Action):
    """Move directly to any unoccupied space (R17.12)."""

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        lock = movement_lock(ctx.s, ctx.owner)
        if lock:
            return [F.MovementIgnored(rule="R17.9", text=f"{ctx.name(ctx.owner)} cannot move "
                                      f"as {ctx.card.name} asks: {lock}.", player=ctx.owner,
                                      kind="direct")]
        spaces = direct_destinations(ctx.s, ctx.owner)
        if not spaces:  # a limit (Judgment: not past the opponent) leaves no space
            return [F.MovementIgnored(rule="R17.12b", text=f"{ctx.name(ctx.owner)} has no "
                                      "space to move to directly that the rules allow, so "
                                      "the movement is ignored.", player=ctx.owner,
                                      kind="direct")]
        start = ctx.s.players[ctx.owner].space
        other = ctx.s.players[ctx.opponent].space
        cleared = moving.question(ctx, ctx.owner,
                                  moving.direct_ends(ctx.s, ctx.owner, spaces),
                                  decision)  # Rooted: her own movement too
        if not isinstance(cleared, moving.Cleared):
            return cleared
        if decision is None and len(spaces) > 1:
            return moving.direct_need(ctx.s, ctx.owner, ctx.owner, spaces,
                                      f"{ctx.name(ctx.owner)}'s {ctx.card.name}: "
                                      f"{ctx.effect.text}")
        end = spaces[0] if len(spaces) == 1 else expect(decision, MoveTo, "the move decision").to
        passed = (start - other) * (end - other) < 0
        return [moving.moved(ctx.s, cleared, "direct", end, abs(end - start), passed,
                             forced=len(spaces) == 1, rule=ctx.rule)]


@dataclass(frozen=True)
class Status(Action):
    """A status effect: +/- a stat for the rest of this beat, or during the next (R18.9)."""

    stat: str
    amount: Any
    target: str = "self"
    next_beat: bool = False

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        who = ctx.owner if self.target == "self" else ctx.opponent
        return [status(ctx.s, who, self.stat, self.amount, ctx.card.name, ctx.rule,
                       next_beat=self.next_beat)]


def status(s: DuelState, who: int, stat: str, amount: Any, source: str, rule: str,
           next_beat: bool = False) -> F.StatusGained:
    beat = s.seq + 1 if next_beat else s.seq
    sign = amount if isinstance(amount, tuple) else f"{amount:+d}"
    if isinstance(amount, tuple):
        sign = f"{amount[0]:+d}~{amount[1]:+d}"
    label = stat.replace("_", " ")
    when = "during the next beat" if next_beat else "this beat"
    return F.StatusGained(rule=rule, text=f"{name(s, who)} has {sign} {label} {when} ({source}).",
                          player=who, stat=stat, amount=list(amount) if isinstance(
                              amount, tuple) else amount,  # a fact holds plain JSON
                          source=source, beat=beat, until=beat)


@dataclass(frozen=True)
class StunOpponent(Action):
    """Auto-stun: ignores Soak and Stun Guard, not Stun Immunity (R16.8)."""

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        return stun(ctx.s, ctx.opponent, ctx.card.name, ctx.rule)


def stun(s: DuelState, who: int, source: str, rule: str) -> list[F.Fact]:
    if attack(s, who).stun_immunity:
        return [F.StunPrevented(rule="R16.10", text=f"{source} would stun {name(s, who)}, but "
                                f"{pronoun(s, who)} has Stun Immunity.", player=who)]
    out: list[F.Fact] = [F.Stunned(rule=rule, text=f"{name(s, who)} is stunned by {source}, "
                                   f"whatever {pronoun(s, who)} has of Soak or Stun Guard "
                                   "(R16.8).", player=who)]
    if not s.players[who].this_beat.stunned:  # a new stun: what follows it (ON_STUNNED)
        out += follows(s, ON_STUNNED, who)
    return out


@dataclass(frozen=True)
class LoseLife(Action):
    amount: int
    target: str = "self"

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        who = ctx.owner if self.target == "self" else ctx.opponent
        return [lose_life(ctx.s, who, self.amount, ctx.rule)]


def lose_life(s: DuelState, who: int, amount: int, rule: str) -> F.LifeLost:
    """Life loss stops at 1 life and still counts in full (R14.4, R14.5)."""
    life = s.players[who].life
    actual = max(0, min(amount, life - 1))
    text = f"{name(s, who)} loses {amount} life ({life} → {life - actual})"
    if actual < amount:
        text += "; life loss never takes a fighter below 1 (R14.4)"
    return F.LifeLost(rule=rule, text=text + ".", player=who, amount=amount, actual=actual)


def heal(s: DuelState, p: int, amount: int, rule: str, source: str) -> F.LifeGained:
    """Life gained never lifts a fighter above the starting 20 (R14.8)."""
    life = s.players[p].life
    actual = max(0, min(amount, START_LIFE - life))
    text = f"{name(s, p)} heals {amount} life ({source}): {life} → {life + actual}"
    if actual < amount:
        text += "; life never rises above 20 (R14.8)"
    return F.LifeGained(rule=rule, text=text + ".", player=p, amount=amount, actual=actual)


@dataclass(frozen=True)
class Custom(Action):
    """A unique behaviour: a small named function beside its fighter."""

    fn: Callable[[Ctx, Decision | None], list[F.Fact] | Need]

    def resolve(self, ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        return self.fn(ctx, decision)


def may(ctx: Ctx, decision: Decision | None, about: str) -> bool | Need:
    """Ask the owner a yes/no question; True/False once answered."""
    if decision is None:
        return Need("may", (ctx.owner,), [May(ctx.owner, a) for a in (False, True)],
                    about=about)
    return expect(decision, May, "the may decision").accept


def pick(ctx: Ctx, decision: Decision | None, options: list[str], about: str) -> str | Need | None:
    """Ask the owner to pick one named option; None when there is nothing to pick."""
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    if decision is None:
        return Need("pick", (ctx.owner,), [Pick(ctx.owner, o) for o in sorted(options)],
                    about=about)
    return expect(decision, Pick, "the pick").option
