"""The index of kits: every fighter and card of the ruleset, found by id.

A leaf of the house: it imports only cards and card data. A fighter's module (under
``judge/battlecon/fighters/``) calls ``register`` at its end; the roster (``roster.py``)
imports those modules, and ``generic.py`` hands the six generic Bases and the Special
Action card in with ``register_generic``. What is built from the cards above this module
is handed in as well, never imported: the hook-name check a card passes when registered
(``check_cards_with``) and the caches forgotten when errata correct the cards
(``on_errata``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from judge.battlecon import rulings
from judge.battlecon.carddata import Choice, corrected, project_choices
from judge.battlecon.cards import Card
from judge.battlecon.decisions import Ante, Decision
from judge.battlecon.kit_parts import BeatField, DecisionField, DecisionKind

AnteOptions = Callable[[Any, int], list[Decision]]


@dataclass(frozen=True)
class FigureKind:
    """A figure a fighter brings besides its standup (Tatsumi's Juto): its name, the life
    it starts with (None: it has none), whether movement hops over it like a standup, and
    whether it starts on its owner's space (else off the board)."""

    name: str
    life: int | None = None
    solid: bool = False
    starts_on_owner: bool = True


@dataclass(frozen=True)
class Fighter:
    id: str
    name: str
    short: str
    pronoun: str
    styles: tuple[Card, ...]
    unique_base: Card
    finishers: tuple[Card, Card]
    default_discards: tuple[tuple[str, str], tuple[str, str]]
    ability: Card | None = None
    tokens: tuple[str, ...] = ()  # every token of the kit (the most it may hold, R19.1)
    tokens_aside: tuple[str, ...] = ()  # of those, the ones that start spent (a supply)
    token_bonus: dict[str, tuple[str, Any]] = field(default_factory=dict)
    token_names: dict[str, str] = field(default_factory=dict)
    form: str | None = None  # the form the fighter starts in, if it has forms
    forms: tuple[str, ...] = ()  # every form it may take (Kallistar's Form of Disaster)
    markers: tuple[str, ...] = ()  # markers it owns, by id (R19.3): on a space or off the board
    counters: tuple[str, ...] = ()  # counters its ability tracks (R19.4), starting at 0
    figures: tuple[FigureKind, ...] = ()  # figures besides its standup
    persistent: tuple[Card, ...] = ()  # cards that may be in play (Paradigms)
    ante_options: AnteOptions | None = None
    token_anted: Callable[[Any, int, str], None] | None = None
    # The facts of this fighter's own ante decision (several tokens at once), else Anted.
    ante_facts: Callable[[Any, int, Ante], list] | None = None
    # What the core learns of this fighter from its kit (``kit_parts``, docs/fighters.md):
    # its own decision kinds, fields it adds to a core decision, its per-beat state, and
    # the facts (by type name) that tell what a decision of a kind decided (the narrative).
    decisions: tuple[DecisionKind, ...] = ()
    decision_fields: tuple[DecisionField, ...] = ()
    beat_fields: tuple[BeatField, ...] = ()
    tells: tuple[tuple[str, str], ...] = ()  # (decision kind, fact type name)
    # Its switchable rulings, (name, declaration) as ``rulings.RULINGS`` holds them.
    rulings: tuple[tuple[str, dict[str, Any]], ...] = ()

    def bases(self) -> tuple[Card, ...]:
        """The six generic Bases (as corrected, ``carddata``) and the unique Base."""
        return tuple(_CARDS[cid] for cid in _GENERIC_BASES) + (self.unique_base,)

    def own_cards(self) -> tuple[Card, ...]:
        """Every card of this kit, beyond the generic ones."""
        return self.styles + (self.unique_base,) + self.finishers + (
            (self.ability,) if self.ability else ()) + self.persistent

    def cards(self) -> tuple[Card, ...]:
        return self.styles + self.bases()

    def start_pool(self) -> list[str]:
        """The tokens a fresh duel starts with in the pool: the kit's, less those aside."""
        pool = list(self.tokens)
        for t in self.tokens_aside:
            pool.remove(t)
        return sorted(pool)

    def start_modes(self) -> dict[str, str]:
        """The modes a fresh duel starts in (Kallistar: her form)."""
        return {} if self.form is None else {"form": self.form}

    def token_name(self, token: str) -> str:
        return self.token_names.get(token, token.replace("-", " ").title())


_FIGHTERS: Final[dict[str, Fighter]] = {}
_CARDS: Final[dict[str, Card]] = {}
_EFFECTS: Final[dict[str, tuple[Card, int]]] = {}  # effect key -> (card, index), at registration


def _add_card(c: Card) -> None:
    _CARDS[c.id] = c
    for i in range(len(c.effects)):
        _EFFECTS[c.effect_key(i)] = (c, i)


_GENERIC: Final[list[Card]] = []  # the generic cards as declared (``generic.py``)
_GENERIC_BASES: Final[list[str]] = []  # of those, the Bases every fighter has, in order
_CARD_CHECKS: Final[list[Callable[[Card], None]]] = []  # raise ValueError for a bad card
_ON_ERRATA: Final[list[Callable[[], None]]] = []  # caches built from the cards


def register_generic(bases: Sequence[Card], others: Sequence[Card] = ()) -> None:
    """Make the cards every fighter shares findable by id: ``bases`` are the generic Bases
    each fighter has (``Fighter.bases``, in this order), ``others`` the rest (the Special
    Action card). Registered as declared; errata correct them (``apply_errata``)."""
    for c in (*bases, *others):
        if not any(known is c for known in _GENERIC):
            _GENERIC.append(c)
        _add_card(c)
    _GENERIC_BASES.extend(c.id for c in bases if c.id not in _GENERIC_BASES)


def check_cards_with(check: Callable[[Card], None]) -> None:
    """Have ``register`` pass every card of a new kit to ``check`` (raising ValueError)
    before anything of the kit is registered (the hook names, ``hooks.check_names``)."""
    if check not in _CARD_CHECKS:
        _CARD_CHECKS.append(check)


def on_errata(forget: Callable[[], None]) -> None:
    """Have ``apply_errata`` call ``forget`` once the cards are corrected: a cache built
    from card objects (``hooks.forget_cards``, ``cardset.version``) drops what it kept."""
    if forget not in _ON_ERRATA:
        _ON_ERRATA.append(forget)


_DECLARED: Final[dict[str, Fighter]] = {}  # each kit as its module declares it
_GENERATION: Final[list[int]] = [0]  # bumped whenever a kit is registered or forgotten
_ERRATA: Final[list[Choice]] = []  # the operator's corrections, over the project's card data


def _corrected(f: Fighter) -> Fighter:
    """The kit with the card data's choices and the operator's errata applied."""
    choices = project_choices() + tuple(_ERRATA)

    def fix(c: Card) -> Card:
        return corrected(c, choices)

    new = dataclasses.replace(
        f, styles=tuple(map(fix, f.styles)), unique_base=fix(f.unique_base),
        finishers=(fix(f.finishers[0]), fix(f.finishers[1])),
        ability=fix(f.ability) if f.ability else None, persistent=tuple(map(fix, f.persistent)))
    same = all(a is b for a, b in zip(new.own_cards(), f.own_cards(), strict=True))
    return f if same else new


def errata() -> list[Choice]:
    """The operator's errata in force (``apply_errata``)."""
    return list(_ERRATA)


def apply_errata(choices: list[Choice]) -> None:
    """Correct the cards by the operator's errata (``carddata``), replacing any applied
    before; unknown card ids raise ValueError and change nothing."""
    unknown = sorted({c.card for c in choices} - set(_CARDS) - set(_FIGHTERS))
    if unknown:
        raise ValueError(f"The card errata name unknown cards: {', '.join(unknown)}.")
    _ERRATA[:] = choices
    _forget_derived_cards()
    for c in _GENERIC:
        _add_card(corrected(c, project_choices() + tuple(_ERRATA)))
    for fid, declared in _DECLARED.items():
        kit = _FIGHTERS[fid] = _corrected(declared)
        for c in kit.own_cards():
            _add_card(c)
    _forget_derived()


def _forget_derived() -> None:
    """Caches built from card objects (layers of cards in force, card-data versions)."""
    for forget in _ON_ERRATA:
        forget()


def register(f: Fighter) -> Fighter:
    """Make a fighter and its cards findable by id. Ids are unique in the ruleset: a second
    fighter or card under a taken id raises (ValueError), naming both, before anything of
    this fighter is registered."""
    if f.id in _FIGHTERS:
        if f is _DECLARED[f.id] or f is _FIGHTERS[f.id]:
            return _FIGHTERS[f.id]  # the same fighter again: harmless
        raise ValueError(f"Fighter id {f.id!r} is already registered.")
    declared, f = f, _corrected(f)
    cards = f.own_cards()
    for c in cards:
        for check in _CARD_CHECKS:
            check(c)
        known = _CARDS.get(c.id)
        if known is not None and known is not c:
            raise ValueError(f"Card id {c.id!r} of {f.name} is already registered "
                             f"({known.name}, {known.fighter or 'generic'}).")
    for name, spec in f.rulings:
        rulings.declare(name, spec)
    _FIGHTERS[f.id] = f
    _DECLARED[f.id] = declared
    _GENERATION[0] += 1
    for c in cards:
        _add_card(c)
    return f


def unregister(fid: str) -> None:
    """Forget a fighter and its own cards (a test's fighter, once its test is done)."""
    f = _FIGHTERS.pop(fid)
    _DECLARED.pop(fid, None)
    for name, _spec in f.rulings:
        rulings.withdraw(name)
    _GENERATION[0] += 1
    for c in f.own_cards():
        if c.fighter == fid:
            _CARDS.pop(c.id, None)
            for i in range(len(c.effects)):
                _EFFECTS.pop(c.effect_key(i), None)


def effect(key: str) -> tuple[Card, int]:
    """The card and index of a triggered effect, by its key (``card/timing/index``)."""
    found = _EFFECTS.get(key)
    if found is None:
        _derive(key.split("/")[0])
        found = _EFFECTS[key]
    return found


# --- derived cards: one card remade by a fighter's rule (Sagas's copies) ----------------

DERIVED: Final = "~"  # a derived card's id: ``<card id>~<deriver>``
_DERIVERS: Final[dict[str, Callable[[Card], Card]]] = {}


def add_deriver(name: str, make: Callable[[Card], Card]) -> None:
    """Declare how ``name`` remakes any card (a copy that drops what names its fighter);
    the card ``<id>~<name>`` is ``make(card(<id>))``, built and registered on first use
    (never part of a kit, so no card-data version changes)."""
    _DERIVERS[name] = make


def derived(cid: str, name: str) -> str:
    """The id of card ``cid`` as the deriver ``name`` remakes it, registered if new."""
    did = f"{cid}{DERIVED}{name}"
    if did not in _CARDS:
        _derive(did)
    return did


def _derive(did: str) -> Card:
    base, _, name = did.rpartition(DERIVED)
    make = _DERIVERS.get(name)
    if not base or make is None:
        raise KeyError(did)
    made = dataclasses.replace(make(card(base)), id=did)
    _add_card(made)
    return made


def _forget_derived_cards() -> None:
    """Derived cards are remade from the corrected cards on next use (errata)."""
    for cid in [c for c in _CARDS if DERIVED in c]:
        _CARDS.pop(cid)
    for key in [k for k in _EFFECTS if DERIVED in k.split("/")[0]]:
        _EFFECTS.pop(key)


def fighter(fid: str) -> Fighter:
    return _FIGHTERS[fid]


def card(cid: str) -> Card:
    found = _CARDS.get(cid)
    return found if found is not None else _derive(cid)


def generation() -> int:
    """A number that changes whenever the registered kits change (what is derived from
    their declarations is kept until then: ``kit_decls``)."""
    return _GENERATION[0]


def fighter_ids() -> list[str]:
    return sorted(_FIGHTERS)


def has_fighter(fid: str) -> bool:
    return fid in _FIGHTERS

