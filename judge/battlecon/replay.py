"""Rebuilding a state from facts alone: the check that facts are the whole truth.

Compiled by ``scripts/compile.sh``: the loop over a replay's facts runs in C."""

from __future__ import annotations

from collections.abc import Iterable

from judge.battlecon.duel import initial_state
from judge.battlecon.facts import Fact
from judge.battlecon.state import APPLYING, DuelState


def replay_facts(setup: dict, facts: Iterable[Fact | dict]) -> DuelState:
    s = initial_state(setup)
    apply_all(s, facts)
    return s


def apply_all(s: DuelState, facts: Iterable[Fact | dict]) -> None:
    """Run each fact (a stored one read from its JSON) in order, as ``Fact.run`` does, but
    with the state APPLYING from the first to the last and its version bumped by their
    count once at the end: nothing is asked of the state between two facts of a replay, so
    nothing could be kept there, and the state ends exactly as running them one by one."""
    version, s.version = s.version, APPLYING
    read, count = Fact.from_json, 0
    for f in facts:
        fact = read(f) if isinstance(f, dict) else f
        if fact.closes:
            s.agenda.pop(0)
        fact.apply(s)
        count += 1
    s.version = APPLYING if version == APPLYING else version + count

