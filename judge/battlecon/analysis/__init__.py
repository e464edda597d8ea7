"""Beat analysis (docs/analysis.md): a beat start as a matrix game, solved exactly.

``analyse_state`` and ``EVALUATION`` are loaded when first asked for: they load SciPy
(seconds), which finding a beat start and its key (``starts.start_of``, what the service
does under a duel's lock) does not need."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.battlecon.analysis.budget import Budget, BudgetExceeded

if TYPE_CHECKING:
    from judge.battlecon.analysis.beat import EVALUATION, analyse_state

__all__ = ["EVALUATION", "Budget", "BudgetExceeded", "analyse_state"]


def __getattr__(name: str) -> Any:
    if name in ("EVALUATION", "analyse_state"):
        from judge.battlecon.analysis import beat

        return getattr(beat, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
