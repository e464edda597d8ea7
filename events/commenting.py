"""Notes and disputes on a duel, kept in their own aggregates (``Commentary``,
``Dispute``) so that the duel's numbering never moves; an overturned ruling corrects the
duel through ``events.correcting``.
"""

from __future__ import annotations

import time
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from events import clock
from events.correcting import Correcting
from events.domain import Commentary, Dispute
from events.errors import DisputeError, DuelNotFoundError, VersionConflictError
from events.hashing import GENESIS
from events.seals import seal


class Commenting(Correcting):
    """Notes, disputes, comments and resolutions."""

    def _nonce(self) -> str:
        """What makes a new dispute's id unique: the time, in nanoseconds."""
        return repr(time.time_ns())

    def _commentary(self, duel_id: UUID) -> Commentary:
        cid = uuid5(NAMESPACE_URL, f"battlecon:commentary:{duel_id}")
        try:
            return self.repository.get(cid)
        except AggregateNotFoundError:
            return Commentary._create(Commentary.Opened, id=cid, duel_id=duel_id)

    def annotate(self, duel_id: UUID, at: int, text: str, tags: list[str], author: str,
                 role: str | None = None) -> dict:
        agg = self.record(duel_id)
        if not 0 <= at <= agg.events_count:
            raise DisputeError(f"Event {at} does not exist; the duel has {agg.events_count} "
                               "events.")
        for attempt in range(20):  # other notes may land first: retry on the new version
            notes = self._commentary(duel_id)
            content = Commentary.Annotated.content(at, text, tags)
            notes.trigger_event(Commentary.Annotated, at=at, author=author, text=text,
                                tags=list(tags),
                                **notes.next_seal("annotation", content, author, role))
            try:
                self.save(notes)
                return notes.annotations[-1]
            except IntegrityError:
                if attempt == 19:
                    raise DisputeError("The duel's notes are too busy; try again.") from None
                time.sleep(0.002 * (attempt + 1))
        raise AssertionError("unreachable")

    def annotations(self, duel_id: UUID) -> list[dict]:
        """The notes, each on an event of a retracted decision marked with the retraction
        (``retracted``: its event number): a note stays where it was written."""
        duel = self.record(duel_id).duel
        notes = []
        for note in self._commentary(duel_id).annotations:
            struck = duel.struck_by(note["at"]) if note["at"] > 0 else None
            notes.append(note if struck is None else {**note, "retracted": struck})
        return notes

    def open_dispute(self, duel_id: UUID, at: int, claim: str, author: str,
                     role: str | None = None) -> Dispute:
        agg = self.record(duel_id)
        if not 1 <= at <= agg.events_count:
            raise DisputeError(f"Event {at} does not exist; the duel has {agg.events_count} "
                               "events.")
        dispute = Dispute._create(Dispute.Opened, id=uuid5(
            NAMESPACE_URL, f"battlecon:dispute:{duel_id}:{at}:{claim}:{author}:{self._nonce()}"),
            duel_id=duel_id, at=at, claim=claim, author=author, **seal(
                GENESIS, 1, "dispute", Dispute.Opened.content(duel_id, at, claim), author, role,
                clock.now_iso()))
        for attempt in range(5):
            notes = self._commentary(duel_id)
            notes.trigger_event(Commentary.DisputeListed, dispute_id=dispute.id)
            try:
                self.save(dispute, notes)
                return dispute
            except IntegrityError:
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")

    def dispute(self, dispute_id: UUID) -> Dispute:
        try:
            agg: Any = self.repository.get(dispute_id)
        except AggregateNotFoundError:
            raise DuelNotFoundError(f"No dispute with id {dispute_id}.") from None
        if not isinstance(agg, Dispute):
            raise DuelNotFoundError(f"No dispute with id {dispute_id}.")
        return agg

    def disputes(self, duel_id: UUID) -> list[Dispute]:
        self.record(duel_id)
        return [self.dispute(d) for d in self._commentary(duel_id).disputes]

    def comment(self, dispute_id: UUID, text: str, author: str,
                role: str | None = None) -> Dispute:
        for attempt in range(10):  # another comment may land first: retry on the new version
            dispute = self.dispute(dispute_id)
            if dispute.resolution is not None:
                raise DisputeError("This dispute is resolved; it takes no more comments.")
            dispute.trigger_event(Dispute.Commented, author=author, text=text,
                                  **dispute.next_seal("comment", Dispute.Commented.content(
                                      text), author, role))
            try:
                self.save(dispute)
                return dispute
            except IntegrityError:
                if attempt == 9:
                    raise DisputeError("The dispute is too busy; try again.") from None
        raise AssertionError("unreachable")

    def resolve(self, dispute_id: UUID, outcome: str, ruling: str, rule: str, author: str,
                correction: dict | None = None) -> Dispute:
        """Uphold, or overturn and apply the correction to the duel (its own events).

        The duel's stream decides between two head judges overturning at once: a
        correction for a dispute may be appended to the duel only once (``correct``
        refuses a second), so exactly one correction stands, and it is the resolution's.
        """
        dispute = self.dispute(dispute_id)
        if dispute.resolution is not None:
            raise DisputeError("This dispute is already resolved.")
        if outcome not in ("upheld", "overturned"):
            raise DisputeError("The outcome must be 'upheld' or 'overturned'.")
        event = None
        if outcome == "overturned":
            if not correction or not any(isinstance(correction.get(k), (dict, list)) for k in
                                         ("changes", "players", "characters")):
                raise DisputeError("An overturned ruling needs a correction: its changes "
                                   "(the fields GET /api/duels/{id}/correctable lists, with "
                                   "their new values).")
            for attempt in range(10):
                try:
                    appended = self.correct(dispute.duel_id, rule=rule, text=ruling,
                                            dispute=str(dispute_id), actor=author,
                                            role="head_judge", correction=correction)
                    break
                except VersionConflictError:
                    if attempt == 9:
                        raise
            event = appended.events[0]["event"]
        dispute = self.dispute(dispute_id)
        if dispute.resolution is not None:
            raise DisputeError("This dispute was resolved by someone else meanwhile.")
        content = Dispute.Resolved.content(outcome, ruling, rule, correction, event)
        dispute.trigger_event(Dispute.Resolved, outcome=outcome, ruling=ruling, rule=rule,
                              correction=correction, author=author, correction_event=event,
                              **dispute.next_seal("resolution", content, author,
                                                  "head_judge"))
        try:
            self.save(dispute)
        except IntegrityError:
            raise DisputeError("Someone else resolved or commented on this dispute at the "
                               "same moment; reload it.") from None
        return dispute
