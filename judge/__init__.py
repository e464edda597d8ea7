"""The rules core: rulesets behind one interface, found by name in a registry.

A ruleset (``judge.battlecon`` for BattleCON 2014) answers what must be decided next and
what follows from a decision. Everything outside a ruleset's package reaches it through
``judge.registry`` and the interface in ``judge.ruleset``.
"""

from judge.errors import DuelOverError, IllegalDecisionError, JudgeError, RecordError

__all__ = ["DuelOverError", "IllegalDecisionError", "JudgeError", "RecordError"]
