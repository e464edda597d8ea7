"""A beat's agenda: the work the rules queue for the step under way, one typed item each.

The rules (``rules.py``, a fighter's hook) put items on ``DuelState.agenda``; the engine
resolves the head with the handler of its kind (``engine.ITEM_HANDLERS``), and a fact
whose class ``closes`` takes it off. Items are immutable values: equal when their kind
and fields are, shared freely between states and their copies.

Stored plans and facts (``Planned``, ``EffectResumed``, ``DuelReopened``) keep an item as
a JSON list, kind first, exactly as release 1 wrote its tuples (docs/record-format.md):

- ``["fx", player, effect, action, group]``: one action of a triggered effect;
- ``["activate", player]``, ``["range", attacker]``, ``["damage", attacker]``;
- ``["offer", defender, attacker, amount, card]``: a ``STUN_OFFER`` hook's spend asked
  before the stun check (plans made before it existed wrote Iron Body's as
  ``["iron_body", defender, attacker, amount]``);
- ``["stun", defender, attacker, amount]``;
- ``["priority"]``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final


@dataclass(frozen=True)
class Item:
    """One piece of work on the agenda; each kind is a subclass (``KINDS`` by JSON tag), and
    the engine finds its handler by that class (``engine.ITEM_HANDLERS``)."""

    def to_list(self) -> list[Any]:
        """The item as stored: its kind, then its fields in order."""
        cls = type(self)
        shape = _SHAPES.get(cls)
        if shape is None:
            shape = _SHAPES[cls] = (TAGS[cls], tuple(f.name for f in fields(cls)))
        tag, names = shape
        return [tag, *[getattr(self, name) for name in names]]


@dataclass(frozen=True)
class Fx(Item):
    """One action (``action``, its index) of a triggered ``effect`` of ``player``'s, in the
    window ``group`` (effects of one window are ordered together, R18.5)."""

    player: int
    effect: str
    action: int
    group: str



    def same_action(self, other: Item) -> bool:
        """Whether ``other`` is this action of this effect, whatever its window."""
        return isinstance(other, Fx) and other.player == self.player and \
            other.effect == self.effect and other.action == self.action


@dataclass(frozen=True)
class Activate(Item):
    """``player`` activates the attack (R8, R9)."""

    player: int




@dataclass(frozen=True)
class RangeCheck(Item):
    """Whether ``attacker``'s attack is in range: a hit or a miss (R12)."""

    attacker: int




@dataclass(frozen=True)
class Damage(Item):
    """``attacker``'s hit deals its damage (R13)."""

    attacker: int




@dataclass(frozen=True)
class Offer(Item):
    """A ``STUN_OFFER`` hook of ``card`` asks ``defender`` whether to spend before the stun
    check on ``amount`` damage from ``attacker``."""

    defender: int
    attacker: int
    amount: int
    card: str




@dataclass(frozen=True)
class IronBodyOffer(Item):
    """Iron Body's offer as plans wrote it before ``Offer`` existed (its card implied)."""

    defender: int
    attacker: int
    amount: int




@dataclass(frozen=True)
class StunCheck(Item):
    """Whether ``amount`` damage from ``attacker`` stuns ``defender`` (R14)."""

    defender: int
    attacker: int
    amount: int




@dataclass(frozen=True)
class Priority(Item):
    """Priority is compared and the Active Player named, after the reveal (R7)."""




PRIORITY: Final = Priority()

KINDS: Final[dict[str, type[Item]]] = {
    "fx": Fx, "activate": Activate, "range": RangeCheck, "damage": Damage, "offer": Offer,
    "iron_body": IronBodyOffer, "stun": StunCheck, "priority": Priority}

TAGS: Final[dict[type[Item], str]] = {cls: tag for tag, cls in KINDS.items()}
_SHAPES: Final[dict[type, tuple[str, tuple[str, ...]]]] = {}  # class -> (tag, field names)
_READ: Final[dict[tuple, Item]] = {}  # stored items already read: they are values, shared


def from_list(stored: list[Any] | tuple[Any, ...]) -> Item:
    """The item a stored list (or a release-1 tuple) describes; a replay reads the same
    few items again and again, so each is made once."""
    key = tuple(stored)
    try:
        item = _READ.get(key)
    except TypeError:  # a list or a dict among its fields: malformed, never kept
        return _made(key)
    if item is None:
        item = _made(key)
        if len(_READ) < 100_000:
            _READ[key] = item
    return item


def _made(key: tuple) -> Item:
    kind = KINDS.get(key[0]) if key and isinstance(key[0], str) else None
    if kind is None:
        raise ValueError(f"unknown agenda item {list(key)!r}: its kind must be one of "
                         f"{', '.join(KINDS)}")
    try:
        return kind(*key[1:])
    except TypeError:
        shape = ", ".join(f"{f.name} ({_type_name(f.type)})" for f in fields(kind))
        raise ValueError(f"malformed agenda item {list(key)!r}: a {key[0]!r} item has "
                         f"{len(fields(kind))} fields: {shape}") from None


def _type_name(annotation: Any) -> str:
    """A field's type as written (the source keeps it as text, a compiled build as a type)."""
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__",
                                                                  str(annotation))


def to_lists(agenda: list[Item]) -> list[list[Any]]:
    """The agenda as stored."""
    return [item.to_list() for item in agenda]
