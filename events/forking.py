"""Forks and variations: a new duel with another's history up to an event, copied, or
re-judged under today's cards, today's rules or other rulings.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from events.domain import DuelRecord
from events.errors import DisputeError
from events.visibility import unrevealed
from events.writing import Appended, Writing, _copy_events
from judge import registry
from judge.errors import JudgeError, RecordError
from judge.ruleset import decide_all


def before_unrevealed(agg: DuelRecord, at: int) -> dict | None:
    """Where a fork asked at event ``at`` forks instead, and why, when ``at`` comes after a
    secret choice the parent has not revealed (a face-down pair): a fork never copies one,
    or playing the fork to its Reveal would show what the parent still hides. It forks
    just before the earliest such choice, where the duel waited for it. None: at ``at``."""
    early = [n for n in unrevealed(agg) if n <= at]
    if not early:
        return None
    first = min(early)
    return {"asked": at, "at": first - 1,
            "reason": f"Event {first} is a secret choice the duel has not revealed yet; a "
                      f"fork never copies one, so it forks at event {first - 1}, before it. "
                      "Enter the choices again in the fork."}


def fork_points(agg: DuelRecord) -> dict:
    """Where a fork of ``agg`` is accepted (``Store.fork``'s own checks, asked once for
    the whole duel so a page offers "Fork from this event" only where it works): ``points``,
    the events after which the duel waited for a decision, and the last; ``moved``, when a
    secret choice is unrevealed, the first such event ``from`` which a fork moves back to
    ``at`` and why (as ``fork_moved`` says), else None."""
    events = agg.duel.events
    points = [n for n in range(len(events)) if events[n][0] == "decision"] + [len(events)]
    moved = before_unrevealed(agg, len(events))
    return {"points": points, "moved": None if moved is None else {
        "from": moved["at"] + 1, "at": moved["at"], "reason": moved["reason"]}}


class Forking(Writing):
    """New duels from a duel's history."""

    def _fork_moved(self, agg: DuelRecord, at: int) -> dict | None:
        """Where a fork asked at ``at`` forks instead (``before_unrevealed``)."""
        return before_unrevealed(agg, at)

    def fork(self, duel_id: UUID, at: int, actor: str = "", labels: dict | None = None,
             todays_cards: bool = False, role: str | None = None,
             rulings: dict | None = None, todays_rules: bool = False,
             line: list[dict] | None = None) -> Appended:
        """A new duel with the same history up to event ``at``; records parent and fork point.

        ``todays_cards``: the decisions up to ``at`` are re-judged under today's card data
        (the explicit act after an errata) instead of copying the stored events; refused
        (RecordError) if one of them is not legal under today's cards.

        ``todays_rules``: the decisions up to ``at`` are re-judged under today's rules
        version (``judge.battlecon.rulestamp``), as ``todays_cards`` under today's cards.

        ``rulings``: readings (``{"lure-power": -1}``) that replace the parent's in the
        fork's setup; the decisions up to ``at`` are re-judged under them, so the fork
        shows what the duel would have been had that reading applied (the parent is
        untouched). Refused (RecordError naming the ruling) for a ruling the ruleset does
        not switch, a reading it does not judge, or a decision illegal under them.

        ``line``: decisions the fork then plays after ``at`` (a what-if saved); refused
        (RecordError naming its index in ``line``) when one is illegal there.
        """
        agg = self.record(duel_id)
        events = agg.duel.events
        if not 0 <= at <= len(events) or (at < len(events) and events[at][0] != "decision"):
            waits = [n for n in range(len(events)) if events[n][0] == "decision"]
            hint = f" (for example {waits[-1]})" if waits else ""
            raise DisputeError(f"Fork at an event after which the duel waited for a decision"
                               f"{hint}, or at the last event ({len(events)}); event {at} is "
                               "in the middle of resolving a decision.")
        moved = self._fork_moved(agg, at)
        at = moved["at"] if moved else at
        with self.lock(duel_id):
            events = list(agg.duel.events[:at])
            standing = agg.duel.decisions_at(at)  # retracted decisions left out
        setup = agg.setup
        rules = registry.of_setup(setup)
        if rulings:
            setup = rules.with_rulings(setup, rulings)
        if todays_cards:
            setup = rules.with_todays_cards(setup)
        if todays_rules:
            setup = rules.with_todays_rules(setup)
        if setup != agg.setup:  # as events.forks tells a re-judged fork from a copy
            rejudged = rules.match(setup)
            decide_all(rejudged, standing)
            events = list(rejudged.events)
        if line:
            events = _then(rules, setup, events, line)
        if len(events) > self.max_events:
            raise self._too_large(len(events), "this fork")
        child = DuelRecord.start(setup, dict(labels if labels is not None else agg.labels),
                                 actor, parent=str(duel_id), fork_at=at)
        _copy_events(child, events, actor, role)
        self.save(child)
        self._snapshot_if_due(child, 0)
        return Appended(child.id, child.events_count, [], moved=moved)


def _then(rules: Any, setup: dict, events: list, line: list[dict]) -> list:
    """``events`` (a fork's history) followed by the facts of ``line`` played after them."""
    match = rules.restore(setup)
    for kind, payload in events:
        match.absorb(kind, payload)
    for index, decision in enumerate(line):
        try:
            match.decide(decision)
        except JudgeError as err:
            raise RecordError(f"Decision {index} of the fork's line: {err.reason}", err.rule,
                              index=index) from err
    return list(match.events)
