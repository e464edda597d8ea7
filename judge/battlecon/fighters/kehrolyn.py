"""Kehrolyn Ross: Shapeshifting (her Current Form), Overload and The August Strain.

The Current Form is the Style in her Discard 1 (the last one put there, should a Cancel
leave two): it is in force beside every attack she makes as a second Style (an
``EXTRA_CARDS`` card of her ability), so a suppression such as Negation cancels it and
a bonus copy such as Reflection does not see it (R18.11). It applies with Finishers too
(the 2013 implementation's effect sources and the peer engine; nothing says otherwise),
unless the record names the ruling ``form-in-finisher: replaced``.

Mutating copies the Current Form (``COPIES``, declared on the ability card so it reaches
Mutating as the form too); as the form it copies the Style she revealed. Overload's extra
Style and The August Strain's Style are cards in play (``PutInPlay``): the Overload Style
stays in her hand and leaves play at the End of Beat; the August Strain's is set aside
(removed) and stays in play for the rest of the duel.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.battlecon import facts as F
from judge.battlecon.actions import Ctx, Custom, LoseLife, Move, Need, Pull, pick, stun
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    END_OF_BEAT,
    ON_HIT,
    START_OF_BEAT,
    Card,
    Effect,
)
from judge.battlecon.decisions import Decision
from judge.battlecon.fighters import Fighter, card, register
from judge.battlecon.hooks import (
    COPIED_AS,
    COPIES,
    EXTRA_CARDS,
    MAY_IGNORE_MOVEMENT,
    PRIORITY_TIE_LOST,
)
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import START_LIFE, DuelState
from judge.rulings import reading

FID = "kehrolyn"
MUTATING_ID = "mutating"
FORM_RULING = "form-in-finisher"
STYLES = ("mutating", "whip", "bladed", "exoskeletal", "quicksilver")


@dataclass(frozen=True)
class KehrolynStrainSetAside(F.Fact):
    """The August Strain: a Style leaves hand or discards for good (removed) and is in
    play for the rest of the duel."""

    player: int
    card: str

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        for zone in (p.hand, p.discard_1, p.discard_2):
            if self.card in zone:
                zone.remove(self.card)
        p.removed.append(self.card)
        p.in_play = [*p.in_play, self.card]


def current_form(s: DuelState, p: int) -> str | None:
    """The Style in Discard 1: the last one put there."""
    styles = [c for c in s.players[p].discard_1 if c in STYLES]
    return styles[-1] if styles else None


def attacking(s: DuelState, p: int) -> bool:
    pair = s.players[p].pair
    return pair is not None and pair.revealed


def form_in_force(s: DuelState, owner: int, p: int) -> list[str]:
    """Shapeshifting: the Current Form is a second Style on each attack she makes; with a
    Finisher too, unless the ruling ``form-in-finisher`` reads ``replaced``."""
    if p != owner or not attacking(s, owner) or finisher_replaces_form(s, owner):
        return []
    form = current_form(s, owner)
    return [form] if form else []


def finisher_replaces_form(s: DuelState, p: int) -> bool:
    """The ruling ``form-in-finisher``: ``replaced``, a Finisher "completely replaces your
    attack pair" (R2.8), the Current Form with it; ``applies`` (records that name no
    reading), the form is a second Style beside the Finisher as beside any attack."""
    pair = s.players[p].pair
    return pair is not None and pair.finisher and \
        reading_in(s.options, FORM_RULING) == "replaced"


def played_style(s: DuelState, p: int) -> str | None:
    pair = s.players[p].pair
    return pair.style if pair is not None and pair.style in STYLES else None


def mutating_copies(s: DuelState, owner: int, p: int) -> list[str]:
    """Mutating copies the Current Form; as the Current Form it copies the revealed Style."""
    if p != owner or not attacking(s, owner):
        return []
    form = current_form(s, owner)
    if form == MUTATING_ID:
        played = played_style(s, owner)
        return [played] if played else []
    others = [played_style(s, owner), *s.players[owner].in_play]
    return [form] if form and MUTATING_ID in others else []


def mutating_names(s: DuelState, owner: int, p: int) -> dict[str, str]:
    """Mutating's copy keeps the copied Style's id (its effect keys are what records name
    in ``order`` decisions), but the narrative calls it "Mutating (as Whip)"."""
    return {cid: f"Mutating (as {card(cid).name})" for cid in mutating_copies(s, owner, p)}


def exoskeletal_ignores(s: DuelState, owner: int, mover: int, by: int) -> str:
    """Kehrolyn may ignore movement an opponent's effect applies to her."""
    return "Exoskeletal" if mover == owner and by != owner else ""


def whip_hit(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """At range 1 the opponent is stunned; further away, pulled 1 space."""
    if ctx.s.distance() == 1:
        return stun(ctx.s, ctx.opponent, ctx.card.name, ctx.rule)
    return Pull(1).resolve(ctx, decision)


def overload_pick(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Overload: one more Style from her hand is in force this beat."""
    me = ctx.s.players[ctx.owner]
    options = sorted(c for c in me.hand if c in STYLES and c not in me.in_play)
    chosen = pick(ctx, decision, options, "Overload: which Style from your hand joins this "
                  "attack?")
    if isinstance(chosen, Need):
        return chosen
    if chosen is None:
        return [F.Declined(rule=ctx.rule, text="Kehrolyn has no Style in hand to add with "
                           "Overload.", player=ctx.owner)]
    return [F.PutInPlay(rule=ctx.rule, text=f"Overload: Kehrolyn reveals {card(chosen).name} "
                        "from her hand; it applies to this attack as well.", player=ctx.owner,
                        card=chosen)]


def overload_return(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """The Overload Style leaves play; it never left her hand."""
    me = ctx.s.players[ctx.owner]
    back = [c for c in me.in_play if c in me.hand]
    if not back:
        return []
    names = ", ".join(card(c).name for c in back)
    return [F.LeftPlay(rule=ctx.rule, text=f"The Overload Style {names} stops applying and "
                       "stays in Kehrolyn's hand.", player=ctx.owner, cards=back)]


def hydra_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Heal 5, never above the starting life (R14.8)."""
    life = ctx.s.players[ctx.owner].life
    actual = max(0, min(5, START_LIFE - life))
    text = f"Hydra Fork: Kehrolyn gains 5 life ({life} → {life + actual})"
    if actual < 5:
        text += "; life never rises above 20 (R14.8)"
    return [F.LifeGained(rule=ctx.rule, text=text + ".", player=ctx.owner, amount=5,
                         actual=actual)]


def august_strain(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Set one of her Styles aside; it applies to all her attacks for the rest of the duel."""
    me = ctx.s.players[ctx.owner]
    options = sorted(c for c in me.hand + me.discard_1 + me.discard_2
                     if c in STYLES and c not in me.in_play)
    chosen = pick(ctx, decision, options, "The August Strain: which Style is set aside to "
                  "apply to every attack for the rest of the duel?")
    if isinstance(chosen, Need):
        return chosen
    if chosen is None:
        return []
    return [KehrolynStrainSetAside(rule=ctx.rule, text=f"The August Strain: Kehrolyn sets "
                                   f"{card(chosen).name} aside; it applies to all her attacks "
                                   "for the rest of the duel.", player=ctx.owner, card=chosen)]


def loses_ties(s: DuelState, owner: int) -> bool:
    return True


SHAPESHIFTING = Card("shapeshifting", "Shapeshifting", "ability", fighter=FID, hooks=(
    EXTRA_CARDS.on(form_in_force) | COPIES.on(mutating_copies)
    | COPIED_AS.on(mutating_names)))
MUTATING = Card(MUTATING_ID, "Mutating", "style", fighter=FID, effects=(
    Effect(END_OF_BEAT, (LoseLife(1),), "Kehrolyn loses 1 life."),))
WHIP = Card("whip", "Whip", "style", range=(0, 1), fighter=FID, effects=(
    Effect(ON_HIT, (Custom(whip_hit),), "At range 1 the opponent is stunned; otherwise pull "
           "the opponent 1 space."),))
BLADED = Card("bladed", "Bladed", "style", power=2, stun_guard=2, fighter=FID)
EXOSKELETAL = Card("exoskeletal", "Exoskeletal", "style", soak=2, fighter=FID,
                   hooks=MAY_IGNORE_MOVEMENT.on(exoskeletal_ignores))
QUICKSILVER = Card("quicksilver", "Quicksilver", "style", priority=2, fighter=FID, effects=(
    Effect(END_OF_BEAT, (Move(up_to=1),), "Move 0 or 1 space."),))
OVERLOAD = Card("overload", "Overload", "base", range=(1, 1), power=3, priority=3, fighter=FID,
                hooks=PRIORITY_TIE_LOST.on(loses_ties), effects=(
                    Effect(START_OF_BEAT, (Custom(overload_pick),),
                           "Reveal a Style from your hand; it applies to this attack too."),
                    Effect(END_OF_BEAT, (Custom(overload_return),),
                           "The Overload Style returns to your hand."),
                ))
HYDRA_FORK = Card("hydra-fork", "Hydra Fork", "finisher", range=(1, 3), power=6, priority=0,
                  stun_immunity=True, fighter=FID, effects=(
                      Effect(AFTER_ACTIVATING, (Custom(hydra_heal),), "Gain 5 life."),))
AUGUST_STRAIN = Card("the-august-strain", "The August Strain", "finisher", range=(1, 2), power=4,
                     priority=5, soak=2, stun_guard=2, fighter=FID, effects=(
                         Effect(ON_HIT, (Custom(august_strain),),
                                "Set one of your Styles aside: it applies to all your attacks "
                                "for the rest of the duel."),))

# Its switchable rulings (judge.battlecon.rulings; the record's options.rulings).
FORM_IN_FINISHER_READINGS = (FORM_RULING, {
    "rule": "Kehrolyn: Shapeshifting", "title": "Kehrolyn's Current Form during a Finisher",
    "default": "applies", "recommended": "applies",
    "readings": [reading("applies", "the Current Form is a second Style on her Finisher "
                                    "too (Hydra Fork with Bladed deals 8)"),
                 reading("replaced", "a Finisher replaces her whole attack, the Current "
                                     "Form included (R2.8)")]})


KEHROLYN = register(Fighter(
    id=FID, name="Kehrolyn Ross", short="Kehrolyn", pronoun="she",
    styles=(MUTATING, WHIP, BLADED, EXOSKELETAL, QUICKSILVER), unique_base=OVERLOAD,
    finishers=(HYDRA_FORK, AUGUST_STRAIN),
    default_discards=(("mutating", "dash"), ("bladed", "grasp")), ability=SHAPESHIFTING,
    persistent=(MUTATING, WHIP, BLADED, EXOSKELETAL, QUICKSILVER),
    rulings=(FORM_IN_FINISHER_READINGS,)))
