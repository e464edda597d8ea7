"""Beat analysis (docs/analysis.md): a beat start as a matrix game, solved exactly."""

from judge.battlecon.analysis.beat import EVALUATION, analyse_state
from judge.battlecon.analysis.budget import Budget, BudgetExceeded

__all__ = ["EVALUATION", "Budget", "BudgetExceeded", "analyse_state"]
