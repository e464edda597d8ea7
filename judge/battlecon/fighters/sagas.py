"""Sagas Seities: Shadow Mirror (Reflection), one Mirror token; he copies and cancels.

Where his things live:

- the Mirror token (one, R19.1): anted, its bonus is ``("power", 0)`` and Reflection is
  in force while it is among his ``bonus_tokens`` (so Naturalizing, which cancels what was
  anted, cancels Reflection too). Reflection is a ``MODIFIERS`` hook of his ability card:
  each fighter receives the other's current range, priority and power bonuses and penalties
  from status effects, unique abilities (their passives and ``MODIFIERS`` hooks: Tatsumi's
  zone bonus; Hepzibah's anted Dark Pacts, ``BONUS_KINDS``) and tokens, computed whenever stats are, so the copy follows them (S38, R18.12)
  and never sees an extra Style such as Kehrolyn's form (S40, R18.11). He regains the token
  at the End of Beat when his Base shares its name with a Base in the opponent's discards.
- Negation: a ``SUPPRESSES`` hook, every Style of the opponent's in force (forms, Overload
  Styles, copies) applies nothing but its End of Beat effects (S42); statuses stay (S43).
- Echo and Staff: ``COPIES`` hooks. A copy is a derived card ``<id>~sagas``
  (``fighters.derived``): the printed card less what names its fighter (R0.13): special
  range effects (range X becomes N/A; range measured from his own standup, S39), private
  hooks, and the effects listed in ``NAME_BOUND`` (those that work on the fighter's own
  tokens, counters or markers). Staff, while it is a copy, is suppressed by his ability.
- Shadow: a ``MOVEMENT_WRAPS`` hook: every movement his effects cause while it is in
  force (his own, a generic Base's, a push or pull of the opponent) treats spaces 1 and 7
  as adjacent (movement.walk); the opponent's own movements do not wrap.
- counters (R19.4), each a beat number (``DuelState.seq``) or 0: ``repelled`` (Repelling's
  spent Mirror: opponents may not enter the spaces next to him), ``staff-pinned`` (Staff
  hit: the opponent cannot advance), ``shattering-next`` (the beat whose attack stuns on
  hit), ``assimilated`` (Assimilate hit: the opponent activates no further effects in any
  window and does not recycle, a ``SKIPS_RECYCLE`` hook).
- Assimilate: on hit the opponent's Style and Base go into his hand by their own ids
  (``SagasAssimilated``; the opponent's pair is gone, so a pending activation of theirs is
  skipped); he lays them as his own, and each applies as his copy (``assimilated_copies``,
  a ``COPIES`` hook, while ``ability_suppresses`` cancels the printed card in his pair).
  A card may thus be in the zones of the other player's kit: only ever Sagas's.

The Mirror as any other token (the ruling ``mirror-token: any``): a copied effect that
spends a named token may spend his Mirror instead (``sagas_tokens.STANDS_IN``, appended to
the copy so its other effect keys stay); Geomantic, Assassin, Merciless and Pactbond stay
name-bound (see sagas.toml, "shadow-mirror" tokens).
A position (battlecon-position/1) and a judge's correction still require each player's
cards to be those of their own kit, so neither can express cards Assimilate took.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from judge.battlecon import facts as F
from judge.battlecon.actions import (
    Action,
    Ctx,
    Custom,
    Movement,
    Need,
    StunOpponent,
    heal,
    may,
    name,
)
from judge.battlecon.agenda import Activate
from judge.battlecon.antes import bonus_when_anted
from judge.battlecon.cards import (
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    NA,
    ON_HIT,
    START_OF_BEAT,
    Card,
    Effect,
    X,
)
from judge.battlecon.clash_reveal import reveal_effect
from judge.battlecon.decisions import Ante, Decision, Pick, expect
from judge.battlecon.each_beat import after_each_beat
from judge.battlecon.fighters import Fighter, add_deriver, card, derived, fighter, register
from judge.battlecon.hooks import (
    COPIES,
    DAMAGE_CAP,
    DODGE,
    IGNORES,
    MODIFIERS,
    MOVED,
    MOVEMENT_BLOCKS,
    MOVEMENT_LIMITS,
    MOVEMENT_WRAPS,
    PREVENTS_STUN,
    PRIORITY_TIE,
    RANGE_ORIGIN,
    SKIPS_RECYCLE,
    SPECIAL_RANGE,
    SUPPRESSES,
    cards_in_force,
    query,
)
from judge.battlecon.movement import (
    movement_limits,
    movement_lock,
)
from judge.battlecon.moving import Cleared, swap_places, swap_question
from judge.battlecon.negation import lasting_reveal, takes_hold
from judge.battlecon.spending import declare
from judge.battlecon.spending import may_spend as may_spend_now
from judge.battlecon.state import BOARD, SPECIAL_ACTION, DuelState, known
from judge.rulings import reading

FID = "sagas"
MIRROR = "mirror"
COPY = "sagas"  # the deriver: card "<id>~sagas" is Sagas's copy of card <id>
REPELLED, PINNED, SHATTERED, ASSIMILATED = ("repelled", "staff-pinned", "shattering-next",
                                            "assimilated")
SHARED = ("range", "priority", "power")  # what Reflection shares
# Cards whose passives are bonuses of a unique ability: the ability card, and Hepzibah's
# anted Dark Pacts ("+2 power this beat", bought by her ability like an anted token's
# bonus). Never a Paradigm or a form: those apply as extra Styles (R18.11).
BONUS_KINDS = ("ability", "pact")


# --- facts ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SagasMirrorSpent(F.Fact):
    """Sagas spends his Mirror token from his pool for a card's effect (no bonus)."""

    player: int

    def apply(self, s: DuelState) -> None:
        p = s.players[self.player]
        p.token_pool.remove(MIRROR)
        p.token_discard.append(MIRROR)


@dataclass(frozen=True)
class SagasAttacksAgain(F.Fact):
    """Shadow: the attack is activated again, as a normal activation (R8)."""

    player: int

    def apply(self, s: DuelState) -> None:
        s.agenda.insert(0, Activate(self.player))


@dataclass(frozen=True)
class SagasSwapped(F.Moved):
    """Soul Mirror: Sagas and the opponent swap places, a direct movement (R17.13): each
    standup is put on the other's space at once. ``player`` is Sagas; the opponent's own
    ``Moved`` follows, so what follows a movement past a fighter applies to both (R17.12a)."""

    def apply(self, s: DuelState) -> None:
        s.players[1 - self.player].space = self.start
        super().apply(s)


@dataclass(frozen=True)
class SagasLifeSwapped(F.Fact):
    """Soul Mirror: the two fighters exchange life totals."""

    player: int

    def apply(self, s: DuelState) -> None:
        a, b = s.players[self.player], s.players[1 - self.player]
        a.life, b.life = b.life, a.life


@dataclass(frozen=True)
class SagasAssimilated(F.Fact):
    """Assimilate: the opponent's attack pair (``cards``: its Style and Base) goes into
    Sagas's hand. Bases covered in a Clash go back to the opponent's hand (R6.9) and cards
    discarded to go with the pair to their discard 1 (R18.14); the opponent has no attack
    pair left this beat."""

    player: int
    cards: list

    def apply(self, s: DuelState) -> None:
        me, them = s.players[self.player], s.players[1 - self.player]
        pair = known(them.pair, "the attack pair taken")
        them.hand = sorted(them.hand + list(pair.under))
        them.discard_1 = them.discard_1 + list(pair.extra)
        them.pair = None
        me.hand = sorted(me.hand + list(self.cards))


# --- the Mirror token and Reflection ---------------------------------------------------


# The Mirror obeyed Naturalizing before the rules stamp, in every duel.
MIRROR_SPEND = declare("shadow-mirror", "Mirror token", checked_before=True)
for _spender in ("repelling", "shadow", "shattering"):
    declare(_spender, "Mirror token", checked_before=True)


def has_mirror(s: DuelState, p: int) -> bool:
    return MIRROR in s.players[p].token_pool


def may_spend(s: DuelState, p: int) -> bool:
    return has_mirror(s, p) and may_spend_now(s, p, MIRROR_SPEND)


def beat_counter(s: DuelState, p: int, counter: str) -> bool:
    """Whether ``counter`` names this beat."""
    return s.players[p].counters.get(counter, 0) == s.seq


def counter_set(ctx: Ctx, counter: str, value: int, text: str) -> F.CounterSet:
    return F.CounterSet(rule=ctx.rule, text=text, player=ctx.owner, counter=counter,
                        value=value)


def ante_options(s: DuelState, p: int) -> list[Decision]:
    me = s.players[p]
    if me.this_beat.anted or not has_mirror(s, p):
        return []
    return [Ante(p, MIRROR)]


def reflecting(s: DuelState, p: int) -> bool:
    """Reflection is in force: the Mirror was anted and nothing cancelled it."""
    return MIRROR in s.players[p].this_beat.bonus_tokens


def own_bonuses(s: DuelState, q: int) -> list[tuple[str, Any, str]]:
    """Player q's current range, priority and power bonuses and penalties from tokens,
    status effects and unique abilities, each with its source (never Reflection's)."""
    me = s.players[q]
    kit = fighter(me.fighter)
    out: list[tuple[str, Any, str]] = []
    for token in me.this_beat.bonus_tokens:
        stat, amount = kit.token_bonus.get(token, ("", 0))
        out.append((stat, amount, kit.token_name(token)))
    out += [(st.stat, st.amount, st.source) for st in s.statuses
            if st.player == q and st.beat <= s.seq <= st.until]
    for c in cards_in_force(s, q):
        if c.kind in BONUS_KINDS:
            for pas in c.passives:
                if pas.target == "self" and (pas.condition is None or pas.condition(s, q)):
                    amount = pas.amount(s, q) if callable(pas.amount) else pas.amount
                    out.append((pas.stat, amount, c.name))
    for owner, c, fn in query(s, MODIFIERS):
        if c.kind == "ability" and fn is not reflection:
            out += [(stat, amount, label) for stat, amount, label in fn(s, owner, q)]
    return [(stat, amount, source) for stat, amount, source in out
            if stat in SHARED and amount not in (0, (0, 0))]


def reflection(s: DuelState, owner: int, p: int) -> list[tuple[str, Any, str]]:
    """Reflection: each fighter also has the other's own bonuses and penalties, as they
    are at this moment (R18.12)."""
    if not reflecting(s, owner):
        return []
    return [(stat, amount, f"Reflection ({source})")
            for stat, amount, source in own_bonuses(s, 1 - p)]


def regains(s: DuelState, p: int) -> bool:
    """His Base shares its name with a Base in the opponent's discards; not in a beat of
    Shattering; never a second token."""
    me, them = s.players[p], s.players[1 - p]
    pair = me.pair
    if has_mirror(s, p) or MIRROR not in me.token_discard or pair is None or pair.finisher \
            or not pair.base or pair.style == "shattering":
        return False
    return pair.base in [c for c in them.discard_1 + them.discard_2 if card(c).kind == "base"]


def regain(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    base = card(known(ctx.s.players[ctx.owner].pair, "the attack pair").base or "").name
    return [F.TokenRecovered(rule=ctx.rule, text=f"Sagas regains his Mirror token: {base} is "
                             f"also in {ctx.name(ctx.opponent)}'s discard piles.",
                             player=ctx.owner, token=MIRROR)]


# Staff's copy is its Reveal effect, applied by a hook: not from a Base played in a Clash.
STAFF_REVEALS = reveal_effect("staff")


def copying_staff(s: DuelState, p: int) -> bool:
    """Staff is his Base and he anted the Mirror this beat: Staff is a copy (a Reveal
    effect: never of a Staff played in a Clash, R6.7a, ``clash_reveal``)."""
    pair = s.players[p].pair
    return pair is not None and pair.revealed and pair.base == "staff" and \
        not pair.finisher and MIRROR in s.players[p].this_beat.anted and STAFF_REVEALS(s, p)


def ability_suppresses(s: DuelState, owner: int, p: int, c: Card, timing: str | None) -> bool:
    """Staff as a copy applies nothing of its own, and another fighter's card he plays
    (Assimilate took it) applies only as his copy of it (``assimilated_copies``); after
    Assimilate hits, the opponent activates no further effects this beat (any window)."""
    if p == owner:
        return (c.id == "staff" and copying_staff(s, owner)) or c.id in foreign(s, owner)
    return timing is not None and beat_counter(s, owner, ASSIMILATED)


def foreign(s: DuelState, p: int) -> list[str]:
    """The cards of another fighter's kit in player p's attack pair (Assimilate took them):
    never a generic Base, never one of his own."""
    pair = s.players[p].pair
    if pair is None or not pair.revealed or pair.finisher:
        return []
    return [c for c in (pair.style, pair.base) if c and c != SPECIAL_ACTION
            and card(c).fighter not in ("", FID)]


def assimilated_copies(s: DuelState, owner: int, p: int) -> list[str]:
    """He uses the cards Assimilate took "as his own, ignoring effects that contain another
    character's name": each applies as his copy of it (R0.13)."""
    return [derived(c, COPY) for c in foreign(s, owner)] if p == owner else []


def not_recycling(s: DuelState, owner: int, p: int) -> str:
    """Assimilate hit: the opponent, whose pair it took, does not recycle this beat."""
    if p == owner or s.players[p].pair is not None or not beat_counter(s, owner, ASSIMILATED):
        return ""
    return "Assimilate took the attack pair"


def staff_pin(s: DuelState, owner: int, mover: int) -> dict[str, str]:
    if mover == owner or not beat_counter(s, owner, PINNED):
        return {}
    return {"advance": f"Staff: {name(s, mover)} cannot advance for the rest of this beat"}


def shattering_due(s: DuelState, p: int) -> bool:
    return beat_counter(s, p, SHATTERED)


def played_base(s: DuelState, p: int) -> str | None:
    """After recycling, the Base of his attack this beat: the second card Recycle put into
    his discard 1, after its Style (a Finisher recycles no pair, so has none)."""
    played = s.players[p].this_beat.recycled
    if len(played) < 2 or card(played[0]).kind != "style" or card(played[1]).kind != "base":
        return None
    return played[1]


def regains_after_recycling(s: DuelState, p: int) -> bool:
    """``regains``, read after both players recycled (R10.3): the Base he played (now in his
    discard 1) shares its name with a Base in the opponent's discards as they are now (the
    Base they just played in discard 1, none they took back to hand)."""
    me, them = s.players[p], s.players[1 - p]
    base = played_base(s, p)
    if has_mirror(s, p) or MIRROR not in me.token_discard or base is None \
            or "shattering" in me.this_beat.recycled:
        return False
    return base in [c for c in them.discard_1 + them.discard_2 if card(c).kind == "base"]


def regain_after_recycling(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    base = card(played_base(ctx.s, ctx.owner) or "").name
    return [F.TokenRecovered(rule=ctx.rule, text=f"Sagas regains his Mirror token: {base} is "
                             f"also in {ctx.name(ctx.opponent)}'s discard piles.",
                             player=ctx.owner, token=MIRROR)]


# The regain acts at the end of each beat: After Recycling (R10.3, ``each_beat``).
REGAIN, REGAIN_AFTER_RECYCLING = after_each_beat("shadow-mirror", Effect(
    END_OF_BEAT, (Custom(regain),), "Regain the Mirror token if your Base has the same name as "
    "a Base in the opponent's discard piles.", condition=regains,
    condition_text="a Base matching one in the opponent's discards"),
    regains_after_recycling, (Custom(regain_after_recycling),))
SHADOW_MIRROR = Card("shadow-mirror", "Shadow Mirror", "ability", fighter=FID, hooks=(
    MODIFIERS.on(reflection) | SUPPRESSES.on(ability_suppresses)
    | MOVEMENT_LIMITS.on(staff_pin) | COPIES.on(assimilated_copies)
    | SKIPS_RECYCLE.on(not_recycling)),
    effects=(
    REGAIN,
    Effect(ON_HIT, (StunOpponent(),), "Shattering's grant: this attack stuns the opponent.",
           condition=shattering_due, condition_text="Shattering's grant"),
    REGAIN_AFTER_RECYCLING,  # after the others: their stored keys stay
))


# --- copies (Echo, Staff): the printed card less what names its fighter ----------------

# Effects that work on the copied fighter's own pieces (tokens, counters, markers): by
# card, effect index -> the action indexes kept and the text said; () drops the effect.
NAME_BOUND: dict[str, dict[int, tuple[tuple[int, ...], str]]] = {
    "deathblow": {0: ((), ""), 1: ((), "")},
    "bloodletting": {0: ((), "")},
    "illusory": {0: ((), "")},
    "palm-strike": {1: ((), "")},
    "trance": {0: ((), ""), 1: ((), "")},
    "geomantic": {0: ((), "")},
    "focused": {0: ((), "")},
    "merciless": {0: ((), "")},
    "critical": {0: ((), "")},
    "rasping": {0: ((), "")},
    "assassin": {1: ((), "")},
    "psycho": {1: ((), "")},
    "evacuation": {0: ((1,), "Retreat 1 space (the Gate Trap is Khadath's: ignored).")},
    "hunters": {0: ((), "")},
    "teleport": {0: ((0,), "Move directly to any space (the Gate Trap is Khadath's: "
                         "ignored).")},
    "blight": {0: ((), "")},
    "overload": {0: ((), ""), 1: ((), "")},
    "chrono": {0: ((), "")},
    "eternal": {0: ((), "")},
    "memento": {0: ((), "")},
    "gunner": {0: ((), "")},
    "crossfire": {0: ((), "")},
    "reload": {1: ((), "")},
    "blessing": {0: ((), "")},
    "reaping": {0: ((), "")},
    "lure": {0: ((), "")},
    "mutating": {0: ((0,), "Lose 1 life.")},
    # Cherri's Insight token: Catatonic and Stare give it back to her alone.
    "catatonic": {0: ((), "")},
    "stare": {0: ((), "")},
    # Hepzibah's Pactbond names a Dark Pact of hers for her next ante (her counters); its
    # heal counts his Pacts (none) and stays.
    "pactbond": {1: ((), "")},
    # Juto is Tatsumi's: every move of Juto, the checks of his zone and his revival.
    "whirlpool": {0: ((), ""), 1: ((0,), "Move 0-2 spaces (Juto is Tatsumi's: ignored).")},
    "empathic": {0: ((), ""), 1: ((), "")},
    "siren": {1: ((), "")},
    "fearless": {0: ((), "")},
    "wave": {1: ((), "")},
    "riptide": {0: ((), ""), 1: ((), "")},
    # Zaamassal's Paradigms are his cards: a copy assumes none (the movement stays).
    "urgent": {1: ((), "")},
    "malicious": {0: ((), "")},
    "sinuous": {0: ((), "")},
    "warped": {1: ((), "")},
    "sturdy": {0: ((), "")},
    "paradigm-shift": {0: ((), "")},
}
# By copied card, the effects his Mirror brings back as any token (``sagas_tokens``, which
# builds on this kit and hands them in when loaded: the roster loads it).
STANDS_IN: Final[dict[str, tuple[Effect, ...]]] = {}
NAME_BOUND_HOOKS: dict[str, tuple[str, ...]] = {
    "illusory": (DODGE,), "merciless": (MOVED,), "evacuation": (DODGE,),
    "teleport": (DODGE,), "eternal": (MODIFIERS,), "safety": (DAMAGE_CAP,),
    "riptide": (DODGE,),
}


def copy_card(c: Card) -> Card:
    """Sagas's copy of ``c``: its special range's effect names its fighter, so range X
    reverts to N/A and range is his own (S39, R0.13); private hooks and the name-bound
    effects of ``NAME_BOUND`` are dropped; Blessing and Reaping keep their unnamed part."""
    drop = NAME_BOUND_HOOKS.get(c.id, ()) + (SPECIAL_RANGE, RANGE_ORIGIN)
    hooks = {k: v for k, v in c.hooks.items() if k not in drop and "." not in k}
    effects: list[Effect] = []
    for i, e in enumerate(c.effects):
        kept, text = NAME_BOUND.get(c.id, {}).get(i, (tuple(range(len(e.actions))), e.text))
        if kept:
            effects.append(dataclasses.replace(e, actions=tuple(e.actions[a] for a in kept),
                                               text=text))
    effects += list(UNNAMED.get(c.id, ()))
    effects += list(STANDS_IN.get(c.id, ()))  # the Mirror as their token (mirror-token: any)
    rng = NA if c.range == X else c.range
    return dataclasses.replace(c, name=f"{c.name} (copied)", hooks=hooks,
                               effects=tuple(effects), range=rng)


def blessing_heal(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [heal(ctx.s, ctx.owner, 3, ctx.rule, "Blessing"),
            heal(ctx.s, ctx.opponent, 3, ctx.rule, "Blessing")]


def reaping_discard(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """The opponent discards a token of their choice (Divine Rush's part is Vanaah's)."""
    s, opp = ctx.s, ctx.opponent
    held = sorted(set(s.players[opp].token_pool))
    if not held:
        return [F.Declined(rule=ctx.rule, text=f"{name(s, opp)} has no token to discard.",
                           player=opp)]
    if len(held) > 1 and decision is None:
        return Need("pick", (opp,), [Pick(opp, t)
                                     for t in held],
                    about=f"Reaping: {name(s, opp)} discards which token?")
    token = held[0] if len(held) == 1 else expect(decision, Pick, "the pick").option
    kit = fighter(s.players[opp].fighter)
    return [F.TokenDiscarded(rule=ctx.rule, text=f"{name(s, opp)} discards "
                             f"{kit.token_name(token)} from the token pool.", player=opp,
                             token=token)]


UNNAMED: dict[str, tuple[Effect, ...]] = {
    "blessing": (Effect(ON_HIT, (Custom(blessing_heal),), "Both fighters heal 3 life (the "
                        "Trance counter is Magdelina's: ignored)."),),
    "reaping": (Effect(ON_HIT, (Custom(reaping_discard),), "The opponent discards a token of "
                       "their choice (Divine Rush is Vanaah's: ignored)."),),
    "lure": (Effect(ON_HIT, (Movement("pull", tuple(range(0, 7))),), "Pull the opponent any "
                    "number of spaces (the limit naming Khadath is ignored)."),),
}

add_deriver(COPY, copy_card)


def echo_copies(s: DuelState, owner: int, p: int) -> list[str]:
    """Echo (Reveal): the Style in the opponent's Discard 1 (the last put there) applies
    too, unless the Reveal effect was negated."""
    if p != owner or not takes_hold(s, owner):
        return []
    styles = [c for c in s.players[1 - owner].discard_1 if card(c).kind == "style"]
    return [derived(styles[-1], COPY)] if styles else []


def staff_copies(s: DuelState, owner: int, p: int) -> list[str]:
    """Staff, with the Mirror anted: a copy of the opponent's unique Base."""
    if p != owner or not copying_staff(s, owner):
        return []
    return [derived(fighter(s.players[1 - owner].fighter).unique_base.id, COPY)]


# --- Negation -----------------------------------------------------------------------------


NEGATED_KINDS = ("style", "paradigm")  # a Paradigm applies "as an additional Style"


def negation(s: DuelState, owner: int, p: int, c: Card, timing: str | None) -> bool:
    """Every Style of the opponent's in force applies nothing this beat but its End of
    Beat effects (S42), Zaamassal's Paradigms included (they apply as additional Styles,
    like Kehrolyn's form); status effects are not cards and stay (S43)."""
    return p != owner and c.kind in NEGATED_KINDS and timing != END_OF_BEAT and \
        takes_hold(s, owner)


def mirror_ties(s: DuelState, owner: int) -> bool:
    return has_mirror(s, owner)


# --- Repelling ------------------------------------------------------------------------------


def spend_offer(ctx: Ctx, decision: Decision | None, what: str) -> bool | Need:
    """Ask whether to spend the Mirror for ``what``; False when he cannot."""
    if not may_spend(ctx.s, ctx.owner):
        return False
    return may(ctx, decision, f"{ctx.card.name}: spend the Mirror token {what}?")


def spent(ctx: Ctx, what: str) -> F.Fact:
    return SagasMirrorSpent(rule=ctx.rule, text=f"{ctx.card.name}: Sagas spends his Mirror "
                            f"token {what}.", player=ctx.owner)


def declined(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    if decision is None:
        return [F.Declined(rule=ctx.rule, text="Sagas has no Mirror token he may spend.",
                           player=ctx.owner)]
    return [F.Declined(rule=ctx.rule, text="Sagas keeps his Mirror token.", player=ctx.owner)]


def repel_spend(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    answer = spend_offer(ctx, decision, "to keep the opponent out of the spaces next to you")
    if isinstance(answer, Need):
        return answer
    if not answer:
        return declined(ctx, decision)
    return [spent(ctx, "to repel"), counter_set(ctx, REPELLED, ctx.s.seq, "Repelling: "
                                               f"{ctx.name(ctx.opponent)} cannot enter the "
                                               "spaces next to Sagas this beat.")]


def repel_push(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """An opponent next to him when he repels is pushed 1 space."""
    if not beat_counter(ctx.s, ctx.owner, REPELLED) or ctx.s.distance() != 1:
        return []
    return Movement("push", (1,)).resolve(ctx, decision)


def repel_blocks(s: DuelState, owner: int, mover: int) -> dict[int, str]:
    if mover == owner or not beat_counter(s, owner, REPELLED):
        return {}
    me = s.players[owner].space
    return {x: "before the spaces next to Sagas (Repelling)" for x in (me - 1, me + 1)
            if x in BOARD}


# --- Shadow: the board's edges meet -----------------------------------------------------------


def shadow_wraps(s: DuelState, owner: int, mover: int, by: int) -> str:
    """Shadow: "Sagas considers edges of the board adjacent when moving himself or
    opponents": every movement his effects cause this beat (``MOVEMENT_WRAPS``)."""
    return "Shadow" if by == owner else ""


def shadow_again(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    if ctx.s.distance() != 3:
        return []
    answer = spend_offer(ctx, decision, "to activate this attack again")
    if isinstance(answer, Need):
        return answer
    if not answer:
        return declined(ctx, decision)
    return [spent(ctx, "to attack again"), SagasAttacksAgain(
        rule=ctx.rule, text="Shadow: Sagas activates this attack again.", player=ctx.owner)]


# --- Shattering -------------------------------------------------------------------------------


def shattering_ignores(s: DuelState, owner: int, attacker: int) -> dict[str, str]:
    return {"stun_guard": "Shattering"} if attacker == owner else {}


def shattering_spend(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    answer = spend_offer(ctx, decision, "so that your next attack stuns on hit")
    if isinstance(answer, Need):
        return answer
    if not answer:
        return declined(ctx, decision)
    return [spent(ctx, "for his next attack"),
            counter_set(ctx, SHATTERED, ctx.s.seq + 1, "Shattering: Sagas's attack next beat "
                        "gains 'On Hit: the opponent is stunned'.")]


# --- Staff ------------------------------------------------------------------------------------


def staff_no_stun(s: DuelState, owner: int, attacker: int, defender: int) -> str:
    return "Staff does not stun at range 1" if attacker == owner and s.distance() == 1 else ""


def staff_pins(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    return [counter_set(ctx, PINNED, ctx.s.seq, f"Staff: {ctx.name(ctx.opponent)} cannot "
                        "advance for the rest of this beat.")]


# --- Finishers ----------------------------------------------------------------------------------


def soul_swap(ctx: Ctx, decision: Decision | None) -> list[F.Fact] | Need:
    """Swap places with the opponent: a direct move for both (R17.13). With the ruling
    ``placing: movement`` (P1) an opponent who may ignore movement (Exoskeletal, Rooted,
    Sturdy) is asked first; ignored, neither fighter moves."""
    s, me, them = ctx.s, ctx.owner, ctx.opponent
    for p in (me, them):
        why = movement_lock(s, p) or (movement_limits(s, p).get("pass") or ("", ""))[1]
        if why:
            return [F.MovementIgnored(rule="R17.12b", text=f"Soul Mirror cannot swap the "
                                      f"fighters: {why}.", player=p, kind="direct")]
    a, b = s.players[me].space, s.players[them].space
    cleared = swap_question(ctx, them, decision)
    if not isinstance(cleared, Cleared):
        return cleared
    return swap_places(s, cleared, SagasSwapped, ctx.rule, f"Sagas and {ctx.name(them)} swap "
                       f"places: Sagas {a} → {b}, {ctx.name(them)} {b} → {a}, a direct move "
                       "past each other (R17.13).")


def soul_life(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    mine, theirs = ctx.s.players[ctx.owner].life, ctx.s.players[ctx.opponent].life
    return [SagasLifeSwapped(rule=ctx.rule, text=f"Sagas and {ctx.name(ctx.opponent)} swap "
                             f"life totals: Sagas {mine} → {theirs}, {ctx.name(ctx.opponent)} "
                             f"{theirs} → {mine}.", player=ctx.owner)]


def assimilate(ctx: Ctx, decision: Decision | None) -> list[F.Fact]:
    """Take the opponent's attack pair into his hand; they do not recycle this beat and
    activate no further effects. A Finisher is not an attack pair (R2.8): nothing to take.
    A card the opponent put in play from hand for this attack (an Overload Style) stops
    applying with the attack gone."""
    s, them = ctx.s, ctx.opponent
    who = ctx.name(them)
    out: list[F.Fact] = [counter_set(ctx, ASSIMILATED, s.seq, f"Assimilate: {who} activates "
                                     "no further effects this beat and does not recycle.")]
    pair = s.players[them].pair
    if pair is None or pair.finisher or not (pair.style and pair.base):
        return out + [F.Declined(rule=ctx.rule, text=f"Assimilate: {who} attacks with a "
                                 "Finisher, not an attack pair (R2.8): nothing to take.",
                                 player=ctx.owner)]
    joined = [c for c in s.players[them].in_play if c in s.players[them].hand]
    if joined:
        out.append(F.LeftPlay(rule=ctx.rule, text=f"{', '.join(card(c).name for c in joined)}"
                              f" stops applying: the attack it joined is taken.", player=them,
                              cards=joined))
    cards = [pair.style, pair.base]
    names = " and ".join(card(c).name for c in cards)
    return out + [SagasAssimilated(rule=ctx.rule, text=f"Assimilate: Sagas takes {who}'s "
                                   f"attack pair, {names}, into his hand; he may play them as "
                                   "his own.", player=ctx.owner, cards=cards)]


# --- the cards ------------------------------------------------------------------------------


def _effect(timing: str, action: Action, text: str) -> Effect:
    return Effect(timing, (action,), text)


NEGATION = Card("negation", "Negation", "style", fighter=FID,
                hooks=SUPPRESSES.on(negation) | PRIORITY_TIE.on(mirror_ties))
ECHO = Card("echo", "Echo", "style", fighter=FID, hooks=COPIES.on(echo_copies))
lasting_reveal(NEGATION.id, "the opponent applies none of their Styles")
lasting_reveal(ECHO.id, "a Style of the opponent's Discard 1 applies too")
REPELLING = Card("repelling", "Repelling", "style", range=(1, 2), power=-1, priority=1,
                 fighter=FID, hooks=MOVEMENT_BLOCKS.on(repel_blocks), effects=(
    Effect(START_OF_BEAT, (Custom(repel_spend), Custom(repel_push)), "You may spend the "
           "Mirror token: opponents cannot enter the spaces next to you this beat, and an "
           "adjacent opponent is pushed 1 space."),
    _effect(ON_HIT, Movement("push", (0, 1, 2)), "Push the opponent 0-2 spaces."),
))
SHADOW = Card("shadow", "Shadow", "style", range=(0, 1), power=-1, fighter=FID,
              hooks=MOVEMENT_WRAPS.on(shadow_wraps), effects=(
    _effect(BEFORE_ACTIVATING, Movement("move", (1,)), "Move exactly 1 space (the board's two "
            "edges count as adjacent)."),
    Effect(END_OF_BEAT, (Custom(shadow_again),), "At range 3 you may spend the Mirror token "
           "to activate this attack again.", condition=lambda s, p: s.distance() == 3,
           condition_text="range 3 of the opponent"),
))
SHATTERING = Card("shattering", "Shattering", "style", range=(1, 2), power=1, priority=-1,
                  stun_guard=2, fighter=FID, hooks=IGNORES.on(shattering_ignores), effects=(
    _effect(ON_HIT, Custom(shattering_spend), "You may spend the Mirror token: your next "
            "attack gains 'On Hit: the opponent is stunned'."),
))
STAFF = Card("staff", "Staff", "base", range=(1, 2), power=3, priority=4, stun_guard=4,
             fighter=FID, hooks=PREVENTS_STUN.on(staff_no_stun) | COPIES.on(staff_copies),
             effects=(
    Effect(ON_HIT, (Movement("push", (1,)), Custom(staff_pins)), "Push the opponent 1 space; "
           "they cannot advance for the rest of the beat."),
))
SOUL_MIRROR = Card("soul-mirror", "Soul Mirror", "finisher", range=(1, 1), power=NA,
                   priority=7, fighter=FID, effects=(
    Effect(ON_HIT, (Custom(soul_swap), Custom(soul_life)), "Swap places (a direct move) and "
           "life totals with the opponent."),
))
ASSIMILATE = Card("assimilate", "Assimilate", "finisher", range=(3, 4), power=3, priority=6,
                  fighter=FID, effects=(
    _effect(ON_HIT, Custom(assimilate), "Take the opponent's attack pair into your hand; they "
            "do not recycle this beat and activate no further effects."),
))

# Its switchable rulings (judge.battlecon.rulings; the record's options.rulings).
MIRROR_TOKEN_READINGS = ("mirror-token", {
    "rule": "Sagas: Shadow Mirror", "title": "A Mirror Token as any other kind of Token",
    "default": "own", "recommended": "any",
    "readings": [reading("any", "a copied effect may spend his Mirror for its token"),
                 reading("own", "a copied effect that names a token is dropped (R0.13)")]})


SAGAS = register(Fighter(
    id=FID, name="Sagas Seities", short="Sagas", pronoun="he",
    styles=(NEGATION, ECHO, REPELLING, SHADOW, SHATTERING), unique_base=STAFF,
    finishers=(SOUL_MIRROR, ASSIMILATE),
    default_discards=(("negation", "dash"), ("repelling", "grasp")), ability=SHADOW_MIRROR,
    tokens=(MIRROR,), token_bonus={MIRROR: ("power", 0)}, token_names={MIRROR: "Mirror"},
    counters=(REPELLED, PINNED, SHATTERED, ASSIMILATED),
    ante_options=ante_options, token_anted=bonus_when_anted,
    rulings=(MIRROR_TOKEN_READINGS,)))
