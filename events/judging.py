"""Judging a decision without touching the stored duel's match.

The aggregate's match changes only by applying recorded events (``DuelRecord``'s events'
``apply``). So a decision is judged on a twin of the match: the engine decides there, the
entry as judged and its facts are recorded as events, and applying those events moves the
aggregate's own match on. The twin is then dropped; an illegal decision or an engine
failure leaves the aggregate as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from events import retraction as R
from events.retractable import Retractable
from judge.ruleset import Match


@dataclass(frozen=True)
class Verdict:
    """What the engine made of an entry: the entry as it is to be stored (a correction
    with its ``before`` values filled in, a decision as the match keeps it) and its facts."""

    entry: dict
    facts: list[Any]


def judge(duel: Retractable, entry: dict) -> Verdict:
    """Judge ``entry`` on the duel as it stands, changing nothing: IllegalDecisionError
    (reason and rule) when it is not legal now. A retraction is checked (it names the
    latest decision standing) and has no facts."""
    if R.is_retraction(entry):
        R.check_entry(duel, entry)
        return Verdict(entry, [])
    twin = judging_copy(duel.inner)
    start = len(twin.events)
    facts = twin.decide(entry)
    return Verdict(twin.events[start][1], list(facts))


def judging_copy(match: Match) -> Match:
    """A match that may decide without changing ``match``: the match's own ``twin``."""
    return match.twin()
