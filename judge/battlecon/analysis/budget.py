"""The analysis's time budget (``judge.budget``, re-exported here): ``Budget(seconds)``,
checked per cell and at every node searched; ``BudgetExceeded`` when it is spent."""

from judge.budget import Budget, BudgetExceeded, check

__all__ = ["Budget", "BudgetExceeded", "check"]
