"""BattleCON: War of Indines (2014 rules), the ``battlecon-2014`` ruleset.

Two questions are answered here: what must be decided next (``Duel.prompt``)
and what follows from a decision (``Duel.decide`` returns facts with rules).
Outside this package the ruleset is reached through ``judge.registry`` only.
"""

from judge.battlecon.duel import Duel, initial_state
from judge.battlecon.facts import Fact
from judge.battlecon.record import FORMAT, RULESET, parse_setup, schema
from judge.battlecon.replay import replay_facts

__all__ = ["Duel", "Fact", "FORMAT", "RULESET", "initial_state", "parse_setup", "replay_facts",
           "schema"]
