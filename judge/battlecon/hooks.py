"""The rule hooks: every way a card, token, marker or card in play changes a rule.

A card declares the hooks it takes part in as ``Card(hooks=NAME.on(function))``; the
engine never looks up a card by name to know what it does. ``query(s, NAME)`` asks a
hook over everything in force for both players, in this documented order:

1. the player whose effects resolve first: the Active Player, or, before priority is
   known, the player who antes first (R5.2); then the other player;
2. for each player, the cards in force (``cards_in_force``): Style, Base (or Finisher),
   the fighter's ability card, cards in play (Paradigms), extra cards, copies,
   less what a suppression cancels.

Every hook function takes ``(s, owner, ...)``: ``owner`` is the player whose card declares
it, so a hook on one player's card may change a rule for the other (a Gate Trap stops
the opponent; a Negation cancels the opponent's Styles). The hooks, each with its typed
signature and its documentation, are in ``judge.battlecon.hookspecs`` (re-exported here);
a card declares them as ``hooks=NAME.on(function) | ...``, which mypy checks.

Timing windows are not hooks: a card's ``Effect`` names its window (``cards.TIMINGS``),
and ``effects_by_timing`` indexes them once, when the card is registered.
A fighter's private hook names start with its id and a dot (``khadath.locks_trap``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from judge.battlecon.cards import Card
from judge.battlecon.hookspecs import (
    ALSO_IN_RANGE,
    CANNOT_HIT,
    CLASHED,
    COPIED_AS,
    COPIES,
    DAMAGE_CAP,
    DAMAGE_DEALT,
    DAMAGE_TAKEN,
    DODGE,
    EXTRA_CARDS,
    FINISHER_REQUIRES,
    FORBIDS_SPENDING,
    FORCES_CLASH,
    HIT_BY,
    HOOKS,
    IGNORES,
    MAY_IGNORE_MOVEMENT,
    MODIFIERS,
    MOVED,
    MOVEMENT_BLOCKS,
    MOVEMENT_LIMITS,
    MOVEMENT_LOCK,
    MOVEMENT_STOPS,
    MOVEMENT_WRAPS,
    MOVES_ALONG,
    NEGATES,
    ON_STUNNED,
    PREVENTS_STUN,
    PRIORITY_TIE,
    PRIORITY_TIE_LOST,
    RANGE_ORIGIN,
    RECYCLED,
    SELECTS_FIRST,
    SKIPS_RECYCLE,
    SPECIAL_RANGE,
    STAT_CAP,
    STUN_OFFER,
    SUPPRESSES,
    Hook,
    Offer,
    declared,
)
from judge.battlecon.kits import card, check_cards_with, fighter, on_errata
from judge.battlecon.state import SPECIAL_ACTION, DuelState, PlayerState

# The hooks are re-exported: every earlier import of a hook name from here still works.
# (``__all__`` lists the re-exported names only; what this module defines is public too.)
__all__ = [
    "ALSO_IN_RANGE", "CANNOT_HIT", "CLASHED", "COPIED_AS", "COPIES", "DAMAGE_CAP",
    "DAMAGE_DEALT", "DAMAGE_TAKEN", "DODGE", "EXTRA_CARDS", "FINISHER_REQUIRES",
    "FORBIDS_SPENDING", "FORCES_CLASH", "HIT_BY", "HOOKS", "IGNORES", "MAY_IGNORE_MOVEMENT",
    "MODIFIERS", "MOVED", "MOVEMENT_BLOCKS", "MOVEMENT_LIMITS", "MOVEMENT_LOCK",
    "MOVEMENT_STOPS", "MOVEMENT_WRAPS", "MOVES_ALONG", "NEGATES", "ON_STUNNED",
    "PREVENTS_STUN", "PRIORITY_TIE", "PRIORITY_TIE_LOST", "RANGE_ORIGIN", "RECYCLED",
    "SELECTS_FIRST", "SKIPS_RECYCLE", "SPECIAL_RANGE", "STAT_CAP", "STUN_OFFER",
    "SUPPRESSES", "Hook", "Offer", "declared",
]

OFF_BOARD: Final = "off-board"
T = TypeVar("T")


def check_names(card: Card) -> None:
    """A card may only declare documented hooks or its fighter's private ones."""
    for key in card.hooks:
        if key not in HOOKS and not (card.fighter and key.startswith(card.fighter + ".")):
            raise ValueError(f"{card.name} declares an unknown hook {key!r}; hooks are "
                             f"{', '.join(HOOKS)}, or '{card.fighter or 'fighter'}.<name>'.")


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


_ERRATA: Final = [0]  # errata corrected so far: a layered index kept before is stale


def _kept(s: DuelState, key: tuple) -> Any:
    """What ``_keep`` kept in ``s`` for ``key`` since the last fact (None: nothing, or
    errata since)."""
    kept = s.cache.remembered(key)
    return None if kept is None or kept[0] != _ERRATA[0] else kept[1]


def _keep(s: DuelState, key: tuple, value: Any) -> None:
    """Keep ``value`` in ``s`` for ``key`` until the next fact (``speed.cache``)."""
    s.cache.remember(key, (_ERRATA[0], value))


def forget_cards() -> None:
    """Drop the cached layers: the cards were corrected (errata)."""
    _LAYER_1.clear()
    _ERRATA[0] += 1


def _layer_1(s: DuelState, p: int) -> Layer1:
    """Player p's cards in force (attack, ability, cards in play), whether any of them
    takes part in a later layer, and their hooks by name; kept in the state until a fact
    that may change them (``speed.cache``, ``Fact.keeps_cards``), and cached by what
    decides them. Never kept while a fact that may change them applies."""
    cache = s.cache
    found: Layer1 | None = cache.kept_cards(p)
    if found is None:
        found = _layer_1_of(s.players[p])
        cache.keep_cards(p, found)
    return found


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


def first_reason(s: DuelState, name: Hook[Callable[..., str]], *args: Any) -> str:
    """The first non-empty reason a ``name`` hook in force gives (``""``: none); for the
    hooks that give a reason (a ``str``), as the hook's signature says."""
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
    first = {q: _layer_1(s, q) for q in order(s)}
    out = {q: list(layer[0]) for q, layer in first.items()}
    for name in (EXTRA_CARDS, COPIES):
        for owner, layer in first.items():
            for _owner, _c, fn in layer[2][owner].get(name, ()):  # in card order
                for q in out:
                    out[q] += [card(cid) for cid in fn(s, owner, q)]
    return out


Layered = tuple[dict[int, list[Card]], list[tuple[int, Card, Any]]]


def _layered(s: DuelState) -> Layered:
    """``_layers`` and the ``SUPPRESSES`` hooks among their cards, kept until the next fact
    (the layers ask their cards, e.g. Kehrolyn's Current Form; every window asks them)."""
    found: Layered | None = _kept(s, _LAYERS)
    if found is None:
        layers = _layers(s)
        found = (layers, [(owner, c, fn) for owner, cards in layers.items() for c in cards
                          if (fn := declared(c, SUPPRESSES)) is not None])
        _keep(s, _LAYERS, found)
    return found


_LAYERS: Final = ("layers",)  # its key in the state's cache


def cards_in_force(s: DuelState, p: int, timing: str | None = None) -> list[Card]:
    """Player p's cards that apply now, after the layers: in force, extra, copies, less
    what is suppressed (for stats when ``timing`` is None, else for that window)."""
    mine, layered, _ = _layer_1(s, p)
    if not (layered or _layer_1(s, 1 - p)[1]):
        return list(mine)  # no extra, copied or suppressed cards: layer 1 is all
    layers, suppressors = _layered(s)
    if not suppressors:
        return list(layers[p])
    return [c for c in layers[p] if not any(
        fn(s, owner, p, c, timing) for owner, src, fn in suppressors if src is not c)]


def in_force(s: DuelState, p: int, timing: str | None = None) -> Sequence[Card]:
    """``cards_in_force`` for reading only: layer 1 itself when no card in force takes
    part in a later layer (not a copy: never change it)."""
    mine, layered, _ = _layer_1(s, p)
    if not (layered or _layer_1(s, 1 - p)[1]):
        return mine
    key = ("in force", p, timing)  # the layers ask their cards: kept until the next fact
    found: tuple[Card, ...] | None = _kept(s, key)
    if found is None:
        found = tuple(cards_in_force(s, p, timing))
        _keep(s, key, found)
    return found


def query(s: DuelState, name: Hook[T]) -> Sequence[tuple[int, Card, T]]:
    """Every ``name`` hook in force, for both players in the documented order, as
    (owner, card, function), each function typed by the hook's signature."""
    first = s.active if s.active is not None else s.ante_first  # ``order``
    cache = s.cache
    kept_one: Layer1 | None = cache.kept_cards(first)
    kept_two: Layer1 | None = cache.kept_cards(1 - first)
    one = _layer_1(s, first) if kept_one is None else kept_one  # kept since the last change
    two = _layer_1(s, 1 - first) if kept_two is None else kept_two
    if one[1] or two[1]:
        return _query_layered(s, name, first)
    mine, theirs = one[2][first].get(name), two[2][1 - first].get(name)
    if theirs is None:
        return () if mine is None else mine
    return theirs if mine is None else mine + theirs


_LAYERED: Final = ("hooks after the layers",)  # its key in the state's cache


def _query_layered(s: DuelState, name: Hook[T], first: int) -> Sequence[tuple[int, Card, T]]:
    """``query`` when some card in force extends, copies or suppresses: after the layers.

    The layers ask the cards that make them (Kehrolyn's Current Form, which any fact may
    change), so every hook's triples are indexed at once and kept until the next fact
    (``speed.cache``'s ``remember``): a beat asks a few hundred hooks between two facts."""
    index: ByHook | None = _kept(s, _LAYERED)
    if index is None:
        index = layered_index(s, first)
        _keep(s, _LAYERED, index)
    found: tuple[tuple[int, Card, T], ...] = index.get(name, ())
    return found


def layered_index(s: DuelState, first: int) -> ByHook:
    """Every hook in force after the layers, by name: its (owner, card, function) triples,
    ``first``'s cards first, each player's in the order ``cards_in_force`` gives."""
    out: dict[str, list[tuple[int, Card, Any]]] = {}
    for owner in (first, 1 - first):
        for c in in_force(s, owner):
            for name, fn in c.hooks.items():
                if fn is not None:  # as ``declared`` reads it: None declares nothing
                    out.setdefault(name, []).append((owner, c, fn))
    return {name: tuple(found) for name, found in out.items()}


# The index of kits (below this module) checks each card it registers by these hook names,
# and forgets the cached layers when errata correct the cards.
check_cards_with(check_names)
on_errata(forget_cards)
