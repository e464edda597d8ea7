"""Reading the duels: each as stored now (cached, fast-forwarded with newer stored events,
checked as read), the list of duels, and what the API reads of one duel.

The cache never holds what the store does not: a command that fails after changing a
cached duel forgets it (``_evict``), and the next read loads it again.
"""

from __future__ import annotations

import threading
from typing import Any, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from events.domain import DuelRecord
from events.errors import DuelNotFoundError, StoredDuelCorruptError
from events.hashing import chain_hash, genesis_hash
from events.listing import DuelList
from events.retraction import describe as describe_retraction
from events.storebase import CACHE_SIZE, StoreBase, estimated_bytes, unreadable_as_corrupt
from judge import registry
from judge.ruleset import Match


class Reading(StoreBase):
    """The duels as stored: cached, checked, listed; and what a reader reads of one duel
    (``event``, ``retracts``...), asked of the version it loaded (``record``, ``known``),
    so that one answer reads one version, and no reader reaches into the duel's match."""

    def lock(self, duel_id: UUID) -> threading.RLock:
        """The duel's lock in this process: held while its cached aggregate changes."""
        with self._guard:
            return self._locks.setdefault(duel_id, threading.RLock())

    def record(self, duel_id: UUID) -> DuelRecord:
        """The duel as stored now: cached, fast-forwarded with any newer stored events.

        One indexed query when the duel is cached, so a read reflects every write that
        was acknowledged before it began, whichever process (or host) made it.
        """
        with self.lock(duel_id), unreadable_as_corrupt(duel_id):
            agg = self._cache.get(duel_id)
            if agg is None:
                agg = self._load(duel_id)
            else:
                try:
                    for event in self.events.get(duel_id, gt=agg.version):
                        cast(Any, event).mutate(agg)  # each new event checked as applied
                except Exception:
                    self._evict(duel_id)  # never keep a half-applied or unverified duel
                    raise
            self._remember(agg)
            return agg

    def known(self, duel_id: UUID) -> DuelRecord:
        """The duel as this process last saw it, without asking the store for newer events.

        Right for events up to a version this process has stored or read (history never
        changes); not for "now", which another process may have moved on: use ``record``.
        """
        with self.lock(duel_id):
            agg = self._cache.get(duel_id)
            if agg is None:
                return self.record(duel_id)
            self._remember(agg)
            return agg

    def _load(self, duel_id: UUID) -> DuelRecord:
        try:
            agg: Any = self.repository.get(duel_id)
        except AggregateNotFoundError:
            raise DuelNotFoundError(f"No duel with id {duel_id}.") from None
        if not isinstance(agg, DuelRecord):
            raise DuelNotFoundError(f"No duel with id {duel_id}.")
        agg.check_genesis()
        if agg.snapshot_at is not None:
            self._check_snapshot(agg)
        return agg

    def _check_snapshot(self, agg: DuelRecord) -> None:
        """A snapshot is trusted only as far as the stored events it stands for: each of
        them must link and hash as stored, and the snapshot must hold the very same
        payloads and hashes (the events after it were checked as they were applied)."""
        prev, held = agg.genesis, agg.snapshot_events or []
        agg.snapshot_events = None
        covered = (agg.snapshot_at or 1) - 1  # called only for a duel read from a snapshot
        for stored in self.events.get(agg.id, lte=agg.snapshot_at):
            event: Any = stored  # one of DuelRecord's events
            if isinstance(event, DuelRecord.Started):
                if event.hash != agg.genesis or genesis_hash(
                        str(agg.id), event.setup, event.labels, event.parent,
                        event.fork_at) != event.hash:
                    raise StoredDuelCorruptError(agg.id, "its stored setup, labels or id "
                                                 "were altered", 0)
                continue
            decision = isinstance(event, DuelRecord.DecisionRecorded)
            kind, payload = ("decision", event.decision) if decision else ("fact", event.fact)
            n, by = event.n, event.by if decision else None
            if event.prev != prev or chain_hash(prev, n, kind, payload, by) != event.hash:
                raise StoredDuelCorruptError(agg.id, f"stored event {n} was altered", n)
            if n > len(held) or agg.hashes[n - 1] != event.hash or \
                    held[n - 1] != [kind, payload]:
                raise StoredDuelCorruptError(agg.id, f"its snapshot disagrees with stored "
                                             f"event {n}", n)
            prev = event.hash
        if len(held) != covered or prev != (agg.hashes[covered - 1] if covered else agg.genesis):
            raise StoredDuelCorruptError(agg.id, "stored events its snapshot covers are "
                                         "missing", None)

    def _remember(self, agg: DuelRecord) -> None:
        """Keep ``agg`` as the most recently used (the cache is shared by every duel), and
        forget the least recently used beyond CACHE_SIZE duels or ``cache_limit`` bytes
        (``estimated_bytes``; a duel larger than the whole bound is not kept)."""
        with self._guard:
            self._cache[agg.id] = agg
            self._cache.move_to_end(agg.id)
            size = estimated_bytes(agg)
            self.cache_bytes += size - self._sizes.get(agg.id, 0)
            self._sizes[agg.id] = size
            while self._cache and (len(self._cache) > CACHE_SIZE or
                                   self.cache_bytes > self.cache_limit):
                oldest, _ = self._cache.popitem(last=False)
                self.cache_bytes -= self._sizes.pop(oldest, 0)

    def is_cached(self, duel_id: UUID) -> bool:
        """Whether the duel is in the cache now (what the projector keeps follows it)."""
        return duel_id in self._cache

    def _evict(self, duel_id: UUID) -> None:
        with self._guard:
            self._cache.pop(duel_id, None)
            self.cache_bytes -= self._sizes.pop(duel_id, 0)

    def duel_ids(self) -> list[UUID]:
        """Every duel, in the order they were created."""
        return [duel_id for duel_id, _ in self.duel_starts()]

    def duel_starts(self) -> list[tuple[UUID, int]]:
        """(duel, the notification number of its start) for every duel, oldest first."""
        out, start = [], 1
        while True:
            batch = self.recorder.select_notifications(start=start, limit=500,
                                                       topics=[DuelRecord.Started.TOPIC])
            out += [(i if isinstance(i := n.originator_id, UUID) else UUID(str(i)), n.id)
                    for n in batch]
            if len(batch) < 500:
                return out
            start = batch[-1].id + 1

    @property
    def duel_list(self) -> DuelList:
        """The list read model (``events.listing``), made on first use."""
        with self._guard:
            if self._list is None:
                self._list = DuelList(self)
            return self._list

    # --- what a reader reads of one duel, as loaded ----------------------------------

    @staticmethod
    def event(agg: DuelRecord, n: int) -> tuple[str, Any]:
        """Event n (from 1): ``("decision", entry)`` or ``("fact", fact)``."""
        return agg.duel.events[n - 1]

    @staticmethod
    def events_of(agg: DuelRecord) -> list[tuple[str, Any]]:
        """Every event in order, as ``event`` gives each (read only)."""
        return agg.duel.events

    @staticmethod
    def retracts(agg: DuelRecord, n: int) -> int | None:
        """The decision event n retracts, if event n is a retraction."""
        return agg.duel.retracts(n)

    @staticmethod
    def struck_by(agg: DuelRecord, n: int) -> int | None:
        """The retraction that struck event n, if it was retracted (or is a retracted
        decision's fact)."""
        return agg.duel.struck_by(n)

    @staticmethod
    def is_over(agg: DuelRecord) -> bool:
        return agg.duel.over

    @staticmethod
    def standing_match(agg: DuelRecord) -> Match:
        """The ruleset's match of the decisions still standing (retracted ones left out):
        what a reader hands to the ruleset (read only)."""
        return getattr(agg.duel, "inner", agg.duel)

    @staticmethod
    def standing_events(agg: DuelRecord) -> list[int]:
        """The stream's number of every standing event, in order: standing event i (from
        0) is stream event ``standing_events(agg)[i]``."""
        return agg.duel.standing_before(len(agg.duel.events) + 1)

    @staticmethod
    def decisions_at(agg: DuelRecord, n: int) -> list[dict]:
        """The decisions standing after stream event n (retracted ones left out)."""
        return agg.duel.decisions_at(n)

    @staticmethod
    def correctable(agg: DuelRecord) -> dict[str, dict[str, Any]]:
        """What a head judge may correct in the duel as it stands (its ruleset's
        ``correctable``)."""
        return registry.of_setup(agg.setup).correctable(agg.duel)

    @staticmethod
    def retraction_text(agg: DuelRecord, n: int) -> str:
        """Retraction event n as the narrative tells it (``events.retraction.describe``)."""
        retracted = agg.duel.retracts(n)
        if retracted is None:
            raise ValueError(f"Event {n} is not a retraction.")
        return describe_retraction(registry.of_setup(agg.setup), agg.setup, agg.duel,
                                   retracted, agg.recorder(n))
