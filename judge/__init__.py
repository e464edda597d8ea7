"""The rules core: rulesets behind one interface, found by name in a registry.

A ruleset (``judge.battlecon`` for BattleCON 2014) answers what must be decided next and
what follows from a decision. Everything outside a ruleset's package reaches it through
``judge.registry`` and the interface in ``judge.ruleset``.

The names release 1 exported stay: ``Duel.from_record(record)`` and ``replay_facts`` work
for every ruleset; ``FORMAT``, ``schema``, ``parse_setup``, ``initial_state`` and ``Fact``
are BattleCON's (the default ruleset's), found on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from judge import registry
from judge.errors import DuelOverError, IllegalDecisionError, JudgeError, RecordError
from judge.ruleset import Match, Outcome

__all__ = ["Duel", "DuelOverError", "IllegalDecisionError", "JudgeError", "Match", "Outcome",
           "RecordError", "registry", "replay_facts"]

_DEFAULT_RULESET_NAMES = ("FORMAT", "schema", "parse_setup", "initial_state", "Fact")


class Duel:
    """Release 1's entry point, now for any ruleset: a record in, its match out.

    >>> duel = Duel.from_record(record)   # judged under the ruleset the record names
    >>> duel.prompt, duel.decide(duel.prompt["options"][0]), duel.to_json()
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> Duel:
        raise TypeError("Use Duel.from_record(record) or Duel.new(record).")

    @staticmethod
    def from_record(record: Any) -> Match:
        """Judge a whole record; RecordError names the first illegal decision."""
        return registry.from_record(record)

    @staticmethod
    def new(record: Any) -> Match:
        """A match from a record's setup, ignoring its decisions."""
        rules = registry.of_record(record)
        return rules.match(rules.parse_setup(record))


def replay_facts(setup: dict[str, Any], facts: Iterable[Any]) -> Any:
    """The state that ``facts`` (objects or their JSON) make from ``setup``."""
    return registry.of_setup(setup).replay(setup, facts)


def __getattr__(name: str) -> Any:
    if name in _DEFAULT_RULESET_NAMES:
        package = registry.BUILT_IN[registry.DEFAULT].rsplit(".", 1)[0]
        return getattr(importlib.import_module(package), name)
    raise AttributeError(f"module 'judge' has no attribute {name!r}")
