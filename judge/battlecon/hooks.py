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
``PRIORITY_TIE_LOST``  ``(s, owner) -> bool``: the owner loses a priority tie without a
                       Clash; its opponent is Active (Overload). Counts as the opponent
                       winning the tie (``PRIORITY_TIE``).
``FORCES_CLASH``       ``(s, owner) -> bool``: the beat's priorities count as tied.
                       Asked at every priority check, Clash rounds included: a hook that
                       forces only the first Clash says so itself (R6.11).
``CLASHED``            ``(s, owner) -> list[Fact]``: what follows each Clash at once, the
                       first round and every extension (Cherri's opponent loses 1 life).
``MOVEMENT_LOCK``      ``(s, owner, mover) -> str``: why ``mover`` cannot move at all
                       (``""``: no lock); the movement is ignored (R17.9).
``MOVEMENT_STOPS``     ``(s, owner, mover) -> dict[int, str]``: spaces whose entry ends
                       ``mover``'s movement, each with what stops it ("the Gate Trap");
                       a direct move ignores them (R17.12).
``MAY_IGNORE_MOVEMENT`` ``(s, owner, mover, by) -> str``: what lets ``mover`` ignore a
                       movement effect of ``by``'s card (``""``: nothing): Exoskeletal
                       (an opponent's movement), Rooted, Sturdy (any), for every movement
                       effect (``moving.question``). The mover is asked first (a
                       ``may``), unless it could already stay put by its own choice: about
                       walks and direct moves always, about a swap or a rearrangement under
                       the ruling ``placing: movement`` (P1, ``judge.battlecon.placing``).
``CANNOT_HIT``         ``(s, owner, attacker) -> str``: why ``attacker``'s attack cannot hit
                       at all this beat (``""``: it may), checked before dodges (no Ammo).
``MOVEMENT_LIMITS``    ``(s, owner, mover) -> dict[str, str]``: what ``mover`` may not do,
                       each with why: ``"retreat"`` (no movement of its own away from the
                       opponent), ``"advance"`` (none toward the opponent: Staff) and ``"pass"`` (no movement past the opponent: it goes no
                       farther than the adjacent space, R17.14; direct moves too, R17.12b).
``MOVEMENT_BLOCKS``    ``(s, owner, mover) -> dict[int, str]``: spaces ``mover``'s movement
                       may not enter or pass through, each with what blocks it (Lance);
                       the movement ends on the space before (R17.14, R17.16); a direct
                       move ignores them (R17.12b, G10).
``MOVEMENT_WRAPS``     ``(s, owner, mover, by) -> str``: what makes the board's two edges
                       adjacent for a movement of ``mover`` caused by ``by``'s effect (``""``:
                       nothing): a walk off one edge goes on from the other (Shadow). A
                       movement never laps the board, and one that may not pass the
                       opponent does not cross an edge that would switch their sides.
``MOVES_ALONG``        ``(s, owner, mover) -> str``: what makes the owner move along with
                       ``mover``'s walk (``""``: nothing): Mimic's under the ruling
                       ``mimic-movement: together``. Asked only where a walk opts in
                       (``destinations(along=True)``, ``judge.battlecon.along``): the
                       mover does not hop over the owner, who moves first when walked
                       toward and stops at the board's edge.
``MOVED``              ``(s, owner, moved) -> list[Fact]``: what follows a standup's
                       movement (``facts.Moved``), direct ones included (R17.12a).
``DODGE``              ``(s, owner, attacker, defender) -> str``: why the attack cannot
                       hit ``defender`` (``""``: it may), R13.8.
``SPECIAL_RANGE``      ``(s, owner, attacker) -> set[int]``: spaces a range-X attack hits
                       (R13.6).
``ALSO_IN_RANGE``      ``(s, owner, attacker) -> dict[int, str]``: ranges at which the
                       attacker's numeric-range attack hits besides its own, each with
                       what says so (Paradigm of Distortion); never for N/A or X.
``RANGE_ORIGIN``       ``(s, owner, attacker) -> int | str | None``: the space range is
                       measured from (an int), ``OFF_BOARD`` (the attack cannot hit), or
                       None (no say: the attacker's standup). Measured from another
                       figure, range 0 is that figure's space and may hit (R13.4 bars
                       only the attacker's own space).
``EXTRA_CARDS``        ``(s, owner, p) -> list[str]``: cards in force for ``p`` besides
                       the attack pair (a form, an Overload Style). Layer 1.
``COPIES``             ``(s, owner, p) -> list[str]``: cards ``p`` copies from elsewhere,
                       stats and effects (a Mirror). Layer 2.
``SUPPRESSES``         ``(s, owner, p, card, timing) -> bool``: ``card`` of ``p`` applies
                       nothing now (``timing`` None: its stats; else that window's
                       effects). Layer 3: every suppression is asked of layers 1-2 at
                       once, so one suppressing card may cancel another (Negation cancels
                       Naturalizing) while a card never suppresses itself.
``MODIFIERS``          ``(s, owner, p) -> list[tuple[str, Any, str]]``: (stat, amount,
                       label) added to ``p``'s attack (zone bonuses). Layer 4.
``DAMAGE_TAKEN``       ``(s, owner, defender) -> list[tuple[str, int]]``: extra damage the
                       defender takes, labelled (R15).
``DAMAGE_DEALT``       ``(s, owner, dealt) -> list[Fact]``: what follows at once when an
                       attack's damage is dealt (``facts.DamageDealt``, soaked damage
                       included), before the stun check (a companion losing the life it
                       soaked; Cherri regaining Insight on taking 3 or more at once).
``DAMAGE_CAP``         ``(s, owner, defender) -> tuple[str, int] | None``: the most damage
                       the defender takes from one hit, after Soak, and what says so
                       (Magdelina's Safety); the lowest cap in force applies.
``IGNORES``            ``(s, owner, attacker) -> dict[str, str]``: the defender's stats
                       (``soak``, ``stun_guard``) that ``attacker``'s hits ignore, each
                       with what ignores it (R15.5, R16.9; Stun Guard ignored even at ∞,
                       and no ``STUN_OFFER`` is asked then).
``HIT_BY``             ``(s, owner, attacker) -> list[Fact]``: what follows at once when
                       ``attacker``'s attack hits, before its On Hit effects (Crescendo).
``PREVENTS_STUN``      ``(s, owner, attacker, defender) -> str``: why this attack's
                       damage cannot stun the defender (Knives at range 1).
``STUN_OFFER``         an ``Offer``: a spend asked of the defender before the stun check
                       (Iron Body, R16.12).
``ON_STUNNED``         ``(s, owner, stunned) -> list[Fact]``: what follows a new stun, by
                       the stun check or a card that stuns (a Paradigm lost).
``FINISHER_REQUIRES``  ``(s, owner) -> bool``: on a Finisher, whether it may be used now.
``SELECTS_FIRST``      ``(s, owner) -> tuple[int, str] | None``: a player who lays their
                       attack pair before the other may choose, the Style face up, and
                       the rule that says so (``"reading-fate: On Hit"``); None: no say.
``RECYCLED``           ``(s, owner, p, recycled) -> list[Fact]``: what follows player ``p``'s
                       ``Recycled`` fact (a token that cycles with the discard piles).
``SKIPS_RECYCLE``      ``(s, owner, p) -> str``: why player ``p`` does not recycle this
                       beat (``""``: it does), for a player whose attack pair an effect
                       took (Assimilate); a Pulse or a Finisher decides first (R11.3).
``STAT_CAP``           ``(s, owner, p) -> str``: why ``p``'s power, priority and range may
                       not rise above the printed Styles + Base (Naturalizing). Layer 5.
``FORBIDS_SPENDING``   ``(s, owner, spender) -> str``: why ``spender`` may not spend
                       tokens or counters now (Naturalizing); a ``STUN_OFFER`` is not asked.
                       Asked only through ``judge.battlecon.spending``, the one choke point.
``COPIED_AS``          ``(s, owner, p) -> dict[str, str]``: for a copy that keeps the copied
                       card's own id, and so its effect keys (which records name in ``order``
                       decisions), the name the narrative gives the copy, by the copied id
                       (Mutating's copy of Whip is "Mutating (as Whip)"). The copy's effects
                       are the later of two equal ones in a window (``COPIES`` come last).
``NEGATES``            ``(s, owner, p, timing) -> bool``: every triggered effect ``p``
                       would resolve in that window is negated; the declaring card's
                       ``instead`` effect is queued once for each (Stasis Charge).
=====================  =================================================================

Timing windows are not hooks: a card's ``Effect`` names its window (``cards.TIMINGS``),
and ``effects_by_timing`` indexes them once, when the card is registered.
A fighter's private hook names start with its id and a dot (``khadath.locks_trap``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from judge.battlecon.cards import Card
from judge.battlecon.kits import card, check_cards_with, fighter, on_errata
from judge.battlecon.state import APPLYING, SPECIAL_ACTION, DuelState, PlayerState

PRIORITY_TIE: Final = "priority_tie"
FORCES_CLASH: Final = "forces_clash"
CLASHED: Final = "clashed"
PRIORITY_TIE_LOST: Final = "priority_tie_lost"
MAY_IGNORE_MOVEMENT: Final = "may_ignore_movement"
CANNOT_HIT: Final = "cannot_hit"
IGNORES: Final = "ignores"
MOVEMENT_LOCK: Final = "movement_lock"
MOVEMENT_STOPS: Final = "movement_stops"
MOVEMENT_LIMITS: Final = "movement_limits"
MOVEMENT_WRAPS: Final = "movement_wraps"
DODGE: Final = "dodge"
SPECIAL_RANGE: Final = "x_range"
ALSO_IN_RANGE: Final = "also_in_range"
RANGE_ORIGIN: Final = "range_origin"
EXTRA_CARDS: Final = "extra_cards"
COPIES: Final = "copies"
SUPPRESSES: Final = "suppresses"
MODIFIERS: Final = "modifiers"
DAMAGE_TAKEN: Final = "damage_taken"
DAMAGE_CAP: Final = "damage_cap"
DAMAGE_DEALT: Final = "damage_dealt"
HIT_BY: Final = "hit_by"
STUN_OFFER: Final = "stun_offer"
ON_STUNNED: Final = "on_stunned"
FINISHER_REQUIRES: Final = "requires"
RECYCLED: Final = "recycled"
SKIPS_RECYCLE: Final = "skips_recycle"
MOVEMENT_BLOCKS: Final = "movement_blocks"
MOVED: Final = "moved"
MOVES_ALONG: Final = "moves_along"
PREVENTS_STUN: Final = "prevents_stun"
STAT_CAP: Final = "stat_cap"
FORBIDS_SPENDING: Final = "forbids_spending"
NEGATES: Final = "negates"
SELECTS_FIRST: Final = "selects_first"
COPIED_AS: Final = "copied_as"

HOOKS: Final = (PRIORITY_TIE, PRIORITY_TIE_LOST, FORCES_CLASH, CLASHED, MOVEMENT_LOCK, MOVEMENT_STOPS,
         MOVEMENT_LIMITS, MOVEMENT_BLOCKS, MOVEMENT_WRAPS, MAY_IGNORE_MOVEMENT, MOVED, MOVES_ALONG,
         CANNOT_HIT, DODGE,
         SPECIAL_RANGE, ALSO_IN_RANGE, RANGE_ORIGIN, EXTRA_CARDS, COPIES, SUPPRESSES, MODIFIERS,
         DAMAGE_TAKEN, DAMAGE_CAP, DAMAGE_DEALT, IGNORES, HIT_BY, PREVENTS_STUN, STUN_OFFER,
         ON_STUNNED, FINISHER_REQUIRES, RECYCLED, SKIPS_RECYCLE, STAT_CAP, FORBIDS_SPENDING,
         NEGATES, SELECTS_FIRST, COPIED_AS)
OFF_BOARD: Final = "off-board"


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


LAYERED: Final = (EXTRA_CARDS, COPIES, SUPPRESSES)
# Player p's layer 1: the cards, whether any takes part in a later layer, and each hook's
# (owner, card, function) triples in card order, for owner 0 and for owner 1 (indexed
# once, so a query never scans the cards).
ByHook = dict[str, tuple[tuple[int, Card, Any], ...]]
Layer1 = tuple[tuple[Card, ...], bool, tuple[ByHook, ByHook]]
_LAYER_1: Final[dict[tuple, Layer1]] = {}


def forget_cards() -> None:
    """Drop the cached layers: the cards were corrected (errata)."""
    _LAYER_1.clear()


def _layer_1(s: DuelState, p: int) -> Layer1:
    """Player p's cards in force (attack, ability, cards in play), whether any of them
    takes part in a later layer, and their hooks by name; kept in the state until a fact
    that may change them (``DuelState.layers``, ``Fact.keeps_cards``), and cached by what
    decides them. Never kept while a fact that may change them applies."""
    if s.cards_version == APPLYING:
        return _layer_1_of(s.players[p])
    kept = s.layers
    if kept[0] == s.cards_version:
        found: Layer1 | None = kept[p + 1]
        if found is not None:
            return found
    else:
        kept[:] = [s.cards_version, None, None]
    fresh = kept[p + 1] = _layer_1_of(s.players[p])
    return fresh


def cards_key(player: PlayerState) -> tuple:
    """What decides a player's cards in force: the fighter, the Finisher, the cards in
    play and the attack pair."""
    pair = player.pair
    return (player.fighter, player.finisher, tuple(player.in_play), None if pair is None else (
        pair.style, pair.base, pair.revealed, pair.finisher))


def _layer_1_of(player: PlayerState) -> Layer1:
    """``_layer_1`` by what decides it (``cards_key``)."""
    key = cards_key(player)
    found = _LAYER_1.get(key)
    if found is None:
        cards = _cards_of(player)
        found = (cards, any(name in c.hooks for c in cards for name in LAYERED),
                 (_by_hook(cards, 0), _by_hook(cards, 1)))
        if len(_LAYER_1) < 100_000:
            _LAYER_1[key] = found
    return found


def _by_hook(cards: tuple[Card, ...], owner: int) -> ByHook:
    """Each hook name declared by ``cards`` with its (owner, card, function) triples, in
    card order, as ``query`` gives them."""
    out: dict[str, list[tuple[int, Card, Any]]] = {}
    for c in cards:
        for name, fn in c.hooks.items():
            if fn is not None:  # as ``c.hooks.get(name)`` would be read: None declares nothing
                out.setdefault(name, []).append((owner, c, fn))
    return {name: tuple(found) for name, found in out.items()}


def ignored(s: DuelState, a: int) -> dict[str, str]:
    """The defender's defences (``soak``, ``stun_guard``) a's attack ignores, each with what
    ignores it (``IGNORES``; the first source named for a defence keeps it)."""
    out: dict[str, str] = {}
    for owner, _c, fn in query(s, IGNORES):
        for what, source in fn(s, owner, a).items():
            out.setdefault(what, source)
    return out


def first_reason(s: DuelState, name: str, *args: Any) -> str:
    """The first non-empty reason a ``name`` hook in force gives (``""``: none)."""
    for owner, _c, fn in query(s, name):
        reason = fn(s, owner, *args)
        if reason:
            return str(reason)
    return ""


def order(s: DuelState) -> tuple[int, int]:
    """Who is asked first: the Active Player, else the player who antes first."""
    first = s.active if s.active is not None else s.ante_first
    return first, 1 - first


def _layers(s: DuelState) -> dict[int, list[Card]]:
    """Layers 1 and 2 for both players: the cards in force, then extra and copied cards
    (asked of the layer-1 cards only, so a copy never copies itself)."""
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
    mine, layered, _ = _layer_1(s, p)
    if not (layered or _layer_1(s, 1 - p)[1]):
        return list(mine)  # no extra, copied or suppressed cards: layer 1 is all
    layers = _layers(s)
    suppressors = [(owner, c, fn) for owner, cards in layers.items() for c in cards
                   if (fn := c.hooks.get(SUPPRESSES)) is not None]
    if not suppressors:
        return layers[p]
    return [c for c in layers[p] if not any(
        fn(s, owner, p, c, timing) for owner, src, fn in suppressors if src is not c)]


def in_force(s: DuelState, p: int, timing: str | None = None) -> Sequence[Card]:
    """``cards_in_force`` for reading only: layer 1 itself when no card in force takes
    part in a later layer (not a copy: never change it)."""
    mine, layered, _ = _layer_1(s, p)
    if layered or _layer_1(s, 1 - p)[1]:
        return cards_in_force(s, p, timing)
    return mine


def query(s: DuelState, name: str) -> Sequence[tuple[int, Card, Any]]:
    """Every ``name`` hook in force, for both players in the documented order, as
    (owner, card, function)."""
    first = s.active if s.active is not None else s.ante_first  # ``order``
    kept = s.layers
    one: Layer1
    two: Layer1
    if kept[0] == s.cards_version and kept[1] is not None and kept[2] is not None:
        one, two = kept[first + 1], kept[2 - first]  # both kept since the last change
    else:
        one, two = _layer_1(s, first), _layer_1(s, 1 - first)
    if one[1] or two[1]:
        return _query_layered(s, name, first)
    mine, theirs = one[2][first].get(name), two[2][1 - first].get(name)
    if theirs is None:
        return () if mine is None else mine
    return theirs if mine is None else mine + theirs


def _query_layered(s: DuelState, name: str, first: int) -> list[tuple[int, Card, Any]]:
    """``query`` when some card in force extends, copies or suppresses: after the layers."""
    return [(owner, c, fn) for owner in (first, 1 - first) for c in cards_in_force(s, owner)
            if (fn := c.hooks.get(name)) is not None]


# The index of kits (below this module) checks each card it registers by these hook names,
# and forgets the cached layers when errata correct the cards.
check_cards_with(check_names)
on_errata(forget_cards)
