"""Where a fork left its parent, as the duel list keeps it (``events.listing``), so that a
list page with ``fork_points=true`` reads it from the list's rows instead of loading each
fork and its parent (issue 27, item 11).

A fork point is the parent's event ``n = fork_at``: its number, the entry of the parent's
step index it falls in (the last one at or before ``n``) and its sentence; and the
rulings the fork changed. All of it follows from the parent's first ``n`` events and the
two setups, which never change, with two exceptions that the list model watches:

- a retraction in the parent after ``n`` that takes back a decision at or before ``n``
  drops the index entries from that decision on (as ``events.projector.Timeline`` does),
  so the entry ``n`` falls in can change: the point keeps ``cut``, the earliest decision
  that such retractions took back, and is computed again when the parent's differs;
- a sentence may hide a secret choice the parent has not revealed yet: the point keeps
  the sentence as a reader who sees everything reads it, and the list serves it only
  while the parent's first unrevealed choice comes after ``n`` (``secret_from`` of the
  parent's row; then every reader reads the same sentence); otherwise the API computes it
  for its reader, as ``/variations`` does.
"""

from __future__ import annotations

from typing import Any

from events.domain import DuelRecord
from events.projector import Timeline
from events.retraction import describe as describe_retraction
from events.visibility import unrevealed
from judge import registry
from judge.rulings import changed

SETUP_TEXT = "the setup, before any event"


def fork_point(parent: DuelRecord, fork: DuelRecord, steps: list[dict]) -> dict:
    """The fork point of ``fork`` in ``parent``, whose step index is ``steps``: ``event``,
    ``beat``, ``text`` (as a reader who may see everything reads it), ``rulings_changed``
    and ``cut`` (see the module's docstring)."""
    n = fork.fork_at or 0
    beat = None
    for entry in steps:
        if entry["event"] <= n:
            beat = entry
    return {"event": n, "beat": beat, "text": point_text(parent, n),
            "rulings_changed": rulings_changed(parent, fork), "cut": cut(parent, n)}


def steps_of(parent: DuelRecord) -> list[dict]:
    """The parent's step index, as ``Projector.index`` gives it (one replay of its facts)."""
    return list(Timeline(parent.duel).steps)


def point_text(agg: DuelRecord, n: int) -> str:
    """Event ``n``'s sentence as ``api.views.event_row`` writes it for a reader who may see
    everything (or the setup's, for 0)."""
    if n == 0:
        return SETUP_TEXT
    rules = registry.of_setup(agg.setup)
    retracts = agg.duel.retracts(n) if hasattr(agg.duel, "retracts") else None
    if retracts is not None:
        return describe_retraction(rules, agg.setup, agg.duel, retracts, agg.recorder(n))
    kind, e = agg.duel.events[n - 1]
    if kind != "decision":
        return str(e.to_json()["text"])
    if e.get("kind") == "correction" and "changes" not in e:
        return "A judge corrects the position."
    return str(rules.describe_decision(agg.setup, e))


def rulings_changed(parent: DuelRecord, fork: DuelRecord) -> dict[str, Any]:
    """The rulings whose reading ``fork`` changed from ``parent``'s, each with its title."""
    rules = registry.of_setup(fork.setup)
    titles = {k: spec["title"] for k, spec in rules.rulings().items()}
    moved = changed(rules.rulings_of(parent.setup), rules.rulings_of(fork.setup))
    return {k: {**c, "title": titles.get(k, k)} for k, c in moved.items()}


def cut(parent: DuelRecord, n: int) -> int | None:
    """The earliest decision at or before event ``n`` that a retraction after ``n`` took
    back (its index entries from there on are no longer the parent's), or None."""
    duel = parent.duel
    if not getattr(duel, "has_retractions", False):
        return None
    backs = [back for r in range(n + 1, len(duel.events) + 1)
             if (back := duel.retracts(r)) is not None and back <= n]
    return min(backs, default=None)


def secret_from(agg: DuelRecord) -> int | None:
    """The duel's first secret choice not revealed yet (what some reader may not see from
    there on), or None."""
    return min(unrevealed(agg), default=None)
