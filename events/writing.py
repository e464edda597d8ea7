"""Writing decisions: a whole record (a new duel, an import) and one decision at a time.

A command gets the duel, judges the entry on a copy of its match (``events.judging``),
records the entry and its facts as events (which the aggregate applies: the one way its
match changes), saves them in one transaction (only if the duel is still at the version
the writer saw), and answers with what was stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from events.domain import DuelRecord
from events.errors import DuelAlreadyStoredError, IdempotencyKeyReuseError, VersionConflictError
from events.imports import ImportFile, judged, stored_as
from events.judging import judge
from events.reading import Reading
from events.retractable import judge_stream
from events.retraction import is_retraction
from events.text import check_storable
from judge import registry
from judge.errors import IllegalDecisionError


@dataclass(frozen=True)
class Appended:
    """What a command stored: the new version and the events (numbered as the judge numbers)."""

    duel_id: UUID
    version: int
    events: list[dict]
    replayed: bool = False  # True when an idempotency key matched an earlier submission
    moved: dict | None = None  # a fork whose fork point moved back: asked, at, reason
    asked: dict | None = None  # a new decision's: the prompt it answered, as it was judged


def stored_json(event: Any) -> dict:
    """A stored decision or fact (one of ``DuelRecord``'s events) as an answer lists it."""
    if isinstance(event, DuelRecord.DecisionRecorded):
        return event_json(event.n, "decision", event.decision)
    return event_json(event.n, "fact", event.fact)


def event_json(n: int, kind: str, payload: dict) -> dict:
    if kind == "decision":
        return {"event": n, "type": "Decision", "decision": payload}
    return {"event": n} | payload


class _Stale(Exception):
    """The cached aggregate cannot answer this; ask the store."""


def _payloads(events: list[tuple[str, Any]]) -> list[tuple[str, dict]]:
    return [(k, e if k == "decision" else e.to_json()) for k, e in events]


def _copy_events(agg: DuelRecord, events: list[tuple[str, Any]], actor: str,
                 role: str | None, entered: list[dict | None] | None = None) -> None:
    """Trigger stored events for already-judged engine events (import, fork); ``entered``:
    an imported log's ``by`` of each decision, in order, kept as the log has it."""
    decisions = iter(entered) if entered is not None else None
    for kind, e in events:
        if kind == "decision":
            agg.record(e, [], actor, role=role,
                       entered=True if decisions is None else next(decisions, None))
        else:
            agg.record(None, [e], actor)


class Writing(Reading):
    """Duels created and decisions appended."""

    def create_duel(self, record: dict, labels: dict | None = None, actor: str = "",
                    parent: str | None = None, fork_at: int | None = None,
                    role: str | None = None, retractions: bool = False,
                    duel_id: UUID | None = None, entered: list[dict | None] | None = None,
                    judged: Any = None) -> Appended:
        """Judge a whole record (setup, decisions) and store it; refused whole if illegal.

        ``retractions``: the decisions are an event log's, retraction entries included
        (``judge import`` of a log), so the stored duel has the log's very events. An
        imported log also gives its ``duel_id`` (kept unless a copy was asked for) and
        who ``entered`` each decision (its ``by``, None where it has none). ``judged``:
        the record already judged (``events.imports`` judged it to compare it)."""
        check_storable(record)  # before the judge hashes or stores any of it
        check_storable(labels or {}, "labels")
        # RecordError names the first illegal decision
        duel = judged if judged is not None else (
            judge_stream(record) if retractions else registry.from_record(record))
        if not retractions:  # a record starts a new duel; a log is a stored one's
            registry.of_setup(duel.setup).check_new_setup(duel.setup)
        if len(duel.events) > self.max_events:
            raise self._too_large(len(duel.events), "this record")
        agg = DuelRecord.start(duel.setup, dict(labels or {}), actor, parent, fork_at, duel_id)
        _copy_events(agg, duel.events, actor, role, entered)
        self.save(agg)
        self._snapshot_if_due(agg, 0)
        return Appended(agg.id, agg.events_count, [event_json(n, k, p) for n, (k, p) in
                                                   enumerate(_payloads(duel.events), 1)])

    def import_file(self, imp: ImportFile, actor: str = "", role: str | None = None,
                    copy: bool = False) -> Appended:
        """Store an imported file (``events.imports``): refused with
        ``DuelAlreadyStoredError`` naming the duel when its duel is stored here already,
        unless ``copy``. A log keeps its duel's id (unless ``copy``, or the id is taken),
        parent, fork point and each decision's ``by``."""
        duel = judged(imp)  # RecordError names the first illegal decision
        if not copy:
            stored = stored_as(self, imp, duel)
            if stored is not None:
                raise stored
        keep = imp.duel if imp.duel is not None and not copy and not self._taken(
            imp.duel) else None
        try:
            return self.create_duel(imp.record, imp.labels, actor, imp.parent, imp.fork_at,
                                    role, retractions=imp.kind == "log", duel_id=keep,
                                    entered=imp.entered, judged=duel)
        except IntegrityError:  # the same log imported at the same moment: one stands
            if keep is None:
                raise
            raise DuelAlreadyStoredError(f"Duel {keep} was stored here by another import at "
                                         "the same moment; nothing was stored.", keep) from None

    def _taken(self, some_id: UUID) -> bool:
        """Whether anything (a duel, notes, a dispute, a token...) is stored under the id."""
        return bool(self.recorder.select_events(some_id, lte=1, limit=1))

    def decide(self, duel_id: UUID, decision: dict, expected: int | None = None,
               key: str | None = None, actor: str = "", role: str | None = None) -> Appended:
        """Append one decision and its facts, if the duel is still at version ``expected``.

        Judged first on the cached aggregate without asking the store: when another
        process wrote meanwhile, the save is refused by the store's (duel, version) key
        and answered as a conflict. Any refusal judged on the cache (a version mismatch,
        an illegal decision, a known key) is confirmed against the store before it is
        given, so a stale cache never refuses what the stored duel would accept.
        """
        if is_retraction(decision):
            raise IllegalDecisionError("A retraction is not a decision: it is asked for on its "
                                       "own (POST /api/duels/{id}/retractions), and only by "
                                       "whoever entered the decision.", "retraction")
        with self.lock(duel_id):
            agg = self.known(duel_id)
            seen = agg.version
            try:
                return self._decide_on(agg, decision, expected, key, (actor, role),
                                       cached=True)
            except _Stale:
                fresh = self.record(duel_id)
            except (VersionConflictError, IllegalDecisionError):
                fresh = self.record(duel_id)
                if fresh.version == seen:
                    raise
            return self._decide_on(fresh, decision, expected, key, (actor, role))

    def _decide_on(self, agg: DuelRecord, decision: dict, expected: int | None,
                   key: str | None, who: tuple[str, str | None], cached: bool = False
                   ) -> Appended:
        """``decide`` on this aggregate; ``cached``: it may be behind the store (then a
        replayed key raises _Stale, as the answer must carry the version now)."""
        if key and key in agg.keys:
            if cached:
                raise _Stale
            return self._replay_key(agg, key, decision)
        if expected is not None and expected != agg.events_count:
            raise VersionConflictError(
                f"The duel is at version {agg.events_count}, not {expected}: someone "
                "recorded first. Reload it and decide again.", agg.events_count)
        start, asked = agg.events_count, agg.duel.prompt
        self._judge_and_record(agg, decision, who[0], key, who[1])
        if agg.events_count > self.max_events:
            self._evict(agg.id)  # judged in memory only: never kept
            raise self._too_large(agg.events_count, "this decision")
        try:
            return self._save(agg, start, asked)
        except VersionConflictError:
            if key:  # another writer may have stored this very submission meanwhile
                fresh = self.record(agg.id)
                if key in fresh.keys:
                    return self._replay_key(fresh, key, decision)
            raise

    def _judge_and_record(self, agg: DuelRecord, entry: dict, actor: str, key: str | None,
                          role: str | None, stored: dict | None = None) -> None:
        """Judge ``entry`` on a copy of the duel's match (``events.judging``), then record
        the entry as judged (or ``stored``) and its facts as events, which the aggregate
        applies as they are triggered. An illegal entry changes nothing; any other failure
        leaves the aggregate unsure (ahead of the store, or half applied), so it is
        forgotten."""
        try:
            verdict = judge(agg.duel, entry)  # IllegalDecisionError: nothing changed
            agg.record(verdict.entry if stored is None else stored, verdict.facts, actor,
                       key, role=role)
        except IllegalDecisionError:
            raise
        except Exception:  # the cache must not keep what the store does not hold
            self._evict(agg.id)
            raise

    def _save(self, agg: DuelRecord, start: int, asked: dict | None = None) -> Appended:
        """Save the events just recorded; the answer is made of what was stored (and,
        for a decision, the prompt it answered)."""
        before = start + 1  # the aggregate's version before these events
        try:
            recordings = self.save(agg)
            self._snapshot_if_due(agg, before)
        except IntegrityError:
            self._evict(agg.id)
            current = self.record(agg.id).events_count
            raise VersionConflictError(f"The duel moved on to version {current} while this "
                                       "decision was being stored; nothing was stored.",
                                       current) from None
        except Exception:
            self._evict(agg.id)
            raise
        return Appended(agg.id, agg.events_count,
                        [stored_json(r.domain_event) for r in recordings], asked=asked)

    def _replay_key(self, agg: DuelRecord, key: str, decision: dict) -> Appended:
        n = agg.keys[key]
        kind, stored = agg.duel.events[n - 1]
        clean = {k: v for k, v in decision.items() if v is not None}
        struck = agg.duel.struck_by(n)
        if struck is not None:
            raise IdempotencyKeyReuseError(f"Idempotency key {key!r} was used for the decision "
                                           f"at event {n}, which was retracted at event "
                                           f"{struck}: a retracted decision's key is never "
                                           "used again. Send the decision with a new key.")
        if stored != clean:
            raise IdempotencyKeyReuseError(f"Idempotency key {key!r} was already used for "
                                           f"another decision (event {n}).")
        end = n
        while end < len(agg.duel.events) and agg.duel.events[end][0] == "fact":
            end += 1
        events = [event_json(i, k, p) for i, (k, p) in
                  enumerate(_payloads(agg.duel.events[n - 1:end]), n)]
        return Appended(agg.id, agg.events_count, events, replayed=True)
