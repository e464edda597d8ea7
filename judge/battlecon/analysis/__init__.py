"""Beat analysis (docs/analysis.md): a beat start as a matrix game, solved exactly."""

from judge.battlecon.analysis.beat import EVALUATION, analyse_state

__all__ = ["EVALUATION", "analyse_state"]
