"""A decision as the core holds it: one typed value per kind, read from and written to the
record's JSON here and nowhere else.

The record, the prompt, the state JSON and the API keep their JSON objects
(``{"player": 0, "kind": "move", "to": 4}``); inside the core a decision and each option
of a prompt is a frozen value (``Move(player=0, to=4)``): its handler reads ``.to``, mypy
checks it, and a prompt's options compare with a decision by ``==`` (same class, same
fields: ``true`` is never ``1``, since ``read`` keeps only values of the field's JSON type).

A fighter's own kind (Seth's ``guess``) is an ``Own`` value, its fields as the kit
declares them (``kit_parts.DecisionKind``); a field a kit adds to a core kind
(Hepzibah's ``paid_by`` on ``ante``) rides in that value's ``extra``. The core names no
fighter, and this module reads no kit: it is a leaf of the import floors, so a kit's
``ante_options`` and the hooks' signatures can name these values (``read`` takes a kit's
kind and fields as they come; the prompt's options, which the kits make, judge them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeVar

from judge.battlecon.speed.fast_init import fast_init

Extra = tuple[tuple[str, Any], ...]  # a kit's fields on a core kind, sorted by name


class CoreKind:
    """What every core kind says of its values: its name in the JSON, declared in each
    class's body as ``kind: ClassVar[str] = "move"``. Declared here, outside the
    dataclasses, so that the compiled build (docs/compiled.md) can set it on each class
    after its body (as ``facts.FactFlags``)."""

    kind: ClassVar[str] = ""


@fast_init
@dataclass(frozen=True)
class AttackPair(CoreKind):
    """Select step (R4.1): a Style (or the Special Action) and a Base, face down."""

    player: int
    style: str
    base: str
    extra: Extra = ()
    kind: ClassVar[str] = "attack_pair"


@fast_init
@dataclass(frozen=True)
class Ante(CoreKind):
    """Ante step (R5): a token (``count`` of them at once, Luc's Time) or another ante power."""

    player: int
    token: str
    count: int | None = None
    extra: Extra = ()
    kind: ClassVar[str] = "ante"


@fast_init
@dataclass(frozen=True)
class AnteFinisher(CoreKind):
    """Ante step, Ante Finishers variant (R21.2): the Finisher is anted."""

    player: int
    extra: Extra = ()
    kind: ClassVar[str] = "ante"


@fast_init
@dataclass(frozen=True)
class Pass(CoreKind):
    """Ante step: pass (R5.3)."""

    player: int
    extra: Extra = ()
    kind: ClassVar[str] = "pass"


@fast_init
@dataclass(frozen=True)
class ClashBase(CoreKind):
    """Clash (R6.7): a new Base, face down."""

    player: int
    base: str
    extra: Extra = ()
    kind: ClassVar[str] = "clash_base"


@fast_init
@dataclass(frozen=True)
class Move(CoreKind):
    """Any movement choice (R17): the destination space of the standup being moved."""

    player: int
    to: int
    extra: Extra = ()
    kind: ClassVar[str] = "move"


@fast_init
@dataclass(frozen=True)
class Place(CoreKind):
    """A marker's destination (R19)."""

    player: int
    marker: str
    to: int
    extra: Extra = ()
    kind: ClassVar[str] = "place"


@fast_init
@dataclass(frozen=True)
class May(CoreKind):
    """A "may" effect or optional payment (R18.4): used or not."""

    player: int
    accept: bool
    extra: Extra = ()
    kind: ClassVar[str] = "may"


@fast_init
@dataclass(frozen=True)
class Pick(CoreKind):
    """Any other named choice; ``"none"`` where choosing nothing is allowed."""

    player: int
    option: str
    extra: Extra = ()
    kind: ClassVar[str] = "pick"


@fast_init
@dataclass(frozen=True)
class Arrange(CoreKind):
    """Both standups put on two different spaces: (player 0's space, player 1's)."""

    player: int
    spaces: tuple[int, ...]
    extra: Extra = ()
    kind: ClassVar[str] = "arrange"


@fast_init
@dataclass(frozen=True)
class Order(CoreKind):
    """The order of a player's simultaneous triggered effects (R18.5)."""

    player: int
    effects: tuple[str, ...]
    extra: Extra = ()
    kind: ClassVar[str] = "order"


@fast_init
@dataclass(frozen=True)
class Concede(CoreKind):
    """Concession (R20.4)."""

    player: int
    extra: Extra = ()
    kind: ClassVar[str] = "concede"


@fast_init
@dataclass(frozen=True)
class Own:
    """A decision of a kind a fighter declares (Seth's ``guess``): its fields by name, sorted."""

    player: int
    kind: str  # an instance field here, a class constant in the core kinds
    fields: Extra = ()

    def get(self, name: str) -> Any:
        """The field ``name``, or None."""
        for key, value in self.fields:
            if key == name:
                return value
        return None


Decision = (AttackPair | Ante | AnteFinisher | Pass | ClashBase | Move | Place | May | Pick
            | Arrange | Order | Concede | Own)


def own(player: int, kind: str, **fields: Any) -> Own:
    """A fighter's own decision, as its options are written: ``own(p, "guess", base=b)``."""
    return Own(player, kind, tuple(sorted(fields.items())))


def with_extra(**fields: Any) -> Extra:
    """A kit's fields on a core kind, as ``extra`` holds them: ``with_extra(paid_by=...)``."""
    return tuple(sorted(fields.items()))


# --- JSON ------------------------------------------------------------------------------

def write(d: Decision) -> dict[str, Any]:
    """The record's JSON of a decision (no field is ever null)."""
    if isinstance(d, Own):
        return {"player": d.player, "kind": d.kind, **dict(d.fields)}
    out: dict[str, Any] = {"player": d.player, "kind": d.kind}
    if isinstance(d, AttackPair):
        out["style"], out["base"] = d.style, d.base
    elif isinstance(d, Ante):
        out["token"] = d.token
        if d.count is not None:
            out["count"] = d.count
    elif isinstance(d, AnteFinisher):
        out["finisher"] = True
    elif isinstance(d, ClashBase):
        out["base"] = d.base
    elif isinstance(d, Move):
        out["to"] = d.to
    elif isinstance(d, Place):
        out["marker"], out["to"] = d.marker, d.to
    elif isinstance(d, May):
        out["accept"] = d.accept
    elif isinstance(d, Pick):
        out["option"] = d.option
    elif isinstance(d, Arrange):
        out["spaces"] = list(d.spaces)
    elif isinstance(d, Order):
        out["effects"] = list(d.effects)
    for key, value in d.extra:
        out[key] = value
    return out


def _int(v: object) -> bool:
    return type(v) is int


def _str(v: object) -> bool:
    return type(v) is str


def _bool(v: object) -> bool:
    return type(v) is bool


def _ints(v: object) -> bool:
    return type(v) is list and all(type(x) is int for x in v)


def _strs(v: object) -> bool:
    return type(v) is list and all(type(x) is str for x in v)


# Each core kind's fields and their JSON types (``ante`` has two shapes, a token or the
# Finisher, told apart by ``finisher``, and is read by ``_read_ante``).
_SHAPES: dict[str, tuple[tuple[str, Any], ...]] = {
    "attack_pair": (("style", _str), ("base", _str)),
    "pass": (), "concede": (),
    "clash_base": (("base", _str),),
    "move": (("to", _int),),
    "place": (("marker", _str), ("to", _int)),
    "may": (("accept", _bool),),
    "pick": (("option", _str),),
    "arrange": (("spaces", _ints),),
    "order": (("effects", _strs),),
}
# Every field of a core kind: one left over on another core kind is not a kit's field.
_CORE_FIELDS = frozenset({"player", "kind", "token", "count", "finisher"}
                         | {key for shape in _SHAPES.values() for key, _ in shape})


def read(data: dict[str, Any]) -> Decision | None:
    """The decision a JSON object holds, or None when it is not of its kind's shape (no
    player or kind, a core field missing, of another JSON type, or a core field of another
    kind: ``Duel.check`` then says what is legal instead). Null fields count as absent.

    Only core kinds are checked field by field here; a kit's own kind (``Own``) and a kit's
    field on a core kind (``extra``) are taken as they come (keys sorted): the prompt's
    options, which only the kits make, decide whether they are legal (``same_json``), and
    the envelope (``Duel.check``) names an unknown field or kind. So this module reads no
    kit and stays a leaf every floor may import."""
    player, kind = data.get("player"), data.get("kind")
    if type(player) is not int or type(kind) is not str:
        return None
    if len(data) <= 4 and kind in _PLAIN:  # the commonest shapes, read without a copy
        return _read_plain(player, kind, data)
    return _read_general(player, kind, data)


def _read_general(player: int, kind: str, data: dict[str, Any]) -> Decision | None:
    """``read`` of any shape: nulls dropped, each core field checked, the rest a kit's."""
    fields = {k: v for k, v in data.items() if v is not None and k != "player" and k != "kind"}
    if kind == "ante":
        return _read_ante(player, fields)
    shape = _SHAPES.get(kind)
    if shape is None:
        return Own(player, kind, tuple(sorted(fields.items())))
    values = []
    for key, fits in shape:
        value = fields.pop(key, None)
        if value is None or not fits(value):
            return None
        values.append(value)
    extra = _extra(fields)
    return None if extra is None else _build(kind, player, values, extra)


# The kinds ``_read_plain`` reads at once (a record's decisions are nearly all of these).
_PLAIN: Final = frozenset({"attack_pair", "move", "pass", "may", "pick", "clash_base",
                           "ante", "place"})


def _read_plain(player: int, kind: str, data: dict[str, Any]) -> Decision | None:
    """``read`` of a decision of a kind in ``_PLAIN`` holding exactly its fields (no
    kit's field, no null), each checked as ``_SHAPES`` says; else the general path."""
    n = len(data)
    if n == 3:
        if kind == "move":
            to = data.get("to")
            if type(to) is int:
                return Move(player, to)
        elif kind == "may":
            accept = data.get("accept")
            if type(accept) is bool:
                return May(player, accept)
        elif kind == "pick":
            option = data.get("option")
            if type(option) is str:
                return Pick(player, option)
        elif kind == "clash_base":
            base = data.get("base")
            if type(base) is str:
                return ClashBase(player, base)
        elif kind == "ante":
            token = data.get("token")
            if type(token) is str:
                return Ante(player, token)
    elif n == 4 and kind == "attack_pair":
        style, base = data.get("style"), data.get("base")
        if type(style) is str and type(base) is str:
            return AttackPair(player, style, base)
    elif n == 4 and kind == "place":
        marker, to = data.get("marker"), data.get("to")
        if type(marker) is str and type(to) is int:
            return Place(player, marker, to)
    elif n == 2 and kind == "pass":
        return Pass(player)
    return _read_general(player, kind, data)


def _build(kind: str, player: int, v: list[Any], extra: Extra) -> Decision:
    if kind == "attack_pair":
        return AttackPair(player, v[0], v[1], extra)
    if kind == "move":
        return Move(player, v[0], extra)
    if kind == "may":
        return May(player, v[0], extra)
    if kind == "pick":
        return Pick(player, v[0], extra)
    if kind == "clash_base":
        return ClashBase(player, v[0], extra)
    if kind == "place":
        return Place(player, v[0], v[1], extra)
    if kind == "arrange":
        return Arrange(player, tuple(v[0]), extra)
    if kind == "order":
        return Order(player, tuple(v[0]), extra)
    if kind == "pass":
        return Pass(player, extra)
    return Concede(player, extra)


def _read_ante(player: int, fields: dict[str, Any]) -> Decision | None:
    if "finisher" in fields:
        if fields.pop("finisher") is not True or "token" in fields or "count" in fields:
            return None
        extra = _extra(fields)
        return None if extra is None else AnteFinisher(player, extra)
    token, count = fields.pop("token", None), fields.pop("count", None)
    if not _str(token) or (count is not None and not _int(count)):
        return None
    extra = _extra(fields)
    return None if extra is None else Ante(player, token, count, extra)


def _extra(rest: dict[str, Any]) -> Extra | None:
    """The fields left over as a kit's ``extra``; None if one is a field of a core kind."""
    if not rest:
        return ()
    if not _CORE_FIELDS.isdisjoint(rest):
        return None
    return tuple(sorted(rest.items()))


def same_json(a: Decision, b: Decision) -> bool:
    """Whether two equal values also agree in the JSON types of a kit's fields (``true`` is
    not ``1``, though Python's ``==`` says so); a core field's type is fixed by ``read``."""
    if isinstance(a, Own):
        mine, theirs = a.fields, b.fields if isinstance(b, Own) else ()
    elif a.extra and not isinstance(b, Own):
        mine, theirs = a.extra, b.extra
    else:
        return True
    return len(mine) == len(theirs) and all(
        type(x[1]) is type(y[1]) for x, y in zip(mine, theirs, strict=True))


_D = TypeVar("_D")


def expect(d: Decision | None, cls: type[_D], what: str) -> _D:
    """``d`` as the one kind the rules guarantee here (``what`` names it): narrows for mypy;
    any other value here would be a bug in the engine (``Duel.check`` let only an option
    through)."""
    assert isinstance(d, cls), f"{what} is {d!r}, though the rules guarantee a {cls.__name__}"
    return d


# Every class of ``Decision``, for ``isinstance`` (an option passed back to ``Duel.decide``).
DECISION_TYPES: Final = (AttackPair, Ante, AnteFinisher, Pass, ClashBase, Move, Place, May,
                         Pick, Arrange, Order, Concede, Own)


def offered(options: list[Decision], value: Decision) -> bool:
    """Whether ``value`` is one of ``options``: equal (same class, same fields) and of the
    same JSON types (``same_json``). A prompt offers up to 42 options and a check compares
    a decision with them one by one, so the hot kinds compare their fields here, with no
    ``__eq__`` call per option (an attack pair's prompt holds both players' pairs)."""
    cls = type(value)
    if isinstance(value, AttackPair) and not value.extra:
        p, style, base = value.player, value.style, value.base
        for o in options:
            if type(o) is AttackPair and o.base == base and o.style == style \
                    and o.player == p and not o.extra:
                return True
        return False
    if isinstance(value, Arrange) and not value.extra:
        p, spaces = value.player, value.spaces
        for o in options:
            if type(o) is Arrange and o.spaces == spaces and o.player == p and not o.extra:
                return True
        return False
    plain = not isinstance(value, Own) and not value.extra  # else the JSON types too
    for o in options:
        if type(o) is cls and o == value and (plain or same_json(value, o)):
            return True
    return False
