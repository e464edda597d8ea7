"""Rebuilding a state from facts alone: the check that facts are the whole truth."""

from __future__ import annotations

from collections.abc import Iterable

from judge.battlecon.duel import initial_state
from judge.battlecon.facts import Fact, apply_all
from judge.battlecon.state import DuelState


def replay_facts(setup: dict, facts: Iterable[Fact | dict]) -> DuelState:
    s = initial_state(setup)
    apply_all(s, facts)
    return s
