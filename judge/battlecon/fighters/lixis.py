"""Lixis Ran Kanda: Withering Touch, every hit costs the opponent a Base from hand.

The opponent picks the Base (a prompt); it goes with this beat's attack pair into discard 1
at Recycle and cycles normally (R18.14), held meanwhile in ``Pair.extra``.

Counters (R19.4): ``miasma`` 1 once Virulent Miasma has hit; ``virus-style`` and
``virus-base`` the Style and Base Life Virus named, as their position (from 1) in the
opponent's kit (``Fighter.styles`` and ``Fighter.bases()``), 0 before it hits.

Naturalizing "cancels the effects of every counter, token and card the opponent anted":
anted tokens lose their bonus (``LixisAntesCancelled``, at the Reveal; under rules-2 it
also records the cancellation that every ante-driven effect asks, ``ante_cancel``), and a
suppression
(``anted_cancelled``) cancels the cards: an anted Finisher's effects (its printed numbers
stay), and every anted card in play (Hepzibah's Dark Pacts) in full, stats and hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judge.battlecon import ante_cancel
from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Advance,
    Ctx,
    Custom,
    Need,
    Pull,
    Status,
    lose_life,
    status,
)
from judge.battlecon.cards import BEFORE_ACTIVATING, ON_HIT, REVEAL, Card, Effect
from judge.battlecon.decisions import Decision, Pick, expect
from judge.battlecon.fighters import Fighter, card, fighter, register
from judge.battlecon.hooks import (
    FORBIDS_SPENDING,
    MAY_IGNORE_MOVEMENT,
    MOVEMENT_BLOCKS,
    STAT_CAP,
    SUPPRESSES,
)
from judge.battlecon.state import BOARD, DuelState

FID = "lixis"
MIASMA, VIRUS_STYLE, VIRUS_BASE = "miasma", "virus-style", "virus-base"


@dataclass(frozen=True)
class LixisBaseWithered(F.Fact):
    """A Base leaves the player's hand to go with their attack pair (R18.14)."""

    player: int
    card: str

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.hand.remove(self.card)
        if p.pair is not None:
            p.pair.extra.append(self.card)
        else:
            p.discard_1.append(self.card)


@dataclass(frozen=True)
class LixisAntesCancelled(F.Fact):
    """Naturalizing: what the player anted is cancelled this beat: the bonus of each anted
    token, an ante's Stun Immunity; ``tokens`` also names the anted cards in play (Dark
    Pacts), which Naturalizing's suppression cancels."""

    player: int
    tokens: list

    def apply(self, s: DuelState) -> None:
        beat = s.players[self.player].this_beat
        beat.bonus_tokens = [t for t in beat.bonus_tokens if t not in self.tokens]
        beat.stun_immune = False
        ante_cancel.cancel(s, self.player)  # rules-2: every effect of the ante, too


# --- Withering Touch and Pruning -------------------------------------------------------


def discard_base(ctx: Ctx, decision: Decision | None, why: str) -> list[F.Fact] | Need:
    """The opponent picks a Base from hand; it goes with their attack pair."""
    them = ctx.opponent
    bases = sorted(c for c in ctx.s.players[them].hand if card(c).kind == "base")
    if not bases:
        return [F.Declined(rule=ctx.rule, text=f"{why}: {ctx.name(them)} has no Base in hand to "
                           "discard.", player=them)]
    if len(bases) > 1 and decision is None:
        return Need("pick", (them,), [Pick(them, b)
                                      for b in bases],
                    about=f"{why}: discard which Base from your hand?")
    chosen = bases[0] if len(bases) == 1 else expect(decision, Pick, "the pick").option
    return [LixisBaseWithered(rule=ctx.rule, text=f"{why}: {ctx.name(them)} discards "
                              f"{card(chosen).name}, which goes with this beat's attack pair.",
                              player=them, card=chosen)]


def withering(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return discard_base(ctx, decision, "Withering Touch")


def pruning_discard(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    return discard_base(ctx, decision, "Pruning")


def pruning_bonus(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    them = ctx.s.players[ctx.opponent]
    n = sum(1 for c in them.discard_1 + them.discard_2 if card(c).kind == "base")
    if not n:
        return []
    return [status(ctx.s, ctx.owner, "power", n, "Pruning", ctx.rule),
            status(ctx.s, ctx.owner, "priority", n, "Pruning", ctx.rule)]


# --- Naturalizing -----------------------------------------------------------------------


# Cards that are in play only because they were anted this beat, and leave play when
# their owner recycles: Hepzibah's Dark Pacts (R5, her ability).
ANTED_IN_PLAY = ("pact",)


def anted_cards(s: DuelState, p: int) -> list[str]:
    """The cards player p anted this beat that are in play (Dark Pacts)."""
    return [c for c in s.players[p].in_play if card(c).kind in ANTED_IN_PLAY]


def naturalizing_cancel(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """The anted tokens lose their bonus (the fact); the anted cards in play are cancelled
    by the suppression (``anted_cancelled``), which this names."""
    them = ctx.s.players[ctx.opponent]
    anted, cards = list(them.this_beat.anted), anted_cards(ctx.s, ctx.opponent)
    if not anted and not cards:
        return []
    kit = fighter(them.fighter)
    names = ", ".join([kit.token_name(t) for t in anted] + [card(c).name for c in cards])
    return [LixisAntesCancelled(rule=ctx.rule, text=f"Naturalizing cancels what "
                                f"{ctx.name(ctx.opponent)} anted ({names}) this beat.",
                                player=ctx.opponent, tokens=anted + cards)]


def anted_cancelled(s: DuelState, owner: int, p: int, c: Card, timing: str | None) -> bool:
    """Naturalizing cancels the effects of every card the opponent anted: an anted Finisher
    (R21.2) still attacks with its printed numbers, but none of its effects applies; an
    anted card in play (a Dark Pact) applies nothing at all, stats (Immortality's Soak)
    and hooks (Corruption) included."""
    them = s.players[p]
    if p == owner:
        return False
    if c.kind in ANTED_IN_PLAY:
        return c.id in them.in_play
    return (timing is not None and them.this_beat.ante_finisher
            and c.kind == "finisher" and c.id == them.finisher)


def no_spending(s: DuelState, owner: int, spender: int) -> str:
    return "Naturalizing: no player may spend tokens or counters this beat"


def printed_cap(s: DuelState, owner: int, p: int) -> str:
    return "Naturalizing cap" if p != owner else ""


# --- Lance ------------------------------------------------------------------------------


def lance_blocks(s: DuelState, owner: int, mover: int) -> dict[int, str]:
    """Opponents may not enter or pass the spaces next to Lixis; leaving them is free."""
    if mover == owner:
        return {}
    me = s.players[owner].space
    return {x: "before the spaces next to Lixis (Lance)" for x in (me - 1, me + 1) if x in BOARD}


# --- Finishers and what they leave in force ---------------------------------------------


def miasma_on(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if ctx.s.players[ctx.owner].counters.get(MIASMA):
        return []
    return [F.CounterSet(rule=ctx.rule, text="Virulent Miasma: for the rest of the duel "
                         f"{ctx.name(ctx.opponent)} loses 2 life in every Ante step.",
                         player=ctx.owner, counter=MIASMA, value=1)]


def miasma_ante(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    them = ctx.opponent
    rule = "virulent-miasma: Ante"
    if ctx.s.players[them].life == 1:
        return [status(ctx.s, them, "priority", -3, "Virulent Miasma", rule)]
    return [lose_life(ctx.s, them, 2, rule)]


def kit_list(s: DuelState, p: int, kind: str) -> list[str]:
    kit = fighter(s.players[p].fighter)
    return [c.id for c in (kit.styles if kind == "style" else kit.bases())]


def virus_name(kind: str, counter: str) -> Callable[[Ctx, Decision | None], list[F.Fact] | Need]:
    """Life Virus: Lixis names one of the opponent's Styles (or Bases)."""

    def name_card(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
        options = kit_list(ctx.s, ctx.opponent, kind)
        if decision is None:
            return Need("pick", (ctx.owner,), [Pick(ctx.owner, o) for o in sorted(options)],
                        about=f"Life Virus: name one of the opponent's {kind.title()}s.")
        chosen = expect(decision, Pick, "the pick").option
        return [F.CounterSet(rule=ctx.rule, text=f"Life Virus names {card(chosen).name}: "
                             f"revealing it costs {ctx.name(ctx.opponent)} 3 life.",
                             player=ctx.owner, counter=counter, value=options.index(chosen) + 1)]
    return name_card


def named(s: DuelState, p: int) -> list[str]:
    """The cards Life Virus named, by id."""
    me = s.players[p].counters
    out = []
    for kind, counter in (("style", VIRUS_STYLE), ("base", VIRUS_BASE)):
        if me.get(counter):
            out.append(kit_list(s, 1 - p, kind)[me[counter] - 1])
    return out


def virus_reveal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    pair = ctx.s.players[ctx.opponent].pair
    shown = [c for c in named(ctx.s, ctx.owner) if pair is not None and not pair.finisher
             and c in (pair.style, pair.base)]
    if not shown:
        return []
    return [lose_life(ctx.s, ctx.opponent, 3 * len(shown), "life-virus: Reveal")]


WITHERING_TOUCH = Card("withering-touch", "Withering Touch", "ability", fighter=FID, effects=(
    Effect("ante", (Custom(miasma_ante),), "Virulent Miasma: the opponent loses 2 life, or at 1 "
           "life has -3 priority.", condition=lambda s, p: bool(s.players[p].counters.get(MIASMA)),
           condition_text="Virulent Miasma's grip"),
    Effect(REVEAL, (Custom(virus_reveal),), "Life Virus: a named card revealed costs 3 life.",
           condition=lambda s, p: bool(named(s, p)), condition_text="Life Virus's grip"),
    Effect(ON_HIT, (Custom(withering),), "The opponent discards a Base from hand with this "
           "attack pair."),
))
PRUNING = Card("pruning", "Pruning", "style", range=(0, 1), power=-1, priority=-2, fighter=FID,
               effects=(
    Effect(REVEAL, (Custom(pruning_bonus),), "+1 power and +1 priority per Base in the "
           "opponent's discard piles."),
    Effect(ON_HIT, (Custom(pruning_discard),), "The opponent discards one more Base with this "
           "attack pair."),))
VENOMOUS = Card("venomous", "Venomous", "style", power=1, stun_guard=2, fighter=FID, effects=(
    Effect(BEFORE_ACTIVATING, (Advance(up_to=1),), "Advance 0 or 1 space."),
    Effect(ON_HIT, (Status("priority", -2, target="opponent", next_beat=True),),
           "The opponent has -2 priority during the next beat."),))
def rooted(s: DuelState, owner: int, mover: int, by: int) -> str:
    return "Rooted" if mover == owner else ""


ROOTED = Card("rooted", "Rooted", "style", range=(-1, 0), power=1, priority=-2, soak=2,
              fighter=FID, hooks=MAY_IGNORE_MOVEMENT.on(rooted))
NATURALIZING = Card("naturalizing", "Naturalizing", "style", range=(0, 1), power=-1, priority=1,
                    fighter=FID, hooks=(FORBIDS_SPENDING.on(no_spending)
                                        | STAT_CAP.on(printed_cap)
                                        | SUPPRESSES.on(anted_cancelled)),
                    effects=(
    Effect(REVEAL, (Custom(naturalizing_cancel),), "Cancel what the opponent anted."),))
VINE = Card("vine", "Vine", "style", range=(0, 2), priority=-2, stun_guard=3, fighter=FID,
            effects=(Effect(ON_HIT, (Pull(up_to=2),), "Pull the opponent 0-2 spaces."),))
LANCE = Card("lance", "Lance", "base", range=(2, 2), power=3, priority=5, fighter=FID,
             hooks=MOVEMENT_BLOCKS.on(lance_blocks))
VIRULENT_MIASMA = Card("virulent-miasma", "Virulent Miasma", "finisher", range=(1, 3), power=4,
                       priority=5, fighter=FID, effects=(
    Effect(ON_HIT, (Custom(miasma_on),), "For the rest of the duel the opponent loses 2 life "
           "in every Ante step (-3 priority instead at 1 life)."),))
LIFE_VIRUS = Card("life-virus", "Life Virus", "finisher", range=(3, 6), power=4, priority=3,
                  soak=3, stun_guard=2, fighter=FID, effects=(
    Effect(ON_HIT, (Custom(virus_name("style", VIRUS_STYLE)),
                    Custom(virus_name("base", VIRUS_BASE))),
           "Name a Style and a Base; revealing either costs the opponent 3 life."),))

LIXIS = register(Fighter(
    id=FID, name="Lixis Ran Kanda", short="Lixis", pronoun="she",
    styles=(PRUNING, VENOMOUS, ROOTED, NATURALIZING, VINE), unique_base=LANCE,
    finishers=(VIRULENT_MIASMA, LIFE_VIRUS),
    default_discards=(("pruning", "dash"), ("rooted", "grasp")), ability=WITHERING_TOUCH,
    counters=(MIASMA, VIRUS_STYLE, VIRUS_BASE),
))
