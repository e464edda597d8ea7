"""The BattleCON rules judge: a pure, deterministic rules engine.

Two questions are answered here: what must be decided next (``Duel.prompt``)
and what follows from a decision (``Duel.decide`` returns facts with rules).
"""

from judge.duel import Duel, initial_state
from judge.errors import DuelOverError, IllegalDecisionError, JudgeError, RecordError
from judge.facts import Fact
from judge.record import FORMAT, parse_setup, schema
from judge.replay import replay_facts

__all__ = ["Duel", "Fact", "FORMAT", "DuelOverError", "IllegalDecisionError", "JudgeError",
           "RecordError", "initial_state", "parse_setup", "replay_facts", "schema"]
