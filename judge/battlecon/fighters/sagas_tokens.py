"""Sagas's Mirror token as any other token (Shadow Mirror: "Sagas may treat a Mirror Token
as any other kind of Token to fulfill card effects"), the ruling ``mirror-token``.

A copy of a card (Echo, Staff, a card Assimilate took) drops the effects that spend the
copied fighter's own tokens as name-bound (``sagas.NAME_BOUND``). Under ``mirror-token:
any`` each copied effect that spends a named token for a gain comes back, appended to the
copy (so the copy's other effect keys stay as records name them), gated on the ruling and
on his Mirror being in his pool and spendable (so it is asked only when legal): he may
spend the Mirror in place of one such token (a ``may``). "Any number of" tokens is one
with a single Mirror; an effect that needs two (Memento) is never offered.

Not judged yet (still dropped as name-bound): Geomantic's extra Elemental token (which
element the Mirror stands for), Assassin's pin and Merciless's dodge (Heketch's counters),
Pactbond's named Dark Pact.

A record that names no reading reads ``own``: copied token effects stay dropped, as every
record written before this ruling was judged; the new-duel page and the playouts name
``any``.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.battlecon import facts as F
from judge.battlecon.actions import Ctx, Custom, Need, may, status
from judge.battlecon.along import lead
from judge.battlecon.cards import (
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    ON_BEING_HIT,
    ON_HIT,
    START_OF_BEAT,
    Effect,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.fighters import sagas
from judge.battlecon.fighters.sagas import SagasAttacksAgain, SagasMirrorSpent, may_spend
from judge.battlecon.movement import destinations, movement_lock, toward
from judge.battlecon.moving import moved, own_choice
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import DuelState

RULING = "mirror-token"
ANY = "any"
OWN = "own"
Gain = Callable[[Ctx], list[F.Fact]]


def mirror_as_any_token(s: DuelState) -> bool:
    """Whether his Mirror may stand in for a copied effect's token (the ruling)."""
    return reading_in(s.options, RULING) == ANY


def _may_spend(s: DuelState, p: int) -> bool:
    return mirror_as_any_token(s) and may_spend(s, p)


def _at_range_1(s: DuelState, p: int) -> bool:
    return _may_spend(s, p) and s.distance() == 1


def _can_advance(s: DuelState, p: int) -> bool:
    return _may_spend(s, p) and not movement_lock(s, p) and bool(_advance_ends(s, p))


def _advance_ends(s: DuelState, p: int) -> list:
    return destinations(s, p, (toward(s, p),), (1,), not_past=1 - p, along=True)


def stand_in(token: str, what: str, gain: Gain) -> Custom:
    """May spend the Mirror as one ``token`` for ``what`` (the copied effect's gain)."""
    def resolve(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        answer = may(ctx, decision, f"{ctx.card.name}: spend the Mirror token as {token} "
                     f"{what}?")
        if isinstance(answer, Need):
            return answer
        if not answer:
            return [F.Declined(rule=ctx.rule, text="Sagas keeps his Mirror token.",
                               player=ctx.owner)]
        return [SagasMirrorSpent(rule=ctx.rule, text=f"{ctx.card.name}: Sagas spends his "
                                 f"Mirror token as {token} {what}.", player=ctx.owner),
                *gain(ctx)]
    return Custom(resolve)


def _power(amount: int) -> Gain:
    return lambda ctx: [status(ctx.s, ctx.owner, "power", amount, ctx.card.name, ctx.rule)]


def _soak(ctx: Ctx) -> list[F.Fact]:
    return [status(ctx.s, ctx.owner, "soak", 1, ctx.card.name, ctx.rule)]


def _gunner_range(ctx: Ctx) -> list[F.Fact]:
    """Range +1~5 instead of +2~4: one less at the near end, one more at the far end."""
    return [status(ctx.s, ctx.owner, "range", (-1, 1), ctx.card.name, ctx.rule)]


def _advance_1(ctx: Ctx) -> list[F.Fact]:
    end = _advance_ends(ctx.s, ctx.owner)[0]  # after "spend the Mirror?": his own choice
    return [*lead(ctx.s, ctx.owner, end),
            moved(ctx.s, own_choice(ctx), "advance", end.end, end.spaces, end.passed,
                  stopped_by=end.stopped_by, rule=ctx.rule, stop_text=end.stop_text)]


def _again(ctx: Ctx) -> list[F.Fact]:
    return [SagasAttacksAgain(rule=ctx.rule, text=f"{ctx.card.name}: Sagas activates this "
                              "attack again.", player=ctx.owner)]


DARK_FORCE, CRESCENDO, TIME, AMMO = ("a Dark Force token", "a Crescendo token",
                                     "a Time token", "an Ammo token")

# By copied card: the effects his Mirror brings back, appended to the copy. Memento's two
# Time tokens are never paid by one Mirror, so it has none.
STANDS_IN: dict[str, tuple[Effect, ...]] = {
    "critical": (Effect(ON_HIT, (stand_in(DARK_FORCE, "for +3 power", _power(3)),),
                        "At range 1 you may spend the Mirror token (as Dark Force) for +3 "
                        "power.", condition=_at_range_1),),
    "rasping": (Effect(ON_HIT, (stand_in(DARK_FORCE, "for +3 power", _power(3)),),
                       "At range 1 you may spend the Mirror token (as Dark Force) for +3 "
                       "power.", condition=_at_range_1),),
    "psycho": (Effect(END_OF_BEAT, (stand_in(DARK_FORCE, "to activate this attack again",
                                             _again),),
                      "At range 1 you may spend the Mirror token (as Dark Force) to activate "
                      "this attack again.", condition=_at_range_1),),
    "deathblow": (Effect(ON_HIT, (stand_in(CRESCENDO, "for +2 power", _power(2)),),
                         "You may spend the Mirror token (as a Crescendo token) for +2 power.",
                         condition=_may_spend),),
    "chrono": (Effect(START_OF_BEAT, (stand_in(TIME, "to advance 1 space", _advance_1),),
                      "You may spend the Mirror token (as a Time token) to advance 1 space, "
                      "not past the opponent.", condition=_can_advance),),
    "eternal": (Effect(ON_BEING_HIT, (stand_in(TIME, "for +1 Soak", _soak),),
                       "You may discard the Mirror token (as a Time token) for +1 Soak.",
                       condition=_may_spend),),
    "crossfire": (Effect(ON_HIT, (stand_in(AMMO, "for +2 power", _power(2)),),
                         "You may discard the Mirror token (as an Ammo token) for +2 power.",
                         condition=_may_spend),),
    "gunner": (Effect(BEFORE_ACTIVATING, (stand_in(AMMO, "for range +1~5 instead of +2~4",
                                                   _gunner_range),),
                      "You may discard the Mirror token (as an Ammo token) for range +1~5 "
                      "instead of +2~4.", condition=_may_spend),),
}

sagas.STANDS_IN.update(STANDS_IN)  # Sagas's copies append them (``sagas.copy_card``)
