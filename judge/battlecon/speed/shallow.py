"""A shallow copy of a state's dataclass, for ``DuelState.clone`` (every node the beat
analysis searches makes one).

``copy.copy`` goes through its dispatch and ``__reduce_ex__`` (about 7 microseconds a
copy interpreted, a sixth of a clone's time). Interpreted, the copy made here is the
instance's ``__dict__`` copied into a new one; compiled, ``state.py``'s classes get a
``__copy__`` through their compiled ``__init__`` instead (``scripts/mypyc_source.py``
replaces the one that calls this), so this module is never compiled: a compiled class
has no ``__dict__``.
"""

from __future__ import annotations

from typing import TypeVar

_T = TypeVar("_T")


def shallow(x: _T) -> _T:
    """A new instance of ``x``'s class with the same attribute values (not copies of them:
    the caller copies what it will change)."""
    new = object.__new__(type(x))
    new.__dict__.update(x.__dict__)
    return new
