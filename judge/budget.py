"""A cooperative time budget for long computations (the beat analysis, docs/analysis.md):
the computation calls ``check()`` often, and stops with ``BudgetExceeded`` once the time
is spent. Ruleset-independent, so that the API can make one and pass it through the
ruleset's interface (``analyse(..., budget=Budget(10))``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from judge.errors import RecordError


class BudgetExceeded(RecordError):
    """A computation stopped because its time budget was spent (rule ``budget``); the
    reason names the budget."""

    def __init__(self, seconds: float, what: str = "the analysis") -> None:
        super().__init__(f"{what[:1].upper()}{what[1:]} did not finish within its time "
                         f"budget of {seconds:g} s.", "budget")
        self.seconds = seconds


class Budget:
    """``seconds`` of wall-clock time from its making; ``check()`` raises
    ``BudgetExceeded`` once they are spent. ``clock`` is for tests (a fake clock)."""

    def __init__(self, seconds: float, what: str = "the analysis",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = float(seconds)
        self.what = what
        self._clock = clock
        self.deadline = clock() + self.seconds

    def left(self) -> float:
        """Seconds left (negative once spent)."""
        return self.deadline - self._clock()

    def check(self) -> None:
        """Raise ``BudgetExceeded`` when the budget is spent."""
        if self._clock() > self.deadline:
            raise BudgetExceeded(self.seconds, self.what)


def check(budget: Budget | None) -> None:
    """``budget.check()``, when there is a budget."""
    if budget is not None:
        budget.check()
