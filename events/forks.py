"""How much of a fork is its parent's history: the events the fork copied when it was made.

A fork starts with copies of its parent's events (``JudgeApp.fork``), then holds what
was entered in it. Only the latter may be retracted in the fork (``events.retraction``).
How many events were copied is not stored, and need not be: it follows from the parent
and the fork's own setup, both kept unchanged for ever.

- A plain fork (same setup as its parent) copied the parent's first ``fork_at`` events as
  they were stored, retracted decisions and retraction entries included: ``fork_at``.
- A fork re-judged under another ruling or today's cards copied the decisions standing in
  the parent at ``fork_at`` (retracted ones left out), judged again under its own setup,
  which may give more or fewer facts: every event before the fork's first decision that
  is not one of those.
"""

from __future__ import annotations

from typing import Any

from events.domain import DuelRecord


def copied_events(parent: DuelRecord, fork: DuelRecord) -> int:
    """The number of events at the start of ``fork`` that it copied from ``parent``."""
    at = fork.fork_at or 0
    if fork.setup == parent.setup and _same(fork.duel.events[:at], parent.duel.events[:at]):
        return at
    standing = len(parent.duel.decisions_at(at))
    return before_decision(fork.duel.events, standing + 1)


def before_decision(events: list[tuple[str, Any]], k: int) -> int:
    """The number of events before the k-th decision (all of them if there is none)."""
    seen = 0
    for p, (kind, _) in enumerate(events):
        if kind == "decision":
            seen += 1
            if seen == k:
                return p
    return len(events)


def _same(ours: list[tuple[str, Any]], theirs: list[tuple[str, Any]]) -> bool:
    """Whether two runs of events hold the same payloads (a verbatim copy)."""
    return len(ours) == len(theirs) and all(
        k1 == k2 and _payload(k1, e1) == _payload(k2, e2)
        for (k1, e1), (k2, e2) in zip(ours, theirs, strict=True))


def _payload(kind: str, event: Any) -> Any:
    return event if kind == "decision" else event.to_json()
