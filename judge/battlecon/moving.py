"""The one way a card's effect moves a fighter (issue 26, finding 4).

Exoskeletal, Rooted and Sturdy let a fighter *ignore a movement effect* (``hooks``,
``MAY_IGNORE_MOVEMENT``). That holds for every movement a card causes, so it is asked in
one place, not card by card: an effect that pushes, pulls, advances, retreats, moves,
moves directly or swaps a fighter first asks ``question`` (the mover answers a ``may``
when a hook lets her ignore it), which hands back a ``Cleared`` pass, and only ``moved``
(or ``swap_places``) turns a pass into the ``facts.Moved`` fact. No other module builds a
``Moved`` (tests/judge/test_blanket_movement.py sweeps the sources and every card's text).

- ``actions.Movement`` and ``actions.Teleport`` go through it, and with them every card that
  declares them; a fighter's own ``Custom`` movement calls ``question`` then ``moved``.
- A rearrangement of the standups (a Pulse, Planar Crossing) is ``rules.arrange``, asked
  under the ruling ``placing`` (``judge.battlecon.placing``), as is a swap here.
- A movement a passive makes while another fact applies (Mimic's, a ``MOVED`` hook) cannot
  wait for an answer: ``passive_pass``.

Under the rules stamp (``rulestamp.IGNORE_MOVEMENT``) every movement asks; a duel without
the stamp asks only where it asked before (``asked_before``), so it is judged as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from judge.battlecon import facts as F
from judge.battlecon import rulestamp
from judge.battlecon.agenda import Fx
from judge.battlecon.context import Ctx, Need
from judge.battlecon.decisions import Decision, May, Move, expect
from judge.battlecon.hooks import MAY_IGNORE_MOVEMENT, first_reason
from judge.battlecon.movement import End
from judge.battlecon.names import name, possessive, pronoun_object
from judge.battlecon.placing import placing_is_movement
from judge.battlecon.state import DuelState

KEPT: Final = "|kept"  # an fx item's group ends so once its mover declined to ignore the movement


@dataclass(frozen=True)
class Cleared:
    """A pass for one movement: ``mover`` was asked whether she ignores ``by``'s movement
    effect and declined, or no hook lets her. Only this module makes one."""

    mover: int
    by: int


def question(ctx: Ctx, mover: int, ends: list[End], decision: Decision | None,
             asked_before: bool = True) -> Cleared | list[F.Fact] | Need:
    """Ask ``mover`` whether she ignores this movement of ``ctx``'s effect, whose legal
    ends are ``ends`` (include her own space when she may stay by her own choice). The
    ``may`` Need, the facts of her answer, or a pass to move her. ``asked_before``: the
    effect asked in a duel without the rules stamp too (Movement, Teleport, ...); one that
    did not (Fusion) asks only under ``rulestamp.IGNORE_MOVEMENT``."""
    if asked_before or rulestamp.fixed(ctx.s, rulestamp.IGNORE_MOVEMENT):
        asked = _may_ignore(ctx, mover, ends, decision)
        if asked is not None:
            return asked
    return Cleared(mover, ctx.owner)


def _may_ignore(ctx: Ctx, mover: int, ends: list[End],
                decision: Decision | None) -> list[F.Fact] | Need | None:
    """A ``MAY_IGNORE_MOVEMENT`` hook (Exoskeletal, Rooted, Sturdy): the mover is asked first
    whether to ignore this movement, unless it may already stay put by its own choice;
    declined, the effect's item comes back marked as asked (``KEPT``). None: go on moving."""
    s = ctx.s
    start = s.players[mover].space
    head = s.agenda[0] if s.agenda else None
    if not isinstance(head, Fx) or head.group.endswith(KEPT) or \
            all(e.end == start for e in ends) or (mover == ctx.owner and any(
                e.end == start for e in ends)):
        return None
    why = first_reason(s, MAY_IGNORE_MOVEMENT, mover, ctx.owner)
    if not why:
        return None
    who, them = name(s, mover), pronoun_object(s, mover)
    what = f"{possessive(s, mover)} own {ctx.card.name}" if mover == ctx.owner else \
        f"{name(s, ctx.owner)}'s {ctx.card.name}"
    if decision is None:
        return Need("may", (mover,), [May(mover, a) for a in (False, True)],
                    about=f"{why}: {who} may ignore {what} ({ctx.effect.text}). Ignore it?")
    if expect(decision, May, "the may decision").accept:
        return [F.MovementIgnored(rule=ctx.rule, text=f"{who} ignores {what}'s movement "
                                  f"({why}).", player=mover, kind="ignored")]
    return [F.Declined(rule=ctx.rule, text=f"{who} lets {what} move {them}, though {why} would "
                       f"let {them} ignore it.", player=mover),
            F.EffectResumed(rule=ctx.rule, text="The movement goes on.",
                            item=replace(head, group=head.group + KEPT).to_list())]


def own_choice(ctx: Ctx) -> Cleared:
    """The pass for a movement of the effect's owner that she chose to make after a ``may``
    of the same effect (spend the Mirror to advance, swap with Juto): she could have stayed,
    so she is not asked again, as ``question`` asks no one who may stay by her own choice."""
    return Cleared(ctx.owner, ctx.owner)


def passive_pass(s: DuelState, mover: int, by: int) -> Cleared | str:
    """A pass for a movement a passive makes while another fact applies (Mimic's), which
    cannot wait for a ``may``; under the rules stamp, what lets the mover ignore it instead
    (she stays: ignoring is hers to choose, and there is no moment to ask her)."""
    if rulestamp.fixed(s, rulestamp.IGNORE_MOVEMENT):
        why = first_reason(s, MAY_IGNORE_MOVEMENT, mover, by)
        if why:
            return why
    return Cleared(mover, by)


VERBS: Final = {"advance": "advances", "retreat": "retreats", "move": "moves",
                "pull": "is pulled", "push": "is pushed", "move_opponent": "is moved",
                "direct": "moves directly"}  # how a Moved fact's sentence says its kind


def moved(s: DuelState, cleared: Cleared, kind: str, end: int, spaces: int, passed: bool,
          forced: bool = False, stopped_by: str = "", rule: str = "R17",
          stop_text: str = "", wrapped_by: str = "", ways: int = 1) -> F.Moved:
    """The Moved fact and its sentence. ``ways``: how many legal choices led to ``end``
    when it was the only space (a forced move says so only when there was one choice);
    a direct move passes through no space, so it never says "passing"."""
    mover, by = cleared.mover, cleared.by
    start = s.players[mover].space
    verb = VERBS[kind]
    how = "" if spaces == 1 else "s"
    text = f"{name(s, mover)} {verb} {spaces} space{how}, {start} → {end}"
    if kind == "direct":
        text = f"{name(s, mover)} moves directly from {start} to {end}"
    if wrapped_by:
        text += f", across the board's edge ({wrapped_by})"
    if passed and kind == "direct":
        text += f", to {name(s, 1 - mover)}'s other side"
    elif passed:
        text += f", passing {name(s, 1 - mover)}"
    if stopped_by and spaces == 0 and not stop_text.startswith("before "):
        text = f"{name(s, mover)} stays on space {start}, {stop_text}"  # a limit reached
    elif stopped_by and stop_text.startswith("before "):
        text += f", stopped {stop_text}"
    elif stopped_by:
        text += f", stopped on entering {stop_text or 'a stop'}"
    if forced and ways > 1:
        text += f" (every legal choice ends on space {end})"
    elif forced:
        text += " (the only legal option)"
    return F.Moved(rule=rule, text=text + ".", player=mover, by=by, kind=kind, start=start,
                   end=end, spaces=spaces, passed=passed, forced=forced, stopped_by=stopped_by)


def swap_question(ctx: Ctx, mover: int, decision: Decision | None) -> Cleared | list[F.Fact] | Need:
    """``question`` for a swap of places that moves ``mover`` (Soul Mirror): asked only under
    the ruling ``placing: movement`` (P1, ``judge.battlecon.placing``); under ``exempt`` a
    swap is never ignored, with the rules stamp or without."""
    if not placing_is_movement(ctx.s):
        return Cleared(mover, ctx.owner)
    a, b = ctx.s.players[ctx.owner].space, ctx.s.players[mover].space
    return question(ctx, mover, [End(a, abs(a - b), True)], decision)


def swap_places(s: DuelState, cleared: Cleared, swapped: type[F.Moved], rule: str,
                text: str) -> list[F.Fact]:
    """Two standups swap places, a direct move past each other (R17.13): ``cleared`` is the
    pass of the fighter moved by the other's effect; ``swapped`` (a ``Moved`` that also puts
    her on the mover's space) is the swapper's fact, her own ``Moved`` follows."""
    them, me = cleared.mover, cleared.by
    a, b = s.players[me].space, s.players[them].space
    spaces = abs(a - b)
    return [swapped(rule=rule, text=text, player=me, by=me, kind="direct", start=a, end=b,
                    spaces=spaces, passed=True),
            F.Moved(rule=rule, text=f"{name(s, them)} is now on space {a}.", player=them,
                    by=me, kind="direct", start=b, end=a, spaces=spaces, passed=True)]


def direct_need(s: DuelState, chooser: int, mover: int, spaces: list[int], about: str) -> Need:
    """The prompt of a direct move (R17.12) among ``spaces``: under the rules stamp
    (``rulestamp.MOVE_DIRECTLY``) a decision naming another space, the mover's own among
    them, is refused under R17.12 (never the mover's own: ``movement.direct_destinations``)."""
    rule = "R17.12" if rulestamp.fixed(s, rulestamp.MOVE_DIRECTLY) else ""
    return Need("move", (chooser,), [Move(chooser, x) for x in spaces], about=about,
                extra={"mover": mover},
                rule=rule)


def direct_ends(s: DuelState, mover: int, spaces: list[int]) -> list[End]:
    """The ends of a direct move to each of ``spaces``, for ``question`` (R17.12)."""
    start, other = s.players[mover].space, s.players[1 - mover].space
    return [End(x, abs(x - start), (start - other) * (x - other) < 0) for x in spaces]
