"""Reading stored facts fast, and the fact types a stored fact may name (issue 32).

Every fact type registers here when its class is made (``register``, from
``facts.FactFlags``): by its class name in ``TYPES``. Reading a stored fact
(``Fact.from_json``, ``replay``) goes through its type's ``Shape``, worked out once per
type (``SHAPES``): stored facts are read by the thousand, so in pure Python a complete one
is filled straight into a new instance's ``__dict__``, and compiled (no ``__dict__``)
through the class's ``_from_stored`` (scripts/mypyc_source.py), after the same checks.

What the rules say of a fact type is read from its class, never decided here: ``closes``
(a class attribute), whether it changes nothing (``UNCHANGING``), and the value a field
takes in a fact stored before the field existed (the field's ``metadata[STORED_DEFAULT]``).
Compiled (``scripts/compile.sh``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, Final

from judge.battlecon.speed.fast_init import install_lazily

TYPES: Final[dict[str, type]] = {}  # every fact type, by its class name
# The fact types whose ``apply`` changes nothing but, if they ``closes``, the agenda's head:
# a replay checks such a stored fact and does not build it (``Shape.unchanging``).
UNCHANGING: Final[set[type]] = set()
# A field's metadata key: the value of the field in a fact stored before it existed.
STORED_DEFAULT: Final = "stored_default"

BASE: Final[list[type]] = []  # the base of every fact type (``register``)
_new: Final = object.__new__


def compiled(base: type) -> bool:
    """Whether ``base`` (the base of every fact) runs compiled (``scripts/compile.sh``):
    then a fact class, and any class that extends one, sets its fields through the
    compiled ``__init__``, never in the ``__dict__`` that ``fast_init`` and ``Shape.read``
    otherwise fill."""
    return not base.__dictoffset__


def register(cls: type, base: type, unchanging: bool) -> None:
    """``cls``, a fact type extending ``base``, may be stored and read back by its name;
    ``unchanging``: its ``apply`` changes nothing. Facts are built by the thousand: in
    pure Python a class without its own ``__init__`` gets a faster one (``fast_init``)."""
    BASE[:] = [base]
    TYPES[cls.__name__] = cls
    SHAPES.pop(cls.__name__, None)
    if unchanging:
        UNCHANGING.add(cls)
    if "__init__" not in vars(cls) and not compiled(base):
        install_lazily(cls)


class Shape:
    """What reading a stored fact of one type needs, worked out once per type: its class,
    its field names (and "type"), the ones without a default, the defaults (those of
    facts stored before a field existed first) and default factories, whether it
    ``closes`` and whether it changes nothing."""

    __slots__ = ("cls", "names", "required", "defaults", "factories", "closes", "unchanging",
                 "stored", "compiled", "older")

    def __init__(self, cls: type) -> None:
        defaults: dict[str, Any] = {}
        older: dict[str, Any] = {}
        factories: list[tuple[str, Callable[[], Any]]] = []
        required = set()
        for f in fields(cls):
            if STORED_DEFAULT in f.metadata:
                defaults[f.name] = older[f.name] = f.metadata[STORED_DEFAULT]
            elif f.default is not MISSING:
                defaults[f.name] = f.default
            elif f.default_factory is not MISSING:
                factories.append((f.name, f.default_factory))
            else:
                required.add(f.name)
        self.cls = cls
        self.names = frozenset(f.name for f in fields(cls)) | {"type"}
        self.required = frozenset(required)
        self.defaults = defaults
        self.older = older
        self.factories = tuple(factories)
        self.closes: bool = getattr(cls, "closes")  # noqa: B009 -- a class attribute of facts
        self.unchanging = cls in UNCHANGING
        # Compiled, a fact class has its own ``_from_stored`` (scripts/mypyc_source.py); a
        # class that extends one in interpreted code does not, and is built by keyword.
        self.stored = vars(cls).get("_from_stored")
        self.compiled = compiled(BASE[0])

    def read(self, data: dict) -> Any:
        """The fact stored as ``data`` (whose "type" names this shape). Stored facts are
        read by the thousand, so this fills the frozen instance directly instead of
        through ``__init__``, after the same checks (compiled: ``_read_compiled``)."""
        if self.compiled:
            return self._read_compiled(data)
        if data.keys() == self.names:  # every field given, as to_json does: one comparison
            fact: Any = _new(self.cls)
            values = fact.__dict__
            values.update(data)
            del values["type"]
            return fact
        return self._read_partial(data)

    def _read_partial(self, data: dict) -> Any:
        """A stored fact that leaves out fields with defaults (or is malformed)."""
        self._check(data)
        fact: Any = _new(self.cls)
        values = fact.__dict__
        values.update(self.defaults)
        values.update(data)
        del values["type"]
        for name, factory in self.factories:
            if name not in data:
                values[name] = factory()  # a fresh list each, as __init__ would make
        return fact

    def _check(self, data: dict) -> None:
        """Refuse a stored fact with a field its type does not have, or without one that
        has no default: a ``TypeError`` that names the field."""
        if data.keys() <= self.names and data.keys() >= self.required:
            return
        given = set(data)
        problems = [f"unknown field {name!r}" for name in sorted(given - self.names)] + [
            f"missing field {name!r}" for name in sorted(self.required - given)]
        raise TypeError(f"A stored {self.cls.__name__} fact: {', '.join(problems)}.")

    def _read_compiled(self, data: dict) -> Any:
        """A compiled class has no ``__dict__``: the fact is built by its compiled
        ``__init__``, after the same checks."""
        if self.stored is not None and data.keys() == self.names:
            return self.stored(data)
        self._check(data)
        given = dict(data)
        del given["type"]
        for name, value in self.older.items():
            if name not in given:
                given[name] = value  # stored before the field existed
        return self.cls(**given)  # raises the TypeError that names a wrong field


class _Shapes(dict[str, Shape]):
    """Per fact type name, its ``Shape``, worked out when first asked (a ``KeyError`` for
    an unknown type). Dropped when a class takes the name anew."""

    def __missing__(self, kind: str) -> Shape:
        shape = self[kind] = Shape(TYPES[kind])
        return shape


SHAPES: Final = _Shapes()
