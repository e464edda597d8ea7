"""Retractions (``events.retraction``) and a head judge's corrections: appended events like
any decision's, judged and recorded the same way; nothing is ever deleted.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from events.domain import DuelRecord
from events.errors import (
    DisputeError,
    DuelNotFoundError,
    IdempotencyKeyReuseError,
    VersionConflictError,
)
from events.forks import copied_events
from events.retraction import LATEST, RetractionRefusedError, is_retraction
from events.retraction import check as may_retract
from events.retraction import entry as retraction_entry
from events.writing import Appended, Writing, event_json
from judge import registry


class Correcting(Writing):
    """Retracting a decision, and correcting the position."""

    def correct(self, duel_id: UUID, players: dict | None = None, markers: dict | None = None,
                rule: str = "correction", text: str = "", dispute: str | None = None,
                actor: str = "", expected: int | None = None, role: str | None = None,
                correction: dict | None = None) -> Appended:
        """A judge correction: the corrected position, kept as its own events.

        ``correction`` is the correction as a head judge gives it (``changes``, or the
        ruleset's older shape, and ``reopens``); without it, ``players`` and ``markers``.
        It is recorded in the one shape of ``judge.corrections``, ``by`` the actor, with
        each change's ``before`` filled in from the duel as it stands (a ruleset without
        correctable fields records it as given).
        """
        given = dict(correction) if correction is not None else {"players": players} | (
            {"markers": markers} if markers is not None else {})
        with self.lock(duel_id):
            agg = self.record(duel_id)
            if expected is not None and expected != agg.events_count:
                raise VersionConflictError(f"The duel is at version {agg.events_count}, not "
                                           f"{expected}.", agg.events_count)
            if dispute is not None and any(
                    k == "decision" and e.get("kind") == "correction" and
                    e.get("dispute") == dispute for k, e in agg.duel.events):
                raise DisputeError(f"Dispute {dispute} has already corrected this duel.")
            start = agg.events_count
            entry = _correction_entry(registry.of_setup(agg.setup), given, rule, text,
                                      dispute, {"name": actor, "role": role})
            self._judge_and_record(agg, entry, actor, None, role)
            return self._save(agg, start)

    def retract(self, duel_id: UUID, expected: int | None = None, key: str | None = None,
                actor: str = "", role: str | None = None, event: int | None = None
                ) -> Appended:
        """Retract ``actor``'s latest decision (``events.retraction``): one appended event,
        nothing deleted; the duel then stands as it was before that decision. ``event``:
        the decision the caller means (refused if it is not the one they may retract)."""
        with self.lock(duel_id):
            agg = self.record(duel_id)
            if key and key in agg.keys:
                return self._replay_retraction(agg, key)
            if expected is not None and expected != agg.events_count:
                raise VersionConflictError(f"The duel is at version {agg.events_count}, not "
                                           f"{expected}: someone recorded first. Reload it.",
                                           agg.events_count)
            n = may_retract(agg, actor, self._copied_by(agg))
            if event is not None and event != n:
                raise RetractionRefusedError(f"Event {event} is not the decision you may "
                                             f"retract now: that is event {n}, the latest "
                                             "still standing.", LATEST, event=n)
            start, retraction = agg.events_count, retraction_entry(n)
            self._judge_and_record(agg, retraction, actor, key, role, stored=retraction)
            return self._save(agg, start)

    def _copied_by(self, agg: DuelRecord) -> int:
        """How many of its first events a fork copied from its parent (0 if not a fork):
        derived once from the parent (``events.forks``), as neither ever changes there."""
        if agg.parent is None:
            return 0
        with self._guard:
            known = self._copied.get(agg.id)
        if known is None:
            try:
                known = copied_events(self.known(UUID(agg.parent)), agg)
            except DuelNotFoundError:  # an imported fork whose parent is not stored here:
                known = agg.fork_at or 0  # its first fork_at events stand for the parent's
            with self._guard:
                self._copied[agg.id] = known
        return known

    def retraction_offer(self, duel_id: UUID, actor: str) -> dict:
        """Whether ``actor`` may retract now: ``event`` (the latest decision standing, or
        None), ``allowed``, and when not, ``detail`` and ``rule`` (as a refusal says)."""
        agg = self.record(duel_id)
        latest = agg.duel.latest_decision()
        try:
            may_retract(agg, actor, self._copied_by(agg))
        except RetractionRefusedError as err:
            return {"event": latest, "allowed": False, "detail": err.reason, "rule": err.rule}
        return {"event": latest, "allowed": True, "detail": None, "rule": None}

    def _replay_retraction(self, agg: DuelRecord, key: str) -> Appended:
        """A retried retraction: the original answer; a key of a decision is refused."""
        n = agg.keys[key]
        stored = agg.duel.events[n - 1][1]
        if not is_retraction(stored):
            raise IdempotencyKeyReuseError(f"Idempotency key {key!r} was already used for a "
                                           f"decision (event {n}), not a retraction.")
        return Appended(agg.id, agg.events_count, [event_json(n, "decision", stored)],
                        replayed=True)


def _correction_entry(rules: Any, given: dict, rule: str, text: str, dispute: str | None,
                      by: dict) -> dict:
    """The correction to record: the one shape (``judge.corrections``) whenever the
    ruleset lists correctable fields, else the ruleset's own shape as given."""
    changes = given.get("changes")
    if changes is None:
        changes = rules.correction_changes(given)
    if changes is None:  # a ruleset with a shape of its own only (no correctable fields)
        entry = {"kind": "correction", **{k: v for k, v in given.items() if k != "reopens"},
                 "rule": rule, "text": f"Head judge's correction: {text}" if dispute else text}
        return entry | ({"dispute": dispute} if dispute is not None else {})
    entry = {"kind": "correction", "changes": changes, "by": by, "rule": rule, "text": text}
    if dispute is not None:
        entry["dispute"] = dispute
    if given.get("reopens"):
        entry["reopens"] = given["reopens"]
    return entry
