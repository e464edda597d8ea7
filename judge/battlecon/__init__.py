"""BattleCON: War of Indines (2014 rules), the ``battlecon-2014`` ruleset.

Two questions are answered here: what must be decided next (``Duel.prompt``)
and what follows from a decision (``Duel.decide`` returns facts with rules).
Outside this package the ruleset is reached through ``judge.registry`` only.
"""

from judge.battlecon.speed.build import choose

choose()  # before any compiled module is imported: a stale build never runs (docs/compiled.md)

from judge.battlecon.duel import Duel, initial_state  # noqa: E402
from judge.battlecon.facts import Fact  # noqa: E402
from judge.battlecon.record import FORMAT, RULESET, parse_setup, schema  # noqa: E402
from judge.battlecon.replay import replay_facts  # noqa: E402

__all__ = ["Duel", "Fact", "FORMAT", "RULESET", "initial_state", "parse_setup", "replay_facts",
           "schema"]
