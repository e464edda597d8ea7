"""The fighter registry: each kit is a module beside this one, found by id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judge.battlecon.cards import Card
from judge.battlecon.generic import GENERIC_BASES, SPECIAL_ACTION_CARD
from judge.battlecon.hooks import check_names

AnteOptions = Callable[[Any, int], list[dict]]


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
    ante_facts: Callable[[Any, int, dict], list] | None = None

    def bases(self) -> tuple[Card, ...]:
        return GENERIC_BASES + (self.unique_base,)

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


_FIGHTERS: dict[str, Fighter] = {}
_CARDS: dict[str, Card] = {}
_EFFECTS: dict[str, tuple[Card, int]] = {}  # effect key -> (card, index), at registration


def _add_card(c: Card) -> None:
    _CARDS[c.id] = c
    for i in range(len(c.effects)):
        _EFFECTS[c.effect_key(i)] = (c, i)


for _generic in (*GENERIC_BASES, SPECIAL_ACTION_CARD):
    _add_card(_generic)


def register(f: Fighter) -> Fighter:
    """Make a fighter and its cards findable by id. Ids are unique in the ruleset: a second
    fighter or card under a taken id raises (ValueError), naming both, before anything of
    this fighter is registered."""
    if f.id in _FIGHTERS and _FIGHTERS[f.id] is not f:
        raise ValueError(f"Fighter id {f.id!r} is already registered.")
    cards = f.cards() + f.finishers + ((f.ability,) if f.ability else ()) + f.persistent
    for c in cards:
        check_names(c)
        known = _CARDS.get(c.id)
        if known is not None and known is not c:
            raise ValueError(f"Card id {c.id!r} of {f.name} is already registered "
                             f"({known.name}, {known.fighter or 'generic'}).")
    _FIGHTERS[f.id] = f
    for c in cards:
        _add_card(c)
    return f


def unregister(fid: str) -> None:
    """Forget a fighter and its own cards (a test's fighter, once its test is done)."""
    f = _FIGHTERS.pop(fid)
    for c in f.cards() + f.finishers + ((f.ability,) if f.ability else ()) + f.persistent:
        if c.fighter == fid:
            _CARDS.pop(c.id, None)
            for i in range(len(c.effects)):
                _EFFECTS.pop(c.effect_key(i), None)


def effect(key: str) -> tuple[Card, int]:
    """The card and index of a triggered effect, by its key (``card/timing/index``)."""
    return _EFFECTS[key]


def fighter(fid: str) -> Fighter:
    return _FIGHTERS[fid]


def card(cid: str) -> Card:
    return _CARDS[cid]


def fighter_ids() -> list[str]:
    return sorted(_FIGHTERS)


def has_fighter(fid: str) -> bool:
    return fid in _FIGHTERS


from judge.battlecon.fighters import (  # noqa: E402,F401
    cadenza,
    demitras,
    heketch,
    hikaru,
    kallistar,
    kehrolyn,
    khadath,
    lixis,
    luc,
    magdelina,
    rukyuk,
    vanaah,
)
