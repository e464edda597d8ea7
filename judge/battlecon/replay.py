"""Rebuilding a state from facts alone: the check that facts are the whole truth.

Compiled by ``scripts/compile.sh``: the loop over a replay's facts runs in C."""

from __future__ import annotations

from collections.abc import Iterable

from judge.battlecon.duel import initial_state
from judge.battlecon.facts import SHAPES, Fact
from judge.battlecon.state import DuelState


def replay_facts(setup: dict, facts: Iterable[Fact | dict]) -> DuelState:
    s = initial_state(setup)
    apply_all(s, facts)
    return s


def apply_all(s: DuelState, facts: Iterable[Fact | dict]) -> None:
    """Run each fact (a stored one read from its JSON) in order, as ``Fact.run`` does, but
    as one change of the state's cache (``speed.cache``: nothing kept from the first fact
    to the last, the counters bumped by their count once at the end): nothing is asked of
    the state between two facts of a replay, so nothing could be kept there, and the state
    ends exactly as running them one by one.

    A stored fact that changes nothing (``Shape.unchanging``) is checked as reading it
    would check it, and not built: only its ``closes`` counts."""
    cache = s.cache
    before = cache.changing(False)
    count = 0
    for f in facts:
        count += 1
        if isinstance(f, dict):
            shape = SHAPES[f["type"]]
            fact = None if shape.unchanging and f.keys() == shape.names else shape.read(f)
            closes = shape.closes  # its class's, read once per type
        else:
            fact, closes = f, f.closes
        if closes:
            s.agenda.pop(0)
        if fact is not None:
            fact.apply(s)
    cache.changed(before, count)
