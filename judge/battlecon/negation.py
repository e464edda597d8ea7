"""Stasis Charge's blanket: every triggered effect a player would activate passes here.

Stasis Charge (Luc): "every time the nearest opponent would activate a triggered effect,
that effect is negated and Luc gains a Time token instead" (hook ``NEGATES``). A triggered
effect is a trigger and an effect, "Trigger: effect" or "If/When event, effect" (R18.1):
"whenever" and "each time" effects are triggered effects too. Passive effects and rule
modifications are not.

A triggered effect reaches the engine by one of two roads, and both pass a choke point:

- a timing window (Reveal, Start of Beat, On Hit, ..., When Hit, After Recycling, the
  Ante): ``rules.window`` asks ``rules.negated_items`` for every window, under any stamp;
- a hook that makes facts when an event happens: ``follows`` here, which the engine asks
  instead of ``hooks.query`` for each such hook. Under rules-2 (``rulestamp.NEGATION``) a
  ``NEGATES`` hook in force against the card's owner negates what the hook would have made:
  a ``TriggerNegated`` fact says so, and the negating card's ``instead`` effect applies
  at once, once for each negated effect, as for a window's effects.

A printed Reveal effect that lasts the beat and is kept as a passive or a hook (Judgment's
"cannot retreat", Anathema's bonus, Echo's copy, Negation's suppression) is declared with
``lasting_reveal``: under rules-2 its Reveal window counts it among the effects a negation
replaces (``lasting_count``, asked by ``rules.window``), and its passive or hook asks
``takes_hold``, false once negated.

A ``STUN_OFFER`` ("when he takes damage, he may spend ...", Iron Body) is a triggered
effect too: ``offer_negated``, asked by the engine before the spend is offered.

Each fact-making hook is classified below, by the rules: ``TRIGGERED`` (an event, then what
follows it) or ``NOT_TRIGGERED`` (a rule of the game's procedure). A card whose hook of a
triggered kind is the working of a passive effect declares so with ``rule_modification``
(Tatsumi's Juto losing the life he soaked is part of Tidal Bond's zone bonus).
"""

from __future__ import annotations

from typing import Any, Final

from judge.battlecon import facts as F
from judge.battlecon import rulestamp
from judge.battlecon.cards import INSTEAD, REVEAL, Card
from judge.battlecon.context import Ctx, Need
from judge.battlecon.facts import OfferNegated, TriggerNegated  # declared there: compiled
from judge.battlecon.hooks import (
    CLASHED,
    DAMAGE_DEALT,
    HIT_BY,
    MOVED,
    NEGATES,
    ON_STUNNED,
    RECYCLED,
    STUN_OFFER,
    in_force,
    query,
)
from judge.battlecon.kits import card
from judge.battlecon.names import name
from judge.battlecon.state import DuelState

# The hooks that make facts when an event happens, and why each is, or is not, a trigger.
TRIGGERED: Final[dict[str, str]] = {
    HIT_BY: "'whenever he is hit' (Demitras's Crescendo): a hit, then what follows (R18.1)",
    DAMAGE_DEALT: "'whenever she takes 3 or more damage' (Cherri's Insight): damage dealt, "
                  "then what follows (R18.1)",
    CLASHED: "'each time she clashes' (Cherri's Nightmarish Visions): a Clash, then what "
             "follows (R18.1)",
    ON_STUNNED: "'when he is stunned' (Zaamassal's Paradigms): a stun, then what follows "
                "(R18.1)",
    MOVED: "'if an opponent moves past' (Merciless), 'whenever the opponent moves' (Mimic's): "
           "a movement, then what follows (R18.1)",
}
NOT_TRIGGERED: Final[dict[str, str]] = {
    RECYCLED: "where a card or token goes when its owner recycles (Dark Pacts back to "
              "Hepzibah, Divine Rush riding with its pair): the Recycle procedure (R11), no "
              "effect of a card's",
}
FACT_HOOKS: Final = (*TRIGGERED, *NOT_TRIGGERED)

# (card id, hook) -> why that card's hook is the working of a passive effect, not a trigger.
_RULE_MODIFICATIONS: Final[dict[tuple[str, str], str]] = {}


def rule_modification(card_id: str, hook: str, why: str) -> None:
    """Declare that ``card_id``'s ``hook`` works a passive effect or a rule, never negated."""
    _RULE_MODIFICATIONS[(card_id, hook)] = why


def rule_modifications() -> dict[tuple[str, str], str]:
    return dict(_RULE_MODIFICATIONS)


# Cards whose printed Reveal effect lasts the beat as a passive or a hook, by id.
_LASTING_REVEALS: Final[dict[str, str]] = {}


def lasting_reveal(card_id: str, what: str) -> None:
    """Declare that ``card_id``'s Reveal effect (``what``) is kept as a passive or hook."""
    _LASTING_REVEALS[card_id] = what


def lasting_reveals() -> dict[str, str]:
    return dict(_LASTING_REVEALS)


def lasting_count(s: DuelState, p: int, timing: str) -> int:
    """How many of p's cards in force have a lasting Reveal effect a negation of this
    window replaces too (rules-2; none in other windows)."""
    if timing != REVEAL or not rulestamp.fixed(s, rulestamp.NEGATION):
        return 0
    return sum(1 for c in in_force(s, p, REVEAL) if c.id.split("~")[0] in _LASTING_REVEALS)


def takes_hold(s: DuelState, owner: int) -> bool:
    """Whether ``owner``'s lasting Reveal effects hold: not once a ``NEGATES`` card of the
    opponent's negates them (rules-2). Read from the opponent's revealed cards themselves,
    not the layers, so a layer's hook (a copy, a suppression) may ask it."""
    if not rulestamp.fixed(s, rulestamp.NEGATION):
        return True
    them = s.players[1 - owner]
    pair = them.pair
    if pair is None or not pair.revealed:
        return True
    shown = [them.finisher] if pair.finisher else [pair.style, pair.base]
    for cid in shown:
        fn = card(cid).hooks.get(NEGATES) if cid else None
        if fn is not None and fn(s, 1 - owner, owner, REVEAL):
            return False
    return True


def is_triggered(c: Card, hook: str) -> bool:
    """Whether what ``c``'s ``hook`` makes is a triggered effect (a derived copy, Sagas's
    ``<id>~<deriver>``, is what its original is)."""
    return hook in TRIGGERED and (c.id.split("~")[0], hook) not in _RULE_MODIFICATIONS


def offer_negated(s: DuelState, p: int, c: Card) -> list[F.Fact]:
    """When a ``NEGATES`` hook negates player p's ``STUN_OFFER`` on card ``c`` (rules-2):
    the fact saying so and the negating card's ``instead`` effect; else nothing."""
    if not rulestamp.fixed(s, rulestamp.NEGATION):
        return []
    for by, negator, fn in query(s, NEGATES):
        if fn(s, by, p, STUN_OFFER):
            return [OfferNegated(rule=f"{negator.id}: passive", text=f"{name(s, p)}'s "
                                 f"{c.name} would offer its spend against the stun, but "
                                 f"{name(s, by)}'s {negator.name} negates it.", player=p,
                                 card=c.id, hook=STUN_OFFER)] + instead(s, by, negator)
    return []


def follows(s: DuelState, hook: str, *args: Any) -> list[F.Fact]:
    """What ``hook`` makes follow an event, card by card (``hooks.query`` order), each
    triggered effect through ``negated``."""
    out: list[F.Fact] = []
    for owner, c, fn in query(s, hook):
        made = fn(s, owner, *args)
        out += negated(s, hook, owner, c, made) if made else made
    return out


def negated(s: DuelState, hook: str, owner: int, c: Card, made: list[F.Fact]) -> list[F.Fact]:
    """``made``, or, when a ``NEGATES`` hook negates this triggered effect (rules-2), the
    fact saying so and the negating card's ``instead`` effect."""
    if not (rulestamp.fixed(s, rulestamp.NEGATION) and is_triggered(c, hook)):
        return made
    for by, negator, fn in query(s, NEGATES):
        if fn(s, by, owner, hook):
            return [TriggerNegated(rule=f"{negator.id}: passive", text=f"{name(s, owner)}'s "
                                   f"{c.name} would trigger ({made[0].text.rstrip('.')}), but "
                                   f"{name(s, by)}'s {negator.name} negates it.",
                                   player=owner, card=c.id, hook=hook)] + instead(s, by, negator)
    return made


def instead(s: DuelState, owner: int, negator: Card) -> list[F.Fact]:
    """The negating card's ``instead`` effect, resolved at once (it asks nothing)."""
    out: list[F.Fact] = []
    for e in negator.effects:
        if e.timing == INSTEAD:
            for action in e.actions:
                result = action.resolve(Ctx(s, owner, negator, e), None)
                assert not isinstance(result, Need), "an instead effect asks nothing"
                out += result
    return out
