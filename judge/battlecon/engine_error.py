"""The engine's internal error, in a module of its own so that the compiled build
(``scripts/compile.sh``) leaves it interpreted: mypyc compiles a subclass of
``Exception`` but not of ``RuntimeError``, and ``EngineError`` stays a ``RuntimeError``."""

from __future__ import annotations


class EngineError(RuntimeError):
    """An internal inconsistency: a handler made no progress. Always a bug."""
