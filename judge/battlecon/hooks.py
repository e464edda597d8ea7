"""The rule hooks: every way a card, token, marker or card in play changes a rule.

A card declares the hooks it takes part in as ``Card(hooks={NAME: function})``; the
engine never looks up a card by name to know what it does. ``query(s, NAME)`` asks a
hook over everything in force for both players, in this documented order:

1. the player whose effects resolve first: the Active Player, or, before priority is
   known, the player who antes first (R5.2); then the other player;
2. for each player, the cards in force (``cards_in_force``): Style, Base (or Finisher),
   the fighter's ability card, cards in play (Paradigms), extra cards, copies,
   less what a suppression cancels.

Every hook function takes ``(s, owner, ...)``: ``owner`` is the player whose card declares
it, so a hook on one player's card may change a rule for the other (a Gate Trap stops
the opponent; a Negation cancels the opponent's Styles). Hook names:

=====================  =================================================================
``PRIORITY_TIE``       ``(s, owner) -> bool``: the owner wins a priority tie without a
                       Clash (R6.6). If both players claim it, the tie stands.
``FORCES_CLASH``       ``(s, owner) -> bool``: the beat's priorities count as tied.
``MOVEMENT_LOCK``      ``(s, owner, mover) -> str``: why ``mover`` cannot move at all
                       (``""``: no lock); the movement is ignored (R17.9).
``MOVEMENT_STOPS``     ``(s, owner, mover) -> dict[int, str]``: spaces whose entry ends
                       ``mover``'s movement, each with what stops it ("the Gate Trap");
                       a direct move ignores them (R17.12).
``DODGE``              ``(s, owner, attacker, defender) -> str``: why the attack cannot
                       hit ``defender`` (``""``: it may), R13.8.
``SPECIAL_RANGE``      ``(s, owner, attacker) -> set[int]``: spaces a range-X attack hits
                       (R13.6).
``RANGE_ORIGIN``       ``(s, owner, attacker) -> int | str | None``: the space range is
                       measured from (an int), ``OFF_BOARD`` (the attack cannot hit), or
                       None (no say: the attacker's standup).
``EXTRA_CARDS``        ``(s, owner, p) -> list[str]``: cards in force for ``p`` besides
                       the attack pair (a form, an Overload Style). Layer 1.
``COPIES``             ``(s, owner, p) -> list[str]``: cards ``p`` copies from elsewhere,
                       stats and effects (a Mirror). Layer 2.
``SUPPRESSES``         ``(s, owner, p, card, timing) -> bool``: ``card`` of ``p`` applies
                       nothing now (``timing`` None: its stats; else that window's
                       effects). Layer 3; a suppressing card is never itself suppressed.
``MODIFIERS``          ``(s, owner, p) -> list[tuple[str, Any, str]]``: (stat, amount,
                       label) added to ``p``'s attack (zone bonuses). Layer 4.
``DAMAGE_TAKEN``       ``(s, owner, defender) -> list[tuple[str, int]]``: extra damage the
                       defender takes, labelled (R15).
``STUN_OFFER``         an ``Offer``: a spend asked of the defender before the stun check
                       (Iron Body, R16.12).
``ON_STUNNED``         ``(s, owner, stunned) -> list[Fact]``: what follows a stun (a
                       Paradigm lost).
``FINISHER_REQUIRES``  ``(s, owner) -> bool``: on a Finisher, whether it may be used now.
``IGNORE_STUN_GUARD``  ``(s, owner, attacker, defender) -> bool``: the attacker's damage
                       ignores the defender's Stun Guard at the stun check (R16.9);
                       Stun Immunity still wins (R16.10).
``NEGATES``            ``(s, owner, p, timing) -> bool``: every triggered effect ``p``
                       would resolve in that window is negated; the declaring card's
                       ``instead`` effect is queued once for each (Stasis Charge).
=====================  =================================================================

Timing windows are not hooks: a card's ``Effect`` names its window (``cards.TIMINGS``),
and ``effects_by_timing`` indexes them once, when the card is registered.
A fighter's private hook names start with its id and a dot (``khadath.locks_trap``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from judge.battlecon.cards import Card
from judge.battlecon.state import SPECIAL_ACTION, DuelState, PlayerState

PRIORITY_TIE = "priority_tie"
FORCES_CLASH = "forces_clash"
MOVEMENT_LOCK = "movement_lock"
MOVEMENT_STOPS = "movement_stops"
DODGE = "dodge"
SPECIAL_RANGE = "x_range"
RANGE_ORIGIN = "range_origin"
EXTRA_CARDS = "extra_cards"
COPIES = "copies"
SUPPRESSES = "suppresses"
MODIFIERS = "modifiers"
DAMAGE_TAKEN = "damage_taken"
STUN_OFFER = "stun_offer"
ON_STUNNED = "on_stunned"
FINISHER_REQUIRES = "requires"
IGNORE_STUN_GUARD = "ignore_stun_guard"
NEGATES = "negates"

HOOKS = (PRIORITY_TIE, FORCES_CLASH, MOVEMENT_LOCK, MOVEMENT_STOPS, DODGE, SPECIAL_RANGE,
         RANGE_ORIGIN, EXTRA_CARDS, COPIES, SUPPRESSES, MODIFIERS, DAMAGE_TAKEN, STUN_OFFER,
         ON_STUNNED, FINISHER_REQUIRES, IGNORE_STUN_GUARD, NEGATES)
OFF_BOARD = "off-board"


def check_names(card: Card) -> None:
    """A card may only declare documented hooks or its fighter's private ones."""
    for key in card.hooks:
        if key not in HOOKS and not (card.fighter and key.startswith(card.fighter + ".")):
            raise ValueError(f"{card.name} declares an unknown hook {key!r}; hooks are "
                             f"{', '.join(HOOKS)}, or '{card.fighter or 'fighter'}.<name>'.")


@dataclass(frozen=True)
class Offer:
    """A spend the defender is asked for before a stun check (``STUN_OFFER``).

    ``offered(s, owner, amount)`` says whether to ask (only when it would matter);
    ``resolve(s, owner, amount, decision)`` returns the Need, then the facts.
    """

    offered: Callable[[DuelState, int, int], bool]
    resolve: Callable[[DuelState, int, int, dict | None], Any]


def attack_cards(s: DuelState, p: int) -> list[Card]:
    """The cards of player p's revealed attack and the ability card, Style first."""
    cards = _layer_1(s, p)[0]
    return list(cards[:len(cards) - len(s.players[p].in_play)])


def _cards_of(player: PlayerState) -> tuple[Card, ...]:
    from judge.battlecon.fighters import card, fighter

    pair = player.pair
    cards: list[Card] = []
    if pair is not None and pair.revealed:
        if pair.finisher:
            cards.append(card(player.finisher))
        else:
            if pair.style and pair.style != SPECIAL_ACTION:
                cards.append(card(pair.style))
            if pair.base:
                cards.append(card(pair.base))
    ability = fighter(player.fighter).ability
    if ability is not None:
        cards.append(ability)
    return tuple(cards) + tuple(card(c) for c in player.in_play)


LAYERED = (EXTRA_CARDS, COPIES, SUPPRESSES)
_LAYER_1: dict[tuple, tuple[tuple[Card, ...], bool]] = {}


def _layer_1(s: DuelState, p: int) -> tuple[tuple[Card, ...], bool]:
    """Player p's cards in force (attack, ability, cards in play), and whether any of them
    takes part in a later layer; cached by what decides them, never by the state."""
    player = s.players[p]
    pair = player.pair
    key = (player.fighter, player.finisher, tuple(player.in_play), None if pair is None else (
        pair.style, pair.base, pair.revealed, pair.finisher))
    found = _LAYER_1.get(key)
    if found is None:
        cards = _cards_of(player)
        found = (cards, any(name in c.hooks for c in cards for name in LAYERED))
        if len(_LAYER_1) < 100_000:
            _LAYER_1[key] = found
    return found


def order(s: DuelState) -> tuple[int, int]:
    """Who is asked first: the Active Player, else the player who antes first."""
    first = s.active if s.active is not None else s.ante_first
    return first, 1 - first


def _layers(s: DuelState) -> dict[int, list[Card]]:
    """Layers 1 and 2 for both players: the cards in force, then extra and copied cards
    (asked of the layer-1 cards only, so a copy never copies itself)."""
    from judge.battlecon.fighters import card

    first = {q: _layer_1(s, q)[0] for q in order(s)}
    out = {q: list(cards) for q, cards in first.items()}
    for name in (EXTRA_CARDS, COPIES):
        for owner, cards in first.items():
            for c in cards:
                fn = c.hooks.get(name)
                if fn is not None:
                    for q in out:
                        out[q] += [card(cid) for cid in fn(s, owner, q)]
    return out


def cards_in_force(s: DuelState, p: int, timing: str | None = None) -> list[Card]:
    """Player p's cards that apply now, after the layers: in force, extra, copies, less
    what is suppressed (for stats when ``timing`` is None, else for that window)."""
    mine, layered = _layer_1(s, p)
    if not (layered or _layer_1(s, 1 - p)[1]):
        return list(mine)  # no extra, copied or suppressed cards: layer 1 is all
    layers = _layers(s)
    suppressors = [(owner, fn) for owner, cards in layers.items() for c in cards
                   if (fn := c.hooks.get(SUPPRESSES)) is not None]
    if not suppressors:
        return layers[p]
    return [c for c in layers[p] if SUPPRESSES in c.hooks
            or not any(fn(s, owner, p, c, timing) for owner, fn in suppressors)]


def query(s: DuelState, name: str) -> Iterator[tuple[int, Card, Any]]:
    """Every ``name`` hook in force, for both players in the documented order."""
    first, second = order(s)
    (cards_1, layered_1), (cards_2, layered_2) = _layer_1(s, first), _layer_1(s, second)
    if layered_1 or layered_2:
        cards_1, cards_2 = tuple(cards_in_force(s, first)), tuple(cards_in_force(s, second))
    for owner, cards in ((first, cards_1), (second, cards_2)):
        for c in cards:
            fn = c.hooks.get(name)
            if fn is not None:
                yield owner, c, fn
